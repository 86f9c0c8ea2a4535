import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PaySlipDetail } from '@erp/contract';
import { onFirstUse } from '../../platform/lazy';

/**
 * A payslip as a PDF (pdfkit), in Noto Sans SC from @fontsource/noto-sans-sc. That package cuts the
 * font into slices by unicode range (as browsers load it); pdfkit embeds one font per run of text,
 * so each string is split into runs of characters of the same slice, and each slice's file is
 * registered once. Only the glyphs used are embedded (pdfkit subsets), so a payslip stays small.
 */

interface Slice {
  name: string;
  file: string;
  ranges: Array<[number, number]>;
}

const fontSlices = onFirstUse(async (): Promise<Slice[]> => {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));
  const css = fs.readFileSync(path.join(dir, '400.css'), 'utf8');
  const slices: Slice[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    // The WOFF file of the slice: pdfkit's fontkit reads WOFF (and WOFF2), the package ships both.
    const url = /url\(\.\/files\/([^)]+?\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!url || !range) continue;
    const ranges = range.split(',').map((r): [number, number] => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(a as string, 16), Number.parseInt((b ?? a) as string, 16)];
    });
    slices.push({ name: `nsc${slices.length}`, file: path.join(dir, 'files', url), ranges });
  }
  if (!slices.length) throw new Error('@fontsource/noto-sans-sc: no font slices found');
  return slices;
});

function sliceOf(slices: Slice[], cp: number): Slice | undefined {
  return slices.find((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b));
}

type Doc = PDFKit.PDFDocument;

/** Writes a string at (x, y) in runs of one font slice each. */
function write(doc: Doc, slices: Slice[], used: Set<string>, text: string, x: number, y: number, opts: { width?: number; align?: 'left' | 'right' } = {}) {
  const runs: Array<{ slice: Slice; text: string }> = [];
  for (const ch of text) {
    const slice = sliceOf(slices, ch.codePointAt(0) as number) ?? (slices[0] as Slice);
    const last = runs.at(-1);
    if (last && last.slice === slice) last.text += ch;
    else runs.push({ slice, text: ch });
  }
  const font = (s: Slice) => {
    if (!used.has(s.name)) {
      doc.registerFont(s.name, s.file);
      used.add(s.name);
    }
    doc.font(s.name);
  };
  let left = x;
  if (opts.align === 'right' && opts.width) {
    let width = 0;
    for (const r of runs) {
      font(r.slice);
      width += doc.widthOfString(r.text);
    }
    left = x + opts.width - width;
  }
  for (const r of runs) {
    font(r.slice);
    doc.text(r.text, left, y, { lineBreak: false });
    left += doc.widthOfString(r.text);
  }
}

const yuan = (fen: number) => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};

export async function payslipPdf(slip: PaySlipDetail, company = '工资条'): Promise<Buffer> {
  const slices = await fontSlices();
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${slip.month} 工资条`, Author: company } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const used = new Set<string>();
  const month = `${Math.floor(slip.month / 100)}年${slip.month % 100}月`;
  doc.fontSize(18);
  write(doc, slices, used, `${month} 工资条`, 48, 48);
  doc.fontSize(10).fillColor('#555');
  write(doc, slices, used, `${slip.realName}（${slip.userCode}）  ${slip.orgName ?? ''}  本年第${slip.taxMonth}个计税月`, 48, 78);
  doc.fillColor('#000');
  let y = 110;
  const rowLine = (label: string, amount: string, formula: string, strong = false) => {
    doc.fontSize(strong ? 12 : 10);
    write(doc, slices, used, label, 48, y);
    write(doc, slices, used, amount, 200, y, { width: 100, align: 'right' });
    if (formula) {
      doc.fontSize(8).fillColor('#666');
      const lines = wrap(formula, 52);
      for (const [i, l] of lines.entries()) write(doc, slices, used, l, 320, y + i * 11);
      doc.fillColor('#000');
      y += Math.max(18, lines.length * 11 + 6);
    } else y += 18;
    doc
      .moveTo(48, y - 4)
      .lineTo(547, y - 4)
      .strokeColor('#eee')
      .stroke();
  };
  for (const l of slip.lines) {
    if (l.code === 'net' || l.code === 'gross') rowLine(l.label, yuan(l.amount), l.formula, true);
    else rowLine(l.label, l.amount ? yuan(l.amount) : '', l.formula);
    if (y > 760) {
      doc.addPage();
      y = 48;
    }
  }
  y += 10;
  doc.fontSize(9).fillColor('#444');
  write(doc, slices, used, `累计收入 ${yuan(slip.cumIncome)}  累计应纳税所得额 ${yuan(slip.cumTaxable)}  累计已预扣个税 ${yuan(slip.cumTax)}`, 48, y);
  write(doc, slices, used, '本工资条仅供本人查阅，请妥善保管。', 48, y + 16);
  doc.end();
  return done;
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
