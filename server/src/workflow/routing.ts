import { and, eq, inArray, sql } from 'drizzle-orm';
import { wfTasks } from '../db/schema';
import { badRequest } from '../platform/errors';
import { evaluate } from './conditions';
import { evaluateExpression } from './expressions';
import type { OpenSibling } from './history';
import { serviceHook } from './hooks';
import type { FlowModel, NodeModel, ProcessModel } from './model';
import { parallelScopes } from './parallel-scopes';
import { hookEvent, node, type Run, type TaskRow } from './run';
import { createCc, createNodeTasks, makeDue } from './tasks';

/** Guards against a definition that loops through gateways without ever reaching a task. */
const MAX_HOPS = 500;

/** Whether a flow's condition (our JSON or a `${…}` expression) holds for the form; no condition holds. */
function holds(flow: FlowModel | undefined, vars: Record<string, unknown>): boolean {
  if (!flow) return false;
  if (flow.condition) return evaluate(flow.condition, vars);
  if (flow.expression) return evaluateExpression(flow.expression, vars);
  return true;
}

/** The flow an exclusive gateway takes: the first true condition in document order, else the default. */
export function chooseFlow(model: ProcessModel, gateway: NodeModel, vars: Record<string, unknown>): string {
  const hit = gateway.outgoing.find((f) => f !== gateway.defaultFlow && holds(model.flows[f], vars));
  const chosen = hit ?? gateway.defaultFlow;
  if (!chosen) throw badRequest(`网关 "${gateway.name}" 没有满足条件的出线，请检查表单`);
  return chosen;
}

/** The flows an inclusive gateway takes: every one whose condition holds (or has none), else the default. */
export function chooseFlows(model: ProcessModel, gateway: NodeModel, vars: Record<string, unknown>): string[] {
  const hits = gateway.outgoing.filter((f) => f !== gateway.defaultFlow && holds(model.flows[f], vars));
  if (hits.length) return hits;
  if (gateway.defaultFlow) return [gateway.defaultFlow];
  throw badRequest(`网关 "${gateway.name}" 没有满足条件的出线，请检查表单`);
}

/** Moves a token along every outgoing flow of a node. */
export async function leave(run: Run, from: NodeModel, flowIds = from.outgoing): Promise<void> {
  for (const flowId of flowIds) {
    const flow = run.model.flows[flowId];
    if (flow) await enter(run, flow.target);
  }
}

/**
 * A join: one more branch arrived. The instance row is locked, so two branches finishing at the
 * same moment are counted one after the other. True when the last awaited branch arrived.
 */
function arrive(run: Run, n: NodeModel, awaited: number): boolean {
  const joins = { ...run.inst.state.joins };
  joins[n.id] = (joins[n.id] ?? 0) + 1;
  run.inst.state = { ...run.inst.state, joins };
  if ((joins[n.id] ?? 0) < awaited) return false;
  joins[n.id] = 0;
  return true;
}

/** A token arrives at a node: tasks for a user task, a choice at a gateway, split or join at a parallel or inclusive one. */
export async function enter(run: Run, nodeId: string): Promise<void> {
  if (++run.hops > MAX_HOPS) throw badRequest('流程定义存在不经过任务的循环');
  const n = node(run, nodeId);
  switch (n.type) {
    case 'start':
    case 'pass':
      return leave(run, n);
    case 'end':
      run.reachedEnd = true;
      return;
    case 'userTask':
      return createNodeTasks(run, n);
    case 'service':
      return runService(run, n);
    case 'exclusive': {
      const flow = run.model.flows[chooseFlow(run.model, n, run.inst.vars)];
      if (flow) await enter(run, flow.target);
      return;
    }
    case 'parallel':
      if (n.incoming.length > 1 && !arrive(run, n, n.incoming.length)) return;
      return leave(run, n);
    case 'inclusive': {
      if (n.incoming.length > 1 && !arrive(run, n, run.inst.state.expect?.[n.id] ?? n.incoming.length)) return;
      if (n.outgoing.length < 2) return leave(run, n);
      const taken = chooseFlows(run.model, n, run.inst.vars);
      // The matching join waits for exactly the branches taken (set before any branch can reach it).
      const join = parallelScopes(run.model)?.joinOf.get(n.id);
      if (join) run.inst.state = { ...run.inst.state, expect: { ...run.inst.state.expect, [join]: taken.length } };
      return leave(run, n, taken);
    }
  }
}

/** A service task: its hook runs in this transaction (a throw undoes the command); fields it answers join the form. */
async function runService(run: Run, n: NodeModel): Promise<void> {
  const hook = serviceHook(n.hook ?? '');
  if (!hook) throw badRequest(`服务任务 "${n.name}" 的服务器钩子 "${n.hook}" 不存在`);
  const fields = await hook(run.tx, hookEvent(run, 'service', n.id));
  if (fields && typeof fields === 'object' && !Array.isArray(fields)) run.inst.vars = { ...run.inst.vars, ...fields };
  await leave(run, n);
}

/**
 * A multi-instance completionCondition (e.g. `${nrOfCompletedInstances/nrOfInstances >= 0.5}`),
 * read with the counters of this arrival at the node after a task closed.
 */
async function completionHolds(run: Run, n: NodeModel, task: TaskRow, open: OpenSibling[]): Promise<boolean> {
  if (!n.completion) return false;
  const rows = await run.tx
    .select({ status: wfTasks.status, outcome: wfTasks.outcome, n: sql<number>`count(*)::int` })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, run.inst.id), eq(wfTasks.activation, task.activation), eq(wfTasks.kind, 'approve')))
    .groupBy(wfTasks.status, wfTasks.outcome);
  const count = (pred: (r: (typeof rows)[number]) => boolean) => rows.filter(pred).reduce((sum, r) => sum + Number(r.n), 0);
  const counters = {
    nrOfInstances: count((r) => r.status !== 'cancelled'),
    nrOfCompletedInstances: count((r) => r.status === 'done'),
    nrOfActiveInstances: open.length,
    nrOfRejectedInstances: count((r) => r.outcome === 'reject'),
  };
  return evaluateExpression(n.completion, { ...run.inst.vars, ...counters });
}

/**
 * After a task of a node closed (`open`: the node arrival's other open tasks, as `closeTask`
 * answered them): the next waiting task becomes due, or the node is complete and the token moves on.
 * A countersign whose completion condition holds completes at once; its other tasks are cancelled.
 */
export async function afterTaskClosed(run: Run, task: TaskRow, open: OpenSibling[]): Promise<void> {
  const n = node(run, task.nodeId);
  if (open.length && (await completionHolds(run, n, task, open))) {
    await run.tx
      .update(wfTasks)
      .set({ status: 'cancelled', outcome: 'cancelled', completedAt: new Date() })
      .where(
        inArray(
          wfTasks.id,
          open.map((t) => t.id),
        ),
      );
    open = [];
  }
  if (open.some((t) => t.status === 'pending')) return;
  const next = open[0];
  if (next) return makeDue(run, next.id);
  await createCc(run, n.id, n.name, n.cc);
  await leave(run, n);
}
