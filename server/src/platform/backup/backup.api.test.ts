import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { templateForProcess } from '../../../test/databases';
import { buildApp } from '../../app';
import { backup, restore } from '../../backup-cli';
import { DEMO_PASSWORD } from '../../db/seed';
import { backupServiceOf } from '../../modules/system/system.routes';
import { loadConfig } from '../config';
import { type Database, migrationCount, openPglite, openPostgres } from '../db';
import { ArchiveWriter, FORMAT, FORMAT_VERSION, listFiles, readArchive } from './archive';
import { countTables, journalTags, type RowQuery } from './backup';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-backup-test-'));
const template = inject('dbTemplate');
const postgres = template.kind === 'postgres';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const created: string[] = [];

interface Running {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: ReturnType<typeof loadConfig>;
  stop(): Promise<void>;
}

function settings(dataDir: string, databaseUrl?: string) {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });
}

async function startOn(dataDir: string, databaseUrl?: string): Promise<Running> {
  const config = settings(dataDir, databaseUrl);
  const database = databaseUrl ? await openPostgres(databaseUrl, 4) : await openPglite(dataDir);
  await database.migrate();
  const { app, platform } = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const forget = backupServiceOf(platform).announce('127.0.0.1', port);
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    async stop() {
      forget();
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { code: string; data: { access_token: string } };
  expect(body.code).toBe('200');
  return body.data.access_token;
}

async function upload(url: string, token: string, name: string, bytes: Buffer): Promise<void> {
  const form = new FormData();
  form.set('moduleName', 'bpm');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const res = await fetch(`${url}/file_api/file/fileUrl/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(((await res.json()) as { code: string }).code).toBe('200');
}

const queryOf =
  (database: Database): RowQuery =>
  async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

function fileSums(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'files');
  return Object.fromEntries(
    listFiles(dir).map((f) => [
      f,
      createHash('sha256')
        .update(fs.readFileSync(path.join(dir, f)))
        .digest('hex'),
    ]),
  );
}

async function emptyDatabase(): Promise<string | undefined> {
  if (!postgres) return undefined;
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `erp_restore_${process.pid}_${created.length}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let source: { dataDir: string; databaseUrl?: string; drop(): Promise<void> };
let server: Running;
let live: string;

beforeAll(async () => {
  const dataDir = path.join(work, 'source');
  const copy = await templateForProcess(template, dataDir);
  source = { dataDir, databaseUrl: copy.env.DATABASE_URL, drop: copy.drop };
  server = await startOn(dataDir, source.databaseUrl);
});

afterAll(async () => {
  await server?.stop().catch(() => undefined);
  await source?.drop();
  if (created.length) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${postgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('backs up the running server: demo data, uploaded files, writes going on meanwhile', async () => {
    const token = await login(server.url, 'emp01');
    await upload(server.url, token, '劳动合同.pdf', PDF);
    await upload(server.url, token, '身份证复印件.pdf', Buffer.concat([PDF, Buffer.from('% second file\n')]));
    live = path.join(work, 'live.tar.gz');
    // Sign-ins write sessions while the copy is taken: the archive must hold one consistent moment.
    const writes = Array.from({ length: 8 }, () => login(server.url, 'hr01'));
    const manifest = await backup(server.config, live);
    await Promise.all(writes);
    expect(manifest.database.kind).toBe(postgres ? 'postgres' : 'pglite');
    expect(manifest.schema).toEqual({ migrations: migrationCount(), lastMigration: journalTags().at(-1) });
    expect(manifest.storage).toEqual({ kind: 'local', files: 2 });
    expect(manifest.tables['public.users']).toBeGreaterThan(10);
    expect(manifest.tables['public.files']).toBeGreaterThanOrEqual(2);
    for (const [file, sum] of Object.entries(fileSums(source.dataDir))) {
      expect(manifest.entries.find((e) => e.name === `files/${file}`)?.sha256).toBe(sum);
    }
  }, 120_000);

  it('lets an administrator download the same archive in the back office, and nobody else', async () => {
    const admin = await login(server.url, 'admin');
    const info = await fetch(`${server.url}/base_api/base/api/system/backupInfo`, { headers: { authorization: `Bearer ${admin}` } });
    expect(((await info.json()) as { data: unknown }).data).toMatchObject({ database: postgres ? 'postgres' : 'pglite', storage: 'local', unavailable: null });
    const res = await fetch(`${server.url}/base_api/base/api/system/backup`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="erp-backup-\d{8}T\d{4}\.tar\.gz"$/);
    const file = path.join(work, 'downloaded.tar.gz');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const { manifest } = await readArchive(file);
    expect(manifest.storage.files).toBe(2);

    const emp = await login(server.url, 'emp01');
    const refused = await fetch(`${server.url}/base_api/base/api/system/backup`, { headers: { authorization: `Bearer ${emp}` } });
    expect(refused.status).toBe(403);
    // The command's own route: the token of DATA_DIR/.server.json, nothing else.
    expect((await fetch(`${server.url}/internal/backup`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(403);
  }, 120_000);

  it('restores into a fresh data directory: every table and file equal, the server starts on it and a user signs in', async () => {
    const expected = await countTables(queryOf(server.database));
    const sums = fileSums(source.dataDir);
    await server.stop();
    // A second archive with the server stopped: the embedded data directory is opened by the command itself.
    const stopped = path.join(work, 'stopped.tar.gz');
    const manifest = await backup(settings(source.dataDir, source.databaseUrl), stopped);
    expect(manifest.tables).toEqual(expected);

    const target = path.join(work, 'restored');
    const targetUrl = await emptyDatabase();
    await restore(settings(target, targetUrl), stopped, false);
    expect(fileSums(target)).toEqual(sums);
    const restored = await startOn(target, targetUrl);
    try {
      expect(await countTables(queryOf(restored.database))).toEqual(expected);
      expect(await login(restored.url, 'emp01')).toBeTruthy();
    } finally {
      await restored.stop();
    }

    // The live archive restores too, into its own consistent moment.
    const second = path.join(work, 'restored-live');
    await restore(settings(second, await emptyDatabase()), live, false);
    expect(Object.keys(fileSums(second))).toHaveLength(2);
  }, 180_000);

  it('refuses a target that holds data unless told to overwrite, and then keeps the old data aside', async () => {
    const target = path.join(work, 'restored');
    const targetUrl = postgres ? created[0] && withName(created[0]) : undefined;
    await expect(restore(settings(target, targetUrl), live, false)).rejects.toThrow(
      postgres ? /already holds \d+ tables/ : /already holds a database or files/,
    );
    await restore(settings(target, targetUrl), live, true);
    expect(fs.readdirSync(target).some((n) => n.startsWith('.before-restore-'))).toBe(true);
    const database = targetUrl ? await openPostgres(targetUrl, 1) : await openPglite(target);
    try {
      const { manifest } = await readArchive(live);
      expect(await countTables(queryOf(database))).toEqual(manifest.tables);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a damaged or cut archive and leaves the target untouched', async () => {
    const bytes = fs.readFileSync(live);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] = (flipped[Math.floor(flipped.length / 2)] as number) ^ 0xff;
    const damaged = path.join(work, 'damaged.tar.gz');
    fs.writeFileSync(damaged, flipped);
    const cut = path.join(work, 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const target = path.join(work, 'untouched');
    for (const file of [damaged, cut]) {
      await expect(restore(settings(target, await emptyDatabase()), file, true)).rejects.toThrow(/damaged/);
    }
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
  });

  it('refuses an archive from a newer schema, and one of the other database kind', async () => {
    const newer = path.join(work, 'newer.tar.gz');
    const writer = new ArchiveWriter(fs.createWriteStream(newer));
    await writer.addBuffer(postgres ? 'database/postgres.dump' : 'pgdata/PG_VERSION', Buffer.from('17\n'));
    await writer.finish({
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind: postgres ? 'postgres' : 'pglite', pgMajor: '17' },
      schema: { migrations: migrationCount() + 1, lastMigration: '9999_from_the_future' },
      storage: { kind: 'local', files: 0 },
      tables: {},
    });
    const target = path.join(work, 'never');
    await expect(restore(settings(target, await emptyDatabase()), newer, true)).rejects.toThrow(
      /newer version \(schema \d+, last migration 9999_from_the_future\)/,
    );
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
    await expect(restore(settings(target, postgres ? undefined : 'postgres://u@127.0.0.1:1/x'), live, true)).rejects.toThrow(
      postgres ? /holds a PostgreSQL dump/ : /holds an embedded database/,
    );
  });

  it.skipIf(postgres)(
    'refuses to restore under a running server',
    async () => {
      const target = path.join(work, 'busy');
      const running = await startOn(target);
      try {
        await expect(restore(settings(target), live, true)).rejects.toThrow(/is running on DATA_DIR/);
      } finally {
        await running.stop();
      }
    },
    120_000,
  );
});

function withName(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL as string);
  u.pathname = `/${name}`;
  return u.toString();
}
