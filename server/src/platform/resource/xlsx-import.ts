import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImportResult } from '@erp/contract';
import type { CellValue, Workbook } from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../auth/principal';
import type { Db } from '../db';
import { AppError, badRequest, notFound } from '../errors';
import type { UploadedFile } from '../http/multipart';
import type { Platform } from '../platform';
import { attachment, restoreNeutralised, workbookBuffer, XLSX_TYPE } from './xlsx-export';
import { readWorkbook } from './xlsx-read';

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const REPORT_TTL_MS = 3600_000;
const ERROR_HEADER = '错误信息';

export interface ImportColumn {
  key: string;
  header: string;
  /** Other accepted headers (e.g. the English label). */
  aliases?: string[];
  required?: boolean;
}

export interface RowError {
  field: string;
  message: string;
}

/**
 * What a resource's import does: its template columns, how one row of text becomes a value (or
 * errors), the keys that must be unique within the file, and how the valid rows are written.
 */
export interface ImportSpec<V> {
  sheet: string;
  columns: ImportColumn[];
  /** Turns the cells of a row into a value; errors name the column key. */
  parse(cells: Record<string, string>, db: Db): Promise<{ value?: V; errors: RowError[] }>;
  /** Keys that must not repeat within the file, with the column they belong to. */
  uniqueKeys?(value: V): Array<{ field: string; key: string; message: string }>;
  /** Writes the valid rows; runs inside one transaction. */
  write(tx: Db, rows: V[]): Promise<void>;
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

async function readSheet(file: UploadedFile): Promise<string[][]> {
  const isZip = file.head.length >= 4 && file.head[0] === 0x50 && file.head[1] === 0x4b && file.head[2] === 0x03 && file.head[3] === 0x04;
  if (!/\.xlsx$/i.test(file.filename) || !isZip) throw badRequest('请上传 xlsx 格式的导入模板');
  if (file.size > MAX_IMPORT_BYTES) throw new AppError(413, '导入文件不能超过10M', '413');
  let workbook: Workbook;
  try {
    workbook = await readWorkbook(await fs.promises.readFile(file.tmpPath), '导入');
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('文件无法读取，请使用导入模板');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('导入文件没有工作表');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行`);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = restoreNeutralised(cellText(cell.value));
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

function reportsDir(platform: Platform): string {
  return path.join(platform.config.dataDir, 'import-reports');
}

/**
 * Checks every row of an uploaded xlsx. Without `confirm` nothing is written; with it the valid
 * rows are written in one transaction and invalid ones skipped. Errors are also kept as an xlsx
 * report (the rows with an error column) that only the importing user can download for an hour.
 */
export async function runImport<V>(
  platform: Platform,
  user: Principal,
  spec: ImportSpec<V>,
  file: UploadedFile | undefined,
  confirm: boolean,
): Promise<ImportResult> {
  if (!file) throw badRequest('请选择要导入的文件');
  const rows = await readSheet(file);
  const header = (rows[0] ?? []).map((h) => h.trim());
  const columnAt = new Map<string, number>();
  for (const column of spec.columns) {
    const names = [column.header, ...(column.aliases ?? [])];
    const at = header.findIndex((h) => names.includes(h.replace(/^\*/, '')));
    if (at >= 0) columnAt.set(column.key, at);
  }
  const missing = spec.columns.filter((c) => c.required && !columnAt.has(c.key)).map((c) => c.header);
  if (missing.length) throw badRequest(`导入模板不正确，缺少列：${missing.join('、')}`);

  const errors: ImportResult['errors'] = [];
  const valid: V[] = [];
  const seen = new Map<string, number>();
  const errorRows: Array<{ cells: string[]; message: string }> = [];
  const data = rows.slice(1);
  let total = 0;
  for (const [i, raw] of data.entries()) {
    if (!raw.some((c) => c.trim())) continue;
    total++;
    const rowNo = i + 2;
    const cells: Record<string, string> = {};
    for (const [key, at] of columnAt) cells[key] = (raw[at] ?? '').trim();
    const { value, errors: rowErrors } = await spec.parse(cells, platform.db);
    if (value !== undefined && !rowErrors.length) {
      for (const u of spec.uniqueKeys?.(value) ?? []) {
        const first = seen.get(u.key);
        if (first !== undefined) rowErrors.push({ field: u.field, message: `${u.message}（与第${first}行重复）` });
        else seen.set(u.key, rowNo);
      }
    }
    if (rowErrors.length || value === undefined) {
      for (const e of rowErrors) errors.push({ row: rowNo, ...e });
      errorRows.push({ cells: raw, message: rowErrors.map((e) => e.message).join('；') });
    } else valid.push(value);
  }
  if (!total) throw badRequest('导入文件中没有数据行');

  let written = 0;
  if (confirm && valid.length) {
    await platform.db.transaction(async (tx) => {
      await spec.write(tx as unknown as Db, valid);
    });
    written = valid.length;
  }

  let reportId: string | null = null;
  if (errorRows.length) {
    reportId = `u${user.userId}_${randomBytes(16).toString('hex')}`;
    const dir = reportsDir(platform);
    fs.mkdirSync(dir, { recursive: true });
    const buffer = await workbookBuffer(
      spec.sheet,
      [...header, ERROR_HEADER],
      errorRows.map((r) => [...header.map((_, i) => r.cells[i] ?? ''), r.message]),
    );
    fs.writeFileSync(path.join(dir, `${reportId}.xlsx`), buffer);
  }
  return { total, valid: valid.length, written, confirmed: confirm, errors: errors.slice(0, 1000), reportId };
}

/** Sends one of the user's own import error reports. */
export async function sendImportReport(platform: Platform, user: Principal, reportId: string, reply: FastifyReply): Promise<FastifyReply> {
  const file = path.join(reportsDir(platform), `${reportId}.xlsx`);
  if (!reportId.startsWith(`u${user.userId}_`) || !fs.existsSync(file)) throw notFound('错误报告不存在或已过期');
  if (Date.now() - fs.statSync(file).mtimeMs > REPORT_TTL_MS) {
    fs.rmSync(file, { force: true });
    throw notFound('错误报告不存在或已过期');
  }
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('导入错误报告.xlsx')).send(fs.createReadStream(file));
}

/** The empty template of an import (headers, required ones starred). */
export async function sendTemplate(
  reply: FastifyReply,
  spec: Pick<ImportSpec<unknown>, 'sheet' | 'columns'>,
  filename: string,
  sample?: string[],
): Promise<FastifyReply> {
  const buffer = await workbookBuffer(
    spec.sheet,
    spec.columns.map((c) => (c.required ? `*${c.header}` : c.header)),
    sample ? [sample] : [],
  );
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(filename)).send(buffer);
}
