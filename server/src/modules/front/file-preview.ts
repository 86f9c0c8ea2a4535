import { type FilePreview, PREVIEW_LIMITS } from '@erp/contract';
import sanitizeHtml from 'sanitize-html';
import type { Principal } from '../../platform/auth/principal';
import { escapeHtml } from '../../platform/html';
import { onFirstUse } from '../../platform/lazy';
import { readWorkbook } from '../../platform/resource/xlsx-read';
import { checkZip, ZipBoundsError } from '../../platform/resource/zip-bounds';
import type { FileService } from '../file/file.service';

const IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'img', 'tiff']);
const TEXT = new Set(['txt', 'csv', 'log', 'md', 'json']);
const mammoth = onFirstUse(async () => (await import('mammoth')).default);

/** What a converted document may contain: structure and tables, pictures only as inline data. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'section',
    'caption',
  ],
  allowedAttributes: { img: ['src', 'alt'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'], section: ['data-sheet'] },
  allowedSchemes: ['data'],
  allowedSchemesByTag: { img: ['data'] },
};

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: Array<{ text: string }>; hyperlink?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return '';
  }
  return String(value);
}

/** The first sheets, rows and columns of a workbook as HTML tables. */
async function xlsxHtml(data: Buffer): Promise<{ html: string; truncated: boolean }> {
  const book = await readWorkbook(data, '预览');
  let truncated = book.worksheets.length > PREVIEW_LIMITS.sheets;
  const parts: string[] = [];
  for (const sheet of book.worksheets.slice(0, PREVIEW_LIMITS.sheets)) {
    const rows: string[] = [];
    const columns = Math.min(sheet.columnCount, PREVIEW_LIMITS.columns);
    if (sheet.columnCount > PREVIEW_LIMITS.columns || sheet.rowCount > PREVIEW_LIMITS.rows) truncated = true;
    for (let r = 1; r <= Math.min(sheet.rowCount, PREVIEW_LIMITS.rows); r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= columns; c++) cells.push(`<td>${escapeHtml(cellText(row.getCell(c).value))}</td>`);
      rows.push(`<tr>${cells.join('')}</tr>`);
    }
    parts.push(`<section data-sheet="${escapeHtml(sheet.name)}"><h3>${escapeHtml(sheet.name)}</h3><table><tbody>${rows.join('')}</tbody></table></section>`);
  }
  return { html: parts.join(''), truncated };
}

export async function previewFile(files: FileService, user: Principal, id: number): Promise<FilePreview> {
  const row = await files.readable(user, id);
  await files.revealed(user, row);
  const base = { fileName: row.fileName, fileSuffix: row.fileSuffix, link: null, html: null, text: null, truncated: false, reason: null };
  const suffix = row.fileSuffix.toLowerCase();
  if (IMAGES.has(suffix)) return { ...base, kind: 'image', link: await files.link(row) };
  if (suffix === 'pdf') return { ...base, kind: 'pdf', link: await files.link(row) };
  const download = async (reason: string): Promise<FilePreview> => ({ ...base, kind: 'download', link: await files.link(row), reason });
  if (TEXT.has(suffix)) {
    const { data, truncated } = await files.bytes(row, PREVIEW_LIMITS.textBytes);
    return { ...base, kind: 'text', text: data.toString('utf8').replace(/\uFFFD+$/, ''), truncated };
  }
  if (suffix !== 'xlsx' && suffix !== 'docx') return download('该类型的文件不支持在线预览，请下载后查看');
  if (row.size > PREVIEW_LIMITS.maxBytes) return download('文件过大，不支持在线预览，请下载后查看');
  const { data } = await files.bytes(row, PREVIEW_LIMITS.maxBytes);
  try {
    if (suffix === 'xlsx') {
      const { html, truncated } = await xlsxHtml(data);
      return { ...base, kind: 'html', html: sanitizeHtml(html, OPTIONS), truncated };
    }
    await checkZip(data, { action: '预览' });
    const converted = await (await mammoth()).convertToHtml({ buffer: data });
    return { ...base, kind: 'html', html: sanitizeHtml(converted.value, OPTIONS) };
  } catch (err) {
    return download(err instanceof ZipBoundsError ? `${err.message}，请下载后查看` : '文件无法解析，请下载后查看');
  }
}
