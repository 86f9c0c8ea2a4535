import { allCalls } from '@erp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/**
 * Every call declared in the contract, as a stranger and as an employee without permissions: a
 * new call cannot ship unprotected, whatever its handler does.
 */
let s: TestServer;
let employee: string;
beforeAll(async () => {
  s = await startTestServer();
  // emp02 holds the employee role only: no permission code.
  employee = await s.login('emp02');
});
afterAll(() => s.close());

const calls = allCalls();
const send = (method: string, path: string, token?: string) =>
  fetch(s.url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });

describe('authorization matrix (issue 25)', () => {
  it('covers the whole contract', () => {
    expect(calls.filter((c) => c.call.permission !== 'public').length).toBeGreaterThan(150);
  });

  it('answers 401 to every non-public call without a token', async () => {
    const open: string[] = [];
    for (const { group, name, call } of calls.filter((c) => c.call.permission !== 'public')) {
      const res = await send(call.method, call.path);
      if (res.status !== 401) open.push(`${group}.${name} ${call.method} ${call.path} → ${res.status}`);
    }
    expect(open).toEqual([]);
  });

  it('answers 403 to an employee without permissions on every permission-guarded call', async () => {
    const open: string[] = [];
    for (const { group, name, call } of calls.filter((c) => c.call.permission !== 'public' && c.call.permission !== 'login')) {
      const res = await send(call.method, call.path, employee);
      if (res.status !== 403) open.push(`${group}.${name} ${call.method} ${call.path} (${call.permission}) → ${res.status}`);
    }
    expect(open).toEqual([]);
  });
});
