import { z } from 'zod';
import { id, isoDate, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, pageRequest } from '../resource';
import { ZSignMessage } from './bpm';

/**
 * Triple agreements (三方协议), compensation optimisation (补偿优化) and performance evaluations
 * (绩效考核): three business documents on the kernel, each approved through the engine.
 * Model: docs/domain/hr-agreements-handover.md.
 */

export const HR_DOC_PERM = {
  tripleList: 'hr:triple:list',
  tripleEdit: 'hr:triple:edit',
  tripleExport: 'hr:triple:export',
  compensateList: 'hr:compensate:list',
  compensateEdit: 'hr:compensate:edit',
  compensateExport: 'hr:compensate:export',
  /** All evaluations in the data scope (HR, managers); everyone sees their own without it. */
  performanceList: 'hr:performance:list',
  performanceExport: 'hr:performance:export',
  /** Contract seal (用印) and archive (归档) requests. */
  contractSealList: 'hr:contractSeal:list',
  contractSealEdit: 'hr:contractSeal:edit',
  contractSealExport: 'hr:contractSeal:export',
} as const;

export const TRIPLE_PROCESS_KEY = 'TripleAgreement_Process';
export const COMPENSATE_PROCESS_KEY = 'Compensate_Process';
export const PERFORMANCE_PROCESS_KEY = 'Performance_Process';
export const CONTRACT_SEAL_PROCESS_KEY = 'ContractSeal_Process';
export const CONTRACT_ARCHIVE_PROCESS_KEY = 'ContractArchive_Process';

export const HR_DOC_MSG = {
  agreementNoTaken: '协议编号已被其他三方协议使用',
  openAgreement: '该员工已有三方协议（审批中或已通过），不能重复提交',
  notIntern: '三方协议只适用于实习生和应届毕业生（人员类别：实习生，或入职不满一年的正式员工）',
  signAfterGraduation: '签订日期不能晚于毕业日期一年以上',
  notEditable: '只有草稿或退回的单据可以修改',
  onlyPassed: '只能登记已通过的三方协议',
  openCompensation: '该员工已有进行中的补偿申请',
  leaveBeforeEntry: '离职日期不能早于入职日期',
  resigned: '该员工已离职',
  periodTaken: '该考核期已有绩效考核（审批中或已通过）',
  weights: '各考核项权重之和必须为100',
  futurePeriod: '考核期不能晚于当前月份',
  notJudgeStep: '当前节点不是评分节点，请直接审批',
  judgeFirst: '评分节点请使用评分审批',
  judgeScores: '请为每个考核项评分',
  noEmployee: '当前账号没有员工档案',
  openSeal: '该员工已有进行中的用印申请',
  openArchive: '该员工已有进行中的归档申请',
  archived: '该合同已归档',
  contractEnd: '固定期限合同请填写合同终止日期',
  contractPeriod: '合同终止日期不能早于合同起始日期',
  contractFile: '请上传合同文件',
} as const;

const money = (max = 10_000_000) =>
  z.coerce
    .number()
    .min(0, '金额不能为负数')
    .max(max, `金额不能超过${max}`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, '金额最多两位小数');
const yesNo = () => z.enum(['001', '002'], { message: '请选择是或否' });
const taskId = () => id();
const ZRejectMessage = z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符');

/** What every document record carries. */
const documentFields = {
  id: z.number().int(),
  documentNo: z.string(),
  /** Kernel state: draft | approving | returned | passed | rejected | revoked. */
  state: z.string(),
  /** STATUS legend code of the state (colour). */
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  employeeId: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string(),
  userCode: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const documentMetaFields = {
  documentNo: { label: '单据编号', labelEn: 'Number', width: 140 },
  employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
  employeeName: { label: '姓名', labelEn: 'Name', width: 90, filter: 'like' },
  userCode: { label: '账号', labelEn: 'Account', hideInTable: true },
  orgId: { label: '部门', labelEn: 'Department', valueType: 'org', hideInTable: true, export: false },
  orgName: { label: '部门', labelEn: 'Department', width: 140 },
  state: { label: '状态', labelEn: 'State', hideInTable: true, export: false },
  status: { label: '审批状态', labelEn: 'Status', valueType: 'dict', dict: 'STATUS', width: 100 },
  processInstanceId: { label: '流程实例', hideInTable: true, export: false },
  createdAt: { label: '创建时间', labelEn: 'Created', valueType: 'datetime', sortable: true, width: 160 },
  updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInTable: true },
} as const;

const documentFilters = {
  keyword: z.string().trim().max(64).optional(),
  /** The person's name, code or account, or the document number. */
  employeeName: z.string().trim().max(64).optional(),
  orgId: id().optional(),
  state: z.enum(['draft', 'approving', 'returned', 'passed', 'rejected', 'revoked']).optional(),
};

const ZPass = z.object({ taskId: taskId(), message: ZSignMessage.optional().nullable() });
const ZReject = z.object({ taskId: taskId(), message: ZRejectMessage });
const ZRollback = z.object({ taskId: taskId(), sort: z.coerce.number().int().min(0).max(100).optional(), message: ZSignMessage.optional().nullable() });
const ZById = z.object({ id: id() });
const ZByBpmId = z.object({ processInstanceId: id() });
export const ZDocumentSaved = z.object({ id: z.number().int(), documentNo: z.string(), state: z.string(), processInstanceId: z.number().int().nullable() });
export type DocumentSaved = z.output<typeof ZDocumentSaved>;

// ---------------------------------------------------------------------------------------------
// 三方协议

export const ZTripleAgreementRecord = z.object({
  ...documentFields,
  agreementType: z.string(),
  agreementNo: z.string(),
  school: z.string(),
  major: z.string(),
  education: z.string(),
  graduationDate: z.string(),
  signDate: z.string(),
  /** Yuan, two decimals. */
  breachFee: z.number(),
  fileGroupId: z.string().nullable(),
  remark: z.string(),
  registerState: z.string(),
  archiveLocation: z.string(),
});
export type TripleAgreementRecord = z.output<typeof ZTripleAgreementRecord>;

export const tripleAgreementMeta = defineResourceMeta(ZTripleAgreementRecord, {
  name: 'tripleAgreement',
  title: '三方协议',
  titleEn: 'Triple agreements',
  rowKey: 'id',
  fields: {
    ...documentMetaFields,
    agreementType: { label: '协议类型', labelEn: 'Type', valueType: 'dict', dict: 'TRIPLETYPE', width: 120, filter: 'eq' },
    agreementNo: { label: '协议编号', labelEn: 'Agreement no.', width: 140 },
    school: { label: '学校', labelEn: 'School', width: 160 },
    major: { label: '专业', labelEn: 'Major', hideInTable: true },
    education: { label: '学历', labelEn: 'Education', valueType: 'dict', dict: 'EDUCATION', width: 100 },
    graduationDate: { label: '毕业日期', labelEn: 'Graduation', valueType: 'date', width: 110 },
    signDate: { label: '签订日期', labelEn: 'Signed', valueType: 'date', sortable: true, width: 110, filter: 'range' },
    breachFee: { label: '违约金（元）', labelEn: 'Breach fee', valueType: 'money', width: 110 },
    fileGroupId: { label: '协议扫描件', valueType: 'file', hideInTable: true, export: false },
    remark: { label: '备注', labelEn: 'Remark', hideInTable: true },
    registerState: { label: '登记状态', labelEn: 'Register', valueType: 'dict', dict: 'TRIPLEREG', width: 100, filter: 'eq' },
    archiveLocation: { label: '归档位置', labelEn: 'Archive', hideInTable: true },
  },
  order: ['documentNo', 'employeeCode', 'employeeName', 'orgName', 'agreementType', 'agreementNo', 'school', 'education', 'graduationDate', 'signDate'],
});

export const ZTripleAgreementForm = z.object({
  employeeId: id(),
  agreementType: z.enum(['001', '002'], { message: '请选择协议类型' }),
  agreementNo: z.string().trim().min(1, '请输入协议编号').max(64, '协议编号最多64个字符'),
  school: z.string().trim().min(1, '请输入学校').max(100, '学校最多100个字符'),
  major: z.string().trim().max(100, '专业最多100个字符').optional().nullable(),
  education: z
    .string()
    .trim()
    .regex(/^\d{3}$/, '请选择学历'),
  graduationDate: isoDate(),
  signDate: isoDate(),
  breachFee: money(1_000_000).default(0),
  fileGroupId: z.string().max(64).optional().nullable(),
  remark: z.string().max(500, '备注最多500个字符').optional().nullable(),
  /** false keeps a draft; true (default) submits it for approval. */
  submit: z.boolean().default(true),
});
export type TripleAgreementForm = z.input<typeof ZTripleAgreementForm>;

export const ZTripleAgreementLog = z.object({
  id: z.number().int(),
  registerState: z.string(),
  note: z.string(),
  userName: z.string(),
  createdAt: z.string(),
});
export const ZTripleAgreementDetail = ZTripleAgreementRecord.extend({ logs: z.array(ZTripleAgreementLog) });
export type TripleAgreementDetail = z.output<typeof ZTripleAgreementDetail>;

const tripleFilters = {
  ...documentFilters,
  agreementType: z.string().max(8).optional(),
  registerState: z.string().max(8).optional(),
  signDateFrom: isoDate().optional(),
  signDateTo: isoDate().optional(),
};
const tri = (p: string) => `/hr_api/hrm/tripleAgreementInfo/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: true } as const;

export const tripleAgreementCalls = {
  tripleSelectPage: defineCall({
    ...json,
    path: tri('selectPage'),
    request: pageRequest(tripleFilters),
    data: pageOf(ZTripleAgreementRecord),
    permission: HR_DOC_PERM.tripleList,
    summary: 'Triple agreements in the data scope, filtered and paged',
  }),
  tripleDownloadList: defineCall({
    ...json,
    path: tri('downloadList'),
    request: exportRequest(tripleFilters),
    data: z.null(),
    responseKind: 'blob',
    permission: HR_DOC_PERM.tripleExport,
    summary: 'xlsx of the filtered triple agreements',
  }),
  tripleUpdateList: defineCall({
    ...json,
    path: tri('updateList'),
    request: z
      .object({
        ids: z.array(id()).min(1, '请选择三方协议').max(500, '一次最多500条'),
        registerState: z.enum(['001', '002', '003', '004'], { message: '请选择登记状态' }).optional(),
        archiveLocation: z.string().trim().max(100, '归档位置最多100个字符').optional(),
      })
      .refine((v) => v.registerState !== undefined || v.archiveLocation !== undefined, { message: '请填写要修改的内容', path: ['registerState'] }),
    data: z.object({ updated: z.number().int() }),
    permission: HR_DOC_PERM.tripleEdit,
    write: true,
    summary: 'Sets the register state and/or archive location of several passed agreements (each change logged)',
  }),
  tripleRegisterLog: defineCall({
    ...json,
    path: tri('registerLog'),
    request: z.object({
      id: id(),
      registerState: z.enum(['002', '003', '004'], { message: '请选择登记状态' }),
      note: z.string().trim().max(200, '说明最多200个字符').optional(),
    }),
    data: z.array(ZTripleAgreementLog),
    permission: HR_DOC_PERM.tripleEdit,
    write: true,
    summary: 'Registers where the paper agreement is (received, sent back to the school, archived); answers the log',
  }),
  tripleAdd: defineCall({
    ...json,
    path: tri('add'),
    request: ZTripleAgreementForm,
    data: ZDocumentSaved,
    permission: HR_DOC_PERM.tripleEdit,
    write: true,
    summary: 'Adds an agreement as a draft or submits it for approval',
  }),
  tripleUpdate: defineCall({
    ...json,
    path: tri('update'),
    request: ZTripleAgreementForm.extend({ id: id() }),
    data: ZDocumentSaved,
    permission: HR_DOC_PERM.tripleEdit,
    write: true,
    summary: 'Changes a draft (and submits it), or corrects a returned agreement and submits it again',
  }),
  tripleSelect: defineCall({
    ...json,
    path: tri('select'),
    request: ZById,
    data: ZTripleAgreementDetail,
    permission: 'login',
    summary: 'An agreement with its register log (HR in scope, the person, or someone on its flow)',
  }),
  tripleSelectByBpmId: defineCall({
    ...json,
    path: tri('selectByBpmId'),
    request: ZByBpmId,
    data: ZTripleAgreementDetail,
    permission: 'login',
    summary: 'The agreement of a process instance (the process centre detail)',
  }),
  tripleApprovalPass: defineCall({
    ...json,
    path: tri('approvalPass'),
    request: ZPass,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task on an agreement',
  }),
  tripleApprovalFail: defineCall({
    ...json,
    path: tri('approvalFail'),
    request: ZReject,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects an agreement (message required): the agreement ends rejected',
  }),
  tripleRollback: defineCall({
    ...json,
    path: tri('rollback'),
    request: ZRollback,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Sends an agreement back (sort 0: to the applicant, who corrects it with update)',
  }),
  tripleUserCodeRepeat: defineCall({
    ...json,
    path: tri('userCodeRepeat'),
    request: z.object({ userCode: z.string().trim().min(1, '请输入账号').max(64), id: id().optional() }),
    data: z.object({ repeat: z.boolean(), documentNo: z.string().nullable() }),
    permission: HR_DOC_PERM.tripleEdit,
    summary: 'Whether the person already has an agreement in approval or passed (other than `id`)',
  }),
};

// ---------------------------------------------------------------------------------------------
// 补偿优化

export const ZCompensationRecord = z.object({
  ...documentFields,
  reason: z.string(),
  entryDate: z.string(),
  leaveDate: z.string(),
  /** N in months, one decimal. */
  months: z.number(),
  monthlyBase: z.number(),
  noticePay: z.string(),
  extra: z.number(),
  total: z.number(),
  remark: z.string(),
});
export type CompensationRecord = z.output<typeof ZCompensationRecord>;

export const compensationMeta = defineResourceMeta(ZCompensationRecord, {
  name: 'compensation',
  title: '补偿优化',
  titleEn: 'Compensation',
  rowKey: 'id',
  fields: {
    ...documentMetaFields,
    reason: { label: '解除原因', labelEn: 'Reason', valueType: 'dict', dict: 'COMPREASON', width: 130, filter: 'eq' },
    entryDate: { label: '入职日期', labelEn: 'Entry', valueType: 'date', width: 110 },
    leaveDate: { label: '离职日期', labelEn: 'Leave', valueType: 'date', sortable: true, width: 110, filter: 'range' },
    months: { label: '补偿月数（N）', labelEn: 'Months (N)', valueType: 'number', width: 110 },
    monthlyBase: { label: '月工资基数（元）', labelEn: 'Monthly base', valueType: 'money', width: 130 },
    noticePay: { label: '代通知金（+1）', labelEn: 'Notice pay', valueType: 'dict', dict: 'YESNO', width: 110 },
    extra: { label: '其他补偿（元）', labelEn: 'Extra', valueType: 'money', hideInTable: true },
    total: { label: '补偿总额（元）', labelEn: 'Total', valueType: 'money', sortable: true, width: 130 },
    remark: { label: '备注', labelEn: 'Remark', hideInTable: true },
  },
  order: ['documentNo', 'employeeCode', 'employeeName', 'orgName', 'reason', 'entryDate', 'leaveDate', 'months', 'monthlyBase', 'noticePay', 'total'],
});

export const ZCompensationForm = z.object({
  employeeId: id(),
  reason: z
    .string()
    .trim()
    .regex(/^\d{3}$/, '请选择解除原因'),
  leaveDate: isoDate(),
  monthlyBase: money(1_000_000),
  noticePay: yesNo(),
  extra: money(1_000_000).default(0),
  remark: z.string().max(500, '备注最多500个字符').optional().nullable(),
  submit: z.boolean().default(true),
});
export type CompensationForm = z.input<typeof ZCompensationForm>;

export const ZCompensationData = z.object({
  employeeId: z.number().int(),
  employeeName: z.string(),
  entryDate: z.string(),
  leaveDate: z.string(),
  /** Service in whole months and the N it gives (one month per year, half a month under six months). */
  serviceMonths: z.number().int(),
  months: z.number(),
  /** Suggested base: the current monthly salary, when the reader may see it. */
  monthlyBase: z.number().nullable(),
  total: z.number().nullable(),
});
export type CompensationData = z.output<typeof ZCompensationData>;

const compFilters = { ...documentFilters, reason: z.string().max(8).optional(), leaveDateFrom: isoDate().optional(), leaveDateTo: isoDate().optional() };
const comp = (p: string) => `/hr_api/hrm/compensateInfo/${p}`;

export const compensationCalls = {
  compensateSelectPage: defineCall({
    ...json,
    path: comp('selectPage'),
    request: pageRequest(compFilters),
    data: pageOf(ZCompensationRecord),
    permission: HR_DOC_PERM.compensateList,
    summary: 'Compensation documents in the data scope',
  }),
  compensateDownloadList: defineCall({
    ...json,
    path: comp('downloadList'),
    request: exportRequest(compFilters),
    data: z.null(),
    responseKind: 'blob',
    permission: HR_DOC_PERM.compensateExport,
    summary: 'xlsx of the filtered compensation documents',
  }),
  compensateAdd: defineCall({
    ...json,
    path: comp('add'),
    request: ZCompensationForm,
    data: ZDocumentSaved,
    permission: HR_DOC_PERM.compensateEdit,
    write: true,
    summary: 'Adds a compensation (N computed from the service, total = base × N (+1) + extra) and submits it',
  }),
  compensateSelect: defineCall({
    ...json,
    path: comp('select'),
    request: ZById,
    data: ZCompensationRecord,
    permission: 'login',
    summary: 'A compensation document (HR in scope, or someone on its flow)',
  }),
  compensateGetData: defineCall({
    ...json,
    path: comp('getData'),
    request: z.object({ employeeId: id(), leaveDate: isoDate() }),
    data: ZCompensationData,
    permission: HR_DOC_PERM.compensateEdit,
    summary: 'The figures of a compensation before it is written: service, N, suggested base and total',
  }),
  compensateRollback: defineCall({
    ...json,
    path: comp('rollback'),
    request: ZRollback,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Sends a compensation back',
  }),
  compensateApprovalPass: defineCall({
    ...json,
    path: comp('approvalPass'),
    request: ZPass,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task on a compensation',
  }),
  compensateApprovalFail: defineCall({
    ...json,
    path: comp('approvalFail'),
    request: ZReject,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects a compensation (message required)',
  }),
  compensateSelectByBpmId: defineCall({
    ...json,
    path: comp('selectByBpmId'),
    request: ZByBpmId,
    data: ZCompensationRecord,
    permission: 'login',
    summary: 'The compensation of a process instance (the process centre detail)',
  }),
};

// ---------------------------------------------------------------------------------------------
// 绩效考核

export const ZPerformanceItem = z.object({
  name: z.string().trim().min(1, '请输入考核项').max(50, '考核项最多50个字符'),
  weight: z.coerce.number().int('权重须为整数').min(1, '权重至少为1').max(100, '权重最多为100'),
  target: z.string().trim().max(200, '目标最多200个字符').default(''),
  selfScore: z.coerce.number().min(0, '分数为0–100').max(100, '分数为0–100'),
  judgeScore: z.number().nullable().default(null),
});
export type PerformanceItemInput = z.input<typeof ZPerformanceItem>;

export const ZPerformanceRecord = z.object({
  ...documentFields,
  periodType: z.string(),
  period: z.string(),
  items: z.array(z.object({ name: z.string(), weight: z.number(), target: z.string(), selfScore: z.number(), judgeScore: z.number().nullable() })),
  selfSummary: z.string(),
  selfScore: z.number(),
  judgeScore: z.number().nullable(),
  grade: z.string(),
  judgeComment: z.string(),
  judgeUserName: z.string(),
});
export type PerformanceRecord = z.output<typeof ZPerformanceRecord>;

export const performanceMeta = defineResourceMeta(ZPerformanceRecord, {
  name: 'performance',
  title: '绩效考核',
  titleEn: 'Performance',
  rowKey: 'id',
  fields: {
    ...documentMetaFields,
    periodType: { label: '考核类型', labelEn: 'Type', valueType: 'dict', dict: 'PERFPERIOD', width: 90, filter: 'eq' },
    period: { label: '考核期', labelEn: 'Period', sortable: true, width: 90, filter: 'eq' },
    items: { label: '考核项', export: false, hideInTable: true },
    selfSummary: { label: '自评总结', labelEn: 'Summary', hideInTable: true },
    selfScore: { label: '自评分', labelEn: 'Self score', valueType: 'number', width: 80 },
    judgeScore: { label: '评分', labelEn: 'Score', valueType: 'number', sortable: true, width: 80 },
    grade: { label: '等级', labelEn: 'Grade', valueType: 'dict', dict: 'PERFGRADE', width: 70, filter: 'eq' },
    judgeComment: { label: '评语', labelEn: 'Comment', hideInTable: true },
    judgeUserName: { label: '评分人', labelEn: 'Judge', width: 90 },
  },
  order: ['documentNo', 'employeeCode', 'employeeName', 'orgName', 'periodType', 'period', 'selfScore', 'judgeScore', 'grade', 'judgeUserName'],
});

export const ZPerformanceForm = z.object({
  periodType: z.enum(['001', '002'], { message: '请选择考核类型' }),
  /** 2026-10 for a month, 2026 for a year. */
  period: z
    .string()
    .trim()
    .regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, '考核期格式为 YYYY-MM（月度）或 YYYY（年度）'),
  items: z.array(ZPerformanceItem).min(1, '请至少填写一个考核项').max(20, '最多20个考核项'),
  selfSummary: z.string().trim().min(1, '请输入自评总结').max(1000, '自评总结最多1000个字符'),
});
export type PerformanceForm = z.input<typeof ZPerformanceForm>;

const perfFilters = {
  ...documentFilters,
  periodType: z.string().max(8).optional(),
  period: z.string().trim().max(7).optional(),
  grade: z.string().max(8).optional(),
  /** Only my own evaluations (the personal list). */
  mine: z.boolean().optional(),
};
const perf = (p: string) => `/hr_api/hrm/hrPerformanceInfo/${p}`;

export const performanceCalls = {
  performanceSelectPage: defineCall({
    ...json,
    path: perf('selectPage'),
    request: pageRequest(perfFilters),
    data: pageOf(ZPerformanceRecord),
    permission: 'login',
    summary: 'Evaluations: my own, and with hr:performance:list those in my data scope',
  }),
  performanceSelect: defineCall({
    ...json,
    path: perf('select'),
    request: z.object({ id: id().optional(), processInstanceId: id().optional() }).refine((v) => v.id || v.processInstanceId, {
      message: 'id 或 processInstanceId 必须提供一个',
      path: ['id'],
    }),
    data: ZPerformanceRecord,
    permission: 'login',
    summary: 'An evaluation by id or by process instance (the person, HR in scope, or someone on its flow)',
  }),
  performanceExport: defineCall({
    ...json,
    path: perf('export'),
    request: exportRequest(perfFilters),
    data: z.null(),
    responseKind: 'blob',
    permission: HR_DOC_PERM.performanceExport,
    summary: 'xlsx of the filtered evaluations (yearly by default: periodType 002)',
  }),
  performanceExportMonth: defineCall({
    ...json,
    path: perf('exportMonth'),
    request: exportRequest({
      ...perfFilters,
      period: z
        .string()
        .trim()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '请选择考核月份（YYYY-MM）'),
    }),
    data: z.null(),
    responseKind: 'blob',
    permission: HR_DOC_PERM.performanceExport,
    summary: 'xlsx of the monthly evaluations of one month, with each item and its self and judge scores',
  }),
  performanceRollback: defineCall({
    ...json,
    path: perf('rollback'),
    request: ZRollback,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Sends an evaluation back (sort 0: to the employee)',
  }),
  performancePass: defineCall({
    ...json,
    path: perf('pass'),
    request: ZPass,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task on an evaluation (not the scoring step: judgeApproval)',
  }),
  performanceReject: defineCall({
    ...json,
    path: perf('reject'),
    request: ZReject,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects an evaluation (message required)',
  }),
  performanceJudgeApproval: defineCall({
    ...json,
    path: perf('judgeApproval'),
    request: z.object({
      taskId: taskId(),
      scores: z.array(z.coerce.number().min(0, '分数为0–100').max(100, '分数为0–100')).min(1, '请为每个考核项评分').max(20),
      comment: z.string().trim().min(1, '请输入评语').max(500, '评语最多500个字符'),
      message: ZSignMessage.optional().nullable(),
    }),
    data: z.object({ judgeScore: z.number(), grade: z.string() }),
    permission: 'login',
    write: true,
    summary: 'The judge scores each item and passes the scoring step; the weighted score gives the grade',
  }),
  performanceAdd: defineCall({
    ...json,
    path: perf('add'),
    request: ZPerformanceForm,
    data: ZDocumentSaved,
    permission: 'login',
    write: true,
    summary: 'My self-evaluation of a month or a year, submitted to my judge (PerformanceEvaluationApply)',
    fromSpec: false,
  }),
};

// ---------------------------------------------------------------------------------------------
// 合同用印 and 合同归档 (/ContractSealList): HR asks to seal an employee's labour contract, then files
// the signed original. Model: docs/domain/hr-lifecycle.md "Contract seal and archive".

/**
 * The calls every document with a plain approval has, under `/hr_api/hrm/<segment>/`: page and
 * export in the data scope, add (and submit), detail by id and by process instance, and the
 * approver's pass, reject and send back. Ours (not in calls.tsv).
 */
function approvalDocumentCalls<R extends z.ZodTypeAny, F extends z.ZodTypeAny, Q extends z.ZodRawShape>(
  segment: string,
  what: string,
  parts: { record: R; form: F; filters: Q; perms: { list: string; edit: string; export: string } },
) {
  const path = (p: string) => `/hr_api/hrm/${segment}/${p}`;
  const ours = { ...json, fromSpec: false as const };
  return {
    selectPage: defineCall({
      ...ours,
      path: path('selectPage'),
      request: pageRequest(parts.filters),
      data: pageOf(parts.record),
      permission: parts.perms.list,
      summary: `${what} in the data scope`,
    }),
    downloadList: defineCall({
      ...ours,
      path: path('downloadList'),
      request: exportRequest(parts.filters),
      data: z.null(),
      responseKind: 'blob',
      permission: parts.perms.export,
      summary: `xlsx of the filtered ${what}`,
    }),
    add: defineCall({
      ...ours,
      path: path('add'),
      request: parts.form,
      data: ZDocumentSaved,
      permission: parts.perms.edit,
      write: true,
      summary: `Adds and submits one of the ${what}`,
    }),
    select: defineCall({
      ...ours,
      path: path('select'),
      request: ZById,
      data: parts.record,
      permission: 'login',
      summary: `One of the ${what} (HR in scope, the person, or someone on its flow)`,
    }),
    selectByBpmId: defineCall({
      ...ours,
      path: path('selectByBpmId'),
      request: ZByBpmId,
      data: parts.record,
      permission: 'login',
      summary: `The one of a process instance (the process centre detail)`,
    }),
    approvalPass: defineCall({
      ...ours,
      path: path('approvalPass'),
      request: ZPass,
      data: z.null(),
      permission: 'login',
      write: true,
      summary: 'Passes my task',
    }),
    approvalFail: defineCall({
      ...ours,
      path: path('approvalFail'),
      request: ZReject,
      data: z.null(),
      permission: 'login',
      write: true,
      summary: 'Rejects (message required)',
    }),
    rollback: defineCall({ ...ours, path: path('rollback'), request: ZRollback, data: z.null(), permission: 'login', write: true, summary: 'Sends back' }),
  };
}

const contractFields = {
  contractType: z.string(),
  contractStart: z.string(),
  contractEnd: z.string().nullable(),
  copies: z.number().int(),
  fileGroupId: z.string().nullable(),
  remark: z.string(),
};
const contractMetaFields = {
  contractType: { label: '合同类型', labelEn: 'Contract type', valueType: 'dict', dict: 'CONTRACTTYPE', width: 130, filter: 'eq' },
  contractStart: { label: '合同起始日期', labelEn: 'Start', valueType: 'date', width: 110 },
  contractEnd: { label: '合同终止日期', labelEn: 'End', valueType: 'date', width: 110 },
  copies: { label: '份数', labelEn: 'Copies', valueType: 'number', width: 70 },
  fileGroupId: { label: '合同文件', labelEn: 'Contract file', valueType: 'file', hideInTable: true, export: false },
  remark: { label: '备注', labelEn: 'Remark', hideInTable: true },
} as const;

export const ZContractSealRecord = z.object({
  ...documentFields,
  ...contractFields,
  sealType: z.string(),
  purpose: z.string(),
  sealedAt: z.string().nullable(),
});
export type ContractSealRecord = z.output<typeof ZContractSealRecord>;

export const contractSealMeta = defineResourceMeta(ZContractSealRecord, {
  name: 'contractSeal',
  title: '用印申请',
  titleEn: 'Seal requests',
  rowKey: 'id',
  fields: {
    ...documentMetaFields,
    ...contractMetaFields,
    sealType: { label: '印章类型', labelEn: 'Seal', valueType: 'dict', dict: 'SEALTYPE', width: 120, filter: 'eq' },
    purpose: { label: '用印事由', labelEn: 'Purpose', width: 180 },
    sealedAt: { label: '用印时间', labelEn: 'Sealed at', valueType: 'datetime', width: 160 },
  },
  order: [
    'documentNo',
    'employeeCode',
    'employeeName',
    'orgName',
    'contractType',
    'contractStart',
    'contractEnd',
    'sealType',
    'copies',
    'purpose',
    'status',
    'sealedAt',
    'createdAt',
  ],
});

export const ZContractArchiveRecord = z.object({
  ...documentFields,
  ...contractFields,
  location: z.string(),
  sealDocumentNo: z.string(),
  archivedAt: z.string().nullable(),
});
export type ContractArchiveRecord = z.output<typeof ZContractArchiveRecord>;

export const contractArchiveMeta = defineResourceMeta(ZContractArchiveRecord, {
  name: 'contractArchive',
  title: '归档申请',
  titleEn: 'Archive requests',
  rowKey: 'id',
  fields: {
    ...documentMetaFields,
    ...contractMetaFields,
    location: { label: '存放位置', labelEn: 'Location', width: 160 },
    sealDocumentNo: { label: '用印单号', labelEn: 'Seal request', width: 140 },
    archivedAt: { label: '归档时间', labelEn: 'Archived at', valueType: 'datetime', width: 160 },
  },
  order: [
    'documentNo',
    'employeeCode',
    'employeeName',
    'orgName',
    'contractType',
    'contractStart',
    'contractEnd',
    'copies',
    'location',
    'sealDocumentNo',
    'status',
    'archivedAt',
    'createdAt',
  ],
});

const contractForm = {
  employeeId: id(),
  contractType: z
    .string()
    .trim()
    .regex(/^00[1-3]$/, '请选择合同类型'),
  contractStart: isoDate(),
  contractEnd: isoDate().optional().nullable(),
  copies: z.coerce.number().int('份数须为整数').min(1, '份数至少为1').max(10, '份数最多为10'),
  fileGroupId: z.string().trim().min(1, HR_DOC_MSG.contractFile).max(64),
  remark: z.string().trim().max(500, '备注最多500个字符').optional().nullable(),
};
/** A fixed-term contract (001) names its end, and an end never comes before the start. */
const contractPeriodChecked = <T extends { contractType: string; contractStart: string; contractEnd?: string | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.contractType === '001' && !v.contractEnd) ctx.addIssue({ code: 'custom', path: ['contractEnd'], message: HR_DOC_MSG.contractEnd });
  if (v.contractEnd && v.contractEnd < v.contractStart) ctx.addIssue({ code: 'custom', path: ['contractEnd'], message: HR_DOC_MSG.contractPeriod });
};

export const ZContractSealForm = z
  .object({
    ...contractForm,
    sealType: z
      .string()
      .trim()
      .regex(/^00[1-4]$/, '请选择印章类型'),
    purpose: z.string().trim().min(1, '请输入用印事由').max(200, '用印事由最多200个字符'),
  })
  .superRefine(contractPeriodChecked);
export type ContractSealForm = z.input<typeof ZContractSealForm>;

export const ZContractArchiveForm = z
  .object({
    ...contractForm,
    location: z.string().trim().min(1, '请输入存放位置').max(100, '存放位置最多100个字符'),
    /** The passed seal request of the same contract, when there was one. */
    sealId: id().optional().nullable(),
  })
  .superRefine(contractPeriodChecked);
export type ContractArchiveForm = z.input<typeof ZContractArchiveForm>;

/** What the apply forms start from: the employee's contract as the record has it. */
export const ZContractFacts = z.object({
  employeeId: z.number().int(),
  employeeName: z.string(),
  contractType: z.string().nullable(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  /** The latest passed seal request of the employee not yet archived (for an archive request). */
  sealId: z.number().int().nullable(),
  sealDocumentNo: z.string().nullable(),
});
export type ContractFacts = z.output<typeof ZContractFacts>;

const contractFilters = {
  ...documentFilters,
  contractType: z.string().max(8).optional(),
};
export type ApprovalDocumentCalls<R extends z.ZodTypeAny, F extends z.ZodTypeAny, Q extends z.ZodRawShape> = ReturnType<typeof approvalDocumentCalls<R, F, Q>>;

export const contractSealDocumentCalls = approvalDocumentCalls('contractSeal', 'contract seal requests', {
  record: ZContractSealRecord,
  form: ZContractSealForm,
  filters: { ...contractFilters, sealType: z.string().max(8).optional() },
  perms: { list: HR_DOC_PERM.contractSealList, edit: HR_DOC_PERM.contractSealEdit, export: HR_DOC_PERM.contractSealExport },
});
export const contractArchiveDocumentCalls = approvalDocumentCalls('contractArchive', 'contract archive requests', {
  record: ZContractArchiveRecord,
  form: ZContractArchiveForm,
  filters: contractFilters,
  perms: { list: HR_DOC_PERM.contractSealList, edit: HR_DOC_PERM.contractSealEdit, export: HR_DOC_PERM.contractSealExport },
});

export const contractSealCalls = {
  contractFacts: defineCall({
    ...json,
    fromSpec: false,
    path: '/hr_api/hrm/contractSeal/getContract',
    request: z.object({ employeeId: id() }),
    data: ZContractFacts,
    permission: HR_DOC_PERM.contractSealEdit,
    summary: "The employee's contract as the record has it, and the passed seal request to archive",
  }),
};

export const hrDocumentCalls = { ...tripleAgreementCalls, ...compensationCalls, ...performanceCalls, ...contractSealCalls };
