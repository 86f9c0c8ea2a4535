import { z } from 'zod';
import { id, isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, pageRequest, ZImportRequest, ZImportResult } from '../resource';
import { ZMonth } from './finance-project';

/**
 * Payroll (工资核算): payroll months computed from the post standards, approved hours, leave, the
 * cities' contribution rates and the special additional deductions; payslips with the trace of
 * every figure; the employee's own payslips. Money is integer fen, rates basis points, months
 * yyyymm. The model and the formula: docs/domain/hours-pay.md.
 */

export const SALARY_PERM = {
  /** Payroll months, previews, merges, team members, rates (finance, HR). */
  list: 'salary:payroll:list',
  /** Compute, close, edit rates, special deductions and pay-accession data (finance). */
  edit: 'salary:payroll:edit',
} as const;

export const SALARY_MSG = {
  closed: '该月工资已关账，不能修改',
  notComputed: '该月工资尚未核算，不能关账',
  alreadyClosed: '该月工资已关账',
  closeOwn: '不能关账本人核算的工资月份，请由其他财务人员复核后关账',
  runExists: '该月工资表已存在',
  runMissing: '该月工资表不存在',
  future: '不能核算未来月份的工资',
  earlierOpen: '请先关账之前月份的工资',
  laterClosed: '之后月份的工资已关账，不能重新核算本月',
  wrongPassword: '密码不正确',
  otherPayslip: '只能查看本人的工资条',
  slipMissing: '工资条不存在',
  rateExists: '该城市该年度的费率已存在',
  toBeforeFrom: '结束月份不能早于开始月份',
  baseRange: '缴费基数下限不能高于上限',
} as const;

/** One line of a payslip's computation: what it is, its amount in fen (deductions negative), how it was computed. */
export const ZPayLine = z.object({ code: z.string(), label: z.string(), amount: z.number().int(), formula: z.string() });
export type PayLineRecord = z.output<typeof ZPayLine>;

// ---- Payroll months --------------------------------------------------------------------------------

export const ZPayRunRecord = z.object({
  id: z.number().int(),
  month: z.number().int(),
  /** open · closed. */
  state: z.string(),
  employeeCount: z.number().int(),
  grossTotal: z.number().int(),
  contributionTotal: z.number().int(),
  /** Σ employer social insurance + housing fund (单位缴纳): the company's cost, not withheld. */
  employerContributionTotal: z.number().int(),
  taxTotal: z.number().int(),
  netTotal: z.number().int(),
  computedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
});
export type PayRunRecord = z.output<typeof ZPayRunRecord>;

export const payRunMeta = defineResourceMeta(ZPayRunRecord, {
  name: 'payRun',
  title: '工资表',
  titleEn: 'Payroll months',
  rowKey: 'id',
  fields: {
    month: { label: '月份', labelEn: 'Month', valueType: 'number', sortable: true, width: 90 },
    state: { label: '状态', labelEn: 'State', valueType: 'dict', dict: 'PAYRUNSTATE', filter: 'eq', width: 90 },
    employeeCount: { label: '人数', labelEn: 'People', valueType: 'number', width: 80 },
    grossTotal: { label: '应发合计', labelEn: 'Gross', valueType: 'money', width: 140 },
    contributionTotal: { label: '社保公积金合计', labelEn: 'Contributions', valueType: 'money', width: 140 },
    employerContributionTotal: { label: '单位社保公积金合计', labelEn: 'Employer contributions', valueType: 'money', width: 150 },
    taxTotal: { label: '个税合计', labelEn: 'Tax', valueType: 'money', width: 120 },
    netTotal: { label: '实发合计', labelEn: 'Net', valueType: 'money', width: 140 },
    computedAt: { label: '核算时间', labelEn: 'Computed', valueType: 'datetime', width: 170 },
    closedAt: { label: '关账时间', labelEn: 'Closed', valueType: 'datetime', width: 170 },
    closedByName: { label: '关账人', labelEn: 'Closed by', width: 90 },
  },
});

export const ZPaySlipRecord = z.object({
  id: z.number().int(),
  month: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  basePay: z.number().int(),
  allowance: z.number().int(),
  overtimePay: z.number().int(),
  leaveDeduction: z.number().int(),
  otherIncome: z.number().int(),
  gross: z.number().int(),
  socialInsurance: z.number().int(),
  housingFund: z.number().int(),
  /** The employer's part (单位缴纳), on top of gross; not taken from net. */
  employerSocialInsurance: z.number().int(),
  employerHousingFund: z.number().int(),
  specialDeduction: z.number().int(),
  tax: z.number().int(),
  otherDeductions: z.number().int(),
  net: z.number().int(),
  /** The month's payroll state (open · closed). */
  runState: z.string(),
});
export type PaySlipRecord = z.output<typeof ZPaySlipRecord>;

export const ZPaySlipDetail = ZPaySlipRecord.extend({
  /** The n-th month of the tax year paid by us. */
  taxMonth: z.number().int(),
  cumIncome: z.number().int(),
  cumDeductions: z.number().int(),
  cumTaxable: z.number().int(),
  cumTax: z.number().int(),
  lines: z.array(ZPayLine),
});
export type PaySlipDetail = z.output<typeof ZPaySlipDetail>;

const money = (label: string, labelEn: string, width = 110) => ({ label, labelEn, valueType: 'money' as const, width });
export const paySlipMeta = defineResourceMeta(ZPaySlipRecord, {
  name: 'paySlip',
  title: '工资明细',
  titleEn: 'Payslips',
  rowKey: 'id',
  fields: {
    month: { label: '月份', labelEn: 'Month', valueType: 'number', width: 80 },
    userCode: { label: '工号', labelEn: 'Code', width: 90 },
    realName: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 120 },
    basePay: money('岗位工资', 'Base'),
    allowance: money('津贴', 'Allowance', 90),
    overtimePay: money('加班工资', 'Overtime'),
    leaveDeduction: money('缺勤扣款', 'Absence', 100),
    otherIncome: money('其他收入', 'Other income', 100),
    gross: { ...money('应发工资', 'Gross', 120), sortable: true },
    socialInsurance: money('社保（个人）', 'Social insurance'),
    housingFund: money('公积金（个人）', 'Housing fund'),
    specialDeduction: { ...money('专项附加扣除', 'Special deductions'), hideInTable: true },
    tax: { ...money('个人所得税', 'Income tax'), sortable: true },
    otherDeductions: money('其他扣款', 'Other deductions', 100),
    net: { ...money('实发工资', 'Net', 120), sortable: true },
    employerSocialInsurance: money('社保（单位）', 'Employer SI'),
    employerHousingFund: money('公积金（单位）', 'Employer HF'),
    runState: { label: '状态', labelEn: 'State', valueType: 'dict', dict: 'PAYRUNSTATE', width: 80, hideInTable: true },
  },
});

export const ZPaySlipFilters = {
  month: ZMonth,
  keyword: z.string().trim().max(64).optional(),
  /** A department and everything below it. */
  orgId: id().optional().nullable(),
};

/** Totals of a month per department, client or city (薪资合并). */
export const ZPayMergeRow = z.object({
  key: z.string(),
  name: z.string(),
  people: z.number().int(),
  gross: z.number().int(),
  socialInsurance: z.number().int(),
  housingFund: z.number().int(),
  tax: z.number().int(),
  otherDeductions: z.number().int(),
  net: z.number().int(),
  employerSocialInsurance: z.number().int(),
  employerHousingFund: z.number().int(),
});
export type PayMergeRow = z.output<typeof ZPayMergeRow>;
export const ZPayMergeRequest = z.object({ month: ZMonth, groupBy: z.enum(['org', 'client', 'city'], { error: '请选择合并方式' }).default('org') });

/** A payroll roster row (团队成员): the pay parameters of an employee paid in a month. */
export const ZPayMemberRecord = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  personCategory: z.string().nullable(),
  postStandard: z.string().nullable(),
  monthlySalary: z.number().int(),
  socialCity: z.string().nullable(),
  socialBase: z.number().int().nullable(),
  fundCity: z.string().nullable(),
  fundBase: z.number().int().nullable(),
  specialMonthly: z.number().int(),
  entryDate: z.string().nullable(),
});
export type PayMemberRecord = z.output<typeof ZPayMemberRecord>;

export const payMemberMeta = defineResourceMeta(ZPayMemberRecord, {
  name: 'payMember',
  title: '团队成员',
  titleEn: 'Team members',
  rowKey: 'userId',
  fields: {
    userCode: { label: '工号', labelEn: 'Code', width: 90 },
    realName: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 130 },
    positionName: { label: '岗位', labelEn: 'Post', width: 110 },
    personCategory: { label: '人员类别', labelEn: 'Category', valueType: 'dict', dict: 'PERSONCATEGORY', width: 100, hideInTable: true },
    postStandard: { label: '岗位标准', labelEn: 'Post standard', width: 170 },
    monthlySalary: money('月标准工资', 'Monthly salary', 120),
    socialCity: { label: '社保城市', labelEn: 'SI city', width: 90 },
    socialBase: money('社保基数', 'SI base'),
    fundCity: { label: '公积金城市', labelEn: 'HF city', width: 100, hideInTable: true },
    fundBase: { ...money('公积金基数', 'HF base'), hideInTable: true },
    specialMonthly: money('专项附加扣除/月', 'Special deductions a month', 130),
    entryDate: { label: '入职日期', labelEn: 'Entry', valueType: 'date', width: 110, hideInTable: true },
  },
});

// ---- City rates and special deductions -----------------------------------------------------------

const bp = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}以万分之一为单位，必须是整数`)
    .min(0, `${label}不能为负数`)
    .max(3000, `${label}不能超过30%`);
const fen = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}以分为单位，必须是整数`)
    .min(0, `${label}不能为负数`)
    .max(1e10, `${label}过大`);

/** A housing-fund rate: 5 %–12 % (住房公积金管理条例 and the cities' rules), the same bounds for the employer. */
const housingBp = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}以万分之一为单位，必须是整数`)
    .min(500, `${label}为5%至12%`)
    .max(1200, `${label}为5%至12%`);

export const ZCityRateRecord = z.object({
  id: z.number().int(),
  city: z.string(),
  year: z.number().int(),
  pensionBp: z.number().int(),
  medicalBp: z.number().int(),
  medicalFixed: z.number().int(),
  unemploymentBp: z.number().int(),
  housingBp: z.number().int(),
  employerPensionBp: z.number().int(),
  employerMedicalBp: z.number().int(),
  employerUnemploymentBp: z.number().int(),
  employerInjuryBp: z.number().int(),
  employerMaternityBp: z.number().int(),
  employerHousingBp: z.number().int(),
  siBaseMin: z.number().int(),
  siBaseMax: z.number().int(),
  hfBaseMin: z.number().int(),
  hfBaseMax: z.number().int(),
  updatedAt: isoDateTime(),
});
export type CityRateRecord = z.output<typeof ZCityRateRecord>;

export const ZCityRateInput = z
  .object({
    id: id().optional().nullable(),
    city: z.string().trim().min(1, '请输入城市').max(32, '城市不能超过32个字符'),
    year: z.coerce.number({ error: '年度不正确' }).int('年度不正确').min(2000, '年度不正确').max(2100, '年度不正确'),
    pensionBp: bp('养老保险比例'),
    medicalBp: bp('医疗保险比例'),
    medicalFixed: fen('大病医疗固定金额').default(0),
    unemploymentBp: bp('失业保险比例'),
    housingBp: housingBp('公积金比例'),
    /**
     * The employer's rates. Left out of a change, they keep their stored values; left out of a new
     * row, the social insurance items are 0 and the housing fund is the employee's rate.
     */
    employerPensionBp: bp('单位养老保险比例').optional().nullable(),
    employerMedicalBp: bp('单位医疗保险比例').optional().nullable(),
    employerUnemploymentBp: bp('单位失业保险比例').optional().nullable(),
    employerInjuryBp: bp('单位工伤保险比例').optional().nullable(),
    employerMaternityBp: bp('单位生育保险比例').optional().nullable(),
    employerHousingBp: housingBp('单位公积金比例').optional().nullable(),
    siBaseMin: fen('社保基数下限'),
    siBaseMax: fen('社保基数上限'),
    hfBaseMin: fen('公积金基数下限'),
    hfBaseMax: fen('公积金基数上限'),
  })
  .refine((v) => v.siBaseMin <= v.siBaseMax && v.hfBaseMin <= v.hfBaseMax, { message: SALARY_MSG.baseRange, path: ['siBaseMin'] });
export type CityRateInput = z.input<typeof ZCityRateInput>;

const pct = (label: string, labelEn: string) => ({ label, labelEn, valueType: 'number' as const, width: 90 });
export const cityRateMeta = defineResourceMeta(ZCityRateRecord, {
  name: 'payCityRate',
  title: '城市社保公积金费率',
  titleEn: 'City contribution rates',
  rowKey: 'id',
  fields: {
    city: { label: '城市', labelEn: 'City', filter: 'like', width: 90 },
    year: { label: '年度', labelEn: 'Year', valueType: 'number', filter: 'eq', sortable: true, width: 80 },
    pensionBp: pct('养老（个人）', 'Pension'),
    medicalBp: pct('医疗（个人）', 'Medical'),
    medicalFixed: money('大病医疗（元/月）', 'Serious illness', 130),
    unemploymentBp: pct('失业（个人）', 'Unemployment'),
    housingBp: pct('公积金（个人）', 'Housing fund'),
    employerPensionBp: pct('养老（单位）', 'Employer pension'),
    employerMedicalBp: pct('医疗（单位）', 'Employer medical'),
    employerUnemploymentBp: pct('失业（单位）', 'Employer unemployment'),
    employerInjuryBp: pct('工伤（单位）', 'Employer injury'),
    employerMaternityBp: pct('生育（单位）', 'Employer maternity'),
    employerHousingBp: pct('公积金（单位）', 'Employer housing fund'),
    siBaseMin: money('社保基数下限', 'SI base min', 120),
    siBaseMax: money('社保基数上限', 'SI base max', 120),
    hfBaseMin: money('公积金基数下限', 'HF base min', 120),
    hfBaseMax: money('公积金基数上限', 'HF base max', 120),
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', width: 170, hideInTable: true },
  },
});

export const ZSpecialDeductionRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  /** SPECIALDEDUCTION. */
  kind: z.string(),
  monthlyAmount: z.number().int(),
  fromMonth: z.number().int(),
  toMonth: z.number().int().nullable(),
  updatedAt: isoDateTime(),
});
export type SpecialDeductionRecord = z.output<typeof ZSpecialDeductionRecord>;

/** The monthly ceilings of 国发〔2022〕8号 / 国发〔2023〕13号, per kind (fen); children: per child, so a multiple. */
export const SPECIAL_DEDUCTION_MAX: Record<string, number> = {
  '001': 2_000_00 * 5,
  '002': 400_00,
  '003': 1_000_00,
  '004': 1_500_00,
  '005': 3_000_00,
  '006': 2_000_00 * 5,
};

export const ZSpecialDeductionInput = z
  .object({
    id: id().optional().nullable(),
    userId: id(),
    kind: z.enum(['001', '002', '003', '004', '005', '006'], { error: '请选择扣除项目' }),
    monthlyAmount: fen('每月扣除金额').refine((v) => v > 0, '每月扣除金额必须大于0'),
    fromMonth: ZMonth,
    toMonth: ZMonth.optional().nullable(),
  })
  .refine((v) => !v.toMonth || v.toMonth >= v.fromMonth, { message: SALARY_MSG.toBeforeFrom, path: ['toMonth'] })
  .refine((v) => v.monthlyAmount <= (SPECIAL_DEDUCTION_MAX[v.kind] ?? 0), { message: '每月扣除金额超过该项目的标准', path: ['monthlyAmount'] });
export type SpecialDeductionInput = z.input<typeof ZSpecialDeductionInput>;

export const specialDeductionMeta = defineResourceMeta(ZSpecialDeductionRecord, {
  name: 'paySpecialDeduction',
  title: '专项附加扣除',
  titleEn: 'Special additional deductions',
  rowKey: 'id',
  fields: {
    userCode: { label: '工号', labelEn: 'Code', width: 90 },
    realName: { label: '姓名', labelEn: 'Name', width: 90 },
    kind: { label: '扣除项目', labelEn: 'Kind', valueType: 'dict', dict: 'SPECIALDEDUCTION', filter: 'eq', width: 150 },
    monthlyAmount: money('每月金额', 'A month', 110),
    fromMonth: { label: '开始月份', labelEn: 'From', valueType: 'number', width: 90 },
    toMonth: { label: '结束月份', labelEn: 'To', valueType: 'number', width: 90 },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', width: 170, hideInTable: true },
  },
});

// ---- Pay accession (工资核算数据) ----------------------------------------------------------------------

/** One person's month as the payroll sees it: approved hours, leave and the uploaded income and deductions. */
export const ZPayAccessionRecord = z.object({
  month: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  projects: z.number().int(),
  normalHours: z.number(),
  otWorkdayHours: z.number(),
  otRestdayHours: z.number(),
  otHolidayHours: z.number(),
  leaveHours: z.number(),
  otherIncome: z.number().int(),
  otherDeduction: z.number().int(),
  remark: z.string().nullable(),
  /** The payslip's gross and net when the month has been computed. */
  gross: z.number().int().nullable(),
  net: z.number().int().nullable(),
});
export type PayAccessionRecord = z.output<typeof ZPayAccessionRecord>;

export const payAccessionMeta = defineResourceMeta(ZPayAccessionRecord, {
  name: 'payAccession',
  title: '工资核算',
  titleEn: 'Pay accession',
  rowKey: 'userId',
  fields: {
    month: { label: '月份', labelEn: 'Month', valueType: 'number', width: 80, hideInTable: true },
    userCode: { label: '工号', labelEn: 'Code', width: 90 },
    realName: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 120 },
    projects: { label: '项目数', labelEn: 'Projects', valueType: 'number', width: 70, hideInTable: true },
    normalHours: { label: '正常工时', labelEn: 'Normal', valueType: 'number', width: 90 },
    otWorkdayHours: { label: '延时加班', labelEn: 'Overtime (workday)', valueType: 'number', width: 90 },
    otRestdayHours: { label: '休息日加班', labelEn: 'Overtime (rest day)', valueType: 'number', width: 100, hideInTable: true },
    otHolidayHours: { label: '节假日加班', labelEn: 'Overtime (holiday)', valueType: 'number', width: 100, hideInTable: true },
    leaveHours: { label: '请假工时', labelEn: 'Leave', valueType: 'number', width: 90 },
    otherIncome: money('其他收入', 'Other income'),
    otherDeduction: money('其他扣款', 'Other deductions'),
    remark: { label: '备注', labelEn: 'Remark', width: 140, hideInTable: true },
    gross: money('应发工资', 'Gross', 120),
    net: money('实发工资', 'Net', 120),
  },
});

export const ZPayAccessionFilters = { month: ZMonth, keyword: z.string().trim().max(64).optional() };

// ---- Calls -----------------------------------------------------------------------------------------

const P = (n: string) => `/salary_api/salary/payroll/${n}`;
const S = (n: string) => `/salary_api/salary/salary/${n}`;
const MH = (n: string) => `/finance_api/finance/manHour/${n}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const blob = { method: 'POST', requestKind: 'json', responseKind: 'blob', data: z.null(), fromSpec: false } as const;
const ZMonthReq = z.object({ month: ZMonth });
const ZIdReq = z.object({ id: id() });
const ZPassword = z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(128, '密码过长');

export const payrollCalls = {
  runPage: defineCall({
    ...json,
    path: P('runPage'),
    request: pageRequest({ state: z.string().max(8).optional(), year: z.coerce.number().int().min(2000).max(2100).optional().nullable() }),
    data: pageOf(ZPayRunRecord),
    permission: SALARY_PERM.list,
    summary: 'The payroll months, newest first, with their totals',
  }),
  runAdd: defineCall({
    ...json,
    path: P('runAdd'),
    request: ZMonthReq,
    data: ZPayRunRecord,
    permission: SALARY_PERM.edit,
    write: true,
    summary: 'Creates the payroll month (新增工资表) and computes it',
  }),
  compute: defineCall({
    ...json,
    path: P('compute'),
    request: ZMonthReq,
    data: ZPayRunRecord,
    permission: SALARY_PERM.edit,
    write: true,
    summary: 'Computes (or recomputes) every payslip of an open month in one transaction; a closed month is refused',
  }),
  close: defineCall({
    ...json,
    path: P('close'),
    request: ZMonthReq,
    data: ZPayRunRecord,
    permission: SALARY_PERM.edit,
    write: true,
    summary:
      'Closes a computed month: afterwards nothing of the month changes and employees see their payslips; the month’s people cost is written to the project actuals (source payroll)',
  }),
  slipPage: defineCall({
    ...json,
    path: P('slipPage'),
    request: pageRequest(ZPaySlipFilters),
    data: pageOf(ZPaySlipRecord),
    permission: SALARY_PERM.list,
    summary: 'The payslips of a month in my data scope (the calculation preview)',
  }),
  slipDetail: defineCall({
    ...json,
    path: P('slipDetail'),
    request: ZIdReq,
    data: ZPaySlipDetail,
    permission: SALARY_PERM.list,
    summary: 'One payslip with every line of its computation',
  }),
  slipExport: defineCall({
    ...blob,
    path: P('slipExport'),
    request: exportRequest(ZPaySlipFilters),
    permission: SALARY_PERM.list,
    summary: 'The payslips of a month as xlsx (amounts in yuan)',
  }),
  merge: defineCall({
    ...json,
    path: P('merge'),
    request: ZPayMergeRequest,
    data: z.object({ rows: z.array(ZPayMergeRow), total: ZPayMergeRow }),
    permission: SALARY_PERM.list,
    summary: 'The totals of a month per department, client company or contribution city (薪资合并)',
  }),
  memberPage: defineCall({
    ...json,
    path: P('memberPage'),
    request: pageRequest({ month: ZMonth, keyword: z.string().trim().max(64).optional() }),
    data: pageOf(ZPayMemberRecord),
    permission: SALARY_PERM.list,
    summary: 'Employees paid in a month with their pay parameters (post standard, bases, cities, special deductions)',
  }),
  cityRatePage: defineCall({
    ...json,
    path: P('cityRatePage'),
    request: pageRequest({ city: z.string().trim().max(32).optional(), year: z.coerce.number().int().min(2000).max(2100).optional().nullable() }),
    data: pageOf(ZCityRateRecord),
    permission: SALARY_PERM.list,
    summary: 'Employee and employer contribution rates and base limits per city and year',
  }),
  cityRateSave: defineCall({
    ...json,
    path: P('cityRateSave'),
    request: ZCityRateInput,
    data: ZCityRateRecord,
    permission: SALARY_PERM.edit,
    write: true,
    summary: 'Adds (no id) or changes the rates of a city and year; closed payslips keep the figures they were computed with',
  }),
  cityRateDelete: defineCall({
    ...json,
    path: P('cityRateDelete'),
    request: ZIdReq,
    data: z.null(),
    permission: SALARY_PERM.edit,
    write: true,
    summary: 'Removes the rates of a city and year',
  }),
  specialPage: defineCall({
    ...json,
    path: P('specialPage'),
    request: pageRequest({ keyword: z.string().trim().max(64).optional(), kind: z.string().max(8).optional(), userId: id().optional().nullable() }),
    data: pageOf(ZSpecialDeductionRecord),
    permission: SALARY_PERM.list,
    summary: 'Special additional deductions (专项附加扣除) of the employees in my data scope',
  }),
  specialSave: defineCall({
    ...json,
    path: P('specialSave'),
    request: ZSpecialDeductionInput,
    data: ZSpecialDeductionRecord,
    permission: SALARY_PERM.edit,
    write: true,
    summary: 'Adds (no id) or changes a special additional deduction; it may not start in a closed month',
  }),
  specialDelete: defineCall({
    ...json,
    path: P('specialDelete'),
    request: ZIdReq,
    data: z.null(),
    permission: SALARY_PERM.edit,
    write: true,
    summary: 'Removes a special additional deduction that no closed month used',
  }),
} as const;

/** A month of my own payslips as the list shows it before the password is entered again (no amounts). */
export const ZMyPayslipMonth = z.object({ id: z.number().int(), month: z.number().int(), closedAt: z.string().nullable() });

export const salaryCalls = {
  selectByUserCode: defineCall({
    method: 'POST',
    path: S('selectByUserCode'),
    requestKind: 'multipart',
    request: z.object({
      password: ZPassword,
      /** Optional: must be my own code; anyone else's is refused. */
      userCode: z.string().trim().max(64).optional(),
      month: ZMonth.optional(),
      year: z.coerce.number().int().min(2000, '年份不正确').max(2100, '年份不正确').optional(),
    }),
    data: z.array(ZPaySlipDetail),
    permission: 'login',
    fromSpec: true,
    summary: "My payslips of closed months (a month or a year), after my password is entered again; another employee's are refused",
  }),
  myMonths: defineCall({
    ...json,
    path: S('myMonths'),
    request: z.object({}),
    data: z.array(ZMyPayslipMonth),
    permission: 'login',
    summary: 'The closed months I have a payslip for (no amounts: those need the password)',
  }),
  payslipPdf: defineCall({
    ...blob,
    path: S('payslipPdf'),
    request: z.object({ id: id(), password: ZPassword }),
    permission: 'login',
    summary: 'One of my payslips as a PDF, after my password is entered again',
  }),
} as const;

export const payAccessionCalls = {
  getPayAccessionPageList: defineCall({
    ...json,
    fromSpec: true,
    path: MH('getPayAccessionPageList'),
    request: pageRequest(ZPayAccessionFilters),
    data: pageOf(ZPayAccessionRecord),
    permission: SALARY_PERM.list,
    summary: "Each person's month for the payroll: approved hours and leave, uploaded income and deductions, and the computed gross and net",
  }),
  payAccessionUpload: defineCall({
    method: 'POST',
    path: MH('payAccessionUpload'),
    requestKind: 'multipart',
    request: ZImportRequest,
    data: ZImportResult,
    permission: SALARY_PERM.edit,
    write: true,
    fromSpec: true,
    summary:
      'Uploads other income and deductions per person and month (replacing the row); unknown people or closed months are row errors; nothing written while a row is wrong',
  }),
  payAccessionTemplate: defineCall({
    ...blob,
    fromSpec: true,
    path: MH('payAccessionTemplate'),
    request: z.object({}),
    permission: SALARY_PERM.edit,
    summary: 'The xlsx template of the pay-accession upload',
  }),
} as const;

// ---- Salary advances (借款申请, /loanApplicat/recept) ----------------------------------------------------

export const LOAN_PROCESS = 'SalaryAdvance_Process';
/** At most 50,000 yuan, and at most three monthly salaries. */
export const LOAN_MAX = 50_000_00;

export const LOAN_MSG = {
  tooMuch: '借款金额不能超过月工资的3倍，且不超过50000元',
  open: '您有审批中或未还清的借款，不能再次申请',
  firstMonth: '首次还款月份须晚于已关账的月份',
  notEmployee: '只有在职员工可以申请借款',
} as const;

export const ZLoanRecord = z.object({
  id: z.number().int(),
  loanNo: z.string().nullable(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  amount: z.number().int(),
  installments: z.number().int(),
  monthlyRepayment: z.number().int(),
  firstMonth: z.number().int(),
  lastMonth: z.number().int(),
  reason: z.string(),
  /** Repaid by closed payslips so far. */
  repaid: z.number().int(),
  state: z.string(),
  /** STATUS legend code of the state. */
  status: z.string(),
  /** My pending approval task on it, or null. */
  taskId: z.number().int().nullable(),
  createdAt: isoDateTime(),
});
export type LoanRecord = z.output<typeof ZLoanRecord>;

export const loanMeta = defineResourceMeta(ZLoanRecord, {
  name: 'payLoan',
  title: '借款申请',
  titleEn: 'Salary advances',
  rowKey: 'id',
  fields: {
    loanNo: { label: '借款单号', labelEn: 'No.', width: 150 },
    realName: { label: '申请人', labelEn: 'Applicant', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 120, hideInTable: true },
    amount: money('借款金额', 'Amount', 120),
    installments: { label: '分期数', labelEn: 'Installments', valueType: 'number', width: 80 },
    monthlyRepayment: money('每月还款', 'A month', 110),
    firstMonth: { label: '首次还款月份', labelEn: 'First month', valueType: 'number', width: 110 },
    repaid: money('已还金额', 'Repaid', 110),
    reason: { label: '借款事由', labelEn: 'Reason', width: 180 },
    status: { label: '审批状态', labelEn: 'Approval', valueType: 'dict', dict: 'STATUS', width: 100 },
    createdAt: { label: '申请时间', labelEn: 'Applied', valueType: 'datetime', width: 170, hideInTable: true },
  },
});

export const ZLoanInput = z.object({
  amount: z.coerce
    .number({ error: '借款金额必须是数字' })
    .int('借款金额以分为单位，必须是整数')
    .min(100_00, '借款金额至少100元')
    .max(LOAN_MAX, LOAN_MSG.tooMuch),
  installments: z.coerce.number({ error: '请选择分期数' }).int('分期数须为整数').min(1, '分期数为1至12期').max(12, '分期数为1至12期'),
  firstMonth: ZMonth,
  reason: z.string().trim().min(1, '请输入借款事由').max(200, '借款事由最多200个字符'),
});
export type LoanInput = z.input<typeof ZLoanInput>;

const LN = (n: string) => `/finance_api/finance/loan/${n}`;
export const loanCalls = {
  loanPage: defineCall({
    ...json,
    path: LN('page'),
    request: pageRequest({ todo: z.boolean().optional() }),
    data: pageOf(ZLoanRecord),
    permission: 'login',
    summary: 'My salary advances, or (todo) those waiting for my approval',
  }),
  loanApply: defineCall({
    ...json,
    path: LN('apply'),
    request: ZLoanInput,
    data: ZLoanRecord,
    permission: 'login',
    write: true,
    summary: 'Applies for a salary advance (numbered JK…, approved by finance); repaid in equal monthly installments deducted from pay',
  }),
  loanDetail: defineCall({
    ...json,
    path: LN('detail'),
    request: ZIdReq,
    data: ZLoanRecord,
    permission: 'login',
    summary: 'One salary advance: the applicant, its approvers and finance',
  }),
  loanPass: defineCall({
    ...json,
    path: LN('pass'),
    request: z.object({ taskId: id(), message: z.string().trim().max(200).optional().nullable() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my approval task of a salary advance',
  }),
  loanReject: defineCall({
    ...json,
    path: LN('reject'),
    request: z.object({ taskId: id(), message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符') }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects a salary advance (message required)',
  }),
} as const;
