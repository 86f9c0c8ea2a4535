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
  })
  .refine((c) => c.FILE_STORAGE !== 's3' || !!c.S3_BUCKET, { message: 'FILE_STORAGE=s3 needs S3_BUCKET', path: ['S3_BUCKET'] });

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
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
