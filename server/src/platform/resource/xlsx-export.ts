import { PassThrough } from 'node:stream';
import type { Style } from 'exceljs';
import type { FastifyReply } from 'fastify';
import { onFirstUse } from '../lazy';
import type { ExportColumn } from './labels';

/** exceljs, loaded by the first spreadsheet a process writes or reads. */
export const excel = onFirstUse(async () => (await import('exceljs')).default);

/** Content-Disposition with a UTF-8 file name (Chinese names survive every browser). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** First characters that make a spreadsheet read a text as a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number written as text ("-12.50", "+86", "1,234.00") is no formula and stays as it is. */
const PLAIN_NUMBER = /^[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/** A text a spreadsheet would run as a formula. */
export const readsAsFormula = (text: string): boolean => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);

/**
 * The value of an exported cell: a text that a spreadsheet would run as a formula once the file is
 * edited or saved as CSV (`=HYPERLINK(…)`, `@SUM(…)`, `-2+3+cmd|…`) gets a leading `'`, so it stays
 * text. Only strings: numbers, dates and empty cells are written as they are.
 */
export function neutralise<T>(value: T): T | string {
  return typeof value === 'string' && readsAsFormula(value) ? `'${value}` : value;
}

/** The inverse, for imports: a file we exported (or an error report) reads back as it was saved. */
export function restoreNeutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A row of values as every export writes it (sendXlsx, workbookBuffer, the record card). */
export const safeRow = <T>(values: T[]): Array<T | string> => values.map(neutralise);

/**
 * Streams rows into an xlsx answer as they are read: exceljs' streaming writer commits each row,
 * so memory stays flat however many rows there are. Styles are on (the header is bold), but data
 * cells share style objects: exceljs then resolves a style once, not once per cell (which cost more
 * than half of a 50,000-row export).
 *
 * The first batch is read before the file's headers are set: a refusal there (the data scope, a
 * filter the user may not use) is thrown as any call's error and answered as JSON, not as a broken
 * download (the stream failing after the xlsx headers answered 500, FST_ERR_REP_INVALID_PAYLOAD_TYPE).
 */
export async function sendXlsx(
  reply: FastifyReply,
  opts: { filename: string; sheet: string; columns: ExportColumn[]; batches: AsyncIterable<Array<Record<string, unknown>>> },
): Promise<FastifyReply> {
  const source = opts.batches[Symbol.asyncIterator]();
  const first = await source.next();
  const stream = new PassThrough();
  // exceljs remembers a style object's id together with the first cell type it saw, so one shared
  // object per value kind (the formats give text, numbers or nothing) keeps every cell's style as before.
  const plain = { string: {}, number: {}, empty: {} } satisfies Record<string, Partial<Style>>;
  void (async () => {
    try {
      const ExcelJS = await excel();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(opts.sheet.slice(0, 31));
      sheet.columns = opts.columns.map((c) => ({ header: neutralise(c.header), key: c.key, width: c.width }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for (let next = first; !next.done; next = await source.next()) {
        for (const record of next.value) {
          const row = sheet.addRow(safeRow(opts.columns.map((c) => c.format(record[c.key]))));
          row.eachCell({ includeEmpty: true }, (cell) => {
            const v = cell.value;
            if (typeof v === 'number') cell.style = plain.number;
            else if (typeof v === 'string') cell.style = plain.string;
            else if (v === null) cell.style = plain.empty;
          });
          row.commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      reply.log.error({ err }, 'xlsx export failed');
      stream.destroy(err as Error);
    }
  })();
  reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(opts.filename)).header('cache-control', 'no-store');
  return reply.send(stream);
}

/** A small workbook in memory (templates, error reports). */
export async function workbookBuffer(sheetName: string, header: string[], rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(safeRow(header)).font = { bold: true };
  for (const r of rows) sheet.addRow(safeRow(r));
  sheet.columns.forEach((c) => {
    c.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
