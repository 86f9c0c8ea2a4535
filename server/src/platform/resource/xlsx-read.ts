import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';
import type { Workbook } from 'exceljs';
import { SaxesParser } from 'saxes';
import { onFirstUse } from '../lazy';
import { excel } from './xlsx-export';
import { checkZip, type EntryWatch, ZIP_BOUNDS, type ZipBounds, ZipBoundsError } from './zip-bounds';

/**
 * What exceljs builds from a sheet, bounded before it builds it. exceljs keeps a whole workbook as
 * objects (about 1 KB a row, 300 bytes a cell), and two of its elements grow without the bytes
 * growing: a merge creates every cell it covers (one `<mergeCell ref="A1:XFD1048576"/>` in a
 * 6 KB file asks for 17 billion) and checks each new merge against all earlier ones; a data
 * validation is stored once per covered address (a whole column: 160 MB). So the sheets are read
 * once with exceljs's own XML parser while the zip is checked, and counted.
 */
export interface SheetBounds {
  /** `<row>` elements of all sheets. */
  rows: number;
  /** `<c>` elements and the cells that merges cover. */
  cells: number;
  merges: number;
  /** Addresses covered by data validations (one whole-column list passes). */
  validated: number;
}

/** About 100 MB of exceljs objects at most; an import (5,000 rows) or a report stays far below. */
export const SHEET_BOUNDS: SheetBounds = { rows: 100_000, cells: 300_000, merges: 5_000, validated: 1_100_000 };

/** exceljs's own test of a worksheet entry (lib/xlsx/xlsx.js), unanchored as there. */
const SHEET_ENTRY = /xl\/worksheets\/sheet(\d+)[.]xml/;

type RangeClass = new (ref: string) => { count: number };
/** exceljs's range, so an area counts the cells exceljs would make of it (`D:D` is one cell to it). */
const exceljsRange = onFirstUse(async () => createRequire(import.meta.url)('exceljs/lib/doc/range.js') as RangeClass);

function sheetWatch(Range: RangeClass, action: string, bounds: SheetBounds): EntryWatch {
  const seen = { rows: 0, cells: 0, merges: 0, validated: 0 };
  const area = (ref: string | undefined): number => {
    if (!ref) return 0;
    try {
      return new Range(ref).count;
    } catch {
      return 0; // exceljs fails on it too, before making any cell
    }
  };
  const refuse = (what: string) => {
    throw new ZipBoundsError(`表格${what}，无法${action}`);
  };
  return (name) => {
    if (!SHEET_ENTRY.test(name.replace(/^\//, ''))) return undefined;
    const parser = new SaxesParser();
    const decoder = new StringDecoder('utf8');
    // exceljs stops at the first XML error; counting stops there too (the byte bound still runs).
    let broken = false;
    parser.on('error', () => {
      broken = true;
    });
    parser.on('opentag', (tag) => {
      const attr = (key: string) => tag.attributes[key] as string | undefined;
      if (tag.name === 'row') seen.rows++;
      else if (tag.name === 'c') seen.cells++;
      else if (tag.name === 'mergeCell') {
        seen.merges++;
        seen.cells += area(attr('ref'));
      } else if (tag.name === 'dataValidation') {
        for (const ref of (attr('sqref') ?? '').split(/\s+/)) seen.validated += ref.includes(':') ? area(ref) : ref ? 1 : 0;
      } else return;
      if (seen.rows > bounds.rows || seen.cells > bounds.cells) refuse(`过大（上限 ${bounds.rows} 行、${bounds.cells} 个单元格）`);
      if (seen.merges > bounds.merges) refuse(`中的合并单元格过多（上限 ${bounds.merges} 处）`);
      if (seen.validated > bounds.validated) refuse(`中的数据验证范围过大（上限 ${bounds.validated} 个单元格）`);
    });
    return (chunk) => {
      if (!broken) parser.write(decoder.write(chunk));
    };
  };
}

/**
 * An uploaded or stored xlsx as an exceljs workbook, once the zip (zip-bounds.ts) and its sheets
 * are within bounds: past one, a ZipBoundsError (400) naming it; a file that is no workbook fails
 * as exceljs or the zip readers fail (callers answer "cannot read").
 */
export async function readWorkbook(data: Buffer, action: string, bounds: { zip?: ZipBounds; sheet?: SheetBounds } = {}): Promise<Workbook> {
  const [ExcelJS, Range] = await Promise.all([excel(), exceljsRange()]);
  await checkZip(data, { action, bounds: bounds.zip ?? ZIP_BOUNDS, watch: sheetWatch(Range, action, bounds.sheet ?? SHEET_BOUNDS) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  return workbook;
}
