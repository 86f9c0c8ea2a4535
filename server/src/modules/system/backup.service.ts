import { spawnSync } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { BackupInfo } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BackupError, type DatabaseSource, PG_CLIENT_PACKAGE, writeBackup } from '../../platform/backup/backup';
import { queryRows } from '../../platform/db';
import { unavailable } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

/** The CLI (`npm run backup`) asks a running server here for the archive of its embedded database. */
export const LOCAL_BACKUP_PATH = '/internal/backup';
/**
 * Written into DATA_DIR while a server holds the embedded database: its process, where it listens
 * and the token of LOCAL_BACKUP_PATH. Readable by the server's own OS user only, so having read it
 * proves the right to the data anyway.
 */
export const SERVER_FILE = '.server.json';

export interface ServerFile {
  pid: number;
  host: string;
  port: number;
  token: string;
}

let pgDumpPresent: boolean | null = null;
function pgDumpMissing(): boolean {
  if (pgDumpPresent === null) pgDumpPresent = !spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).error;
  return !pgDumpPresent;
}

/** A connection from this host: a loopback address, or the very address the server was reached at. */
const fromThisHost = (remote: string | undefined, local: string | undefined) =>
  !!remote && (remote === '::1' || /^(::ffff:)?127\./.test(remote) || remote === local);

export class BackupService {
  /** The secret of LOCAL_BACKUP_PATH for this process. */
  readonly localToken = randomBytes(32).toString('base64url');

  constructor(private readonly platform: Platform) {}

  /** Where the database part comes from here, or why a backup cannot be made by this process. */
  source(): DatabaseSource | string {
    const { database, config } = this.platform;
    if (database.kind === 'postgres') {
      if (pgDumpMissing()) return `pg_dump 未安装：请在服务器上安装 PostgreSQL 客户端工具（${PG_CLIENT_PACKAGE}）`;
      return { kind: 'postgres', url: config.DATABASE_URL as string };
    }
    const snapshot = database.snapshot;
    if (!snapshot) return '内嵌数据库运行在内存中，没有可备份的数据目录';
    return { kind: 'pglite-live', snapshot: (target, inside) => snapshot(target, inside) };
  }

  async info(): Promise<BackupInfo> {
    const source = this.source();
    const [row] = await queryRows<{ n: number }>(this.platform.db, sql`SELECT count(*)::int AS n FROM files`);
    return {
      database: this.platform.database.kind,
      storage: this.platform.config.FILE_STORAGE,
      files: row?.n ?? 0,
      unavailable: typeof source === 'string' ? source : null,
    };
  }

  /** Streams an archive as the answer; the copy of the database is taken before the first byte. */
  send(reply: FastifyReply): FastifyReply {
    const source = this.source();
    if (typeof source === 'string') throw unavailable(source);
    const { config } = this.platform;
    const workDir = path.join(config.dataDir, 'tmp');
    fs.mkdirSync(workDir, { recursive: true });
    const body = new PassThrough();
    writeBackup(body, { config, source, workDir }).then(
      (manifest) => this.platform.log.info({ entries: manifest.entries.length, files: manifest.storage.files }, 'backup sent'),
      (err) => {
        this.platform.log.error({ err }, 'backup failed');
        body.destroy(err instanceof BackupError ? err : new Error('backup failed'));
      },
    );
    const name = `erp-backup-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 13)}.tar.gz`;
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(body);
  }

  /** The CLI's way in: from this host only, with the token of SERVER_FILE. */
  registerLocalRoute(app: FastifyInstance): void {
    const expected = Buffer.from(this.localToken);
    app.get(LOCAL_BACKUP_PATH, async (req, reply) => {
      const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
      // The socket's own address, not req.ip: a proxy's forwarded header must not open this.
      if (!fromThisHost(req.socket.remoteAddress, req.socket.localAddress) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(403).send({ code: '403', message: '仅限本机的备份命令使用', data: null });
      }
      return this.send(reply);
    });
  }

  /** Writes SERVER_FILE (embedded database only); answers a function that removes it. */
  announce(host: string, port: number): () => void {
    if (this.platform.database.kind !== 'pglite') return () => undefined;
    const file = path.join(this.platform.config.dataDir, SERVER_FILE);
    const content: ServerFile = { pid: process.pid, host: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host, port, token: this.localToken };
    fs.writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
    return () => fs.rmSync(file, { force: true });
  }
}
