import { amountInWords, formatFen } from '@erp/contract';
import { seededRandom } from '../../../db/seed/names';
import { Canvas, rgb } from '../../../platform/raster/canvas';
import { drawText, drawTextOnArc, loadFonts, type TextStyle, textWidth } from '../../../platform/raster/text';

/*
 * The picture of an invoice as an employee photographs it for the folder: a VAT invoice (专用 /
 * 普通 / 电子, and the e-tickets of rail and air travel in the same form) or a taxi receipt, drawn
 * from the invoice's own fields so the photo agrees with what the folder lists. Used by the demo
 * data (reimburse.photos.ts); every detail not in the record (tax ids, cipher, plate, times) is
 * derived from the invoice number, so the same invoice always gives the same bytes.
 */

export interface InvoicePicture {
  kind: string;
  invoiceCode: string | null;
  invoiceNo: string;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  seller: string;
  buyer: string;
  /** The line's goods or service, e.g. `*住宿服务*住宿费`. */
  item: string;
  amountExclTax: number;
  tax: number;
  total: number;
  remark?: string | null;
}

const MAROON = rgb('#9a4a2b');
const INK = rgb('#1d2740');
const RED = rgb('#d8332c');
const PAPER = rgb('#fffdf5');
const DESK = rgb('#d9d5cc');
const SHADOW = rgb('#c3bfb5');

/** Number of pseudo-random draws per invoice number (the same number → the same picture). */
function randomOf(key: string): () => number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return seededRandom(h >>> 0);
}

const pick = (rand: () => number, chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(rand() * chars.length)]).join('');
const taxId = (rand: () => number) => `91310${pick(rand, '0123456789', 3)}${pick(rand, '0123456789ABCDEFGHJKLMNPQRTUWXY', 10)}`;
const yuan = (fen: number) => formatFen(fen);
const chineseDate = (d: string) => `${d.slice(0, 4)}年${d.slice(5, 7)}月${d.slice(8, 10)}日`;

/** The rate printed: the nearest of the VAT rates to tax ÷ amount; 免税 for none. */
function rateText(excl: number, tax: number): string {
  if (!tax) return '免税';
  const exact = (tax / excl) * 100;
  const rate = [1, 3, 5, 6, 9, 13].reduce((best, r) => (Math.abs(r - exact) < Math.abs(best - exact) ? r : best), 6);
  return `${rate}%`;
}

function titleOf(p: InvoicePicture): string {
  const city = ['上海', '北京', '广州', '深圳'].find((c) => p.seller.includes(c)) ?? '';
  if (p.kind === '001') return `${city}增值税专用发票`;
  if (p.kind === '002') return `${city}增值税普通发票`;
  if (p.kind === '004') return p.seller.includes('航空') ? '电子发票（航空运输电子客票行程单）' : '电子发票（铁路电子客票）';
  return '电子发票（普通发票）';
}

/** A seal: a red ring, the company along its top, a tax id across and the seal's purpose below. */
function seal(c: Canvas, cx: number, cy: number, rx: number, ry: number, company: string, middle: string, bottom: string, alpha: number) {
  c.ellipseRing(cx, cy, rx, ry, 2.4, RED, alpha);
  const size = Math.max(8, Math.min(13, Math.floor((Math.PI * rx * 1.2) / Math.max(6, company.length))));
  // From lower left over the top to lower right, as seals are cut.
  drawTextOnArc(c, company, [cx, cy], [rx - size - 4, ry - size - 4], Math.PI * 0.82, Math.PI * 2.18, { size, color: RED, alpha });
  drawText(c, middle, cx, cy + 4, { size: 8, color: RED, align: 'center', alpha });
  drawText(c, bottom, cx, cy + ry * 0.62, { size: 11, color: RED, align: 'center', alpha, weight: 'bold' });
}

function paper(width: number, height: number, margin: number): { c: Canvas; x: number; y: number; w: number; h: number } {
  const c = new Canvas(width, height, DESK);
  const w = width - margin * 2;
  const h = height - margin * 2;
  c.fillRect(margin + 4, margin + 5, w, h, SHADOW);
  c.fillRect(margin, margin, w, h, PAPER);
  return { c, x: margin, y: margin, w, h };
}

/** A column of characters (the 购买方 / 销售方 / 密码区 labels of a VAT form). */
function vertical(c: Canvas, text: string, x: number, top: number, bottom: number, style: TextStyle) {
  const chars = [...text];
  const step = (bottom - top) / chars.length;
  for (const [i, ch] of chars.entries()) drawText(c, ch, x, top + step * i + step / 2 + style.size / 2 - 1, { ...style, align: 'center' });
}

function vatInvoice(p: InvoicePicture): Buffer {
  const rand = randomOf(p.invoiceNo);
  const { c, x: X, y: Y } = paper(800, 500, 22);
  const label: TextStyle = { size: 11, color: MAROON };
  const value: TextStyle = { size: 11, color: INK };
  // Printed values sit a little off the form's grid, as from an office printer.
  const dx = 1 + Math.floor(rand() * 3);
  const dy = Math.floor(rand() * 3) - 1;

  // Head: QR code place, title with its double rule, the supervising seal, number block.
  for (let i = 0; i < 21; i++)
    for (let j = 0; j < 21; j++) {
      const finder = (a: number, b: number) => a < 7 && b < 7 && (a === 0 || a === 6 || b === 0 || b === 6 || (a > 1 && a < 5 && b > 1 && b < 5));
      const on = finder(i, j) || finder(20 - i, j) || finder(i, 20 - j) ? true : i > 7 || j > 7 ? rand() < 0.5 : false;
      const blank = (i < 8 && j < 8) || (i > 12 && j < 8) || (i < 8 && j > 12);
      if (on && (!blank || finder(i, j) || finder(20 - i, j) || finder(i, 20 - j))) c.fillRect(X + 22 + j * 3, Y + 14 + i * 3, 3, 3, INK);
    }
  const title = titleOf(p);
  const titleSize = title.length > 12 ? 18 : 24;
  const tw = drawText(c, title, 400, Y + 50, { size: titleSize, color: MAROON, weight: 'bold', align: 'center', spacing: title.length > 12 ? 1 : 4 });
  c.hline(400 - tw / 2 - 6, 400 + tw / 2 + 6, Y + 58, MAROON, 1);
  c.hline(400 - tw / 2 - 6, 400 + tw / 2 + 6, Y + 61, MAROON, 1);
  if (p.kind === '001' || p.kind === '002') seal(c, 400, Y + 36, 46, 30, '全国统一发票监制章', '国家税务总局', '上海市税务局', 0.35);
  const right = X + 560;
  const head: Array<[string, string]> = [
    ['发票代码：', p.invoiceCode ?? ''],
    ['发票号码：', p.invoiceNo],
    ['开票日期：', chineseDate(p.invoiceDate)],
    ['校 验 码：', `${pick(rand, '0123456789', 5)} ${pick(rand, '0123456789', 5)} ${pick(rand, '0123456789', 5)} ${pick(rand, '0123456789', 5)}`],
  ].filter(([, v]) => v) as Array<[string, string]>;
  head.forEach(([l, v], i) => {
    const y = Y + 24 + i * 16;
    drawText(c, l, right, y, label);
    drawText(c, v, right + 60 + dx, y + dy, { ...value, size: l.startsWith('校') ? 9 : 11 });
  });

  // The form: buyer, lines, total in words, seller.
  const L = X + 14;
  const R = X + 742;
  const rows = [Y + 92, Y + 168, Y + 300, Y + 330, Y + 406];
  c.strokeRect(L, rows[0] as number, R - L, (rows[4] as number) - (rows[0] as number), MAROON, 2);
  for (const y of rows.slice(1, 4)) c.hline(L, R, y as number, MAROON);
  const party = (top: number, bottom: number, who: string, name: string, id: string) => {
    c.vline(L + 24, top, bottom, MAROON);
    vertical(c, who, L + 12, top + 4, bottom - 4, label);
    const lines: Array<[string, string]> = [
      ['名　　　　称：', name],
      ['纳税人识别号：', id],
      ['地 址、电 话：', who === '购买方' ? '上海市浦东新区世纪大道100号 021-58880000' : ''],
      ['开户行及账号：', who === '购买方' ? `招商银行上海分行 1219${pick(rand, '0123456789', 12)}` : ''],
    ];
    lines.forEach(([l, v], i) => {
      const y = top + 17 + i * 17;
      drawText(c, l, L + 32, y, label);
      if (v) drawText(c, v, L + 118 + dx, y + dy, value);
    });
  };
  party(rows[0] as number, rows[1] as number, '购买方', p.buyer, taxId(randomOf(p.buyer)));
  const cipherX = L + 470;
  c.vline(cipherX, rows[0] as number, rows[1] as number, MAROON);
  c.vline(cipherX + 24, rows[0] as number, rows[1] as number, MAROON);
  vertical(c, '密码区', cipherX + 12, (rows[0] as number) + 4, (rows[1] as number) - 4, label);
  for (let i = 0; i < 4; i++) drawText(c, pick(rand, '0123456789+-*/<>', 27), cipherX + 32, (rows[0] as number) + 18 + i * 17, { size: 10, color: INK });

  const cols = [L, L + 210, L + 290, L + 335, L + 395, L + 480, L + 580, L + 630, R];
  const heads = ['货物或应税劳务、服务名称', '规格型号', '单位', '数量', '单价', '金额', '税率', '税额'];
  const itemsTop = rows[1] as number;
  const sumTop = (rows[2] as number) - 24;
  for (const x of cols.slice(1, -1)) c.vline(x as number, itemsTop, sumTop, MAROON);
  for (const [i, h] of heads.entries()) drawText(c, h, ((cols[i] as number) + (cols[i + 1] as number)) / 2, itemsTop + 16, { ...label, align: 'center' });
  c.hline(L, R, sumTop, MAROON);
  const rate = rateText(p.amountExclTax, p.tax);
  const unitText = p.item.includes('住宿') ? '天' : p.item.includes('运输') ? '张' : '次';
  const cells = [p.item, '', unitText, '1', yuan(p.amountExclTax), yuan(p.amountExclTax), rate, p.tax ? yuan(p.tax) : '***'];
  cells.forEach((v, i) => {
    if (!v) return;
    const leftAligned = i === 0;
    const x = leftAligned ? (cols[0] as number) + 8 : i >= 4 ? (cols[i + 1] as number) - 6 : ((cols[i] as number) + (cols[i + 1] as number)) / 2;
    drawText(c, v, x + dx, itemsTop + 40 + dy, { ...value, align: leftAligned ? 'left' : i >= 4 ? 'right' : 'center' });
  });
  drawText(c, '合　　计', ((cols[0] as number) + (cols[1] as number)) / 2, sumTop + 17, { ...label, align: 'center' });
  drawText(c, `¥${yuan(p.amountExclTax)}`, (cols[6] as number) - 6 + dx, sumTop + 17 + dy, { ...value, align: 'right' });
  drawText(c, p.tax ? `¥${yuan(p.tax)}` : '***', R - 6 + dx, sumTop + 17 + dy, { ...value, align: 'right' });

  const wordsY = (rows[2] as number) + 20;
  drawText(c, '价税合计（大写）', L + 10, wordsY, label);
  c.vline(L + 118, rows[2] as number, rows[3] as number, MAROON);
  // The circled cross printed before the amount in words (no glyph for it in the font).
  c.ellipseRing(L + 138 + dx, wordsY - 4 + dy, 6, 6, 1.2, INK);
  drawText(c, '×', L + 138 + dx, wordsY + dy, { ...value, size: 10, align: 'center' });
  drawText(c, amountInWords(p.total), L + 150 + dx, wordsY + dy, { ...value, size: 12 });
  drawText(c, '（小写）', L + 520, wordsY, label);
  drawText(c, `¥${yuan(p.total)}`, L + 570 + dx, wordsY + dy, { ...value, size: 12 });

  const sellerId = taxId(randomOf(p.seller));
  party(rows[3] as number, rows[4] as number, '销售方', p.seller, sellerId);
  c.vline(cipherX, rows[3] as number, rows[4] as number, MAROON);
  c.vline(cipherX + 24, rows[3] as number, rows[4] as number, MAROON);
  vertical(c, '备注', cipherX + 12, (rows[3] as number) + 4, (rows[4] as number) - 4, label);
  if (p.remark) drawText(c, p.remark.slice(0, 18), cipherX + 34 + dx, (rows[3] as number) + 20 + dy, value);

  const foot = (rows[4] as number) + 22;
  const clerk = ['王丽', '陈静', '李娜', '张敏', '刘洋'][Math.floor(rand() * 5)] as string;
  (
    [
      ['收款人：', clerk, L + 10],
      ['复核：', '周强', L + 200],
      ['开票人：', clerk, L + 370],
      ['销售方：（章）', '', L + 560],
    ] as Array<[string, string, number]>
  ).forEach(([l, v, x]) => {
    const w = drawText(c, l, x, foot, label);
    if (v) drawText(c, v, x + w + 4 + dx, foot + dy, value);
  });
  seal(c, L + 636, (rows[3] as number) + 36, 70, 46, p.seller, sellerId, '发票专用章', 0.78);
  return c.png();
}

function taxiReceipt(p: InvoicePicture): Buffer {
  const rand = randomOf(p.invoiceNo);
  const { c, x: X, y: Y, w: W } = paper(380, 560, 30);
  const mid = X + W / 2;
  const city = ['上海', '北京', '广州', '深圳'].find((ct) => p.seller.includes(ct)) ?? '上海';
  drawText(c, `${city}市出租汽车统一发票`, mid, Y + 36, { size: 17, color: MAROON, weight: 'bold', align: 'center' });
  drawText(c, '发 票 联', mid, Y + 58, { size: 12, color: MAROON, align: 'center', spacing: 2 });
  const start = 8 * 60 + Math.floor(rand() * 13 * 60);
  const minutes = 12 + Math.floor(rand() * 30);
  const time = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const km = (p.total / 100 / 2.8).toFixed(1);
  const rows: Array<[string, string]> = [
    ['发票代码', p.invoiceCode ?? `131002${pick(rand, '0123456789', 6)}`],
    ['发票号码', p.invoiceNo.slice(-8)],
    ['监督电话', '12328'],
    ['车　　号', `沪${pick(rand, 'ABDEF', 1)}·${pick(rand, '0123456789', 1)}${pick(rand, 'DFGHJK', 1)}${pick(rand, '0123456789', 3)}`],
    ['证　　号', pick(rand, '0123456789', 6)],
    ['日　　期', p.invoiceDate],
    ['上　　车', time(start)],
    ['下　　车', time(start + minutes)],
    ['单　　价', '2.80元/公里'],
    ['里　　程', `${km}公里`],
    ['等候时间', `00:0${Math.floor(rand() * 9)}:${String(Math.floor(rand() * 60)).padStart(2, '0')}`],
  ];
  const top = Y + 90;
  c.hline(X + 18, X + W - 18, top - 14, MAROON);
  rows.forEach(([l, v], i) => {
    const y = top + 8 + i * 28;
    drawText(c, l, X + 30, y, { size: 13, color: MAROON });
    drawText(c, v, X + W - 30, y + 1, { size: 14, color: INK, align: 'right' });
  });
  const amountY = top + 8 + rows.length * 28 + 12;
  c.hline(X + 18, X + W - 18, amountY - 22, MAROON);
  drawText(c, '金　　额', X + 30, amountY, { size: 14, color: MAROON, weight: 'bold' });
  drawText(c, `¥${yuan(p.total)}元`, X + W - 30, amountY + 1, { size: 17, color: INK, weight: 'bold', align: 'right' });
  drawText(c, p.seller, mid, amountY + 34, { size: 11, color: INK, align: 'center' });
  const tw = textWidth('乘车后请索取发票 谢谢合作', 10);
  drawText(c, '乘车后请索取发票 谢谢合作', mid - tw / 2, amountY + 56, { size: 10, color: MAROON });
  return c.png();
}

/** The invoice's photo as a PNG (VAT forms 800 × 500, taxi receipts 380 × 560; 20–60 KB). */
export async function invoicePng(p: InvoicePicture): Promise<Buffer> {
  await loadFonts();
  return p.kind === '005' ? taxiReceipt(p) : vatInvoice(p);
}
