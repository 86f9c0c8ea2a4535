import { z } from 'zod';
import { id, isoDate, isoDateTime, optionalText, pageOf } from '../common';
import { defineCall } from '../define';
import { formatFen } from '../money';
import { defineResourceMeta, exportRequest, pageRequest } from '../resource';
import { ZFen, ZMonth } from './finance-project';
import { ZSignatureSerial } from './signature';

/**
 * Finance II (spec 002 §7): settlement bills, invoices and their voiding, collections (回款),
 * write-off and the settlement parties. Money is integer fen, tax rates basis points. The model:
 * docs/domain/finance-billing.md.
 */

export const BILL_PERM = {
  billList: 'fin:bill:list',
  billEdit: 'fin:bill:edit',
  billExport: 'fin:bill:export',
  invoiceList: 'fin:invoice:list',
  invoiceEdit: 'fin:invoice:edit',
  collectionEdit: 'fin:collection:edit',
  economics: 'fin:economics:list',
  /** Bill beyond what is left of the project's contract, with a recorded reason (issue 34 §3). */
  overContract: 'fin:bill:overcontract',
} as const;

export const BILL_PROCESS = 'FinSettleBill_Process';

/** Tax rates a bill may carry, in basis points: 6 % service VAT, 3 % and 1 % small-scale, 0. */
export const TAX_RATES_BP = [600, 300, 100, 0] as const;

/** STATUS legend codes of a bill's three statuses (spec 002 §4). */
export const BILL_STATUS = {
  pendingPush: '007',
  pendingInvoice: '008',
  invoicing: '009',
  invoiced: '010',
  invoiceRejected: '011',
  unpaid: '012',
  paid: '013',
  notWrittenOff: '014',
  partWrittenOff: '015',
  writtenOff: '016',
  voided: '040',
} as const;

/** FINBILLTYPE. */
export const BILL_TYPE = { item: '001', rpo: '002', other: '003' } as const;

/**
 * The refusal of a bill beyond what is left of its project's contract, with the figures (yuan):
 * the contract, what its other live bills (in approval or approved) already bill, what is left and this bill.
 */
export const overContractMessage = (f: { contract: number; billed: number; amount: number }) =>
  `结算金额超出合同剩余金额：合同金额${formatFen(f.contract)}元，已结算（含审批中）${formatFen(f.billed)}元，剩余${formatFen(Math.max(0, f.contract - f.billed))}元，本单${formatFen(f.amount)}元。如确需超额结算，请由有超额结算权限的人员填写超额原因`;

export const BILL_MSG = {
  projectNotActive: '项目不在执行中，不能结算',
  monthOutside: '结算月份不在项目周期内',
  duplicateMonth: '该项目该月份已有同类结算单',
  linesRequired: '请至少填写一行结算明细',
  notEditable: '只有草稿、已驳回或已撤回的结算单可以修改',
  notDeletable: '只有草稿、已驳回或已撤回的结算单可以删除',
  notApproved: '结算单未审批通过',
  alreadyInvoiced: '该结算单已开票或正在开票，不能重复申请',
  moveSameBill: '不能转移到同一张结算单',
  moveOtherClient: '只能转移到同一甲方的结算单',
  moveBelowWrittenOff: '转移后回款金额将低于已核销金额',
  notInvoicing: '该结算单没有待处理的开票申请',
  invoiceNoTaken: '发票号码已存在',
  overCollect: '回款金额不能超过已开票金额',
  notInvoiced: '结算单未开票，不能登记回款',
  serialTaken: '银行流水号已登记',
  nothingOpen: '结算单没有待回款金额',
  collectionsFirst: '该发票对应的结算单已有回款，请先退款或转移回款',
  voidOpen: '该发票已有待审批的作废申请',
  voidNotOpen: '作废申请已处理',
  invoiceNotIssued: '只有已开具的发票可以作废',
  notRpo: '该结算单不是RPO结算单',
  alreadySigned: '结算单已签章',
  collectionNotValid: '该回款已退款或已转移',
} as const;

const keyword = () => z.string().trim().max(64).optional();
const optionalId = () => id().optional().nullable();
const reason = (label: string, max = 500) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);

export const ZTaxRate = z.coerce
  .number({ error: '税率必须是数字' })
  .int('税率以基点为单位')
  .refine((v) => (TAX_RATES_BP as readonly number[]).includes(v), '税率只能是6%、3%、1%或0%');

export const ZBillLineInput = z.object({
  userId: optionalId(),
  personName: optionalText(64),
  description: reason('结算内容', 200),
  /** Hours or heads × 100 (12.5 hours = 1250); 100 for a fixed amount. */
  quantityX100: z.coerce.number({ error: '数量必须是数字' }).int('数量最多两位小数').min(1, '数量必须大于0').max(1e9, '数量过大'),
  /** Fen per hour, head or hire (excluding tax). */
  unitPrice: ZFen,
});
export type BillLineInput = z.input<typeof ZBillLineInput>;

export const ZBillInput = z.object({
  id: optionalId(),
  projectId: id(),
  billType: z.enum(['001', '002', '003'], { error: '请选择结算类型' }),
  settleMethod: z.enum(['001', '002', '003', '004'], { error: '请选择结算方式' }),
  month: ZMonth,
  taxRateBp: ZTaxRate,
  remark: optionalText(500),
  /** Why the bill goes beyond the contract's remainder: only taken from a user holding BILL_PERM.overContract. */
  overContractReason: optionalText(200),
  lines: z.array(ZBillLineInput).min(1, BILL_MSG.linesRequired).max(2000, '结算明细最多2000行'),
});
export type BillInput = z.input<typeof ZBillInput>;

export const ZBillLine = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  userId: z.number().int().nullable(),
  personName: z.string().nullable(),
  description: z.string(),
  quantityX100: z.number().int(),
  unitPrice: z.number().int(),
  taxRateBp: z.number().int(),
  amountExcl: z.number().int(),
  taxAmount: z.number().int(),
  amountIncl: z.number().int(),
});
export type BillLine = z.output<typeof ZBillLine>;

export const ZBillRecord = z.object({
  id: z.number().int(),
  billNo: z.string().nullable(),
  billType: z.string(),
  settleMethod: z.string(),
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string().nullable(),
  clientOrgId: z.number().int(),
  clientName: z.string().nullable(),
  settleOrgId: z.number().int(),
  settleOrgName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  month: z.number().int(),
  taxRateBp: z.number().int(),
  amountExcl: z.number().int(),
  taxAmount: z.number().int(),
  amountIncl: z.number().int(),
  state: z.string(),
  /** STATUS legend code of the approval state. */
  status: z.string(),
  invoiceStatus: z.string(),
  paymentStatus: z.string(),
  writeoffStatus: z.string(),
  invoicedAmount: z.number().int(),
  collectedAmount: z.number().int(),
  writtenOffAmount: z.number().int(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  serialNumber: z.string().nullable(),
  processInstanceId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type BillRecord = z.output<typeof ZBillRecord>;

export const billMeta = defineResourceMeta(ZBillRecord, {
  name: 'finBill',
  title: '结算单',
  titleEn: 'Settlement bills',
  rowKey: 'id',
  fields: {
    billNo: { label: '结算单号', labelEn: 'Bill no.', sortable: true, width: 170 },
    billType: { label: '结算类型', labelEn: 'Type', valueType: 'dict', dict: 'FINBILLTYPE', filter: 'eq', width: 110 },
    settleMethod: { label: '结算方式', labelEn: 'Method', valueType: 'dict', dict: 'FINSETTLEMETHOD', width: 110, hideInTable: true },
    projectName: { label: '项目', labelEn: 'Project', width: 200 },
    clientName: { label: '甲方', labelEn: 'Client', width: 180 },
    settleOrgName: { label: '乙方', labelEn: 'Our company', width: 180, hideInTable: true },
    deptName: { label: '所属部门', labelEn: 'Department', width: 120, hideInTable: true },
    month: { label: '结算月份', labelEn: 'Month', valueType: 'number', sortable: true, width: 100 },
    taxRateBp: { label: '税率（基点）', labelEn: 'Tax rate (bp)', valueType: 'number', width: 100, hideInTable: true },
    amountExcl: { label: '不含税金额', labelEn: 'Excl. tax', valueType: 'money', width: 130 },
    taxAmount: { label: '税额', labelEn: 'Tax', valueType: 'money', width: 110 },
    amountIncl: { label: '含税金额', labelEn: 'Incl. tax', valueType: 'money', sortable: true, width: 140 },
    status: { label: '审批状态', labelEn: 'Approval', valueType: 'dict', dict: 'STATUS', width: 100 },
    invoiceStatus: { label: '开票状态', labelEn: 'Invoicing', valueType: 'dict', dict: 'STATUS', filter: 'eq', width: 110 },
    paymentStatus: { label: '回款状态', labelEn: 'Payment', valueType: 'dict', dict: 'STATUS', filter: 'eq', width: 100 },
    writeoffStatus: { label: '核销状态', labelEn: 'Write-off', valueType: 'dict', dict: 'STATUS', filter: 'eq', width: 100 },
    invoicedAmount: { label: '已开票金额', labelEn: 'Invoiced', valueType: 'money', width: 130 },
    collectedAmount: { label: '已回款金额', labelEn: 'Collected', valueType: 'money', width: 130 },
    writtenOffAmount: { label: '已核销金额', labelEn: 'Written off', valueType: 'money', width: 130, hideInTable: true },
    invoiceDate: { label: '开票日期', labelEn: 'Invoice date', valueType: 'date', width: 110, hideInTable: true },
    dueDate: { label: '到期日', labelEn: 'Due', valueType: 'date', sortable: true, width: 110, hideInTable: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', sortable: true, width: 170, hideInTable: true },
  },
});

export const ZBillFilters = {
  keyword: keyword(),
  billType: z.string().max(8).optional(),
  projectId: optionalId(),
  clientOrgId: optionalId(),
  settleOrgId: optionalId(),
  deptId: optionalId(),
  month: ZMonth.optional(),
  monthFrom: ZMonth.optional(),
  monthTo: ZMonth.optional(),
  state: z.string().max(16).optional(),
  invoiceStatus: z.string().max(8).optional(),
  paymentStatus: z.string().max(8).optional(),
  writeoffStatus: z.string().max(8).optional(),
};

export const ZInvoiceRecord = z.object({
  id: z.number().int(),
  billId: z.number().int(),
  billNo: z.string().nullable(),
  applyNo: z.string(),
  invoiceType: z.string(),
  buyerName: z.string(),
  buyerTaxNo: z.string().nullable(),
  amountExcl: z.number().int(),
  taxAmount: z.number().int(),
  amountIncl: z.number().int(),
  state: z.string(),
  invoiceNo: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  refuseReason: z.string().nullable(),
  projectName: z.string().nullable(),
  clientName: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type InvoiceRecord = z.output<typeof ZInvoiceRecord>;

export const ZCollectionRecord = z.object({
  id: z.number().int(),
  billId: z.number().int(),
  billNo: z.string().nullable(),
  amount: z.number().int(),
  collectedOn: z.string(),
  bankSerial: z.string(),
  payerName: z.string().nullable(),
  payerAccount: z.string().nullable(),
  batchNo: z.string().nullable(),
  state: z.string(),
  remark: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type CollectionRecord = z.output<typeof ZCollectionRecord>;

export const ZBillDetail = ZBillRecord.extend({
  remark: z.string().nullable(),
  /** Recorded when the bill goes beyond what is left of its project's contract (issue 34 §3). */
  overContractReason: z.string().nullable(),
  overContractByName: z.string().nullable(),
  lines: z.array(ZBillLine),
  invoices: z.array(ZInvoiceRecord),
  collections: z.array(ZCollectionRecord),
  /** The amount including tax in Chinese capitals (壹万贰仟…元整), as printed. */
  amountInWords: z.string(),
});
export type BillDetail = z.output<typeof ZBillDetail>;

export const ZVoidRecord = z.object({
  id: z.number().int(),
  voidNo: z.string(),
  invoiceId: z.number().int(),
  invoiceNo: z.string().nullable(),
  billId: z.number().int(),
  billNo: z.string().nullable(),
  amountIncl: z.number().int(),
  reason: z.string(),
  state: z.string(),
  message: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  decidedAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
});
export type VoidRecord = z.output<typeof ZVoidRecord>;

export const ZPartyOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const ZStatusOption = z.object({ code: z.string(), name: z.string(), group: z.string() });
export const ZReconciliationRow = z.object({
  billId: z.number().int(),
  billNo: z.string().nullable(),
  projectName: z.string().nullable(),
  amountIncl: z.number().int(),
  linesIncl: z.number().int(),
  invoicedAmount: z.number().int(),
  invoicesIssued: z.number().int(),
  collectedAmount: z.number().int(),
  collectionsValid: z.number().int(),
  writtenOffAmount: z.number().int(),
  /** What disagrees, one phrase each. */
  problems: z.array(z.string()),
});

export const ZCancellationRecord = z.object({
  id: z.number().int(),
  cancellationNo: z.string().nullable(),
  billId: z.number().int(),
  billNo: z.string().nullable(),
  projectName: z.string().nullable(),
  clientName: z.string().nullable(),
  billAmountIncl: z.number().int(),
  collectedAmount: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  state: z.string(),
  status: z.string(),
  fileId: z.string().nullable(),
  processInstanceId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: isoDateTime(),
});
export type CancellationRecord = z.output<typeof ZCancellationRecord>;

export const cancellationMeta = defineResourceMeta(ZCancellationRecord, {
  name: 'finCancellation',
  title: '核销单',
  titleEn: 'Write-off bills',
  rowKey: 'id',
  fields: {
    cancellationNo: { label: '核销单号', labelEn: 'Write-off no.', width: 170 },
    billNo: { label: '结算单号', labelEn: 'Bill no.', width: 170 },
    projectName: { label: '项目', labelEn: 'Project', width: 200 },
    clientName: { label: '甲方', labelEn: 'Client', width: 180 },
    billAmountIncl: { label: '结算含税金额', labelEn: 'Bill incl. tax', valueType: 'money', width: 140 },
    collectedAmount: { label: '已回款金额', labelEn: 'Collected', valueType: 'money', width: 130 },
    amount: { label: '核销金额', labelEn: 'Written off', valueType: 'money', width: 130 },
    reason: { label: '核销说明', labelEn: 'Reason', width: 200 },
    status: { label: '审批状态', labelEn: 'Approval', valueType: 'dict', dict: 'STATUS', width: 100 },
    createdAt: { label: '创建时间', labelEn: 'Created', valueType: 'datetime', width: 170 },
  },
});
export const ZCancellationFilters = {
  keyword: keyword(),
  billId: optionalId(),
  state: z.string().max(16).optional(),
};

/** Staffing economics: billed against what the people cost, per project, client, month or employee. */
export const ZEconomicsRequest = z
  .object({
    monthFrom: ZMonth,
    monthTo: ZMonth,
    groupBy: z.enum(['project', 'client', 'month', 'employee'], { error: '分组方式为project、client、month或employee' }),
    projectId: optionalId(),
    clientOrgId: optionalId(),
    deptId: optionalId(),
    pageIndex: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(20),
  })
  .refine((r) => r.monthTo >= r.monthFrom, { message: '结束月份不能早于开始月份', path: ['monthTo'] })
  .refine((r) => Math.floor(r.monthTo / 100) * 12 + (r.monthTo % 100) - (Math.floor(r.monthFrom / 100) * 12 + (r.monthFrom % 100)) < 36, {
    message: '统计区间最多36个月',
    path: ['monthTo'],
  });
export const ZEconomicsFigures = z.object({
  /** Σ amount excluding tax of approved bills. */
  billed: z.number().int(),
  pay: z.number().int(),
  socialInsurance: z.number().int(),
  housingFund: z.number().int(),
  managementFee: z.number().int(),
  cost: z.number().int(),
  margin: z.number().int(),
  /** Margin / billed in basis points (0 when nothing billed). */
  marginRateBp: z.number().int(),
});
export const ZEconomicsRow = ZEconomicsFigures.extend({ key: z.string(), name: z.string() });
export const ZAgeingBucket = z.object({ bucket: z.enum(['0-30', '31-90', '91-180', '180+']), amount: z.number().int(), bills: z.number().int() });
export const ZEconomics = z.object({
  totals: ZEconomicsFigures,
  rows: pageOf(ZEconomicsRow),
  /** Invoiced, not yet collected, by days since the invoice date. */
  ageing: z.array(ZAgeingBucket),
});
export type Economics = z.output<typeof ZEconomics>;
export type EconomicsRow = z.output<typeof ZEconomicsRow>;

/** Invoicing details (开票信息) of a company: ours (seller) or a client's (buyer, with its credit days). */
export const ZCompanyBilling = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgCode: z.string().nullable(),
  orgName: z.string().nullable(),
  isClient: z.boolean().nullable(),
  taxNo: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  creditDays: z.number().int(),
  updatedAt: isoDateTime(),
});
export type CompanyBilling = z.output<typeof ZCompanyBilling>;
export const companyBillingMeta = defineResourceMeta(ZCompanyBilling, {
  name: 'finCompanyBilling',
  title: '公司开票信息',
  titleEn: 'Company invoicing details',
  rowKey: 'id',
  fields: {
    orgCode: { label: '单位编码', labelEn: 'Code', width: 100 },
    orgName: { label: '单位名称', labelEn: 'Company', width: 220 },
    isClient: { label: '客户单位', labelEn: 'Client', valueType: 'boolean', width: 90 },
    taxNo: { label: '纳税人识别号', labelEn: 'Tax no.', width: 190 },
    address: { label: '地址', labelEn: 'Address', width: 220 },
    phone: { label: '电话', labelEn: 'Phone', width: 130 },
    bankName: { label: '开户行', labelEn: 'Bank', width: 200 },
    bankAccount: { label: '银行账号', labelEn: 'Account', width: 180 },
    creditDays: { label: '账期（天）', labelEn: 'Credit days', valueType: 'number', width: 100 },
  },
});
export const ZCompanyBillingInput = z.object({
  orgId: id(),
  taxNo: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{15,20}$/, '纳税人识别号为15-20位数字或大写字母'),
  address: optionalText(200),
  phone: optionalText(32),
  bankName: optionalText(100),
  bankAccount: z
    .string()
    .trim()
    .regex(/^\d{6,30}$/, '银行账号为6-30位数字')
    .optional()
    .nullable(),
  creditDays: z.coerce.number().int('账期必须是整数').min(0, '账期不能为负数').max(365, '账期最多365天').default(30),
});

const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
const IV = (n: string) => `/finance_api/finance/invoiceInfo/${n}`;
const SO = (n: string) => `/finance_api/finance/settleorg/${n}`;
const CB = (n: string) => `/finance_api/finance/cancellationBillInfo/${n}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: true } as const;
const own = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const blob = { method: 'POST', requestKind: 'json', responseKind: 'blob', data: z.null(), fromSpec: true } as const;
const ZId = z.object({ id: id() });
const ZBillRef = z.object({ id: optionalId(), billId: optionalId(), instanceId: optionalId() });
const edit = { permission: BILL_PERM.billEdit, write: true } as const;
const invoiceEdit = { permission: BILL_PERM.invoiceEdit, write: true } as const;

export const ZCollectionInput = z.object({
  billId: id(),
  amount: ZFen.refine((v) => v > 0, '回款金额必须大于0'),
  collectedOn: isoDate(),
  bankSerial: reason('银行流水号', 64),
  payerName: optionalText(100),
  payerAccount: optionalText(40),
  remark: optionalText(200),
});

export const financeBillingCalls = {
  // ---- Bills (newbill/) ----
  getBillInfoPage: defineCall({
    ...json,
    path: NB('getBillInfoPage'),
    request: pageRequest(ZBillFilters),
    data: pageOf(ZBillRecord),
    permission: BILL_PERM.billList,
    summary: 'Settlement bills in the data scope, filtered and paged',
  }),
  getDeliveryBillInfoPage: defineCall({
    ...json,
    path: NB('getDeliveryBillInfoPage'),
    request: pageRequest(ZBillFilters),
    data: pageOf(ZBillRecord),
    permission: BILL_PERM.billList,
    summary: 'Delivery bills: the bills of the projects the user manages or works on',
  }),
  export: defineCall({
    ...blob,
    path: NB('export'),
    request: exportRequest(ZBillFilters),
    permission: BILL_PERM.billExport,
    summary: 'The filtered bills as xlsx',
  }),
  exportDeliveryBill: defineCall({
    ...blob,
    path: NB('exportDeliveryBill'),
    request: exportRequest(ZBillFilters),
    permission: BILL_PERM.billExport,
    summary: 'The filtered delivery bills as xlsx',
  }),
  getBillInfo: defineCall({
    ...json,
    path: NB('getBillInfo'),
    request: ZBillRef,
    data: ZBillDetail,
    permission: 'login',
    summary: 'A bill with its lines, invoices and collections (in scope, or to its approvers)',
  }),
  billPdf: defineCall({
    ...blob,
    fromSpec: false,
    path: NB('billPdf'),
    request: ZId,
    permission: 'login',
    summary: 'The printed bill as a PDF (A4, header, lines, totals in figures and capitals, signatures, page numbers)',
  }),
  getRpoBillInfo: defineCall({
    ...json,
    path: NB('getRpoBillInfo'),
    request: ZBillRef,
    data: ZBillDetail,
    permission: 'login',
    summary: 'An RPO bill (one line per hire) with its invoices and collections',
  }),
  saveBill: defineCall({
    ...own,
    path: NB('saveBill'),
    request: ZBillInput,
    data: ZBillDetail,
    ...edit,
    summary: 'Creates or updates a bill draft of a running project and month; amounts computed per line',
  }),
  submitBill: defineCall({
    ...own,
    path: NB('submitBill'),
    request: ZId,
    data: ZBillDetail,
    ...edit,
    summary: 'Submits a bill for approval; it gets its number (gap-free per company and year)',
  }),
  deleteBill: defineCall({ ...own, path: NB('deleteBill'), request: ZId, data: z.null(), ...edit, summary: 'Deletes a draft, rejected or revoked bill' }),
  applyInvoice: defineCall({
    ...own,
    path: NB('applyInvoice'),
    request: z.object({
      billId: id(),
      invoiceType: z.enum(['001', '002', '003'], { error: '请选择发票类型' }),
      buyerName: reason('购方名称', 100),
      buyerTaxNo: optionalText(32),
      buyerAddress: optionalText(200),
      buyerBank: optionalText(200),
      remark: optionalText(500),
    }),
    data: ZInvoiceRecord,
    ...edit,
    summary: 'Applies for the invoice of an approved bill (a bill cannot be invoiced twice)',
  }),
  issueInvoice: defineCall({
    ...own,
    path: NB('issueInvoice'),
    request: z.object({
      invoiceId: id(),
      invoiceNo: z
        .string()
        .trim()
        .regex(/^\d{8,20}$/, '发票号码为8-20位数字'),
      invoiceDate: isoDate(),
    }),
    data: ZInvoiceRecord,
    ...invoiceEdit,
    summary: 'Finance records the issued invoice: the bill becomes invoiced',
  }),
  refuseInvoice: defineCall({
    ...own,
    path: NB('refuseInvoice'),
    request: z.object({ invoiceId: id(), reason: reason('驳回原因', 200) }),
    data: ZInvoiceRecord,
    ...invoiceEdit,
    summary: 'Finance refuses an invoice application',
  }),
  saveBillReturnMoney: defineCall({
    ...json,
    path: NB('saveBillReturnMoney'),
    request: ZCollectionInput,
    data: ZBillRecord,
    permission: BILL_PERM.collectionEdit,
    write: true,
    summary: 'Records a collection on an invoiced bill (never above the invoiced amount)',
  }),
  refundReturnMoney: defineCall({
    ...own,
    path: NB('refundReturnMoney'),
    request: z.object({ id: id(), remark: reason('退款说明', 200) }),
    data: ZBillRecord,
    permission: BILL_PERM.collectionEdit,
    write: true,
    summary: 'Marks a collection refunded: it no longer counts',
  }),
  moveReturnMoney: defineCall({
    ...own,
    path: NB('moveReturnMoney'),
    request: z.object({ id: id(), toBillId: id(), remark: reason('转移说明', 200) }),
    data: ZBillRecord,
    permission: BILL_PERM.collectionEdit,
    write: true,
    summary: 'Moves a collection to another invoiced bill of the same client (the old row kept as moved); answers the target bill',
  }),
  getBillReturnMoneyPage: defineCall({
    ...json,
    path: NB('getBillReturnMoneyPage'),
    request: pageRequest({ billId: optionalId(), keyword: keyword(), state: z.string().max(16).optional() }),
    data: pageOf(ZCollectionRecord),
    permission: BILL_PERM.billList,
    summary: 'Collections of bills in scope (of one bill with billId), newest first',
  }),
  oneClickPayment: defineCall({
    ...json,
    path: NB('oneClickPayment'),
    request: z.object({
      billIds: z.array(id()).min(1, '请选择结算单').max(200, '一次最多200张结算单'),
      collectedOn: isoDate(),
      bankSerial: reason('银行流水号', 48),
      remark: optionalText(200),
    }),
    data: z.object({ batchNo: z.string(), count: z.number().int(), amount: z.number().int() }),
    permission: BILL_PERM.collectionEdit,
    write: true,
    summary: 'Collects the open remainder of every bill chosen, all in one transaction or none',
  }),
  pushCancellation: defineCall({
    ...json,
    path: NB('pushCancellation'),
    request: z.object({ billId: id(), amount: ZFen.optional(), reason: optionalText(500) }),
    data: z.object({ cancellationId: z.number().int(), cancellationNo: z.string().nullable() }),
    ...edit,
    summary: 'Pushes a collected bill to write-off: a cancellation bill for the collected, not yet written-off amount, submitted',
  }),
  getReconciliation: defineCall({
    ...own,
    path: NB('getReconciliation'),
    request: z.object({ monthFrom: ZMonth.optional(), monthTo: ZMonth.optional(), limit: z.coerce.number().int().min(1).max(1000).default(200) }),
    data: z.array(ZReconciliationRow),
    permission: BILL_PERM.billList,
    summary: 'Bills whose invoiced, collected and written-off amounts disagree with their rows or each other',
  }),
  signBill: defineCall({
    ...json,
    path: '/finance_api/finance/invokeSsl/getSerialNumber',
    request: z.object({
      billId: id(),
      accessToken: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'access token'),
      validCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, '6 digits'),
    }),
    data: ZSignatureSerial,
    ...edit,
    summary: 'Signs an approved bill with the digital-signature flow; the serial number is recorded with the bill',
  }),

  // ---- Invoices and voiding (invoiceInfo/) ----
  invoiceInfoCnlList: defineCall({
    ...json,
    path: IV('invoiceInfoCnlList'),
    request: pageRequest({ keyword: keyword(), state: z.string().max(16).optional(), billId: optionalId() }),
    data: pageOf(ZInvoiceRecord),
    permission: BILL_PERM.invoiceList,
    summary: 'Invoices and applications of bills in scope (state issued: those that may be voided)',
  }),
  invoiceInfoDetail: defineCall({
    ...json,
    path: IV('invoiceInfoDetail'),
    request: ZId,
    data: ZInvoiceRecord.extend({ bill: ZBillRecord, voids: z.array(ZVoidRecord) }),
    permission: BILL_PERM.invoiceList,
    summary: 'An invoice with its bill and void applications',
  }),
  voiceCancel: defineCall({
    ...json,
    path: IV('voiceCancel'),
    request: z.object({ invoiceId: id(), reason: reason('作废原因') }),
    data: ZVoidRecord,
    ...edit,
    summary: 'Applies to void an issued invoice (refused while the bill has valid collections)',
  }),
  voiceCancelList: defineCall({
    ...json,
    path: IV('voiceCancelList'),
    request: pageRequest({ keyword: keyword(), state: z.string().max(16).optional() }),
    data: pageOf(ZVoidRecord),
    permission: BILL_PERM.invoiceList,
    summary: 'Void applications of bills in scope, newest first',
  }),
  voiceCancelDetail: defineCall({
    ...json,
    path: IV('voiceCancelDetail'),
    request: ZId,
    data: ZVoidRecord.extend({ invoice: ZInvoiceRecord, bill: ZBillRecord }),
    permission: BILL_PERM.invoiceList,
    summary: 'A void application with its invoice and bill',
  }),
  voiceCancelRm: defineCall({
    ...json,
    path: IV('voiceCancelRm'),
    request: ZId,
    data: z.null(),
    ...edit,
    summary: 'Withdraws an open void application (its applicant)',
  }),
  voiceCancelPass: defineCall({
    ...json,
    path: IV('voiceCancelPass'),
    request: z.object({ id: id(), message: optionalText(200) }),
    data: ZVoidRecord,
    ...invoiceEdit,
    summary: 'Finance voids the invoice: the bill returns to pending invoicing',
  }),
  voiceCancelRefuse: defineCall({
    ...json,
    path: IV('voiceCancelRefuse'),
    request: z.object({ id: id(), message: reason('驳回原因', 200) }),
    data: ZVoidRecord,
    ...invoiceEdit,
    summary: 'Finance refuses a void application: the invoice stays',
  }),

  // ---- Settlement parties (settleorg/) and statuses ----
  getFirstPartyData: defineCall({
    ...json,
    path: SO('getFirstPartyData'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZPartyOption),
    permission: 'login',
    summary: 'First parties (甲方): client companies',
  }),
  getSecondPartyData: defineCall({
    ...json,
    path: SO('getSecondPartyData'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZPartyOption),
    permission: 'login',
    summary: 'Second parties (乙方): our own companies',
  }),
  getSettleOrgData: defineCall({
    ...json,
    path: SO('getSettleOrgData'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZPartyOption),
    permission: 'login',
    summary: 'Settlement organisations: the companies that appear on bills (ours and clients)',
  }),
  getSettleDepartmentData: defineCall({
    ...json,
    path: SO('getSettleDepartmentData'),
    request: z.object({ keyword: keyword(), settleOrgId: optionalId() }),
    data: z.array(ZPartyOption),
    permission: 'login',
    summary: 'Settlement departments: our departments that own projects (of one company with settleOrgId)',
  }),
  getStatus: defineCall({
    ...json,
    path: '/finance_api/finance/billing/getStatus',
    request: z.object({ group: z.enum(['invoice', 'payment', 'writeoff', 'approval']).optional() }),
    data: z.array(ZStatusOption),
    permission: 'login',
    summary: 'The bill statuses (STATUS legend codes) by group, for filters',
  }),
  // ---- Cancellation (write-off) bills (cancellationBillInfo/) ----
  selectPage: defineCall({
    ...json,
    path: CB('selectPage'),
    request: pageRequest(ZCancellationFilters),
    data: pageOf(ZCancellationRecord),
    permission: BILL_PERM.billList,
    summary: 'Cancellation (write-off) bills of bills in scope, newest first',
  }),
  selectDeliveryPage: defineCall({
    ...json,
    path: CB('selectDeliveryPage'),
    request: pageRequest(ZCancellationFilters),
    data: pageOf(ZCancellationRecord),
    permission: BILL_PERM.billList,
    summary: 'Cancellation bills of the projects the user manages or works on',
  }),
  cancellationExport: defineCall({
    ...blob,
    path: CB('export'),
    request: exportRequest(ZCancellationFilters),
    permission: BILL_PERM.billExport,
    summary: 'The filtered cancellation bills as xlsx',
  }),
  cancellationExportDelivery: defineCall({
    ...blob,
    path: CB('exportDelivery'),
    request: exportRequest(ZCancellationFilters),
    permission: BILL_PERM.billExport,
    summary: 'The filtered delivery cancellation bills as xlsx',
  }),
  cancellationSelect: defineCall({
    ...json,
    path: CB('select'),
    request: z.object({ id: optionalId(), instanceId: optionalId() }),
    data: ZCancellationRecord.extend({ bill: ZBillRecord }),
    permission: 'login',
    summary: 'A cancellation bill with its bill (in scope, or to its approvers)',
  }),
  cancellationUpdateFileId: defineCall({
    ...json,
    path: CB('updateFileId'),
    request: z.object({ id: id(), fileId: z.string().trim().min(1, '请上传附件').max(64) }),
    data: ZCancellationRecord,
    ...edit,
    summary: 'Files an attachment group (bank slips, client confirmation) on a cancellation bill',
  }),
  cancellationDelete: defineCall({
    ...json,
    path: CB('delete'),
    request: ZId,
    data: z.null(),
    ...edit,
    summary: 'Deletes a draft, rejected or revoked cancellation bill',
  }),
  cancellationAdd: defineCall({
    ...json,
    path: CB('add'),
    request: z.object({
      billId: id(),
      amount: ZFen.refine((v) => v > 0, '核销金额必须大于0'),
      reason: reason('核销说明'),
      fileId: optionalText(64),
    }),
    data: ZCancellationRecord,
    ...edit,
    summary: 'Creates and submits a cancellation bill for part or all of the collected, not yet written-off amount',
  }),
  getCancellationBillList: defineCall({
    ...json,
    path: CB('getCancellationBillList'),
    request: z.object({ billId: id() }),
    data: z.array(ZCancellationRecord),
    permission: BILL_PERM.billList,
    summary: 'All cancellation bills of one bill',
  }),
  getCancellationNo: defineCall({
    ...json,
    path: CB('getCancellationNo'),
    request: z.object({ id: optionalId() }),
    data: z.object({ cancellationNo: z.string().nullable(), preview: z.boolean() }),
    permission: BILL_PERM.billList,
    summary: 'The number of a cancellation bill, or (without id) the next number today as a preview (given only at submission)',
  }),
  // ---- Staffing economics ----
  getEconomics: defineCall({
    ...own,
    path: '/finance_api/finance/economics/getEconomics',
    request: ZEconomicsRequest,
    data: ZEconomics,
    permission: BILL_PERM.economics,
    summary: 'Billed against pay, employer social insurance and housing fund per project, client, month or employee; margin; receivable ageing',
  }),
  exportEconomics: defineCall({
    method: 'POST',
    requestKind: 'json',
    responseKind: 'blob',
    data: z.null(),
    fromSpec: false,
    path: '/finance_api/finance/economics/exportEconomics',
    request: ZEconomicsRequest,
    permission: BILL_PERM.economics,
    summary: 'The economics rows (all pages) as xlsx',
  }),
  // ---- Company invoicing details (/companyBillingInfo/index) ----
  companyBillingPage: defineCall({
    ...own,
    path: '/finance_api/finance/companyBillingInfo/page',
    request: pageRequest({ keyword: keyword(), isClient: z.boolean().optional() }),
    data: pageOf(ZCompanyBilling),
    permission: BILL_PERM.billList,
    summary: 'Invoicing details of our companies and the clients',
  }),
  companyBillingSave: defineCall({
    ...own,
    path: '/finance_api/finance/companyBillingInfo/save',
    request: ZCompanyBillingInput,
    data: ZCompanyBilling,
    ...invoiceEdit,
    summary: 'Creates or replaces the invoicing details of a company (one per company)',
  }),
} as const;
