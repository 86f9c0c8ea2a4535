import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, runInCallTransaction } from './call-transaction';
import { type Database, openPglite, queryRows } from './db';
import { AppError, badRequest } from './errors';

let database: Database;
const values = async () => (await queryRows<{ x: number }>(database.db, sql`SELECT x FROM t ORDER BY x`)).map((r) => r.x);
beforeAll(async () => {
  database = await openPglite();
  await database.db.execute(sql`CREATE TABLE t (x int)`);
}, 60_000);
afterAll(() => database.close());

describe('a write call in one transaction', () => {
  it('runs the statements of the process handle in the call transaction, nested ones as savepoints', async () => {
    expect(database.db instanceof PgTransaction).toBe(false);
    await runInCallTransaction(
      database.db,
      async () => {
        expect(database.db instanceof PgTransaction).toBe(true);
        await database.db.execute(sql`INSERT INTO t VALUES (1)`);
        await database.db.transaction(async (tx) => tx.execute(sql`INSERT INTO t VALUES (2)`));
      },
      () => undefined,
    );
    expect(await values()).toEqual([1, 2]);
  });

  it('rolls back everything on an error and drops the work queued for after the commit', async () => {
    const after: string[] = [];
    await expect(
      runInCallTransaction(
        database.db,
        async () => {
          await database.db.execute(sql`INSERT INTO t VALUES (3)`);
          afterCommit(() => after.push('push'));
          throw new Error('boom');
        },
        () => undefined,
      ),
    ).rejects.toThrow('boom');
    expect(await values()).toEqual([1, 2]);
    expect(after).toEqual([]);
  });

  it('keeps what was stored before a refusal, as single statements did, and answers the refusal', async () => {
    const after: string[] = [];
    const refused = runInCallTransaction(
      database.db,
      async () => {
        await database.db.execute(sql`INSERT INTO t VALUES (4)`);
        afterCommit(() => after.push('push'));
        expect(after).toEqual([]);
        throw badRequest('no');
      },
      () => undefined,
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    expect(await values()).toEqual([1, 2, 4]);
    expect(after).toEqual(['push']);
  });

  it('reports a failure after the commit without failing the call', async () => {
    const failures: unknown[] = [];
    const answer = await runInCallTransaction(
      database.db,
      async () => {
        afterCommit(() => {
          throw new Error('bus down');
        });
        return 'ok';
      },
      (err) => failures.push(err),
    );
    expect(answer).toBe('ok');
    expect(failures).toHaveLength(1);
  });
});
