import { z } from 'zod';
import { id, isoDate, pageOf } from '../common';
import { defineCall } from '../define';
import { DOCUMENT_MSG, DOCUMENT_STATES } from '../document';
import { defineResourceMeta, exportRequest, pageRequest, ZImportRequest, ZImportResult } from '../resource';
import { ZFlowData } from './bpm';
import { identityChecked } from './employee';
import { ZConfirmationForm } from './hr';

/**
 * The employee lifecycle (docs/domain/hr-lifecycle.md): onboarding, regularisation, transfer and
 * adjustment, resignation and dismissal, renewal, and the change log. Every request is a business
 * document carried by the approval engine.
 */

export const LIFECYCLE_PERM = {
  /** Read the lifecycle lists of the data scope (HR, HR director). */
  list: 'hr:lifecycle:list',
  /** Start and change requests for others: onboarding, transfers, dismissals, renewals, bulk confirmations, notices. */
  manage: 'hr:lifecycle:manage',
  /** Export the lifecycle lists. */
  export: 'hr:lifecycle:export',
} as const;

export const TRANSFER_PROCESS_KEY = 'Transfer_Process';
export const QUIT_APPLY_PROCESS_KEY = 'QuitApply_Process';
export const QUIT_PROCESS_KEY = 'Quit_Process';
export const RENEWAL_PROCESS_KEY = 'Renewal_Process';
export const INDUCTION_PROCESS_KEY = 'Induction_Process';
export const LIFECYCLE_PROCESS_KEYS = [TRANSFER_PROCESS_KEY, QUIT_APPLY_PROCESS_KEY, QUIT_PROCESS_KEY, RENEWAL_PROCESS_KEY, INDUCTION_PROCESS_KEY] as const;

/** change_type of a transfer document (EMPEVENT codes). */
export const CHANGE_TYPE = { transfer: '003', adjustment: '004' } as const;
export const QUIT_KIND = { apply: 'apply', dismiss: 'dismiss' } as const;
export const ONBOARDING_STAGES = ['offer', 'invited', 'filled', 'confirming', 'onboarded', 'gaveUpOffer', 'gaveUpInduction'] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];

export const LIFECYCLE_MSG = {
  sameOrg: '调入部门不能与当前部门相同',
  nothingChanged: '调岗调薪至少需要调整岗位、职级或薪资中的一项',
  notClient: '所选客户单位不存在',
  orgMissing: '调入部门不存在',
  gradeMissing: '职级不存在',
  openTransfer: '该员工已有进行中的调动/调岗调薪申请',
  openQuit: '该员工已有进行中的离职申请',
  openRenewal: '该员工已有进行中的续签申请',
  leaving: '该员工已离职或正在离职，不能发起该申请',
  quitBeforeEntry: '最后工作日不能早于入职日期',
  noEmployee: '您还没有员工档案，不能提交离职申请',
  holdings: (items: string) => `该员工仍有未交接的事项：${items}`,
  /** Shown before a departure starts: what is still held goes to successors during the approval. */
  holdingsNotice: (items: string) => `尚有未交接的事项：${items}。可以先提交离职申请，审批期间由部门负责人或人力资源指定接手人完成交接，交接完成后才能确认离职`,
  renewalOrder: '新合同结束日期必须晚于开始日期',
  linkDead: '入职链接已失效或已使用，请联系人事专员',
  stage: (what: string) => `当前入职状态不能${what}`,
  idTaken: '该证件号码已有进行中的入职或已是在职员工',
  userCodeTaken: '账号已存在',
  onboardFill: '请先由新员工填写入职信息',
  mailNone: '没有可发送转正通知的员工',
  notYours: '只能处理本人的申请',
  notCorrectable: DOCUMENT_MSG.notCorrectable,
  submitted: '提交成功',
} as const;

const keyword = () => z.string().trim().max(64).optional();
const optionalId = () => id().optional().nullable();
const state = z.enum(DOCUMENT_STATES);
const yuan = () => z.coerce.number().min(0).max(10_000_000).multipleOf(0.01, '金额最多两位小数');
const reasonText = (message: string) => z.string().trim().min(1, message).max(500, '最多输入500个字符');

const docFields = {
  id: z.number().int(),
  documentNo: z.string().nullable(),
  state: z.string(),
  /** STATUS legend code of the state. */
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  createdAt: z.string(),
};
const docMeta = {
  documentNo: { label: '单据编号', labelEn: 'Number', width: 150 },
  state: { label: '审批状态', labelEn: 'State', export: false, hideInTable: true },
  status: { label: '审批状态', labelEn: 'Status', valueType: 'dict', dict: 'STATUS', width: 90 },
  processInstanceId: { label: '流程实例', labelEn: 'Instance', hideInTable: true, export: false },
  createdAt: { label: '申请时间', labelEn: 'Created', valueType: 'datetime', width: 160 },
} as const;
const listFilters = {
  keyword: keyword(),
  orgId: optionalId(),
  state: state.optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
};

// ---------------------------------------------------------------------------------------------
// Transfer and adjustment

export const ZMoveRecord = z.object({
  ...docFields,
  employeeId: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string(),
  changeType: z.string(),
  fromOrgName: z.string().nullable(),
  toOrgId: z.number().int(),
  toOrgName: z.string().nullable(),
  fromPositionName: z.string().nullable(),
  toPositionName: z.string().nullable(),
  fromGradeName: z.string().nullable(),
  toGradeName: z.string().nullable(),
  fromClientName: z.string().nullable(),
  toClientName: z.string().nullable(),
  /** Yuan; null when the reader may not see pay. */
  fromSalary: z.number().nullable(),
  toSalary: z.number().nullable(),
  effectiveDate: z.string(),
  reason: z.string(),
  appliedAt: z.string().nullable(),
});
export type MoveRecord = z.output<typeof ZMoveRecord>;

export const transferMeta = defineResourceMeta(ZMoveRecord, {
  name: 'transfer',
  title: '调动管理',
  titleEn: 'Transfers',
  rowKey: 'id',
  fields: {
    ...docMeta,
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    employeeName: { label: '姓名', labelEn: 'Name', width: 90 },
    changeType: { label: '变动类型', labelEn: 'Kind', valueType: 'dict', dict: 'EMPEVENT', width: 90 },
    fromOrgName: { label: '原部门', labelEn: 'From unit', width: 130 },
    toOrgName: { label: '新部门', labelEn: 'To unit', width: 130 },
    fromPositionName: { label: '原岗位', labelEn: 'From position' },
    toPositionName: { label: '新岗位', labelEn: 'To position' },
    fromGradeName: { label: '原职级', labelEn: 'From grade', hideInTable: true },
    toGradeName: { label: '新职级', labelEn: 'To grade', hideInTable: true },
    fromClientName: { label: '原客户单位', labelEn: 'From client', hideInTable: true },
    toClientName: { label: '新客户单位', labelEn: 'To client', hideInTable: true },
    fromSalary: { label: '原月薪', labelEn: 'From salary', valueType: 'money', hideInTable: true },
    toSalary: { label: '新月薪', labelEn: 'To salary', valueType: 'money', hideInTable: true },
    effectiveDate: { label: '生效日期', labelEn: 'Effective', valueType: 'date', sortable: true, width: 110 },
    reason: { label: '调动原因', labelEn: 'Reason', hideInTable: true },
    appliedAt: { label: '生效时间', labelEn: 'Applied', valueType: 'datetime', hideInTable: true },
  },
});

export const ZTransferForm = z.object({
  employeeId: id(),
  changeType: z.enum([CHANGE_TYPE.transfer, CHANGE_TYPE.adjustment]).default(CHANGE_TYPE.transfer),
  /** The receiving unit (a transfer); an adjustment stays in the current unit when left out. */
  toOrgId: optionalId(),
  toPositionId: optionalId(),
  toPositionName: z.string().trim().max(64).optional().nullable(),
  toGradeId: optionalId(),
  toClientCompanyId: optionalId(),
  toSalary: yuan().optional().nullable(),
  effectiveDate: isoDate(),
  reason: reasonText('请输入调动原因'),
});
export type TransferForm = z.input<typeof ZTransferForm>;

export const ZStarted = z.object({ id: z.number().int(), documentNo: z.string(), processInstanceId: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Resignation and dismissal

export const ZQuitRecord = z.object({
  ...docFields,
  employeeId: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  entryDate: z.string().nullable(),
  quitKind: z.string(),
  quitType: z.string(),
  reason: z.string(),
  applyDate: z.string(),
  lastWorkDate: z.string(),
  handoverUserName: z.string().nullable(),
  handoverNote: z.string().nullable(),
  fileIds: z.array(z.number().int()),
  appliedAt: z.string().nullable(),
});
export type QuitRecord = z.output<typeof ZQuitRecord>;

export const quitMeta = defineResourceMeta(ZQuitRecord, {
  name: 'quit',
  title: '离职管理',
  titleEn: 'Resignations',
  rowKey: 'id',
  fields: {
    ...docMeta,
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    employeeName: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Unit', width: 130 },
    positionName: { label: '岗位', labelEn: 'Position', hideInTable: true },
    entryDate: { label: '入职日期', labelEn: 'Entry', valueType: 'date', hideInTable: true },
    quitKind: { label: '申请方式', labelEn: 'Kind', hideInTable: true },
    quitType: { label: '离职类型', labelEn: 'Type', valueType: 'dict', dict: 'QUITTYPE', width: 100 },
    reason: { label: '离职原因', labelEn: 'Reason', hideInTable: true },
    applyDate: { label: '申请日期', labelEn: 'Applied', valueType: 'date', hideInTable: true },
    lastWorkDate: { label: '最后工作日', labelEn: 'Last day', valueType: 'date', sortable: true, width: 110 },
    handoverUserName: { label: '工作交接人', labelEn: 'Handover to', width: 90 },
    handoverNote: { label: '交接说明', labelEn: 'Handover note', hideInTable: true },
    fileIds: { label: '附件', labelEn: 'Files', hideInTable: true, export: false },
    appliedAt: { label: '离职生效时间', labelEn: 'Left at', valueType: 'datetime', hideInTable: true },
  },
});

const quitFields = {
  quitType: z
    .string()
    .trim()
    .regex(/^00[1-5]$/, '请选择离职类型'),
  reason: reasonText('请输入离职原因'),
  lastWorkDate: isoDate(),
  handoverUserCode: z.string().trim().max(64).optional().nullable(),
  handoverNote: z.string().trim().max(500).optional().nullable(),
  fileIds: z.array(id()).max(10).optional(),
};
export const ZQuitApplyForm = z.object(quitFields);
export const ZQuitForm = z.object({ employeeId: id(), ...quitFields });
export type QuitForm = z.input<typeof ZQuitForm>;

/**
 * What the applicant may correct when resubmitting a request sent back, by process: through
 * `instance/againSubmit` (other fields are left out) or the process centre's `task/resubmit` (other
 * fields are refused: the form there is merged into the process's variables, which route it).
 * Absent or null: unchanged. The record is then checked as on submission.
 */
export const ZTransferCorrection = z
  .object({
    effectiveDate: isoDate(),
    reason: ZTransferForm.shape.reason,
    toPositionName: ZTransferForm.shape.toPositionName,
    toSalary: ZTransferForm.shape.toSalary,
  })
  .partial();
export const ZQuitCorrection = z.object({ lastWorkDate: isoDate(), reason: quitFields.reason, handoverNote: quitFields.handoverNote }).partial();

export const ZHolding = z.object({ kind: z.string(), label: z.string(), count: z.number().int() });
export type Holding = z.output<typeof ZHolding>;
/**
 * Whether a departure may start (issue 39): `ok` and `messages` are what stops it (dates, a request
 * already open, someone already leaving). What the person still holds does not: it is handed over
 * during the approval, and only the last step (工作交接确认) waits for it; `notice` says so.
 */
export const ZQuitCheck = z.object({ ok: z.boolean(), messages: z.array(z.string()), holdings: z.array(ZHolding), notice: z.string().nullable() });

export const ZDepartureRecord = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  name: z.string(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  personCategory: z.string(),
  employState: z.string(),
  entryDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  quitType: z.string().nullable(),
  documentNo: z.string().nullable(),
});
export type DepartureRecord = z.output<typeof ZDepartureRecord>;
export const departureMeta = defineResourceMeta(ZDepartureRecord, {
  name: 'departure',
  title: '离职人员',
  titleEn: 'Leavers',
  rowKey: 'id',
  fields: {
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    name: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Unit', width: 130 },
    positionName: { label: '岗位', labelEn: 'Position' },
    personCategory: { label: '人员类别', labelEn: 'Category', valueType: 'dict', dict: 'PERSONCATEGORY' },
    employState: { label: '员工状态', labelEn: 'State', valueType: 'dict', dict: 'EMPLOYSTATE', width: 90 },
    entryDate: { label: '入职日期', labelEn: 'Entry', valueType: 'date' },
    leaveDate: { label: '离职日期', labelEn: 'Left on', valueType: 'date', sortable: true },
    quitType: { label: '离职类型', labelEn: 'Type', valueType: 'dict', dict: 'QUITTYPE' },
    documentNo: { label: '离职单号', labelEn: 'Number' },
  },
});

// ---------------------------------------------------------------------------------------------
// Renewal

export const ZRenewalRecord = z.object({
  ...docFields,
  employeeId: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string(),
  orgName: z.string().nullable(),
  oldEndDate: z.string().nullable(),
  newStartDate: z.string(),
  newEndDate: z.string(),
  contractType: z.string(),
  remark: z.string().nullable(),
});
export type RenewalRecord = z.output<typeof ZRenewalRecord>;
export const renewalMeta = defineResourceMeta(ZRenewalRecord, {
  name: 'renewal',
  title: '合同续签',
  titleEn: 'Renewals',
  rowKey: 'id',
  fields: {
    ...docMeta,
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    employeeName: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Unit', width: 130 },
    oldEndDate: { label: '原合同到期日', labelEn: 'Old end', valueType: 'date' },
    newStartDate: { label: '新合同开始日', labelEn: 'New start', valueType: 'date' },
    newEndDate: { label: '新合同到期日', labelEn: 'New end', valueType: 'date', sortable: true },
    contractType: { label: '合同类型', labelEn: 'Type', valueType: 'dict', dict: 'CONTRACTTYPE' },
    remark: { label: '备注', labelEn: 'Remark', hideInTable: true },
  },
});
export const ZRenewalForm = z
  .object({
    employeeId: id(),
    newStartDate: isoDate(),
    newEndDate: isoDate(),
    contractType: z
      .string()
      .trim()
      .regex(/^00[1-3]$/, '请选择合同类型'),
    remark: z.string().trim().max(500).optional().nullable(),
  })
  .refine((v) => v.newEndDate > v.newStartDate, { path: ['newEndDate'], message: LIFECYCLE_MSG.renewalOrder });
export const ZRenewalCorrection = z.object({ newStartDate: isoDate(), newEndDate: isoDate(), remark: z.string().trim().max(500).nullable() }).partial();

export const ZRenewalDueRecord = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  name: z.string(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  entryDate: z.string().nullable(),
  contractEndDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  renewalState: z.string().nullable(),
  renewalNo: z.string().nullable(),
});
export type RenewalDueRecord = z.output<typeof ZRenewalDueRecord>;
export const renewalDueMeta = defineResourceMeta(ZRenewalDueRecord, {
  name: 'renewalDue',
  title: '合同到期',
  titleEn: 'Contracts ending',
  rowKey: 'id',
  fields: {
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    name: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Unit', width: 130 },
    positionName: { label: '岗位', labelEn: 'Position' },
    entryDate: { label: '入职日期', labelEn: 'Entry', valueType: 'date' },
    contractEndDate: { label: '合同到期日', labelEn: 'Contract end', valueType: 'date', sortable: true },
    daysLeft: { label: '剩余天数', labelEn: 'Days left', valueType: 'number' },
    renewalState: { label: '续签状态', labelEn: 'Renewal', hideInTable: true },
    renewalNo: { label: '续签单号', labelEn: 'Renewal no.' },
  },
});

// ---------------------------------------------------------------------------------------------
// Onboarding

export const ZOnboardingRecord = z.object({
  ...docFields,
  source: z.string(),
  stage: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  idType: z.string(),
  idNumber: z.string().nullable(),
  orgId: z.number().int(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  gradeName: z.string().nullable(),
  personCategory: z.string(),
  plannedEntryDate: z.string(),
  probationMonths: z.number().int(),
  userCode: z.string().nullable(),
  employeeId: z.number().int().nullable(),
  filledAt: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  signFileId: z.number().int().nullable(),
  giveupReason: z.string().nullable(),
});
export type OnboardingRecord = z.output<typeof ZOnboardingRecord>;
export const onboardingMeta = defineResourceMeta(ZOnboardingRecord, {
  name: 'onboarding',
  title: '入职管理',
  titleEn: 'Onboarding',
  rowKey: 'id',
  fields: {
    ...docMeta,
    name: { label: '姓名', labelEn: 'Name', width: 90 },
    source: { label: '来源', labelEn: 'Source', hideInTable: true },
    stage: { label: '入职阶段', labelEn: 'Stage', valueType: 'dict', dict: 'ONBOARDSTAGE', width: 100 },
    phone: { label: '手机号', labelEn: 'Phone', width: 120 },
    email: { label: '邮箱', labelEn: 'E-mail', hideInTable: true },
    idType: { label: '证件类型', labelEn: 'ID type', valueType: 'dict', dict: 'IDTYPE', hideInTable: true },
    idNumber: { label: '证件号码', labelEn: 'ID number', hideInTable: true },
    orgId: { label: '入职部门', labelEn: 'Unit', hideInTable: true, export: false },
    orgName: { label: '入职部门', labelEn: 'Unit', width: 130 },
    positionName: { label: '岗位', labelEn: 'Position' },
    gradeName: { label: '职级', labelEn: 'Grade', hideInTable: true },
    personCategory: { label: '人员类别', labelEn: 'Category', valueType: 'dict', dict: 'PERSONCATEGORY' },
    plannedEntryDate: { label: '预计入职日期', labelEn: 'Entry date', valueType: 'date', sortable: true, width: 110 },
    probationMonths: { label: '试用期(月)', labelEn: 'Probation', valueType: 'number', hideInTable: true },
    userCode: { label: '账号', labelEn: 'Account', hideInTable: true },
    employeeId: { label: '员工', labelEn: 'Employee', hideInTable: true, export: false },
    filledAt: { label: '填写时间', labelEn: 'Filled', valueType: 'datetime', hideInTable: true },
    linkExpiresAt: { label: '链接有效期', labelEn: 'Link expires', valueType: 'datetime', hideInTable: true },
    signFileId: { label: '签署文件', labelEn: 'Signed file', hideInTable: true, export: false },
    giveupReason: { label: '放弃原因', labelEn: 'Reason given up', hideInTable: true },
  },
});

const mobile = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, '手机号格式不正确');
export const ZOnboardingForm = z.object({
  name: z.string().trim().min(1, '请输入姓名').max(64),
  phone: mobile,
  email: z
    .string()
    .trim()
    .email('邮箱格式不正确')
    .max(128)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
  idType: z.string().trim().max(8).default('001'),
  idNumber: z.string().trim().max(32).optional().nullable(),
  orgId: id(),
  positionId: optionalId(),
  positionName: z.string().trim().max(64).optional().nullable(),
  gradeId: optionalId(),
  personCategory: z
    .string()
    .trim()
    .regex(/^00[1-5]$/, '请选择人员类别')
    .default('001'),
  clientCompanyId: optionalId(),
  plannedEntryDate: isoDate(),
  probationMonths: z.coerce.number().int().min(0).max(6).default(3),
  salary: yuan().optional().nullable(),
  userCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{2,64}$/, '账号只能包含字母、数字和 _ . @ -')
    .optional()
    .nullable(),
});
/** What HR may correct when resubmitting an onboarding sent back (as `saveOnDutyConfirmInfo` sets before confirming). */
export const ZOnboardingCorrection = z.object({ plannedEntryDate: isoDate(), probationMonths: z.coerce.number().int().min(0).max(6) }).partial();

/** What the hire fills through the link (the on-duty information). */
export const ZOnDutyBase = z.object({
  gender: z.enum(['1', '2'], { error: '请选择性别' }).optional().nullable(),
  idType: z.string().trim().max(8).optional(),
  idNumber: z.string().trim().max(32).optional().nullable(),
  email: z
    .string()
    .trim()
    .email('邮箱格式不正确')
    .max(128)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
  address: z.string().trim().max(255).optional().nullable(),
  registeredAddress: z.string().trim().max(255).optional().nullable(),
  emergencyContact: z.string().trim().min(1, '请输入紧急联系人').max(64),
  emergencyPhone: mobile,
  highestEducation: z.string().trim().max(8).optional().nullable(),
  school: z.string().trim().max(128).optional().nullable(),
  bankName: z.string().trim().max(64).optional().nullable(),
  bankAccount: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, '银行账号应为8到30位数字')
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
  politics: z.string().trim().max(8).optional().nullable(),
  marital: z.string().trim().max(8).optional().nullable(),
});
export type OnDutyBase = z.output<typeof ZOnDutyBase>;

export const ZOnDutyPublic = z.object({
  name: z.string(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  plannedEntryDate: z.string(),
  stage: z.string(),
  info: z.record(z.string(), z.unknown()),
});

const tokenOnly = z.object({ token: z.string().trim().min(10).max(400) });

export const ZOnboardingDetail = z.object({
  record: ZOnboardingRecord,
  info: z.record(z.string(), z.unknown()),
  flow: ZFlowData.nullable(),
});

// ---------------------------------------------------------------------------------------------
// Regularisation lists

export const ZFormalRecord = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  name: z.string(),
  userCode: z.string().nullable(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  personCategory: z.string(),
  entryDate: z.string().nullable(),
  probationMonths: z.number().int(),
  dueDate: z.string().nullable(),
  confirmationState: z.string().nullable(),
  documentNo: z.string().nullable(),
  regularDate: z.string().nullable(),
  noticeSentAt: z.string().nullable(),
  email: z.string().nullable(),
});
export type FormalRecord = z.output<typeof ZFormalRecord>;
export const formalMeta = defineResourceMeta(ZFormalRecord, {
  name: 'formal',
  title: '转正管理',
  titleEn: 'Confirmations',
  rowKey: 'id',
  fields: {
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    name: { label: '姓名', labelEn: 'Name', width: 90 },
    userCode: { label: '账号', labelEn: 'Account', hideInTable: true },
    orgName: { label: '部门', labelEn: 'Unit', width: 130 },
    positionName: { label: '岗位', labelEn: 'Position' },
    personCategory: { label: '人员类别', labelEn: 'Category', valueType: 'dict', dict: 'PERSONCATEGORY' },
    entryDate: { label: '入职日期', labelEn: 'Entry', valueType: 'date', sortable: true },
    probationMonths: { label: '试用期(月)', labelEn: 'Probation', valueType: 'number', hideInTable: true },
    dueDate: { label: '预计转正日期', labelEn: 'Due', valueType: 'date', sortable: true },
    confirmationState: { label: '转正审批', labelEn: 'Confirmation', width: 90 },
    documentNo: { label: '转正单号', labelEn: 'Number' },
    regularDate: { label: '转正日期', labelEn: 'Regular since', valueType: 'date' },
    noticeSentAt: { label: '通知发送时间', labelEn: 'Notice sent', valueType: 'datetime' },
    email: { label: '邮箱', labelEn: 'E-mail', hideInTable: true },
  },
});

// ---------------------------------------------------------------------------------------------
// Change log

export const ZChangeLogRecord = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string(),
  kind: z.string(),
  effectiveDate: z.string(),
  fromOrgName: z.string().nullable(),
  toOrgName: z.string().nullable(),
  fromPosition: z.string().nullable(),
  toPosition: z.string().nullable(),
  fromGradeName: z.string().nullable(),
  toGradeName: z.string().nullable(),
  documentNo: z.string().nullable(),
  remark: z.string().nullable(),
});
export type ChangeLogRecord = z.output<typeof ZChangeLogRecord>;
export const changeLogMeta = defineResourceMeta(ZChangeLogRecord, {
  name: 'changeLog',
  title: '员工异动记录',
  titleEn: 'Change log',
  rowKey: 'id',
  fields: {
    employeeId: { label: '员工', labelEn: 'Employee', hideInTable: true, export: false },
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    employeeName: { label: '姓名', labelEn: 'Name', width: 90 },
    kind: { label: '变动类型', labelEn: 'Kind', valueType: 'dict', dict: 'EMPEVENT', filter: 'eq', width: 90 },
    effectiveDate: { label: '生效日期', labelEn: 'Effective', valueType: 'date', sortable: true, width: 110 },
    fromOrgName: { label: '原部门', labelEn: 'From unit' },
    toOrgName: { label: '新部门', labelEn: 'To unit' },
    fromPosition: { label: '原岗位', labelEn: 'From position' },
    toPosition: { label: '新岗位', labelEn: 'To position' },
    fromGradeName: { label: '原职级', labelEn: 'From grade', hideInTable: true },
    toGradeName: { label: '新职级', labelEn: 'To grade', hideInTable: true },
    documentNo: { label: '单据编号', labelEn: 'Number' },
    remark: { label: '备注', labelEn: 'Remark', hideInTable: true },
  },
});

export const ZHrmAgency = z.object({
  offers: z.number().int(),
  onDutyToConfirm: z.number().int(),
  probationDue: z.number().int(),
  myTasks: z.number().int(),
  contractsEnding: z.number().int(),
  resigning: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Calls

const hrm = (path: string) => `/hr_api/hrm/api/${path}`;
const page = <F extends z.ZodRawShape, S extends z.ZodType>(path: string, filters: F, record: S, summary: string, permission: string = LIFECYCLE_PERM.list) =>
  defineCall({
    method: 'POST',
    path: hrm(path),
    requestKind: 'json',
    request: pageRequest(filters),
    data: pageOf(record),
    permission,
    summary,
    fromSpec: true,
  });
const exportCall = <F extends z.ZodRawShape>(path: string, filters: F, summary: string, fromSpec = true) =>
  defineCall({
    method: 'POST',
    path: hrm(path),
    requestKind: 'json',
    responseKind: 'blob',
    request: exportRequest(filters),
    data: z.null(),
    permission: LIFECYCLE_PERM.export,
    summary,
    fromSpec,
  });
const docRef = z.object({ id: id().optional(), instanceId: id().optional(), processInstanceId: id().optional() });
const taskCommand = z.object({ taskId: id(), message: z.string().trim().max(200, '签字意见最多200个字符').optional().nullable() });

const transferFilters = { ...listFilters, changeType: z.enum([CHANGE_TYPE.transfer, CHANGE_TYPE.adjustment]).optional() };
const quitFilters = { ...listFilters, quitKind: z.enum([QUIT_KIND.apply, QUIT_KIND.dismiss]).optional() };
const onboardingFilters = {
  keyword: keyword(),
  orgId: optionalId(),
  stage: z.enum(ONBOARDING_STAGES).optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
};
const formalFilters = { keyword: keyword(), orgId: optionalId(), dueWithinDays: z.coerce.number().int().min(0).max(366).optional() };
const departureFilters = {
  keyword: keyword(),
  orgId: optionalId(),
  employState: z.enum(['004', '005']).optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
};
const renewalDueFilters = {
  keyword: keyword(),
  orgId: optionalId(),
  days: z.coerce
    .number()
    .int()
    .refine((d) => [30, 60, 90].includes(d), '只能查询30、60或90天内到期的合同')
    .default(30),
};
const changeLogFilters = {
  keyword: keyword(),
  orgId: optionalId(),
  kind: z.string().max(8).optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
};

export const lifecycleCalls = {
  // --- transfer and adjustment
  startTransferInstance: defineCall({
    method: 'POST',
    path: hrm('instance/startTransferInstance'),
    requestKind: 'json',
    request: ZTransferForm,
    data: ZStarted,
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Starts a transfer (003) or adjustment (004) of one employee',
    fromSpec: true,
  }),
  getTransferInstanceInfo: defineCall({
    method: 'POST',
    path: hrm('business/getTransferInstanceInfo'),
    requestKind: 'json',
    request: docRef,
    data: z.object({ record: ZMoveRecord, flow: ZFlowData }),
    permission: 'login',
    summary: 'A transfer with its flow (HR in scope, the employee, everyone on the flow)',
    fromSpec: true,
  }),
  getTransferPage: page('employee/getTransferPage', transferFilters, ZMoveRecord, 'Transfers and adjustments in the data scope'),
  getTransferExport: exportCall('employee/getTransferExport', transferFilters, 'xlsx of the filtered transfers'),
  getAdjustmentPage: page('employee/getAdjustmentPage', listFilters, ZMoveRecord, 'Adjustments (调岗调薪) in the data scope'),
  getAdjustmentInfo: defineCall({
    method: 'POST',
    path: hrm('employee/getAdjustmentInfo'),
    requestKind: 'json',
    request: docRef,
    data: z.object({ record: ZMoveRecord, flow: ZFlowData }),
    permission: 'login',
    summary: 'An adjustment with its flow',
    fromSpec: true,
  }),
  importReceiveList: defineCall({
    method: 'POST',
    path: hrm('employee/importReceiveList'),
    requestKind: 'multipart',
    request: ZImportRequest,
    data: ZImportResult,
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Batch transfers from xlsx: checked per row; with confirm=true all valid rows are stored and submitted in one transaction',
    fromSpec: true,
  }),
  downloadTemplate: defineCall({
    method: 'GET',
    path: hrm('employee/downloadTemplate'),
    requestKind: 'query',
    responseKind: 'blob',
    request: z.object({}),
    data: z.null(),
    permission: LIFECYCLE_PERM.manage,
    summary: 'The batch transfer template (xlsx)',
    fromSpec: true,
  }),

  // --- resignation and dismissal
  startQuitApplyInstance: defineCall({
    method: 'POST',
    path: hrm('instance/startQuitApplyInstance'),
    requestKind: 'json',
    request: ZQuitApplyForm,
    data: ZStarted,
    permission: 'login',
    write: true,
    summary: 'The signed-in employee resigns (离职申请)',
    fromSpec: true,
  }),
  startQuitInstance: defineCall({
    method: 'POST',
    path: hrm('instance/startQuitInstance'),
    requestKind: 'json',
    request: ZQuitForm,
    data: ZStarted,
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'HR starts a departure or dismissal (辞退) of an employee',
    fromSpec: true,
  }),
  quitCheck: defineCall({
    method: 'POST',
    path: hrm('quit/check'),
    requestKind: 'json',
    request: z.object({ employeeId: id().optional(), lastWorkDate: isoDate().optional() }),
    data: ZQuitCheck,
    permission: 'login',
    summary: 'Whether a departure may start: open requests, dates and what the person still holds',
    fromSpec: true,
  }),
  checkQuitScaler: defineCall({
    method: 'POST',
    path: hrm('quit/checkQuitScaler'),
    requestKind: 'json',
    request: z.object({ employeeId: id() }),
    data: z.object({ employeeId: z.number().int(), userId: z.number().int().nullable(), holdings: z.array(ZHolding), total: z.number().int() }),
    permission: LIFECYCLE_PERM.list,
    summary: 'What a leaver still holds (the hand-over scale), from the departure-holdings hook',
    fromSpec: true,
  }),
  addDismissFile: defineCall({
    method: 'POST',
    path: hrm('quit/addDismissFile'),
    requestKind: 'json',
    request: z.object({ id: id(), fileId: id() }),
    data: z.object({ fileIds: z.array(z.number().int()) }),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Attaches a dismissal document to an open departure',
    fromSpec: true,
  }),
  getQuitInstanceInfo: defineCall({
    method: 'POST',
    path: hrm('business/getQuitInstanceInfo'),
    requestKind: 'json',
    request: docRef,
    data: z.object({ record: ZQuitRecord, flow: ZFlowData }),
    permission: 'login',
    summary: 'A departure with its flow',
    fromSpec: true,
  }),
  getQuitApplyInfo: defineCall({
    method: 'POST',
    path: hrm('business/getQuitApplyInfo'),
    requestKind: 'json',
    request: docRef,
    data: z.object({ record: ZQuitRecord, flow: ZFlowData }),
    permission: 'login',
    summary: 'A resignation with its flow',
    fromSpec: true,
  }),
  getQuitSelfInfo: defineCall({
    method: 'POST',
    path: hrm('business/getQuitSelfInfo'),
    requestKind: 'json',
    request: z.object({}),
    data: z.object({
      employeeId: z.number().int().nullable(),
      name: z.string(),
      orgName: z.string().nullable(),
      positionName: z.string().nullable(),
      entryDate: z.string().nullable(),
      employState: z.string().nullable(),
      current: ZQuitRecord.nullable(),
      flow: ZFlowData.nullable(),
    }),
    permission: 'login',
    summary: 'The signed-in employee: their facts and their latest resignation',
    fromSpec: true,
  }),
  getQuitPage: page('employee/getQuitPage', quitFilters, ZQuitRecord, 'Resignations and dismissals in the data scope'),
  getQuitInfo: defineCall({
    method: 'POST',
    path: hrm('employee/getQuitInfo'),
    requestKind: 'json',
    request: docRef,
    data: z.object({ record: ZQuitRecord, flow: ZFlowData }),
    permission: 'login',
    summary: 'A departure document',
    fromSpec: true,
  }),
  exportQuitData: exportCall('employee/exportQuitData', quitFilters, 'xlsx of the filtered departure documents'),
  getDeparturePage: page('employee/getDeparturePage', departureFilters, ZDepartureRecord, 'Leaving and left employees in the data scope'),
  getDepartureInfo: defineCall({
    method: 'POST',
    path: hrm('employee/getDepartureInfo'),
    requestKind: 'json',
    request: z.object({ employeeId: id() }),
    data: z.object({ departure: ZDepartureRecord, quits: z.array(ZQuitRecord) }),
    permission: LIFECYCLE_PERM.list,
    summary: "A leaver's facts and their departure documents",
    fromSpec: true,
  }),
  getQuitExport: exportCall('employee/getQuitExport', departureFilters, 'xlsx of the filtered leavers'),

  // --- renewal
  getRenewalPage: page('employee/getRenewalPage', renewalDueFilters, ZRenewalDueRecord, 'Employees whose contract ends within 30/60/90 days (or has ended)'),
  startRenewalInstance: defineCall({
    method: 'POST',
    path: hrm('instance/startRenewalInstance'),
    requestKind: 'json',
    request: ZRenewalForm,
    data: ZStarted,
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Starts the renewal of an employee’s labour contract',
    fromSpec: false,
  }),
  getRenewalInfo: defineCall({
    method: 'POST',
    path: hrm('business/getRenewalInfo'),
    requestKind: 'json',
    request: docRef,
    data: z.object({ record: ZRenewalRecord, flow: ZFlowData }),
    permission: 'login',
    summary: 'A renewal with its flow',
    fromSpec: false,
  }),
  contractSelectPage: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/contract/selectPage',
    requestKind: 'json',
    request: pageRequest(listFilters),
    data: pageOf(ZRenewalRecord),
    permission: LIFECYCLE_PERM.list,
    summary: 'Renewal documents in the data scope',
    fromSpec: true,
  }),
  contractSelectPage1: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/contract/selectPage1',
    requestKind: 'json',
    request: pageRequest({ keyword: keyword(), orgId: optionalId(), endFrom: isoDate().optional(), endTo: isoDate().optional() }),
    data: pageOf(ZRenewalDueRecord),
    permission: LIFECYCLE_PERM.list,
    summary: "Employees' labour contracts (end dates) in the data scope",
    fromSpec: true,
  }),

  // --- regularisation
  getFormalPage: page('employee/getFormalPage', formalFilters, ZFormalRecord, 'People on probation with their due date and confirmation state'),
  getFormalReceiveList: page(
    'employee/getFormalReceiveList',
    { keyword: keyword(), orgId: optionalId(), sent: z.boolean().optional() },
    ZFormalRecord,
    'Confirmed people and whether their notice was mailed',
  ),
  sendFormalMail: defineCall({
    method: 'POST',
    path: hrm('employee/sendFormalMail'),
    requestKind: 'json',
    request: z.object({ employeeIds: z.array(id()).min(1).max(500) }),
    data: z.object({ sent: z.number().int(), skipped: z.number().int() }),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Mails the confirmation notice (转正通知) through the outbox; a person already notified is skipped',
    fromSpec: true,
  }),
  exportFormalData: exportCall('employee/exportFormalData', formalFilters, 'xlsx of the probation list'),
  startRegularInstances: defineCall({
    method: 'POST',
    path: hrm('instance/startRegularInstances'),
    requestKind: 'json',
    request: z.object({ list: z.array(ZConfirmationForm).min(1).max(200) }),
    data: z.array(z.object({ id: z.number().int(), employeeId: z.number().int(), processInstanceId: z.number().int() })),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'HR starts the confirmation for many people at once (all or nothing)',
    fromSpec: true,
  }),

  // --- onboarding
  getOfferPage: page('employee/getOfferPage', onboardingFilters, ZOnboardingRecord, 'Accepted offers waiting for entry (offer, invited)'),
  getOnDutyPage: page('employee/getOnDutyPage', onboardingFilters, ZOnboardingRecord, 'On-duty information filled and waiting for HR (filled, confirming)'),
  getInductionPage: page('employee/getInductionPage', onboardingFilters, ZOnboardingRecord, 'Onboardings done or given up'),
  exportOnDutyUser: exportCall('employee/exportOnDutyUser', onboardingFilters, 'xlsx of the onboardings waiting for confirmation'),
  getInductionExport: exportCall('employee/getInductionExport', onboardingFilters, 'xlsx of the finished onboardings'),
  exportSignData: exportCall('employee/exportSignData', onboardingFilters, 'xlsx of onboardings with their signed file'),
  addOnboarding: defineCall({
    method: 'POST',
    path: hrm('employee/addOnboarding'),
    requestKind: 'json',
    request: ZOnboardingForm.superRefine(identityChecked),
    data: z.object({ id: z.number().int() }),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'HR records an accepted offer (stage offer)',
    fromSpec: false,
  }),
  updateOnDuty: defineCall({
    method: 'POST',
    path: hrm('employee/updateOnDuty'),
    requestKind: 'json',
    request: ZOnboardingForm.extend({ id: id() }).superRefine(identityChecked),
    data: z.null(),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'HR corrects an onboarding before it is confirmed',
    fromSpec: true,
  }),
  getOnDutyInfo: defineCall({
    method: 'POST',
    path: hrm('employee/getOnDutyInfo'),
    requestKind: 'json',
    request: docRef,
    data: ZOnboardingDetail,
    permission: 'login',
    summary: 'An onboarding with what the hire filled and its flow',
    fromSpec: true,
  }),
  createOuterChain: defineCall({
    method: 'POST',
    path: hrm('employee/createOuterChain'),
    requestKind: 'json',
    request: z.object({ id: id() }),
    data: z.object({ token: z.string(), url: z.string(), expiresAt: z.string() }),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'A signed link for the hire to fill their on-duty information (7 days)',
    fromSpec: true,
  }),
  getOnDutyBase: defineCall({
    method: 'POST',
    path: hrm('employee/getOnDutyBase'),
    requestKind: 'json',
    request: tokenOnly,
    data: ZOnDutyPublic,
    permission: 'public',
    summary: 'The hire opens their link (no account)',
    fromSpec: true,
  }),
  saveOnDutyBase: defineCall({
    method: 'POST',
    path: hrm('employee/saveOnDutyBase'),
    requestKind: 'json',
    request: tokenOnly.extend({ info: ZOnDutyBase }),
    data: z.null(),
    permission: 'public',
    write: true,
    summary: 'The hire saves their on-duty information through the link',
    fromSpec: true,
  }),
  getOnDutyConfirmInfo: defineCall({
    method: 'POST',
    path: hrm('employee/getOnDutyConfirmInfo'),
    requestKind: 'json',
    request: z.object({ id: id() }),
    data: z.object({ record: ZOnboardingRecord, info: z.record(z.string(), z.unknown()), checks: z.array(z.string()) }),
    permission: LIFECYCLE_PERM.list,
    summary: "What HR confirms: the record, the hire's information and what is still missing",
    fromSpec: true,
  }),
  saveOnDutyConfirmInfo: defineCall({
    method: 'POST',
    path: hrm('employee/saveOnDutyConfirmInfo'),
    requestKind: 'json',
    request: z.object({
      id: id(),
      plannedEntryDate: isoDate(),
      probationMonths: z.coerce.number().int().min(0).max(6),
      userCode: ZOnboardingForm.shape.userCode,
    }),
    data: z.null(),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'HR sets the entry date, probation and account before confirming',
    fromSpec: true,
  }),
  uploadSignFile: defineCall({
    method: 'POST',
    path: hrm('employee/uploadSignFile'),
    requestKind: 'json',
    request: z.object({ id: id(), fileId: id() }),
    data: z.null(),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Files the signed entry form / contract (an uploaded file of the caller) on the onboarding',
    fromSpec: true,
  }),
  confirmOnDuty: defineCall({
    method: 'POST',
    path: hrm('employee/confirmOnDuty'),
    requestKind: 'json',
    request: z.object({ id: id() }),
    data: ZStarted,
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'HR confirms the on-duty information: submits the onboarding for approval',
    fromSpec: true,
  }),
  giveupOffer: defineCall({
    method: 'POST',
    path: hrm('employee/giveupOffer'),
    requestKind: 'json',
    request: z.object({ id: id(), reason: reasonText('请输入放弃原因') }),
    data: z.null(),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'The hire gave up the offer before filling in (offer, invited)',
    fromSpec: true,
  }),
  giveupInduction: defineCall({
    method: 'POST',
    path: hrm('employee/giveupInduction'),
    requestKind: 'json',
    request: z.object({ id: id(), reason: reasonText('请输入放弃原因') }),
    data: z.null(),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'The hire gave up entry after filling in (filled)',
    fromSpec: true,
  }),
  deleteOnboarding: defineCall({
    method: 'POST',
    path: hrm('employee/delete'),
    requestKind: 'json',
    request: z.object({ id: id() }),
    data: z.null(),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Deletes an onboarding that never went to approval (offer or given up)',
    fromSpec: true,
  }),
  downOnDutyModel: defineCall({
    method: 'POST',
    path: hrm('employee/downOnDutyModel'),
    requestKind: 'json',
    responseKind: 'blob',
    request: z.object({}),
    data: z.null(),
    permission: LIFECYCLE_PERM.list,
    summary: 'The on-duty information form (xlsx) for hires who fill it on paper',
    fromSpec: true,
  }),
  getAdmissionInfo: defineCall({
    method: 'POST',
    path: hrm('business/getAdmissionInfo'),
    requestKind: 'json',
    request: docRef,
    data: ZOnboardingDetail,
    permission: 'login',
    summary: 'The onboarding of a process instance (process centre detail)',
    fromSpec: true,
  }),

  // --- requests (all lifecycle processes)
  getIsCc: defineCall({
    method: 'POST',
    path: hrm('instance/getIsCc'),
    requestKind: 'json',
    request: z.object({ processInstanceId: id() }),
    data: z.object({ isCc: z.boolean() }),
    permission: 'login',
    summary: 'Whether I hold an unread copy of the request',
    fromSpec: true,
  }),
  againSubmit: defineCall({
    method: 'POST',
    path: hrm('instance/againSubmit'),
    requestKind: 'json',
    request: taskCommand.extend({ form: z.record(z.string(), z.unknown()).optional() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'The applicant resubmits a request that was sent back (with corrections)',
    fromSpec: true,
  }),
  revoke: defineCall({
    method: 'POST',
    path: hrm('instance/revoke'),
    requestKind: 'json',
    request: z.object({ processInstanceId: id(), message: z.string().trim().max(200).optional().nullable() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'The applicant revokes a lifecycle request',
    fromSpec: true,
  }),
  rollback: defineCall({
    method: 'POST',
    path: hrm('instance/rollback'),
    requestKind: 'json',
    request: taskCommand.extend({ sort: z.coerce.number().int().min(0).max(1000).optional() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Sends a lifecycle request back (default: to the applicant)',
    fromSpec: true,
  }),
  dealAgency: defineCall({
    method: 'POST',
    path: hrm('instance/dealAgency'),
    requestKind: 'json',
    request: taskCommand,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task of a lifecycle request',
    fromSpec: true,
  }),
  reject: defineCall({
    method: 'POST',
    path: hrm('instance/reject'),
    requestKind: 'json',
    request: z.object({ taskId: id(), message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符') }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects a lifecycle request (ends it)',
    fromSpec: true,
  }),
  getBecomeRegularInfo: defineCall({
    method: 'POST',
    path: hrm('business/getBecomeRegularInfo'),
    requestKind: 'json',
    request: z.object({ id: id().optional(), processInstanceId: id().optional() }),
    data: z.object({ id: z.number().int(), documentNo: z.string().nullable(), employeeId: z.number().int(), state: z.string(), flow: ZFlowData }),
    permission: 'login',
    summary: 'A confirmation with its flow (process centre detail)',
    fromSpec: true,
  }),

  // --- change log and HR's to-dos
  getEmployeePage: page('employeeChange/getEmployeePage', changeLogFilters, ZChangeLogRecord, 'Every lifecycle event in the data scope'),
  exportEmpData: exportCall('employeeChange/exportEmpData', changeLogFilters, 'xlsx of the filtered change log'),
  getEmployeeByUser: defineCall({
    method: 'POST',
    path: hrm('employeeChange/getEmployeeByUser'),
    requestKind: 'json',
    request: z.object({}),
    data: z.array(ZChangeLogRecord),
    permission: 'login',
    summary: 'My own change log',
    fromSpec: true,
  }),
  getChangeByUserCode: defineCall({
    method: 'POST',
    path: hrm('employeeChange/getChangeByUserCode'),
    requestKind: 'json',
    request: z.object({ userCode: z.string().trim().min(1).max(64) }),
    data: z.array(ZChangeLogRecord),
    permission: LIFECYCLE_PERM.list,
    summary: "The change log of an account's employee (in scope)",
    fromSpec: true,
  }),
  getEmployeeByUserCode: defineCall({
    method: 'POST',
    path: hrm('employeeChange/getEmployeeByUserCode'),
    requestKind: 'json',
    request: z.object({ userCode: z.string().trim().min(1).max(64) }),
    data: z.object({
      employeeId: z.number().int(),
      employeeCode: z.string(),
      name: z.string(),
      orgId: z.number().int().nullable(),
      orgName: z.string().nullable(),
      positionName: z.string().nullable(),
      gradeName: z.string().nullable(),
      employState: z.string(),
      entryDate: z.string().nullable(),
    }),
    permission: LIFECYCLE_PERM.list,
    summary: 'The employee of an account (in scope), for the start dialogs',
    fromSpec: true,
  }),
  saveEmployeeChangeInfo: defineCall({
    method: 'POST',
    path: hrm('employeeChange/saveEmployeeChangeInfo'),
    requestKind: 'json',
    request: z.object({
      employeeId: id(),
      kind: z
        .string()
        .trim()
        .regex(/^00[1-6]$/, '请选择变动类型'),
      effectiveDate: isoDate(),
      toOrgId: optionalId(),
      toPosition: z.string().trim().max(64).optional().nullable(),
      remark: z.string().trim().min(1, '请输入备注').max(255),
    }),
    data: z.object({ id: z.number().int() }),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'HR records a historical change by hand (the master is not changed)',
    fromSpec: true,
  }),
  saveHourWhite: defineCall({
    method: 'POST',
    path: hrm('employeeChange/saveHourWhite'),
    requestKind: 'json',
    request: z
      .object({
        employeeIds: z.array(id()).min(1).max(500),
        startDate: isoDate(),
        endDate: isoDate().optional().nullable(),
        reason: z.string().trim().min(1, '请输入原因').max(255),
        remove: z.boolean().optional(),
      })
      .refine((v) => !v.endDate || v.endDate >= v.startDate, { path: ['endDate'], message: '结束日期不能早于开始日期' }),
    data: z.object({ saved: z.number().int() }),
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Puts employees on (or takes them off) the working-hours white list',
    fromSpec: true,
  }),
  getHrmAgency: defineCall({
    method: 'POST',
    path: hrm('employee/getHrmAgency'),
    requestKind: 'json',
    request: z.object({}),
    data: ZHrmAgency,
    permission: LIFECYCLE_PERM.list,
    summary: "HR's to-dos of the lifecycle area (counts)",
    fromSpec: true,
  }),
} as const;
