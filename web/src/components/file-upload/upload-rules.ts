import { ALLOWED_FILE_SUFFIXES, DEFAULT_MAX_FILES, MAX_FILE_BYTES } from '@erp/contract/modules/file';

/** Texts of spec 000 §5 and §8 (product text, verbatim). */
export const UPLOAD_TEXT = {
  wrongType: '请上传符合类型的文件',
  tooLarge: '文件大小不能超过100M',
  tooMany: (n: number) => `最多可上传${n}个文件！`,
  tooManySupplement: (n: number) => `最多还可补传${n}个文件！`,
  uploaded: '上传成功',
  confirmDelete: '确认删除？',
  confirmCancel: '是否确认取消？',
  preview: '预览',
} as const;

export { DEFAULT_MAX_FILES, MAX_FILE_BYTES };

export function suffixOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export interface SelectionCheck {
  /** Files that may be uploaded. */
  accepted: File[];
  /** Messages to show, at most one per rule. */
  warnings: string[];
}

/**
 * The control's checks before anything is sent: the count first (the whole selection is refused
 * when it would exceed the limit), then type and size per file.
 */
export function checkSelection(
  files: readonly File[],
  opts: { existing: number; maxCount?: number; accept?: readonly string[]; supplement?: boolean },
): SelectionCheck {
  const max = opts.maxCount ?? DEFAULT_MAX_FILES;
  const room = Math.max(0, max - opts.existing);
  if (files.length > room) {
    return { accepted: [], warnings: [opts.supplement ? UPLOAD_TEXT.tooManySupplement(room) : UPLOAD_TEXT.tooMany(max)] };
  }
  const accept = (opts.accept ?? ALLOWED_FILE_SUFFIXES).map((s) => s.toLowerCase().replace(/^\./, ''));
  const warnings = new Set<string>();
  const accepted: File[] = [];
  for (const file of files) {
    if (!accept.includes(suffixOf(file.name))) warnings.add(UPLOAD_TEXT.wrongType);
    else if (file.size > MAX_FILE_BYTES) warnings.add(UPLOAD_TEXT.tooLarge);
    else accepted.push(file);
  }
  return { accepted, warnings: [...warnings] };
}

/** Images and PDF are shown inline; everything else is downloaded. */
export const previewsInline = (suffix: string) => ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'pdf'].includes(suffix.toLowerCase());
