import { and, eq, inArray, sql } from 'drizzle-orm';
import { users, wfInstances, wfTasks } from '../db/schema';
import type { Db } from '../platform/db';
import { badRequest, conflict, forbidden } from '../platform/errors';
import { latestDefinition } from './definitions';
import { canRevoke, writeEvent } from './history';
import { hooksFor } from './hooks';
import { finish, settle } from './lifecycle';
import { MSG } from './messages';
import { queueUrgeNotice } from './notifications';
import { enter } from './routing';
import { hookEvent, type InstanceRow, isRunning, lockInstance, lockTask, node, openRun, refuseParty, saveInstance, type TaskRow } from './run';
import { cancelOpen } from './tasks';

const URGE_INTERVAL_MS = 10 * 60_000;

export interface StartInput {
  processKey: string;
  businessId: string;
  title: string;
  initiatorUserId: number;
  vars?: Record<string, unknown>;
  /** Users picked by the initiator for `chosen` tasks, by node id. */
  chosen?: Record<string, number[]>;
  /**
   * Others the request belongs to besides the initiator: the person it is for (HR applying for an
   * employee), the record's preparer. None of them gets a deciding task of it.
   */
  parties?: Array<number | null | undefined>;
}

function partiesState(input: StartInput): { parties?: number[] } {
  const others = [...new Set(input.parties ?? [])].filter((u): u is number => Number.isInteger(u) && u !== input.initiatorUserId);
  return others.length ? { parties: others } : {};
}

/** Starts the latest enabled version of a process for a business record (one live process per record). */
export async function start(db: Db, input: StartInput): Promise<{ instance: InstanceRow; tasks: TaskRow[] }> {
  return db.transaction(async (tx) => {
    const def = await latestDefinition(tx, input.processKey);
    if (!def) throw badRequest(MSG.noDefinition);
    // One live process per business record: serialise starts of the same record (held until commit, one record only).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wf:${input.processKey}:${input.businessId}`}))`);
    const [live] = await tx
      .select({ id: wfInstances.id })
      .from(wfInstances)
      .where(
        and(eq(wfInstances.processKey, input.processKey), eq(wfInstances.businessId, input.businessId), inArray(wfInstances.status, ['running', 'returned'])),
      )
      .limit(1);
    if (live) throw conflict(MSG.alreadyRunning);
    const [inst] = await tx
      .insert(wfInstances)
      .values({
        definitionId: def.id,
        processKey: def.key,
        processName: def.name,
        businessId: input.businessId,
        title: input.title.slice(0, 200),
        initiatorUserId: input.initiatorUserId,
        vars: input.vars ?? {},
        chosen: input.chosen ?? {},
        state: { joins: {}, ...partiesState(input) },
        createdBy: input.initiatorUserId,
        updatedBy: input.initiatorUserId,
      })
      .returning();
    if (!inst) throw new Error('instance insert returned nothing');
    const run = await openRun(tx, inst, input.initiatorUserId);
    const startNode = node(run, run.model.startId);
    await writeEvent(run, {
      nodeId: startNode.id,
      nodeName: startNode.name === startNode.id ? '发起申请' : startNode.name,
      action: 'start',
      operateType: 0,
      approvalFlag: 1,
      userId: input.initiatorUserId,
    });
    await hooksFor(inst.processKey)?.onStart?.(tx, hookEvent(run, 'start', startNode.id));
    // Kept before settle empties it: the caller gets the tasks this start created.
    const created = run.created;
    await enter(run, startNode.id);
    const tasks = [...created];
    await settle(run, 'start', startNode.id);
    return { instance: run.inst, tasks };
  });
}

/** The initiator takes the request back: only while no approver acted, unless the definition says otherwise. */
export async function revoke(db: Db, cmd: { instanceId: number; userId: number; message?: string | null }): Promise<InstanceRow> {
  return db.transaction(async (tx) => {
    const inst = await lockInstance(tx, cmd.instanceId);
    if (inst.initiatorUserId !== cmd.userId) throw forbidden(MSG.notInitiator);
    if (!isRunning(inst)) throw conflict(MSG.ended);
    const run = await openRun(tx, inst, cmd.userId);
    if (!(await canRevoke(tx, inst))) throw conflict(run.model.revocable === 'never' ? MSG.revokeNever : MSG.revokeLate);
    await cancelOpen(run);
    await writeEvent(run, {
      nodeId: run.model.startId,
      nodeName: '撤回',
      action: 'revoke',
      operateType: 0,
      approvalFlag: 3,
      userId: cmd.userId,
      message: cmd.message?.trim() || null,
    });
    await finish(run, 'revoked');
    return run.inst;
  });
}

/** A reminder to the current approvers, at most once per 10 minutes. */
export async function urge(db: Db, cmd: { instanceId: number; userId: number; message?: string | null }): Promise<number> {
  return db.transaction(async (tx) => {
    const inst = await lockInstance(tx, cmd.instanceId);
    if (inst.initiatorUserId !== cmd.userId) throw forbidden(MSG.notInitiator);
    if (inst.status !== 'running') throw conflict(MSG.ended);
    if (inst.lastUrgedAt && Date.now() - inst.lastUrgedAt.getTime() < URGE_INTERVAL_MS) throw conflict(MSG.urgeOften);
    const open = await tx
      .select({ assigneeUserId: wfTasks.assigneeUserId, candidateUserIds: wfTasks.candidateUserIds })
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.kind, 'approve'), eq(wfTasks.status, 'pending')));
    const receivers = [...new Set(open.flatMap((t) => (t.assigneeUserId ? [t.assigneeUserId] : t.candidateUserIds)))];
    const run = await openRun(tx, inst, cmd.userId);
    const message = cmd.message?.trim() || null;
    await writeEvent(run, { nodeName: '催办', action: 'urge', operateType: 0, approvalFlag: 0, userId: cmd.userId, message });
    if (receivers.length) queueUrgeNotice(run, receivers, message ?? undefined);
    await saveInstance(run, { lastUrgedAt: new Date() });
    return receivers.length;
  });
}

/** Marks my copies of an instance (or one cc task) as read. Idempotent: reading twice is fine. */
export async function finishCc(db: Db, cmd: { userId: number; instanceId?: number; taskId?: number }): Promise<number> {
  const where = [eq(wfTasks.kind, 'cc'), eq(wfTasks.status, 'pending'), eq(wfTasks.assigneeUserId, cmd.userId)];
  if (cmd.taskId) where.push(eq(wfTasks.id, cmd.taskId));
  else if (cmd.instanceId) where.push(eq(wfTasks.instanceId, cmd.instanceId));
  else return 0;
  const rows = await db
    .update(wfTasks)
    .set({ status: 'done', outcome: 'read', completedBy: cmd.userId, completedAt: new Date() })
    .where(and(...where))
    .returning({ id: wfTasks.id });
  return rows.length;
}

/**
 * An administrator ends a running (or returned) instance: open tasks cancelled, the business
 * module told (its record is closed like a revoked one), the reason in the flow.
 */
export async function terminate(db: Db, cmd: { instanceId: number; userId: number; reason: string }): Promise<InstanceRow> {
  const reason = cmd.reason.trim();
  if (!reason) throw badRequest(MSG.terminateReason);
  return db.transaction(async (tx) => {
    const inst = await lockInstance(tx, cmd.instanceId);
    if (!isRunning(inst)) throw conflict(MSG.ended);
    const run = await openRun(tx, inst, cmd.userId);
    await cancelOpen(run);
    await writeEvent(run, { nodeName: '管理员终止', action: 'terminate', operateType: 1, approvalFlag: 2, userId: cmd.userId, message: reason });
    await finish(run, 'terminated');
    return run.inst;
  });
}

/**
 * An administrator gives an open task of any running instance to someone else (the holder is away,
 * has left, the rule named the wrong person). Shown on the task like a transfer.
 */
export async function reassign(db: Db, cmd: { taskId: number; userId: number; toUserId: number; reason: string }): Promise<InstanceRow> {
  const reason = cmd.reason.trim();
  if (!reason) throw badRequest(MSG.reassignReason);
  return db.transaction(async (tx) => {
    const { inst, task } = await lockTask(tx, cmd.taskId);
    if (task.kind !== 'approve') throw badRequest('该任务不是审批任务');
    const [target] = await tx.select({ enabled: users.enabled }).from(users).where(eq(users.id, cmd.toUserId));
    if (!target?.enabled) throw badRequest(MSG.reassignTarget);
    refuseParty(inst, cmd.toUserId);
    if (task.assigneeUserId === cmd.toUserId) throw badRequest(MSG.reassignSame);
    const run = await openRun(tx, inst, cmd.userId);
    const [moved] = await tx
      .update(wfTasks)
      .set({
        assigneeUserId: cmd.toUserId,
        candidateUserIds: [cmd.toUserId],
        ownerUserId: null,
        proxyForUserId: null,
        delegationId: null,
        createdAt: new Date(),
      })
      .where(and(eq(wfTasks.id, task.id), eq(wfTasks.status, 'pending')))
      .returning();
    if (!moved) throw conflict(MSG.taskClosed);
    run.created.push(moved);
    await writeEvent(run, {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'reassign',
      operateType: 1,
      approvalFlag: 0,
      userId: cmd.userId,
      targetUserId: cmd.toUserId,
      message: reason,
    });
    await settle(run, 'reassign', task.nodeId);
    return run.inst;
  });
}
