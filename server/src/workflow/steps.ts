import type { ApprovalStep } from '@erp/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { users, wfEvents, wfInstances, wfTasks } from '../db/schema';
import type { Db } from '../platform/db';
import { idsOfCodes, resolveNode, resolveRule } from './assignees';
import { modelOf } from './engine';
import type { NodeModel, ProcessModel } from './model';
import { chooseFlow, chooseFlows } from './routing';
import { partiesOf, routeAroundParties } from './self-approval';

interface Person {
  name: string;
  code: string;
}

async function peopleById(db: Db, ids: number[]): Promise<Map<number, Person>> {
  const unique = [...new Set(ids)].filter((i) => Number.isInteger(i));
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.realName, code: users.userCode }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { name: r.name, code: r.code }]));
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

function step(partial: Partial<ApprovalStep> & Pick<ApprovalStep, 'id' | 'approvalFlag' | 'operateType' | 'taskName'>): ApprovalStep {
  return {
    nodeId: null,
    approvalTaskName: partial.taskName,
    approvalUserName: '',
    approvalUserCode: '',
    taskUserName: '',
    approvalMessage: '',
    operateTime: '',
    isTransfer: 0,
    transferDTOS: [],
    taskType: 1,
    groupUserList: [],
    predicted: false,
    sort: 0,
    ...partial,
  };
}

function peopleStep(
  id: string,
  n: { id: string; name: string },
  userIds: number[],
  people: Map<number, Person>,
  operateType: 1 | 2,
  flag: 0 | 1,
  predicted: boolean,
): ApprovalStep {
  const list = userIds.map((u) => people.get(u)).filter((p): p is Person => !!p);
  const first = list[0];
  return step({
    id,
    nodeId: n.id,
    approvalFlag: flag,
    operateType,
    taskName: n.name,
    approvalUserName: first?.name ?? '',
    approvalUserCode: first?.code ?? '',
    taskUserName: first?.name ?? '',
    taskType: list.length > 1 ? 2 : 1,
    groupUserList: list.length > 1 ? list.map((p) => ({ userName: p.name, userCode: p.code })) : [],
    predicted,
  });
}

interface Forecast {
  node: NodeModel;
  userIds: number[];
  cc: number[];
}

/**
 * The user tasks still ahead of `frontier`, following the gateways with the current form, each with
 * the people its rule names now (or the process administrator). Nodes in `skip` are not repeated.
 */
export async function forecast(
  db: Db,
  model: ProcessModel,
  frontier: string[],
  ctx: { initiatorUserId: number; vars: Record<string, unknown>; chosen: Record<string, number[]>; state?: { parties?: number[] } | null },
  skip: Set<string>,
): Promise<{ tasks: Forecast[]; endCc: number[] }> {
  const seen = new Set<string>(frontier);
  const queue = [...frontier];
  const tasks: Forecast[] = [];
  const fallback = (await idsOfCodes(db, [model.fallbackUser, 'admin'])).slice(0, 1);
  let reachesEnd = false;
  while (queue.length) {
    const id = queue.shift() as string;
    const n = model.nodes[id];
    if (!n) continue;
    if (n.type === 'end') {
      reachesEnd = true;
      continue;
    }
    let nextFlows = n.outgoing;
    if (n.type === 'exclusive' || (n.type === 'inclusive' && n.outgoing.length > 1)) {
      try {
        nextFlows = n.type === 'exclusive' ? [chooseFlow(model, n, ctx.vars)] : chooseFlows(model, n, ctx.vars);
      } catch {
        nextFlows = []; // the form does not decide the branch yet
      }
    }
    for (const f of nextFlows) {
      const target = model.flows[f]?.target;
      if (!target || seen.has(target)) continue;
      seen.add(target);
      const t = model.nodes[target];
      if (t?.type === 'userTask' && !skip.has(target)) {
        const r = { ...ctx, nodeId: target };
        const named = await resolveNode(db, t, r);
        // As the engine will route it: the request's parties left out (a skipped step shows nobody).
        const routed = await routeAroundParties(
          db,
          model,
          t,
          named.length ? named : fallback,
          partiesOf({ initiatorUserId: ctx.initiatorUserId, state: ctx.state ?? null }),
        );
        if (!routed.skipped) tasks.push({ node: t, userIds: routed.people, cc: t.cc ? await resolveRule(db, t.cc, r) : [] });
      }
      queue.push(target);
    }
  }
  const endCc = reachesEnd && model.cc ? await resolveRule(db, model.cc, { ...ctx, nodeId: '__end__' }) : [];
  return { tasks, endCc };
}

/** Steps of a form not submitted yet: the initiator, then every task and copy the form leads to. */
export async function previewSteps(
  db: Db,
  model: ProcessModel,
  initiatorUserId: number,
  vars: Record<string, unknown>,
  chosen: Record<string, number[]> = {},
): Promise<ApprovalStep[]> {
  const { tasks, endCc } = await forecast(db, model, [model.startId], { initiatorUserId, vars, chosen }, new Set());
  const people = await peopleById(db, [initiatorUserId, ...tasks.flatMap((t) => [...t.userIds, ...t.cc]), ...endCc]);
  const me = people.get(initiatorUserId);
  const steps: ApprovalStep[] = [
    step({
      id: 'start',
      nodeId: model.startId,
      approvalFlag: 0,
      operateType: 0,
      taskName: '发起人',
      approvalUserName: me?.name ?? '',
      approvalUserCode: me?.code ?? '',
      taskUserName: me?.name ?? '',
      predicted: true,
    }),
  ];
  for (const t of tasks) steps.push(peopleStep(`p:${t.node.id}`, t.node, t.userIds, people, 1, 0, true));
  for (const t of tasks) for (const u of t.cc) steps.push(peopleStep(`pc:${t.node.id}:${u}`, t.node, [u], people, 2, 0, true));
  for (const u of endCc) steps.push(peopleStep(`pc:end:${u}`, { id: '__end__', name: '抄送' }, [u], people, 2, 0, true));
  return steps.map((s, i) => ({ ...s, sort: i }));
}

const EVENT_STEP_ACTIONS = ['start', 'resubmit', 'revoke', 'pass', 'autoPass', 'selfSkip', 'reject', 'rollback', 'timeout', 'delegateDone', 'terminate'];
/**
 * Events that moved a task to someone else: shown on the task like a transfer (spec 000 transferDTOS).
 * selfRoute: the step would have gone to the applicant, the process's rule gave it to someone else.
 */
const MOVE_ACTIONS = ['transfer', 'escalate', 'delegate', 'reassign', 'selfRoute'];

/** Steps of a submitted request: what happened, what is open now, and (while running) what lies ahead. */
export async function instanceSteps(db: Db, instanceId: number): Promise<ApprovalStep[]> {
  const [inst] = await db.select().from(wfInstances).where(eq(wfInstances.id, instanceId));
  if (!inst) return [];
  const model = await modelOf(db, inst.definitionId);
  const events = await db.select().from(wfEvents).where(eq(wfEvents.instanceId, instanceId)).orderBy(asc(wfEvents.id));
  const tasks = await db.select().from(wfTasks).where(eq(wfTasks.instanceId, instanceId)).orderBy(asc(wfTasks.id));
  const open = tasks.filter((t) => (t.kind === 'approve' || t.kind === 'resubmit') && (t.status === 'pending' || t.status === 'waiting'));
  const running = inst.status === 'running' || inst.status === 'returned';
  const ahead = running
    ? await forecast(db, model, [...new Set(open.filter((t) => t.kind === 'approve').map((t) => t.nodeId))], inst, new Set(open.map((t) => t.nodeId)))
    : { tasks: [], endCc: [] };
  const people = await peopleById(db, [
    inst.initiatorUserId,
    ...events.flatMap((e) => [e.userId, e.targetUserId ?? 0, e.proxyForUserId ?? 0]),
    ...tasks.flatMap((t) => [...(t.assigneeUserId ? [t.assigneeUserId] : []), ...t.candidateUserIds]),
    ...ahead.tasks.flatMap((t) => [...t.userIds, ...t.cc]),
    ...ahead.endCc,
  ]);
  const transfers = new Map<number, ApprovalStep['transferDTOS']>();
  for (const e of events) {
    if (!MOVE_ACTIONS.includes(e.action) || !e.taskId) continue;
    const list = transfers.get(e.taskId) ?? [];
    list.push({
      userName: people.get(e.userId)?.name ?? '',
      transferUserName: people.get(e.targetUserId ?? 0)?.name ?? '',
      createTime: iso(e.createdAt),
      remark: e.message ?? '',
    });
    transfers.set(e.taskId, list);
  }
  const withTransfers = (s: ApprovalStep, taskId: number | null): ApprovalStep => {
    const list = taskId ? transfers.get(taskId) : undefined;
    return list?.length ? { ...s, isTransfer: 1, transferDTOS: list } : s;
  };

  const steps: ApprovalStep[] = [];
  for (const e of events) {
    if (!EVENT_STEP_ACTIONS.includes(e.action)) continue;
    const acted = people.get(e.userId);
    // A deputy's step names whom it was done for (代理).
    const principal = e.proxyForUserId ? people.get(e.proxyForUserId) : undefined;
    const who = acted && principal ? { ...acted, name: `${acted.name}（代理 ${principal.name}）` } : acted;
    const initiatorSide = e.action === 'start' || e.action === 'resubmit' || e.action === 'revoke';
    const s = step({
      id: `e:${e.id}`,
      nodeId: e.nodeId,
      approvalFlag: e.approvalFlag as 0 | 1 | 2 | 3,
      operateType: initiatorSide ? 0 : 1,
      taskName: initiatorSide ? (e.action === 'start' ? '发起人' : e.nodeName) : e.action === 'delegateDone' ? `${e.nodeName}（委派处理）` : e.nodeName,
      approvalUserName: who?.name ?? '',
      approvalUserCode: who?.code ?? '',
      taskUserName: who?.name ?? '',
      approvalMessage: e.message ?? '',
      operateTime: iso(e.createdAt),
    });
    steps.push(withTransfers(s, e.taskId));
  }
  // Who can act comes first: after "add signer before" the owner's task waits behind the signer's
  // (spec 000: the first pending step is the one who must act).
  const actingFirst = [...open.filter((t) => t.status === 'pending'), ...open.filter((t) => t.status !== 'pending')];
  // A step the rule sent around its applicant says so on the open task, with whom it went to.
  const routedAround = new Map(
    events
      .filter((e) => e.action === 'selfRoute' && e.taskId)
      .map((e) => [e.taskId as number, `${e.message ?? ''} ${people.get(e.targetUserId ?? 0)?.name ?? ''}`.trim()]),
  );
  for (const t of actingFirst) {
    const ids = t.assigneeUserId ? [t.assigneeUserId] : t.candidateUserIds;
    const opened = peopleStep(`t:${t.id}`, { id: t.nodeId, name: t.nodeName }, ids, people, 1, 0, false);
    const s = routedAround.has(t.id) ? { ...opened, approvalMessage: routedAround.get(t.id) as string } : opened;
    steps.push(withTransfers(t.kind === 'resubmit' ? { ...s, operateType: 0 } : s, t.id));
  }
  for (const f of ahead.tasks) steps.push(peopleStep(`p:${f.node.id}`, f.node, f.userIds, people, 1, 0, true));
  for (const t of tasks.filter((x) => x.kind === 'cc')) {
    const s = peopleStep(`c:${t.id}`, { id: t.nodeId, name: t.nodeName }, [t.assigneeUserId ?? 0], people, 2, t.status === 'done' ? 1 : 0, false);
    steps.push({ ...s, operateTime: iso(t.completedAt ?? t.createdAt) });
  }
  for (const f of ahead.tasks) for (const u of f.cc) steps.push(peopleStep(`pc:${f.node.id}:${u}`, f.node, [u], people, 2, 0, true));
  for (const u of ahead.endCc) steps.push(peopleStep(`pc:end:${u}`, { id: '__end__', name: '抄送' }, [u], people, 2, 0, true));
  return steps.map((s, i) => ({ ...s, sort: i }));
}

export async function instancesOfBusiness(db: Db, processKey: string, businessId: string) {
  return db
    .select()
    .from(wfInstances)
    .where(and(eq(wfInstances.processKey, processKey), eq(wfInstances.businessId, businessId)))
    .orderBy(asc(wfInstances.id));
}
