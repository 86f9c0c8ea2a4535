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
