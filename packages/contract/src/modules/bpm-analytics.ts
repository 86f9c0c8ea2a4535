import { z } from 'zod';
import { isoDateTime, pageOf, ZPageRequest } from '../common';
import { defineCall } from '../define';

/**
 * Approval analytics (issue 20): per process definition, node, approver and month — instances
 * started and finished, median and p90 hours per node, tasks over the node's time limit
 * (erp:timeLimitHours, set in the designer), send-back and rejection rates, the slowest approvers;
 * drill-down to the instances. Model: docs/domain/approval-engine.md § Approval analytics.
 */

export const BPM_ANALYTICS_PERM = { view: 'bpm:analytics:view' } as const;

const month = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');

export const ZAnalyticsFilter = z
  .object({
    fromMonth: month(),
    toMonth: month(),
    processKey: z.string().trim().max(64).optional(),
  })
  .refine((f) => f.fromMonth <= f.toMonth, { message: '开始月份不能晚于结束月份', path: ['toMonth'] })
  .refine((f) => monthSpan(f.fromMonth, f.toMonth) <= 36, { message: '统计区间最长36个月', path: ['toMonth'] });

export function monthSpan(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** Hours with one decimal; null when there is nothing to measure. */
const hours = () => z.number().nullable();

export const ZAnalyticsProcess = z.object({
  processKey: z.string(),
  processName: z.string(),
  started: z.number().int(),
  finished: z.number().int(),
  passed: z.number().int(),
  rejected: z.number().int(),
  /** Median and p90 of start → end of the instances finished in the period. */
  medianHours: hours(),
  p90Hours: hours(),
  /** Approval tasks that arrived in the period. */
  tasks: z.number().int(),
  overdue: z.number().int(),
  /** Of the tasks acted on: sent back / rejected, in per cent with one decimal. */
  sendBackRate: z.number(),
  rejectRate: z.number(),
});
export type AnalyticsProcess = z.output<typeof ZAnalyticsProcess>;

export const ZAnalyticsMonth = z.object({
  month: z.string(),
  started: z.number().int(),
  finished: z.number().int(),
  tasks: z.number().int(),
  overdue: z.number().int(),
  medianHours: hours(),
});

export const ZAnalyticsOverview = z.object({
  processes: z.array(ZAnalyticsProcess),
  months: z.array(ZAnalyticsMonth),
});
export type AnalyticsOverview = z.output<typeof ZAnalyticsOverview>;

export const ZAnalyticsNode = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  /** The time limit of the newest deployed version (erp:timeLimitHours), null when none. */
  timeLimitHours: z.number().nullable(),
  tasks: z.number().int(),
  done: z.number().int(),
  open: z.number().int(),
  medianHours: hours(),
  p90Hours: hours(),
  overdue: z.number().int(),
  sendBackRate: z.number(),
  rejectRate: z.number(),
});
export type AnalyticsNode = z.output<typeof ZAnalyticsNode>;

export const ZAnalyticsApprover = z.object({
  userId: z.number().int(),
  userName: z.string(),
  tasks: z.number().int(),
  medianHours: hours(),
  p90Hours: hours(),
  overdue: z.number().int(),
  sendBacks: z.number().int(),
  rejects: z.number().int(),
});
export type AnalyticsApprover = z.output<typeof ZAnalyticsApprover>;

export const ZAnalyticsInstance = z.object({
  processInstanceId: z.number().int(),
  businessId: z.string(),
  processKey: z.string(),
  processName: z.string(),
  title: z.string(),
  initiatorName: z.string(),
  /** running | returned | passed | rejected | revoked | terminated */
  status: z.string(),
  startedAt: isoDateTime(),
  endedAt: isoDateTime().nullable(),
  /** The task behind the figure drilled into (node or approver drill-down); else the slowest task. */
  nodeName: z.string(),
  approverName: z.string(),
  taskHours: hours(),
  overdue: z.boolean(),
  outcome: z.string().nullable(),
});
export type AnalyticsInstance = z.output<typeof ZAnalyticsInstance>;

const A = (p: string) => `/bpm_api/bpm/analytics/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;

export const bpmAnalyticsCalls = {
  analyticsOverview: defineCall({
    ...json,
    path: A('overview'),
    request: ZAnalyticsFilter,
    data: ZAnalyticsOverview,
    permission: BPM_ANALYTICS_PERM.view,
    summary: 'Per process and per month: instances started and finished, durations, overdue tasks, send-back and rejection rates',
  }),
  analyticsNodes: defineCall({
    ...json,
    path: A('nodes'),
    request: ZAnalyticsFilter,
    data: z.array(ZAnalyticsNode),
    permission: BPM_ANALYTICS_PERM.view,
    summary: 'Per node of a process: tasks, median and p90 hours, overdue against the time limit, send-back and rejection rates',
  }),
  analyticsApprovers: defineCall({
    ...json,
    path: A('approvers'),
    request: ZAnalyticsFilter.safeExtend({ nodeId: z.string().trim().max(128).optional() }),
    data: z.array(ZAnalyticsApprover),
    permission: BPM_ANALYTICS_PERM.view,
    summary: 'The slowest approvers (by p90 hours) of a process or node',
  }),
  analyticsInstances: defineCall({
    ...json,
    path: A('instances'),
    request: ZPageRequest.extend({
      fromMonth: month(),
      toMonth: month(),
      processKey: z.string().trim().max(64).optional(),
      nodeId: z.string().trim().max(128).optional(),
      approverUserId: z.number().int().positive().optional(),
      /** Only the instances of this month (started for instance figures, arrived for task figures). */
      month: month().optional(),
      /** started | finished | overdue | rollback | reject: which figure was drilled into. */
      figure: z.enum(['started', 'finished', 'overdue', 'rollback', 'reject', 'tasks']).default('started'),
    }),
    data: pageOf(ZAnalyticsInstance),
    permission: BPM_ANALYTICS_PERM.view,
    summary: 'The instances behind a figure of the analytics',
  }),
};
