import { users } from '../db/schema';
import type { Db } from '../platform/db';
import { AppError } from '../platform/errors';

/* What the engine's API tests share: the demo users by code, and the refusal a command must give. */

/** Fills `ids` with every user's id by code (the map the tests' `uid` reads). */
export async function loadUserIds(db: Db, ids: Map<string, number>): Promise<void> {
  for (const u of await db.select({ id: users.id, code: users.userCode }).from(users)) ids.set(u.code, u.id);
}

/** The AppError a command answers; fails the test when it succeeds or throws anything else. */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}
