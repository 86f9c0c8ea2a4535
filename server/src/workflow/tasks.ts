import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { wfTasks } from '../db/schema';
import type { Db } from '../platform/db';
import { badRequest } from '../platform/errors';
import { idsOfCodes, resolveNode, resolveRule } from './assignees';
import { withDeputies } from './delegations';
import { writeEvent } from './history';
import { MSG } from './messages';
import type { NodeModel } from './model';
import { leave } from './routing';
import type { Run, TaskRow } from './run';
import { partiesOf, routeAroundParties, type SelfRouting } from './self-approval';
import { scheduleTimers } from './timers';

/** Task states that still need someone: due now (pending) or later in a sequence (waiting). */
export const OPEN = ['pending', 'waiting'] as const;
const APPROVAL_KINDS = ['approve', 'resubmit'];

// ---------------------------------------------------------------------------------------------
// Who does a node's work

async function fallbackUsers(run: Run): Promise<number[]> {
  const ids = await idsOfCodes(run.tx, [run.model.fallbackUser, 'admin']);
  return ids.slice(0, 1);
}

const contextOf = (run: Run, n: NodeModel) => ({ initiatorUserId: run.inst.initiatorUserId, vars: run.inst.vars, chosen: run.inst.chosen, nodeId: n.id });

async function usersFor(run: Run, n: NodeModel, rule: NodeModel['cc']): Promise<number[]> {
  if (!rule) return [];
  return resolveRule(run.tx, rule, contextOf(run, n));
}

/**
 * The approvers of a node: its rules, else the process administrator — never nobody, and never a
 * party of the request (self-approval.ts: the process's rule says where such a step goes).
 */
async function approversOf(run: Run, n: NodeModel): Promise<SelfRouting> {
  let people = await resolveNode(run.tx, n, contextOf(run, n));
  if (!people.length) people = await fallbackUsers(run);
  if (!people.length) throw badRequest(`节点 "${n.name}" 找不到审批人，也没有可用的流程管理员`);
  const routed = await routeAroundParties(run.tx, run.model, n, people, partiesOf(run.inst));
  if (!routed.people.length && !routed.skipped) throw badRequest(`节点 "${n.name}"：${MSG.nobodyOutside}`);
  return routed;
}

// ---------------------------------------------------------------------------------------------
// Creating and ending tasks

/** Numbers the arrivals at nodes; kept in the instance state, which every command saves. */
export function nextActivation(run: Run): number {
  const next = (run.inst.state.activations ?? 0) + 1;
  run.inst.state = { ...run.inst.state, activations: next };
  return next;
}

/**
 * Who of these people passes this node by themselves (the definition's `autoPass`): the initiator,
 * and/or whoever already passed an earlier node since the last (re)submission.
 */
async function autoPassers(run: Run, people: number[]): Promise<Set<number>> {
  const mode = run.model.autoPass;
  const found = new Set<number>();
  if (!mode) return found;
  if ((mode === 'initiator' || mode === 'both') && people.includes(run.inst.initiatorUserId)) found.add(run.inst.initiatorUserId);
  if (mode === 'approved' || mode === 'both') {
    const rows = (await run.tx.execute(sql`
      SELECT DISTINCT e.user_id AS "userId" FROM wf_events e
      WHERE e.instance_id = ${run.inst.id}::int AND e.action IN ('pass', 'autoPass') AND e.user_id = ANY(${`{${people.join(',')}}`}::int[])
        AND e.id > coalesce((SELECT max(s.id) FROM wf_events s WHERE s.instance_id = ${run.inst.id}::int AND s.action IN ('start', 'resubmit')), 0)`)) as unknown as {
      rows: Array<{ userId: number }>;
    };
    for (const r of rows.rows) found.add(Number(r.userId));
  }
  return found;
}

/**
 * The tasks of one arrival at a user task, by its mode: one group task (any), one each (all), or one
 * after another (seq). People who pass automatically get an `autoPass` event instead of a task (in
 * any-one mode one of them passes the whole node); a node left with nobody to ask moves on at once.
 */
export async function createNodeTasks(run: Run, n: NodeModel): Promise<void> {
  const routed = await approversOf(run, n);
  if (routed.skipped) {
    await writeEvent(run, {
      nodeId: n.id,
      nodeName: n.name,
      action: 'selfSkip',
      operateType: 1,
      approvalFlag: 1,
      userId: run.inst.initiatorUserId,
      message: '审批人是申请人本人，按流程规则跳过此节点',
    });
    await createCc(run, n.id, n.name, n.cc);
    return leave(run, n);
  }
  let approvers = routed.people;
  const auto = await autoPassers(run, approvers);
  if (auto.size) {
    const one = n.mode !== 'all' && n.mode !== 'seq';
    const passing = one ? approvers.filter((p) => auto.has(p)).slice(0, 1) : approvers.filter((p) => auto.has(p));
    for (const userId of passing)
      await writeEvent(run, {
        nodeId: n.id,
        nodeName: n.name,
        action: 'autoPass',
        operateType: 1,
        approvalFlag: 1,
        userId,
        message: userId === run.inst.initiatorUserId ? '自动通过（审批人是发起人）' : '自动通过（审批人已审批过）',
      });
    approvers = one ? [] : approvers.filter((p) => !auto.has(p));
    if (!approvers.length) {
      await createCc(run, n.id, n.name, n.cc);
      return leave(run, n);
    }
  }
  // People away with a deputy for today are replaced by the deputy (proxy approval, delegations.ts).
  const { people, proxyFor } = await withDeputies(run.tx, approvers, partiesOf(run.inst));
  const activation = nextActivation(run);
  const base = { instanceId: run.inst.id, nodeId: n.id, nodeName: n.name, kind: 'approve', activation, mode: n.mode ?? 'any' };
  const proxy = (holders: number[]) => {
    const p = holders.map((h) => proxyFor.get(h)).find((x) => x !== undefined);
    return p ? { proxyForUserId: p.userId, delegationId: p.delegationId } : {};
  };
  const values =
    n.mode === 'all' || n.mode === 'seq'
      ? people.map((u, i) => ({
          ...base,
          seq: i,
          assigneeUserId: u,
          candidateUserIds: [u],
          status: n.mode === 'seq' && i > 0 ? 'waiting' : 'pending',
          ...proxy([u]),
        }))
      : [
          {
            ...base,
            seq: 0,
            assigneeUserId: people.length === 1 ? (people[0] as number) : null,
            candidateUserIds: people,
            status: 'pending',
            ...proxy(people),
          },
        ];
  const rows = await run.tx.insert(wfTasks).values(values).returning();
  run.created.push(...rows.filter((r) => r.status === 'pending'));
  // Shown on the task like a transfer: from the applicant to whom the rule chose, and why.
  if (routed.redirected && rows[0])
    await writeEvent(run, {
      taskId: rows[0].id,
      nodeId: n.id,
      nodeName: n.name,
      action: 'selfRoute',
      operateType: 1,
      approvalFlag: 0,
      userId: run.inst.initiatorUserId,
      targetUserId: routed.redirected.to,
      message: `审批人是申请人本人，已转交${routed.redirected.why}`,
    });
  await scheduleTimers(run, n, activation);
}

/** Copies of a node (or of the end: node id `__end__`) for the people of a cc rule. */
export async function createCc(run: Run, nodeId: string, nodeName: string, rule: NodeModel['cc']): Promise<void> {
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

/** Copies of a node for people an approver chose when passing. */
export async function createCcFor(run: Run, nodeId: string, nodeName: string, people: number[]): Promise<void> {
  if (!people.length) return;
  const rows = await run.tx
    .insert(wfTasks)
    .values(people.map((u) => ({ instanceId: run.inst.id, nodeId, nodeName, kind: 'cc', assigneeUserId: u, candidateUserIds: [u], status: 'pending' })))
    .returning();
  run.created.push(...rows);
}

/** The initiator's task after a send-back to the start. */
export async function createResubmitTask(run: Run): Promise<void> {
  const [back] = await run.tx
    .insert(wfTasks)
    .values({
      instanceId: run.inst.id,
      nodeId: run.model.startId,
      nodeName: '发起人重新提交',
      kind: 'resubmit',
      activation: nextActivation(run),
      assigneeUserId: run.inst.initiatorUserId,
      candidateUserIds: [run.inst.initiatorUserId],
    })
    .returning();
  if (back) run.created.push(back);
}

/** Makes a waiting task due (the next in a sequence, or the approver after an added signer). */
export async function makeDue(run: Run, taskId: number): Promise<void> {
  const [due] = await run.tx.update(wfTasks).set({ status: 'pending', createdAt: new Date() }).where(eq(wfTasks.id, taskId)).returning();
  if (due) run.created.push(due);
}

export async function openApprovalCount(tx: Db, instanceId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), inArray(wfTasks.kind, APPROVAL_KINDS), inArray(wfTasks.status, [...OPEN])));
  return Number(row?.n ?? 0);
}

/** Cancels every open approval of the instance (reject, send back, revoke). */
/** Cancels the open approval tasks on these nodes (a send back within parallel branches). */
export async function cancelOpenOn(run: Run, nodeIds: string[]): Promise<void> {
  if (!nodeIds.length) return;
  await run.tx
    .update(wfTasks)
    .set({ status: 'cancelled', outcome: 'cancelled', completedAt: new Date() })
    .where(
      and(eq(wfTasks.instanceId, run.inst.id), inArray(wfTasks.kind, APPROVAL_KINDS), inArray(wfTasks.status, [...OPEN]), inArray(wfTasks.nodeId, nodeIds)),
    );
}

export async function cancelOpen(run: Run): Promise<void> {
  await run.tx
    .update(wfTasks)
    .set({ status: 'cancelled', outcome: 'cancelled', completedAt: new Date() })
    .where(and(eq(wfTasks.instanceId, run.inst.id), inArray(wfTasks.kind, APPROVAL_KINDS), inArray(wfTasks.status, [...OPEN])));
  run.inst.state = { ...run.inst.state, joins: {} };
}

// ---------------------------------------------------------------------------------------------
// Reading tasks

/** My pending task on an instance (approval or resubmission), if any. */
export async function myTask(db: Db, instanceId: number, userId: number): Promise<TaskRow | undefined> {
  const [t] = await db
    .select()
    .from(wfTasks)
    .where(
      and(
        eq(wfTasks.instanceId, instanceId),
        eq(wfTasks.status, 'pending'),
        inArray(wfTasks.kind, APPROVAL_KINDS),
        sql`${wfTasks.candidateUserIds} @> ARRAY[${userId}]::integer[]`,
        or(sql`${wfTasks.assigneeUserId} IS NULL`, eq(wfTasks.assigneeUserId, userId)),
      ),
    )
    .orderBy(asc(wfTasks.id))
    .limit(1);
  return t;
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
