import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface UploadedFile {
  fieldname: string;
  /** The name the client gave; never used as a path. */
  filename: string;
  mimetype: string;
  /** Temporary file holding the bytes (removed after the call). */
  tmpPath: string;
  size: number;
  sha256: string;
  /** First bytes, for magic-number checks. */
  head: Buffer;
}

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export interface MultipartLimits {
  files: number;
  fields: number;
  /** Bytes of one field's value; a longer one is refused, not cut. */
  fieldSize: number;
}

/** Calls that run after a permission check: up to 50 files of 100 MB, fields up to 1 MB each. */
export const UPLOAD_MULTIPART_LIMITS: MultipartLimits = { files: 50, fields: 200, fieldSize: 1024 * 1024 };
/**
 * Public calls (sign-in, password reset): no file part (busboy refuses it at its headers, before a
 * byte of it is written) and at most 8 fields of 512 bytes, ~4 KB in all.
 */
export const PUBLIC_MULTIPART_LIMITS: MultipartLimits = { files: 0, fields: 8, fieldSize: 512 };

/**
 * Reads a multipart request: fields into an object (repeated names become arrays), files streamed
 * to a temporary directory while their SHA-256 is computed, so no file is ever held in memory.
 */
export async function readMultipart(
  req: FastifyRequest,
  tmpDir: string,
  limits: MultipartLimits = UPLOAD_MULTIPART_LIMITS,
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    // headerPairs bounds each part's headers; parts bounds fields and files together.
    for await (const part of req.parts({ limits: { ...limits, fileSize: MAX_UPLOAD_BYTES, headerPairs: 20, parts: limits.files + limits.fields } })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, '请求内容过大', '413');
        const value = part.value;
        const prev = fields[part.fieldname];
        fields[part.fieldname] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
        continue;
      }
      fs.mkdirSync(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, randomUUID());
      const digest = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          digest.update(chunk);
          if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
          size += chunk.length;
          done(null, chunk);
        },
      });
      files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, tmpPath, size: 0, sha256: '', head });
      await pipeline(part.file, tap, fs.createWriteStream(tmpPath));
      if (part.file.truncated) throw new AppError(413, '文件大小不能超过100M', '413');
      const file = files[files.length - 1] as UploadedFile;
      file.size = size;
      file.sha256 = digest.digest('hex');
      file.head = head;
    }
  } catch (err) {
    await removeUploads(files);
    throw err;
  }
  return { fields, files };
}

export async function removeUploads(files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((f) => fs.promises.rm(f.tmpPath, { force: true })));
}
