import { z } from 'zod';
import { id, isoDate, isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, pageRequest } from '../resource';
import { ZFileEntry } from './file';

/**
 * Expense reimbursement (费用报销) and the personal invoice folder (个人票夹): an employee keeps
 * the invoices they were given, claims them on an expense claim (a kernel document, BX…, approved
 * by the direct manager and finance), and finance pays the approved claim. Money is integer fen.
 * The spec names only the routes (spec 000 §2, 002 §2), so every call here is our own.
 * The model and its states: docs/domain/hours-pay.md, "Reimbursement and the invoice folder".
 */

export const REIMBURSE_PROCESS = 'ExpenseClaim_Process';

export const REIMBURSE_PERM = {
  /** Finance: sees every submitted claim and marks approved ones paid. */
  pay: 'fin:reimburse:pay',
} as const;

/** Largest invoice, line or claim total: one million yuan (a typo guard, not a policy limit). */
export const REIMBURSE_MAX = 1_000_000_00;
export const MAX_LINES = 50;
export const MAX_INVOICES_PER_LINE = 20;

/** Invoice kinds (dictionary EXPINVOICETYPE). */
export const INVOICE_KINDS: Record<string, { zh: string; en: string }> = {
  '001': { zh: '增值税专用发票', en: 'VAT special invoice' },
  '002': { zh: '增值税普通发票', en: 'VAT ordinary invoice' },
  '003': { zh: '电子发票', en: 'E-invoice' },
  '004': { zh: '火车票/机票行程单', en: 'Train ticket / flight itinerary' },
  '005': { zh: '出租车票', en: 'Taxi receipt' },
  '006': { zh: '其他', en: 'Other' },
};

/** Expense categories (dictionary EXPCATEGORY). */
export const EXPENSE_CATEGORIES: Record<string, { zh: string; en: string }> = {
  '001': { zh: '差旅费', en: 'Travel' },
  '002': { zh: '交通费', en: 'Local transport' },
  '003': { zh: '餐费', en: 'Meals' },
  '004': { zh: '住宿费', en: 'Lodging' },
  '005': { zh: '办公用品', en: 'Office supplies' },
  '006': { zh: '通讯费', en: 'Telephone' },
  '007': { zh: '招待费', en: 'Entertainment' },
  '008': { zh: '其他', en: 'Other' },
};

/**
 * The project budget subject (fin_budget_subjects.code) each expense category is spent from (issue 34
 * §3): travel, local transport, meals and lodging from 差旅费; 其他 from none, so it is not checked.
 */
export const EXPENSE_BUDGET_SUBJECTS: Record<string, string> = {
  '001': 'EXP01',
  '002': 'EXP01',
  '003': 'EXP01',
  '004': 'EXP01',
  '005': 'EXP02',
  '006': 'EXP04',
  '007': 'EXP03',
};

/**
 * Categories whose lines need at least one invoice. Local transport (bus, metro, a shared bike) and
 * "other" often come without one, so they may be claimed on the description alone.
 */
export const INVOICE_REQUIRED_CATEGORIES = ['001', '003', '004', '005', '006', '007'];

/** Invoice states (dictionary EXPINVOICESTATE). */
export const INVOICE_STATE = { free: '001', claiming: '002', claimed: '003' } as const;
export const INVOICE_STATES: Record<string, { zh: string; en: string }> = {
  '001': { zh: '未报销', en: 'Not claimed' },
  '002': { zh: '报销中', en: 'Being claimed' },
  '003': { zh: '已报销', en: 'Claimed' },
};

/** What a claim shows (dictionary EXPCLAIMSTATE): the document state, and for a passed claim whether it is paid. */
export const CLAIM_STATE = {
  draft: '001',
  approving: '002',
  returned: '003',
  toPay: '004',
  paid: '005',
  rejected: '006',
  revoked: '007',
} as const;
export const CLAIM_STATES: Record<string, { zh: string; en: string; color: string }> = {
  '001': { zh: '草稿', en: 'Draft', color: 'default' },
  '002': { zh: '审批中', en: 'In approval', color: 'blue' },
  '003': { zh: '已退回', en: 'Sent back', color: 'orange' },
  '004': { zh: '待付款', en: 'To be paid', color: 'orange' },
  '005': { zh: '已付款', en: 'Paid', color: 'green' },
  '006': { zh: '已驳回', en: 'Rejected', color: 'red' },
  '007': { zh: '已撤回', en: 'Withdrawn', color: 'default' },
};

export const REIMBURSE_MSG = {
  /** One subject past its budget: the figures in yuan. */
  overBudget: (f: { subject: string; budget: string; used: string; claim: string; over: string }) =>
    `${f.subject}超出项目预算：预算${f.budget}元，已报销（含审批中）${f.used}元，本单${f.claim}元，超出${f.over}元`,
  overBudgetRefused: '，请先调整项目预算或联系财务',
  duplicate: '该发票已录入票夹（同一发票代码和号码不能重复录入）',
  invoiceMissing: '票据不存在',
  claimMissing: '报销单不存在',
  invoiceLocked: '该票据已用于报销，不能修改或删除',
  invoiceTaken: '所选票据已在其他报销单中，或不属于您',
  invoiceTwice: '同一张票据不能用于多条费用明细',
  invoiceNeeded: (category: string) => `「${category}」类费用须关联发票`,
  overInvoices: '费用金额不能超过所关联票据的价税合计',
  future: '不能晚于今天',
  notEditable: '只有草稿或已退回的报销单可以修改',
  notDeletable: '只有草稿可以删除',
  notRevocable: '只有审批中的报销单可以撤回',
  notPayable: '只有审批通过、尚未付款的报销单可以付款',
  alreadyPaid: '该报销单已付款',
  payOwn: '不能为本人的报销单付款，请由其他财务人员付款',
  payBeforeApproval: '付款日期不能早于报销单提交日期',
  totalTooLarge: '报销总额不能超过1000000元',
  projectMissing: '所选项目不存在',
  projectNotRunning: '所选项目不在执行中，不能承担报销费用',
  notOnProject: '您不是所选项目的项目成员，不能将费用计入该项目',
  fileMissing: '请上传发票照片或PDF',
  fileNotOwn: '发票文件不存在或不是您上传的',
} as const;

const fen = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}以分为单位，必须是整数`)
    .max(REIMBURSE_MAX, `${label}不能超过1000000元`);

// ---- Invoices ----------------------------------------------------------------------------------------

export const ZExpenseInvoice = z.object({
  id: z.number().int(),
  kind: z.string(),
  invoiceCode: z.string().nullable(),
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  seller: z.string(),
  amountExclTax: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** File group of the photo or PDF. */
  fileId: z.string().nullable(),
  files: z.array(ZFileEntry),
  remark: z.string().nullable(),
  /** EXPINVOICESTATE. */
  state: z.string(),
  claimId: z.number().int().nullable(),
  claimNo: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type ExpenseInvoice = z.output<typeof ZExpenseInvoice>;

const money = (label: string, labelEn: string, width = 110) => ({ label, labelEn, valueType: 'money' as const, width });

export const invoiceMeta = defineResourceMeta(ZExpenseInvoice, {
  name: 'expenseInvoice',
  title: '个人票夹',
  titleEn: 'My invoices',
  rowKey: 'id',
  fields: {
    kind: { label: '票据类型', labelEn: 'Type', valueType: 'dict', dict: 'EXPINVOICETYPE', filter: 'eq', width: 150 },
    invoiceCode: { label: '发票代码', labelEn: 'Code', width: 120, hideInTable: true },
    invoiceNo: { label: '发票号码', labelEn: 'Number', width: 170 },
    invoiceDate: { label: '开票日期', labelEn: 'Date', valueType: 'date', filter: 'range', width: 110 },
    seller: { label: '销售方', labelEn: 'Seller', width: 180 },
    amountExclTax: money('不含税金额', 'Excl. tax'),
    tax: money('税额', 'Tax', 90),
    total: money('价税合计', 'Total'),
    state: { label: '报销状态', labelEn: 'State', valueType: 'dict', dict: 'EXPINVOICESTATE', filter: 'eq', width: 100 },
    claimNo: { label: '报销单号', labelEn: 'Claim', width: 150 },
    remark: { label: '备注', labelEn: 'Remark', width: 150, hideInTable: true },
    createdAt: { label: '录入时间', labelEn: 'Added', valueType: 'datetime', width: 170, hideInTable: true },
  },
});

const invoiceFields = {
  kind: z.enum(Object.keys(INVOICE_KINDS) as [string, ...string[]], { error: '请选择票据类型' }),
  invoiceCode: z
    .string()
    .trim()
    .regex(/^(\d{10}|\d{12})?$/, '发票代码为10位或12位数字')
    .optional()
    .nullable()
    .transform((v) => v || null),
  invoiceNo: z
    .string({ error: '请输入发票号码' })
    .trim()
    .regex(/^[0-9A-Za-z]{6,20}$/, '发票号码为6至20位数字或字母'),
  invoiceDate: isoDate(),
  seller: z.string({ error: '请输入销售方' }).trim().min(1, '请输入销售方').max(100, '销售方最多100个字符'),
  amountExclTax: fen('不含税金额').min(1, '不含税金额必须大于0'),
  tax: fen('税额').min(0, '税额不能为负数'),
  total: fen('价税合计').min(1, '价税合计必须大于0'),
  fileId: z.string({ error: REIMBURSE_MSG.fileMissing }).trim().min(1, REIMBURSE_MSG.fileMissing).max(32, REIMBURSE_MSG.fileNotOwn),
  remark: z.string().trim().max(200, '备注最多200个字符').optional().nullable(),
};
const addsUp = (v: { amountExclTax: number; tax: number; total: number }) => v.amountExclTax + v.tax === v.total;
const addsUpRule = { path: ['total'], message: '价税合计须等于不含税金额加税额' };
export const ZInvoiceInput = z.object(invoiceFields).refine(addsUp, addsUpRule);
export const ZInvoiceUpdate = z.object({ id: id(), ...invoiceFields }).refine(addsUp, addsUpRule);
export type InvoiceInput = z.input<typeof ZInvoiceInput>;

export const ZInvoiceFilters = {
  state: z.enum(Object.keys(INVOICE_STATES) as [string, ...string[]]).optional(),
  kind: z.string().max(8).optional(),
  invoiceDateFrom: isoDate().optional(),
  invoiceDateTo: isoDate().optional(),
  keyword: z.string().trim().max(64).optional(),
  /** The picker of a claim: invoices not claimed, plus those already on this claim. */
  forClaimId: id().optional(),
  available: z.boolean().optional(),
};

// ---- Claims ------------------------------------------------------------------------------------------

export const ZClaimRecord = z.object({
  id: z.number().int(),
  claimNo: z.string().nullable(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  reason: z.string(),
  total: z.number().int(),
  lineCount: z.number().int(),
  invoiceCount: z.number().int(),
  /** Document state (draft, approving, returned, passed, rejected, revoked). */
  state: z.string(),
  /** EXPCLAIMSTATE: the state as users see it (a passed claim is 待付款 until finance pays it). */
  claimState: z.string(),
  paidDate: z.string().nullable(),
  processInstanceId: z.number().int().nullable(),
  /** My pending approval task on it, or null. */
  taskId: z.number().int().nullable(),
  createdAt: isoDateTime(),
});
export type ClaimRecord = z.output<typeof ZClaimRecord>;

export const claimMeta = defineResourceMeta(ZClaimRecord, {
  name: 'expenseClaim',
  title: '费用报销',
  titleEn: 'Expense claims',
  rowKey: 'id',
  fields: {
    claimNo: { label: '报销单号', labelEn: 'No.', width: 150 },
    realName: { label: '报销人', labelEn: 'Claimant', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 120 },
    reason: { label: '报销事由', labelEn: 'Reason', width: 200 },
    projectName: { label: '承担项目', labelEn: 'Project', width: 160 },
    total: money('报销金额', 'Amount', 120),
    invoiceCount: { label: '票据数', labelEn: 'Invoices', valueType: 'number', width: 80 },
    claimState: { label: '状态', labelEn: 'State', valueType: 'dict', dict: 'EXPCLAIMSTATE', filter: 'eq', width: 100 },
    paidDate: { label: '付款日期', labelEn: 'Paid on', valueType: 'date', width: 110 },
    createdAt: { label: '创建时间', labelEn: 'Created', valueType: 'datetime', filter: 'range', width: 170 },
  },
});

export const ZClaimLine = z.object({
  id: z.number().int(),
  category: z.string(),
  expenseDate: z.string(),
  amount: z.number().int(),
  description: z.string(),
  invoices: z.array(ZExpenseInvoice),
});
export type ClaimLine = z.output<typeof ZClaimLine>;

export const ZClaimDetail = ZClaimRecord.extend({
  lines: z.array(ZClaimLine),
  /** When the claim takes its project's budget for a subject past what is left (issue 34 §3): the figures, for the claimant and the approvers. */
  budgetNotice: z.string().nullable(),
  paidByName: z.string().nullable(),
  payRemark: z.string().nullable(),
  /** The viewer is finance and may pay it. */
  canPay: z.boolean(),
});
export type ClaimDetail = z.output<typeof ZClaimDetail>;

export const ZClaimLineInput = z.object({
  category: z.enum(Object.keys(EXPENSE_CATEGORIES) as [string, ...string[]], { error: '请选择费用类别' }),
  expenseDate: isoDate(),
  amount: fen('费用金额').min(1, '费用金额必须大于0'),
  description: z.string({ error: '请输入费用说明' }).trim().min(1, '请输入费用说明').max(200, '费用说明最多200个字符'),
  invoiceIds: z.array(id()).max(MAX_INVOICES_PER_LINE, `每条费用明细最多关联${MAX_INVOICES_PER_LINE}张票据`).default([]),
});

export const ZClaimInput = z.object({
  /** Given: update this draft (or returned claim); absent: a new claim. */
  id: id().optional().nullable(),
  projectId: id().optional().nullable(),
  reason: z.string({ error: '请输入报销事由' }).trim().min(1, '请输入报销事由').max(200, '报销事由最多200个字符'),
  lines: z.array(ZClaimLineInput).min(1, '请至少添加一条费用明细').max(MAX_LINES, `费用明细最多${MAX_LINES}条`),
  /** Submit for approval after saving (a returned claim is resubmitted). */
  submit: z.boolean().default(false),
});
export type ClaimInput = z.input<typeof ZClaimInput>;

export const ZClaimFilters = {
  /** `mine` (default): my claims; `all`: every submitted claim (finance). */
  scope: z.enum(['mine', 'all']).optional(),
  claimState: z.enum(Object.keys(CLAIM_STATES) as [string, ...string[]]).optional(),
  keyword: z.string().trim().max(64).optional(),
  createdAtFrom: isoDateTime().optional(),
  createdAtTo: isoDateTime().optional(),
};

export const ZProjectPick = z.object({ id: z.number().int(), projectNo: z.string().nullable(), name: z.string() });

// ---- Calls -------------------------------------------------------------------------------------------

const PI = (n: string) => `/finance_api/finance/personInvoice/${n}`;
const RB = (n: string) => `/finance_api/finance/reimburse/${n}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false, permission: 'login' } as const;
const ZIdReq = z.object({ id: id() });

export const personInvoiceCalls = {
  invoicePage: defineCall({
    ...json,
    path: PI('page'),
    request: pageRequest(ZInvoiceFilters),
    data: pageOf(ZExpenseInvoice),
    summary: 'My invoices (only the owner sees them), by state, type, date range and keyword',
  }),
  invoiceDetail: defineCall({
    ...json,
    path: PI('detail'),
    request: ZIdReq,
    data: ZExpenseInvoice,
    summary: 'One of my invoices',
  }),
  invoiceAdd: defineCall({
    ...json,
    path: PI('add'),
    request: ZInvoiceInput,
    data: ZExpenseInvoice,
    write: true,
    summary: 'Adds an invoice with its photo or PDF; the same code and number twice in the company is refused',
  }),
  invoiceUpdate: defineCall({
    ...json,
    path: PI('update'),
    request: ZInvoiceUpdate,
    data: ZExpenseInvoice,
    write: true,
    summary: 'Changes an invoice not on a claim',
  }),
  invoiceDelete: defineCall({
    ...json,
    path: PI('delete'),
    request: ZIdReq,
    data: z.null(),
    write: true,
    summary: 'Deletes an invoice not on a claim',
  }),
} as const;

export const reimburseCalls = {
  claimPage: defineCall({
    ...json,
    path: RB('page'),
    request: pageRequest(ZClaimFilters),
    data: pageOf(ZClaimRecord),
    summary: 'My expense claims, or (scope all, finance) every submitted claim',
  }),
  claimExport: defineCall({
    ...json,
    path: RB('export'),
    responseKind: 'blob',
    data: z.null(),
    request: exportRequest(ZClaimFilters),
    summary: 'The filtered claims as xlsx (amounts in yuan)',
  }),
  claimDetail: defineCall({
    ...json,
    path: RB('detail'),
    request: z.object({ id: id().optional(), instanceId: id().optional() }).refine((v) => v.id || v.instanceId, '请指定报销单'),
    data: ZClaimDetail,
    summary: 'One claim with its lines and invoices: the claimant, its approvers and finance',
  }),
  claimSave: defineCall({
    ...json,
    path: RB('save'),
    request: ZClaimInput,
    data: ZClaimDetail,
    write: true,
    summary: 'Saves a claim (new or draft or sent back) with its lines and invoices; submits it when asked',
  }),
  claimSubmit: defineCall({
    ...json,
    path: RB('submit'),
    request: ZIdReq,
    data: ZClaimDetail,
    write: true,
    summary: 'Submits a draft for approval (numbered BX…, direct manager then finance); a second submit changes nothing',
  }),
  claimRevoke: defineCall({
    ...json,
    path: RB('revoke'),
    request: ZIdReq,
    data: ZClaimDetail,
    write: true,
    summary: 'The claimant withdraws a claim in approval; its invoices return to the folder',
  }),
  claimDelete: defineCall({
    ...json,
    path: RB('delete'),
    request: ZIdReq,
    data: z.null(),
    write: true,
    summary: 'Deletes a draft; its invoices return to the folder',
  }),
  claimPay: defineCall({
    ...json,
    path: RB('pay'),
    request: z.object({ id: id(), paidDate: isoDate(), remark: z.string().trim().max(200, '付款备注最多200个字符').optional().nullable() }),
    data: ZClaimDetail,
    permission: REIMBURSE_PERM.pay,
    write: true,
    summary: 'Finance marks an approved claim paid; its invoices become claimed',
  }),
  claimProjects: defineCall({
    ...json,
    path: RB('projects'),
    request: z.object({ keyword: z.string().trim().max(64).optional() }),
    data: z.array(ZProjectPick),
    summary: "The claim form's project picker: running projects whose team has the caller (at most 50); a claim on any other is refused",
  }),
} as const;
