import { z } from 'zod';
import { isoDateTime, pageOf, text, ZPageRequest } from '../common';
import { defineCall } from '../define';
import { ZFileEntry } from './file';

export * from './bpm-forms';

/** Permission codes of the approval engine's administration screens (/CustomBpmn/index). */
export const BPM_PERM = {
  definitionList: 'bpm:definition:list',
  definitionEdit: 'bpm:definition:edit',
  /** Terminate any running instance, reassign any open task (process administrators). */
  instanceAdmin: 'bpm:instance:admin',
} as const;

/** Filters shared by the process-centre lists (to-do, done, closed, cc). */
export const ZTaskListRequest = ZPageRequest.extend({
  /** Process definition key, e.g. Positive_Process. */
  processKey: text(64).optional(),
  /** Initiator user code or name (contains). */
  initiator: text(64).optional(),
  /** Start time range, inclusive, YYYY-MM-DD or ISO date-time. */
  startTimeBegin: isoDateTime().optional(),
  startTimeEnd: isoDateTime().optional(),
  /** Matches the business title, process name or task name. */
  keyword: text(100).optional(),
});
export type TaskListRequest = z.input<typeof ZTaskListRequest>;

/** One row of a process-centre list. */
export const ZTaskListItem = z.object({
  /** Task id (null for closed instances listed without a task of mine). */
  taskId: z.number().int().nullable(),
  processInstanceId: z.number().int(),
  businessId: z.string(),
  processKey: z.string(),
  processName: z.string(),
  /** A short description of the business record (e.g. "张三 转正申请"). */
  title: z.string(),
  taskName: z.string().nullable(),
  initiatorCode: z.string(),
  initiatorName: z.string(),
  /** Instance status: running | passed | rejected | revoked | returned (sent back to the initiator). */
  status: z.string(),
  startTime: z.string(),
  /** When the task was created (to-do, cc) or completed (done). */
  taskTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Current node names of a running instance, for the list column. */
  currentNodes: z.string(),
  /** Cc list only: whether I have read it. */
  ccRead: z.boolean().nullable(),
  /** What I did on a done task: pass | reject | rollback | resubmit. */
  outcome: z.string().nullable(),
});
export type TaskListItem = z.output<typeof ZTaskListItem>;

// ---------------------------------------------------------------------------------------------
// Process definitions: the BPMN subset and our extension attributes (shared by the server's
// parser and the web modeler's properties panel).

/** Namespace of our BPMN extension attributes (`erp:assigneeType="role"` …). */
export const ERP_BPMN_NS = 'http://erp.local/schema/bpmn';

const attr = (name: string, type: 'String' | 'Integer' = 'String') => ({ name, isAttr: true, type });
const ruleAttrs = (prefix: string) => [attr(`${prefix}Type`), attr(`${prefix}Value`), attr(`${prefix}Levels`, 'Integer'), attr(`${prefix}OrgField`)];

/** moddle descriptor of the extension, for bpmn-moddle (server) and bpmn-js (web). */
export const ERP_BPMN_MODDLE = {
  name: 'ERP',
  prefix: 'erp',
  uri: ERP_BPMN_NS,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskRules',
      extends: ['bpmn:UserTask'],
      // editableFields: form fields the approver of this node may change when passing (comma separated).
      // timeLimitHours: how long a task of this node may stay open before it counts as overdue (analytics, daily reminder).
      properties: [...ruleAttrs('assignee'), attr('mode'), ...ruleAttrs('cc'), attr('editableFields'), attr('timeLimitHours', 'Integer')],
    },
    // A timer boundary event on a user task: what happens when it is due (remind | pass | reject | escalate).
    { name: 'BoundaryRules', extends: ['bpmn:BoundaryEvent'], properties: [attr('timerAction')] },
    // A service task runs a named server hook (registered by a module); unknown names are refused at deploy.
    { name: 'ServiceTaskRules', extends: ['bpmn:ServiceTask'], properties: [attr('hook')] },
    {
      name: 'ProcessRules',
      extends: ['bpmn:Process'],
      // selfApproval: what a step does when it would go only to the request's applicant (SELF_APPROVAL_RULES); selfAlternate: the user code for `alternate`.
      properties: [
        attr('fallbackUser'),
        attr('revocable'),
        attr('category'),
        attr('autoPass'),
        attr('selfApproval'),
        attr('selfAlternate'),
        ...ruleAttrs('cc'),
      ],
    },
  ],
} as const;

/**
 * When a step would go to nobody but the request's own parties (its applicant, the person it is for
 * or by): skip the step, give it to the applicant's superior (the default), to a named alternate, or
 * to the process administrator. Segregation of duties: a party never decides their own request.
 */
export const SELF_APPROVAL_RULES = ['superior', 'alternate', 'admin', 'skip'] as const;
export type SelfApprovalRule = (typeof SELF_APPROVAL_RULES)[number];

/**
 * Who gets a task (or a copy):
 * - users: user codes in `value` (comma separated); role: users holding role code `value`;
 * - deptLeader: the leader of the initiator's unit, or of the unit in form field `orgField`, `levels` up (1 = that unit);
 * - superior: the initiator's superior; initiator: the initiator; chosen: picked by the initiator at start.
 */
export const ASSIGNEE_TYPES = ['users', 'role', 'deptLeader', 'superior', 'initiator', 'chosen'] as const;
export const ZAssigneeRule = z.object({
  type: z.enum(ASSIGNEE_TYPES),
  value: z.string().max(1000).optional(),
  levels: z.number().int().min(1).max(10).optional(),
  orgField: z.string().max(64).optional(),
});
export type AssigneeRule = z.output<typeof ZAssigneeRule>;

/** any: one group task, the first member to act decides; all: countersign; seq: one after another. */
export const TASK_MODES = ['any', 'all', 'seq'] as const;
export type TaskMode = (typeof TASK_MODES)[number];

export const CONDITION_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'empty', 'notEmpty', 'contains'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
/** A structured gateway condition on form fields (the body of a sequence flow's conditionExpression, as JSON). Never evaluated as code. */
export type Condition =
  | { field: string; op: ConditionOp; value?: string | number | boolean | Array<string | number> | null }
  | { all: Condition[] }
  | { any: Condition[] };
const ZScalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
export const ZCondition: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z
      .object({
        field: z.string().min(1).max(64),
        op: z.enum(CONDITION_OPS),
        value: z.union([ZScalar, z.array(z.union([z.string().max(200), z.number()])).max(100)]).optional(),
      })
      .strict(),
    z.object({ all: z.array(ZCondition).min(1).max(20) }).strict(),
    z.object({ any: z.array(ZCondition).min(1).max(20) }).strict(),
  ]),
);

// ---------------------------------------------------------------------------------------------
// The step list of the flow widget (spec 000 §3 "Approval step", §4 flags)

export const ZTransferRecord = z.object({
  userName: z.string(),
  transferUserName: z.string(),
  createTime: z.string(),
  remark: z.string(),
});
export const ZGroupUser = z.object({ userName: z.string(), userCode: z.string() });
export type GroupUser = z.output<typeof ZGroupUser>;

export const ZApprovalStep = z.object({
  /** Stable within one answer: event id, task id or predicted node. */
  id: z.string(),
  nodeId: z.string().nullable(),
  /** 0 pending, 1 passed, 2 rejected, 3 sent back. */
  approvalFlag: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** 0 initiator, 1 approver, 2 cc recipient. */
  operateType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  approvalTaskName: z.string(),
  taskName: z.string(),
  approvalUserName: z.string(),
  approvalUserCode: z.string(),
  taskUserName: z.string(),
  approvalMessage: z.string(),
  /** When it was done (empty while pending). */
  operateTime: z.string(),
  /** 1 when the task was transferred. */
  isTransfer: z.union([z.literal(0), z.literal(1)]),
  transferDTOS: z.array(ZTransferRecord),
  /** 2 = a group of users (first member shown as the name). */
  taskType: z.number().int(),
  groupUserList: z.array(ZGroupUser),
  /** True for steps not reached yet (a forecast from the current form). */
  predicted: z.boolean(),
  sort: z.number().int(),
});
export type ApprovalStep = z.output<typeof ZApprovalStep>;

/** The flow of a record: its steps, my task on it and what I may do. */
export const ZFlowData = z.object({
  processInstanceId: z.number().int().nullable(),
  processKey: z.string().nullable(),
  businessId: z.string().nullable(),
  /** running | returned | passed | rejected | revoked, or null before submission. */
  status: z.string().nullable(),
  /** My pending task (approval, or resubmission when returned to me). */
  taskId: z.number().int().nullable(),
  taskKind: z.enum(['approve', 'resubmit']).nullable(),
  taskName: z.string().nullable(),
  initiatorCode: z.string().nullable(),
  canRevoke: z.boolean(),
  /** I have an unread copy of it. */
  isCc: z.boolean(),
  steps: z.array(ZApprovalStep),
});
export type FlowData = z.output<typeof ZFlowData>;

// ---------------------------------------------------------------------------------------------
// Definitions, lists and commands

export const ZDefinitionSummary = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  version: z.number().int(),
  category: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** Instances started on this version that are still running. */
  runningCount: z.number().int(),
});
export type DefinitionSummary = z.output<typeof ZDefinitionSummary>;

const ZProcessRef = z.object({ key: z.string(), name: z.string(), version: z.number().int(), category: z.string().nullable(), definitionId: z.number().int() });
const ZTaskRef = z.object({ taskId: z.coerce.number().int().positive() });
const ZInstanceRef = z.object({ processInstanceId: z.coerce.number().int().positive() });
/** Form fields of a request: flat values only (conditions and assignee rules read them). */
export const ZProcessForm = z.record(
  z.string().max(64),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(200), z.number()])).max(100)]),
);
/** A general request as its applicant and approvers read it (the form is read with `requestFieldsOf`). */
export const ZRequestDetail = z.object({
  processInstanceId: z.number().int(),
  processKey: z.string(),
  processName: z.string(),
  title: z.string(),
  initiatorCode: z.string(),
  initiatorName: z.string(),
  initiatorOrg: z.string().nullable(),
  startTime: isoDateTime(),
  form: ZProcessForm,
  files: z.array(ZFileEntry),
});
export type RequestDetail = z.output<typeof ZRequestDetail>;

/** Users chosen at start for `chosen` tasks: node id → user codes. */
export const ZChosenAssignees = z.record(z.string().max(128), z.array(z.string().max(64)).max(20));
export const ZSignMessage = z.string().max(200, '签字意见最多200个字符');
export const ZEmployeeOption = z.object({ code: z.string(), name: z.string(), userName: z.string(), orgName: z.string() });
export type EmployeeOption = z.output<typeof ZEmployeeOption>;

export const ZInstanceListItem = z.object({
  processInstanceId: z.number().int(),
  processKey: z.string(),
  processName: z.string(),
  businessId: z.string(),
  title: z.string(),
  status: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  currentNodes: z.string(),
  /** My resubmission task when the request was sent back to me. */
  taskId: z.number().int().nullable(),
  canRevoke: z.boolean(),
});
export type InstanceListItem = z.output<typeof ZInstanceListItem>;

/** An instance as the process administrator's list shows it: who started it and who holds its open tasks. */
/** Where an instance stands (the administrators' list filters by it). */
export const INSTANCE_STATUSES = ['running', 'returned', 'passed', 'rejected', 'revoked', 'terminated'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const ZInstanceStatus = z.enum(INSTANCE_STATUSES);
export const isInstanceStatus = (v: unknown): v is InstanceStatus => INSTANCE_STATUSES.includes(v as InstanceStatus);

export const ZAdminInstanceItem = z.object({
  processInstanceId: z.number().int(),
  processKey: z.string(),
  processName: z.string(),
  businessId: z.string(),
  title: z.string(),
  initiatorCode: z.string(),
  initiatorName: z.string(),
  status: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** Open approval or resubmission tasks (what reassign acts on). */
  openTasks: z.array(z.object({ taskId: z.number().int(), taskName: z.string(), kind: z.string(), holders: z.array(ZGroupUser) })),
});
export type AdminInstanceItem = z.output<typeof ZAdminInstanceItem>;

const flowRequest = z.object({
  businessId: z.string().max(64).optional(),
  instanceId: z.coerce.number().int().positive().optional(),
  /** Process key (e.g. Positive_Process) of the business record. */
  instanceType: z.string().max(64).optional(),
});

const bpm = (path: string) => `/bpm_api/bpm/camunda/${path}`;
const list = (path: string, summary: string) =>
  defineCall({
    method: 'POST',
    path: bpm(path),
    requestKind: 'json',
    request: ZTaskListRequest,
    data: pageOf(ZTaskListItem),
    permission: 'login',
    summary,
    fromSpec: true,
  });

export const bpmCalls = {
  getAllUserTaskTotal: defineCall({
    method: 'POST',
    path: bpm('getAllUserTaskTotal'),
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: z.object({ sum: z.number().int(), ccTotal: z.number().int() }),
    permission: 'login',
    summary: 'Counts for the header badge: my open to-dos (sum) and unread copies (ccTotal)',
    fromSpec: true,
  }),
  getUserTaskSort: list('getUserTaskSort', 'My to-dos (open tasks assigned to me or my group), newest first, paged and filtered'),
  getUserHiTaskSort: list('getUserHiTaskSort', 'Tasks I have done'),
  getUserClosedTaskSort: list('getUserClosedTaskSort', 'Finished processes I started or took part in'),
  getUserCCTaskSort: list('getUserCCTaskSort', 'Copies sent to me'),
  getFlowData: defineCall({
    method: 'POST',
    path: bpm('common/getFlowData'),
    requestKind: 'json',
    request: flowRequest,
    data: ZFlowData,
    permission: 'login',
    summary: 'The flow of a business record (by instanceId, or businessId + process key): my task id and the steps',
    fromSpec: true,
  }),
  getFlowDataOnResign: defineCall({
    method: 'POST',
    path: bpm('common/getFlowDataOnResign'),
    requestKind: 'json',
    request: flowRequest,
    data: ZFlowData,
    permission: 'login',
    summary: 'Same as getFlowData, for resignation records',
    fromSpec: true,
  }),
  isOrd: defineCall({
    method: 'POST',
    path: bpm('common/isOrd'),
    requestKind: 'json',
    request: z.object({ userCode: z.string().max(64).optional() }),
    data: z.object({ isOrd: z.boolean() }),
    permission: 'login',
    summary: 'Whether a user (default: me) is an ordinary employee, i.e. leads no unit',
    fromSpec: true,
  }),
  getSuperiorRole: defineCall({
    method: 'POST',
    path: bpm('common/getSuperiorRole'),
    requestKind: 'json',
    request: z.object({ userCode: z.string().max(64).optional() }),
    data: z.object({ userCode: z.string(), userName: z.string(), orgId: z.number().int().nullable(), orgName: z.string() }).nullable(),
    permission: 'login',
    summary: "A user's superior (default: mine): the nearest unit leader above, as the 'superior' assignee rule resolves it",
    fromSpec: true,
  }),
  getSponsorRole: defineCall({
    method: 'POST',
    path: bpm('common/getSponsorRole'),
    requestKind: 'multipart',
    request: ZInstanceRef,
    data: z.object({ userCode: z.string(), userName: z.string(), roleCodes: z.array(z.string()), isSponsor: z.boolean() }),
    permission: 'login',
    summary: 'The initiator (sponsor) of an instance and their roles; isSponsor tells whether it is me',
    fromSpec: true,
  }),
  getValueName: defineCall({
    method: 'POST',
    path: bpm('inquire/getValueName'),
    requestKind: 'json',
    request: z.object({ type: z.enum(['user', 'org', 'role', 'process']), values: z.array(z.string().max(64)).max(200) }),
    data: z.array(z.object({ value: z.string(), name: z.string() })),
    permission: 'login',
    summary: 'Display names of user codes, unit ids, role codes or process keys (for the designer and lists)',
    fromSpec: true,
  }),
  viewApprovalInfo: defineCall({
    method: 'POST',
    path: bpm('viewApprovalInfo'),
    requestKind: 'json',
    request: ZInstanceRef,
    data: z.array(ZApprovalStep),
    permission: 'login',
    summary: 'The step list of an instance (spec 000 §3 shapes) for the flow widget',
    fromSpec: true,
  }),
  getQueryListCondition: defineCall({
    method: 'GET',
    path: bpm('getQueryListCondition'),
    requestKind: 'query',
    request: z.object({}).passthrough(),
    data: z.object({
      processes: z.array(z.object({ key: z.string(), name: z.string() })),
      statuses: z.array(z.object({ value: z.string(), name: z.string() })),
    }),
    permission: 'login',
    summary: 'Filter options of the process-centre lists',
    fromSpec: true,
  }),
  getProDefList: defineCall({
    method: 'GET',
    path: bpm('getProDefList'),
    requestKind: 'query',
    request: z.object({}).passthrough(),
    data: z.array(ZProcessRef),
    permission: 'login',
    summary: 'Processes one may start (latest enabled version of each key)',
    fromSpec: true,
  }),
  getSonkeyByMkey: defineCall({
    method: 'POST',
    path: bpm('getSonkeyByMkey'),
    requestKind: 'json',
    request: z.object({ mkey: z.string().min(1).max(64) }),
    data: z.array(z.object({ key: z.string(), name: z.string() })),
    permission: 'login',
    summary: 'Process keys grouped under a main key (the category of a definition)',
    fromSpec: true,
  }),
  finishCcTask: defineCall({
    method: 'POST',
    path: bpm('taskOver/finishCcTask'),
    requestKind: 'json',
    request: z.object({ processInstanceId: z.coerce.number().int().positive().optional(), taskId: z.coerce.number().int().positive().optional() }),
    data: z.object({ finished: z.number().int() }),
    permission: 'login',
    write: true,
    summary: 'Marks my copies of an instance (or one cc task) as read',
    fromSpec: true,
  }),
  nodeList: defineCall({
    method: 'POST',
    path: bpm('taskOver/nodeList'),
    requestKind: 'json',
    request: ZTaskRef,
    data: z.array(z.object({ nodeId: z.string(), nodeName: z.string(), sort: z.number().int() })),
    permission: 'login',
    summary: 'Nodes my task can be sent back to (sort 0 = the initiator)',
    fromSpec: true,
  }),
  transferTask: defineCall({
    method: 'POST',
    path: bpm('transferTask'),
    requestKind: 'json',
    request: ZTaskRef.extend({
      transferUserCode: z.string().trim().min(1, '请选择转办对象').max(64),
      remark: z.string().trim().min(1, '请输入转办理由').max(200, '转办理由最多200个字符'),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Transfers my task to another person with a reason',
    fromSpec: true,
  }),

  // Our own calls in the same style.
  deployDefinition: defineCall({
    method: 'POST',
    path: bpm('definition/deploy'),
    requestKind: 'json',
    request: z.object({ xml: z.string().min(1).max(1_000_000) }),
    data: ZDefinitionSummary,
    permission: BPM_PERM.definitionEdit,
    write: true,
    summary: 'Validates a BPMN definition and deploys it as the next version of its key',
    fromSpec: false,
  }),
  validateDefinition: defineCall({
    method: 'POST',
    path: bpm('definition/validate'),
    requestKind: 'json',
    request: z.object({ xml: z.string().min(1).max(1_000_000) }),
    data: z.object({ valid: z.boolean(), message: z.string(), key: z.string().nullable(), name: z.string().nullable() }),
    permission: BPM_PERM.definitionList,
    summary: 'Checks a BPMN definition without deploying it',
    fromSpec: false,
  }),
  definitionPage: defineCall({
    method: 'POST',
    path: bpm('definition/page'),
    requestKind: 'json',
    request: ZPageRequest.extend({ keyword: text(64).optional(), key: text(64).optional(), allVersions: z.boolean().optional() }),
    data: pageOf(ZDefinitionSummary),
    permission: BPM_PERM.definitionList,
    summary: 'Deployed definitions (latest version of each key, or every version of one key)',
    fromSpec: false,
  }),
  definitionXml: defineCall({
    method: 'POST',
    path: bpm('definition/xml'),
    requestKind: 'json',
    request: z.object({ id: z.coerce.number().int().positive().optional(), key: z.string().max(64).optional() }),
    data: z.object({ id: z.number().int(), key: z.string(), version: z.number().int(), xml: z.string() }),
    permission: BPM_PERM.definitionList,
    summary: 'The XML of a version (by id) or of the latest version of a key',
    fromSpec: false,
  }),
  setDefinitionEnabled: defineCall({
    method: 'POST',
    path: bpm('definition/setEnabled'),
    requestKind: 'json',
    request: z.object({ key: z.string().min(1).max(64), enabled: z.boolean() }),
    data: z.object({ changed: z.number().int() }),
    permission: BPM_PERM.definitionEdit,
    write: true,
    summary: 'Disables (or enables again) starting new instances of a key; running instances continue',
    fromSpec: false,
  }),
  previewFlow: defineCall({
    method: 'POST',
    path: bpm('preview'),
    requestKind: 'json',
    request: z.object({ processKey: z.string().min(1).max(64), form: ZProcessForm.default({}), chosen: ZChosenAssignees.optional() }),
    data: z.array(ZApprovalStep),
    permission: 'login',
    summary: 'The steps a form would go through, before submission',
    fromSpec: false,
  }),
  startProcess: defineCall({
    method: 'POST',
    path: bpm('start'),
    requestKind: 'json',
    request: z.object({
      processKey: z.string().min(1).max(64),
      title: z.string().trim().min(1, '请输入标题').max(200),
      form: ZProcessForm.default({}),
      chosen: ZChosenAssignees.optional(),
    }),
    data: z.object({ processInstanceId: z.number().int(), businessId: z.string() }),
    permission: 'login',
    write: true,
    summary: 'Starts a general request (a process without a business module of its own)',
    fromSpec: false,
  }),
  myInstances: defineCall({
    method: 'POST',
    path: bpm('myInstances'),
    requestKind: 'json',
    request: ZTaskListRequest.extend({ status: z.string().max(16).optional() }),
    data: pageOf(ZInstanceListItem),
    permission: 'login',
    summary: 'Requests I started (/Initiate/index)',
    fromSpec: false,
  }),
  passTask: defineCall({
    method: 'POST',
    path: bpm('task/pass'),
    requestKind: 'json',
    request: ZTaskRef.extend({
      message: ZSignMessage.optional(),
      /** People the approver copies the request to (they get a cc like the process's own copies). */
      ccUserCodes: z.array(z.string().trim().min(1, '请选择抄送人').max(64)).max(20, '抄送人最多20人').optional(),
      /** Changed form fields: only those the node declares editable (erp:editableFields), checked against the process's form. */
      form: ZProcessForm.optional(),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task (message optional), optionally copying it to chosen people; on a task delegated to me, hands it back to its owner',
    fromSpec: false,
  }),
  rejectTask: defineCall({
    method: 'POST',
    path: bpm('task/reject'),
    requestKind: 'json',
    request: ZTaskRef.extend({ message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符') }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects: ends the process (message required)',
    fromSpec: false,
  }),
  rollbackTask: defineCall({
    method: 'POST',
    path: bpm('task/rollback'),
    requestKind: 'json',
    request: ZTaskRef.extend({
      sort: z.coerce.number().int().min(0).max(1000).optional(),
      nodeId: z.string().max(128).optional(),
      message: ZSignMessage.optional(),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Sends back to an earlier passed node or to the initiator (default: the previous node)',
    fromSpec: false,
  }),
  resubmitTask: defineCall({
    method: 'POST',
    path: bpm('task/resubmit'),
    requestKind: 'json',
    request: ZTaskRef.extend({ form: ZProcessForm.optional(), message: ZSignMessage.optional() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'The initiator submits a sent-back request again',
    fromSpec: false,
  }),
  addSigner: defineCall({
    method: 'POST',
    path: bpm('task/addSigner'),
    requestKind: 'json',
    request: ZTaskRef.extend({
      userCode: z.string().trim().min(1, '请选择加签人').max(64),
      position: z.enum(['before', 'after']),
      /** Why the signer is added; shown in the flow after 前加签 / 后加签. */
      message: z.string().trim().max(200, '加签理由最多200个字符').optional(),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Adds a signer before or after me on my task',
    fromSpec: false,
  }),
  taskOptions: defineCall({
    method: 'POST',
    path: bpm('task/options'),
    requestKind: 'json',
    request: ZTaskRef,
    data: z.object({
      /** Form fields my node lets me change when passing (erp:editableFields); empty on a task delegated to me. */
      editableFields: z.array(z.string()),
      /** The task was delegated to me by this person: passing hands it back; nothing else is allowed. */
      delegatedBy: ZGroupUser.nullable(),
      /** Signers I added on this node who have not acted yet: the ones I may remove (减签). */
      removableSigners: z.array(ZGroupUser),
    }),
    permission: 'login',
    summary: 'What the approval dialog may offer on my task: editable fields, whether it was delegated to me, signers I may remove',
    fromSpec: false,
  }),
  delegateTask: defineCall({
    method: 'POST',
    path: bpm('task/delegate'),
    requestKind: 'json',
    request: ZTaskRef.extend({
      userCode: z.string({ error: '请选择委派对象' }).trim().min(1, '请选择委派对象').max(64),
      message: z.string().trim().max(200, '委派说明最多200个字符').optional(),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Delegates my task (委派): the delegate acts on it, then it returns to me to pass or reject',
    fromSpec: false,
  }),
  removeSigner: defineCall({
    method: 'POST',
    path: bpm('task/removeSigner'),
    requestKind: 'json',
    request: ZTaskRef.extend({
      userCode: z.string({ error: '请选择要减签的人' }).trim().min(1, '请选择要减签的人').max(64),
      message: z.string().trim().max(200, '减签理由最多200个字符').optional(),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Removes a signer I added on this node (减签) before they acted; taskId is my task on the node',
    fromSpec: false,
  }),
  adminInstancePage: defineCall({
    method: 'POST',
    path: bpm('instance/page'),
    requestKind: 'json',
    request: ZTaskListRequest.extend({ status: ZInstanceStatus.optional() }),
    data: pageOf(ZAdminInstanceItem),
    permission: BPM_PERM.instanceAdmin,
    summary: "Every instance (default: running and returned), newest first, with its open tasks' holders: the administrator's list for terminate and reassign",
    fromSpec: false,
  }),
  terminateProcess: defineCall({
    method: 'POST',
    path: bpm('instance/terminate'),
    requestKind: 'json',
    request: ZInstanceRef.extend({ reason: z.string({ error: '请输入终止原因' }).trim().min(1, '请输入终止原因').max(200, '终止原因最多200个字符') }),
    data: z.null(),
    permission: BPM_PERM.instanceAdmin,
    write: true,
    summary: 'An administrator ends any running instance (audited, with a reason)',
    fromSpec: false,
  }),
  reassignTask: defineCall({
    method: 'POST',
    path: bpm('instance/reassign'),
    requestKind: 'json',
    request: ZTaskRef.extend({
      userCode: z.string({ error: '请选择改派对象' }).trim().min(1, '请选择改派对象').max(64),
      reason: z.string({ error: '请输入改派原因' }).trim().min(1, '请输入改派原因').max(200, '改派原因最多200个字符'),
    }),
    data: z.null(),
    permission: BPM_PERM.instanceAdmin,
    write: true,
    summary: 'An administrator gives an open task of any running instance to someone else (audited, with a reason)',
    fromSpec: false,
  }),
  revokeProcess: defineCall({
    method: 'POST',
    path: bpm('instance/revoke'),
    requestKind: 'json',
    request: ZInstanceRef.extend({ message: ZSignMessage.optional() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'The initiator takes the request back (while no approver acted, unless the definition allows more)',
    fromSpec: false,
  }),
  urgeProcess: defineCall({
    method: 'POST',
    path: bpm('instance/urge'),
    requestKind: 'json',
    request: ZInstanceRef.extend({ message: ZSignMessage.optional() }),
    data: z.object({ notified: z.number().int() }),
    permission: 'login',
    write: true,
    summary: 'Reminds the current approvers (at most once per 10 minutes)',
    fromSpec: false,
  }),
  candidateUsers: defineCall({
    method: 'POST',
    path: bpm('candidateUsers'),
    requestKind: 'json',
    request: z.object({ keyword: z.string().max(64).optional() }),
    data: z.array(ZEmployeeOption),
    permission: 'login',
    summary: 'People to transfer to or add as signer, searchable by name, code or pinyin initials; never myself',
    fromSpec: false,
  }),
  requestDetail: defineCall({
    method: 'POST',
    path: bpm('requestDetail'),
    requestKind: 'json',
    request: z.object({ instanceId: z.number().int().positive() }),
    data: ZRequestDetail,
    permission: 'login',
    summary: 'What a general request asks (title, applicant, form values, attachments), for its participants and process administrators',
    fromSpec: false,
  }),
} as const;
