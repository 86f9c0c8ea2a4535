/**
 * The baseline of a benchmark: a bare Fastify route that runs the given SQL statements through the
 * same driver as the product (node-postgres, or PGlite on the same data directory), without our
 * platform — no contract, no session, no permission check, no envelope validation.
 *
 * Env: BASELINE_SQL = JSON array of {text, params}; DATABASE_URL or DATA_DIR; PORT;
 * BASELINE_PREPARED=1 sends the statements as named (prepared) statements, as the product's pool does
 * with the statements it runs often, so the platform's own cost can be read off against that too.
 * POST /q runs the statements (in order) and answers the rows of each; GET /readyz answers once open.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../server/src/platform/config';

interface Statement {
  text: string;
  params: unknown[];
}

const statements = JSON.parse(process.env.BASELINE_SQL ?? '[]') as Statement[];
type Query = (text: string, params: unknown[]) => Promise<unknown[]>;

let query: Query;
if (process.env.DATABASE_URL) {
  // The product's pool size (DATABASE_POOL_SIZE and its default), so both run with the same.
  const max = loadConfig().DATABASE_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max });
  const names = new Map(statements.map((s, i) => [s.text, `baseline_${i}`]));
  query =
    process.env.BASELINE_PREPARED === '1'
      ? async (text, params) => (await pool.query({ name: names.get(text), text, values: params })).rows
      : async (text, params) => (await pool.query(text, params)).rows;
} else {
  const db = await PGlite.create({ dataDir: process.env.DATA_DIR, extensions: { pg_trgm } });
  query = async (text, params) => (await db.query(text, params)).rows;
}

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.get('/readyz', async () => ({ ok: true }));
app.post('/q', async () => {
  const results: unknown[][] = [];
  for (const s of statements) results.push(await query(s.text, s.params));
  return { code: '200', message: 'ok', data: results };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// A normal exit on SIGTERM, so `node --cpu-prof` can write its profile.
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
