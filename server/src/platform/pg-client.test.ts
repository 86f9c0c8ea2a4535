import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { postgresDatabase } from './db';
import { resilientClient } from './pg-client';

/**
 * A connection without a server: answers every statement with no rows, and, for a statement
 * containing `die`, fails the way node-postgres does when PostgreSQL ends the backend (57P01): the
 * pending query fails and the client emits 'error' while a transaction holds it.
 */
class FakeConnection extends pg.Client {
  static created = 0;
  /** The next BEGIN fails as if the server went away right then. */
  static failBegin = false;
  private closed = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    FakeConnection.created += 1;
    // pg-pool connects with a callback.
    this.connect = ((callback?: (err: Error | null) => void) => {
      if (callback) process.nextTick(callback, null);
      else return Promise.resolve(this);
    }) as pg.Client['connect'];
  }

  override end(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  override query(config: unknown): never {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    if (this.closed) return Promise.reject(new Error('Client was closed and is not queryable')) as never;
    if (text.includes('die') || (FakeConnection.failBegin && /^begin/i.test(text))) {
      FakeConnection.failBegin = false;
      const err = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      this.closed = true;
      setImmediate(() => this.emit('error', err));
      return Promise.reject(err) as never;
    }
    return Promise.resolve({ rows: [], rowCount: 0, fields: [], command: 'SELECT' }) as never;
  }

  /** What pg-pool reads to decide whether a released client may be lent again. */
  get _ending(): boolean {
    return this.closed;
  }
  set _ending(_value: boolean) {}
}

const reported: Error[] = [];
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ max: 2, Client: resilientClient(FakeConnection as unknown as typeof pg.Client, (err) => reported.push(err)) });
  const database = postgresDatabase(pool);
  ({ app } = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'erp-pg-client-test') }),
    database,
    modules: [],
  }));
  // A write as every service makes it: a transaction on a client checked out of the pool.
  app.post('/tx', async (req) => {
    const statement = (req.body as { die?: boolean }).die ? sql`SELECT 'die'` : sql`SELECT 1`;
    await database.db.transaction(async (tx) => {
      await tx.execute(statement);
    });
    return { code: '200', message: 'ok', data: null };
  });
});
afterAll(async () => {
  await app.close();
  await pool.end();
});

describe('a connection that dies inside a transaction', () => {
  it('answers 503 with the envelope, keeps the process, and drops the client so the next call works', async () => {
    const died = await app.inject({ method: 'POST', url: '/tx', payload: { die: true } });
    expect(died.statusCode).toBe(503);
    expect(died.json()).toEqual({ code: '503', message: '数据库暂时不可用，请稍后重试', data: null });
    // The 'error' event arrives after the failed query: let it be emitted (unhandled, it would end the process).
    await new Promise((r) => setImmediate(r));
    expect(reported.map((e) => (e as { code?: string }).code)).toEqual(['57P01']);

    const next = await app.inject({ method: 'POST', url: '/tx', payload: {} });
    expect(next.statusCode).toBe(200);
    // The dead client was not lent again: the second call got a new connection.
    expect(FakeConnection.created).toBe(2);
    expect(pool.totalCount).toBe(1);
  });

  it('gives the connection back when it dies on BEGIN, so the pool does not shrink', async () => {
    for (let i = 0; i < 3; i++) {
      FakeConnection.failBegin = true;
      expect((await app.inject({ method: 'POST', url: '/tx', payload: {} })).statusCode).toBe(503);
    }
    await new Promise((r) => setImmediate(r));
    // Nothing is left checked out: three leaks would have exhausted this pool of two.
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(pool.waitingCount).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/tx', payload: {} })).statusCode).toBe(200);
  });
});
