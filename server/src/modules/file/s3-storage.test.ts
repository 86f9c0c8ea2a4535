import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from './fake-s3.fixture';
import { storageFromConfig } from './file-storage';
import { createS3Storage, type S3Storage } from './s3-storage';

const MB = 1024 * 1024;
let fake: FakeS3;
let storage: S3Storage;
let dir: string;

const settings = () => ({
  bucket: fake.bucket,
  prefix: 'erp/',
  endpoint: fake.endpoint,
  forcePathStyle: true,
  accessKeyId: 'test',
  secretAccessKey: 'test',
});

beforeAll(async () => {
  fake = await startFakeS3();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-storage-'));
  // The smallest part S3 accepts, so a 12 MB file goes in three parts.
  storage = await createS3Storage(settings(), { partBytes: 5 * MB });
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failParts = false;
});

function tempFile(bytes: Buffer): string {
  const file = path.join(dir, randomBytes(8).toString('hex'));
  fs.writeFileSync(file, bytes);
  return file;
}

async function drain(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const key = (ext = 'pdf') => `2026/11/${randomBytes(16).toString('hex')}.${ext}`;

describe('S3 storage', () => {
  it('stores a small file in one PutObject under the prefix, reads it back, tells it exists and removes it', async () => {
    const bytes = Buffer.from('%PDF-1.4\nsmall\n%%EOF\n');
    const k = key();
    await storage.put(k, tempFile(bytes));
    expect(fake.requests.map((r) => r.method)).toEqual(['PUT']);
    expect(fake.objects.get(`erp/${k}`)).toEqual(bytes);
    expect(await storage.exists(k)).toBe(true);
    expect((await drain(await storage.open(k))).bytes).toEqual(bytes);
    await storage.remove(k);
    expect(await storage.exists(k)).toBe(false);
    await expect(storage.open(k)).rejects.toThrow();
  });

  it('streams a large file as a multipart upload (no request carries more than one part) and streams it back', async () => {
    const bytes = randomBytes(12 * MB);
    const k = key('zip');
    await storage.put(k, tempFile(bytes));
    const kinds = fake.requests.map(
      (r) => `${r.method}${'uploads' in r.query ? ' create' : r.query.partNumber ? ` part ${r.query.partNumber}` : r.query.uploadId ? ' complete' : ''}`,
    );
    expect(kinds[0]).toBe('POST create');
    expect(kinds.filter((k) => k.startsWith('PUT part')).sort()).toEqual(['PUT part 1', 'PUT part 2', 'PUT part 3']);
    expect(kinds.at(-1)).toBe('POST complete');
    expect(Math.max(...fake.requests.map((r) => r.bodyBytes))).toBeLessThanOrEqual(5 * MB);
    expect(fake.openUploads()).toBe(0);

    const { bytes: back, chunks } = await drain(await storage.open(k));
    expect(sha(back)).toBe(sha(bytes));
    // Read as a stream of many chunks, not one buffer.
    expect(chunks).toBeGreaterThan(10);
  });

  it('aborts a failed multipart upload: nothing stored, no parts left behind', async () => {
    fake.failParts = true;
    const k = key('zip');
    await expect(storage.put(k, tempFile(randomBytes(11 * MB)))).rejects.toThrow();
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.query.uploadId)).toBe(true);
    expect(fake.openUploads()).toBe(0);
    expect(fake.objects.has(`erp/${k}`)).toBe(false);
    expect(await storage.exists(k)).toBe(false);
  });

  it('refuses keys that the server did not generate', async () => {
    await expect(storage.put('../../etc/passwd', tempFile(Buffer.from('x')))).rejects.toThrow('invalid storage key');
    await expect(storage.open('a/../../b.pdf')).rejects.toThrow('invalid storage key');
    expect(fake.requests).toEqual([]);
  });

  it('is chosen by FILE_STORAGE=s3 and its S3_* settings', async () => {
    const chosen = storageFromConfig({
      dataDir: dir,
      FILE_STORAGE: 's3',
      S3_BUCKET: fake.bucket,
      S3_PREFIX: 'cfg/',
      S3_ENDPOINT: fake.endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
    });
    const k = key('png');
    await chosen.put(k, tempFile(Buffer.from('png bytes')));
    expect(fake.objects.get(`cfg/${k}`)?.toString()).toBe('png bytes');
    expect((await drain(await chosen.open(k))).bytes.toString()).toBe('png bytes');
  });
});
