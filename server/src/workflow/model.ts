import { ASSIGNEE_TYPES, type AssigneeRule, type Condition, type SelfApprovalRule, TASK_MODES, type TaskMode, ZCondition } from '@erp/contract';

export type { SelfApprovalRule };

/** The graph the engine interprets, parsed once at deploy time from the BPMN XML. */
export type NodeType = 'start' | 'end' | 'userTask' | 'exclusive' | 'parallel' | 'inclusive' | 'pass' | 'service';

export interface NodeModel {
  id: string;
  name: string;
  type: NodeType;
  incoming: string[];
  outgoing: string[];
  /** Exclusive or inclusive gateway: the flow taken when no condition holds. */
  defaultFlow?: string;
  assignee?: AssigneeRule;
  /** More rules whose people join `assignee`'s (candidateUsers next to candidateGroups). */
  moreAssignees?: AssigneeRule[];
  /** Form fields naming approvers (user codes or ids): `${field}` assignees, a multi-instance collection. */
  assigneeFields?: string[];
  mode?: TaskMode;
  /** Multi-instance loopCardinality: at most this many approvers. */
  cardinality?: number;
  /** Multi-instance completionCondition (expressions.ts): the node completes early once it holds. */
  completion?: string;
  cc?: AssigneeRule;
  /** Service task: the name of the server hook it runs (hooks.ts). */
  hook?: string;
  /** User task: form fields its approver may change when passing (`erp:editableFields`). */
  editable?: string[];
  /** User task: time limits from timer boundary events (timers.ts). */
  timers?: TimerModel[];
  /**
   * User task: hours a task may stay open before it is overdue (`erp:timeLimitHours`). Nothing
   * happens to the task; approval analytics count it and its holder is reminded once a day.
   */
  timeLimitHours?: number;
}

/** What a due time limit does: remind the holders, pass or reject for them, or give the task to their manager. */
export const TIMER_ACTIONS = ['remind', 'pass', 'reject', 'escalate'] as const;
export type TimerAction = (typeof TIMER_ACTIONS)[number];

/** A timer boundary event on a user task: an ISO 8601 duration from the task's creation, and its action. */
export interface TimerModel {
  /** The boundary event's id. */
  id: string;
  name: string;
  /** ISO 8601 duration as written, e.g. PT24H, P2D, P1DT12H. */
  duration: string;
  action: TimerAction;
  /** cancelActivity: an interrupting timer ends the waiting (pass, reject); a non-interrupting one only reminds or escalates. */
  interrupting: boolean;
}

/**
 * A user or role named by a diagram from another modeller (camunda:, flowable:, zeebe:), checked
 * against the database at deploy: an unknown one is refused, naming the element.
 */
export interface ForeignReference {
  where: string;
  kind: 'user' | 'role';
  code: string;
}

export interface FlowModel {
  id: string;
  name: string;
  source: string;
  target: string;
  condition?: Condition;
  /** A `${…}` condition expression (expressions.ts), when the diagram did not use our JSON. */
  expression?: string;
}

export interface ProcessModel {
  key: string;
  name: string;
  startId: string;
  /** Node ids in document order (deterministic gateway evaluation and previews). */
  order: string[];
  nodes: Record<string, NodeModel>;
  flows: Record<string, FlowModel>;
  /** User code that receives a task whose rule resolves to nobody. */
  fallbackUser: string;
  /** untouched: the initiator may revoke while no approver acted; anytime: while running. */
  revocable: 'untouched' | 'anytime' | 'never';
  category?: string;
  /** Copies sent when the process ends passed. */
  cc?: AssigneeRule;
  /**
   * Automatic pass (a per-definition switch, `erp:autoPass`): initiator — a task of the initiator
   * passes by itself; approved — a task of someone who already passed an earlier node of this
   * submission; both.
   */
  autoPass?: 'initiator' | 'approved' | 'both';
  /** A step that would go only to the request's parties (self-approval.ts): default superior. */
  selfApproval?: SelfApprovalRule;
  /** User code of the alternate approver for `selfApproval: alternate`. */
  selfAlternate?: string;
  /** Users and roles named by foreign attributes, for the deploy-time check. */
  references?: ForeignReference[];
}

export const DEFAULT_FALLBACK_USER = 'admin';

export function isTaskMode(v: unknown): v is TaskMode {
  return typeof v === 'string' && (TASK_MODES as readonly string[]).includes(v);
}

function isAssigneeType(v: unknown): v is AssigneeRule['type'] {
  return typeof v === 'string' && (ASSIGNEE_TYPES as readonly string[]).includes(v);
}

/** Reads `<prefix>Type/Value/Levels/OrgField` attributes into a rule; errors name the element. */
export function ruleFrom(el: Record<string, unknown>, prefix: 'assignee' | 'cc', where: string): AssigneeRule | undefined {
  const type = el[`${prefix}Type`];
  if (type === undefined || type === '') return undefined;
  if (!isAssigneeType(type)) throw new ModelError(`${where}: 不支持的处理人类型 "${String(type)}"`);
  const value = typeof el[`${prefix}Value`] === 'string' ? (el[`${prefix}Value`] as string).trim() : undefined;
  const levels = el[`${prefix}Levels`];
  const orgField = typeof el[`${prefix}OrgField`] === 'string' ? (el[`${prefix}OrgField`] as string).trim() : undefined;
  if ((type === 'users' || type === 'role') && !value) throw new ModelError(`${where}: 处理人类型 ${type} 需要填写 value`);
  const rule: AssigneeRule = { type };
  if (value) rule.value = value;
  if (typeof levels === 'number' && levels >= 1) rule.levels = Math.min(10, Math.floor(levels));
  if (orgField) rule.orgField = orgField;
  return rule;
}

/** A definition the engine cannot run; each problem names the element, all of them in one message. */
export class ModelError extends Error {
  readonly problems: string[];
  constructor(problems: string | string[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.length > 1 ? `流程定义有 ${list.length} 处问题：\n${list.map((p, i) => `${i + 1}. ${p}`).join('\n')}` : (list[0] ?? ''));
    this.problems = list;
  }
}

export function parseCondition(body: string, where: string): Condition {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ModelError(`${where}: 条件必须是结构化 JSON，例如 {"field":"isChangeGrade","op":"eq","value":"001"}`);
  }
  const parsed = ZCondition.safeParse(json);
  if (!parsed.success) throw new ModelError(`${where}: 条件格式不正确（${parsed.error.issues[0]?.message ?? ''}）`);
  return parsed.data;
}
