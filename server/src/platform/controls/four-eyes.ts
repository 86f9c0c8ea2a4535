import { eq } from 'drizzle-orm';
import { systemState } from '../../db/schema';
import type { Db } from '../db';
import { forbidden } from '../errors';

/*
 * Four-eyes points outside the approval engine (docs/domain/controls.md): paying a claim, closing a
 * payroll month. Who prepared the thing does not also finish it. On unless the company turns it off
 * (system_state `controls.four_eyes` = 'off'), read on every check so a change applies at once.
 */

export const FOUR_EYES_KEY = 'controls.four_eyes';

export async function fourEyesOn(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: systemState.value }).from(systemState).where(eq(systemState.key, FOUR_EYES_KEY));
  return row?.value !== 'off';
}

/** Refuses when the actor is one of the people who prepared it (nulls ignored), unless the company switched the rule off. */
export async function requireSecondPerson(db: Db, actorUserId: number, preparedBy: Array<number | null | undefined>, message: string): Promise<void> {
  if (!preparedBy.some((u) => u === actorUserId)) return;
  if (await fourEyesOn(db)) throw forbidden(message);
}
