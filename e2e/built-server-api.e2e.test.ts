import { describe, expect, it } from 'vitest';
import { baseUrl } from './harness';

/**
 * The wire format and the session rules once more, against the bundled server (server/dist/main.js,
 * NODE_ENV=production) the browser tests use: the API tests run the sources in-process, so this is
 * what shows the build itself answers the same.
 */
interface Answer<T = unknown> {
  status: number;
  code: string;
  message: string;
  data: T;
}

async function call<T = unknown>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  const res = await fetch(baseUrl() + path, init);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { status: res.status, code: '', message: await res.text(), data: null as T };
  const body = (await res.json()) as { code: string; message: string; data: T };
  return { status: res.status, ...body };
}

function post<T = unknown>(path: string, body: unknown, token?: string, raw = false): Promise<Answer<T>> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: raw ? (body as string) : JSON.stringify(body),
  });
}

const root = (body: unknown) => ({ ROOT: { header: {}, body } });

async function login(username: string): Promise<string> {
  const form = new FormData();
  form.set('username', username);
  form.set('password', 'Demo@123');
  const res = await call<{ access_token: string; user_name: string }>('/auth/oauth/token', { method: 'POST', body: form });
  expect(res.code).toBe('200');
  expect(res.data.user_name).toBe(username);
  return res.data.access_token;
}

describe('built server: wire format and session', () => {
  it('is alive and ready, serves the API document, answers unknown paths with 404', async () => {
    expect((await call('/healthz')).data).toEqual({ status: 'ok' });
    expect((await call<{ status: string }>('/readyz')).data.status).toBe('ready');
    const doc = (await fetch(`${baseUrl()}/api/docs/json`).then((r) => r.json())) as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
    const missing = await post('/no/such/call', {});
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('404');
  });

  it('signs in (multipart, urlencoded, JSON) and refuses a wrong password like an unknown user', async () => {
    await login('hr01');
    const urlencoded = await call<{ access_token: string }>('/auth/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=hr01&password=Demo%40123',
    });
    expect(urlencoded.code).toBe('200');
    const wrong = await post('/auth/oauth/token', { username: 'hr01', password: 'nope' });
    const unknown = await post('/auth/oauth/token', { username: 'nobody-here', password: 'nope' });
    expect(wrong.code).not.toBe('200');
    expect(wrong.message).toBe('用户名或密码错误');
    expect(unknown.message).toBe(wrong.message);
  });

  it('accepts ROOT-wrapped and plain bodies with the same answer', async () => {
    const token = await login('hr01');
    const query = { pageIndex: 1, pageSize: 5, sortField: 'realName', sortOrder: 'ascend' };
    const wrapped = await post<{ records: Array<{ userCode: string }>; total: number }>('/base_api/base/api/user/page', root(query), token);
    const plain = await post<{ records: Array<{ userCode: string }>; total: number }>('/base_api/base/api/user/page', query, token);
    expect(wrapped.code).toBe('200');
    expect(wrapped.data.records).toHaveLength(5);
    expect(plain.data).toEqual(wrapped.data);
  });

  it('refuses bad input naming the field and rule, malformed JSON and bodies over 1 MB', async () => {
    const token = await login('hr01');
    const invalid = await post<{ errors: Array<{ field: string; rule: string }> }>(
      '/base_api/base/api/user/page',
      root({ pageIndex: 'one', pageSize: 20 }),
      token,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.errors[0]?.field).toBe('pageIndex');
    const malformed = await post('/auth/oauth/token', '{"ROOT": {', undefined, true);
    expect(malformed.status).toBe(400);
    expect(malformed.message).toBe('请求体不是有效的JSON');
    const huge = await post('/auth/oauth/token', { username: 'x'.repeat(2 * 1024 * 1024), password: 'x' });
    expect(huge.status).toBe(413);
  });

  it('checks tokens and permissions: 401 without a token, 403 without the permission, 1004 after logout', async () => {
    expect((await post('/base_api/base/api/user/page', root({ pageIndex: 1, pageSize: 5 }))).status).toBe(401);
    const employee = await login('emp01');
    const forbidden = await post('/base_api/base/api/user/page', root({ pageIndex: 1, pageSize: 5 }), employee);
    expect(forbidden.status).toBe(403);
    expect(forbidden.message).toBe('没有权限执行此操作');
    const checked = await call<{ user_code: string }>(`/auth/oauth/check_token?token=${employee}`);
    expect(checked.data.user_code).toBe('emp01');
    expect((await post('/auth/oauth/logout', {}, employee)).code).toBe('200');
    const after = await post('/auth/base/api/user/getUserByToken', {}, employee);
    expect(after.status).toBe(401);
    expect(after.code).toBe('1004');
  });
});
