import { z } from 'zod';
import { isoDateTime, pageOf, text, ZPageRequest } from '../common';
import { defineCall } from '../define';

/** Permission codes of the approval engine's administration screens (/CustomBpmn/index). */
export const BPM_PERM = {
  definitionList: 'bpm:definition:list',
  definitionEdit: 'bpm:definition:edit',
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
  /** Current node names and approvers of a running instance, for the list column. */
  currentNodes: z.string(),
});
export type TaskListItem = z.output<typeof ZTaskListItem>;

export const bpmCalls = {
  getAllUserTaskTotal: defineCall({
    method: 'POST',
    path: '/bpm_api/bpm/camunda/getAllUserTaskTotal',
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: z.object({ sum: z.number().int(), ccTotal: z.number().int() }),
    permission: 'login',
    summary: 'Counts for the header badge: my open to-dos (sum) and unfinished cc items (ccTotal)',
    fromSpec: true,
  }),
  getUserTaskSort: defineCall({
    method: 'POST',
    path: '/bpm_api/bpm/camunda/getUserTaskSort',
    requestKind: 'json',
    request: ZTaskListRequest,
    data: pageOf(ZTaskListItem),
    permission: 'login',
    summary: 'My to-dos (open tasks assigned to me or my group), newest first, paged and filtered',
    fromSpec: true,
  }),
} as const;

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
    { name: 'UserTaskRules', extends: ['bpmn:UserTask'], properties: [...ruleAttrs('assignee'), attr('mode'), ...ruleAttrs('cc')] },
    { name: 'ProcessRules', extends: ['bpmn:Process'], properties: [attr('fallbackUser'), attr('revocable'), attr('category'), ...ruleAttrs('cc')] },
  ],
} as const;

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
