import type { z } from 'zod';

/**
 * A setting (environment variable) the server cannot start with. Its message is the one line an
 * operator reads: the setting, what is wrong with it and a value that would do.
 */
export class SettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

/** A right value of each setting, for the message that refuses a wrong one. */
const EXAMPLES: Record<string, string> = {
  PORT: '8080',
  DATABASE_URL: 'postgres://erp:secret@db.example.com:5432/erp',
  DATABASE_POOL_SIZE: '10',
  DATABASE_PREPARED_STATEMENTS: '1',
  SEED_DEMO: '1',
  REDIS_URL: 'redis://redis.example.com:6379',
  LOG_LEVEL: 'info',
  SESSION_IDLE_HOURS: '12',
  SESSION_ABSOLUTE_DAYS: '7',
  LOGIN_MAX_FAILURES: '5',
  LOGIN_LOCK_MINUTES: '15',
  BUSINESS_TIME_ZONE: 'Asia/Shanghai',
  FILE_STORAGE: 'local',
  S3_BUCKET: 'erp-files',
  S3_ENDPOINT: 'http://minio.example.com:9000',
  S3_FORCE_PATH_STYLE: '1',
  METRICS_PORT: '9464',
  METRICS_TOKEN: 'a long random string',
};

/** What is wrong, in words, for the kinds of issue our settings can have. */
function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return 'not a number';
      if (issue.expected === 'int') return 'not a whole number';
      return `not a ${issue.expected}`;
    case 'too_small':
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'not a URL' : `not a valid ${issue.format}`;
    default:
      return issue.message.replace(/^[A-Z_0-9]+:\s*/, '');
  }
}

/** One line for every refused setting, e.g. `PORT="abc": not a number (e.g. PORT=8080)`. */
export function settingErrorOf(error: z.ZodError, env: NodeJS.ProcessEnv): SettingError {
  const parts = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'settings');
    const value = env[name];
    const shown = value === undefined ? `${name} (not set)` : `${name}=${JSON.stringify(secretHidden(name, value))}`;
    const example = EXAMPLES[name];
    return `${shown}: ${problemOf(issue)}${example ? ` (e.g. ${name}=${example})` : ''}`;
  });
  return new SettingError(`Invalid setting: ${parts.join('; ')}`);
}

/** A URL's password never reaches the terminal or a log collector. */
export function secretHidden(name: string, value: string): string {
  if (/PASSWORD|SECRET|TOKEN/.test(name)) return '***';
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}
