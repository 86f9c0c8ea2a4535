import { onFirstUse } from '../lazy';

const pdfjs = onFirstUse(() => import('pdfjs-dist/legacy/build/pdf.mjs'));

/** The text of a PDF's first pages, line by line, through pdfjs-dist (legacy build: runs on Node without a canvas). */
export async function pdfText(data: Uint8Array, maxPages = 30): Promise<string> {
  const lib = await pdfjs();
  const doc = await lib.getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= Math.min(doc.numPages, maxPages); i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? `${it.str}${it.hasEOL ? '\n' : ''}` : '')).join(''));
    }
    return pages.join('\n');
  } finally {
    await doc.destroy();
  }
}
