import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { wfEvents, wfInstances } from '../db/schema';
import type { Db } from '../platform/db';
import { modelOf } from './definitions';
import { sendBackPlan } from './parallel-scopes';
import { type InstanceRow, isRunning, type Run, refusal, stillHeldBy, type TaskRow } from './run';

/** One entry of the log every step writes (operateType 0 initiator, 1 approver, 2 cc; approvalFlag 0 pending, 1 passed, 2 rejected, 3 sent back). */
export interface EventInput {
  taskId?: number | null;
  nodeId?: string | null;
  nodeName: string;
  action: string;
  operateType: 0 | 1 | 2;
  approvalFlag: 0 | 1 | 2 | 3;
  userId: number;
  targetUserId?: number | null;
  message?: string | null;
}

export async function writeEvent(run: Pick<Run, 'tx' | 'inst'>, e: EventInput): Promise<void> {
  await run.tx.insert(wfEvents).values({
    instanceId: run.inst.id,
    taskId: e.taskId ?? null,
    nodeId: e.nodeId ?? null,
    nodeName: e.nodeName,
    action: e.action,
    operateType: e.operateType,
    approvalFlag: e.approvalFlag,
    userId: e.userId,
    targetUserId: e.targetUserId ?? null,
    message: e.message ?? null,
  });
}

/** The other tasks of the closed task's node arrival that are still open, in the order they become due. */
export type OpenSibling = Pick<TaskRow, 'id' | 'status'>;

/**
 * Closes a pending task exactly once and writes its event, in one statement that also answers the
 * other open tasks of the same node arrival. The close repeats the lock query's checks on the row
 * as it is now (pending, held by the user); a second or concurrent close changes nothing and gets
 * a conflict.
 */
export async function closeTask(
  run: Run,
  task: TaskRow,
  close: { outcome: string; message: string | null; event: Omit<EventInput, 'taskId' | 'userId' | 'message'> },
): Promise<OpenSibling[]> {
  const { actor: userId } = run;
  const e = close.event;
  const result = (await run.tx.execute(sql`
    WITH closed AS (
      UPDATE wf_tasks SET status = 'done', outcome = ${close.outcome}, completed_by = ${userId}::int,
        completed_at = ${new Date().toISOString()}::timestamptz, message = ${close.message}::varchar
      WHERE id = ${task.id}::int AND ${stillHeldBy(userId)}
      RETURNING id, proxy_for_user_id
    ), ev AS (
      INSERT INTO wf_events (instance_id, task_id, node_id, node_name, action, operate_type, approval_flag, user_id, target_user_id, message, proxy_for_user_id)
      SELECT ${run.inst.id}::int, closed.id, ${e.nodeId ?? null}::varchar, ${e.nodeName}::varchar, ${e.action}::varchar, ${e.operateType}::int,
        ${e.approvalFlag}::int, ${userId}::int, ${e.targetUserId ?? null}::int, ${close.message}::varchar, closed.proxy_for_user_id
      FROM closed
    )
    SELECT (SELECT count(*)::int FROM closed) AS closed, t.status, t.assignee_user_id AS "assigneeUserId", t.candidate_user_ids AS "candidateUserIds",
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'status', s.status) ORDER BY s.seq, s.id), '[]'::json)
         FROM wf_tasks s WHERE s.instance_id = ${run.inst.id}::int AND s.activation = ${task.activation}::int AND s.kind = 'approve'
           AND s.status IN ('pending', 'waiting') AND s.id <> ${task.id}::int) AS open
    FROM wf_tasks t WHERE t.id = ${task.id}::int`)) as unknown as {
    rows: Array<{ closed: number; status: string; assigneeUserId: number | null; candidateUserIds: number[]; open: OpenSibling[] | string }>;
  };
  const row = result.rows[0];
  if (!row || Number(row.closed) !== 1) throw refusal(row, userId);
  return typeof row.open === 'string' ? (JSON.parse(row.open) as OpenSibling[]) : row.open;
}

/** A node one can send a task back to: the initiator (sort 0) or a passed user task before it. */
export interface BackTarget {
  nodeId: string;
  nodeName: string;
  sort: number;
}

export async function backTargets(db: Db, instanceId: number, fromNodeId: string): Promise<BackTarget[]> {
  const [inst] = await db.select({ definitionId: wfInstances.definitionId }).from(wfInstances).where(eq(wfInstances.id, instanceId));
  if (!inst) return [];
  const model = await modelOf(db, inst.definitionId);
  // Passed nodes since the last (re)submission, in the order they were passed, without the current one.
  const events = await db
    .select({ id: wfEvents.id, action: wfEvents.action, nodeId: wfEvents.nodeId, nodeName: wfEvents.nodeName, approvalFlag: wfEvents.approvalFlag })
    .from(wfEvents)
    .where(and(eq(wfEvents.instanceId, instanceId), inArray(wfEvents.action, ['start', 'resubmit', 'pass', 'rollback', 'timeout'])))
    .orderBy(asc(wfEvents.id));
  let lastSubmit = 0;
  events.forEach((e, i) => {
    if (e.action === 'start' || e.action === 'resubmit') lastSubmit = i;
  });
  const targets: BackTarget[] = [{ nodeId: model.startId, nodeName: '发起人', sort: 0 }];
  for (const e of events.slice(lastSubmit + 1)) {
    // A node passed by its time limit (timeout, flag 1) was passed like any other.
    const passed = e.action === 'pass' || (e.action === 'timeout' && e.approvalFlag === 1);
    if (!passed || !e.nodeId || e.nodeId === fromNodeId || targets.some((t) => t.nodeId === e.nodeId)) continue;
    // Across parallel branches only nodes on the current node's own path (parallel-scopes.ts).
    if (model.nodes[e.nodeId]?.type === 'userTask' && sendBackPlan(model, fromNodeId, e.nodeId))
      targets.push({ nodeId: e.nodeId, nodeName: e.nodeName, sort: targets.length });
  }
  return targets;
}

/** Steps after which the initiator may no longer take the request back (someone, or a time limit, acted). */
const ACTED = ['pass', 'reject', 'rollback', 'timeout', 'delegate', 'delegateDone'];

/** Whether the initiator may still take the request back. */
export async function canRevoke(db: Db, inst: InstanceRow): Promise<boolean> {
  if (!isRunning(inst)) return false;
  const model = await modelOf(db, inst.definitionId);
  if (model.revocable === 'never') return false;
  if (model.revocable === 'anytime' || inst.status === 'returned') return true;
  const [lastSubmit] = await db
    .select({ id: wfEvents.id })
    .from(wfEvents)
    .where(and(eq(wfEvents.instanceId, inst.id), inArray(wfEvents.action, ['start', 'resubmit'])))
    .orderBy(desc(wfEvents.id))
    .limit(1);
  const [acted] = await db
    .select({ id: wfEvents.id })
    .from(wfEvents)
    .where(and(eq(wfEvents.instanceId, inst.id), inArray(wfEvents.action, ACTED), gt(wfEvents.id, lastSubmit?.id ?? 0)))
    .limit(1);
  return !acted;
}
