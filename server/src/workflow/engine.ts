import { and, asc, desc, eq, gt, inArray, max, or, sql } from 'drizzle-orm';
import { users, wfDefinitions, wfEvents, wfInstances, wfTasks } from '../db/schema';
import type { Db } from '../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { enqueue } from '../platform/outbox/outbox';
import { idsOfCodes, resolveRule } from './assignees';
import { evaluate } from './conditions';
import { type HookEvent, hooksFor, type InstanceStatus } from './hooks';
import type { NodeModel, ProcessModel } from './model';
import { parseDefinition } from './parser';

export type InstanceRow = typeof wfInstances.$inferSelect;
export type TaskRow = typeof wfTasks.$inferSelect;
export type DefinitionRow = typeof wfDefinitions.$inferSelect;

export const MSG = {
  taskMissing: '待办任务不存在',
  taskClosed: '该任务已被处理，请刷新后查看',
  notAssignee: '您不是当前审批人，不能处理该任务',
  ended: '流程已结束，不能再操作',
  notReturned: '流程未退回给发起人，不能重新提交',
  rejectMessage: '请输入签字意见',
  transferSelf: '不能转办给自己',
  transferTarget: '请选择转办对象',
  transferReason: '请输入转办理由',
  notInitiator: '只有发起人可以执行此操作',
  revokeLate: '审批人已处理，不能撤回',
  revokeNever: '该流程不允许撤回',
  urgeOften: '催办过于频繁，请10分钟后再试',
  rollbackTarget: '不能退回到该节点',
  noDefinition: '流程未部署或已停用',
  alreadyRunning: '该业务已有进行中的流程',
} as const;

const OPEN = ['pending', 'waiting'] as const;
const URGE_INTERVAL_MS = 10 * 60_000;
/** Guards against a definition that loops through gateways without ever reaching a task. */
const MAX_HOPS = 500;

// ---------------------------------------------------------------------------------------------
// Definitions

const modelCache = new Map<number, ProcessModel>();

export async function modelOf(db: Db, definitionId: number): Promise<ProcessModel> {
  const cached = modelCache.get(definitionId);
  if (cached) return cached;
  const [row] = await db.select({ model: wfDefinitions.model }).from(wfDefinitions).where(eq(wfDefinitions.id, definitionId));
  if (!row) throw notFound('流程定义不存在');
  modelCache.set(definitionId, row.model);
  return row.model;
}

/** Parses, checks and stores a new version of a definition (version = last + 1 for its key). */
export async function deploy(db: Db, xml: string, userId: number | null): Promise<DefinitionRow> {
  const model = await parseDefinition(xml);
  return db.transaction(async (tx) => {
    // Two deploys of one key at once must not both become version n: serialise on the key.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wf:${model.key}`}))`);
    const [last] = await tx
      .select({ v: max(wfDefinitions.version) })
      .from(wfDefinitions)
      .where(eq(wfDefinitions.key, model.key));
    const [row] = await tx
      .insert(wfDefinitions)
      .values({
        key: model.key,
        name: model.name,
        version: (last?.v ?? 0) + 1,
        category: model.category ?? null,
        xml,
        model,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning();
    return row as DefinitionRow;
  });
}

export async function latestDefinition(db: Db, key: string): Promise<DefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(wfDefinitions)
    .where(and(eq(wfDefinitions.key, key), eq(wfDefinitions.enabled, true)))
    .orderBy(desc(wfDefinitions.version))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Run-time state of one command

interface Run {
  tx: Db;
  inst: InstanceRow;
  model: ProcessModel;
  actor: number;
  reachedEnd: boolean;
  hops: number;
  /** Tasks created by this command, for notifications. */
  created: TaskRow[];
}

async function lockInstance(tx: Db, instanceId: number): Promise<InstanceRow> {
  const [inst] = await tx.select().from(wfInstances).where(eq(wfInstances.id, instanceId)).for('update');
  if (!inst) throw notFound('流程实例不存在');
  return inst;
}

async function openRun(tx: Db, inst: InstanceRow, actor: number): Promise<Run> {
  return { tx, inst, model: await modelOf(tx, inst.definitionId), actor, reachedEnd: false, hops: 0, created: [] };
}

/** The task row, read again under the instance lock; conflict when it is no longer pending. */
async function lockedTask(tx: Db, taskId: number): Promise<{ inst: InstanceRow; task: TaskRow }> {
  const [inst] = await tx
    .select()
    .from(wfInstances)
    .where(sql`${wfInstances.id} = (SELECT t.instance_id FROM wf_tasks t WHERE t.id = ${taskId})`)
    .for('update');
  if (!inst) throw notFound(MSG.taskMissing);
  const [task] = await tx.select().from(wfTasks).where(eq(wfTasks.id, taskId));
  if (!task) throw notFound(MSG.taskMissing);
  if (task.status !== 'pending') throw conflict(MSG.taskClosed);
  if (inst.status !== 'running' && inst.status !== 'returned') throw conflict(MSG.ended);
  return { inst, task };
}

export function isHolder(task: Pick<TaskRow, 'assigneeUserId' | 'candidateUserIds'>, userId: number): boolean {
  return task.assigneeUserId === userId || (task.assigneeUserId === null && task.candidateUserIds.includes(userId));
}

/** Closes a pending task exactly once; a second or concurrent close gets a conflict. */
async function closeTask(tx: Db, task: TaskRow, userId: number, outcome: string, message: string | null): Promise<void> {
  const closed = await tx
    .update(wfTasks)
    .set({ status: 'done', outcome, completedBy: userId, completedAt: new Date(), message })
    .where(and(eq(wfTasks.id, task.id), eq(wfTasks.status, 'pending')))
    .returning({ id: wfTasks.id });
  if (!closed.length) throw conflict(MSG.taskClosed);
}

async function writeEvent(
  run: Pick<Run, 'tx' | 'inst'>,
  e: {
    taskId?: number | null;
    nodeId?: string | null;
    nodeName: string;
    action: string;
    operateType: 0 | 1 | 2;
    approvalFlag: 0 | 1 | 2 | 3;
    userId: number;
    targetUserId?: number | null;
    message?: string | null;
  },
): Promise<void> {
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

async function saveInstance(run: Run, patch: Partial<Pick<InstanceRow, 'status' | 'vars' | 'endedAt' | 'lastUrgedAt'>> = {}): Promise<void> {
  Object.assign(run.inst, patch);
  await run.tx
    .update(wfInstances)
    .set({ ...patch, state: run.inst.state, vars: run.inst.vars, updatedAt: new Date(), updatedBy: run.actor })
    .where(eq(wfInstances.id, run.inst.id));
}

function hookEvent(run: Run, action: string, nodeId: string | null): HookEvent {
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
  };
}

// ---------------------------------------------------------------------------------------------
// Moving tokens through the graph

function node(run: Run, id: string): NodeModel {
  const n = run.model.nodes[id];
  if (!n) throw badRequest(`流程定义中没有节点 ${id}`);
  return n;
}

async function leave(run: Run, from: NodeModel): Promise<void> {
  for (const flowId of from.outgoing) {
    const flow = run.model.flows[flowId];
    if (flow) await enter(run, flow.target);
  }
}

/** The flow an exclusive gateway takes: the first true condition in document order, else the default. */
export function chooseFlow(model: ProcessModel, gateway: NodeModel, vars: Record<string, unknown>): string {
  const hit = gateway.outgoing.find((f) => {
    const cond = model.flows[f]?.condition;
    return f !== gateway.defaultFlow && (cond ? evaluate(cond, vars) : true);
  });
  const chosen = hit ?? gateway.defaultFlow;
  if (!chosen) throw badRequest(`网关 "${gateway.name}" 没有满足条件的出线，请检查表单`);
  return chosen;
}

async function enter(run: Run, nodeId: string): Promise<void> {
  if (++run.hops > MAX_HOPS) throw badRequest('流程定义存在不经过任务的循环');
  const n = node(run, nodeId);
  switch (n.type) {
    case 'start':
      return leave(run, n);
    case 'end':
      run.reachedEnd = true;
      return;
    case 'userTask':
      return createNodeTasks(run, n);
    case 'exclusive': {
      const flow = run.model.flows[chooseFlow(run.model, n, run.inst.vars)];
      if (flow) await enter(run, flow.target);
      return;
    }
    case 'parallel': {
      if (n.incoming.length > 1) {
        // A join: every incoming branch must arrive once. The instance row is locked, so two
        // branches finishing at the same moment are counted one after the other.
        const joins = { ...run.inst.state.joins };
        joins[n.id] = (joins[n.id] ?? 0) + 1;
        run.inst.state = { ...run.inst.state, joins };
        if ((joins[n.id] ?? 0) < n.incoming.length) return;
        joins[n.id] = 0;
      }
      return leave(run, n);
    }
  }
}

async function fallbackUsers(run: Run): Promise<number[]> {
  const ids = await idsOfCodes(run.tx, [run.model.fallbackUser, 'admin']);
  return ids.slice(0, 1);
}

async function usersFor(run: Run, n: NodeModel, rule = n.assignee): Promise<number[]> {
  if (!rule) return [];
  return resolveRule(run.tx, rule, { initiatorUserId: run.inst.initiatorUserId, vars: run.inst.vars, chosen: run.inst.chosen, nodeId: n.id });
}

/** Numbers the arrivals at nodes; kept in the instance state, which every command saves. */
function nextActivation(run: Run): number {
  const next = (run.inst.state.activations ?? 0) + 1;
  run.inst.state = { ...run.inst.state, activations: next };
  return next;
}

async function createNodeTasks(run: Run, n: NodeModel): Promise<void> {
  let people = await usersFor(run, n);
  if (!people.length) people = await fallbackUsers(run);
  if (!people.length) throw badRequest(`节点 "${n.name}" 找不到审批人，也没有可用的流程管理员`);
  const activation = nextActivation(run);
  const base = { instanceId: run.inst.id, nodeId: n.id, nodeName: n.name, kind: 'approve', activation, mode: n.mode ?? 'any' };
  const values =
    n.mode === 'all' || n.mode === 'seq'
      ? people.map((u, i) => ({ ...base, seq: i, assigneeUserId: u, candidateUserIds: [u], status: n.mode === 'seq' && i > 0 ? 'waiting' : 'pending' }))
      : [{ ...base, seq: 0, assigneeUserId: people.length === 1 ? (people[0] as number) : null, candidateUserIds: people, status: 'pending' }];
  const rows = await run.tx.insert(wfTasks).values(values).returning();
  run.created.push(...rows.filter((r) => r.status === 'pending'));
}

async function createCc(run: Run, nodeId: string, nodeName: string, rule: NodeModel['cc']): Promise<void> {
  if (!rule) return;
  const n = run.model.nodes[nodeId] ?? { id: nodeId, name: nodeName, type: 'userTask', incoming: [], outgoing: [] };
  const people = await usersFor(run, n as NodeModel, rule);
  if (!people.length) return;
  const rows = await run.tx
    .insert(wfTasks)
    .values(people.map((u) => ({ instanceId: run.inst.id, nodeId, nodeName, kind: 'cc', assigneeUserId: u, candidateUserIds: [u], status: 'pending' })))
    .returning();
  run.created.push(...rows);
}

/** After a task of a node closes: the next waiting task becomes due, or the node is complete. */
async function afterTaskClosed(run: Run, task: TaskRow): Promise<void> {
  const open = await run.tx
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, run.inst.id), eq(wfTasks.activation, task.activation), eq(wfTasks.kind, 'approve'), inArray(wfTasks.status, [...OPEN])))
    .orderBy(asc(wfTasks.seq), asc(wfTasks.id));
  if (open.some((t) => t.status === 'pending')) return;
  const next = open[0];
  if (next) {
    const [due] = await run.tx.update(wfTasks).set({ status: 'pending', createdAt: new Date() }).where(eq(wfTasks.id, next.id)).returning();
    if (due) run.created.push(due);
    return;
  }
  const n = node(run, task.nodeId);
  await createCc(run, n.id, n.name, n.cc);
  await leave(run, n);
}

async function openApprovalCount(tx: Db, instanceId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), inArray(wfTasks.kind, ['approve', 'resubmit']), inArray(wfTasks.status, [...OPEN])));
  return Number(row?.n ?? 0);
}

async function cancelOpen(run: Run): Promise<void> {
  await run.tx
    .update(wfTasks)
    .set({ status: 'cancelled', outcome: 'cancelled', completedAt: new Date() })
    .where(and(eq(wfTasks.instanceId, run.inst.id), inArray(wfTasks.kind, ['approve', 'resubmit']), inArray(wfTasks.status, [...OPEN])));
  run.inst.state = { ...run.inst.state, joins: {} };
}

async function finish(run: Run, status: 'passed' | 'rejected' | 'revoked'): Promise<void> {
  await saveInstance(run, { status, endedAt: new Date() });
  if (status === 'passed') await createCc(run, '__end__', '抄送', run.model.cc);
  await hooksFor(run.inst.processKey)?.onEnd?.(run.tx, hookEvent(run, status, null));
}

/** Ends the command: completes the process when the last token reached an end, saves, notifies. */
async function settle(run: Run, action: string, nodeId: string | null): Promise<void> {
  if (run.reachedEnd && run.inst.status === 'running' && (await openApprovalCount(run.tx, run.inst.id)) === 0) {
    await hooksFor(run.inst.processKey)?.onStep?.(run.tx, hookEvent(run, action, nodeId));
    await finish(run, 'passed');
  } else {
    await saveInstance(run);
    if (action !== 'start') await hooksFor(run.inst.processKey)?.onStep?.(run.tx, hookEvent(run, action, nodeId));
  }
  await notifyCreated(run);
}

async function notifyCreated(run: Run): Promise<void> {
  if (!run.created.length) return;
  const [initiator] = await run.tx.select({ name: users.realName }).from(users).where(eq(users.id, run.inst.initiatorUserId));
  const startTime = run.inst.startedAt.toISOString();
  const groups = new Map<string, { kind: string; nodeName: string; receivers: Set<number> }>();
  for (const t of run.created) {
    const key = `${t.kind}:${t.nodeId}`;
    const g = groups.get(key) ?? { kind: t.kind, nodeName: t.nodeName, receivers: new Set<number>() };
    for (const u of t.assigneeUserId ? [t.assigneeUserId] : t.candidateUserIds) g.receivers.add(u);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const cc = g.kind === 'cc';
    const what = cc ? '抄送' : g.kind === 'resubmit' ? '退回待重新提交' : '待审批';
    await enqueue(run.tx, 'notify', {
      receiverUserIds: [...g.receivers],
      msgType: '001',
      title: `${run.inst.processName}${what}`,
      content: `${run.inst.title}（${g.nodeName}）${cc ? '已抄送给您' : '需要您处理'}`,
      senderUserId: run.actor,
      todo: {
        type: run.inst.processKey,
        theme: run.inst.title,
        items: `${g.nodeName}${what}`,
        startTime,
        noticeUsers: initiator?.name ?? '',
        memo: `processInstanceId=${run.inst.id}`,
      },
      link: '/backlog/index',
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Commands: each one transaction that locks the instance row first.

export interface StartInput {
  processKey: string;
  businessId: string;
  title: string;
  initiatorUserId: number;
  vars?: Record<string, unknown>;
  /** Users picked by the initiator for `chosen` tasks, by node id. */
  chosen?: Record<string, number[]>;
}

export async function start(db: Db, input: StartInput): Promise<{ instance: InstanceRow; tasks: TaskRow[] }> {
  return db.transaction(async (tx) => {
    const def = await latestDefinition(tx, input.processKey);
    if (!def) throw badRequest(MSG.noDefinition);
    // One live process per business record: serialise starts of the same record.
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
    await enter(run, startNode.id);
    await settle(run, 'start', startNode.id);
    return { instance: run.inst, tasks: run.created };
  });
}

export interface TaskCommand {
  taskId: number;
  userId: number;
  message?: string | null;
  /** Form fields changed by this step (merged into the instance's form). */
  vars?: Record<string, unknown>;
}

async function holderTask(tx: Db, taskId: number, userId: number, kind: 'approve' | 'resubmit' | 'any' = 'approve') {
  const { inst, task } = await lockedTask(tx, taskId);
  if (kind !== 'any' && task.kind !== kind) throw badRequest(kind === 'approve' ? '该任务不是审批任务' : '该任务不是重新提交任务');
  if (!isHolder(task, userId)) throw forbidden(MSG.notAssignee);
  return { inst, task };
}

export async function pass(db: Db, cmd: TaskCommand): Promise<InstanceRow> {
  return db.transaction(async (tx) => {
    const { inst, task } = await holderTask(tx, cmd.taskId, cmd.userId);
    const run = await openRun(tx, inst, cmd.userId);
    const message = cmd.message?.trim() || null;
    await closeTask(tx, task, cmd.userId, 'pass', message);
    if (cmd.vars) run.inst.vars = { ...run.inst.vars, ...cmd.vars };
    await writeEvent(run, {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'pass',
      operateType: 1,
      approvalFlag: 1,
      userId: cmd.userId,
      message,
    });
    await afterTaskClosed(run, task);
    await settle(run, 'pass', task.nodeId);
    return run.inst;
  });
}

export async function reject(db: Db, cmd: TaskCommand): Promise<InstanceRow> {
  const message = cmd.message?.trim() ?? '';
  if (!message) throw badRequest(MSG.rejectMessage);
  return db.transaction(async (tx) => {
    const { inst, task } = await holderTask(tx, cmd.taskId, cmd.userId);
    const run = await openRun(tx, inst, cmd.userId);
    await closeTask(tx, task, cmd.userId, 'reject', message);
    await writeEvent(run, {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'reject',
      operateType: 1,
      approvalFlag: 2,
      userId: cmd.userId,
      message,
    });
    await cancelOpen(run);
    await hooksFor(inst.processKey)?.onStep?.(tx, hookEvent(run, 'reject', task.nodeId));
    await finish(run, 'rejected');
    await notifyCreated(run);
    return run.inst;
  });
}

/** A node one can send a task back to: the initiator (sort 0) or a passed user task before it. */
export interface BackTarget {
  nodeId: string;
  nodeName: string;
  sort: number;
}

export async function backTargets(db: Db, instanceId: number, fromNodeId: string): Promise<BackTarget[]> {
  const [inst] = await db.select().from(wfInstances).where(eq(wfInstances.id, instanceId));
  if (!inst) return [];
  const model = await modelOf(db, inst.definitionId);
  // Passed nodes since the last (re)submission, in the order they were passed, without the current one.
  const events = await db
    .select({ id: wfEvents.id, action: wfEvents.action, nodeId: wfEvents.nodeId, nodeName: wfEvents.nodeName })
    .from(wfEvents)
    .where(and(eq(wfEvents.instanceId, instanceId), inArray(wfEvents.action, ['start', 'resubmit', 'pass', 'rollback'])))
    .orderBy(asc(wfEvents.id));
  let lastSubmit = 0;
  events.forEach((e, i) => {
    if (e.action === 'start' || e.action === 'resubmit') lastSubmit = i;
  });
  const targets: BackTarget[] = [{ nodeId: model.startId, nodeName: '发起人', sort: 0 }];
  for (const e of events.slice(lastSubmit + 1)) {
    if (e.action !== 'pass' || !e.nodeId || e.nodeId === fromNodeId || targets.some((t) => t.nodeId === e.nodeId)) continue;
    if (model.nodes[e.nodeId]?.type === 'userTask') targets.push({ nodeId: e.nodeId, nodeName: e.nodeName, sort: targets.length });
  }
  return targets;
}

export interface RollbackCommand extends TaskCommand {
  /** Target by node id, or by its `sort` in backTargets (0 = the initiator). Default: the previous node. */
  targetNodeId?: string;
  sort?: number;
}

export async function rollback(db: Db, cmd: RollbackCommand): Promise<InstanceRow> {
  return db.transaction(async (tx) => {
    const { inst, task } = await holderTask(tx, cmd.taskId, cmd.userId);
    const targets = await backTargets(tx, inst.id, task.nodeId);
    const target =
      cmd.targetNodeId !== undefined
        ? targets.find((t) => t.nodeId === cmd.targetNodeId)
        : cmd.sort !== undefined
          ? targets.find((t) => t.sort === cmd.sort)
          : targets[targets.length - 1];
    if (!target) throw badRequest(MSG.rollbackTarget);
    const run = await openRun(tx, inst, cmd.userId);
    const message = cmd.message?.trim() || null;
    await closeTask(tx, task, cmd.userId, 'rollback', message);
    await writeEvent(run, {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'rollback',
      operateType: 1,
      approvalFlag: 3,
      userId: cmd.userId,
      targetUserId: null,
      message,
    });
    await cancelOpen(run);
    if (target.sort === 0) {
      const [back] = await tx
        .insert(wfTasks)
        .values({
          instanceId: inst.id,
          nodeId: run.model.startId,
          nodeName: '发起人重新提交',
          kind: 'resubmit',
          activation: nextActivation(run),
          assigneeUserId: inst.initiatorUserId,
          candidateUserIds: [inst.initiatorUserId],
        })
        .returning();
      if (back) run.created.push(back);
      run.inst.status = 'returned';
      await saveInstance(run, { status: 'returned' });
    } else {
      await createNodeTasks(run, node(run, target.nodeId));
    }
    await settle(run, 'rollback', task.nodeId);
    return run.inst;
  });
}

/** The initiator sends a returned request again (optionally with a corrected form). */
export async function resubmit(db: Db, cmd: TaskCommand): Promise<InstanceRow> {
  return db.transaction(async (tx) => {
    const { inst, task } = await holderTask(tx, cmd.taskId, cmd.userId, 'resubmit');
    if (inst.status !== 'returned') throw conflict(MSG.notReturned);
    const run = await openRun(tx, inst, cmd.userId);
    const message = cmd.message?.trim() || null;
    await closeTask(tx, task, cmd.userId, 'resubmit', message);
    if (cmd.vars) run.inst.vars = { ...run.inst.vars, ...cmd.vars };
    run.inst.status = 'running';
    await saveInstance(run, { status: 'running' });
    await writeEvent(run, {
      taskId: task.id,
      nodeId: run.model.startId,
      nodeName: '重新提交',
      action: 'resubmit',
      operateType: 0,
      approvalFlag: 1,
      userId: cmd.userId,
      message,
    });
    await enter(run, run.model.startId);
    await settle(run, 'resubmit', run.model.startId);
    return run.inst;
  });
}

/** The task of the initiator after a send-back, if any. */
export async function resubmitTaskOf(db: Db, instanceId: number): Promise<TaskRow | undefined> {
  const [t] = await db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, 'resubmit'), eq(wfTasks.status, 'pending')))
    .limit(1);
  return t;
}

export async function transfer(db: Db, cmd: TaskCommand & { toUserId: number; remark: string }): Promise<InstanceRow> {
  const remark = cmd.remark.trim();
  if (!remark) throw badRequest(MSG.transferReason);
  if (cmd.toUserId === cmd.userId) throw badRequest(MSG.transferSelf);
  return db.transaction(async (tx) => {
    const { inst, task } = await holderTask(tx, cmd.taskId, cmd.userId);
    const [target] = await tx.select({ id: users.id, enabled: users.enabled }).from(users).where(eq(users.id, cmd.toUserId));
    if (!target?.enabled) throw badRequest(MSG.transferTarget);
    const run = await openRun(tx, inst, cmd.userId);
    const [moved] = await tx
      .update(wfTasks)
      .set({ assigneeUserId: cmd.toUserId, candidateUserIds: [cmd.toUserId], createdAt: new Date() })
      .where(and(eq(wfTasks.id, task.id), eq(wfTasks.status, 'pending')))
      .returning();
    if (!moved) throw conflict(MSG.taskClosed);
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
  if (cmd.signerUserId === cmd.userId) throw badRequest('不能给自己加签');
  return db.transaction(async (tx) => {
    const { inst, task } = await holderTask(tx, cmd.taskId, cmd.userId);
    const [signer] = await tx.select({ enabled: users.enabled }).from(users).where(eq(users.id, cmd.signerUserId));
    if (!signer?.enabled) throw badRequest('请选择加签人');
    const run = await openRun(tx, inst, cmd.userId);
    const base = {
      instanceId: inst.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      kind: 'approve',
      activation: task.activation,
      mode: task.mode,
      assigneeUserId: cmd.signerUserId,
      candidateUserIds: [cmd.signerUserId],
    };
    if (cmd.position === 'before') {
      const parked = await tx
        .update(wfTasks)
        .set({ status: 'waiting' })
        .where(and(eq(wfTasks.id, task.id), eq(wfTasks.status, 'pending')))
        .returning({ id: wfTasks.id });
      if (!parked.length) throw conflict(MSG.taskClosed);
      const [row] = await tx
        .insert(wfTasks)
        .values({ ...base, seq: task.seq - 0.5, status: 'pending' })
        .returning();
      if (row) run.created.push(row);
    } else {
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
      message: cmd.position === 'before' ? '前加签' : '后加签',
    });
    await settle(run, 'addSigner', task.nodeId);
    return run.inst;
  });
}

/** Whether the initiator may still take the request back. */
export async function canRevoke(db: Db, inst: InstanceRow): Promise<boolean> {
  if (inst.status !== 'running' && inst.status !== 'returned') return false;
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
    .where(and(eq(wfEvents.instanceId, inst.id), inArray(wfEvents.action, ['pass', 'reject', 'rollback']), gt(wfEvents.id, lastSubmit?.id ?? 0)))
    .limit(1);
  return !acted;
}

export async function revoke(db: Db, cmd: { instanceId: number; userId: number; message?: string | null }): Promise<InstanceRow> {
  return db.transaction(async (tx) => {
    const inst = await lockInstance(tx, cmd.instanceId);
    if (inst.initiatorUserId !== cmd.userId) throw forbidden(MSG.notInitiator);
    if (inst.status !== 'running' && inst.status !== 'returned') throw conflict(MSG.ended);
    const model = await modelOf(tx, inst.definitionId);
    if (!(await canRevoke(tx, inst))) throw conflict(model.revocable === 'never' ? MSG.revokeNever : MSG.revokeLate);
    const run = await openRun(tx, inst, cmd.userId);
    await cancelOpen(run);
    await writeEvent(run, {
      nodeId: model.startId,
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
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.kind, 'approve'), eq(wfTasks.status, 'pending')));
    const receivers = [...new Set(open.flatMap((t) => (t.assigneeUserId ? [t.assigneeUserId] : t.candidateUserIds)))];
    const run = await openRun(tx, inst, cmd.userId);
    await saveInstance(run, { lastUrgedAt: new Date() });
    await writeEvent(run, { nodeName: '催办', action: 'urge', operateType: 0, approvalFlag: 0, userId: cmd.userId, message: cmd.message?.trim() || null });
    if (receivers.length)
      await enqueue(tx, 'notify', {
        receiverUserIds: receivers,
        msgType: '001',
        title: `催办：${inst.processName}`,
        content: `${inst.title} 等待您的审批${cmd.message?.trim() ? `：${cmd.message.trim()}` : ''}`,
        senderUserId: cmd.userId,
        todo: {
          type: inst.processKey,
          theme: inst.title,
          items: '催办',
          startTime: inst.startedAt.toISOString(),
          noticeUsers: '',
          memo: cmd.message?.trim() ?? '',
        },
        link: '/backlog/index',
      });
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

/** My pending task on an instance (approval or resubmission), if any. */
export async function myTask(db: Db, instanceId: number, userId: number): Promise<TaskRow | undefined> {
  const [t] = await db
    .select()
    .from(wfTasks)
    .where(
      and(
        eq(wfTasks.instanceId, instanceId),
        eq(wfTasks.status, 'pending'),
        inArray(wfTasks.kind, ['approve', 'resubmit']),
        sql`${wfTasks.candidateUserIds} @> ARRAY[${userId}]::integer[]`,
        or(sql`${wfTasks.assigneeUserId} IS NULL`, eq(wfTasks.assigneeUserId, userId)),
      ),
    )
    .orderBy(asc(wfTasks.id))
    .limit(1);
  return t;
}
