import { z } from 'zod';
import { id, pageOf } from '../common';
import { defineCall } from '../define';

/**
 * The report centre (报表中心, spec 000/001 `/statement/*`). The specification names the screens and
 * no calls, so these are ours under `/report_api/report/*`: one set of calls for every report, the
 * report named in the request. What each report counts, from which records and as of which date:
 * docs/domain/reports.md.
 */

export const REPORT_CODES = [
  'yyTotal',
  'yyInduction',
  'yyDeparture',
  'zpInduction',
  'recruiterCapacity',
  'recruitmentProgress',
  'interviewAccount',
  'candidateStatistic',
  'outsideSuppliersRecruitmentStatistic',
] as const;
export type ReportCode = (typeof REPORT_CODES)[number];

/** One permission per report: a role sees a report's card and may open it only with it. */
export const REPORT_PERM: Record<ReportCode, string> = {
  yyTotal: 'report:yyTotal',
  yyInduction: 'report:yyInduction',
  yyDeparture: 'report:yyDeparture',
  zpInduction: 'report:zpInduction',
  recruiterCapacity: 'report:recruiterCapacity',
  recruitmentProgress: 'report:recruitmentProgress',
  interviewAccount: 'report:interviewAccount',
  candidateStatistic: 'report:candidateStatistic',
  outsideSuppliersRecruitmentStatistic: 'report:outsideSuppliersRecruitmentStatistic',
};

/** Product texts of the report centre (zh-CN). */
export const REPORT_MSG = {
  noAccess: '没有权限查看该报表',
  orgOutOfScope: '无权查看该组织的数据',
  orgUnknown: '组织不存在',
  periodOrder: '结束月份不能早于开始月份',
  periodTooLong: '统计期间不能超过24个月',
  periodFuture: '结束月份不能晚于本月',
  groupUnknown: '该报表不支持此统计维度',
  measureUnknown: '该指标不能查看明细',
  categoryUnknown: '类别不存在',
} as const;

/** A month as `YYYY-MM` (a real month: 01–12). */
const isoMonth = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '不是有效的月份（YYYY-MM）');

export const ZReportFilters = z.object({
  report: z.enum(REPORT_CODES),
  /** First and last month of the period, both included (at most 24 months, not after this month). */
  from: isoMonth(),
  to: isoMonth(),
  /** An organisation unit: its whole subtree, within the user's data scope. */
  orgId: id().optional().nullable(),
  /** PERSONCATEGORY for the head-count reports, RECRUITKIND for the recruitment reports. */
  category: z.string().max(8).optional().nullable(),
  /** A dimension the report offers (`groups`); the first one when left out. */
  groupBy: z.string().max(32).optional().nullable(),
});
export type ReportFilters = z.input<typeof ZReportFilters>;

export const ZReportColumn = z.object({
  key: z.string(),
  title: z.string(),
  /** int: a count; number: an average with one decimal; percent: a rate with two decimals, in per cent. */
  kind: z.enum(['int', 'number', 'percent']),
  /** A figure of this column opens the records behind it. */
  drill: z.boolean(),
});
export type ReportColumn = z.output<typeof ZReportColumn>;

export const ZReportRow = z.object({
  key: z.string(),
  label: z.string(),
  values: z.record(z.string(), z.number().nullable()),
});
export type ReportRow = z.output<typeof ZReportRow>;

export const ZReportChart = z.object({
  kind: z.enum(['line', 'bar', 'pie']),
  title: z.string(),
  /** Column keys drawn as series (a pie draws the first). */
  measures: z.array(z.string()),
});
export type ReportChart = z.output<typeof ZReportChart>;

export const ZReportResult = z.object({
  report: z.enum(REPORT_CODES),
  title: z.string(),
  /** What the report counts, in one sentence, shown under the title. */
  description: z.string(),
  from: z.string(),
  to: z.string(),
  /** The date the figures are as of: the period's last day, or today while the month is running. */
  asOf: z.string(),
  groupBy: z.string(),
  groupTitle: z.string(),
  groups: z.array(z.object({ key: z.string(), title: z.string() })),
  /** The dictionary of the category filter (null: the report has none). */
  categoryDict: z.string().nullable(),
  columns: z.array(ZReportColumn),
  rows: z.array(ZReportRow),
  total: ZReportRow,
  charts: z.array(ZReportChart),
});
export type ReportResult = z.output<typeof ZReportResult>;

export const ZReportCard = z.object({
  code: z.enum(REPORT_CODES),
  title: z.string(),
  description: z.string(),
  area: z.enum(['hr', 'recruit']),
  path: z.string(),
});
export type ReportCard = z.output<typeof ZReportCard>;

/** The total row's key: a drill from it opens every record the report counted. */
export const REPORT_TOTAL_KEY = '__total__';

export const ZDrillRequest = ZReportFilters.extend({
  rowKey: z.string().max(64),
  measure: z.string().max(32),
  pageIndex: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type DrillRequest = z.input<typeof ZDrillRequest>;

export const ZDrillColumn = z.object({ key: z.string(), title: z.string() });
export const ZDrillResult = pageOf(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).extend({
  title: z.string(),
  columns: z.array(ZDrillColumn),
});
export type DrillResult = z.output<typeof ZDrillResult>;

const R = (name: string) => `/report_api/report/${name}`;
const own = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const blob = { ...own, responseKind: 'blob', data: z.null() } as const;

export const reportCalls = {
  entrance: defineCall({
    ...own,
    path: R('entrance'),
    request: z.object({}).passthrough(),
    data: z.array(ZReportCard),
    permission: 'login',
    summary: 'The reports the user may open, as cards (one permission per report)',
  }),
  query: defineCall({
    ...own,
    path: R('query'),
    request: ZReportFilters,
    data: ZReportResult,
    permission: 'login',
    summary: "One report's table, total and charts for a period, an organisation subtree in the data scope, a category and a dimension",
  }),
  export: defineCall({
    ...blob,
    path: R('export'),
    request: ZReportFilters,
    permission: 'login',
    summary: 'The report as shown (same filters, dimension, columns and total), as xlsx',
  }),
  drill: defineCall({
    ...own,
    path: R('drill'),
    request: ZDrillRequest,
    data: ZDrillResult,
    permission: 'login',
    summary: 'The records behind one figure of a report (a row and a column), a page',
  }),
  drillExport: defineCall({
    ...blob,
    path: R('drillExport'),
    request: ZDrillRequest.omit({ pageIndex: true, pageSize: true }),
    permission: 'login',
    summary: 'The records behind one figure, as xlsx (at most 20,000 rows)',
  }),
};
