import type { PaySlipDetail } from '@erp/contract';
import { createPdf, pdfBuffer, text } from '../../platform/pdf/pdf-document';

/** A payslip as a PDF, through the shared PDF writer (server/src/platform/pdf: Noto Sans SC from npm, text in runs of the face that draws it). */

const yuan = (fen: number) => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};

export async function payslipPdf(slip: PaySlipDetail, company = '工资条'): Promise<Buffer> {
  const doc = await createPdf({ title: `${slip.month} 工资条`, author: company }, 48);
  const at = (value: string, x: number, y: number, opts: { size: number; width?: number; align?: 'left' | 'right'; bold?: boolean }) =>
    text(doc, value, { x, y, size: opts.size, width: opts.width, align: opts.align, lineBreak: false, weight: opts.bold ? 'bold' : 'regular' });
  const month = `${Math.floor(slip.month / 100)}年${slip.month % 100}月`;
  at(`${month} 工资条`, 48, 48, { size: 18, bold: true });
  doc.fillColor('#555');
  at(`${slip.realName}（${slip.userCode}）  ${slip.orgName ?? ''}  本年第${slip.taxMonth}个计税月`, 48, 78, { size: 10 });
  doc.fillColor('#000');
  let y = 110;
  const rowLine = (label: string, amount: string, formula: string, strong = false) => {
    const size = strong ? 12 : 10;
    at(label, 48, y, { size, bold: strong });
    if (amount) at(amount, 200, y, { size, width: 100, align: 'right', bold: strong });
    if (formula) {
      doc.fillColor('#666');
      const lines = wrap(formula, 52);
      for (const [i, l] of lines.entries()) at(l, 320, y + i * 11, { size: 8 });
      doc.fillColor('#000');
      y += Math.max(18, lines.length * 11 + 6);
    } else y += 18;
    doc
      .moveTo(48, y - 4)
      .lineTo(547, y - 4)
      .strokeColor('#eee')
      .stroke();
  };
  let employerHeading = false;
  for (const l of slip.lines) {
    if (l.code.startsWith('employer') && !employerHeading) {
      // The employer's part follows net: information, not part of the pay.
      employerHeading = true;
      y += 6;
      at('单位缴纳（公司承担，不从工资中扣除）', 48, y, { size: 10, bold: true });
      y += 18;
    }
    if (l.code === 'net' || l.code === 'gross') rowLine(l.label, yuan(l.amount), l.formula, true);
    else rowLine(l.label, l.amount ? yuan(l.amount) : '', l.formula);
    if (y > 760) {
      doc.addPage();
      y = 48;
    }
  }
  y += 10;
  doc.fillColor('#444');
  at(`累计收入 ${yuan(slip.cumIncome)}  累计应纳税所得额 ${yuan(slip.cumTaxable)}  累计已预扣个税 ${yuan(slip.cumTax)}`, 48, y, { size: 9 });
  at('本工资条仅供本人查阅，请妥善保管。', 48, y + 16, { size: 9 });
  return pdfBuffer(doc);
}

/** Splits a formula into lines of at most `max` characters (the PDF has no layout engine for mixed fonts). */
function wrap(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    out.push(rest.slice(0, max));
    rest = rest.slice(max);
  }
  if (rest) out.push(rest);
  return out;
}
