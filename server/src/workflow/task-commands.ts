import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { users, wfTasks } from '../db/schema';
import type { Db } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { backTargets, closeTask, writeEvent } from './history';
import { hooksFor } from './hooks';
import { finish, settle } from './lifecycle';
import { MSG } from './messages';
import { sendBackPlan } from './parallel-scopes';
import { afterTaskClosed, enter } from './routing';
import { holderTask, hookEvent, type InstanceRow, lockInstance, node, openRun, type Run, refusalNow, refuseParty, stillHeldBy, type TaskRow } from './run';
import { cancelOpen, cancelOpenOn, createCcFor, createNodeTasks, createResubmitTask, OPEN } from './tasks';

/**
 * Commands on a task. Each is one transaction that first locks the task's instance (`holderTask`),
 * so commands on one instance run one after the other; a task closes exactly once.
 */
export interface TaskCommand {
  taskId: number;
  userId: number;
  message?: string | null;
  /** Form fields changed by this step (merged into the instance's form): the caller's own, trusted (a business module's, read from its record). */
  vars?: Record<string, unknown>;
}

export interface ResubmitCommand extends TaskCommand {
  /**
   * What the applicant sent as corrections (the process centre's `task/resubmit`, a document's
   * correcting call): merged into the form like `vars`, but a business module's resubmission hook
   * sees it as `form` first and decides (it refuses what it may not take).
   */
  form?: Record<string, unknown>;
}

/** A pass may copy the request to people the approver chooses (enabled users, checked by the caller). */
export interface PassCommand extends TaskCommand {
  ccUserIds?: number[];
  /** Form fields the approver changed: only those the node declares editable (`erp:editableFields`). */
  edits?: Record<string, unknown>;
  /** The process's form declaration: answers why the form after the edits is invalid (the first problem), if it is. */
  checkForm?: (processKey: string, form: Record<string, unknown>, edits: Record<string, unknown>) => string | undefined;
}

/** Applies an approver's edits to the form, after checking them against the node and the declaration; logged with old and new values. */
async function applyEdits(run: Run, task: TaskRow, cmd: PassCommand): Promise<void> {
  const edits = cmd.edits ?? {};
  const keys = Object.keys(edits);
  if (!keys.length) return;
  const allowed = new Set(node(run, task.nodeId).editable ?? []);
  const denied = keys.filter((k) => !allowed.has(k));
  if (denied.length) throw badRequest(`${MSG.fieldNotEditable}：${denied.join('、')}`);
  const form = { ...run.inst.vars, ...edits };
  const problem = cmd.checkForm?.(run.inst.processKey, form, edits);
  if (problem) throw badRequest(problem);
  const before = run.inst.vars;
  const changed = keys.filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(edits[k] ?? null));
  run.inst.vars = form;
  if (!changed.length) return;
  const show = (v: unknown) => (v === undefined || v === null || v === '' ? '（空）' : String(v).slice(0, 60));
  await writeEvent(run, {
    taskId: task.id,
    nodeId: task.nodeId,
    nodeName: task.nodeName,
    action: 'editForm',
    operateType: 1,
    approvalFlag: 0,
    userId: cmd.userId,
    message: `修改表单：${changed.map((k) => `${k} ${show(before[k])} → ${show(edits[k])}`).join('；')}`.slice(0, 1000),
  });
}

/** A task delegated to me (委派) only goes back to its owner: the other commands are the owner's. */
function ownerOnly(task: TaskRow): void {
  if (task.ownerUserId !== null) throw badRequest(MSG.delegatedOnlyPass);
}

/**
 * Commands on a task running in this process, by task id. A second command on the same task (a
 * double click) waits for the first without a connection or a lock, then reads the task once: a
 * task that is no longer pending answers the conflict at once (1 statement instead of BEGIN, lock,
 * close, ROLLBACK). A task still pending goes the normal way, so this only saves work.
 */
const inFlight = new Map<number, Promise<unknown>>();

function oncePerTask<T>(db: Db, taskId: number, command: () => Promise<T>): Promise<T> {
  // Inside a caller's transaction we may hold locks the earlier command needs: no waiting there
  // (the database sees any conflict and answers it).
  const earlier = db instanceof PgTransaction ? undefined : inFlight.get(taskId);
  const run = (async () => {
    if (earlier) {
      await earlier.catch(() => undefined);
      const [now] = await db.select({ status: wfTasks.status }).from(wfTasks).where(eq(wfTasks.id, taskId));
      if (!now) throw notFound(MSG.taskMissing);
      if (now.status !== 'pending') throw conflict(MSG.taskClosed);
    }
    return command();
  })();
  inFlight.set(taskId, run);
  const forget = () => {
    if (inFlight.get(taskId) === run) inFlight.delete(taskId);
  };
  run.then(forget, forget);
  return run;
}

/** One command on a task: its transaction, once per task at a time in this process. */
const taskTransaction = <T>(db: Db, taskId: number, work: (tx: Db) => Promise<T>): Promise<T> =>
  oncePerTask(db, taskId, () => db.transaction((tx) => work(tx)));

const approverStep = (task: { nodeId: string; nodeName: string }, action: string, approvalFlag: 1 | 2 | 3) => ({
  nodeId: task.nodeId,
  nodeName: task.nodeName,
  action,
  operateType: 1 as const,
  approvalFlag,
});

export async function pass(db: Db, cmd: PassCommand): Promise<InstanceRow> {
  return taskTransaction(db, cmd.taskId, async (tx) => {
    const { inst, task, initiatorName } = await holderTask(tx, cmd.taskId, cmd.userId);
    const run = await openRun(tx, inst, cmd.userId, initiatorName);
    const message = cmd.message?.trim() || null;
    if (task.ownerUserId !== null) return handBack(run, task, message);
    if (cmd.vars) run.inst.vars = { ...run.inst.vars, ...cmd.vars };
    await applyEdits(run, task, cmd);
    const open = await closeTask(run, task, { outcome: 'pass', message, event: approverStep(task, 'pass', 1) });
    const cc = [...new Set(cmd.ccUserIds ?? [])];
    if (cc.length) {
      await createCcFor(run, task.nodeId, task.nodeName, cc);
      await writeEvent(run, {
        taskId: task.id,
        nodeId: task.nodeId,
        nodeName: task.nodeName,
        action: 'cc',
        operateType: 1,
        approvalFlag: 0,
        userId: cmd.userId,
        message: `审批人抄送 ${cc.length} 人`,
      });
    }
    await afterTaskClosed(run, task, open);
    await settle(run, 'pass', task.nodeId);
    return run.inst;
  });
}

export async function reject(db: Db, cmd: TaskCommand): Promise<InstanceRow> {
  const message = cmd.message?.trim() ?? '';
  if (!message) throw badRequest(MSG.rejectMessage);
  return taskTransaction(db, cmd.taskId, async (tx) => {
    const { inst, task, initiatorName } = await holderTask(tx, cmd.taskId, cmd.userId);
    ownerOnly(task);
    const run = await openRun(tx, inst, cmd.userId, initiatorName);
    await closeTask(run, task, { outcome: 'reject', message, event: approverStep(task, 'reject', 2) });
    await cancelOpen(run);
    await finish(run, 'rejected', hookEvent(run, 'reject', task.nodeId));
    return run.inst;
  });
}

export interface RollbackCommand extends TaskCommand {
  /** Target by node id, or by its `sort` in backTargets (0 = the initiator). Default: the previous node. */
  targetNodeId?: string;
  sort?: number;
}

/** Sends a task back to an earlier passed node, or to the initiator (who then resubmits). */
export async function rollback(db: Db, cmd: RollbackCommand): Promise<InstanceRow> {
  return taskTransaction(db, cmd.taskId, async (tx) => {
    const { inst, task, initiatorName } = await holderTask(tx, cmd.taskId, cmd.userId);
    ownerOnly(task);
    const targets = await backTargets(tx, inst.id, task.nodeId);
    const target =
      cmd.targetNodeId !== undefined
        ? targets.find((t) => t.nodeId === cmd.targetNodeId)
        : cmd.sort !== undefined
          ? targets.find((t) => t.sort === cmd.sort)
          : targets[targets.length - 1];
    if (!target) throw badRequest(MSG.rollbackTarget);
    const run = await openRun(tx, inst, cmd.userId, initiatorName);
    const message = cmd.message?.trim() || null;
    await closeTask(run, task, { outcome: 'rollback', message, event: approverStep(task, 'rollback', 3) });
    if (target.sort === 0) {
      await cancelOpen(run);
      await createResubmitTask(run);
      run.inst.status = 'returned';
    } else {
      // Only what runs downstream of the target stops; other branches keep their tasks and arrivals.
      const plan = sendBackPlan(run.model, task.nodeId, target.nodeId, run.inst.state.expect);
      if (!plan) throw badRequest(MSG.rollbackTarget);
      await cancelOpenOn(run, [...plan.cancelNodes]);
      run.inst.state = { ...run.inst.state, joins: { ...run.inst.state.joins, ...plan.joins } };
      await createNodeTasks(run, node(run, target.nodeId));
    }
    await settle(run, 'rollback', task.nodeId);
    return run.inst;
  });
}

/**
 * The initiator sends a returned request again (optionally with a corrected form). The process
 * routes again from its start with the form as it is after this: a business module's `onResubmit`
 * hook runs before that routing, so corrections it refuses never route, and variables it answers
 * (read from its record) are what routes.
 */
export async function resubmit(db: Db, cmd: ResubmitCommand): Promise<InstanceRow> {
  return taskTransaction(db, cmd.taskId, async (tx) => {
    const { inst, task, initiatorName } = await holderTask(tx, cmd.taskId, cmd.userId, 'resubmit');
    if (inst.status !== 'returned') throw conflict(MSG.notReturned);
    const run = await openRun(tx, inst, cmd.userId, initiatorName);
    const message = cmd.message?.trim() || null;
    await closeTask(run, task, {
      outcome: 'resubmit',
      message,
      event: { nodeId: run.model.startId, nodeName: '重新提交', action: 'resubmit', operateType: 0, approvalFlag: 1 },
    });
    if (cmd.vars) run.inst.vars = { ...run.inst.vars, ...cmd.vars };
    if (cmd.form) {
      run.inst.vars = { ...run.inst.vars, ...cmd.form };
      run.form = cmd.form;
    }
    run.inst.status = 'running';
    const answered = await hooksFor(run.inst.processKey)?.onResubmit?.(tx, hookEvent(run, 'resubmit', run.model.startId));
    if (answered) run.inst.vars = { ...run.inst.vars, ...answered };
    await enter(run, run.model.startId);
    await settle(run, 'resubmit', run.model.startId);
    return run.inst;
  });
}

export async function transfer(db: Db, cmd: TaskCommand & { toUserId: number; remark: string }): Promise<InstanceRow> {
  const remark = cmd.remark.trim();
  if (!remark) throw badRequest(MSG.transferReason);
  if (cmd.toUserId === cmd.userId) throw badRequest(MSG.transferSelf);
  return taskTransaction(db, cmd.taskId, async (tx) => {
    const { inst, task, initiatorName } = await holderTask(tx, cmd.taskId, cmd.userId);
    ownerOnly(task);
    const [target] = await tx.select({ id: users.id, enabled: users.enabled }).from(users).where(eq(users.id, cmd.toUserId));
    if (!target?.enabled) throw badRequest(MSG.transferTarget);
    refuseParty(inst, cmd.toUserId);
    const run = await openRun(tx, inst, cmd.userId, initiatorName);
    const [moved] = await tx
      .update(wfTasks)
      .set({ assigneeUserId: cmd.toUserId, candidateUserIds: [cmd.toUserId], createdAt: new Date(), proxyForUserId: null, delegationId: null })
      .where(and(eq(wfTasks.id, task.id), stillHeldBy(cmd.userId)))
      .returning();
    if (!moved) throw (await refusalNow(tx, task.id, cmd.userId)) ?? conflict(MSG.taskClosed);
    run.created.push(moved);
    await writeEvent(run, {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'transfer',
      operateType: 1,
      approvalFlag: 0,
      userId: cmd.userId,
      targetUserId: cmd.toUserId,
      message: remark,
    });
    await settle(run, 'transfer', task.nodeId);
    return run.inst;
  });
}

/** Adds a signer to the current node, before me (I act after them) or after me. */
export async function addSigner(db: Db, cmd: TaskCommand & { signerUserId: number; position: 'before' | 'after' }): Promise<InstanceRow> {
  if (cmd.signerUserId === cmd.userId) throw badRequest(MSG.signerSelf);
  return taskTransaction(db, cmd.taskId, async (tx) => {
    const { inst, task, initiatorName } = await holderTask(tx, cmd.taskId, cmd.userId);
    ownerOnly(task);
    const [signer] = await tx.select({ enabled: users.enabled }).from(users).where(eq(users.id, cmd.signerUserId));
    if (!signer?.enabled) throw badRequest(MSG.signerTarget);
    refuseParty(inst, cmd.signerUserId);
    const run = await openRun(tx, inst, cmd.userId, initiatorName);
    const base = {
      instanceId: inst.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      kind: 'approve',
      activation: task.activation,
      mode: task.mode,
      assigneeUserId: cmd.signerUserId,
      candidateUserIds: [cmd.signerUserId],
      addedByUserId: cmd.userId,
    };
    if (cmd.position === 'before') {
      const parked = await tx
        .update(wfTasks)
        .set({ status: 'waiting' })
        .where(and(eq(wfTasks.id, task.id), stillHeldBy(cmd.userId)))
        .returning({ id: wfTasks.id });
      if (!parked.length) throw (await refusalNow(tx, task.id, cmd.userId)) ?? conflict(MSG.taskClosed);
      const [row] = await tx
        .insert(wfTasks)
        .values({ ...base, seq: task.seq - 0.5, status: 'pending' })
        .returning();
      if (row) run.created.push(row);
    } else {
      // Nothing of my task changes here: check it is still mine as it is now (the lock may have waited).
      const refused = await refusalNow(tx, task.id, cmd.userId);
      if (refused) throw refused;
      const [after] = await tx
        .select({ seq: wfTasks.seq })
        .from(wfTasks)
        .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.activation, task.activation), gt(wfTasks.seq, task.seq)))
        .orderBy(asc(wfTasks.seq))
        .limit(1);
      await tx.insert(wfTasks).values({ ...base, seq: after ? (task.seq + after.seq) / 2 : task.seq + 1, status: 'waiting' });
    }
    await writeEvent(run, {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'addSigner',
      operateType: 1,
      approvalFlag: 0,
      userId: cmd.userId,
      targetUserId: cmd.signerUserId,
      message: [cmd.position === 'before' ? '前加签' : '后加签', cmd.message?.trim()].filter(Boolean).join('：'),
    });
    await settle(run, 'addSigner', task.nodeId);
    return run.inst;
  });
}

/**
 * Delegate (委派): my task goes to someone who looks at it and acts (passes); it then comes back to
 * me, the owner, to pass or reject as usual. The move repeats the holder check on the row as it is
 * now, so a delegation racing my own pass (or a second click) has one winner.
 */
export async function delegate(db: Db, cmd: TaskCommand & { toUserId: number }): Promise<InstanceRow> {
  if (cmd.toUserId === cmd.userId) throw badRequest(MSG.delegateSelf);
  return taskTransaction(db, cmd.taskId, async (tx) => {
    const { inst, task, initiatorName } = await holderTask(tx, cmd.taskId, cmd.userId);
    if (task.ownerUserId !== null) throw badRequest(MSG.delegatedTwice);
    const [target] = await tx.select({ enabled: users.enabled }).from(users).where(eq(users.id, cmd.toUserId));
    if (!target?.enabled) throw badRequest(MSG.delegateTarget);
    refuseParty(inst, cmd.toUserId);
    const run = await openRun(tx, inst, cmd.userId, initiatorName);
    const [moved] = await tx
      .update(wfTasks)
      .set({
        assigneeUserId: cmd.toUserId,
        candidateUserIds: [cmd.toUserId],
        ownerUserId: cmd.userId,
        createdAt: new Date(),
        proxyForUserId: null,
        delegationId: null,
      })
      .where(and(eq(wfTasks.id, task.id), stillHeldBy(cmd.userId), isNull(wfTasks.ownerUserId)))
      .returning();
    if (!moved) throw (await refusalNow(tx, task.id, cmd.userId)) ?? conflict(MSG.taskClosed);
    run.created.push(moved);
    await writeEvent(run, {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'delegate',
      operateType: 1,
      approvalFlag: 0,
      userId: cmd.userId,
      targetUserId: cmd.toUserId,
      message: cmd.message?.trim() || null,
    });
    await settle(run, 'delegate', task.nodeId);
    return run.inst;
  });
}

/** The delegate has acted: the task returns to its owner (the delegate's opinion is in the flow). */
async function handBack(run: Run, task: TaskRow, message: string | null): Promise<InstanceRow> {
  const owner = task.ownerUserId as number;
  const [back] = await run.tx
    .update(wfTasks)
    .set({ assigneeUserId: owner, candidateUserIds: [owner], ownerUserId: null, createdAt: new Date() })
    .where(and(eq(wfTasks.id, task.id), stillHeldBy(run.actor), eq(wfTasks.ownerUserId, owner)))
    .returning();
  if (!back) throw (await refusalNow(run.tx, task.id, run.actor)) ?? conflict(MSG.taskClosed);
  run.created.push(back);
  await writeEvent(run, {
    taskId: task.id,
    nodeId: task.nodeId,
    nodeName: task.nodeName,
    action: 'delegateDone',
    operateType: 1,
    approvalFlag: 1,
    userId: run.actor,
    targetUserId: owner,
    message,
  });
  await settle(run, 'delegateDone', task.nodeId);
  return run.inst;
}

/**
 * Remove a signer I added (减签) before they acted. `taskId` is my task on the node (pending, parked
 * behind a signer added before me, or already passed when the signer came after me). The signer's
 * task is cancelled on the locked instance only while still open: a signer who acted first wins.
 * The node then goes on as if the signer had never been added.
 */
export async function removeSigner(db: Db, cmd: { taskId: number; userId: number; signerUserId: number; message?: string | null }): Promise<InstanceRow> {
  return db.transaction(async (tx) => {
    const [mine] = await tx.select().from(wfTasks).where(eq(wfTasks.id, cmd.taskId));
    if (!mine) throw notFound(MSG.taskMissing);
    const inst = await lockInstance(tx, mine.instanceId);
    if (inst.status !== 'running') throw conflict(MSG.ended);
    const added = await tx
      .select()
      .from(wfTasks)
      .where(
        and(
          eq(wfTasks.instanceId, inst.id),
          eq(wfTasks.activation, mine.activation),
          eq(wfTasks.nodeId, mine.nodeId),
          eq(wfTasks.kind, 'approve'),
          eq(wfTasks.assigneeUserId, cmd.signerUserId),
          eq(wfTasks.addedByUserId, cmd.userId),
        ),
      )
      .orderBy(asc(wfTasks.id));
    if (!added.length) throw badRequest(MSG.signerNotAdded);
    const run = await openRun(tx, inst, cmd.userId);
    const [removed] = await tx
      .update(wfTasks)
      .set({ status: 'cancelled', outcome: 'removed', completedAt: new Date() })
      .where(
        and(
          inArray(
            wfTasks.id,
            added.map((t) => t.id),
          ),
          inArray(wfTasks.status, [...OPEN]),
        ),
      )
      .returning();
    if (!removed) throw conflict(MSG.signerActed);
    await writeEvent(run, {
      taskId: removed.id,
      nodeId: removed.nodeId,
      nodeName: removed.nodeName,
      action: 'removeSigner',
      operateType: 1,
      approvalFlag: 0,
      userId: cmd.userId,
      targetUserId: cmd.signerUserId,
      message: ['减签', cmd.message?.trim()].filter(Boolean).join('：'),
    });
    if (added.find((t) => t.id === removed.id)?.status === 'pending') {
      // The signer was the one due: the node goes on from the others (the parked owner, the next in line) or completes.
      const open = await tx
        .select({ id: wfTasks.id, status: wfTasks.status })
        .from(wfTasks)
        .where(
          and(
            eq(wfTasks.instanceId, inst.id),
            eq(wfTasks.activation, removed.activation),
            eq(wfTasks.kind, 'approve'),
            inArray(wfTasks.status, [...OPEN]),
            sql`${wfTasks.id} <> ${removed.id}`,
          ),
        )
        .orderBy(asc(wfTasks.seq), asc(wfTasks.id));
      await afterTaskClosed(run, removed, open);
    }
    await settle(run, 'removeSigner', removed.nodeId);
    return run.inst;
  });
}
