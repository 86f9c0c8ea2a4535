import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ArchiveError, type BackupManifest, readArchive } from './archive';
import { appliedMigrationCount, BackupError, countTables, journalTags, pgToolEnv, type RowQuery, runPgTool } from './backup';
import { isPgDataEntry } from './pgdata';

export interface RestoreInput {
  file: string;
  dataDir: string;
  /** PostgreSQL target; the embedded database in dataDir when absent. */
  databaseUrl?: string;
  /** Replace a target that already holds data (the embedded one is kept aside, see below). */
  overwrite: boolean;
  log: (line: string) => void;
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

/**
 * Checks that the archive's schema is one this code can run: not newer (more migrations than the
 * code knows) and of the same line (its last migration is ours at that position).
 */
export function assertSchemaFits(manifest: BackupManifest, tags = journalTags()): void {
  const { migrations, lastMigration } = manifest.schema;
  if (migrations > tags.length) {
    throw new BackupError(
      `the backup is from a newer version (schema ${migrations}, last migration ${lastMigration}) than this code (schema ${tags.length}): restore it with that version or a later one`,
    );
  }
  if (migrations > 0 && lastMigration && tags[migrations - 1] !== lastMigration) {
    throw new BackupError(
      `the backup's schema (${lastMigration}) is not one of this code's migrations (${tags[migrations - 1]} at ${migrations}): restore it with the version that made it`,
    );
  }
}

function filesDirEmpty(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Restores an archive: first read whole and checked (every checksum, the schema), then written
 * into a staging directory (and, for PostgreSQL, loaded in one transaction), checked again (row
 * counts), and only then swapped in. Any failure before the swap leaves the target as it was.
 */
export async function restoreBackup(input: RestoreInput): Promise<BackupManifest> {
  const { file, log } = input;
  if (!fs.existsSync(file)) throw new BackupError(`${file}: no such file`);
  log(`checking ${file} …`);
  const { manifest } = await readArchive(file);
  assertSchemaFits(manifest);
  const want = input.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== want) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'the backup holds an embedded database: restore it with DATABASE_URL unset (into DATA_DIR)'
        : 'the backup holds a PostgreSQL dump: restore it with DATABASE_URL set to the target database',
    );
  }
  log(
    `archive ok: ${manifest.entries.length} entries, schema ${manifest.schema.migrations}, ${Object.keys(manifest.tables).length} tables, ${manifest.storage.files} files`,
  );
  return input.databaseUrl ? restorePostgres(input, manifest, input.databaseUrl) : restoreEmbedded(input, manifest);
}

async function restoreEmbedded(input: RestoreInput, manifest: BackupManifest): Promise<BackupManifest> {
  const { dataDir, log } = input;
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  const holdsData = present.includes('PG_VERSION') || !filesDirEmpty(path.join(dataDir, 'files'));
  if (holdsData && !input.overwrite) {
    throw new BackupError(
      `DATA_DIR=${dataDir} already holds a database or files: restore into an empty directory, or add --overwrite (the current data is then kept aside)`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // Staging inside DATA_DIR: the swap is then renames on one file system (DATA_DIR may be a mount point).
  const staging = path.join(dataDir, `.restore-${stamp()}`);
  fs.mkdirSync(staging);
  try {
    await readArchive(input.file, (name) => {
      if (name.startsWith('pgdata/')) return path.join(staging, name.slice('pgdata/'.length));
      if (name.startsWith('files/')) return path.join(staging, name);
      return null;
    });
    log('database and files written to the staging directory; checking the database …');
    await checkEmbedded(staging, manifest);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }

  const moved = present.filter((name) => isPgDataEntry(name) || name === 'files');
  if (moved.length) {
    const aside = path.join(dataDir, `.before-restore-${stamp()}`);
    fs.mkdirSync(aside);
    for (const name of moved) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
    log(`the data it replaces is kept in ${aside} (delete it once the restored data is checked)`);
  }
  for (const name of fs.readdirSync(staging)) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
  fs.rmSync(staging, { recursive: true, force: true });
  return manifest;
}

/** Opens the restored embedded database: it must start, and every table must hold the rows the manifest counted. */
async function checkEmbedded(dir: string, manifest: BackupManifest): Promise<void> {
  const { openPglite } = await import('../db');
  const { sql } = await import('drizzle-orm');
  const database = await openPglite(dir);
  try {
    const query: RowQuery = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    assertCounts(await countTables(query), manifest);
    const applied = await appliedMigrationCount(query);
    if (applied !== manifest.schema.migrations) throw new BackupError(`restored schema ${applied} differs from the manifest's ${manifest.schema.migrations}`);
  } finally {
    await database.close();
  }
}

export function assertCounts(counted: Record<string, number>, manifest: BackupManifest): void {
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (counted[table] !== rows) throw new BackupError(`restored table ${table} has ${counted[table] ?? 'no'} rows, the backup ${rows}`);
  }
}

const DROP_OURS = 'DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n';

/**
 * Moves the staged files into DATA_DIR/files, the ones they replace aside; answers how to undo it.
 * Each step is a rename on one file system, so no file is ever half copied.
 */
export function swapInFiles(dataDir: string, staging: string, log: (line: string) => void): () => void {
  const target = path.join(dataDir, 'files');
  const staged = path.join(staging, 'files');
  let aside: string | null = null;
  if (fs.existsSync(target)) {
    aside = path.join(dataDir, `.before-restore-${stamp()}`);
    fs.mkdirSync(aside);
    fs.renameSync(target, path.join(aside, 'files'));
    log(`the files it replaces are kept in ${aside}`);
  }
  if (fs.existsSync(staged)) fs.renameSync(staged, target);
  return () => {
    if (fs.existsSync(target)) fs.renameSync(target, staged);
    if (aside) {
      fs.renameSync(path.join(aside, 'files'), target);
      fs.rmSync(aside, { recursive: true, force: true });
    }
  };
}

async function restorePostgres(input: RestoreInput, manifest: BackupManifest, url: string): Promise<BackupManifest> {
  const { dataDir, log } = input;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query: RowQuery = async <T>(text: string) => (await client.query(text)).rows as T[];
  try {
    const [{ n }] = (await query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )) as [{ n: string }];
    const filesHeld = manifest.storage.kind === 'local' && !filesDirEmpty(path.join(dataDir, 'files'));
    if ((Number(n) > 0 || filesHeld) && !input.overwrite) {
      throw new BackupError(
        `the target database already holds ${n} tables${filesHeld ? ` and DATA_DIR=${dataDir} holds files` : ''}: restore into an empty database, or add --overwrite`,
      );
    }
    fs.mkdirSync(dataDir, { recursive: true });
    const staging = path.join(dataDir, `.restore-${stamp()}`);
    fs.mkdirSync(staging);
    try {
      const dump = path.join(staging, 'postgres.dump');
      await readArchive(input.file, (name) => {
        if (name === 'database/postgres.dump') return dump;
        if (name.startsWith('files/')) return path.join(staging, name);
        return null;
      });
      // pg_restore turns the dump into SQL (nothing changes yet).
      const script = path.join(staging, 'restore.sql');
      await runPgTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, dump], pgToolEnv(url));
      // The files go in first (renames within DATA_DIR), the database last in one transaction: a
      // failed load puts the files back, so the two are never left from different points in time.
      const undoFiles = manifest.storage.kind === 'local' ? swapInFiles(dataDir, staging, log) : () => undefined;
      log('loading the database in one transaction …');
      try {
        await runPgTool('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-'], pgToolEnv(url), async (stdin) => {
          stdin.write(DROP_OURS);
          await new Promise<void>((resolve, reject) => {
            const source = fs.createReadStream(script);
            source.on('error', reject);
            source.on('end', resolve);
            source.pipe(stdin, { end: false });
          });
        });
      } catch (err) {
        undoFiles();
        throw err;
      }
      assertCounts(await countTables(query), manifest);
      log('database loaded and checked');
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  } catch (err) {
    if (err instanceof ArchiveError || err instanceof BackupError) throw err;
    throw new BackupError(`restore failed, nothing was changed: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  return manifest;
}
