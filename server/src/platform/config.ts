import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BUSINESS_TIME_ZONE } from './business-time';
import { settingErrorOf } from './setting-errors';

const ZConfig = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    /** PostgreSQL server; when absent the embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: z
      .string()
      .refine((url) => url === '' || isPostgresUrl(url), 'not a postgres:// URL')
      .optional(),
    /**
     * Connections to DATABASE_URL per process. Fewer connections mean fewer backends competing for
     * the cores and a shorter tail for short reads; more keep transactions that wait on locks or
     * commits from queueing (docs/operations.md has the figures).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * `1`: statements a process runs often become server-side prepared statements, planned once per
     * connection. `0` for a pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
     */
    DATABASE_PREPARED_STATEMENTS: z.enum(['0', '1']).default('1'),
    DATA_DIR: z.string().default('./data'),
    /** `1`: an empty database (embedded or external) gets the demo data, whose accounts share one known password. */
    SEED_DEMO: z.enum(['0', '1']).optional(),
    /** Password of `admin` when an empty database is initialised without demo data (else one is generated and must be changed). */
    ADMIN_PASSWORD: z.string().optional(),
    REDIS_URL: z.string().optional(),
    /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; without it mail goes to the log and DATA_DIR/mail/. */
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('no-reply@localhost'),
    /** Append every SQL statement (text and parameters, JSON lines) to this file: for reviewing what calls send. */
    LOG_SQL_FILE: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(7),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
    /**
     * Proxies whose X-Forwarded-For / -Proto / -Host are believed: addresses or CIDRs, comma-separated
     * (`loopback`, `linklocal`, `uniquelocal` name the usual ranges). Default: none, so the address of
     * every limit and log line is the peer's own and a client cannot pick one.
     */
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every(isProxyAddress), 'TRUST_PROXY: addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16), comma-separated'),
    /** Directory with the built web app; served at / when it exists. */
    WEB_DIST: z.string().optional(),
    NODE_ENV: z.string().default('production'),
    /**
     * The company's time zone: "today" (birthdays, anniversaries, the time capsule's year) and the
     * months of the message centre are counted in it, whatever the server's own zone.
     */
    BUSINESS_TIME_ZONE: z
      .string()
      .default(DEFAULT_BUSINESS_TIME_ZONE)
      .refine((zone) => isTimeZone(zone), 'BUSINESS_TIME_ZONE: not an IANA time zone name'),
    /** Where uploaded files are kept: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket, S3_* below). */
    FILE_STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    /** Key prefix inside the bucket, e.g. `erp/`. */
    S3_PREFIX: z.string().optional(),
    S3_REGION: z.string().optional(),
    /** Endpoint of an S3-compatible store (MinIO, Ceph...); AWS S3 when absent. */
    S3_ENDPOINT: z.url().optional(),
    /** `1`: path-style addressing (http://host/bucket/key), which most self-hosted stores need. */
    S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
    /** Static credentials; without them the AWS SDK's default chain (AWS_* variables, profile, instance role) is used. */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /**
     * An OpenAI-compatible chat endpoint for the Xiaode assistant (e.g. https://api.example.com/v1;
     * `/chat/completions` is appended). With AI_API_KEY it gets the retrieved help passages and the
     * asker's own figures and streams the answer; without them the assistant answers from retrieval.
     */
    AI_BASE_URL: z.url().optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().default('gpt-4o-mini'),
    /** Port of a separate listener serving only /metrics without a token (for a network that only Prometheus reaches). */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Address of the METRICS_PORT listener; HOST when absent (e.g. 127.0.0.1 for a Prometheus on the same host). */
    METRICS_HOST: z.string().optional(),
    /** Bearer token that opens /metrics on the main port; without it /metrics answers 404 there. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
    /**
     * Single sign-on with the company's OpenID Connect provider (Keycloak, Authing, Entra ID, Okta...):
     * its issuer URL, from which everything else is discovered. Without it nothing changes.
     */
    OIDC_ISSUER: z
      .url()
      .refine((url) => url.startsWith('https://') || isLoopbackUrl(url), 'OIDC_ISSUER: must be https:// (http:// only on this host)')
      .optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    /** Without it the client is public (PKCE only); with it, a confidential client (client_secret_basic). */
    OIDC_CLIENT_SECRET: z.string().optional(),
    /** The ID token claim that holds our user code (`preferred_username`, an employee number claim), or `email` to match the user's e-mail. */
    OIDC_USER_CLAIM: z
      .string()
      .refine((v) => /^[\w.:-]{1,64}$/.test(v), 'OIDC_USER_CLAIM: a claim name, e.g. preferred_username')
      .default('preferred_username'),
    OIDC_SCOPES: z.string().default('openid profile email'),
    /** Role code given to a user signing in for the first time, who is then created; without it unknown users are refused. */
    OIDC_JIT_ROLE: z.string().optional(),
    /** Whom an unknown or disabled user should ask, shown on the refusal page (e.g. "IT 服务台，分机 8000"). */
    OIDC_CONTACT: z.string().max(100).default('系统管理员'),
    /** The address users reach (e.g. https://erp.example.com): the sign-on callback is built from it; else from the request. */
    PUBLIC_URL: z.url().optional(),
    /** `0`: password sign-in is hidden and refused (single sign-on only), except for PASSWORD_LOGIN_USERS. */
    PASSWORD_LOGIN: z.enum(['0', '1']).default('1'),
    /** Break-glass accounts that may still sign in with a password when PASSWORD_LOGIN=0, comma-separated user codes (e.g. `admin`). */
    PASSWORD_LOGIN_USERS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
  })
  .refine((c) => c.FILE_STORAGE !== 's3' || !!c.S3_BUCKET, { message: 'FILE_STORAGE=s3 needs S3_BUCKET', path: ['S3_BUCKET'] })
  .refine((c) => !c.METRICS_PORT || c.METRICS_PORT !== c.PORT, { message: 'METRICS_PORT must differ from PORT', path: ['METRICS_PORT'] })
  .refine((c) => !c.OIDC_ISSUER || !!c.OIDC_CLIENT_ID, { message: 'OIDC_ISSUER needs OIDC_CLIENT_ID', path: ['OIDC_CLIENT_ID'] })
  .refine((c) => c.PASSWORD_LOGIN === '1' || !!c.OIDC_ISSUER, {
    message: 'PASSWORD_LOGIN=0 needs OIDC_ISSUER (nobody could sign in)',
    path: ['PASSWORD_LOGIN'],
  });

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return true;
  const host = new URL(value).hostname;
  return value.startsWith('http://') && (host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host));
}

function isPostgresUrl(value: string): boolean {
  return URL.canParse(value) && /^postgres(ql)?:$/.test(new URL(value).protocol);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = z.output<typeof ZConfig> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const result = ZConfig.safeParse(env);
  if (!result.success) throw settingErrorOf(result.error, env);
  const parsed = result.data;
  return { ...parsed, dataDir: path.resolve(parsed.DATA_DIR), ...overrides };
}
