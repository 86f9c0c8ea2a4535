import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingClient } from './prepared-statements';

/**
 * The preparing client against a real PostgreSQL server (TEST_DATABASE_URL; PGlite has no
 * connection protocol to prepare on, so there is nothing to check without one).
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool;
  const table = `prep_probe_${process.pid}`;

  const preparedTexts = async (): Promise<string[]> =>
    (await pool.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'erp\\_%' ORDER BY prepare_time")).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    // One connection, so every statement and the check of pg_prepared_statements meet on it.
    pool = new pg.Pool({ connectionString: url, max: 1, Client: preparingClient({ threshold: 2, perConnection: 3, trackedTexts: 100 }) });
    // Not a temporary table: a failed query makes the pool close its connection (node-postgres).
    await pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY, label text)`);
    await pool.query(`INSERT INTO ${table} VALUES (1, 'one'), (2, 'two')`);
  });

  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  });

  it('prepares a statement from its threshold-th run and answers the same as unprepared', async () => {
    const text = `SELECT label FROM ${table} WHERE id = $1`;
    const answers: string[] = [];
    for (const id of [1, 2, 1, 2]) answers.push((await pool.query<{ label: string }>(text, [id])).rows[0]?.label ?? '');
    expect(answers).toEqual(['one', 'two', 'one', 'two']);
    expect(await preparedTexts()).toContain(text);
    // The config form, as Drizzle sends it.
    expect((await pool.query<{ label: string }>({ text, values: [2] })).rows[0]?.label).toBe('two');
  });

  it('leaves statements without parameters unprepared', async () => {
    for (let i = 0; i < 3; i++) await pool.query(`SELECT count(*) FROM ${table}`);
    expect(await preparedTexts()).not.toContain(`SELECT count(*) FROM ${table}`);
  });

  it('keeps working after a prepared statement fails, inside and outside a transaction', async () => {
    const text = 'SELECT 10 / $1::int AS n';
    await pool.query(text, [5]);
    await pool.query(text, [5]);
    await expect(pool.query(text, [0])).rejects.toThrow(/division by zero/);
    expect((await pool.query<{ n: number }>(text, [2])).rows[0]?.n).toBe(5);

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
      await client.query('ROLLBACK');
      expect((await client.query<{ n: number }>(text, [10])).rows[0]?.n).toBe(1);
    } finally {
      client.release();
    }
  });

  it('prepares a statement whose first named run fails in binding its values, and runs it afterwards', async () => {
    // On one checked-out connection (a failed pool.query closes its connection).
    const text = 'SELECT $1::int * 2 AS n';
    const client = await pool.connect();
    try {
      expect((await client.query<{ n: number }>(text, [1])).rows[0]?.n).toBe(2);
      await expect(client.query(text, ['not a number'])).rejects.toThrow(/invalid input syntax/);
      expect((await client.query<{ n: number }>(text, [4])).rows[0]?.n).toBe(8);
      expect((await client.query<{ n: number }>(text, [5])).rows[0]?.n).toBe(10);
    } finally {
      client.release();
    }
  });

  it('replans after the table changes', async () => {
    const text = `SELECT id, label FROM ${table} WHERE id = $1`;
    await pool.query(text, [1]);
    await pool.query(text, [1]);
    await pool.query(`ALTER TABLE ${table} ADD COLUMN extra int`);
    await pool.query(`UPDATE ${table} SET label = 'uno' WHERE id = 1`);
    expect((await pool.query<{ label: string }>(text, [1])).rows[0]).toEqual({ id: 1, label: 'uno' });
  });

  it('prepares at most the per-connection number of statements; the others still run', async () => {
    // A fresh connection (the failures above closed the earlier ones), then six texts, each run twice.
    await pool.query('SELECT 1');
    const before = (await preparedTexts()).length;
    for (let i = 0; i < 6; i++) {
      const text = `SELECT $1::int + ${i} AS n`;
      await pool.query(text, [1]);
      expect((await pool.query<{ n: number }>(text, [1])).rows[0]?.n).toBe(1 + i);
    }
    expect((await preparedTexts()).length).toBe(3);
    expect(before).toBeLessThanOrEqual(3);
  });
});
