import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Fontkit from 'fontkit';
import type {} from 'pdfkit';
import { onFirstUse } from '../lazy';
import { woffToSfnt } from './woff';

/*
 * Server-made PDFs with Chinese text (printed bills, certificates, payslips). The font is Noto Sans SC
 * from @fontsource/noto-sans-sc (an npm package, so a fresh machine needs no system font): its
 * "chinese-simplified" subset draws the Chinese and its "latin" subset the digits and letters, so a
 * text is written in runs, each in the first face that has its characters. pdfkit embeds only the
 * glyphs used, so a one-page document stays small.
 */

export type Weight = 'regular' | 'bold';
const FACES = ['latin', 'chinese-simplified'] as const;
type Face = (typeof FACES)[number];

interface LoadedFace {
  name: string;
  data: Buffer;
  font: Fontkit.Font;
}

let faces: Record<Weight, LoadedFace[]> | null = null;

/** pdfkit, fontkit and the four font files (about 6 MB unpacked), loaded by the first PDF a process makes. */
const pdfLibrary = onFirstUse(async () => {
  const [{ default: PDFDocument }, fontkit] = await Promise.all([import('pdfkit'), import('fontkit')]);
  faces = readFaces(fontkit);
  return PDFDocument;
});

function loadFaces(): Record<Weight, LoadedFace[]> {
  if (!faces) throw new Error('createPdf() first');
  return faces;
}

function readFaces(fontkit: typeof Fontkit): Record<Weight, LoadedFace[]> {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@fontsource/noto-sans-sc/package.json')), 'files');
  const load = (face: Face, weight: Weight): LoadedFace => {
    const data = woffToSfnt(readFileSync(join(dir, `noto-sans-sc-${face}-${weight === 'bold' ? 700 : 400}-normal.woff`)));
    return { name: `${face}-${weight}`, data, font: fontkit.create(data) };
  };
  return {
    regular: FACES.map((f) => load(f, 'regular')),
    bold: FACES.map((f) => load(f, 'bold')),
  };
}

/** Splits a text into runs of one face each: the first face that draws the character, else the last. */
export function fontRuns(text: string, weight: Weight = 'regular'): Array<{ face: string; text: string }> {
  const list = loadFaces()[weight];
  const runs: Array<{ face: string; text: string }> = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const face = (list.find((f) => f.font.hasGlyphForCodePoint(cp)) ?? list[list.length - 1]) as LoadedFace;
    const last = runs[runs.length - 1];
    if (last && last.face === face.name) last.text += ch;
    else runs.push({ face: face.name, text: ch });
  }
  return runs;
}

export type Pdf = PDFKit.PDFDocument;
export type TextOptions = PDFKit.Mixins.TextOptions & { weight?: Weight; size?: number };

/** An A4 document with the faces registered. */
export async function createPdf(info: { title: string; author?: string }, margin = 56): Promise<Pdf> {
  const PDFDocument = await pdfLibrary();
  const doc = new PDFDocument({ size: 'A4', margin, info: { Title: info.title, Author: info.author ?? '', Producer: 'ERP' }, bufferPages: true });
  for (const list of Object.values(loadFaces())) for (const f of list) doc.registerFont(f.name, f.data);
  return doc;
}

/**
 * Writes a text at (x, y) or at the cursor, in runs of the faces that draw its characters; the options
 * are pdfkit's (width, align, lineGap…). Runs after the first continue the first's line and wrapping.
 */
export function text(doc: Pdf, value: string, opts: TextOptions & { x?: number; y?: number } = {}): Pdf {
  const { weight = 'regular', size, x, y, ...options } = opts;
  if (size) doc.fontSize(size);
  const runs = fontRuns(value === '' ? ' ' : value, weight);
  runs.forEach((run, i) => {
    doc.font(run.face);
    const more = i < runs.length - 1;
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, { ...options, continued: more });
    else doc.text(run.text, { ...options, continued: more });
  });
  return doc;
}

/** Width of a text in the current size, summed over its runs. */
export function textWidth(doc: Pdf, value: string, weight: Weight = 'regular'): number {
  let w = 0;
  for (const run of fontRuns(value, weight)) {
    doc.font(run.face);
    w += doc.widthOfString(run.text);
  }
  return w;
}

/** Adds "第 n 页 / 共 m 页" at the foot of every page (pages are buffered until then). */
export function numberPages(doc: Pdf): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const label = `第 ${i + 1} 页 / 共 ${range.count} 页`;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    text(doc, label, {
      x: doc.page.margins.left,
      y: doc.page.height - 36,
      width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
      align: 'center',
      size: 9,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Ends the document and answers its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
