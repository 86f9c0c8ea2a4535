import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { type FakeS3, startFakeS3 } from './fake-s3.fixture';

let fake: FakeS3;
let s: TestServer;
let hr: string;
beforeAll(async () => {
  fake = await startFakeS3();
  s = await startTestServer({
    FILE_STORAGE: 's3',
    S3_BUCKET: fake.bucket,
    S3_ENDPOINT: fake.endpoint,
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test',
  });
  hr = await s.login('hr01');
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

describe('files on S3-compatible storage (FILE_STORAGE=s3)', () => {
  it('uploads into the bucket, downloads from it, and a soft delete keeps the object', async () => {
    // 9 MB: more than one 8 MB part, so the upload is a multipart one.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(9 * 1024 * 1024)]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), '合同.pdf');
    const up = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${hr}` } });
    expect(up.code).toBe('200');
    const entry = up.data as { id: number; filePath: string; sha256: string };
    expect(fake.objects.get(entry.filePath)?.length).toBe(bytes.length);
    expect(fake.requests.some((r) => 'uploads' in r.query)).toBe(true);
    expect(entry.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const res = await fetch(`${s.url}/file_api/file/fileUrl/downLoadById`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hr}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: entry.id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex'),
    ).toBe(entry.sha256);

    expect((await s.post('/file_api/file/fileUrl/deleteProFile', { id: entry.id }, hr)).code).toBe('200');
    expect(fake.objects.has(entry.filePath)).toBe(true);
  });

  it('answers 404 when the object is gone from the bucket', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'gone.pdf');
    const up = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${hr}` } });
    const entry = up.data as { id: number; filePath: string };
    fake.objects.delete(entry.filePath);
    const res = await s.post('/file_api/file/fileUrl/downLoadById', { id: entry.id }, hr);
    expect(res.status).toBe(404);
    expect(res.message).toBe('文件内容已丢失');
  });
});
