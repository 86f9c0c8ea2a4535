import { type Pdf, text, textWidth } from './pdf-document';

export interface PdfColumn {
  title: string;
  /** Share of the table's width (the widths are scaled to fill it). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

const PAD = 4;

/**
 * A ruled table from the cursor down, one line per cell (long text is cut with "…" so every row keeps
 * its height); a row that does not fit starts a new page that repeats the header. `footer` rows are
 * bold. Leaves the cursor under the table.
 */
export function drawTable(doc: Pdf, columns: PdfColumn[], rows: string[][], opts: { footer?: string[][]; size?: number } = {}): void {
  const size = opts.size ?? 9;
  const left = doc.page.margins.left;
  const full = doc.page.width - left - doc.page.margins.right;
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * full);
  const rowHeight = size + 2 * PAD + 4;
  let y = doc.y;

  const fit = (value: string, width: number, bold: boolean) => {
    doc.fontSize(size);
    if (textWidth(doc, value, bold ? 'bold' : 'regular') <= width) return value;
    let cut = value;
    while (cut.length > 1 && textWidth(doc, `${cut}…`, bold ? 'bold' : 'regular') > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  };
  const drawRow = (cells: string[], bold: boolean, shade: boolean) => {
    if (shade) doc.rect(left, y, full, rowHeight).fill('#f0f0f0').fillColor('black');
    let x = left;
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      const column = columns[i];
      const inner = w - 2 * PAD;
      text(doc, fit(cell ?? '', inner, bold), {
        x: x + PAD,
        y: y + PAD + 1,
        width: inner,
        align: column?.align ?? 'left',
        lineBreak: false,
        weight: bold ? 'bold' : 'regular',
        size,
      });
      x += w;
    });
    doc.lineWidth(0.5).rect(left, y, full, rowHeight).stroke();
    x = left;
    for (const w of widths.slice(0, -1)) {
      x += w;
      doc
        .moveTo(x, y)
        .lineTo(x, y + rowHeight)
        .stroke();
    }
    y += rowHeight;
  };
  const header = () =>
    drawRow(
      columns.map((c) => c.title),
      true,
      true,
    );
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;

  header();
  for (const row of rows) {
    if (y + rowHeight > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
    }
    drawRow(row, false, false);
  }
  for (const row of opts.footer ?? []) {
    if (y + rowHeight > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    drawRow(row, true, false);
  }
  doc.x = left;
  doc.y = y + 8;
}
