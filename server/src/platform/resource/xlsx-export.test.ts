import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutralise, restoreNeutralised, safeRow, workbookBuffer } from './xlsx-export';

describe('exported cells cannot become formulas (issue 34)', () => {
  it("prefixes a text starting with = + - @ tab or CR with '", () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1+cmd|/C calc!A0', '-2+3+cmd', '@SUM(A1:A2)', '\t=1', '\r=1', '=1', '-', '+86 138 0000 0000'])
      expect(neutralise(text)).toBe(`'${text}`);
  });

  it('leaves numbers, plain numbers written as text, other texts and empty cells alone', () => {
    expect(safeRow([-12.5, 0, null, '', '张三', "'=1", ' =1', 'a=b', '-12.50', '+8613800000000', '-1,234.00'])).toEqual([
      -12.5,
      0,
      null,
      '',
      '张三',
      "'=1",
      ' =1',
      'a=b',
      '-12.50',
      '+8613800000000',
      '-1,234.00',
    ]);
    const date = new Date();
    expect(neutralise(date)).toBe(date);
  });

  it('reads back on import as it was saved', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '-2+3', '@a', "'plain", '张三']) expect(restoreNeutralised(neutralise(text) as string)).toBe(text);
  });

  it('is applied to the in-memory workbooks (templates, error reports, reports): header and rows', async () => {
    const buffer = await workbookBuffer('报告', ['=cmd', '金额'], [['@SUM(A1)', -5]]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('A1').value).toBe("'=cmd");
    expect(sheet.getCell('A2').value).toBe("'@SUM(A1)");
    expect(sheet.getCell('B2').value).toBe(-5);
  });
});
