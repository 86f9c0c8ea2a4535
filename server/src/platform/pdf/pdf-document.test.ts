import { describe, expect, it } from 'vitest';
import { createPdf, fontRuns, numberPages, pdfBuffer, text } from './pdf-document';
import { drawTable } from './pdf-table';
import { pdfText } from './pdf-text';

describe('server-made PDFs with Chinese text', () => {
  it('writes Chinese, digits and letters in the faces that draw them, and reads back as text', async () => {
    const doc = await createPdf({ title: '测试' });
    text(doc, '结算单 JS2026000123：贰万叁仟零玖拾陆元贰角柒分', { size: 14, weight: 'bold' });
    drawTable(
      doc,
      [
        { title: '人员', width: 1 },
        { title: '含税金额', width: 1, align: 'right' },
      ],
      Array.from({ length: 50 }, (_, i) => [`员工${i + 1}`, '23,096.27']),
    );
    numberPages(doc);
    const pdf = await pdfBuffer(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const content = await pdfText(pdf);
    expect(content).toContain('贰万叁仟零玖拾陆元贰角柒分');
    expect(content).toContain('JS2026000123');
    // 50 rows take two pages: the header is repeated and every page is numbered (pdf.js drops the spaces).
    expect(content.replace(/ /g, '')).toContain('第2页/共2页');
    expect(content.match(/含税金额/g)?.length).toBe(2);
    expect(content).toContain('员工50');
  });

  it('splits a text into runs of one face each', async () => {
    await createPdf({ title: 'x' });
    expect(fontRuns('合计 12.5 元').map((r) => [r.face, r.text])).toEqual([
      ['chinese-simplified-regular', '合计'],
      ['latin-regular', ' 12.5 '],
      ['chinese-simplified-regular', '元'],
    ]);
  });
});
