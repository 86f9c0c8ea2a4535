import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { sessions, users } from '../../db/schema';

let s: TestServer;
let proxied: TestServer;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-web-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>t</title>');
  [s, proxied] = await Promise.all([startTestServer({ WEB_DIST: webDist }), startTestServer({ TRUST_PROXY: ['127.0.0.1'] })]);
});
afterAll(async () => {
  await Promise.all([s.close(), proxied.close()]);
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('browser security headers (issue 25 §4)', () => {
  it('sends them on the app, the docs, an API answer and a refusal', async () => {
    for (const p of ['/', '/api/docs/', '/healthz', '/base_api/base/api/user/page', '/no/such/path']) {
      const res = await fetch(s.url + p, { method: p.includes('user/page') ? 'POST' : 'GET' });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, p).toContain("script-src 'self'");
      expect(csp, p).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp, p).toContain("frame-ancestors 'self'");
      expect(csp, p).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), p).toBe('same-origin');
      expect(res.headers.get('x-frame-options'), p).toBe('SAMEORIGIN');
      expect(res.headers.get('permissions-policy'), p).toContain('camera=()');
      // Plain HTTP: no HSTS (a browser would ignore it, and a first start on localhost must not be pinned).
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('adds HSTS when a trusted proxy says the request came over TLS', async () => {
    const res = await fetch(`${proxied.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const untrusted = await fetch(`${s.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('forwarded addresses (issue 25 §3)', () => {
  const signIn = (server: TestServer, forwarded: string) =>
    server.post('/auth/oauth/token', { username: 'emp01', password: 'Demo@123' }, null, { headers: { 'x-forwarded-for': forwarded } });
  const lastSessionIp = async (server: TestServer) => {
    const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'emp01'));
    const [row] = await server.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? 0))
      .orderBy(desc(sessions.id))
      .limit(1);
    return row?.ip;
  };

  it('ignores X-Forwarded-For by default: the address is the peer', async () => {
    expect((await signIn(s, '203.0.113.7')).code).toBe('200');
    expect(await lastSessionIp(s)).toBe('127.0.0.1');
  });

  it('believes it from a proxy named in TRUST_PROXY', async () => {
    expect((await signIn(proxied, '203.0.113.7')).code).toBe('200');
    expect(await lastSessionIp(proxied)).toBe('203.0.113.7');
  });

  it('cannot dodge the address limit with a forged header', async () => {
    for (let i = 0; i < 20; i++) {
      await s.post('/auth/oauth/token', { username: `nobody${i}`, password: 'x' }, null, { headers: { 'x-forwarded-for': `198.51.100.${i}` } });
    }
    const next = await signIn(s, '198.51.100.200');
    expect(next.status).toBe(429);
  });
});
