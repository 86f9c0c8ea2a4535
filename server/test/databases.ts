import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedDemo } from '../src/db/seed';
import { type Database, openPglite, openPostgres } from '../src/platform/db';

/**
 * Test databases. Each test file gets its own database with the demo data, copied from a template
 * built once per run: a PGlite data-dir dump, or a PostgreSQL template database when
 * TEST_DATABASE_URL is set.
 */
export const TEMPLATE_DUMP = path.join(os.tmpdir(), `erp-test-template-${process.ppid}.tar.gz`);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
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
  const database = await openPglite();
  await database.migrate();
  await seedDemo(database.db);
  if (!database.dump) throw new Error('PGlite dump not available');
  const dump = await database.dump();
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { kind: 'pglite', ref: TEMPLATE_DUMP };
}

export async function dropTemplate(template: { kind: string; ref: string }): Promise<void> {
  if (template.kind === 'pglite') fs.rmSync(template.ref, { force: true });
  else await dropDatabase(template.ref);
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
    const blob = new Blob([fs.readFileSync(template.ref)]);
    // TEST_LOG_SQL_FILE: every statement of the test's server as a JSON line (for counting a call's statements).
    return openPglite(undefined, blob, { logSqlFile: process.env.TEST_LOG_SQL_FILE });
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
    const database = await openPglite(dataDir, new Blob([fs.readFileSync(template.ref)]));
    await database.close();
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
