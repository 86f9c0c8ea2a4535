import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { wfDelegations } from '../db/schema';
import { BusinessCalendar } from '../platform/business-time';
import { type Db, queryRows } from '../platform/db';
import { processCache } from '../platform/process-caches';
import { partyOfInstance } from './self-approval';

/**
 * Proxy approval (代理): a user names a deputy for a range of business days. While the range runs,
 * approval tasks created for the user are created for the deputy, and the user's open ones are
 * moved to the deputy; after it (or when cancelled) the open ones the deputy still holds go back.
 * A moved task remembers whom it is held for (`proxy_for_user_id`, `delegation_id`), the closing
 * event records it (代理 in the history), and every move is a transfer event on the flow.
 *
 * Moves are single UPDATE statements on pending/waiting tasks that name the current holder in
 * their WHERE, so a command closing the same task concurrently either sees the new holder (and
 * is refused) or closed it first (and the move skips it): a task still closes exactly once.
 */

const calendar = new BusinessCalendar();
export const businessToday = () => calendar.day();

export interface Deputy {
  deputyUserId: number;
  delegationId: number;
}

/**
 * The delegations covering the day, per user, kept for a second per process: task creation then
 * needs no statement of its own (it ran two per new task before, whenever any delegation existed).
 * A delegation added or cancelled in this process is seen at once (`forgetDelegationCache`); one
 * from another process within the second, and the minute's `syncDelegations` moves any task created
 * for the user in that second.
 */
let current: { day: string; until: number; deputies: Map<number, Deputy> } | null = null;
async function currentDeputies(db: Db, day: string): Promise<Map<number, Deputy>> {
  if (current && current.day === day && current.until > Date.now()) return current.deputies;
  const rows = await db
    .select({ id: wfDelegations.id, userId: wfDelegations.userId, deputyUserId: wfDelegations.deputyUserId })
    .from(wfDelegations)
    .where(and(eq(wfDelegations.status, 'active'), lte(wfDelegations.startDate, day), gte(wfDelegations.endDate, day)))
    .orderBy(wfDelegations.id);
  const deputies = new Map(rows.map((r) => [r.userId, { deputyUserId: r.deputyUserId, delegationId: r.id }]));
  current = { day, until: Date.now() + 1000, deputies };
  return deputies;
}
/** A new or cancelled delegation is seen by the next task creation of this process at once. */
export function forgetDelegationCache(): void {
  current = null;
}
processCache(forgetDelegationCache);

/**
 * The holders of new tasks for `people`: each person with a deputy today is replaced by the deputy
 * (keeping the order, without duplicates), and the first replaced person is what the task is held for.
 */
export async function withDeputies(
  db: Db,
  people: number[],
  /** The request's parties: a deputy who is one of them does not stand in (self-approval.ts). */
  parties: number[] = [],
): Promise<{ people: number[]; proxyFor: Map<number, Deputy & { userId: number }> }> {
  const day = businessToday();
  const proxyFor = new Map<number, Deputy & { userId: number }>();
  const all = await currentDeputies(db, day);
  if (!people.some((u) => all.has(u))) return { people, proxyFor };
  const out: number[] = [];
  for (const u of people) {
    const d = all.get(u);
    const holder = d && !people.includes(d.deputyUserId) && !parties.includes(d.deputyUserId) ? d.deputyUserId : u;
    if (d && holder !== u && !proxyFor.has(holder)) proxyFor.set(holder, { ...d, userId: u });
    if (!out.includes(holder)) out.push(holder);
  }
  return { people: out, proxyFor };
}

const OPEN = sql`t.status IN ('pending', 'waiting') AND t.kind = 'approve'`;

/**
 * Moves the user's open approval tasks to the deputy of a delegation (the range has begun).
 * Group tasks the deputy already belongs to are left as they are. Answers the number moved.
 */
export async function takeTasks(db: Db, d: { id: number; userId: number; deputyUserId: number; startDate: string; endDate: string }): Promise<number> {
  const note = `代理（${d.startDate} 至 ${d.endDate}）`;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH moved AS (
      UPDATE wf_tasks t SET
        assignee_user_id = CASE WHEN t.assignee_user_id = ${d.userId}::int THEN ${d.deputyUserId}::int ELSE t.assignee_user_id END,
        candidate_user_ids = array_replace(t.candidate_user_ids, ${d.userId}::int, ${d.deputyUserId}::int),
        proxy_for_user_id = ${d.userId}::int, delegation_id = ${d.id}::int
      WHERE ${OPEN} AND t.delegation_id IS NULL AND NOT ${partyOfInstance(sql`t.instance_id`, d.deputyUserId)}
        AND (t.assignee_user_id = ${d.userId}::int OR (t.assignee_user_id IS NULL AND t.candidate_user_ids @> ARRAY[${d.userId}::int]
             AND NOT t.candidate_user_ids @> ARRAY[${d.deputyUserId}::int]))
      RETURNING t.id, t.instance_id, t.node_id, t.node_name
    ), ev AS (
      INSERT INTO wf_events (instance_id, task_id, node_id, node_name, action, operate_type, approval_flag, user_id, target_user_id, message)
      SELECT m.instance_id, m.id, m.node_id, m.node_name, 'transfer', 1, 0, ${d.userId}::int, ${d.deputyUserId}::int, ${note} FROM moved m
    )
    SELECT count(*)::int AS n FROM moved`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Gives the open tasks a delegation moved back to the user it held them for. Answers the number returned. */
export async function returnTasks(db: Db, delegationIds: number[]): Promise<number> {
  if (!delegationIds.length) return 0;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH d AS (SELECT id, user_id, deputy_user_id FROM wf_delegations WHERE id IN ${delegationIds}),
    moved AS (
      UPDATE wf_tasks t SET
        assignee_user_id = CASE WHEN t.assignee_user_id = d.deputy_user_id THEN d.user_id ELSE t.assignee_user_id END,
        candidate_user_ids = array_replace(t.candidate_user_ids, d.deputy_user_id, d.user_id),
        proxy_for_user_id = NULL, delegation_id = NULL
      FROM d WHERE t.delegation_id = d.id AND ${OPEN}
      RETURNING t.id, t.instance_id, t.node_id, t.node_name, d.user_id, d.deputy_user_id
    ), ev AS (
      INSERT INTO wf_events (instance_id, task_id, node_id, node_name, action, operate_type, approval_flag, user_id, target_user_id, message)
      SELECT m.instance_id, m.id, m.node_id, m.node_name, 'transfer', 1, 0, m.deputy_user_id, m.user_id, '代理结束，任务交回' FROM moved m
    )
    SELECT count(*)::int AS n FROM moved`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Brings every delegation's tasks in line with the day: the tasks of delegations that ended, were
 * cancelled or have not begun go back; the open tasks of users whose range runs go to the deputy.
 * Idempotent; runs every minute (and at once when a delegation is added or cancelled). Several
 * processes may run it: a transaction-level advisory lock lets one do the work.
 */
export async function syncDelegations(db: Db, day = businessToday()): Promise<{ taken: number; returned: number }> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(hashtext('erp:wf-delegations')) AS ok`);
    if (!lock?.ok) return { taken: 0, returned: 0 };
    const over = await queryRows<{ id: number }>(
      tx,
      sql`SELECT DISTINCT d.id FROM wf_tasks t JOIN wf_delegations d ON d.id = t.delegation_id
          WHERE t.delegation_id IS NOT NULL AND t.status IN ('pending', 'waiting')
            AND (d.status <> 'active' OR d.end_date < ${day}::date OR d.start_date > ${day}::date)`,
    );
    const returned = await returnTasks(
      tx,
      over.map((r) => Number(r.id)),
    );
    const current = await tx
      .select()
      .from(wfDelegations)
      .where(
        and(
          eq(wfDelegations.status, 'active'),
          lte(wfDelegations.startDate, day),
          gte(wfDelegations.endDate, day),
          ne(wfDelegations.userId, wfDelegations.deputyUserId),
        ),
      );
    let taken = 0;
    for (const d of current) taken += await takeTasks(tx, d);
    return { taken, returned };
  });
}
