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

/**
 * Reads a multipart request: fields into an object (repeated names become arrays), files streamed
 * to a temporary directory while their SHA-256 is computed, so no file is ever held in memory.
 */
export async function readMultipart(req: FastifyRequest, tmpDir: string): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  fs.mkdirSync(tmpDir, { recursive: true });
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 50, fields: 200, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        const value = part.value;
        const prev = fields[part.fieldname];
        fields[part.fieldname] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
        continue;
      }
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
