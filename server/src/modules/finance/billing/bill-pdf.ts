import type { BillDetail } from '@erp/contract/modules/finance-billing';
import { formatFen } from '@erp/contract/money';
import { createPdf, numberPages, pdfBuffer, text } from '../../../platform/pdf/pdf-document';
import { drawTable } from '../../../platform/pdf/pdf-table';

const TYPE_TITLE: Record<string, string> = { '001': '项目结算单', '002': 'RPO结算单', '003': '其他结算单' };
const monthText = (m: number) => `${Math.floor(m / 100)}年${String(m % 100).padStart(2, '0')}月`;

/**
 * The printed bill as a PDF, laid out as the print page (/Settlement/BillPrint): our company's header,
 * the lines, totals in figures and in Chinese capitals, signature lines, page numbers.
 */
export async function billPdf(d: BillDetail): Promise<Buffer> {
  const title = TYPE_TITLE[d.billType] ?? '结算单';
  const doc = await createPdf({ title: `${title} ${d.billNo ?? ''}`.trim(), author: d.settleOrgName ?? '' }, 48);
  const width = doc.page.width - 96;
  text(doc, d.settleOrgName ?? '', { x: 48, y: 48, width, align: 'center', size: 16, weight: 'bold' });
  doc.moveDown(0.3);
  text(doc, title, { width, align: 'center', size: 13, weight: 'bold' });
  doc.moveDown(0.8);
  text(doc, `单号：${d.billNo ?? '—'}    结算月份：${monthText(d.month)}    税率：${d.taxRateBp / 100}%`, { size: 10 });
  doc.moveDown(0.2);
  text(doc, `甲方（客户）：${d.clientName ?? ''}    项目：${d.projectName ?? ''}`, { size: 10 });
  doc.moveDown(0.8);
  drawTable(
    doc,
    [
      { title: '序号', width: 5, align: 'center' },
      { title: '人员', width: 10 },
      { title: '结算内容', width: 24 },
      { title: '数量', width: 9, align: 'right' },
      { title: '单价（元）', width: 12, align: 'right' },
      { title: '不含税金额', width: 14, align: 'right' },
      { title: '税额', width: 12, align: 'right' },
      { title: '含税金额', width: 14, align: 'right' },
    ],
    d.lines.map((l) => [
      String(l.lineNo),
      l.personName ?? '',
      l.description,
      (l.quantityX100 / 100).toFixed(2),
      formatFen(l.unitPrice),
      formatFen(l.amountExcl),
      formatFen(l.taxAmount),
      formatFen(l.amountIncl),
    ]),
    { footer: [['', '合计', '', '', '', formatFen(d.amountExcl), formatFen(d.taxAmount), formatFen(d.amountIncl)]] },
  );
  text(doc, `含税合计（大写）：${d.amountInWords}`, { size: 10, weight: 'bold' });
  doc.moveDown(2);
  text(doc, '制单：                项目经理：                财务审核：                甲方确认（盖章）：', { size: 10 });
  if (d.serialNumber) {
    doc.moveDown(1);
    text(doc, `电子签章流水号：${d.serialNumber}`, { size: 9 });
  }
  numberPages(doc);
  return pdfBuffer(doc);
}
