import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { copyPgData } from './backup/pgdata';
import { scopedDb } from './call-transaction';
import { isDatabaseUnavailable } from './errors';
import { resilientClient } from './pg-client';
import { preparingClient } from './prepared-statements';

export type Schema = typeof schema;
/** The Drizzle database (or a transaction: it has the same surface). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL server only: called when a connection dies (restart, network); the pool replaces it. */
  onConnectionError?(listener: (err: Error) => void): void;
  /** PGlite only: the whole data directory as a gzipped tarball (test templates). */
  dump?(): Promise<Blob>;
  /** PostgreSQL server only: the pool's connections now (metrics). */
  poolStats?(): PoolStats;
  /**
   * PGlite in a data directory only: a consistent copy of its files into `target`, taken while no
   * statement runs (after a checkpoint), with `inside` run in the same pause (row counts).
   */
  snapshot?(target: string, inside: (query: <T>(text: string) => Promise<T[]>) => Promise<void>): Promise<void>;
}

export interface PoolStats {
  /** Open connections. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
  max: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Migrations live beside the bundle (dist/migrations) or in the source tree (src/db/migrations). */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, '../db/migrations'), path.join(here, 'db/migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export interface OpenOptions {
  /** Append each statement as a JSON line {text, params} to this file (see LOG_SQL_FILE). */
  logSqlFile?: string;
  /** PostgreSQL server only: prepare the statements run often (see prepared-statements.ts); default on. */
  preparedStatements?: boolean;
}

function sqlLogger(file: string | undefined) {
  if (!file) return undefined;
  return { logQuery: (text: string, params: unknown[]) => fs.appendFileSync(file, `${JSON.stringify({ text, params })}\n`) };
}

/** Embedded PGlite: one instance (one connection) per process; Drizzle transactions queue on it. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob, options: OpenOptions = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir });
  const db = scopedDb(drizzlePglite(client, { schema, logger: sqlLogger(options.logSqlFile) }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    close: () => client.close(),
    dump: async () => client.dumpDataDir('gzip'),
    ...(dataDir
      ? {
          async snapshot(target, inside) {
            // Dirty pages reach the files first, so the copy needs no recovery; writes after it are in the WAL copied too.
            await client.exec('CHECKPOINT');
            // A PGlite transaction holds its only connection: no statement of any call runs while the files are copied.
            await client.transaction(async (tx) => {
              await inside(async <T>(text: string) => (await tx.query<T>(text)).rows);
              await copyPgData(dataDir, target);
            });
          },
        }
      : {}),
  };
}

export async function openPostgres(url: string, poolSize = 10, options: OpenOptions = {}): Promise<Database> {
  const listeners = new Set<(err: Error) => void>();
  const report = (err: Error) => {
    for (const listener of listeners) listener(err);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    Client: resilientClient(options.preparedStatements === false ? pg.Client : preparingClient(), report),
  });
  return postgresDatabase(pool, options, listeners);
}

/** The Database over a pool whose clients are `resilientClient`s (tests give it a pool of fake clients). */
export function postgresDatabase(pool: pg.Pool, options: OpenOptions = {}, listeners = new Set<(err: Error) => void>()): Database {
  // An idle client that dies is dropped by the pool (and reported by the client itself): the next query reconnects.
  pool.on('error', () => {});
  const logger = sqlLogger(options.logSqlFile);
  const nodeDb = drizzlePg(pool, { schema, logger });
  // Drizzle's transaction on a pool sends BEGIN before its try/finally: a connection lost at that
  // moment was never given back, and the pool shrank for good with each one (PostgreSQL restarts
  // under load: every call then waited for a connection). Here the connection is taken and given
  // back around the transaction, and dropped when it failed.
  const onConnection = new WeakMap<pg.PoolClient, typeof nodeDb>();
  nodeDb.transaction = (async (work, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      let db = onConnection.get(client);
      if (!db) {
        db = drizzlePg(client, { schema, logger }) as unknown as typeof nodeDb;
        onConnection.set(client, db);
      }
      return await db.transaction(work, config);
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
    }
  }) as typeof nodeDb.transaction;
  return {
    db: scopedDb(nodeDb as unknown as Db),
    kind: 'postgres',
    onConnectionError: (listener) => listeners.add(listener),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    async migrate() {
      const conn = await pool.connect();
      try {
        // Several processes may start together: one migrates, the others wait for it.
        await conn.query('SELECT pg_advisory_lock(727274)');
        await conn.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function appliedMigrations(db: Db): Promise<number> {
  return Number((await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0]?.n ?? 0);
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
