import { z } from 'zod';
import { id } from '../common';
import { defineCall } from '../define';
import { ZSignedLink } from './file';

/**
 * /filePreviewPage (issue 19): what a file looks like in the browser. Images and PDF are shown from a
 * signed link (PDF drawn by pdf.js); xlsx and docx are converted on the server (exceljs, mammoth) to
 * sanitised HTML; text is answered as text. Anything else is offered for download.
 */
export const ZFilePreview = z.object({
  kind: z.enum(['image', 'pdf', 'html', 'text', 'download']),
  fileName: z.string(),
  fileSuffix: z.string(),
  /** For image, pdf and download. */
  link: ZSignedLink.nullable(),
  /** Sanitised HTML (xlsx, docx). */
  html: z.string().nullable(),
  text: z.string().nullable(),
  /** Only the first sheets / rows / bytes are shown. */
  truncated: z.boolean(),
  /** Why it is offered for download only. */
  reason: z.string().nullable(),
});
export type FilePreview = z.output<typeof ZFilePreview>;

/** Limits of the conversion: beyond them the preview is cut (and says so). */
export const PREVIEW_LIMITS = { maxBytes: 20 * 1024 * 1024, sheets: 5, rows: 500, columns: 50, textBytes: 512 * 1024 } as const;

export const filePreviewCalls = {
  previewContent: defineCall({
    method: 'POST',
    path: '/file_api/file/fileUrl/previewContent',
    requestKind: 'json',
    request: z.object({ id: id() }),
    data: ZFilePreview,
    permission: 'login',
    summary: 'A readable view of a file the user may read: link for images and PDF, HTML for xlsx and docx, text for text',
    fromSpec: false,
  }),
};
