/// <reference path="./bpmn-moddle.d.ts" />
import { type AssigneeRule, ERP_BPMN_MODDLE, SELF_APPROVAL_RULES, type SelfApprovalRule } from '@erp/contract';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { parseDuration } from './durations';
import { checkExpression, isExpression, unwrap } from './expressions';
import {
  DEFAULT_FALLBACK_USER,
  type FlowModel,
  type ForeignReference,
  isTaskMode,
  ModelError,
  type NodeModel,
  type NodeType,
  type ProcessModel,
  parseCondition,
  ruleFrom,
  TIMER_ACTIONS,
  type TimerAction,
} from './model';
import { parallelScopes } from './parallel-scopes';

const NODE_TYPES: Record<string, NodeType> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
  'bpmn:InclusiveGateway': 'inclusive',
  // Steps that need nobody: the token passes straight through.
  'bpmn:Task': 'pass',
  'bpmn:ManualTask': 'pass',
  'bpmn:IntermediateThrowEvent': 'pass',
  'bpmn:ServiceTask': 'service',
};

/** Elements we recognise but cannot run, with the reason given to the modeller. */
const REFUSED: Record<string, string> = {
  'bpmn:ScriptTask': '脚本任务会在服务器上执行任意代码，出于安全不予运行',
  'bpmn:SendTask': '发送任务需要调用外部系统，本引擎不运行',
  'bpmn:BusinessRuleTask': '规则任务（DMN）本引擎不支持',
  'bpmn:ReceiveTask': '接收任务需要等待外部消息，本引擎不支持',
  'bpmn:IntermediateCatchEvent': '中间捕获事件需要等待消息、信号或定时，本引擎不支持',
  'bpmn:EventBasedGateway': '事件网关需要等待外部事件，本引擎不支持',
  'bpmn:ComplexGateway': '复杂网关本引擎不支持，请改用排他、并行或包容网关',
  'bpmn:CallActivity': '调用活动（调用其它流程）本引擎不支持',
  'bpmn:Transaction': '事务子流程本引擎不支持',
  'bpmn:AdHocSubProcess': '自由子流程本引擎不支持',
};

/** Flow elements that carry no behaviour (data, not steps). */
const IGNORED = new Set(['bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);

/** Namespaces of other modellers whose assignee and multi-instance attributes we read. */
const FOREIGN_NS = new Set(['http://camunda.org/schema/1.0/bpmn', 'http://flowable.org/bpmn', 'http://activiti.org/bpmn']);
const ZEEBE_NS = 'http://camunda.org/schema/zeebe/1.0';

/** Names an assignee expression may use for the initiator (plus the start event's `initiator` attribute). */
const INITIATOR_VARS = ['initiator', 'starter', 'startUser', 'startUserId', 'applyUser', 'applicant'];

export const MAX_XML_CHARS = 1_000_000;
const MAX_CARDINALITY = 100;

const describe = (el: ModdleElement) => `${el.$type}${el.id ? ` "${el.id}"` : ''}${el.name ? `（${el.name}）` : ''}`;
const IDENT = /^[A-Za-z_][\w]*$/;

/** Reads attributes of the foreign namespaces by local name, whatever prefix the document chose. */
class Foreign {
  private prefixes = new Set<string>();
  private zeebe = new Set<string>();
  constructor(root: ModdleElement) {
    const attrs = (root.$attrs ?? {}) as Record<string, string>;
    for (const [k, v] of Object.entries(attrs)) {
      if (!k.startsWith('xmlns:')) continue;
      if (FOREIGN_NS.has(v)) this.prefixes.add(k.slice(6));
      if (v === ZEEBE_NS) this.zeebe.add(k.slice(6));
    }
  }
  attr(el: ModdleElement | undefined, local: string): string | undefined {
    const attrs = (el?.$attrs ?? {}) as Record<string, unknown>;
    for (const p of this.prefixes) {
      const v = attrs[`${p}:${local}`];
      if (typeof v === 'string' && v.trim()) return v.trim();
    }
    return undefined;
  }
  /** Extension elements of the foreign (or zeebe) namespaces with this local name. */
  extensions(el: ModdleElement, local: string): ModdleElement[] {
    const values = ((el.extensionElements as ModdleElement | undefined)?.values as ModdleElement[] | undefined) ?? [];
    return values.filter((v) => {
      const [prefix, name] = v.$type.split(':');
      return name === local && (this.prefixes.has(prefix ?? '') || this.zeebe.has(prefix ?? ''));
    });
  }
}

/**
 * Parses and checks a BPMN definition. Anything the engine cannot run — unknown or unsupported
 * elements, dangling flows, gateways without conditions, unreachable nodes — is refused; every
 * problem found is reported together, each naming its element, so nothing half-valid is deployed.
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
  let processes = rootElements.filter((e) => e.$type === 'bpmn:Process');
  // A collaboration diagram may hold empty pools (other parties): only the one with steps runs.
  if (processes.length > 1) processes = processes.filter((p) => ((p.flowElements as unknown[] | undefined) ?? []).length > 0);
  if (processes.length !== 1) throw new ModelError(`一个定义必须且只能包含一个流程（找到 ${processes.length} 个）`);
  const proc = processes[0] as ModdleElement;
  const key = String(proc.id ?? '');
  if (!/^[A-Za-z_][\w-]{0,63}$/.test(key)) throw new ModelError(`流程标识 "${key}" 不合法（字母开头，最多 64 个字母、数字、_ 或 -）`);
  return new Reader(new Foreign(parsed.rootElement), proc, key).read();
}

class Reader {
  private problems: string[] = [];
  private nodes: Record<string, NodeModel> = {};
  private flows: Record<string, FlowModel> = {};
  private order: string[] = [];
  private refused = new Set<string>();
  private flowElements: ModdleElement[] = [];
  private gateways: ModdleElement[] = [];
  private references: ForeignReference[] = [];
  private initiatorVars = new Set(INITIATOR_VARS);
  /** Embedded subprocesses: the subprocess id → its inner end, where its outgoing flows leave from. */
  private exits = new Map<string, string>();
  /** Boundary events, read once every node is known (the task they are attached to may come later). */
  private boundaries: ModdleElement[] = [];
  private boundaryIds = new Set<string>();

  constructor(
    private foreign: Foreign,
    private proc: ModdleElement,
    private key: string,
  ) {}

  private fail(message: string) {
    if (!this.problems.includes(message)) this.problems.push(message);
  }

  /** Runs a step that may throw a ModelError, collecting it instead. */
  private collect<T>(work: () => T): T | undefined {
    try {
      return work();
    } catch (err) {
      if (err instanceof ModelError) for (const p of err.problems) this.fail(p);
      else throw err;
      return undefined;
    }
  }

  read(): ProcessModel {
    const elements = (this.proc.flowElements as ModdleElement[] | undefined) ?? [];
    for (const el of elements) {
      if (el.$type === 'bpmn:StartEvent') {
        const v = this.foreign.attr(el, 'initiator');
        if (v) this.initiatorVars.add(v);
      }
    }
    this.readElements(elements, null);
    for (const b of this.boundaries) this.readBoundary(b);
    for (const f of this.flowElements) {
      const ends = [(f.sourceRef as ModdleElement | undefined)?.id, (f.targetRef as ModdleElement | undefined)?.id];
      if (ends.some((id) => id && this.boundaryIds.has(id)))
        this.fail(`连线 ${describe(f)}：边界事件不能有连线，到期后的动作请用 erp:timerAction 指定（remind、pass、reject、escalate）`);
    }
    if (this.problems.length) throw new ModelError(this.problems);
    this.readFlows();
    this.readDefaults();
    if (!this.problems.length) this.checkGraph();
    if (this.problems.length) throw new ModelError(this.problems);
    const startId = this.order.find((id) => this.nodes[id]?.type === 'start') as string;
    const revocable = this.proc.revocable ?? 'untouched';
    if (revocable !== 'untouched' && revocable !== 'anytime' && revocable !== 'never')
      this.fail(`流程 "${this.key}": revocable 只能是 untouched、anytime 或 never`);
    const model: ProcessModel = {
      key: this.key,
      name: String(this.proc.name ?? '').trim() || this.key,
      startId,
      order: this.order,
      nodes: this.nodes,
      flows: this.flows,
      fallbackUser: typeof this.proc.fallbackUser === 'string' && this.proc.fallbackUser.trim() ? this.proc.fallbackUser.trim() : DEFAULT_FALLBACK_USER,
      revocable: revocable as ProcessModel['revocable'],
    };
    if (typeof this.proc.category === 'string' && this.proc.category.trim()) model.category = this.proc.category.trim();
    const autoPass = this.proc.autoPass;
    if (autoPass === 'initiator' || autoPass === 'approved' || autoPass === 'both') model.autoPass = autoPass;
    else if (autoPass !== undefined && autoPass !== '') this.fail(`流程 "${this.key}": autoPass 只能是 initiator、approved 或 both`);
    const self = this.proc.selfApproval;
    if (typeof self === 'string' && (SELF_APPROVAL_RULES as readonly string[]).includes(self)) model.selfApproval = self as SelfApprovalRule;
    else if (self !== undefined && self !== '') this.fail(`流程 "${this.key}": selfApproval 只能是 ${SELF_APPROVAL_RULES.join('、')}`);
    const alternate = typeof this.proc.selfAlternate === 'string' ? this.proc.selfAlternate.trim() : '';
    if (alternate) {
      model.selfAlternate = alternate;
      this.references.push({ where: `流程 "${this.key}" 的替代审批人`, kind: 'user', code: alternate });
    } else if (model.selfApproval === 'alternate') this.fail(`流程 "${this.key}": selfApproval 为 alternate 时需要填写替代审批人（selfAlternate）`);
    const cc = this.collect(() => ruleFrom(this.proc, 'cc', `流程 "${this.key}"`));
    if (cc) model.cc = cc;
    if (this.references.length) model.references = this.references;
    if (!this.problems.length) this.checkJoins(model);
    if (this.problems.length) throw new ModelError(this.problems);
    return model;
  }

  /** Nodes of the process or of an embedded subprocess (`sub`: the subprocess node it belongs to). */
  private readElements(elements: ModdleElement[], sub: NodeModel | null) {
    const inner: string[] = [];
    for (const el of elements) {
      if (el.$type === 'bpmn:SequenceFlow') {
        this.flowElements.push(el);
        continue;
      }
      if (IGNORED.has(el.$type)) continue;
      const id = String(el.id);
      if (el.$type === 'bpmn:BoundaryEvent') {
        this.boundaries.push(el);
        this.boundaryIds.add(id);
        continue;
      }
      if (el.$type === 'bpmn:SubProcess') {
        this.readSubProcess(el);
        continue;
      }
      let type = NODE_TYPES[el.$type];
      if (!type) {
        this.refused.add(id);
        this.fail(
          `不支持的元素 ${describe(el)}：${REFUSED[el.$type] ?? '只支持开始、结束事件，用户任务、任务、人工任务，排他、并行、包容网关，内嵌子流程和连线'}`,
        );
        continue;
      }
      const defs = el.eventDefinitions as ModdleElement[] | undefined;
      if ((type === 'start' || type === 'end' || type === 'pass') && Array.isArray(defs) && defs.length) {
        this.refused.add(id);
        this.fail(`不支持的元素 ${describe(el)}：事件不能带定时、消息、信号等定义`);
        continue;
      }
      this.checkListeners(el);
      if (el.loopCharacteristics && type !== 'userTask') {
        this.fail(`${describe(el)}：只有用户任务可以设置多实例（会签）`);
        continue;
      }
      if (sub && (type === 'start' || type === 'end')) type = 'pass'; // a subprocess's own start and end are steps of the outer graph
      const node: NodeModel = { id, name: String(el.name ?? '').trim() || id, type, incoming: [], outgoing: [] };
      if (type === 'userTask') this.readUserTask(el, node);
      if (type === 'service') this.readServiceTask(el, node);
      if (type === 'exclusive' || type === 'inclusive') this.gateways.push(el);
      this.nodes[id] = node;
      this.order.push(id);
      if (sub) inner.push(el.$type);
    }
    if (!sub) return;
    const ins = elements.filter((e) => e.$type === 'bpmn:StartEvent');
    const outs = elements.filter((e) => e.$type === 'bpmn:EndEvent');
    const where = `内嵌子流程 "${sub.id}"（${sub.name}）`;
    if (ins.length !== 1 || outs.length !== 1) {
      this.fail(`${where} 必须且只能有一个开始事件和一个结束事件（找到 ${ins.length} 个开始、${outs.length} 个结束）`);
      return;
    }
    const enter = `${sub.id}__enter`;
    this.flows[enter] = { id: enter, name: '', source: sub.id, target: String(ins[0]?.id) };
    sub.outgoing.push(enter);
    this.exits.set(sub.id, String(outs[0]?.id));
  }

  private readSubProcess(el: ModdleElement) {
    const id = String(el.id);
    if (el.triggeredByEvent) {
      this.refused.add(id);
      this.fail(`不支持的元素 ${describe(el)}：事件子流程本引擎不支持`);
      return;
    }
    if (el.loopCharacteristics) {
      this.refused.add(id);
      this.fail(`${describe(el)}：子流程不能设置多实例`);
      return;
    }
    const node: NodeModel = { id, name: String(el.name ?? '').trim() || id, type: 'pass', incoming: [], outgoing: [] };
    this.nodes[id] = node;
    this.order.push(id);
    this.readElements((el.flowElements as ModdleElement[] | undefined) ?? [], node);
  }

  /**
   * A timer boundary event on a user task becomes a time limit of that task (timers.ts): an ISO 8601
   * `timeDuration` and an action (`erp:timerAction`: remind, pass, reject, escalate). Other boundary
   * events, fixed dates and cycles, and flows leaving the event are refused, naming the element.
   */
  private readBoundary(el: ModdleElement) {
    const where = `边界事件 ${describe(el)}`;
    const defs = (el.eventDefinitions as ModdleElement[] | undefined) ?? [];
    const timer = defs[0];
    if (defs.length !== 1 || timer?.$type !== 'bpmn:TimerEventDefinition') {
      this.fail(`${where}：只支持定时边界事件（消息、错误、信号、升级等边界事件需要外部事件，本引擎不支持）`);
      return;
    }
    const attached = this.nodes[String((el.attachedToRef as ModdleElement | undefined)?.id ?? '')];
    if (attached?.type !== 'userTask') {
      this.fail(`${where}：定时边界事件只能附在用户任务上`);
      return;
    }
    if (timer.timeDate) return this.fail(`${where}：定时类型 timeDate（固定日期）本引擎不支持，请改用 timeDuration（如 PT24H）`);
    if (timer.timeCycle) return this.fail(`${where}：定时类型 timeCycle（循环）本引擎不支持，请改用 timeDuration（如 PT24H）`);
    const body = (timer.timeDuration as ModdleElement | undefined)?.body;
    const text = typeof body === 'string' ? body.trim() : '';
    if (!text) return this.fail(`${where}：没有设置时长 timeDuration（如 PT24H）`);
    if (isExpression(text)) return this.fail(`${where}：时长 "${text}" 只能写 ISO 8601 时长（如 PT24H、P2D），不能写表达式`);
    if (!parseDuration(text)) return this.fail(`${where}：时长 "${text}" 不是有效的 ISO 8601 时长（如 PT24H、P2D、P1DT12H，最长 5 年）`);
    const interrupting = el.cancelActivity !== false;
    const raw = typeof el.timerAction === 'string' && el.timerAction.trim() ? el.timerAction.trim() : interrupting ? undefined : 'remind';
    if (!raw) return this.fail(`${where}：请用 erp:timerAction 指定到期动作（remind 提醒、pass 自动通过、reject 自动驳回、escalate 升级给上级）`);
    if (!(TIMER_ACTIONS as readonly string[]).includes(raw)) return this.fail(`${where}：不支持的到期动作 "${raw}"（remind、pass、reject 或 escalate）`);
    const action = raw as TimerAction;
    if (!interrupting && (action === 'pass' || action === 'reject'))
      return this.fail(`${where}：非中断定时事件（cancelActivity="false"）只能提醒（remind）或升级（escalate）`);
    attached.timers = [
      ...(attached.timers ?? []),
      { id: String(el.id), name: String(el.name ?? '').trim() || String(el.id), duration: text, action, interrupting },
    ];
  }

  /** Listeners run code in Camunda and Flowable: a diagram relying on them would silently behave differently. */
  private checkListeners(el: ModdleElement) {
    for (const local of ['executionListener', 'taskListener']) {
      if (this.foreign.extensions(el, local).length) this.fail(`${describe(el)}：含有 ${local}（监听器会在服务器上执行代码），本引擎不运行，请删除`);
    }
  }

  private readUserTask(el: ModdleElement, node: NodeModel) {
    const where = `用户任务 ${describe(el)}`;
    const loop = el.loopCharacteristics as ModdleElement | undefined;
    let elementVar: string | undefined;
    if (loop) {
      if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') {
        this.fail(`${where}: 循环（standardLoopCharacteristics）本引擎不支持，请改用多实例`);
        return;
      }
      elementVar = this.foreign.attr(loop, 'elementVariable');
    }
    this.collect(() => {
      node.assignee = ruleFrom(el, 'assignee', where);
    });
    if (!node.assignee) this.readForeignAssignees(el, node, where, elementVar);
    if (loop) this.readMultiInstance(loop, node, where, elementVar);
    if (!node.assignee && !node.moreAssignees?.length && !node.assigneeFields?.length) this.fail(`${where} 没有设置处理人`);
    if (!loop) {
      const mode = el.mode ?? 'any';
      if (!isTaskMode(mode)) this.fail(`${where}: 不支持的多人审批方式 "${String(mode)}"（any / all / seq）`);
      else node.mode = mode;
    }
    const cc = this.collect(() => ruleFrom(el, 'cc', where));
    if (cc) node.cc = cc;
    if (typeof el.editableFields === 'string' && el.editableFields.trim()) {
      const fields = splitList(el.editableFields);
      const bad = fields.filter((f) => !IDENT.test(f));
      if (bad.length) this.fail(`${where}: 可编辑字段 "${bad.join('、')}" 不是合法的表单字段名`);
      else node.editable = [...new Set(fields)];
    }
    const limit = el.timeLimitHours;
    if (limit !== undefined && limit !== null && limit !== '') {
      const hours = Number(limit);
      if (!Number.isInteger(hours) || hours < 1 || hours > 8760) this.fail(`${where}: 办理时限（timeLimitHours）应为 1–8760 的整数小时`);
      else node.timeLimitHours = hours;
    }
  }

  /**
   * A service task runs a named server hook: `erp:hook`, a `${name}` delegateExpression
   * (Camunda/Flowable), an external-task topic or a Zeebe task type. Java classes and other
   * expressions are refused; whether the name is registered is checked at deploy.
   */
  private readServiceTask(el: ModdleElement, node: NodeModel) {
    const where = `服务任务 ${describe(el)}`;
    const zeebe = this.foreign.extensions(el, 'taskDefinition')[0];
    if (this.foreign.attr(el, 'class') || this.foreign.attr(el, 'expression') || this.foreign.attr(el, 'type')) {
      this.fail(`${where}: Java 类、表达式或内置类型（class / expression / type）本引擎不运行，请用 erp:hook 指定服务器钩子名`);
      return;
    }
    const delegate = this.foreign.attr(el, 'delegateExpression');
    const raw =
      (typeof el.hook === 'string' && el.hook.trim()) ||
      (delegate ? unwrap(delegate) : '') ||
      this.foreign.attr(el, 'topic') ||
      (typeof zeebe?.type === 'string' ? zeebe.type.trim() : '');
    if (!raw) this.fail(`${where} 没有指定要运行的服务器钩子（erp:hook）`);
    else if (!/^[A-Za-z_][\w.:-]{0,63}$/.test(raw)) this.fail(`${where}: 钩子名 "${raw}" 不合法`);
    else node.hook = raw;
  }

  /** camunda:/flowable:/activiti: assignee, candidateUsers, candidateGroups; zeebe:assignmentDefinition. */
  private readForeignAssignees(el: ModdleElement, node: NodeModel, where: string, elementVar: string | undefined) {
    const zeebe = this.foreign.extensions(el, 'assignmentDefinition')[0];
    const pick = (local: string) =>
      this.foreign.attr(el, local) ?? (typeof zeebe?.[local] === 'string' ? (zeebe[local] as string).trim() || undefined : undefined);
    const assignee = pick('assignee');
    const candidateUsers = pick('candidateUsers');
    const candidateGroups = pick('candidateGroups');
    const rules: AssigneeRule[] = [];
    const fields: string[] = [];
    const readUsers = (text: string, what: string) => {
      const codes: string[] = [];
      for (const part of splitList(text)) {
        if (isExpression(part) || part.startsWith('=')) {
          const name = unwrap(part.replace(/^=/, ''));
          if (!IDENT.test(name)) {
            this.fail(`${where}: ${what} 表达式 "${part}" 只能是一个表单字段名（如 \${approver}）`);
            continue;
          }
          if (this.initiatorVars.has(name)) rules.push({ type: 'initiator' });
          else if (name !== elementVar) fields.push(name);
          continue;
        }
        codes.push(part);
        this.references.push({ where, kind: 'user', code: part });
      }
      if (codes.length) rules.push({ type: 'users', value: codes.join(',') });
    };
    // Camunda and Flowable give the task to the assignee when there is one; candidates only otherwise.
    if (assignee) readUsers(assignee, 'assignee');
    else {
      if (candidateUsers) readUsers(candidateUsers, 'candidateUsers');
      if (candidateGroups) {
        const codes: string[] = [];
        for (const part of splitList(candidateGroups)) {
          if (isExpression(part) || part.startsWith('=')) {
            this.fail(`${where}: candidateGroups 只能写角色编码，不能写表达式 "${part}"`);
            continue;
          }
          codes.push(part);
          this.references.push({ where, kind: 'role', code: part });
        }
        if (codes.length) rules.push({ type: 'role', value: codes.join(',') });
      }
    }
    const [first, ...more] = rules;
    if (first) node.assignee = first;
    if (more.length) node.moreAssignees = more;
    if (fields.length) node.assigneeFields = fields;
  }

  /** multiInstanceLoopCharacteristics → countersign: all (parallel) or seq (sequential), collection, cardinality, completion. */
  private readMultiInstance(loop: ModdleElement, node: NodeModel, where: string, elementVar: string | undefined) {
    node.mode = loop.isSequential ? 'seq' : 'all';
    const collection = this.foreign.attr(loop, 'collection');
    if (collection) {
      const name = unwrap(collection);
      if (!IDENT.test(name)) this.fail(`${where}: 多实例集合 "${collection}" 只能是一个表单字段名（其值为用户编码列表）`);
      else if (this.initiatorVars.has(name)) node.assignee ??= { type: 'initiator' };
      else node.assigneeFields = [...new Set([...(node.assigneeFields ?? []), name])];
      if (!elementVar && !this.foreign.attr(loop, 'elementVariable')) this.fail(`${where}: 多实例集合需要 elementVariable，并以 \${元素变量} 作为处理人`);
    } else if (loop.loopDataInputRef) {
      this.fail(`${where}: 多实例的 loopDataInputRef 本引擎不支持，请用 collection 指向表单字段`);
    }
    const cardinality = (loop.loopCardinality as ModdleElement | undefined)?.body;
    if (typeof cardinality === 'string' && cardinality.trim()) {
      const n = Number(unwrap(cardinality));
      if (!Number.isInteger(n) || n < 1 || n > MAX_CARDINALITY)
        this.fail(`${where}: 多实例数量 loopCardinality "${cardinality.trim()}" 必须是 1 到 ${MAX_CARDINALITY} 的整数`);
      else node.cardinality = n;
    }
    const completion = (loop.completionCondition as ModdleElement | undefined)?.body;
    if (typeof completion === 'string' && completion.trim()) {
      const checked = checkExpression(completion);
      if ('error' in checked) this.fail(`${where}: 完成条件 "${completion.trim()}" ${checked.error}`);
      else node.completion = completion.trim();
    }
  }

  private readFlows() {
    for (const el of this.flowElements) {
      let source = (el.sourceRef as ModdleElement | undefined)?.id;
      const target = (el.targetRef as ModdleElement | undefined)?.id;
      if ((source && this.refused.has(source)) || (target && this.refused.has(target))) continue; // already reported
      // The outgoing flows of an embedded subprocess leave from its end event.
      if (source && this.exits.has(source)) source = this.exits.get(source);
      const id = String(el.id);
      if (!source || !target || !this.nodes[source] || !this.nodes[target]) {
        this.fail(`连线 ${describe(el)} 没有连接到受支持的节点`);
        continue;
      }
      const flow: FlowModel = { id, name: String(el.name ?? ''), source, target };
      const expr = el.conditionExpression as ModdleElement | undefined;
      const body = typeof expr?.body === 'string' ? expr.body.trim() : '';
      if (expr && typeof expr.language === 'string' && expr.language && !/^(juel|uel|feel)$/i.test(expr.language))
        this.fail(`连线 ${describe(el)}: 脚本条件（language="${expr.language}"）会执行代码，本引擎不运行`);
      else if (body) {
        const kind = this.nodes[source]?.type;
        if (kind !== 'exclusive' && kind !== 'inclusive') this.fail(`连线 ${describe(el)}: 只有排他网关和包容网关的出线可以带条件`);
        else this.readCondition(flow, body, `连线 ${describe(el)}`);
      }
      this.flows[id] = flow;
      this.nodes[source]?.outgoing.push(id);
      this.nodes[target]?.incoming.push(id);
    }
    for (const [sub, end] of this.exits) {
      // Inner end → the subprocess's outgoing flows; the subprocess node itself leads into its start.
      if (!this.nodes[end]?.outgoing.length) this.fail(`内嵌子流程 "${sub}" 没有出线`);
      const enter = this.flows[`${sub}__enter`];
      if (enter) this.nodes[enter.target]?.incoming.push(enter.id);
    }
  }

  private readCondition(flow: FlowModel, body: string, where: string) {
    const text = body.startsWith('=') ? `\${${body.slice(1)}}` : body; // Zeebe FEEL style "= amount > 1000"
    if (isExpression(text)) {
      const checked = checkExpression(text);
      if ('error' in checked) this.fail(`${where}: 条件表达式 "${text}" ${checked.error}`);
      else flow.expression = text;
      return;
    }
    const cond = this.collect(() => parseCondition(text, where));
    if (cond) flow.condition = cond;
  }

  private readDefaults() {
    for (const el of this.gateways) {
      const def = (el.default as ModdleElement | undefined)?.id;
      const node = this.nodes[String(el.id)];
      if (def && node) node.defaultFlow = def;
    }
  }

  private checkGraph() {
    const { nodes, flows, order } = this;
    const starts = order.filter((id) => nodes[id]?.type === 'start');
    if (starts.length !== 1) this.fail(`流程必须且只能有一个开始事件（找到 ${starts.length} 个）`);
    if (!order.some((id) => nodes[id]?.type === 'end')) this.fail('流程至少需要一个结束事件');
    for (const id of order) {
      const n = nodes[id] as NodeModel;
      const where = `节点 "${id}"（${n.name}）`;
      if (n.type === 'start' && n.incoming.length) this.fail(`${where}: 开始事件不能有入线`);
      if (n.type !== 'start' && !n.incoming.length) this.fail(`${where} 没有入线`);
      if (n.type === 'end' && n.outgoing.length) this.fail(`${where}: 结束事件不能有出线`);
      if (n.type !== 'end' && !n.outgoing.length) this.fail(`${where} 没有出线`);
      if ((n.type === 'start' || n.type === 'userTask' || n.type === 'pass' || n.type === 'service') && n.outgoing.length > 1)
        this.fail(`${where} 只能有一条出线，分支请使用网关`);
      if (n.type === 'exclusive' || n.type === 'inclusive') {
        if (n.defaultFlow && !n.outgoing.includes(n.defaultFlow)) this.fail(`${where}: 默认连线不是它的出线`);
        if (n.type === 'exclusive' && n.outgoing.length > 1)
          for (const f of n.outgoing)
            if (f !== n.defaultFlow && !flows[f]?.condition && !flows[f]?.expression) this.fail(`${where}: 出线 "${f}" 缺少条件（或设为默认连线）`);
      }
    }
    if (this.problems.length) return;
    // Every node must be reachable from the start, and every node must be able to reach an end.
    const startId = starts[0] as string;
    const reach = walk(startId, (id) => (nodes[id]?.outgoing ?? []).map((f) => flows[f]?.target as string));
    for (const id of order) if (!reach.has(id)) this.fail(`节点 "${id}"（${nodes[id]?.name}）从开始事件无法到达`);
    const back = new Set<string>();
    for (const e of order.filter((id) => nodes[id]?.type === 'end'))
      for (const id of walk(e, (x) => (nodes[x]?.incoming ?? []).map((f) => flows[f]?.source as string))) back.add(id);
    for (const id of order) if (reach.has(id) && !back.has(id)) this.fail(`节点 "${id}"（${nodes[id]?.name}）无法到达结束事件`);
  }

  /**
   * An inclusive join waits for the branches its fork took: it must close a block opened by an
   * inclusive fork (read from the graph, parallel-scopes.ts). A parallel join after an inclusive
   * fork would wait for ever for a branch not taken, and the other way round fire too early.
   */
  private checkJoins(model: ProcessModel) {
    const joins = model.order.filter((id) => {
      const n = model.nodes[id];
      return (n?.type === 'inclusive' || n?.type === 'parallel') && n.incoming.length > 1;
    });
    const forks = model.order.filter((id) => model.nodes[id]?.type === 'inclusive' && (model.nodes[id]?.outgoing.length ?? 0) > 1);
    const hasInclusive = joins.some((j) => model.nodes[j]?.type === 'inclusive') || forks.length > 0;
    if (!hasInclusive) return;
    const scopes = parallelScopes(model);
    if (!scopes) {
      this.fail('包容网关必须成对使用（分支网关与汇聚网关一一对应、结构化嵌套），本流程的分支与汇聚无法对应');
      return;
    }
    for (const [fork, join] of scopes.joinOf) {
      const f = model.nodes[fork];
      const j = model.nodes[join];
      if (f && j && (f.type === 'inclusive') !== (j.type === 'inclusive'))
        this.fail(`网关 "${fork}"（${f.name}）与汇聚网关 "${join}"（${j.name}）类型不同：包容网关的分支必须由包容网关汇聚`);
    }
    for (const fork of forks) if (!scopes.joinOf.has(fork)) this.fail(`包容网关 "${fork}"（${model.nodes[fork]?.name}）的分支没有汇聚到一个包容网关`);
  }
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
