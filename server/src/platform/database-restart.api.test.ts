import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { users } from '../db/schema';
import { queryRows } from './db';

// PostgreSQL ending the server's connections while writes run (what a restart does to them): the
// process must live, the calls caught in it answer 503 with the envelope, and later calls work
// without a restart. Needs a PostgreSQL server (TEST_DATABASE_URL); the same fault without a server
// is in pg-client.test.ts.
const onPostgres = !!process.env.TEST_DATABASE_URL;

let s: TestServer;
let hr: string;
let receiver: number;
beforeAll(async () => {
  s = await startTestServer();
  hr = await s.login('hr01');
  const [row] = await s.db.select({ id: users.id }).from(users).where(sql`${users.userCode} = 'emp01'`);
  receiver = row?.id as number;
});
afterAll(() => s.close());

describe.runIf(onPostgres)('connections ended by PostgreSQL under concurrent writes', () => {
  it('answers 200 or 503 to every call and works afterwards', async () => {
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(s.db, sql`SELECT current_database() AS name`);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const publish = (i: number) =>
      s.post('/msg_api/msg/api/message/add', { title: `重启${i}`, content: '<p>x</p>', receiverScope: 'users', receiverUserIds: [receiver] }, hr);
    const terminate = () => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    try {
      const calls: Promise<{ status: number; code: string; message: string }>[] = [];
      for (let round = 0; round < 30; round++) {
        for (let i = 0; i < 20; i++) calls.push(publish(round * 20 + i));
        await new Promise((r) => setTimeout(r, 5));
        await terminate();
      }
      const answers = await Promise.all(calls);
      for (const a of answers) {
        expect([200, 503]).toContain(a.status);
        if (a.status === 503) expect(a).toMatchObject({ code: '503', message: '数据库暂时不可用，请稍后重试' });
      }
      expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    const after = await publish(1000);
    expect(after.status).toBe(200);
  });
});
