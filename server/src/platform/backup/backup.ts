import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { Config } from '../config';
import { migrationsFolder } from '../db';
import { ArchiveWriter, type BackupManifest, FORMAT, FORMAT_VERSION } from './archive';
import { copyPgData } from './pgdata';

/** A query function of either driver: rows of one statement. */
export type RowQuery = <T>(text: string) => Promise<T[]>;

/** The tags of the migrations this code knows, in order. */
export function journalTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  return journal.entries.map((e) => e.tag);
}

/** Rows of every table of ours (public and drizzle schemas), in the snapshot `query` reads. */
export async function countTables(query: RowQuery): Promise<Record<string, number>> {
  const tables = await query<{ schemaname: string; tablename: string }>(
    `SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY schemaname, tablename`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await query<{ n: number | string }>(`SELECT count(*) AS n FROM "${t.schemaname}"."${t.tablename.replaceAll('"', '""')}"`);
    counts[`${t.schemaname}.${t.tablename}`] = Number(row?.n ?? 0);
  }
  return counts;
}

export async function appliedMigrationCount(query: RowQuery): Promise<number> {
  const [table] = await query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`);
  if (!table?.t) return 0;
  const [row] = await query<{ n: number | string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
  return Number(row?.n ?? 0);
}

/** The schema part of a manifest: how many migrations the data has and the tag of the last. */
export function schemaOf(applied: number): BackupManifest['schema'] {
  return { migrations: applied, lastMigration: journalTags()[applied - 1] ?? null };
}

/**
 * What the archive's database part comes from:
 * - `pglite-live`: the running server's embedded database, copied while no statement runs;
 * - `pglite-dir`: an embedded data directory no server has open;
 * - `postgres`: a PostgreSQL database, through pg_dump in one exported snapshot.
 */
export type DatabaseSource =
  | { kind: 'pglite-live'; snapshot: (target: string, inside: (query: RowQuery) => Promise<void>) => Promise<void> }
  | { kind: 'pglite-dir' }
  | { kind: 'postgres'; url: string };

export interface BackupInput {
  config: Pick<Config, 'dataDir' | 'FILE_STORAGE' | 'S3_BUCKET' | 'S3_PREFIX'>;
  source: DatabaseSource;
  /** A directory for the copy of the database (removed afterwards). */
  workDir: string;
}

/** The package that brings pg_dump, pg_restore and psql, named in the message when they are missing. */
export const PG_CLIENT_PACKAGE = 'postgresql-client';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Writes one archive of the database and the stored files to `out`. */
export async function writeBackup(out: Writable, input: BackupInput): Promise<BackupManifest> {
  const { config, source } = input;
  const writer = new ArchiveWriter(out);
  const work = fs.mkdtempSync(path.join(input.workDir, 'backup-'));
  try {
    let tables: Record<string, number> = {};
    let applied = 0;
    let pgMajor = '';
    let kind: BackupManifest['database']['kind'] = 'pglite';
    let s3Objects: Array<{ key: string; size: number; sha256: string }> = [];
    const readStorage = async (query: RowQuery) => {
      applied = await appliedMigrationCount(query);
      if (!applied) throw new BackupError('the database holds no data of this product (no migration applied): check DATABASE_URL / DATA_DIR');
      tables = await countTables(query);
      if (config.FILE_STORAGE === 's3') {
        s3Objects = (await query<{ key: string; size: number | string; sha256: string }>(`SELECT storage_key AS key, size, sha256 FROM files ORDER BY id`)).map(
          (r) => ({ ...r, size: Number(r.size) }),
        );
      }
    };

    if (source.kind === 'postgres') {
      kind = 'postgres';
      const dump = path.join(work, 'postgres.dump');
      pgMajor = await dumpPostgres(source.url, dump, readStorage);
      await writer.addFile('database/postgres.dump', dump);
    } else {
      const pgdata = path.join(work, 'pgdata');
      if (source.kind === 'pglite-live') {
        await source.snapshot(pgdata, readStorage);
      } else {
        await snapshotDataDir(config.dataDir, pgdata, readStorage);
      }
      pgMajor = fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim();
      await writer.addTree('pgdata', pgdata);
    }
    // Files after the database: every file row of the copy has its bytes (files are never changed in place).
    let fileCount = 0;
    if (config.FILE_STORAGE === 's3') {
      await writer.addBuffer('storage/s3-objects.json', Buffer.from(JSON.stringify(s3Objects)));
      fileCount = s3Objects.length;
    } else {
      fileCount = await writer.addTree('files', path.join(config.dataDir, 'files'));
    }
    return await writer.finish({
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind, pgMajor },
      schema: schemaOf(applied),
      storage:
        config.FILE_STORAGE === 's3'
          ? { kind: 's3', bucket: config.S3_BUCKET, prefix: config.S3_PREFIX, files: fileCount }
          : { kind: 'local', files: fileCount },
      tables,
    });
  } catch (err) {
    writer.abort(err as Error);
    throw err;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** An embedded data directory no server has open: opened (recovery runs), counted, checkpointed, closed, copied. */
async function snapshotDataDir(dataDir: string, target: string, inside: (query: RowQuery) => Promise<void>): Promise<void> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`DATA_DIR=${dataDir} holds no embedded database`);
  const { openPglite } = await import('../db');
  const { sql } = await import('drizzle-orm');
  const database = await openPglite(dataDir);
  try {
    const query: RowQuery = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    await inside(query);
    await query('CHECKPOINT');
  } finally {
    await database.close();
  }
  await copyPgData(dataDir, target);
}

/** Connection settings of a postgres:// URL for the PostgreSQL tools, so the password never shows in a process list. */
export function pgToolEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

/** Runs a PostgreSQL client tool; a missing tool is named with the package that brings it. */
export function runPgTool(tool: string, args: string[], env: NodeJS.ProcessEnv, stdin?: (input: Writable) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT')
        reject(
          new BackupError(
            `${tool} not found: install the PostgreSQL client tools (Debian/Ubuntu: apt-get install ${PG_CLIENT_PACKAGE}; its major version must be at least the server's)`,
          ),
        );
      else reject(err);
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
    });
    if (stdin && child.stdin) {
      stdin(child.stdin).then(
        () => child.stdin?.end(),
        (err) => {
          child.kill();
          reject(err);
        },
      );
    }
  });
}

/**
 * pg_dump (custom format) of the database, in the snapshot in which the tables are counted: one
 * REPEATABLE READ transaction exports its snapshot and pg_dump reads that same snapshot.
 */
async function dumpPostgres(url: string, file: string, inside: (query: RowQuery) => Promise<void>): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot, version }] = (
      await client.query<{ snapshot: string; version: string }>(`SELECT pg_export_snapshot() AS snapshot, current_setting('server_version_num') AS version`)
    ).rows as [{ snapshot: string; version: string }];
    const query: RowQuery = async <T>(text: string) => (await client.query(text)).rows as T[];
    await inside(query);
    await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`], pgToolEnv(url));
    await client.query('COMMIT');
    return String(Math.floor(Number(version) / 10000));
  } finally {
    await client.end().catch(() => undefined);
  }
}
