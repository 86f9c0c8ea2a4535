import { ALLOWED_FILE_SUFFIXES, IMAGE_SUFFIXES, MAX_FILE_BYTES } from '@erp/contract';

/** Messages of spec 000 §5 and the refusals the server adds. */
export const FILE_MESSAGES = {
  wrongType: '请上传符合类型的文件',
  tooLarge: '文件大小不能超过100M',
  empty: '文件不能为空',
  badName: '文件名不合法',
  noFile: '请选择要上传的文件',
  tooMany: (n: number) => `最多可上传${n}个文件！`,
} as const;

type Suffix = (typeof ALLOWED_FILE_SUFFIXES)[number];

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF = [0x47, 0x49, 0x46, 0x38];
const BMP = [0x42, 0x4d];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const RAR = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07];
const SEVEN_Z = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
const IMAGES = [JPEG, PNG, GIF, BMP, TIFF_LE, TIFF_BE];

const startsWith = (head: Uint8Array, sig: number[], offset = 0) => head.length >= offset + sig.length && sig.every((b, i) => head[offset + i] === b);
/** POSIX tar: "ustar" at byte 257 of the first header block. */
const isTar = (head: Uint8Array) => head.length >= 262 && String.fromCharCode(...head.subarray(257, 262)) === 'ustar';

/** The signatures a file's first bytes must show for each allowed extension. */
const SIGNATURES: Record<Suffix, (head: Uint8Array) => boolean> = {
  img: (h) => IMAGES.some((s) => startsWith(h, s)),
  jpg: (h) => startsWith(h, JPEG),
  jpeg: (h) => startsWith(h, JPEG),
  png: (h) => startsWith(h, PNG),
  gif: (h) => startsWith(h, GIF),
  bmp: (h) => startsWith(h, BMP),
  tiff: (h) => startsWith(h, TIFF_LE) || startsWith(h, TIFF_BE),
  doc: (h) => startsWith(h, OLE2),
  xls: (h) => startsWith(h, OLE2),
  docx: (h) => startsWith(h, ZIP),
  xlsx: (h) => startsWith(h, ZIP),
  pdf: (h) => startsWith(h, PDF),
  zip: (h) => startsWith(h, ZIP) || startsWith(h, ZIP_EMPTY),
  rar: (h) => startsWith(h, RAR),
  tar: isTar,
  '7z': (h) => startsWith(h, SEVEN_Z),
};

/** Bytes of the head to read for the magic-number check (tar needs 262). */
export const HEAD_BYTES = 512;

export const MIME_TYPES: Record<Suffix, string> = {
  img: 'application/octet-stream',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
};

export interface CheckedName {
  fileName: string;
  baseName: string;
  suffix: Suffix;
  fileType: 'image' | 'document' | 'archive';
}

export type FileCheck = { ok: true; name: CheckedName } | { ok: false; message: string };

/**
 * Refuses a client file name that is path-like, has control characters or is too long, and
 * returns its label parts. The name is only ever a label: storage names are generated.
 */
export function checkName(raw: string): FileCheck {
  const name = raw.normalize('NFC').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (!name || name.length > 200 || /[/\\\u0000-\u001f\u007f]/.test(name) || name.includes('..') || /^\./.test(name)) {
    return { ok: false, message: FILE_MESSAGES.badName };
  }
  const dot = name.lastIndexOf('.');
  const suffix = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!(ALLOWED_FILE_SUFFIXES as readonly string[]).includes(suffix)) return { ok: false, message: FILE_MESSAGES.wrongType };
  const s = suffix as Suffix;
  const fileType = (IMAGE_SUFFIXES as readonly string[]).includes(s) ? 'image' : ['zip', 'rar', 'tar', '7z'].includes(s) ? 'archive' : 'document';
  return { ok: true, name: { fileName: name, baseName: name.slice(0, dot), suffix: s, fileType } };
}

/** Every rule of an uploaded file: name, emptiness, size, and magic bytes matching the extension. */
export function checkUpload(file: { filename: string; size: number; head: Uint8Array }): FileCheck {
  const named = checkName(file.filename ?? '');
  if (!named.ok) return named;
  if (file.size <= 0) return { ok: false, message: FILE_MESSAGES.empty };
  if (file.size > MAX_FILE_BYTES) return { ok: false, message: FILE_MESSAGES.tooLarge };
  if (!SIGNATURES[named.name.suffix](file.head)) return { ok: false, message: FILE_MESSAGES.wrongType };
  return named;
}

/** Images and PDF open in the browser; everything else downloads. */
export const showsInline = (suffix: string) => ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'pdf'].includes(suffix);
