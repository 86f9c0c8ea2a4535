import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ExportColumn } from './labels';

/** Content-Disposition with a UTF-8 file name (Chinese names survive every browser). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams rows into an xlsx answer as they are read: exceljs' streaming writer commits each row,
 * so memory stays flat however many rows there are.
 */
export function sendXlsx(
  reply: FastifyReply,
  opts: { filename: string; sheet: string; columns: ExportColumn[]; batches: AsyncIterable<Array<Record<string, unknown>>> },
): FastifyReply {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.sheet.slice(0, 31));
  sheet.columns = opts.columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const batch of opts.batches) {
        for (const record of batch) {
          const row: Record<string, unknown> = {};
          for (const c of opts.columns) row[c.key] = c.format(record[c.key]);
          sheet.addRow(row).commit();
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
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(header).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  sheet.columns.forEach((c) => {
    c.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
