import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { openPostgres } from './db';

// A server whose database does not answer: calls get HTTP 503 with a message, the process stays up.
let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const database = await openPostgres('postgres://postgres@127.0.0.1:1/nowhere', 2);
  const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/erp-outage-test' }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

describe('database outage', () => {
  it('answers 503 with a message on calls and readiness, while health stays up', async () => {
    const login = await fetch(`${url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"admin","password":"x"}',
    });
    expect(login.status).toBe(503);
    expect(((await login.json()) as { message: string }).message).toBe('数据库暂时不可用，请稍后重试');
    const protectedCall = await fetch(`${url}/auth/base/api/user/getUserByToken`, {
      method: 'POST',
      headers: { authorization: 'Bearer abc', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(protectedCall.status).toBe(503);
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
