import { badRequest } from '../platform/errors';
import { evaluate } from './conditions';
import type { OpenSibling } from './history';
import type { NodeModel, ProcessModel } from './model';
import { node, type Run, type TaskRow } from './run';
import { createCc, createNodeTasks, makeDue } from './tasks';

/** Guards against a definition that loops through gateways without ever reaching a task. */
const MAX_HOPS = 500;

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

/** Moves a token along every outgoing flow of a node. */
export async function leave(run: Run, from: NodeModel): Promise<void> {
  for (const flowId of from.outgoing) {
    const flow = run.model.flows[flowId];
    if (flow) await enter(run, flow.target);
  }
}

/** A token arrives at a node: tasks for a user task, a choice at an exclusive gateway, split or join at a parallel one. */
export async function enter(run: Run, nodeId: string): Promise<void> {
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

/**
 * After a task of a node closed (`open`: the node arrival's other open tasks, as `closeTask`
 * answered them): the next waiting task becomes due, or the node is complete and the token moves on.
 */
export async function afterTaskClosed(run: Run, task: TaskRow, open: OpenSibling[]): Promise<void> {
  if (open.some((t) => t.status === 'pending')) return;
  const next = open[0];
  if (next) return makeDue(run, next.id);
  const n = node(run, task.nodeId);
  await createCc(run, n.id, n.name, n.cc);
  await leave(run, n);
}
