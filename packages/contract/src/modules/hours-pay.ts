import { z } from 'zod';
import { id, isoDate, isoDateTime, optionalText, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, pageRequest, ZImportRequest, ZImportResult } from '../resource';
import { ZMonth, ZTaskDecision, ZTaskRejection } from './finance-project';

/**
 * Work hours (职能工时), the calendar, and the man-hour summary (spec 002 §7). Durations travel as
 * hours (numbers, quarter-hour steps) and are stored in minutes; months are yyyymm. The model and
 * the pay formula: docs/domain/hours-pay.md.
 */

export const HOURS_PERM = {
  /** Project hour pages and downloads (finance, managers in their departments). */
  hourList: 'fin:hour:list',
  hourImport: 'fin:hour:import',
  calendarEdit: 'fin:calendar:edit',
} as const;

export const HOURS_PROCESS = 'FunctionHour_Process';

/** HOLIDAYKIND codes. */
export const HOLIDAY_KIND = { statutory: '001', rest: '002', workday: '003' } as const;
/** Day types of a timesheet day: working day, rest day, statutory holiday. */
export const DAY_TYPES = ['W', 'R', 'H'] as const;
export type DayType = (typeof DAY_TYPES)[number];

/** A normal working day in minutes (8 h); beyond it on a working day is overtime. */
export const NORMAL_DAY_MINUTES = 480;

export const HOURS_MSG = {
  dayTooLong: '每天工时不能超过24小时',
  dayOutsideProject: '日期不在项目周期内',
  dayOutsideMonth: '日期不在所填月份内',
  dayOutsideTeam: '日期不在本人参与项目的期间内',
  duplicateDay: '同一天不能重复填写',
  quarter: '工时以0.25小时为单位',
  notMember: '您不是该项目的成员',
  projectNotActive: '项目不在执行中，不能填报工时',
  exists: '该项目本月的工时已填报，请修改原工时单',
  notEditable: '只有草稿、已退回、已驳回或已撤回的工时单可以修改',
  notDeletable: '只有草稿、已驳回或已撤回的工时单可以删除',
  notPassed: '只有已通过的工时单可以申请修改',
  notOwner: '只能操作本人的工时单',
  empty: '请至少填写一天的工时',
  payrollClosed: '该月工资已关账，不能修改',
  unchanged: '工时与原工时单一致，无需修改',
} as const;

// ---- Pieces ----------------------------------------------------------------------------------------

/** Hours of one day: 0–24 in quarter-hour steps. */
export const ZDayHours = z.coerce
  .number({ error: '工时必须是数字' })
  .min(0, '工时不能为负数')
  .max(24, HOURS_MSG.dayTooLong)
  .refine((h) => Number.isInteger(h * 4), HOURS_MSG.quarter);

export const ZHourDayInput = z.object({ workDate: isoDate(), hours: ZDayHours, remark: optionalText(200) });
export type HourDayInput = z.input<typeof ZHourDayInput>;

export const ZHourDay = z.object({
  workDate: z.string(),
  hours: z.number(),
  dayType: z.enum(DAY_TYPES),
  remark: z.string().nullable(),
});
export type HourDay = z.output<typeof ZHourDay>;

export const ZHourSheetInput = z.object({
  projectId: id(),
  month: ZMonth,
  days: z.array(ZHourDayInput).max(31, '一个月最多31天'),
  remark: optionalText(500),
  /** Submit for approval after saving. */
  submit: z.boolean().optional(),
});
export type HourSheetInput = z.input<typeof ZHourSheetInput>;

export const ZHourSheetRecord = z.object({
  id: z.number().int(),
  sheetNo: z.string().nullable(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  month: z.number().int(),
  totalHours: z.number(),
  normalHours: z.number(),
  otWorkdayHours: z.number(),
  otRestdayHours: z.number(),
  otHolidayHours: z.number(),
  state: z.string(),
  /** STATUS legend code of the state. */
  status: z.string(),
  revision: z.number().int(),
  processInstanceId: z.number().int().nullable(),
  remark: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type HourSheetRecord = z.output<typeof ZHourSheetRecord>;

export const ZHourSheetDetail = ZHourSheetRecord.extend({
  days: z.array(ZHourDay),
  projectStart: z.string().nullable(),
  projectEnd: z.string().nullable(),
  /** My pending task on this sheet (approvers), or null. */
  taskId: z.number().int().nullable(),
  /** The owner may edit and submit it now. */
  editable: z.boolean(),
});
export type HourSheetDetail = z.output<typeof ZHourSheetDetail>;

/** An approver's row: the sheet and the task to decide. */
export const ZHourApproveRecord = ZHourSheetRecord.extend({ taskId: z.number().int(), taskCreatedAt: isoDateTime() });
export type HourApproveRecord = z.output<typeof ZHourApproveRecord>;

const hoursFields = {
  sheetNo: { label: '工时单号', labelEn: 'Sheet no.', width: 150 },
  realName: { label: '姓名', labelEn: 'Name', width: 90 },
  userCode: { label: '工号', labelEn: 'Code', width: 90 },
  projectName: { label: '项目', labelEn: 'Project', width: 200 },
  deptName: { label: '所属部门', labelEn: 'Department', width: 120 },
  month: { label: '月份', labelEn: 'Month', valueType: 'number', sortable: true, width: 80 },
  totalHours: { label: '总工时', labelEn: 'Total hours', valueType: 'number', sortable: true, width: 90 },
  normalHours: { label: '正常工时', labelEn: 'Normal', valueType: 'number', width: 90 },
  otWorkdayHours: { label: '延时加班', labelEn: 'Overtime (workday)', valueType: 'number', width: 90 },
  otRestdayHours: { label: '休息日加班', labelEn: 'Overtime (rest day)', valueType: 'number', width: 100 },
  otHolidayHours: { label: '节假日加班', labelEn: 'Overtime (holiday)', valueType: 'number', width: 100 },
  status: { label: '审批状态', labelEn: 'Approval', valueType: 'dict', dict: 'STATUS', width: 100 },
  updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', sortable: true, width: 170, hideInTable: true },
} as const;

export const hourSheetMeta = defineResourceMeta(ZHourSheetRecord, {
  name: 'finHourSheet',
  title: '职能工时',
  titleEn: 'Work hours',
  rowKey: 'id',
  fields: hoursFields,
});

export const hourApproveMeta = defineResourceMeta(ZHourApproveRecord, {
  name: 'finHourApprove',
  title: '工时审批',
  titleEn: 'Hours to approve',
  rowKey: 'id',
  fields: { ...hoursFields, taskCreatedAt: { label: '到达时间', labelEn: 'Arrived', valueType: 'datetime', width: 170 } },
});

export const ZHourFilters = {
  keyword: z.string().trim().max(64).optional(),
  projectId: id().optional().nullable(),
  month: ZMonth.optional().nullable(),
  state: z.string().max(16).optional(),
  /** The project's department and everything below it. */
  deptId: id().optional().nullable(),
};

export const ZFillableProject = z.object({
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The person's dates in the team. */
  joinDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  managerName: z.string().nullable(),
  /** The sheet of the asked month, when there is one. */
  sheetId: z.number().int().nullable(),
  state: z.string().nullable(),
  status: z.string().nullable(),
});
export type FillableProject = z.output<typeof ZFillableProject>;

export const ZOneClickFill = z.object({
  projectId: z.number().int(),
  month: z.number().int(),
  /** Every day of the month with its type and the proposed hours (0 when not to be worked). */
  days: z.array(ZHourDay.extend({ fillable: z.boolean(), holidayName: z.string().nullable() })),
  totalHours: z.number(),
  workingDays: z.number().int(),
});
export type OneClickFill = z.output<typeof ZOneClickFill>;

export const ZHourRevision = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  reason: z.string(),
  sheetNo: z.string().nullable(),
  totalHours: z.number(),
  days: z.array(z.object({ workDate: z.string(), hours: z.number(), remark: z.string().nullable() })),
  createdByName: z.string().nullable(),
  createdAt: isoDateTime(),
});

export const ZPositionInfo = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  employeeId: z.number().int().nullable(),
  employeeCode: z.string().nullable(),
  personCategory: z.string().nullable(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  clientName: z.string().nullable(),
});

export const ZHourImportRequest = ZImportRequest.extend({ projectId: id(), month: ZMonth });

export const ZHoliday = z.object({ day: z.string(), year: z.number().int(), kind: z.string(), name: z.string() });
export type Holiday = z.output<typeof ZHoliday>;
export const ZHolidayInput = z.object({
  day: isoDate(),
  kind: z.enum(['001', '002', '003'], { error: '请选择日期类型' }),
  name: z.string().trim().min(1, '请输入节日名称').max(32, '节日名称不能超过32个字符'),
});

// ---- Calls -----------------------------------------------------------------------------------------

const F = (n: string) => `/finance_api/finance/functionHourInfo/${n}`;
const H = (n: string) => `/finance_api/finance/holiday/${n}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: true } as const;
const blob = { method: 'POST', requestKind: 'json', responseKind: 'blob', data: z.null(), fromSpec: true } as const;
const own = { permission: 'login', write: true } as const;
const ZId = z.object({ id: id() });
const ZMonthProject = z.object({ projectId: id(), month: ZMonth });

export const functionHourCalls = {
  addList: defineCall({
    ...json,
    path: F('addList'),
    request: ZHourSheetInput,
    data: ZHourSheetDetail,
    ...own,
    summary: "Saves my month's hours on a project as a new sheet (draft), and submits it when asked",
  }),
  selectPage: defineCall({
    ...json,
    path: F('selectPage'),
    request: pageRequest(ZHourFilters),
    data: pageOf(ZHourSheetRecord),
    permission: 'login',
    summary: 'My own timesheets, filtered and paged',
  }),
  selectApprovePage: defineCall({
    ...json,
    path: F('selectApprovePage'),
    request: pageRequest(ZHourFilters),
    data: pageOf(ZHourApproveRecord),
    permission: 'login',
    summary: 'Timesheets waiting for my approval (my pending tasks), oldest first',
  }),
  selectProjectInfo: defineCall({
    ...json,
    path: F('selectProjectInfo'),
    request: z.object({ month: ZMonth }),
    data: z.array(ZFillableProject),
    permission: 'login',
    summary: 'Projects I can report hours on in a month (running, with me in the team), with the sheet of that month',
  }),
  getOneClickFill: defineCall({
    ...json,
    path: F('getOneClickFill'),
    request: ZMonthProject,
    data: ZOneClickFill,
    permission: 'login',
    summary: 'Proposes a month: 8 h on every working day of the calendar inside the project period and my team dates, none on approved leave',
  }),
  select: defineCall({
    ...json,
    path: F('select'),
    request: ZId,
    data: ZHourSheetDetail,
    permission: 'login',
    summary: 'A timesheet with its days: the owner, its approvers, or finance/managers in scope',
  }),
  getInfoByInstance: defineCall({
    ...json,
    path: F('getInfoByInstance'),
    request: z.object({ instanceId: id() }),
    data: ZHourSheetDetail,
    permission: 'login',
    summary: 'The timesheet of a process instance (from the to-do list), with my task',
  }),
  update: defineCall({
    ...json,
    path: F('update'),
    request: ZHourSheetInput.omit({ projectId: true, month: true }).extend({ id: id() }),
    data: ZHourSheetDetail,
    ...own,
    summary: 'Replaces the days of my draft, returned, rejected or revoked sheet; submits (or resubmits) when asked',
  }),
  pass: defineCall({ ...json, path: F('pass'), request: ZTaskDecision, data: z.null(), ...own, summary: 'Passes my task of a timesheet' }),
  reject: defineCall({ ...json, path: F('reject'), request: ZTaskRejection, data: z.null(), ...own, summary: 'Rejects a timesheet (message required)' }),
  modify: defineCall({
    ...json,
    path: F('modify'),
    request: z.object({
      id: id(),
      reason: z.string().trim().min(1, '请输入修改原因').max(500, '修改原因不能超过500个字符'),
      days: z.array(ZHourDayInput).max(31, '一个月最多31天'),
    }),
    data: ZHourSheetDetail,
    ...own,
    summary: 'Changes my approved sheet: keeps the approved days as a revision and submits the new ones for approval again',
  }),
  getHourModify: defineCall({
    method: 'GET',
    path: F('getHourModify'),
    requestKind: 'query',
    request: ZId,
    data: z.array(ZHourRevision),
    permission: 'login',
    fromSpec: true,
    summary: 'The modification history of a timesheet (the approved days before each change)',
  }),
  delete: defineCall({ ...json, path: F('delete'), request: ZId, data: z.null(), ...own, summary: 'Deletes my draft, rejected or revoked sheet' }),
  selectProjectHourPage: defineCall({
    ...json,
    path: F('selectProjectHourPage'),
    request: pageRequest(ZHourFilters),
    data: pageOf(ZHourSheetRecord),
    permission: HOURS_PERM.hourList,
    summary: "Timesheets of the projects in my data scope (the project's department)",
  }),
  hourDownload: defineCall({
    ...blob,
    path: F('hourDownload'),
    request: exportRequest(ZHourFilters),
    permission: HOURS_PERM.hourList,
    summary: 'The filtered project timesheets as xlsx',
  }),
  selectApproveDownload: defineCall({
    ...blob,
    path: F('selectApproveDownload'),
    request: exportRequest(ZHourFilters),
    permission: 'login',
    summary: 'The timesheets waiting for my approval as xlsx',
  }),
  rollback: defineCall({
    ...json,
    path: F('rollback'),
    request: ZTaskRejection,
    data: z.null(),
    ...own,
    summary: 'Sends a timesheet back to its owner (returned; the owner corrects and resubmits it)',
  }),
  getPositionInfo: defineCall({
    method: 'GET',
    path: F('getPositionInfo'),
    requestKind: 'query',
    request: z.object({}),
    data: ZPositionInfo,
    permission: 'login',
    fromSpec: true,
    summary: 'Who I am for the timesheet header: employee code, category, department, position, client',
  }),
  downloadWorkHourTemplate: defineCall({
    method: 'GET',
    path: F('downloadWorkHourTemplate'),
    requestKind: 'query',
    responseKind: 'blob',
    request: z.object({}),
    data: z.null(),
    permission: HOURS_PERM.hourImport,
    fromSpec: true,
    summary: 'The xlsx template of a project hour import (工号, 日期, 工时, 备注)',
  }),
  importProjectWorkHour: defineCall({
    method: 'POST',
    path: F('importProjectWorkHour'),
    requestKind: 'multipart',
    request: ZHourImportRequest,
    data: ZImportResult,
    permission: HOURS_PERM.hourImport,
    write: true,
    fromSpec: true,
    summary:
      'Imports a month of hours of a project (query projectId, month, confirm): per-row errors; with confirm, one draft sheet per person written in one transaction',
  }),
  // ---- The calendar the administrator maintains (our own paths) ----
  holidayList: defineCall({
    ...json,
    fromSpec: false,
    path: H('list'),
    request: z.object({ year: z.coerce.number().int().min(2000, '年份不正确').max(2100, '年份不正确') }),
    data: z.array(ZHoliday),
    permission: 'login',
    summary: 'The holidays and adjusted working days of a year',
  }),
  holidaySave: defineCall({
    ...json,
    fromSpec: false,
    path: H('save'),
    request: ZHolidayInput,
    data: ZHoliday,
    permission: HOURS_PERM.calendarEdit,
    write: true,
    summary: 'Adds or changes one day of the calendar',
  }),
  holidayDelete: defineCall({
    ...json,
    fromSpec: false,
    path: H('delete'),
    request: z.object({ day: isoDate() }),
    data: z.null(),
    permission: HOURS_PERM.calendarEdit,
    write: true,
    summary: 'Removes a day from the calendar (it is what its weekday says again)',
  }),
} as const;

// ---- Man-hours (工时汇总) ----------------------------------------------------------------------------

export const MANHOUR_PERM = { list: 'fin:manhour:list', edit: 'fin:manhour:edit' } as const;

export const ZManHourRecord = z.object({
  id: z.number().int(),
  month: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string(),
  clientName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  normalHours: z.number(),
  otWorkdayHours: z.number(),
  otRestdayHours: z.number(),
  otHolidayHours: z.number(),
  leaveHours: z.number(),
  /** SETTLEMETHOD. */
  settlementMethod: z.string(),
  /** Fen. */
  billAmount: z.number().int(),
  remark: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type ManHourRecord = z.output<typeof ZManHourRecord>;

export const manHourMeta = defineResourceMeta(ZManHourRecord, {
  name: 'finManHour',
  title: '工时汇总',
  titleEn: 'Man-hours',
  rowKey: 'id',
  fields: {
    month: { label: '月份', labelEn: 'Month', valueType: 'number', sortable: true, width: 80 },
    userCode: { label: '工号', labelEn: 'Code', width: 90 },
    realName: { label: '姓名', labelEn: 'Name', width: 90 },
    projectNo: { label: '项目编号', labelEn: 'Project no.', width: 150 },
    projectName: { label: '项目', labelEn: 'Project', width: 200 },
    clientName: { label: '驻场单位', labelEn: 'Client', width: 180 },
    deptName: { label: '所属部门', labelEn: 'Department', width: 120 },
    normalHours: { label: '正常工时', labelEn: 'Normal', valueType: 'number', sortable: true, width: 90 },
    otWorkdayHours: { label: '延时加班', labelEn: 'Overtime (workday)', valueType: 'number', width: 90 },
    otRestdayHours: { label: '休息日加班', labelEn: 'Overtime (rest day)', valueType: 'number', width: 100 },
    otHolidayHours: { label: '节假日加班', labelEn: 'Overtime (holiday)', valueType: 'number', width: 100 },
    leaveHours: { label: '请假工时', labelEn: 'Leave', valueType: 'number', width: 90 },
    settlementMethod: { label: '结算方式', labelEn: 'Settlement', valueType: 'dict', dict: 'SETTLEMETHOD', filter: 'eq', width: 110 },
    billAmount: { label: '结算金额', labelEn: 'Bill amount', valueType: 'money', sortable: true, width: 130 },
    remark: { label: '备注', labelEn: 'Remark', width: 160, hideInTable: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', width: 170, hideInTable: true },
  },
});

export const ZManHourFilters = {
  keyword: z.string().trim().max(64).optional(),
  month: ZMonth.optional().nullable(),
  projectId: id().optional().nullable(),
  clientOrgId: id().optional().nullable(),
  deptId: id().optional().nullable(),
  settlementMethod: z.string().max(8).optional(),
};

/** A correction of one man-hour row by finance (hours come from approved sheets or the upload). */
export const ZManHourUpdate = z.object({
  id: id(),
  settlementMethod: z.enum(['001', '002', '003'], { error: '请选择结算方式' }).optional(),
  /** Fen. */
  billAmount: z.coerce.number({ error: '金额必须是数字' }).int('金额以分为单位，必须是整数').min(0, '金额不能为负数').max(1e11, '金额过大').optional(),
  remark: optionalText(200),
});
export const ZNamedOption = z.object({ id: z.number().int(), name: z.string() });

const M = (n: string) => `/finance_api/finance/manHour/${n}`;

export const manHourCalls = {
  getOrgNameList: defineCall({
    ...json,
    path: M('getOrgNameList'),
    request: z.object({ keyword: z.string().trim().max(64).optional() }),
    data: z.array(ZNamedOption),
    permission: MANHOUR_PERM.list,
    summary: 'Departments that have man-hours in my data scope (filter options)',
  }),
  getSettlementMethodList: defineCall({
    method: 'GET',
    path: M('getSettlementMethodList'),
    requestKind: 'query',
    request: z.object({}),
    data: z.array(z.object({ code: z.string(), name: z.string() })),
    permission: 'login',
    fromSpec: true,
    summary: 'The settlement methods (SETTLEMETHOD)',
  }),
  getStationOrgName: defineCall({
    ...json,
    path: M('getStationOrgName'),
    request: z.object({ keyword: z.string().trim().max(64).optional() }),
    data: z.array(ZNamedOption),
    permission: MANHOUR_PERM.list,
    summary: 'Client companies people are stationed with (驻场单位), for filters',
  }),
  getManHourPageList: defineCall({
    ...json,
    path: M('getManHourPageList'),
    request: pageRequest(ZManHourFilters),
    data: pageOf(ZManHourRecord),
    permission: MANHOUR_PERM.list,
    summary: 'Approved hours per month, person and project in my data scope',
  }),
  getUpdateData: defineCall({
    ...json,
    path: M('getUpdateData'),
    request: ZId,
    data: ZManHourRecord,
    permission: MANHOUR_PERM.edit,
    summary: 'One man-hour row to correct',
  }),
  listUpdate: defineCall({
    method: 'PUT',
    path: M('listUpdate'),
    requestKind: 'json',
    request: z.object({ rows: z.array(ZManHourUpdate).min(1, '请选择要修改的记录').max(500, '一次最多修改500条') }),
    data: z.object({ updated: z.number().int() }),
    permission: MANHOUR_PERM.edit,
    write: true,
    fromSpec: true,
    summary: 'Corrects settlement method, bill amount and remark of several rows at once (all or nothing; closed payroll months refused)',
  }),
  manHourDownload: defineCall({
    ...blob,
    path: M('manHourDownload'),
    request: exportRequest(ZManHourFilters),
    permission: MANHOUR_PERM.list,
    summary: 'The filtered man-hours as xlsx',
  }),
  manHourUpload: defineCall({
    method: 'POST',
    path: M('manHourUpload'),
    requestKind: 'multipart',
    request: ZImportRequest,
    data: ZImportResult,
    permission: MANHOUR_PERM.edit,
    write: true,
    fromSpec: true,
    summary: 'Uploads client-confirmed hours per person, project and month (replacing the row); nothing written while a row is wrong',
  }),
  templateDownload: defineCall({
    ...blob,
    path: M('templateDownload'),
    request: z.object({}),
    permission: MANHOUR_PERM.edit,
    summary: 'The xlsx template of the man-hour upload',
  }),
} as const;

// ---- Post standards (岗位标准) -------------------------------------------------------------------

export const POST_PERM = { list: 'fin:post:list', edit: 'fin:post:edit' } as const;

export const ZPostStandardRecord = z.object({
  id: z.number().int(),
  postName: z.string(),
  /** REGIONCATEGORY. */
  regionCategory: z.string(),
  /** RANKLEVEL. */
  rankLevel: z.string(),
  /** Fen a month. */
  monthlySalary: z.number().int(),
  allowance: z.number().int(),
  /** Fen per approved hour billed to the client. */
  hourlyBillRate: z.number().int(),
  remark: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type PostStandardRecord = z.output<typeof ZPostStandardRecord>;

export const postStandardMeta = defineResourceMeta(ZPostStandardRecord, {
  name: 'finPostStandard',
  title: '岗位标准',
  titleEn: 'Post standards',
  rowKey: 'id',
  fields: {
    postName: { label: '岗位', labelEn: 'Post', filter: 'like', sortable: true, width: 140 },
    regionCategory: { label: '地区类别', labelEn: 'Region', valueType: 'dict', dict: 'REGIONCATEGORY', filter: 'eq', width: 200 },
    rankLevel: { label: '职级', labelEn: 'Rank', valueType: 'dict', dict: 'RANKLEVEL', filter: 'eq', width: 90 },
    monthlySalary: { label: '月标准工资', labelEn: 'Monthly salary', valueType: 'money', sortable: true, width: 130 },
    allowance: { label: '固定津贴', labelEn: 'Allowance', valueType: 'money', width: 110 },
    hourlyBillRate: { label: '结算单价（元/小时）', labelEn: 'Bill rate per hour', valueType: 'money', sortable: true, width: 150 },
    remark: { label: '备注', labelEn: 'Remark', width: 160 },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', width: 170, hideInTable: true },
  },
});

export const ZPostStandardFilters = {
  postName: z.string().trim().max(64).optional(),
  regionCategory: z.string().max(8).optional(),
  rankLevel: z.string().max(8).optional(),
};

const PS = (n: string) => `/finance_api/finance/PostStandard/${n}`;
const ZCodeName = z.array(z.object({ code: z.string(), name: z.string() }));

export const postStandardCalls = {
  selectPage: defineCall({
    ...json,
    fromSpec: false,
    path: PS('selectPage'),
    request: pageRequest(ZPostStandardFilters),
    data: pageOf(ZPostStandardRecord),
    permission: POST_PERM.list,
    summary: 'The post standards (rate per post, region category and rank level), filtered and paged',
  }),
  getPostListList: defineCall({
    ...json,
    fromSpec: false,
    path: PS('getPostListList'),
    request: z.object({ keyword: z.string().trim().max(64).optional() }),
    data: z.array(z.string()),
    permission: 'login',
    summary: 'The distinct post names of the standards (for selects), at most 200',
  }),
  getRegionCategoryList: defineCall({
    ...json,
    fromSpec: false,
    path: PS('getRegionCategoryList'),
    request: z.object({}),
    data: ZCodeName,
    permission: 'login',
    summary: 'Region categories (REGIONCATEGORY)',
  }),
  getRankLevelList: defineCall({
    ...json,
    fromSpec: false,
    path: PS('getRankLevelList'),
    request: z.object({}),
    data: ZCodeName,
    permission: 'login',
    summary: 'Rank levels (RANKLEVEL)',
  }),
  upload: defineCall({
    method: 'POST',
    path: PS('upload'),
    requestKind: 'multipart',
    request: ZImportRequest,
    data: ZImportResult,
    permission: POST_PERM.edit,
    write: true,
    fromSpec: false,
    summary: 'Imports post standards (a row replaces the standard of its post, region and rank); nothing written while a row is wrong',
  }),
  template: defineCall({
    ...blob,
    fromSpec: false,
    path: PS('template'),
    request: z.object({}),
    permission: POST_PERM.edit,
    summary: 'The xlsx template of the post standard import',
  }),
} as const;

// ---- Leave (请假) ----------------------------------------------------------------------------------

export const LEAVE_PERM = { list: 'fin:leave:list', import: 'fin:leave:import' } as const;

export const ZLeaveRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  /** LEAVETYPE. */
  leaveType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  hours: z.number(),
  source: z.string(),
  remark: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type LeaveRecord = z.output<typeof ZLeaveRecord>;

export const leaveMeta = defineResourceMeta(ZLeaveRecord, {
  name: 'finLeave',
  title: '请假明细',
  titleEn: 'Leave records',
  rowKey: 'id',
  fields: {
    userCode: { label: '工号', labelEn: 'Code', width: 90 },
    realName: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 120 },
    leaveType: { label: '请假类型', labelEn: 'Type', valueType: 'dict', dict: 'LEAVETYPE', filter: 'eq', width: 100 },
    startDate: { label: '开始日期', labelEn: 'From', valueType: 'date', sortable: true, width: 110 },
    endDate: { label: '结束日期', labelEn: 'To', valueType: 'date', width: 110 },
    hours: { label: '请假小时', labelEn: 'Hours', valueType: 'number', width: 90 },
    remark: { label: '备注', labelEn: 'Remark', width: 160 },
    createdAt: { label: '导入时间', labelEn: 'Imported', valueType: 'datetime', width: 170, hideInTable: true },
  },
});

export const ZLeaveFilters = {
  keyword: z.string().trim().max(64).optional(),
  leaveType: z.string().max(8).optional(),
  /** Leaves touching this month. */
  month: ZMonth.optional().nullable(),
};

/** One person's leave in a month, by type (hours). */
export const ZLeaveSummary = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  month: z.number().int(),
  records: z.number().int(),
  totalHours: z.number(),
  paidHours: z.number(),
  personalHours: z.number(),
  sickHours: z.number(),
});

export const ZLeaveCheck = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  workDate: z.string(),
  /** Hours reported that day (leave conflicts) or 0 (missing reports). */
  hours: z.number(),
  leaveType: z.string().nullable(),
});

const L = (n: string) => `/finance_api/finance/functionLeaveInfo/${n}`;
const ZMonthOnly = z.object({ month: ZMonth, keyword: z.string().trim().max(64).optional() });

export const leaveCalls = {
  downloadTemplate: defineCall({
    ...blob,
    fromSpec: false,
    path: L('downloadTemplate'),
    request: z.object({}),
    permission: LEAVE_PERM.import,
    summary: 'The xlsx template of the leave import',
  }),
  selectDetailPage: defineCall({
    ...json,
    fromSpec: false,
    path: L('selectDetailPage'),
    request: pageRequest(ZLeaveFilters),
    data: pageOf(ZLeaveRecord),
    permission: LEAVE_PERM.list,
    summary: 'Leave records of the people in my data scope',
  }),
  detailDownload: defineCall({
    ...blob,
    fromSpec: false,
    path: L('detailDownload'),
    request: exportRequest(ZLeaveFilters),
    permission: LEAVE_PERM.list,
    summary: 'The filtered leave records as xlsx',
  }),
  selectPage: defineCall({
    ...json,
    fromSpec: false,
    path: L('selectPage'),
    request: pageRequest({ month: ZMonth, keyword: z.string().trim().max(64).optional() }),
    data: pageOf(ZLeaveSummary),
    permission: LEAVE_PERM.list,
    summary: "Each person's leave hours of a month by kind (paid, personal, sick)",
  }),
  download: defineCall({
    ...blob,
    fromSpec: false,
    path: L('download'),
    request: ZMonthOnly,
    permission: LEAVE_PERM.list,
    summary: 'The monthly leave summary as xlsx',
  }),
  checkLeaveData: defineCall({
    ...json,
    fromSpec: false,
    path: L('checkLeaveData'),
    request: ZMonthOnly,
    data: z.array(ZLeaveCheck),
    permission: LEAVE_PERM.list,
    summary: 'Days of a month with both leave and reported hours (at most 1,000)',
  }),
  checkReportingData: defineCall({
    ...json,
    fromSpec: false,
    path: L('checkReportingData'),
    request: ZMonthOnly,
    data: z.array(ZLeaveCheck),
    permission: LEAVE_PERM.list,
    summary: 'Working days of a month without hours or leave, for people with a timesheet that month (at most 1,000)',
  }),
  importFunctionLeave: defineCall({
    method: 'POST',
    path: L('importFunctionLeave'),
    requestKind: 'multipart',
    request: ZImportRequest,
    data: ZImportResult,
    permission: LEAVE_PERM.import,
    write: true,
    fromSpec: false,
    summary: 'Imports leave records; a leave overlapping another of the person (in the file or stored) is a row error; nothing written while a row is wrong',
  }),
} as const;

// ---- Function report (职能工时报表) ------------------------------------------------------------------

/** A project's month: people, approved hours by kind and the amount to bill. */
export const ZFunctionReportRow = z.object({
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string(),
  clientName: z.string().nullable(),
  month: z.number().int(),
  people: z.number().int(),
  normalHours: z.number(),
  overtimeHours: z.number(),
  leaveHours: z.number(),
  billAmount: z.number().int(),
});
const ZReportFilters = { month: ZMonth.optional().nullable(), projectId: id().optional().nullable(), keyword: z.string().trim().max(64).optional() };
const R = (n: string) => `/finance_api/finance/functionReport/${n}`;

export const functionReportCalls = {
  getInfoPage: defineCall({
    ...json,
    path: R('getInfoPage'),
    request: pageRequest(ZReportFilters),
    data: pageOf(ZFunctionReportRow),
    permission: MANHOUR_PERM.list,
    summary: 'Approved hours per project and month in my data scope, with people and bill amount',
  }),
  getInfo: defineCall({
    ...json,
    path: R('getInfo'),
    request: z.object({ projectId: id(), month: ZMonth }),
    data: z.object({ summary: ZFunctionReportRow, rows: z.array(ZManHourRecord) }),
    permission: MANHOUR_PERM.list,
    summary: "One project's month: the summary and each person's hours",
  }),
  exportInfo: defineCall({
    ...blob,
    path: R('exportInfo'),
    request: exportRequest(ZReportFilters),
    permission: MANHOUR_PERM.list,
    summary: 'The project-month report as xlsx',
  }),
  exportDetail: defineCall({
    ...blob,
    path: R('exportDetail'),
    request: z.object({ projectId: id(), month: ZMonth }),
    permission: MANHOUR_PERM.list,
    summary: "One project's month per person as xlsx",
  }),
} as const;
