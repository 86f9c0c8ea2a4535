import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the certified `oidc-provider`) in the test process, with its
 * development sign-in pages (any login, any password). Accounts: the login is the subject and the
 * `preferred_username`; a login starting with `anon` has no `preferred_username` claim.
 *
 * `tamperNextIdToken` rewrites the ID token of the next token answer (re-signed with the
 * provider's own key, or another one): the refusals an attacker or a broken provider could cause.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the client of the ERP at `erpBase` (its callback and logout addresses); call before signing in. */
  register(erpBase: string): void;
  tamperNextIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>, opts?: { foreignKey?: boolean }): void;
  /** Stops answering (connections refused) until `resume`. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${b64url(sign('sha256', Buffer.from(`${head}.${body}`), key))}`;
}

export async function startTestProvider(): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = 'test-key';
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid, use: 'sig', alg: 'RS256' };

  let handler: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end('not configured');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'erp';
  const clientSecret = 'erp-client-secret-0123456789';
  let tamper: { change: (claims: Record<string, unknown>) => Record<string, unknown>; key: KeyObject } | null = null;

  return {
    issuer,
    clientId,
    clientSecret,
    register(erpBase) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [`${erpBase}/auth/sso/callback`],
            post_logout_redirect_uris: [`${erpBase}/auth/sso/logged-out`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [jwk as never] },
        cookies: { keys: ['test-cookie-key'] },
        claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
        // Keycloak and most providers put the profile claims into the ID token itself.
        conformIdTokenClaims: false,
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
        async findAccount(_ctx, id) {
          return {
            accountId: id,
            async claims() {
              return id.startsWith('anon') ? { sub: id } : { sub: id, preferred_username: id, name: `${id} name`, email: `${id}@example.com` };
            },
          };
        },
      });
      provider.use(async (ctx, next) => {
        await next();
        const body = ctx.body as { id_token?: string } | undefined;
        if (ctx.path === '/token' && tamper && body?.id_token) {
          const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1] as string, 'base64url').toString('utf8')) as Record<string, unknown>;
          ctx.body = { ...body, id_token: signJwt(tamper.change(claims), tamper.key, kid) };
          tamper = null;
        }
      });
      handler = provider.callback();
    },
    tamperNextIdToken(change, opts = {}) {
      tamper = { change, key: opts.foreignKey ? foreign : privateKey };
    },
    async pause() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async resume() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's cookies for one site, enough for the provider's and our sign-in cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, res: Response): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  clear(url: string): void {
    this.cookies.delete(new URL(url).host);
  }
}

/** Fetch without following redirects, with the jar's cookies. */
export async function visit(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) } });
  jar.store(url, res);
  return res;
}

/** Hidden and named inputs and the action of the first POST form of a page. */
function formOf(html: string, base: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in the provider's page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const input of (form[2] as string).matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
  }
  return { action: new URL((form[1] as string).replace(/&amp;/g, '&'), base).href, fields };
}

/**
 * Walks from our /auth/sso/login to the provider, signs `login` in on its page, consents, and
 * stops at the first address outside the provider (our callback). Answers that address.
 */
export async function signInAtProvider(jar: CookieJar, startUrl: string, issuer: string, login: string): Promise<string> {
  let url = startUrl;
  for (let step = 0; step < 20; step++) {
    const res = await visit(jar, url);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') as string, url).href;
      if (!next.startsWith(issuer)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const { action, fields } = formOf(html, url);
    if ('login' in fields || /name="login"/.test(html)) {
      fields.login = login;
      fields.password = 'any-password';
    }
    const posted = await visit(jar, action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    if (posted.status < 300 || posted.status >= 400) throw new Error(`provider form answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
    url = new URL(posted.headers.get('location') as string, action).href;
    if (!url.startsWith(issuer)) return url;
  }
  throw new Error('sign-in at the provider did not finish in 20 steps');
}
