import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from './xlsx-read';
import { bombs, zeros, zipOf } from './zip-bomb.fixture';
import { checkZip, ZIP_BOUNDS, ZipBoundsError } from './zip-bounds';

const TOO_LARGE = '文件解压后过大，无法导入（上限 50 MB）';

/** The refusal's message (times are for the bench, not for assertions: CI machines vary). */
async function refusal(run: () => Promise<unknown>): Promise<{ message: string }> {
  const err = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ZipBoundsError);
  return { message: (err as ZipBoundsError).message };
}

async function workbook(edit?: (sheetXml: string) => string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('员工').addRows([
    ['姓名', '工号'],
    ['张三', 'E001'],
  ]);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  if (!edit) return buffer;
  const zip = await JSZip.loadAsync(buffer);
  const name = 'xl/worksheets/sheet1.xml';
  zip.file(name, edit((await zip.file(name)?.async('string')) ?? ''));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
const withMerge = (ref: string) => (xml: string) => xml.replace('</sheetData>', `</sheetData><mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`);
const withList = (sqref: string) => (xml: string) =>
  xml.replace(
    '</sheetData>',
    `</sheetData><dataValidations count="1"><dataValidation type="list" sqref="${sqref}"><formula1>"是,否"</formula1></dataValidation></dataValidations>`,
  );

describe('zip bounds (issue 34)', () => {
  it('lets a workbook through and reads it', async () => {
    const book = await readWorkbook(await workbook(), '导入');
    expect(book.worksheets[0]?.getRow(2).getCell(1).value).toBe('张三');
    await expect(checkZip(zipOf([{ name: 'a.txt', data: Buffer.from('hello'), declared: 5, stored: true }]), { action: '导入' })).resolves.toBeUndefined();
  });

  it('refuses a zip whose directory declares 2 GiB without inflating a byte', async () => {
    const { message } = await refusal(() => checkZip(bombs.declared(), { action: '导入' }));
    expect(message).toBe(TOO_LARGE);
  });

  it('refuses a zip whose directory lies, counting what is actually inflated', async () => {
    const { message } = await refusal(() => checkZip(bombs.lying(), { action: '导入' }));
    expect(message).toBe(TOO_LARGE);
  });

  it('refuses too many entries, from the directory and from the reader', async () => {
    const { message } = await refusal(() => checkZip(bombs.entries(), { action: '导入' }));
    expect(message).toBe(`文件包含的条目过多，无法导入（上限 ${ZIP_BOUNDS.entries} 个）`);
    const three = zipOf(['a', 'b', 'c'].map((name) => ({ name, data: Buffer.alloc(0), declared: 0, stored: true })));
    await expect(checkZip(three, { action: '导入', bounds: { bytes: 1024, entries: 3 } })).resolves.toBeUndefined();
    expect((await refusal(() => checkZip(three, { action: '预览', bounds: { bytes: 1024, entries: 2 } }))).message).toBe(
      '文件包含的条目过多，无法预览（上限 2 个）',
    );
  });

  it('holds the byte bound to the byte, declared or inflated', async () => {
    const mib = 1024 * 1024;
    const honest = zipOf([{ name: 'a.bin', data: zeros(2), declared: 2 * mib }]);
    await expect(checkZip(honest, { action: '导入', bounds: { bytes: 2 * mib, entries: 10 } })).resolves.toBeUndefined();
    await refusal(() => checkZip(honest, { action: '导入', bounds: { bytes: 2 * mib - 1, entries: 10 } }));
    const lying = zipOf([{ name: 'a.bin', data: zeros(2), declared: 1 }]);
    expect((await refusal(() => checkZip(lying, { action: '读取', bounds: { bytes: 2 * mib - 1, entries: 10 } }))).message).toBe(
      '文件解压后过大，无法读取（上限 2 MB）',
    );
  });

  it('refuses sheets that would make exceljs build millions of cells from a few bytes', async () => {
    // One merge over the whole sheet: 17 billion cells to exceljs, in a 6 KB file.
    const merged = await refusal(async () => readWorkbook(await workbook(withMerge('A1:XFD1048576')), '导入'));
    expect(merged.message).toBe('表格过大（上限 100000 行、300000 个单元格），无法导入');
    expect((await refusal(async () => readWorkbook(await workbook(withList('A1:XFD1048576')), '预览'))).message).toBe(
      '表格中的数据验证范围过大（上限 1100000 个单元格），无法预览',
    );
    const many = await workbook((xml) =>
      xml.replace(
        '</sheetData>',
        `</sheetData><mergeCells>${Array.from({ length: 5001 }, (_, i) => `<mergeCell ref="A${i * 2 + 3}:B${i * 2 + 3}"/>`).join('')}</mergeCells>`,
      ),
    );
    expect((await refusal(() => readWorkbook(many, '导入'))).message).toBe('表格中的合并单元格过多（上限 5000 处），无法导入');
    const empty = await workbook((xml) => xml.replace('</sheetData>', `${Array.from({ length: 200 }, (_, i) => `<row r="${i + 3}"/>`).join('')}</sheetData>`));
    const rows = await refusal(() => readWorkbook(empty, '导入', { sheet: { rows: 100, cells: 1000, merges: 10, validated: 10 } }));
    expect(rows.message).toBe('表格过大（上限 100 行、1000 个单元格），无法导入');
  });

  it('lets ordinary merges and a whole-column list through', async () => {
    const book = await readWorkbook(await workbook((xml) => withList('D2:D1048576')(withMerge('A1:B1')(xml))), '导入');
    expect(book.worksheets[0]?.getCell('B1').isMerged).toBe(true);
  });
});
