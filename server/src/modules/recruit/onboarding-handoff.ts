import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { recruitHires } from './recruit.schema';

/**
 * The hand-off of a hire from recruitment to onboarding (docs/domain/recruitment.md "Hand-off").
 * `employ/submit` calls `recordHire` in its transaction: one `recruit_hires` row per offer, status
 * `pending`. The onboarding flow reads pending rows and takes each once with `takeHire`; modules may
 * also subscribe with `onHire` to act in the same transaction.
 */
export type HireInput = Omit<typeof recruitHires.$inferInsert, 'id' | 'status' | 'onboardingId' | 'createdAt' | 'takenAt'>;
export type HireRow = typeof recruitHires.$inferSelect;
export type HireListener = (tx: Db, hire: HireRow) => Promise<void>;

const listeners: HireListener[] = [];

/** Lets onboarding act in the transaction that records a hire (e.g. create its own record at once). */
export function onHire(listener: HireListener): void {
  listeners.push(listener);
}

/** Records a hire (once per offer: a second call answers the row already written). */
export async function recordHire(tx: Db, hire: HireInput): Promise<HireRow> {
  const inserted = await tx
    .insert(recruitHires)
    .values({ ...hire, idCardNo: hire.idCardNo?.toUpperCase() ?? null })
    .onConflictDoNothing({ target: recruitHires.offerId })
    .returning();
  const row = inserted[0] ?? (await tx.select().from(recruitHires).where(sql`${recruitHires.offerId} = ${hire.offerId}`))[0];
  if (!row) throw new Error('recruit_hires insert returned nothing');
  if (inserted[0]) for (const listener of listeners) await listener(tx, row);
  return row;
}

/** Pending hires, oldest first (for the onboarding list). */
export async function pendingHires(db: Db, limit = 100): Promise<HireRow[]> {
  return db.select().from(recruitHires).where(sql`${recruitHires.status} = 'pending'`).orderBy(recruitHires.id).limit(limit);
}

/** Onboarding takes a pending hire once; answers false when it was taken or cancelled already. */
export async function takeHire(tx: Db, hireId: number, onboardingId: number): Promise<boolean> {
  const rows = await tx
    .update(recruitHires)
    .set({ status: 'taken', onboardingId, takenAt: new Date() })
    .where(sql`${recruitHires.id} = ${hireId} AND ${recruitHires.status} = 'pending'`)
    .returning({ id: recruitHires.id });
  return rows.length === 1;
}
