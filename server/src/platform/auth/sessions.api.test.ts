import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import type { Db } from '../db';
import { SessionStore } from './sessions';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const policy = { idleMs: 12 * 3600_000, absoluteMs: 7 * 24 * 3600_000 };

/** The test database with a count of the SELECT statements started through it. */
function countingDb(): { db: Db; selects: () => number } {
  let selects = 0;
  const db = new Proxy(s.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if ((prop === 'select' || prop === 'selectDistinct') && typeof value === 'function') {
        return (...args: unknown[]) => {
          selects++;
          return value.apply(target, args);
        };
      }
      return value;
    },
  });
  return { db, selects: () => selects };
}

describe('session lookups', () => {
  it('concurrent calls with one token share one lookup', async () => {
    const token = await s.login('user30');
    const single = countingDb();
    expect((await new SessionStore(single.db, policy).resolve(token))?.userCode).toBe('user30');

    const burst = countingDb();
    const store = new SessionStore(burst.db, policy);
    const principals = await Promise.all(Array.from({ length: 20 }, () => store.resolve(token)));
    expect(principals.every((p) => p?.userCode === 'user30')).toBe(true);
    expect(burst.selects()).toBe(single.selects());
  });

  it('a call after a revocation does not share a lookup that began before it', async () => {
    const token = await s.login('user31');
    const store = new SessionStore(s.db, policy);
    const before = store.resolve(token);
    const principal = await s.platform.sessions.resolve(token);
    await s.platform.sessions.revoke(principal?.sessionId as number);
    expect(await store.resolve(token)).toBeNull();
    await before;
  });
});
