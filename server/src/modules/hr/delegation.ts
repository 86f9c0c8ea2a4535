import { type Delegation, HANDOVER_MSG, HANDOVER_PERM } from '@erp/contract';
import { and, desc, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users, wfDelegations } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { businessToday, forgetDelegationCache, returnTasks, takeTasks } from '../../workflow/delegations';

const owner = alias(users, 'dlg_owner');
const deputy = alias(users, 'dlg_deputy');
const d = wfDelegations;

function statusOf(row: { status: string; startDate: string; endDate: string }, today: string): string {
  if (row.status !== 'active') return 'cancelled';
  if (row.endDate < today) return 'ended';
  if (row.startDate > today) return 'scheduled';
  return 'active';
}

const heldTasks = sql<number>`(SELECT count(*)::int FROM wf_tasks t WHERE t.delegation_id = ${d.id} AND t.status IN ('pending', 'waiting'))`;

async function read(db: Db, where: ReturnType<typeof and>): Promise<Delegation[]> {
  const today = businessToday();
  const rows = await db
    .select({
      id: d.id,
      userId: d.userId,
      userName: owner.realName,
      deputyUserId: d.deputyUserId,
      deputyCode: deputy.userCode,
      deputyName: deputy.realName,
      startDate: d.startDate,
      endDate: d.endDate,
      reason: d.reason,
      status: d.status,
      heldTasks,
    })
    .from(d)
    .leftJoin(owner, eq(owner.id, d.userId))
    .leftJoin(deputy, eq(deputy.id, d.deputyUserId))
    .where(where)
    .orderBy(desc(d.startDate), desc(d.id))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    userName: r.userName ?? '',
    deputyCode: r.deputyCode ?? '',
    deputyName: r.deputyName ?? '',
    reason: r.reason ?? '',
    status: statusOf(r, today),
    heldTasks: Number(r.heldTasks),
  }));
}

/** My settings and those naming me as deputy; HR (handover permission) may read anyone's. */
export async function listDelegations(db: Db, user: Principal, userId?: number): Promise<Delegation[]> {
  if (userId && userId !== user.userId) {
    if (!hasPermission(user, HANDOVER_PERM.handover)) throw forbidden('只能查看自己的代理设置');
    return read(db, eq(d.userId, userId));
  }
  return read(db, or(eq(d.userId, user.userId), eq(d.deputyUserId, user.userId)));
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Names a deputy for a range; a range that has begun takes the open tasks at once. */
export async function addDelegation(
  db: Db,
  user: Principal,
  input: { deputyUserId: number; startDate: string; endDate: string; reason?: string },
): Promise<Delegation> {
  const today = businessToday();
  if (input.deputyUserId === user.userId) throw badRequest(HANDOVER_MSG.deputySelf);
  if (input.endDate < input.startDate) throw badRequest(HANDOVER_MSG.rangeOrder);
  if (input.endDate < today) throw badRequest(HANDOVER_MSG.rangePast);
  if (input.endDate > addDays(input.startDate, 366)) throw badRequest(HANDOVER_MSG.rangeTooLong);
  const [dep] = await db.select({ enabled: users.enabled }).from(users).where(eq(users.id, input.deputyUserId));
  if (!dep?.enabled) throw badRequest(HANDOVER_MSG.deputyDisabled);
  const overlaps = (who: number) =>
    and(eq(d.userId, who), eq(d.status, 'active'), lte(d.startDate, input.endDate), gte(d.endDate, input.startDate), gte(d.endDate, today));
  const row = await db.transaction(async (tx) => {
    // One setting at a time per person: the advisory lock makes a double click one setting and one refusal.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('erp:delegation'), ${user.userId}::int)`);
    const [mine] = await tx.select({ id: d.id }).from(d).where(overlaps(user.userId)).limit(1);
    if (mine) throw conflict(HANDOVER_MSG.overlap);
    const [away] = await tx.select({ id: d.id }).from(d).where(overlaps(input.deputyUserId)).limit(1);
    if (away) throw badRequest(HANDOVER_MSG.deputyAway);
    const [created] = await tx
      .insert(d)
      .values({
        userId: user.userId,
        deputyUserId: input.deputyUserId,
        startDate: input.startDate,
        endDate: input.endDate,
        reason: input.reason?.trim() || null,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning();
    if (!created) throw new Error('delegation insert returned nothing');
    if (created.startDate <= today) await takeTasks(tx, created);
    return created;
  });
  forgetDelegationCache();
  const [out] = await read(db, eq(d.id, row.id));
  return out as Delegation;
}

/** Ends a setting now: the open tasks the deputy holds for the user come back. */
export async function cancelDelegation(db: Db, user: Principal, id: number): Promise<{ returned: number }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(d).where(eq(d.id, id)).for('update');
    if (!row) throw notFound('代理设置不存在');
    if (row.userId !== user.userId && !hasPermission(user, HANDOVER_PERM.handover)) throw forbidden(HANDOVER_MSG.notYours);
    if (row.status !== 'active') return { returned: 0 };
    await tx
      .update(d)
      .set({ status: 'cancelled', updatedBy: user.userId, updatedAt: new Date() })
      .where(and(eq(d.id, id), ne(d.status, 'cancelled')));
    return { returned: await returnTasks(tx, [id]) };
  });
  forgetDelegationCache();
  return result;
}
