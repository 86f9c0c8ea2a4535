import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { files } from '../../db/schema';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00');

let s: TestServer;
let hr: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [hr, emp] = await Promise.all([s.login('hr01'), s.login('emp01')]);
});
afterAll(() => s.close());

interface Entry {
  id: number;
  fileId: string;
  fileName: string;
  filePath: string;
  fileSize: number;
  fileSuffix: string;
  sha256: string;
}

function form(parts: Array<[string, Buffer, string]>, fields: Record<string, string> = {}, field = 'file'): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const [name, bytes, type] of parts) f.append(field, new Blob([bytes], { type }), name);
  return f;
}

const upload = (path: string, body: FormData, token: string | null) =>
  s.raw(path, { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function count(): Promise<number> {
  return (await s.db.select({ id: files.id }).from(files)).length;
}

describe('uploads', () => {
  it('stores a good file with a generated name and its SHA-256', async () => {
    const res = await upload(
      '/file_api/file/fileUrl/upload',
      form([['简历 v2.pdf', PDF, 'application/pdf']], { moduleName: 'hr', functionName: 'resume' }),
      emp,
    );
    expect(res.code).toBe('200');
    const entry = res.data as Entry & Record<string, unknown>;
    expect(entry).toMatchObject({
      fileName: '简历 v2.pdf',
      fileNameWithoutSuffix: '简历 v2',
      fileSuffix: 'pdf',
      fileSize: PDF.length,
      status: '001',
      fileType: 'document',
      moduleName: 'hr',
    });
    expect(entry.filePath).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(entry.fileId).toMatch(/^[0-9a-f]{32}$/);
    const { createHash } = await import('node:crypto');
    expect(entry.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));

    const dl = await fetch(`${s.url}/file_api/file/fileUrl/downLoadById`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emp}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: entry.id }),
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain("filename*=UTF-8''%E7%AE%80%E5%8E%86%20v2.pdf");
    expect(Buffer.from(await dl.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('adds files to a group in one batch, all or nothing', async () => {
    const first = await upload(
      '/base_api/base/api/file/uploadBatch',
      form(
        [
          ['a.png', PNG, 'image/png'],
          ['b.pdf', PDF, 'application/pdf'],
        ],
        {},
        'files',
      ),
      emp,
    );
    expect(first.code).toBe('200');
    const [a] = first.data as Entry[];
    const before = await count();
    const mixed = await upload(
      '/file_api/file/fileUrl/uploads',
      form(
        [
          ['c.png', PNG, 'image/png'],
          ['evil.pdf', EXE, 'application/pdf'],
        ],
        { fileId: a?.fileId ?? '' },
        'files',
      ),
      emp,
    );
    expect(mixed.status).toBe(400);
    expect(mixed.message).toBe('请上传符合类型的文件');
    expect(await count()).toBe(before);
    const more = await upload('/file_api/file/fileUrl/uploads', form([['c.png', PNG, 'image/png']], { fileId: a?.fileId ?? '' }, 'files'), emp);
    expect(more.code).toBe('200');
    const group = await s.post<Entry[]>('/file_api/file/fileUrl/fileInfoByFileId', { fileId: a?.fileId }, emp);
    expect(group.data.map((e) => e.fileName)).toEqual(['a.png', 'b.pdf', 'c.png']);
    // Someone else cannot add to the group, nor list it.
    const foreign = await upload('/file_api/file/fileUrl/uploads', form([['x.png', PNG, 'image/png']], { fileId: a?.fileId ?? '' }), hr);
    expect(foreign.status).toBe(403);
    expect((await s.post<Entry[]>('/file_api/file/fileUrl/fileInfoByFileId', { fileId: a?.fileId }, hr)).data).toEqual([]);
  });

  it('refuses wrong, renamed, empty, path-like, too many and missing files, storing nothing', async () => {
    const before = await count();
    const cases: Array<[Array<[string, Buffer, string]>, string]> = [
      [[['setup.exe', EXE, 'application/octet-stream']], '请上传符合类型的文件'],
      [[['photo.png', EXE, 'image/png']], '请上传符合类型的文件'],
      [[['notes.txt', Buffer.from('hello'), 'text/plain']], '请上传符合类型的文件'],
      [[['empty.pdf', Buffer.alloc(0), 'application/pdf']], '文件不能为空'],
      [[['../../x.pdf', PDF, 'application/pdf']], '文件名不合法'],
      [[['..\\..\\x.pdf', PDF, 'application/pdf']], '文件名不合法'],
    ];
    for (const [parts, message] of cases) {
      const res = await upload('/file_api/file/fileUrl/upload', form(parts), emp);
      expect(res.status, parts[0]?.[0]).toBe(400);
      expect(res.message).toBe(message);
    }
    const eleven = Array.from({ length: 11 }, (_, i): [string, Buffer, string] => [`${i}.png`, PNG, 'image/png']);
    const tooMany = await upload('/file_api/file/fileUrl/uploads', form(eleven, {}, 'files'), emp);
    expect(tooMany.message).toBe('最多可上传10个文件！');
    const none = await upload('/file_api/file/fileUrl/upload', form([], { moduleName: 'hr' }), emp);
    expect(none.message).toBe('请选择要上传的文件');
    const two = await upload(
      '/file_api/file/fileUrl/upload',
      form([
        ['a.png', PNG, 'image/png'],
        ['b.png', PNG, 'image/png'],
      ]),
      emp,
    );
    expect(two.message).toBe('最多可上传1个文件！');
    const anon = await upload('/file_api/file/fileUrl/upload', form([['a.png', PNG, 'image/png']]), null);
    expect(anon.status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('refuses a file over 100 MB while streaming it, keeping nothing', async () => {
    const before = await count();
    const big = Buffer.alloc(100 * 1024 * 1024 + 10, 0);
    PDF.copy(big);
    const res = await upload('/file_api/file/fileUrl/upload', form([['big.pdf', big, 'application/pdf']]), emp);
    expect(res.status).toBe(413);
    expect(res.message).toBe('文件大小不能超过100M');
    expect(await count()).toBe(before);
  });
});

describe('reading files', () => {
  let mine: Entry;
  beforeAll(async () => {
    mine = (await upload('/file_api/file/fileUrl/upload', form([['证件.png', PNG, 'image/png']]), emp)).data as Entry;
  });

  it("hides another user's file from download, preview, key download and delete", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${s.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${hr}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/file_api/file/fileUrl/downLoadById', { id: mine.id })).status).toBe(404);
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: mine.id }, hr)).status).toBe(404);
    expect((await s.get('/base_api/base/api/file/preview', hr, { fileFullName: mine.filePath })).status).toBe(404);
    expect((await s.get('/base_api/base/api/file/download', hr, { fileFullName: mine.filePath })).status).toBe(404);
    expect((await s.get('/base_api/base/api/fileInfo/download', hr, { id: mine.id })).status).toBe(404);
    expect((await s.get('/base_api/base/api/fileInfo/download', null, { id: mine.id })).status).toBe(401);
    expect((await s.post('/file_api/file/fileUrl/deleteProFile', { id: mine.id }, hr)).status).toBe(404);
    // The administrator may read it.
    const admin = await s.login('admin');
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: mine.id }, admin)).code).toBe('200');
  });

  it('opens a file through a signed link without a token, and refuses forged or expired ones', async () => {
    const link = await s.post<{ url: string; expiresAt: number; inline: boolean }>('/file_api/file/fileUrl/previewFile', { id: mine.id }, emp);
    expect(link.data.inline).toBe(true);
    const ok = await fetch(s.url + link.data.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('content-disposition')).toMatch(/^inline/);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);

    const u = new URL(s.url + link.data.url);
    const forged = new URL(u);
    forged.searchParams.set('signature', `${u.searchParams.get('signature')?.slice(0, -2)}AA`);
    expect((await fetch(forged)).status).toBe(403);
    const otherFile = new URL(u);
    otherFile.searchParams.set('id', String(mine.id + 1));
    expect((await fetch(otherFile)).status).toBe(403);
    const longer = new URL(u);
    longer.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 1000));
    expect((await fetch(longer)).status).toBe(403);

    const service = s.platform.services.get('files') as import('./file.service').FileService;
    const row = (await s.db.select().from(files).where(eq(files.id, mine.id)))[0];
    if (!row) throw new Error('row');
    const expired = await service.link(row, Date.now() - 10 * 60_000);
    const res = await fetch(s.url + expired.url);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('链接无效或已过期');

    const keyLink = await service.keyLink(row);
    expect((await fetch(s.url + keyLink)).status).toBe(200);
  });

  it('soft-deletes the owner’s file, after which nobody reads it', async () => {
    const del = await s.post('/file_api/file/fileUrl/deleteProFile', { id: mine.id }, emp);
    expect(del.code).toBe('200');
    const row = (await s.db.select().from(files).where(eq(files.id, mine.id)))[0];
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: mine.id }, emp)).status).toBe(404);
    expect((await s.post('/file_api/file/fileUrl/deleteProFile', { id: mine.id }, emp)).status).toBe(404);
  });
});

describe('every upload and read path', () => {
  it('answers the same entry shape on each upload path, and reads by id, key and preview', async () => {
    for (const path of ['/file_api/file/fileUrl/uploadByAlSj', '/base_api/base/api/file/upload']) {
      const res = await upload(path, form([['a.pdf', PDF, 'application/pdf']], { userId: '1' }), emp);
      expect(res.code, path).toBe('200');
      expect(res.data).toMatchObject({ fileName: 'a.pdf', status: '001' });
    }
    const entry = (await upload('/base_api/base/api/file/upload', form([['b.png', PNG, 'image/png']]), emp)).data as Entry;
    const byId = await fetch(`${s.url}/base_api/base/api/fileInfo/download?id=${entry.id}`, { headers: { authorization: `Bearer ${emp}` } });
    expect(byId.status).toBe(200);
    expect(byId.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await byId.arrayBuffer()).equals(PNG)).toBe(true);
    const byKey = await fetch(`${s.url}/base_api/base/api/file/download?fileFullName=${encodeURIComponent(entry.filePath)}`, {
      headers: { authorization: `Bearer ${emp}` },
    });
    expect(byKey.status).toBe(200);
    const preview = await s.get<{ url: string; inline: boolean }>('/base_api/base/api/file/preview', emp, { id: entry.id });
    expect(preview.data.inline).toBe(true);
    expect((await fetch(s.url + preview.data.url)).status).toBe(200);
  });

  it('refuses malformed requests with a clear message', async () => {
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: 'abc' }, emp)).status).toBe(400);
    expect((await s.post('/file_api/file/fileUrl/fileInfoByFileId', {}, emp)).status).toBe(400);
    expect((await s.get('/base_api/base/api/file/download', emp, { fileFullName: '../../etc/passwd' })).status).toBe(404);
    expect((await s.get('/base_api/base/api/fileInfo/download', null, { id: 1, expires: 'x', signature: 'y' })).status).toBe(400);
    const badGroup = await upload('/file_api/file/fileUrl/upload', form([['a.pdf', PDF, 'application/pdf']], { fileId: '../x' }), emp);
    expect(badGroup.status).toBe(400);
    const unknownGroup = await upload('/file_api/file/fileUrl/upload', form([['a.pdf', PDF, 'application/pdf']], { fileId: 'f'.repeat(32) }), emp);
    expect(unknownGroup.status).toBe(404);
    // A JSON body instead of a form: no file.
    expect((await s.post('/file_api/file/fileUrl/upload', { file: 'x' }, emp)).message).toBe('请选择要上传的文件');
  });
});
