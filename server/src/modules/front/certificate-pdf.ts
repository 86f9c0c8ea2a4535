import type { ProveDetail } from '@erp/contract';
import { formatFen } from '@erp/contract/money';
import { onFirstUse } from '../../platform/lazy';
import { createPdf, type Pdf, pdfBuffer, text, textWidth } from '../../platform/pdf/pdf-document';

const qrcode = onFirstUse(() => import('qrcode'));
const cn = (iso: string | null) => (iso ? `${iso.slice(0, 4)}年${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日` : '');
const RED = '#d4202a';

/** The company seal as the web draws it (company-seal.tsx): a red ring, the name along the arc, a star, 人事专用章. */
function drawSeal(doc: Pdf, name: string, cx: number, cy: number, r: number): void {
  doc.save();
  doc
    .opacity(0.85)
    .lineWidth(r * 0.06)
    .strokeColor(RED)
    .circle(cx, cy, r * 0.94)
    .stroke();
  const chars = [...name];
  const span = Math.min(240, chars.length * 22);
  const start = -90 - span / 2;
  const size = r * 0.2;
  doc.fillColor(RED);
  chars.forEach((c, i) => {
    const angle = start + (span / Math.max(1, chars.length - 1)) * i;
    const rad = (angle * Math.PI) / 180;
    const x = cx + r * 0.7 * Math.cos(rad);
    const y = cy + r * 0.7 * Math.sin(rad);
    doc.save();
    doc.rotate(angle + 90, { origin: [x, y] });
    doc.fontSize(size);
    const w = textWidth(doc, c, 'bold');
    text(doc, c, { x: x - w / 2, y: y - size / 2, lineBreak: false, weight: 'bold' });
    doc.restore();
  });
  const star = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => {
    const a = ((-90 + k * 36) * Math.PI) / 180;
    const rr = k % 2 === 0 ? r * 0.28 : r * 0.11;
    return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)] as [number, number];
  });
  doc.polygon(...star).fill(RED);
  doc.fontSize(r * 0.16);
  const label = '人事专用章';
  text(doc, label, { x: cx - textWidth(doc, label) / 2, y: cy + r * 0.52, lineBreak: false });
  doc.restore();
}

/** A QR code drawn as squares (vector, sharp when printed). */
async function drawQr(doc: Pdf, value: string, x: number, y: number, size: number): Promise<void> {
  const qr = (await qrcode()).create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  doc.save().fillColor('black');
  for (let row = 0; row < n; row++) for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  doc.fill().restore();
}

/**
 * The issued certificate as a PDF: the same words as the certificate view, the company seal, the
 * document number, the verification code and a QR code of the public verify page (`verifyUrl`).
 */
export async function certificatePdf(detail: ProveDetail, verifyUrl: string): Promise<Buffer> {
  const c = detail.content;
  if (!c) throw new Error('certificate not issued');
  const income = detail.certType === '002';
  const title = income ? '收入证明' : '在职证明';
  const doc = await createPdf({ title: `${title} ${detail.documentNo}`, author: c.companyName }, 72);
  const width = doc.page.width - 144;
  text(doc, title.split('').join('  '), { x: 72, y: 96, width, align: 'center', size: 22, weight: 'bold' });
  doc.moveDown(1.5);
  const body = `        兹证明 ${c.name}（身份证号：${c.idNoMasked || '—'}）自 ${cn(c.entryDate)} 起在我公司工作，现任 ${c.orgName} ${c.positionName}${
    income ? `，其近一年税前收入为人民币 ${c.annualIncome === null ? '—' : formatFen(c.annualIncome)} 元` : ''
  }。`;
  text(doc, body, { x: 72, width, size: 13, lineGap: 10 });
  doc.moveDown(0.8);
  text(doc, `        特此证明。本证明仅用于“${detail.purpose}”，有效期至 ${cn(c.validUntil)}。`, { x: 72, width, size: 13, lineGap: 10 });

  const footY = doc.y + 80;
  const rightX = doc.page.width - 72 - 200;
  drawSeal(doc, c.companyName, rightX + 100, footY - 10, 62);
  text(doc, c.companyName, { x: rightX, y: footY + 40, width: 200, align: 'center', size: 12 });
  text(doc, cn(c.issuedAt.slice(0, 10)), { x: rightX, y: footY + 60, width: 200, align: 'center', size: 12 });

  await drawQr(doc, verifyUrl, 72, footY - 40, 84);
  text(doc, `证明编号：${detail.documentNo}`, { x: 72, y: footY + 52, size: 9 });
  text(doc, `验证码：${c.verifyCode}`, { x: 72, y: footY + 66, size: 9, weight: 'bold' });
  text(doc, '扫码或在“证明验证”页面输入验证码核验真伪', { x: 72, y: footY + 80, size: 9 });
  return pdfBuffer(doc);
}
