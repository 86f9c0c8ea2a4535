import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { roles, ssoLogins, ssoSessions, userRoles, users } from '../../db/schema';
import { hashPassword } from '../../platform/auth/passwords';
import { newToken } from '../../platform/auth/tokens';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { pinyinInitials } from '../../platform/pinyin';
import type { Platform } from '../../platform/platform';

/** How long a started sign-in may take at the provider. */
export const SSO_ATTEMPT_MS = 10 * 60_000;
/** Seconds a provider has to answer discovery, the token request or its keys. */
const PROVIDER_TIMEOUT_S = 5;
export const SSO_COOKIE = 'erp_sso';
export const SSO_PATHS = {
  login: '/auth/sso/login',
  callback: '/auth/sso/callback',
  logout: '/auth/sso/logout',
  loggedOut: '/auth/sso/logged-out',
} as const;

/**
 * Why a single sign-on ended without a session; the entry page shows the matching message
 * (`sso_error` in its address). Each is logged with the precise reason.
 */
export type SsoRefusal =
  /** No such attempt: a forged, replayed or expired `state`, or another browser's. */
  | 'state'
  /** The ID token failed a check: nonce, issuer, audience, expiry or signature. */
  | 'token'
  /** The provider answered with an error (the user cancelled, the code was refused). */
  | 'denied'
  /** The provider could not be reached. */
  | 'unavailable'
  /** The claim names no user of ours. */
  | 'unknown_user'
  | 'disabled'
  /** The ID token lacks the claim that names our user. */
  | 'no_claim';

export class SsoError extends Error {
  constructor(
    readonly refusal: SsoRefusal,
    readonly detail: string,
    /** The claim's value, for the unknown or disabled user's page. */
    readonly account?: string,
  ) {
    super(`${refusal}: ${detail}`);
    this.name = 'SsoError';
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** One cookie per attempt, so two sign-ins started in two tabs of one browser both finish. */
export const ssoCookieName = (state: string) => `${SSO_COOKIE}_${sha256(state).slice(0, 16)}`;

/** Only in-app paths are landing pages (no open redirect, no loop back to sign-in), as on the web. */
export function safeLanding(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('/entry') || value.startsWith('/login')) return '/';
  return value;
}

/** Maps what openid-client threw to one of our refusals. */
export function refusalOf(err: unknown): SsoRefusal {
  if (err instanceof SsoError) return err.refusal;
  if (err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError) return 'denied';
  const code = (err as { code?: string }).code ?? '';
  if (/^OAUTH_(JWT|JWS|INVALID_RESPONSE|JSON_ATTRIBUTE|RESPONSE_BODY|UNSUPPORTED)/.test(code) || code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED')
    return 'token';
  return 'unavailable';
}

export interface SsoLanding {
  token: string;
  landing: string;
  userId: number;
}

/**
 * Single sign-on with an OpenID Connect provider: authorization code flow with PKCE, `state` and
 * `nonce` (openid-client, discovery from OIDC_ISSUER). The provider is asked afresh at each sign-in,
 * so a provider that is down is found at the first click, not at the callback.
 */
export class SingleSignOn {
  constructor(private readonly platform: Platform) {}

  private get config(): Config {
    return this.platform.config;
  }

  private get db(): Db {
    return this.platform.db;
  }

  get enabled(): boolean {
    return !!this.config.OIDC_ISSUER && !!this.config.OIDC_CLIENT_ID;
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.config.OIDC_ISSUER as string);
    const secret = this.config.OIDC_CLIENT_SECRET;
    const configuration = await oidc.discovery(
      issuer,
      this.config.OIDC_CLIENT_ID as string,
      secret ? { client_secret: secret } : undefined,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      {
        timeout: PROVIDER_TIMEOUT_S,
        // The ID token's signature is checked against the provider's keys too, not only trusted
        // for having come over TLS; http:// is allowed for a provider on this host only (config.ts).
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
      },
    );
    configuration.timeout = PROVIDER_TIMEOUT_S;
    return configuration;
  }

  /**
   * Starts a sign-in: the provider's authorization address, and the cookie value that binds the
   * attempt to this browser (a callback carried to another browser is refused).
   */
  async start(base: string, landing: string): Promise<{ url: string; cookie: string; browser: string }> {
    const configuration = await this.discover();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const browser = randomBytes(32).toString('base64url');
    const redirectUri = `${base}${SSO_PATHS.callback}`;
    await this.db.delete(ssoLogins).where(lt(ssoLogins.createdAt, new Date(Date.now() - SSO_ATTEMPT_MS)));
    await this.db.insert(ssoLogins).values({
      stateHash: sha256(state),
      browserHash: sha256(browser),
      nonce,
      codeVerifier,
      redirectUri,
      landing: safeLanding(landing),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.config.OIDC_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, cookie: ssoCookieName(state), browser };
  }

  /**
   * The provider's answer: the attempt is taken (once), the code exchanged and the ID token checked
   * by openid-client (signature, issuer, audience, expiry, nonce), then the claim mapped to one of
   * our users and a session of ours created.
   */
  async finish(query: URLSearchParams, cookie: (name: string) => string | undefined, ip: string, userAgent: string | null): Promise<SsoLanding> {
    const state = query.get('state');
    if (!state) throw new SsoError('state', 'callback without state');
    const browser = cookie(ssoCookieName(state));
    const [attempt] = await this.db
      .delete(ssoLogins)
      .where(eq(ssoLogins.stateHash, sha256(state)))
      .returning();
    if (!attempt) throw new SsoError('state', 'unknown or already used state');
    if (attempt.createdAt.getTime() < Date.now() - SSO_ATTEMPT_MS) throw new SsoError('state', 'attempt expired');
    if (!browser || sha256(browser) !== attempt.browserHash) throw new SsoError('state', 'state started by another browser');

    const configuration = await this.discover();
    const callback = new URL(attempt.redirectUri);
    callback.search = query.toString();
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new SsoError('token', 'no ID token');
    const claimName = this.config.OIDC_USER_CLAIM;
    const value = claims[claimName];
    if (typeof value !== 'string' && typeof value !== 'number') throw new SsoError('no_claim', `ID token has no claim ${claimName}`);
    const account = String(value).trim().slice(0, 128);
    const user = await this.userOf(account, claims);
    if (!user.enabled) throw new SsoError('disabled', `user ${account} is disabled`, account);

    const token = newToken();
    const sessionId = await this.platform.sessions.create(user.id, ip, userAgent, token);
    // Sessions that ended (logout, expiry, the 10-session cap) no longer need their hint.
    await this.db.execute(sql`DELETE FROM sso_sessions s USING sessions x WHERE x.id = s.session_id AND (x.revoked_at IS NOT NULL OR x.expires_at < now())`);
    await this.db.insert(ssoSessions).values({ sessionId, idToken: tokens.id_token, subject: String(claims.sub).slice(0, 255) });
    return { token, landing: attempt.landing, userId: user.id };
  }

  /** The user the claim names; created only when OIDC_JIT_ROLE says so. */
  private async userOf(account: string, claims: oidc.IDToken): Promise<{ id: number; enabled: boolean }> {
    const byEmail = this.config.OIDC_USER_CLAIM === 'email';
    const [found] = await this.db
      .select({ id: users.id, enabled: users.enabled })
      .from(users)
      .where(byEmail ? eq(sql`lower(${users.email})`, account.toLowerCase()) : eq(sql`lower(${users.userCode})`, account.toLowerCase()))
      .limit(2);
    if (found) return found;
    const roleCode = this.config.OIDC_JIT_ROLE;
    if (!roleCode) throw new SsoError('unknown_user', `no user for ${this.config.OIDC_USER_CLAIM}=${account}`, account);
    const [role] = await this.db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode)).limit(1);
    if (!role) throw new SsoError('unknown_user', `OIDC_JIT_ROLE=${roleCode} names no role`, account);
    const userCode = (byEmail ? account.split('@')[0] || account : account).slice(0, 64);
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 64) : userCode;
    const email = typeof claims.email === 'string' ? claims.email.slice(0, 128) : byEmail ? account : null;
    // The password is random and never told: this account signs in through the provider only.
    const [created] = await this.db
      .insert(users)
      .values({ userCode, realName: name, namePinyin: pinyinInitials(name), email, passwordHash: await hashPassword(randomBytes(24).toString('base64url')) })
      .onConflictDoNothing()
      .returning({ id: users.id, enabled: users.enabled });
    if (!created) throw new SsoError('unknown_user', `user code ${userCode} is taken by another account`, account);
    await this.db.insert(userRoles).values({ userId: created.id, roleId: role.id });
    this.platform.log.info({ userId: created.id, userCode, roleCode }, 'single sign-on: user created on first sign-in');
    return created;
  }

  /**
   * Where the browser ends the provider's session (RP-initiated logout), or null when there is no
   * such session, the provider has no end-session endpoint or cannot be reached.
   */
  async endSessionUrl(base: string, opts: { sessionId?: number; landing?: string }): Promise<string | null> {
    if (!this.enabled) return null;
    let idToken: string | undefined;
    if (opts.sessionId !== undefined) {
      const [row] = await this.db.delete(ssoSessions).where(eq(ssoSessions.sessionId, opts.sessionId)).returning({ idToken: ssoSessions.idToken });
      if (!row) return null;
      idToken = row.idToken;
    }
    let configuration: oidc.Configuration;
    try {
      configuration = await this.discover();
    } catch (err) {
      this.platform.log.warn({ err }, 'single sign-on: provider unreachable at logout; its session stays');
      return null;
    }
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    const params: Record<string, string> = {
      client_id: this.config.OIDC_CLIENT_ID as string,
      post_logout_redirect_uri: `${base}${SSO_PATHS.loggedOut}`,
    };
    if (idToken) params.id_token_hint = idToken;
    if (opts.landing && opts.landing !== '/') params.state = opts.landing;
    return oidc.buildEndSessionUrl(configuration, params).href;
  }
}
