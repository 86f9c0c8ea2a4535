import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
const tmpFiles = () => {
  const dir = path.join(s.platform.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('what a stranger may send (issue 25 §1)', () => {
  it('refuses a file part on sign-in without writing it anywhere', async () => {
    const form = new FormData();
    form.set('username', 'admin');
    form.set('password', 'Demo@123');
    form.set('file', new Blob([Buffer.alloc(2 * 1024 * 1024, 1)]), 'big.bin');
    const res = await s.raw('/auth/oauth/token', { method: 'POST', body: form });
    expect(res.status).toBe(413);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses many or long fields on sign-in', async () => {
    const many = new FormData();
    for (let i = 0; i < 20; i++) many.set(`f${i}`, 'x');
    expect((await s.raw('/auth/oauth/token', { method: 'POST', body: many })).status).toBe(413);
    const long = new FormData();
    long.set('username', 'admin');
    long.set('password', 'x'.repeat(100_000));
    expect((await s.raw('/auth/oauth/token', { method: 'POST', body: long })).status).toBe(413);
  });

  it('bounds JSON and form bodies of public calls to a few KB', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'Demo@123', pad: 'x'.repeat(20_000) });
    const json = await s.raw('/auth/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(json.status).toBe(413);
    const form = await s.raw('/base_api/base/api/anon/sendValidCode', { method: 'POST', body: new URLSearchParams({ userCode: 'x'.repeat(20_000) }) });
    expect(form.status).toBe(413);
  });

  it('still signs in with form fields or JSON', async () => {
    const form = new FormData();
    form.set('username', 'admin');
    form.set('password', 'Demo@123');
    form.set('grant_type', 'password');
    expect((await s.raw('/auth/oauth/token', { method: 'POST', body: form })).code).toBe('200');
    expect((await s.post('/auth/oauth/token', { username: 'admin', password: 'Demo@123' }, null, { plain: true })).code).toBe('200');
  });

  it('reads an upload of a protected call only after authentication', async () => {
    const form = new FormData();
    form.set('file', new Blob([Buffer.alloc(1024 * 1024, 1)]), 'a.png');
    const res = await s.raw('/base_api/base/api/file/upload', { method: 'POST', body: form });
    expect(res.status).toBe(401);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a NUL character in any text field with a 400 naming the field', async () => {
    const token = await s.login('admin');
    const res = await s.post('/base_api/base/api/user/page', { pageIndex: 1, pageSize: 10, realName: 'a\u0000b' }, token);
    expect(res.status).toBe(400);
    expect(res.message).toContain('realName');
    const login = await s.post('/auth/oauth/token', { username: 'adm\u0000in', password: 'Demo@123' });
    expect(login.status).toBe(400);
  });
});
