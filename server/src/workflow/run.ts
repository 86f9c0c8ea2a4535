import { eq, type SQL, sql } from 'drizzle-orm';
import { users, wfInstances, wfTasks } from '../db/schema';
import type { Db } from '../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { modelOf } from './definitions';
import type { HookEvent, InstanceStatus } from './hooks';
import { MSG } from './messages';
import type { NodeModel, ProcessModel } from './model';
import { isOwnStep, isParty } from './self-approval';

export type InstanceRow = typeof wfInstances.$inferSelect;
export type TaskRow = typeof wfTasks.$inferSelect;
type InstancePatch = Partial<Pick<InstanceRow, 'status' | 'vars' | 'endedAt' | 'lastUrgedAt'>>;

/** Run-time state of one command, inside its transaction, with the instance row locked. */
export interface Run {
  tx: Db;
  inst: InstanceRow;
  model: ProcessModel;
  actor: number;
  /** The initiator's name for notifications, when the lock query already read it. */
  initiatorName?: string;
  reachedEnd: boolean;
  hops: number;
  /** Tasks created by this command, for notifications. */
  created: TaskRow[];
  /**
   * Writes nobody reads back within the command (outbox rows): sent in one statement together
   * with the instance update by `saveInstance`, saving a round trip each.
   */
  writes: SQL[];
  /** The corrections the applicant sent with a resubmission (handed to the hooks as `form`). */
  form?: Record<string, unknown>;
}

export async function openRun(tx: Db, inst: InstanceRow, actor: number, initiatorName?: string): Promise<Run> {
  return { tx, inst, model: await modelOf(tx, inst.definitionId), actor, initiatorName, reachedEnd: false, hops: 0, created: [], writes: [] };
}

export function node(run: Run, id: string): NodeModel {
  const n = run.model.nodes[id];
  if (!n) throw badRequest(`流程定义中没有节点 ${id}`);
  return n;
}

export async function lockInstance(tx: Db, instanceId: number): Promise<InstanceRow> {
  const [inst] = await tx.select().from(wfInstances).where(eq(wfInstances.id, instanceId)).for('update');
  if (!inst) throw notFound('流程实例不存在');
  return inst;
}

export const isRunning = (inst: Pick<InstanceRow, 'status'>) => inst.status === 'running' || inst.status === 'returned';

export function isHolder(task: Pick<TaskRow, 'assigneeUserId' | 'candidateUserIds'>, userId: number): boolean {
  return task.assigneeUserId === userId || (task.assigneeUserId === null && task.candidateUserIds.includes(userId));
}

/**
 * Locks the instance of a task and reads both (and the initiator's name) in one statement.
 *
 * Only the instance row is locked. When this waited for another command on the instance, the
 * instance comes back as that command left it, but the task may be as it was before: so the
 * checks here are a first answer only, and the statement that closes or moves the task repeats
 * them (`status = 'pending'` and the holder) on the row as it is now.
 */
export async function lockTask(tx: Db, taskId: number): Promise<{ inst: InstanceRow; task: TaskRow; initiatorName: string }> {
  const [row] = await tx
    .select({ inst: wfInstances, task: wfTasks, initiatorName: users.realName })
    .from(wfTasks)
    .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .leftJoin(users, eq(users.id, wfInstances.initiatorUserId))
    .where(eq(wfTasks.id, taskId))
    .for('update', { of: wfInstances });
  if (!row) throw notFound(MSG.taskMissing);
  if (row.task.status !== 'pending') throw conflict(MSG.taskClosed);
  if (!isRunning(row.inst)) throw conflict(MSG.ended);
  return { inst: row.inst, task: row.task, initiatorName: row.initiatorName ?? '' };
}

export type TaskKind = 'approve' | 'resubmit' | 'any';

/**
 * The locked task of a command, held by `userId`, of the expected kind. A party of the request never
 * decides it, whatever put the task in their hands (a task from before the rule, a role granted later).
 */
export async function holderTask(tx: Db, taskId: number, userId: number, kind: TaskKind = 'approve') {
  const locked = await lockTask(tx, taskId);
  if (kind !== 'any' && locked.task.kind !== kind) throw badRequest(kind === 'approve' ? '该任务不是审批任务' : '该任务不是重新提交任务');
  // Asked first, so the applicant hears why, not only that the task is not theirs.
  if (locked.task.kind === 'approve' && isParty(locked.inst, userId)) {
    const n = (await modelOf(tx, locked.inst.definitionId)).nodes[locked.task.nodeId];
    if (!n || !isOwnStep(n)) throw forbidden(MSG.selfDecision);
  }
  if (!isHolder(locked.task, userId)) throw forbidden(MSG.notAssignee);
  return locked;
}

/** Refuses handing a task of this instance to one of its parties (transfer, delegate, add signer, reassign). */
export function refuseParty(inst: InstanceRow, userId: number): void {
  if (isParty(inst, userId)) throw badRequest(MSG.toParty);
}

/** The task's state as it is now, for the answer to a close or move that found nothing to change. */
export function refusal(now: Pick<TaskRow, 'status' | 'assigneeUserId' | 'candidateUserIds'> | undefined, userId: number): Error {
  if (!now) return notFound(MSG.taskMissing);
  if (now.status !== 'pending') return conflict(MSG.taskClosed);
  if (!isHolder(now, userId)) return forbidden(MSG.notAssignee);
  return conflict(MSG.taskClosed);
}

/** Why a task cannot be acted on, read again (a new snapshot, after the lock); undefined when it still can. */
export async function refusalNow(tx: Db, taskId: number, userId: number): Promise<Error | undefined> {
  const [now] = await tx
    .select({ status: wfTasks.status, assigneeUserId: wfTasks.assigneeUserId, candidateUserIds: wfTasks.candidateUserIds })
    .from(wfTasks)
    .where(eq(wfTasks.id, taskId));
  return now && now.status === 'pending' && isHolder(now, userId) ? undefined : refusal(now, userId);
}

/** SQL: the task is still pending and held by the user (checked on the current row). */
export const stillHeldBy = (userId: number) =>
  sql`${wfTasks.status} = 'pending' AND (${wfTasks.assigneeUserId} = ${userId} OR (${wfTasks.assigneeUserId} IS NULL AND ${wfTasks.candidateUserIds} @> ARRAY[${userId}]::integer[]))`;

/** Saves the instance (status, state, form, the patch) together with the queued writes, in one statement. */
export async function saveInstance(run: Run, patch: InstancePatch = {}): Promise<void> {
  Object.assign(run.inst, patch);
  const update = run.tx
    .update(wfInstances)
    .set({ ...patch, status: run.inst.status, state: run.inst.state, vars: run.inst.vars, updatedAt: new Date(), updatedBy: run.actor })
    .where(eq(wfInstances.id, run.inst.id))
    .getSQL();
  const writes = run.writes.splice(0);
  if (!writes.length) {
    await run.tx.execute(update);
    return;
  }
  // Data-modifying CTEs run exactly once whether or not anything reads them.
  const ctes = sql.join(
    writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`),
    sql`, `,
  );
  await run.tx.execute(sql`WITH ${ctes} ${update}`);
}

export function hookEvent(run: Run, action: string, nodeId: string | null): HookEvent {
  const { inst } = run;
  return {
    instanceId: inst.id,
    processKey: inst.processKey,
    businessId: inst.businessId,
    vars: inst.vars,
    status: inst.status as InstanceStatus,
    userId: run.actor,
    action,
    nodeId,
    ...(run.form ? { form: run.form } : {}),
  };
}
