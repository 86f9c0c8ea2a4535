import type { ProcessModel } from './model';

/** One level of parallel nesting: inside this fork, on the branch of this outgoing flow. */
export interface ScopeStep {
  fork: string;
  branch: string;
}

export interface ParallelScopes {
  /** Each node's enclosing parallel branches, outermost first. */
  pathOf: Map<string, ScopeStep[]>;
  /** Each fork's join. */
  joinOf: Map<string, string>;
}

const cache = new WeakMap<ProcessModel, ParallelScopes | null>();

/**
 * The parallel blocks of a model, read from the graph: a fork opens a block per outgoing flow and
 * the next join closes the innermost one. Null for a graph whose joins do not close the fork the
 * token came through (unstructured); send back then goes only to the initiator.
 */
export function parallelScopes(model: ProcessModel): ParallelScopes | null {
  if (cache.has(model)) return cache.get(model) ?? null;
  const scopes = readScopes(model);
  cache.set(model, scopes);
  return scopes;
}

function readScopes(model: ProcessModel): ParallelScopes | null {
  const pathOf = new Map<string, ScopeStep[]>();
  const joinOf = new Map<string, string>();
  const queue: Array<[string, ScopeStep[]]> = [[model.startId, []]];
  while (queue.length) {
    const [id, arrived] = queue.shift() as [string, ScopeStep[]];
    const n = model.nodes[id];
    if (!n) continue;
    // Inclusive gateways open and close blocks like parallel ones (a fork takes a subset of the branches).
    const block = n.type === 'parallel' || n.type === 'inclusive';
    const isJoin = block && n.incoming.length > 1;
    const isFork = block && n.outgoing.length > 1;
    let path = arrived;
    if (isJoin) {
      const closed = path[path.length - 1];
      if (!closed) return null;
      const known = joinOf.get(closed.fork);
      if (known && known !== id) return null;
      joinOf.set(closed.fork, id);
      path = path.slice(0, -1);
    }
    const seen = pathOf.get(id);
    if (seen) {
      // A second arrival (a loop back or a join's other branch) must agree on where the node sits.
      if (!samePath(seen, path)) return null;
      continue;
    }
    pathOf.set(id, path);
    for (const flowId of n.outgoing) {
      const flow = model.flows[flowId];
      if (flow) queue.push([flow.target, isFork ? [...path, { fork: id, branch: flowId }] : path]);
    }
  }
  return { pathOf, joinOf };
}

function samePath(a: ScopeStep[], b: ScopeStep[]): boolean {
  return a.length === b.length && a.every((s, i) => s.fork === b[i]?.fork && s.branch === b[i]?.branch);
}

const startsWith = (path: ScopeStep[], prefix: ScopeStep[]) => prefix.every((s, i) => s.fork === path[i]?.fork && s.branch === path[i]?.branch);

/** What sending back from one node to an earlier one does to the other branches. */
export interface SendBackPlan {
  /** Open tasks on these nodes are cancelled (everything downstream of the target). */
  cancelNodes: Set<string>;
  /** Join counters set before the target's tasks are created. */
  joins: Record<string, number>;
}

/**
 * Send back across parallel branches. The target must lie on the current node's own path: in the
 * same branch, before the fork, or inside a block the current node is already past. A node of a
 * sibling branch still running is not a target (its approval stands on its own). Going back
 * cancels what runs downstream of the target in the scope both share, and counts the blocks the
 * target sits in as arrived from every other branch (they completed; their approvals stand), so
 * the join fires again once the target's branch arrives (`expect`: the branches each inclusive
 * join waits for, from the instance state).
 */
export function sendBackPlan(model: ProcessModel, from: string, target: string, expect: Record<string, number> = {}): SendBackPlan | null {
  const scopes = parallelScopes(model);
  if (!scopes) return null;
  const fromPath = scopes.pathOf.get(from);
  const targetPath = scopes.pathOf.get(target);
  if (!fromPath || !targetPath) return null;
  let common = 0;
  while (common < fromPath.length && common < targetPath.length && fromPath[common]?.fork === targetPath[common]?.fork) {
    if (fromPath[common]?.branch !== targetPath[common]?.branch) return null; // sibling branches of one fork
    common++;
  }
  const scope = targetPath.slice(0, common);
  const cancelNodes = new Set<string>();
  const joins: Record<string, number> = {};
  for (const [id, path] of scopes.pathOf) {
    if (!startsWith(path, scope)) continue;
    cancelNodes.add(id);
    const join = scopes.joinOf.get(id);
    if (join) joins[join] = 0;
  }
  for (const step of targetPath.slice(common)) {
    const join = scopes.joinOf.get(step.fork);
    if (!join) return null;
    // An inclusive join waits for the branches its fork took (the instance state), a parallel one for all.
    const j = model.nodes[join];
    joins[join] = (j?.type === 'inclusive' ? (expect[join] ?? j.incoming.length) : (j?.incoming.length ?? 1)) - 1;
  }
  return { cancelNodes, joins };
}
