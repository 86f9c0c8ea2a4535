import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../../platform/platform';
import { refusalOf, type SingleSignOn, SSO_ATTEMPT_MS, SSO_PATHS, SsoError, safeLanding, ssoCookieName } from './sso';

/** The address users reach: PUBLIC_URL, else the request's own scheme and host (TRUST_PROXY decides whose headers count). */
export function publicBase(platform: Platform, req: FastifyRequest): string {
  const configured = platform.config.PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return `${req.protocol}://${req.host}`;
}

/** The entry page of the web app (hash routes) with these parameters. */
export function entryAddress(base: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  const text = query.toString();
  return `${base}/#/entry${text ? `?${text}` : ''}`;
}

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The cookie that binds an attempt to the browser: sent back only to the callback, and on the provider's redirect (Lax). */
function ssoCookie(base: string, name: string, value: string, maxAgeSeconds: number): string {
  const secure = base.startsWith('https://') ? '; Secure' : '';
  return `${name}=${value}; Path=${SSO_PATHS.callback}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

const queryOf = (req: FastifyRequest) => new URL(req.url, 'http://local').searchParams;

/**
 * The browser's side of single sign-on (navigations, not JSON calls): start at the provider,
 * come back with a session of ours to `/entry?access_token=…&redirect=…` (spec 000), and end
 * the provider's session at logout or expiry.
 */
export function registerSsoRoutes(app: FastifyInstance, platform: Platform, sso: SingleSignOn): void {
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get(SSO_PATHS.login, async (req, reply) => {
    const base = publicBase(platform, req);
    const landing = safeLanding(queryOf(req).get('redirect'));
    noStore(reply);
    if (!sso.enabled) return reply.redirect(entryAddress(base, { redirect: landing === '/' ? undefined : landing }));
    try {
      const { url, cookie, browser } = await sso.start(base, landing);
      return reply.header('set-cookie', ssoCookie(base, cookie, browser, SSO_ATTEMPT_MS / 1000)).redirect(url);
    } catch (err) {
      req.log.warn({ err }, 'single sign-on: the provider could not be reached');
      return reply.redirect(entryAddress(base, { sso_error: 'unavailable' }));
    }
  });

  app.get(SSO_PATHS.callback, async (req, reply) => {
    const base = publicBase(platform, req);
    const query = queryOf(req);
    const state = query.get('state');
    noStore(reply);
    if (state) reply.header('set-cookie', ssoCookie(base, ssoCookieName(state), '', 0));
    if (!sso.enabled) return reply.redirect(entryAddress(base, {}));
    try {
      const done = await sso.finish(query, (name) => cookieOf(req, name), req.ip, req.headers['user-agent'] ?? null);
      req.log.info({ userId: done.userId }, 'single sign-on: signed in');
      return reply.redirect(entryAddress(base, { access_token: done.token, redirect: done.landing === '/' ? undefined : done.landing }));
    } catch (err) {
      const refusal = refusalOf(err);
      req.log.warn({ refusal, reason: err instanceof SsoError ? err.detail : String((err as Error).message ?? err) }, 'single sign-on refused');
      return reply.redirect(entryAddress(base, { sso_error: refusal, account: err instanceof SsoError ? err.account : undefined }));
    }
  });

  // The 1004 path of the web (an expired session) and any "log out everywhere" link.
  app.get(SSO_PATHS.logout, async (req, reply) => {
    const base = publicBase(platform, req);
    const landing = safeLanding(queryOf(req).get('redirect'));
    noStore(reply);
    const url = await sso.endSessionUrl(base, { landing });
    return reply.redirect(url ?? entryAddress(base, { status: 'logout', redirect: landing === '/' ? undefined : landing }));
  });

  // post_logout_redirect_uri: the provider's session is over.
  app.get(SSO_PATHS.loggedOut, async (req, reply) => {
    const base = publicBase(platform, req);
    const landing = safeLanding(queryOf(req).get('state'));
    return noStore(reply).redirect(entryAddress(base, { status: 'logout', redirect: landing === '/' ? undefined : landing }));
  });
}
