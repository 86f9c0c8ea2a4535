import { defineCall } from '@erp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../test/harness';
import { implement } from './http/context';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('platform', () => {
  it('health and readiness', async () => {
    expect((await s.get('/healthz')).data).toEqual({ status: 'ok' });
    const ready = await s.get<{ status: string; migrations: number }>('/readyz');
    expect(ready.data.status).toBe('ready');
    expect(ready.data.migrations).toBeGreaterThan(0);
  });

  it('sends answers as UTF-8 JSON with their length, Chinese text intact', async () => {
    const token = await s.login('admin');
    const res = await fetch(`${s.url}/base_api/base/api/user/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ pageIndex: 1, pageSize: 5 }),
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const body = JSON.parse(bytes.toString('utf8')) as { code: string; message: string; data: { records: Array<{ realName: string }> } };
    expect(body).toMatchObject({ code: '200', message: '操作成功' });
    expect(body.data.records.some((r) => /[\u4e00-\u9fff]/.test(r.realName))).toBe(true);
  });

  it('unknown paths answer 404 with a message', async () => {
    const res = await s.post('/no/such/call', {});
    expect(res.status).toBe(404);
    expect(res.code).toBe('404');
    expect(res.message).toContain('/no/such/call');
  });

  it('serves the OpenAPI document and its interactive page', async () => {
    const doc = await fetch(`${s.url}/api/docs/json`).then((r) => r.json() as Promise<{ openapi: string; paths: Record<string, unknown> }>);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/auth/oauth/token');
    const page = await fetch(`${s.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });

  it('answers English messages to English clients', async () => {
    const res = await s.post('/auth/oauth/token', { username: 'x', password: 'y' }, null, { headers: { 'accept-language': 'en-US' } });
    expect(res.message).toBe('Wrong user name or password');
  });

  it('answers internal errors with a request id and no stack trace', async () => {
    const boom = defineCall({
      method: 'POST',
      path: '/test/boom',
      requestKind: 'json',
      request: z.object({}),
      data: z.null(),
      permission: 'public',
      summary: 'x',
      fromSpec: false,
    });
    const routes = implement(
      { boom },
      {
        boom: async () => {
          throw new Error('secret internal detail');
        },
      },
    );
    const { buildApp } = await import('../app');
    const { app } = await buildApp({ config: s.platform.config, database: s.database, modules: [{ name: 'boom', routes: () => routes }] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/test/boom`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const body = (await res.json()) as { code: string; message: string };
    expect(res.status).toBe(500);
    expect(body.code).toBe('500');
    expect(body.message).toContain(res.headers.get('x-request-id') as string);
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
    await app.close();
  });
});
