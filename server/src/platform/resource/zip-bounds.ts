import { unzipSync } from 'fflate';
import JSZip from 'jszip';
import { AppError } from '../errors';

/**
 * What a zip (xlsx, docx) may hold once inflated. An xlsx of 2 MB can unpack to gigabytes: read
 * unchecked, the server grew by 2 GB and took half a minute to refuse it (issue 34).
 */
export interface ZipBounds {
  /** Bytes of all entries together, inflated. */
  bytes: number;
  /** Entries (files and folders). */
  entries: number;
}

/** Far above any workbook or document people make (an import template unpacks to a few MB). */
export const ZIP_BOUNDS: ZipBounds = { bytes: 50 * 1024 * 1024, entries: 10_000 };

/** A zip refused at a bound: 400, with a message naming the bound. */
export class ZipBoundsError extends AppError {
  constructor(message: string) {
    super(400, message, '400');
  }
}

/**
 * Looks at the inflated bytes of an entry as they come (e.g. counting a sheet's rows); it may
 * throw to refuse the file. Undefined: the entry is only counted.
 */
export type EntryWatch = (name: string) => ((chunk: Buffer) => void) | undefined;

export interface ZipCheck {
  /** What the file was for, in the message: 导入 / 预览 / 读取. */
  action: string;
  bounds?: ZipBounds;
  watch?: EntryWatch;
}

const tooLarge = (check: ZipCheck, bounds: ZipBounds) =>
  new ZipBoundsError(`文件解压后过大，无法${check.action}（上限 ${Math.round(bounds.bytes / 1024 / 1024)} MB）`);
const tooMany = (check: ZipCheck, bounds: ZipBounds) => new ZipBoundsError(`文件包含的条目过多，无法${check.action}（上限 ${bounds.entries} 个）`);

/**
 * Checks a zip before a reader (exceljs, mammoth) inflates it; throws ZipBoundsError past a bound.
 *
 * 1. The central directory, read by fflate with every entry filtered out (nothing is inflated):
 *    the entry count and the declared sizes. This refuses an honest bomb in a millisecond.
 * 2. Declared sizes are the sender's word, so every entry is then inflated, its bytes counted and
 *    dropped, stopping at the bound — through JSZip, the reader exceljs and mammoth use, so the
 *    bound holds on exactly what they will read (a second parser could be shown another directory).
 *
 * Errors of a file that is no zip at all are the libraries' own (callers answer "cannot read").
 */
export async function checkZip(data: Uint8Array, check: ZipCheck): Promise<void> {
  const bounds = check.bounds ?? ZIP_BOUNDS;
  let entries = 0;
  let declared = 0;
  unzipSync(data, {
    filter(file) {
      entries++;
      declared += file.originalSize;
      if (entries > bounds.entries) throw tooMany(check, bounds);
      if (declared > bounds.bytes) throw tooLarge(check, bounds);
      return false;
    },
  });

  const zip = await JSZip.loadAsync(data);
  const files = Object.values(zip.files);
  if (files.length > bounds.entries) throw tooMany(check, bounds);
  let inflated = 0;
  for (const file of files) {
    if (file.dir) continue;
    const look = check.watch?.(file.name);
    await new Promise<void>((resolve, reject) => {
      const stream = file.nodeStream('nodebuffer');
      let settled = false;
      const stop = (err?: unknown) => {
        if (settled) return;
        settled = true;
        stream.pause();
        stream.removeAllListeners('data');
        if (err) reject(err);
        else resolve();
      };
      // JSZip inflates 16 KB of input a step (deflate gives at most ~1,032 times that: 16 MB), so
      // the count stops it within one step past the bound; the chunks are dropped as they come.
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        inflated += chunk.length;
        if (inflated > bounds.bytes) return stop(tooLarge(check, bounds));
        try {
          look?.(chunk);
        } catch (err) {
          stop(err);
        }
      });
      stream.on('error', (err: unknown) => stop(err));
      stream.on('end', () => stop());
    });
  }
}
