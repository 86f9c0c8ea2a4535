/// <reference path="./bpmn-moddle.d.ts" />
import { ERP_BPMN_MODDLE } from '@erp/contract';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import {
  DEFAULT_FALLBACK_USER,
  type FlowModel,
  isTaskMode,
  ModelError,
  type NodeModel,
  type NodeType,
  type ProcessModel,
  parseCondition,
  ruleFrom,
} from './model';

const NODE_TYPES: Record<string, NodeType> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
};

export const MAX_XML_CHARS = 1_000_000;

const describe = (el: ModdleElement) => `${el.$type}${el.id ? ` "${el.id}"` : ''}${el.name ? `（${el.name}）` : ''}`;

/**
 * Parses and checks a BPMN definition. Anything the engine cannot run — unknown or unsupported
 * elements, dangling flows, gateways without conditions, unreachable nodes — is refused with a
 * message naming the element, so nothing half-valid is ever deployed.
 */
export async function parseDefinition(xml: string): Promise<ProcessModel> {
  if (xml.length > MAX_XML_CHARS) throw new ModelError('流程定义过大');
  const moddle = new BpmnModdle({ erp: ERP_BPMN_MODDLE });
  let parsed: Awaited<ReturnType<BpmnModdle['fromXML']>>;
  try {
    parsed = await moddle.fromXML(xml);
  } catch (err) {
    throw new ModelError(`BPMN XML 无法解析：${String((err as Error).message).split('\n')[0]}`);
  }
  const warning = parsed.warnings[0];
  if (warning) throw new ModelError(`BPMN XML 含有无法识别的内容：${warning.message.split('\n')[0]}`);
  const rootElements = (parsed.rootElement.rootElements as ModdleElement[] | undefined) ?? [];
  const processes = rootElements.filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) throw new ModelError(`一个定义必须且只能包含一个流程（找到 ${processes.length} 个）`);
  const proc = processes[0] as ModdleElement;
  const key = String(proc.id ?? '');
  if (!/^[A-Za-z_][\w-]{0,63}$/.test(key)) throw new ModelError(`流程标识 "${key}" 不合法（字母开头，最多 64 个字母、数字、_ 或 -）`);

  const nodes: Record<string, NodeModel> = {};
  const flows: Record<string, FlowModel> = {};
  const order: string[] = [];
  const elements = (proc.flowElements as ModdleElement[] | undefined) ?? [];
  const flowElements: ModdleElement[] = [];
  for (const el of elements) {
    if (el.$type === 'bpmn:SequenceFlow') {
      flowElements.push(el);
      continue;
    }
    const type = NODE_TYPES[el.$type];
    if (!type) throw new ModelError(`不支持的元素 ${describe(el)}：只支持开始事件、用户任务、排他网关、并行网关、结束事件和连线`);
    if ((type === 'start' || type === 'end') && Array.isArray(el.eventDefinitions) && el.eventDefinitions.length)
      throw new ModelError(`不支持的元素 ${describe(el)}：事件不能带定时、消息等定义`);
    const id = String(el.id);
    const node: NodeModel = { id, name: String(el.name ?? '').trim() || id, type, incoming: [], outgoing: [] };
    if (type === 'userTask') {
      const where = `用户任务 ${describe(el)}`;
      node.assignee = ruleFrom(el, 'assignee', where);
      if (!node.assignee) throw new ModelError(`${where} 没有设置处理人`);
      const mode = el.mode ?? 'any';
      if (!isTaskMode(mode)) throw new ModelError(`${where}: 不支持的多人审批方式 "${String(mode)}"（any / all / seq）`);
      node.mode = mode;
      node.cc = ruleFrom(el, 'cc', where);
    }
    nodes[id] = node;
    order.push(id);
  }
  for (const el of flowElements) {
    const source = (el.sourceRef as ModdleElement | undefined)?.id;
    const target = (el.targetRef as ModdleElement | undefined)?.id;
    if (!source || !target || !nodes[source] || !nodes[target]) throw new ModelError(`连线 ${describe(el)} 没有连接到受支持的节点`);
    const flow: FlowModel = { id: String(el.id), name: String(el.name ?? ''), source, target };
    const expr = el.conditionExpression as ModdleElement | undefined;
    const body = typeof expr?.body === 'string' ? expr.body.trim() : '';
    if (body) {
      if (nodes[source]?.type !== 'exclusive') throw new ModelError(`连线 ${describe(el)}: 只有排他网关的出线可以带条件`);
      flow.condition = parseCondition(body, `连线 ${describe(el)}`);
    }
    flows[flow.id] = flow;
    nodes[source]?.outgoing.push(flow.id);
    nodes[target]?.incoming.push(flow.id);
  }
  for (const el of elements) {
    if (el.$type !== 'bpmn:ExclusiveGateway') continue;
    const def = (el.default as ModdleElement | undefined)?.id;
    const node = nodes[String(el.id)] as NodeModel;
    if (def) node.defaultFlow = def;
  }

  const starts = order.filter((id) => nodes[id]?.type === 'start');
  if (starts.length !== 1) throw new ModelError(`流程必须且只能有一个开始事件（找到 ${starts.length} 个）`);
  if (!order.some((id) => nodes[id]?.type === 'end')) throw new ModelError('流程至少需要一个结束事件');
  for (const id of order) {
    const n = nodes[id] as NodeModel;
    const where = `节点 "${id}"（${n.name}）`;
    if (n.type === 'start' && n.incoming.length) throw new ModelError(`${where}: 开始事件不能有入线`);
    if (n.type !== 'start' && !n.incoming.length) throw new ModelError(`${where} 没有入线`);
    if (n.type === 'end' && n.outgoing.length) throw new ModelError(`${where}: 结束事件不能有出线`);
    if (n.type !== 'end' && !n.outgoing.length) throw new ModelError(`${where} 没有出线`);
    if ((n.type === 'start' || n.type === 'userTask') && n.outgoing.length > 1) throw new ModelError(`${where} 只能有一条出线，分支请使用网关`);
    if (n.type === 'exclusive') {
      if (n.defaultFlow && !n.outgoing.includes(n.defaultFlow)) throw new ModelError(`${where}: 默认连线不是它的出线`);
      if (n.outgoing.length > 1)
        for (const f of n.outgoing) if (f !== n.defaultFlow && !flows[f]?.condition) throw new ModelError(`${where}: 出线 "${f}" 缺少条件（或设为默认连线）`);
    }
  }
  // Every node must be reachable from the start, and every node must be able to reach an end.
  const startId = starts[0] as string;
  const reach = walk(startId, (id) => (nodes[id]?.outgoing ?? []).map((f) => flows[f]?.target as string));
  const unreachable = order.find((id) => !reach.has(id));
  if (unreachable) throw new ModelError(`节点 "${unreachable}"（${nodes[unreachable]?.name}）从开始事件无法到达`);
  const ends = order.filter((id) => nodes[id]?.type === 'end');
  const back = new Set<string>();
  for (const e of ends) for (const id of walk(e, (x) => (nodes[x]?.incoming ?? []).map((f) => flows[f]?.source as string))) back.add(id);
  const stuck = order.find((id) => !back.has(id));
  if (stuck) throw new ModelError(`节点 "${stuck}"（${nodes[stuck]?.name}）无法到达结束事件`);

  const revocable = proc.revocable ?? 'untouched';
  if (revocable !== 'untouched' && revocable !== 'anytime' && revocable !== 'never')
    throw new ModelError(`流程 "${key}": revocable 只能是 untouched、anytime 或 never`);
  const model: ProcessModel = {
    key,
    name: String(proc.name ?? '').trim() || key,
    startId,
    order,
    nodes,
    flows,
    fallbackUser: typeof proc.fallbackUser === 'string' && proc.fallbackUser.trim() ? proc.fallbackUser.trim() : DEFAULT_FALLBACK_USER,
    revocable,
  };
  if (typeof proc.category === 'string' && proc.category.trim()) model.category = proc.category.trim();
  const cc = ruleFrom(proc, 'cc', `流程 "${key}"`);
  if (cc) model.cc = cc;
  return model;
}

function walk(from: string, next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length) {
    const id = queue.pop() as string;
    for (const n of next(id)) {
      if (n && !seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}
