import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SERVER_FILE, type ServerFile } from './modules/system/backup.service';
import { ArchiveError, type BackupManifest, readArchive } from './platform/backup/archive';
import { BackupError, writeBackup } from './platform/backup/backup';
import { restoreBackup } from './platform/backup/restore';
import { type Config, loadConfig } from './platform/config';
import { SettingError } from './platform/setting-errors';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--overwrite]`, with the server's own
 * settings (DATA_DIR, DATABASE_URL, FILE_STORAGE…) from the environment.
 *
 * Backup of the embedded database: when a server holds it (DATA_DIR/.server.json names a live
 * process), that server makes the archive, since only it may open the database; otherwise the
 * data directory is opened here. PostgreSQL: pg_dump, whether servers run or not.
 */
const USAGE = `usage: npm run backup -- <file.tar.gz>
       npm run restore -- <file.tar.gz> [--overwrite]
Settings come from the environment, as for the server: DATA_DIR, DATABASE_URL, FILE_STORAGE, S3_*.`;

const log = (line: string) => process.stdout.write(`${line}\n`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server holding DATA_DIR's embedded database, if one runs. */
export function runningServer(dataDir: string): ServerFile | null {
  const file = path.join(dataDir, SERVER_FILE);
  if (!fs.existsSync(file)) return null;
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerFile;
    return alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/** Summary lines of an archive for the operator. */
function describe(manifest: BackupManifest, file: string): string {
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  const size = fs.statSync(file).size;
  return `${file}: ${(size / 1024 / 1024).toFixed(1)} MB, ${manifest.database.kind} (PostgreSQL ${manifest.database.pgMajor}), schema ${manifest.schema.migrations} (${manifest.schema.lastMigration}), ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.storage.files} files (${manifest.storage.kind})`;
}

export async function backup(config: Config, file: string): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  try {
    const server = config.DATABASE_URL ? null : runningServer(config.dataDir);
    if (server) {
      log(`a server (pid ${server.pid}) holds the embedded database: asking it for the archive at ${server.host}:${server.port} …`);
      let res: Response;
      try {
        res = await fetch(`http://${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}/internal/backup`, {
          headers: { authorization: `Bearer ${server.token}` },
        });
      } catch (err) {
        throw new BackupError(`the server (pid ${server.pid}) holds DATA_DIR but does not answer at ${server.host}:${server.port}: ${(err as Error).message}`);
      }
      if (!res.ok || !res.body) throw new BackupError(`the server refused the backup: HTTP ${res.status} ${await res.text()}`);
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), fs.createWriteStream(partial, { mode: 0o600 }));
    } else {
      const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-backup-'));
      try {
        const source = config.DATABASE_URL ? ({ kind: 'postgres', url: config.DATABASE_URL } as const) : ({ kind: 'pglite-dir' } as const);
        if (source.kind === 'pglite-dir') log(`no server holds ${config.dataDir}: opening the embedded database here …`);
        else log('dumping the PostgreSQL database with pg_dump …');
        await writeBackup(fs.createWriteStream(partial, { mode: 0o600 }), { config, source, workDir });
      } finally {
        fs.rmSync(workDir, { recursive: true, force: true });
      }
    }
    // The archive is read back whole before it takes its name: a backup that cannot be restored is no backup.
    const { manifest } = await readArchive(partial);
    fs.renameSync(partial, file);
    log(`backup written and checked: ${describe(manifest, file)}`);
    if (manifest.storage.kind === 's3') log(`files stay in the bucket ${manifest.storage.bucket}: the archive lists their keys (storage/s3-objects.json)`);
    return manifest;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

export async function restore(config: Config, file: string, overwrite: boolean): Promise<BackupManifest> {
  if (!config.DATABASE_URL) {
    const server = runningServer(config.dataDir);
    if (server) throw new BackupError(`a server (pid ${server.pid}) is running on DATA_DIR=${config.dataDir}: stop it before restoring`);
  }
  const manifest = await restoreBackup({ file, dataDir: config.dataDir, databaseUrl: config.DATABASE_URL || undefined, overwrite, log });
  log(`restored: ${describe(manifest, file)}`);
  if (manifest.storage.kind === 's3')
    log(`files are in the bucket ${manifest.storage.bucket} (not touched): the restored database names ${manifest.storage.files} objects`);
  log('start the server: it applies the migrations this version adds, if any');
  return manifest;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const overwrite = rest.includes('--overwrite');
  const files = rest.filter((a) => !a.startsWith('--'));
  const unknown = rest.filter((a) => a.startsWith('--') && a !== '--overwrite');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || unknown.length || (command === 'backup' && overwrite)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const file = path.resolve(files[0] as string);
  if (command === 'backup') {
    if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose a new name`);
    await backup(config, file);
  } else {
    await restore(config, file, overwrite);
  }
}

if (process.argv[1] && /backup(-cli)?\.(js|ts)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).catch((err) => {
    if (err instanceof BackupError || err instanceof ArchiveError || err instanceof SettingError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  });
}
