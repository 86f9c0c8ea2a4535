import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db';
import { AppError } from './errors';

/**
 * One transaction per write call, so the call's change and its audit row commit together (or not
 * at all): a write that answers an error has stored nothing it was not refused for, and a stored
 * write never answers an error.
 *
 * Services hold the process's `Db` from the start; `scopedDb` makes that object run each statement
 * in the transaction of the call it is part of (found through AsyncLocalStorage) and on the pool
 * otherwise. A service's own `db.transaction()` inside a call becomes a savepoint of the call's
 * transaction. On PGlite (one connection) this is also what keeps a call from waiting for its own
 * transaction: every statement of the call goes through it.
 */
interface CallScope {
  /** The open transaction of the call; null once it has committed or rolled back. */
  tx: Db | null;
  /** Work that must see the commit (pushes, cache drops): run after it, best effort. */
  after: Array<() => unknown>;
}

const scopes = new AsyncLocalStorage<CallScope>();

const current = (): Db | null => scopes.getStore()?.tx ?? null;

/** The process's database handle, following the transaction of the call it runs in. */
export function scopedDb(root: Db): Db {
  return new Proxy(root, {
    get(target, property) {
      const db = current() ?? target;
      const value = Reflect.get(db, property, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
    // `db instanceof PgTransaction` tells callers whether they run inside a transaction.
    getPrototypeOf(target) {
      return Object.getPrototypeOf(current() ?? target);
    },
  });
}

/** Runs `work` after the commit of the current call's transaction, or now outside one. */
export function afterCommit(work: () => unknown): void {
  const scope = scopes.getStore();
  if (scope?.tx) scope.after.push(work);
  else void Promise.resolve().then(work);
}

/** Whether the caller runs inside a write call's transaction (its statements are not committed yet). */
export const inCallTransaction = (): boolean => current() !== null;

/**
 * Runs a write call in one transaction. A refusal (AppError) commits what the call stored before
 * refusing, as each statement did on its own before (e.g. a failed code attempt is counted); any
 * other error rolls everything back. Work queued with `afterCommit` runs after a commit only.
 */
export async function runInCallTransaction<T>(db: Db, work: () => Promise<T>, onAfterCommitError: (err: unknown) => void): Promise<T> {
  const scope: CallScope = { tx: null, after: [] };
  let refusal: AppError | undefined;
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      scope.tx = tx;
      await scopes.run(scope, async () => {
        try {
          result = await work();
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refusal = err;
        }
      });
    });
  } finally {
    scope.tx = null;
  }
  for (const task of scope.after.splice(0)) {
    try {
      await task();
    } catch (err) {
      onAfterCommitError(err);
    }
  }
  if (refusal) throw refusal;
  return result as T;
}
