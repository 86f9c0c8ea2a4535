import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { CookieJar, signInAtProvider, startTestProvider, type TestProvider, visit } from '../../../test/oidc-provider.fixture';
import { ssoSessions, users } from '../../db/schema';
import { queryRows } from '../../platform/db';

let idp: TestProvider;
let s: TestServer;

beforeAll(async () => {
  idp = await startTestProvider();
  s = await startTestServer({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_CONTACT: 'IT 服务台（分机 8000）',
  });
  idp.register(s.url);
});
afterAll(async () => {
  await s.close();
  await idp.close();
});

const sessionCount = async () => (await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM sessions`))[0]?.n ?? 0;

/** The entry-page parameters of a redirect to `/#/entry?…`. */
function entryParams(location: string): URLSearchParams {
  const at = location.indexOf('#/entry');
  expect(at, `not the entry page: ${location}`).toBeGreaterThanOrEqual(0);
  expect(location.slice(0, at)).toBe(`${s.url}/`);
  return new URLSearchParams(location.slice(at + '#/entry'.length).replace(/^\?/, ''));
}

/** Signs `login` in at the provider and answers the callback address the provider sent the browser to. */
async function throughProvider(login: string, jar = new CookieJar()) {
  const callback = await signInAtProvider(jar, `${s.url}/auth/sso/login?redirect=${encodeURIComponent('/WorkBench/index')}`, idp.issuer, login);
  expect(callback.startsWith(`${s.url}/auth/sso/callback?`)).toBe(true);
  return { callback, jar };
}

/** Follows the callback as the browser would; answers the entry page's parameters. */
async function land(jar: CookieJar, callback: string): Promise<URLSearchParams> {
  const res = await visit(jar, callback);
  expect(res.status).toBe(302);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return entryParams(res.headers.get('location') as string);
}

describe('single sign-on with the company provider', () => {
  it('tells the entry page that single sign-on is on and password sign-in too', async () => {
    const info = await s.get<{ sso: boolean; passwordLogin: boolean; ssoContact: string }>('/base_api/base/api/anon/systemInfo');
    expect(info.data).toMatchObject({ sso: true, passwordLogin: true, ssoContact: 'IT 服务台（分机 8000）' });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, bound to the browser by a cookie', async () => {
    const res = await visit(new CookieJar(), `${s.url}/auth/sso/login?redirect=/x`);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') as string);
    expect(to.origin).toBe(idp.issuer);
    for (const p of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(p)?.length).toBeGreaterThanOrEqual(43);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(`${s.url}/auth/sso/callback`);
    expect(to.searchParams.get('scope')).toBe('openid profile email');
    const cookie = res.headers.getSetCookie()[0] as string;
    expect(cookie).toMatch(/^erp_sso_[0-9a-f]{16}=[\w-]{43}; Path=\/auth\/sso\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it('signs a user in at the provider and lands on /entry with our own token and the page asked for', async () => {
    const before = await sessionCount();
    const { callback, jar } = await throughProvider('emp01');
    const params = await land(jar, callback);
    expect(params.get('redirect')).toBe('/WorkBench/index');
    const token = params.get('access_token') as string;
    const user = await s.get<{ user_code: string }>('/auth/oauth/check_token', null, { token });
    expect(user.data.user_code).toBe('emp01');
    expect(await sessionCount()).toBe(before + 1);

    // The same callback again (a replayed state) is refused and creates nothing.
    const replay = await land(jar, callback);
    expect(replay.get('sso_error')).toBe('state');
    expect(replay.get('access_token')).toBeNull();
    expect(await sessionCount()).toBe(before + 1);
  });

  it('refuses a wrong state, and a callback carried to another browser', async () => {
    const before = await sessionCount();
    const { callback, jar } = await throughProvider('emp01');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect((await land(jar, forged.href)).get('sso_error')).toBe('state');
    // The attacker's own sign-in sent to a victim: the victim's browser lacks the attempt's cookie.
    expect((await land(new CookieJar(), callback)).get('sso_error')).toBe('state');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a callback without state and an error answer of the provider (the user cancelled)', async () => {
    expect((await land(new CookieJar(), `${s.url}/auth/sso/callback?code=abc`)).get('sso_error')).toBe('state');
    const jar = new CookieJar();
    const start = await visit(jar, `${s.url}/auth/sso/login`);
    const state = new URL(start.headers.get('location') as string).searchParams.get('state') as string;
    const cancelled = await land(jar, `${s.url}/auth/sso/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`);
    expect(cancelled.get('sso_error')).toBe('denied');
  });

  const tampered: Array<[string, (c: Record<string, unknown>) => Record<string, unknown>, boolean]> = [
    ['a wrong nonce', (c) => ({ ...c, nonce: 'another-nonce' }), false],
    ['another issuer', (c) => ({ ...c, iss: 'https://evil.example.com' }), false],
    ['another audience', (c) => ({ ...c, aud: 'another-client' }), false],
    ['an expired ID token', (c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }), false],
    ['an ID token signed with another key', (c) => c, true],
  ];
  for (const [what, change, foreignKey] of tampered) {
    it(`refuses ${what} without creating a session`, async () => {
      const before = await sessionCount();
      const { callback, jar } = await throughProvider('emp01');
      idp.tamperNextIdToken(change, { foreignKey });
      const params = await land(jar, callback);
      expect(params.get('sso_error')).toBe('token');
      expect(params.get('access_token')).toBeNull();
      expect(await sessionCount()).toBe(before);
    });
  }

  it('maps the claim to an existing user only: an unknown one is told whom to ask, never created', async () => {
    const before = await sessionCount();
    const { callback, jar } = await throughProvider('nobody01');
    const params = await land(jar, callback);
    expect(params.get('sso_error')).toBe('unknown_user');
    expect(params.get('account')).toBe('nobody01');
    expect(await s.db.select().from(users).where(eq(users.userCode, 'nobody01'))).toEqual([]);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a disabled user and an ID token without the user claim', async () => {
    await s.db.update(users).set({ enabled: false }).where(eq(users.userCode, 'user05'));
    try {
      const { callback, jar } = await throughProvider('user05');
      const params = await land(jar, callback);
      expect(params.get('sso_error')).toBe('disabled');
      expect(params.get('account')).toBe('user05');
    } finally {
      await s.db.update(users).set({ enabled: true }).where(eq(users.userCode, 'user05'));
    }
    const { callback, jar } = await throughProvider('anon7');
    expect((await land(jar, callback)).get('sso_error')).toBe('no_claim');
  });

  it('creates an unknown user only when OIDC_JIT_ROLE names a role, into that role', async () => {
    s.platform.config.OIDC_JIT_ROLE = 'employee';
    try {
      const { callback, jar } = await throughProvider('newcomer01');
      const params = await land(jar, callback);
      const token = params.get('access_token') as string;
      expect(token).toBeTruthy();
      const user = await s.get<{ user_code: string; realName: string; roleCodes: string[] }>('/auth/oauth/check_token', null, { token });
      expect(user.data).toMatchObject({ user_code: 'newcomer01', realName: 'newcomer01 name', roleCodes: ['employee'] });
    } finally {
      s.platform.config.OIDC_JIT_ROLE = undefined;
    }
  });

  it('logs out at the provider too (RP-initiated logout) and comes back to /entry?status=logout', async () => {
    const { callback, jar } = await throughProvider('hr01');
    const token = (await land(jar, callback)).get('access_token') as string;
    const [session] = await s.db.select().from(ssoSessions).orderBy(sql`created_at DESC`).limit(1);
    expect(session?.idToken).toMatch(/^ey/);

    const out = await s.post<{ endSessionUrl: string }>('/auth/oauth/logout', {}, token);
    expect(out.code).toBe('200');
    const end = new URL(out.data.endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(end.searchParams.get('id_token_hint')).toBe(session?.idToken);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${s.url}/auth/sso/logged-out`);
    expect((await s.get('/auth/oauth/check_token', null, { token })).code).toBe('1004');

    // At the provider: its confirmation form, then back to us, then to the entry page.
    const back = await signInAtProvider(jar, out.data.endSessionUrl, idp.issuer, 'hr01');
    expect(back.startsWith(`${s.url}/auth/sso/logged-out`)).toBe(true);
    const landed = await visit(jar, back);
    expect(entryParams(landed.headers.get('location') as string).get('status')).toBe('logout');
  });

  it('answers a plain logout (password session) without a provider address', async () => {
    const token = await s.login('emp01');
    const out = await s.post('/auth/oauth/logout', {}, token);
    expect(out).toMatchObject({ code: '200', data: null });
  });

  it('sends an expired session (code 1004 in the web) through the provider logout, back to the page it was on', async () => {
    const res = await visit(new CookieJar(), `${s.url}/auth/sso/logout?redirect=${encodeURIComponent('/hr/employee')}`);
    const end = new URL(res.headers.get('location') as string);
    expect(`${end.origin}${end.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(end.searchParams.get('state')).toBe('/hr/employee');
    const back = await visit(new CookieJar(), `${s.url}/auth/sso/logged-out?state=${encodeURIComponent('/hr/employee')}`);
    const params = entryParams(back.headers.get('location') as string);
    expect(params.get('status')).toBe('logout');
    expect(params.get('redirect')).toBe('/hr/employee');
    // No open redirect: another site, or a loop back to sign-in, lands on /.
    for (const evil of ['https://evil.example.com', '//evil.example.com', '/entry?x=1']) {
      const r = await visit(new CookieJar(), `${s.url}/auth/sso/logged-out?state=${encodeURIComponent(evil)}`);
      expect(entryParams(r.headers.get('location') as string).get('redirect')).toBeNull();
    }
  });

  it('says the provider is unavailable when it is down, and password sign-in still works', async () => {
    await idp.pause();
    try {
      const before = await sessionCount();
      const res = await visit(new CookieJar(), `${s.url}/auth/sso/login`);
      expect(entryParams(res.headers.get('location') as string).get('sso_error')).toBe('unavailable');
      expect(await sessionCount()).toBe(before);
      expect(await s.login('emp01')).toBeTruthy();
    } finally {
      await idp.resume();
    }
  });

  it('goes down mid-way: a callback whose code cannot be exchanged is refused as unavailable', async () => {
    const { callback, jar } = await throughProvider('emp01');
    await idp.pause();
    try {
      expect((await land(jar, callback)).get('sso_error')).toBe('unavailable');
    } finally {
      await idp.resume();
    }
  });
});

describe('PASSWORD_LOGIN=0', () => {
  it('refuses password sign-in and reset codes except for the break-glass accounts, and says so to the entry page', async () => {
    s.platform.config.PASSWORD_LOGIN = '0';
    s.platform.config.PASSWORD_LOGIN_USERS = ['admin'];
    try {
      const refused = await s.post('/auth/oauth/token', { username: 'emp01', password: 'Demo@123' }, null, { plain: true });
      expect(refused).toMatchObject({ status: 403, message: '本系统已关闭账号密码登录，请使用企业账号登录' });
      const wrongToo = await s.post('/auth/oauth/token', { username: 'emp01', password: 'wrong' }, null, { plain: true });
      expect(wrongToo.status).toBe(403);
      expect(await s.login('ADMIN')).toBeTruthy();
      const info = await s.get<{ sso: boolean; passwordLogin: boolean }>('/base_api/base/api/anon/systemInfo');
      expect(info.data).toMatchObject({ sso: true, passwordLogin: false });
      const code = await s.post('/base_api/base/api/anon/sendValidCode', { userCode: 'emp01' });
      expect(code.status).toBe(403);
      // Single sign-on still lets the same user in.
      const { callback, jar } = await throughProvider('emp01');
      expect((await land(jar, callback)).get('access_token')).toBeTruthy();
    } finally {
      s.platform.config.PASSWORD_LOGIN = '1';
      s.platform.config.PASSWORD_LOGIN_USERS = [];
    }
  });
});

describe('without single sign-on settings', () => {
  it('changes nothing: no button, the start goes back to the entry page', async () => {
    const issuer = s.platform.config.OIDC_ISSUER;
    s.platform.config.OIDC_ISSUER = undefined;
    try {
      const info = await s.get<{ sso: boolean; passwordLogin: boolean }>('/base_api/base/api/anon/systemInfo');
      expect(info.data).toMatchObject({ sso: false, passwordLogin: true });
      const res = await visit(new CookieJar(), `${s.url}/auth/sso/login?redirect=/a`);
      expect(entryParams(res.headers.get('location') as string).get('redirect')).toBe('/a');
    } finally {
      s.platform.config.OIDC_ISSUER = issuer;
    }
  });
});
