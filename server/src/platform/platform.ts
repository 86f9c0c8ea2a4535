import type { FastifyBaseLogger } from 'fastify';
import { LoginLimiter } from './auth/login-limiter';
import { SessionStore } from './auth/sessions';
import type { Config } from './config';
import type { Database, Db } from './db';
import { Draining } from './http/draining';

/**
 * The shared services every module reaches through its call context. Modules that own a
 * platform service (live channel, file storage) attach it in their `setup` step.
 */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  sessions: SessionStore;
  /** Failed sign-ins and reset codes (per account and address, in the database). */
  loginLimiter: LoginLimiter;
  log: FastifyBaseLogger;
  /** The first phase of a shutdown: readiness 503, new requests refused, accepted ones awaited. */
  draining: Draining;
  /** Services registered by modules at start (e.g. `live`, `storage`), by name. */
  services: Map<string, unknown>;
}

export function createPlatform(config: Config, database: Database, log: FastifyBaseLogger): Platform {
  database.onConnectionError?.((err) => log.warn({ err }, 'database connection lost; the pool opens a new one on the next query'));
  return {
    config,
    database,
    db: database.db,
    sessions: new SessionStore(database.db, {
      idleMs: config.SESSION_IDLE_HOURS * 3600_000,
      absoluteMs: config.SESSION_ABSOLUTE_DAYS * 86_400_000,
    }),
    loginLimiter: new LoginLimiter(database.db, { maxFailures: config.LOGIN_MAX_FAILURES, lockMinutes: config.LOGIN_LOCK_MINUTES }),
    log,
    draining: new Draining(),
    services: new Map(),
  };
}
