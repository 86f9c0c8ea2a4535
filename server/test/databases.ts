import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedDemo } from '../src/db/seed';
import { DEFAULT_BUSINESS_TIME_ZONE } from '../src/platform/business-time';
import { type Database, openPglite, openPostgres } from '../src/platform/db';

/**
 * Test databases. Each test file gets its own database with the demo data, copied from a template
 * built once: a PGlite data directory, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 *
 * The PGlite template is kept in the temporary folder under a hash of what decides its contents
 * (the server's and the contract's sources, the PGlite version), so the later runs of one CI job —
 * the Node 22/24 subsets — reuse it instead of seeding again (~40 s on a loaded machine). A copy of
 * its directory opens in about a second, against three for unpacking a dump into memory.
 */
const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(full, out);
    } else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * What the template depends on, as a short hash: the sources, the PGlite version, and the day — the
 * demo data is dated from today (birthdays, anniversaries, probation ends), in UTC and in the
 * business time zone.
 */
export function templateKey(now = new Date()): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  const businessDay = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_BUSINESS_TIME_ZONE }).format(now);
  hash.update(`pglite ${pglite.version}\nday ${now.toISOString().slice(0, 10)} ${businessDay}\n`);
  for (const file of [...sourceFiles(path.join(root, 'server/src')), ...sourceFiles(path.join(root, 'packages/contract/src'))].sort()) {
    hash.update(`${path.relative(root, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'erp-test-template-';
const COMPLETE = '.template-complete';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Removes other templates not used for a day (earlier sources); a run in another checkout may still use a newer one. */
function removeStaleTemplates(keep: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    const full = path.join(os.tmpdir(), name);
    if (!name.startsWith(TEMPLATE_PREFIX) || full === keep) continue;
    try {
      if (fs.statSync(full).mtimeMs < dayAgo) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // removed meanwhile
    }
  }
}

async function buildPgliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  if (fs.existsSync(path.join(dir, COMPLETE))) {
    fs.utimesSync(dir, new Date(), new Date());
    return dir;
  }
  removeStaleTemplates(dir);
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const database = await openPglite(building);
  await database.migrate();
  await seedDemo(database.db);
  await database.close();
  fs.writeFileSync(path.join(building, COMPLETE), new Date().toISOString());
  try {
    fs.renameSync(building, dir);
  } catch {
    // Another run finished the same template first: theirs is as good.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

export async function buildTemplate(): Promise<{ kind: 'pglite' | 'postgres'; ref: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `erp_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, name), 2);
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    return { kind: 'postgres', ref: name };
  }
  return { kind: 'pglite', ref: await buildPgliteTemplate() };
}

/** The PostgreSQL template goes with its run; the PGlite one stays for the next run of the same sources. */
export async function dropTemplate(template: { kind: string; ref: string }): Promise<void> {
  if (template.kind === 'postgres') await dropDatabase(template.ref);
}

/** A copy of the template's data directory for one test's database (PostgreSQL's files only). */
/**
 * Copied file by file with copyFileSync (the kernel's copy): fs.promises.cp took about 1 s of each
 * test file's start for the template's ~1,900 files and 100 MB, this about 0.3 s (issue 33). Nothing
 * else runs in a test worker while its file's server starts.
 */
function copyDirectory(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === COMPLETE) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyDirectory(source, target);
    else fs.copyFileSync(source, target);
  }
}

async function copyPgliteTemplate(ref: string, dataDir: string): Promise<void> {
  copyDirectory(ref, dataDir);
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** A fresh copy of the template for one test file. */
export async function openTestDatabase(template: { kind: string; ref: string }): Promise<Database> {
  if (template.kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-db-'));
    await copyPgliteTemplate(template.ref, dataDir);
    // TEST_LOG_SQL_FILE: every statement of the test's server as a JSON line (for counting a call's statements).
    const database = await openPglite(dataDir, undefined, { logSqlFile: process.env.TEST_LOG_SQL_FILE });
    return {
      ...database,
      async close() {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name, url } = await copyPostgresTemplate(template.ref);
  const database = await openPostgres(url, 20, { logSqlFile: process.env.TEST_LOG_SQL_FILE });
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/**
 * A copy of the template for a server started as its own process (`node server/dist/main.js`):
 * the settings that point it at the copy, and how to remove the copy afterwards.
 */
export async function templateForProcess(
  template: { kind: string; ref: string },
  dataDir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (template.kind === 'pglite') {
    await copyPgliteTemplate(template.ref, dataDir);
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { name, url } = await copyPostgresTemplate(template.ref);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(name);
    },
  };
}

async function copyPostgresTemplate(ref: string): Promise<{ name: string; url: string }> {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `erp_t_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Copies of one template cannot be made at the same moment: retry while another copy is running.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${ref}`);
      break;
    } catch (err) {
      if (attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  return { name, url: withDatabase(url, name) };
}
