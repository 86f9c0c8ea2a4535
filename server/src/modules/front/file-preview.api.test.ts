import type { FilePreview } from '@erp/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { docxOf, pdfOf } from '../recruit/resume-fixtures';

let s: TestServer;
let emp01 = '';
let emp02 = '';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function upload(name: string, bytes: Buffer, type: string, token = emp01): Promise<number> {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${token}` } });
  expect(res.code, JSON.stringify(res)).toBe('200');
  return (res.data as { id: number }).id;
}
const preview = (id: unknown, token = emp01) => s.post<FilePreview>('/file_api/file/fileUrl/previewContent', { id }, token);

beforeAll(async () => {
  s = await startTestServer();
  emp01 = await s.login('emp01');
  emp02 = await s.login('emp02');
});
afterAll(() => s.close());

describe('file preview (previewContent)', () => {
  it('converts an xlsx to a table and a docx to HTML, with scripts removed', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('工资表');
    sheet.addRow(['姓名', '金额', '备注']);
    sheet.addRow(['叶子豪', 12345.67, '<script>alert(1)</script>']);
    const xlsx = await upload('工资表.xlsx', Buffer.from(await book.xlsx.writeBuffer()), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const x = await preview(xlsx);
    expect(x.code, JSON.stringify(x)).toBe('200');
    expect(x.data.kind).toBe('html');
    expect(x.data.html).toContain('<td>叶子豪</td>');
    expect(x.data.html).toContain('12345.67');
    expect(x.data.html).not.toContain('<script');
    expect(x.data.html).toContain('&lt;script&gt;');

    const docx = await upload(
      '说明.docx',
      await docxOf(['入职须知', '请携带身份证原件']),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const d = await preview(docx);
    expect(d.data.kind).toBe('html');
    expect(d.data.html).toContain('请携带身份证原件');
  });

  it('answers a signed link for images and PDF', async () => {
    const pdf = await upload('合同.pdf', pdfOf(['劳动合同']), 'application/pdf');
    const p = await preview(pdf);
    expect(p.data.kind).toBe('pdf');
    expect(p.data.link?.url).toContain('/');
    const png = await upload('照片.png', PNG, 'image/png');
    expect((await preview(png)).data.kind).toBe('image');
  });

  it('refuses files of others and bad ids', async () => {
    const mine = await upload('私人.pdf', pdfOf(['x']), 'application/pdf');
    expect((await preview(mine, emp02)).status).toBeGreaterThanOrEqual(403);
    expect((await preview('abc')).status).toBe(400);
    expect((await preview(99999999)).status).toBe(404);
  });
});
