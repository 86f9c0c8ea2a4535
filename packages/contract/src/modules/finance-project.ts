import { z } from 'zod';
import { id, isoDate, isoDateTime, optionalText, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, pageRequest, ZImportResult } from '../resource';
import { ZSignMessage } from './bpm';
import { CLAIM_BUDGET_MODES, CONTROLS_PERM } from './controls';

/**
 * Finance I (spec 002 §7): projects, subprojects, project changes, closure, department budgets and
 * the budget statistics. Money is integer fen; months are yyyymm integers. The model:
 * docs/domain/finance-projects.md.
 */

export const FIN_PERM = {
  projectList: 'fin:project:list',
  projectEdit: 'fin:project:edit',
  projectExport: 'fin:project:export',
  budgetList: 'fin:budget:list',
  budgetEdit: 'fin:budget:edit',
  budgetExport: 'fin:budget:export',
} as const;

/** Process keys of the four project documents. */
export const FIN_PROCESS = {
  project: 'FinProject_Process',
  subproject: 'FinSubproject_Process',
  change: 'FinProjectChange_Process',
  finish: 'FinProjectFinish_Process',
  cancellationBill: 'CancellationBill_Process',
} as const;

/** FINBUDGETTYPE codes. */
export const BUDGET_TYPE = { income: '001', outcome: '002', expense: '003' } as const;
/** FINPROJECTPHASE codes. */
export const PROJECT_PHASE = { draft: '001', active: '002', closing: '003', closed: '004' } as const;

export const FIN_MSG = {
  nameRequired: '请输入项目名称',
  periodOrder: '结束日期不能早于开始日期',
  periodTooLong: '项目周期不能超过10年',
  stageOutside: '阶段日期必须在项目周期内',
  stageOrder: '阶段结束日期不能早于开始日期',
  stageSum: '各阶段金额合计不能超过合同金额',
  notEditable: '只有草稿、已驳回或已撤回的项目可以修改',
  notDeletable: '只有草稿、已驳回或已撤回的项目可以删除',
  notActive: '项目不在执行中',
  closed: '项目已结项',
  openChange: '该项目有进行中的变更，请先完成或撤回',
  noChange: '变更内容与当前项目一致，无需变更',
  changeNotEditable: '只有草稿、已驳回或已撤回的变更可以修改或删除',
  monthOutside: '月份不在项目周期内',
  subjectUnknown: '预算科目不存在或已停用',
  amountNegative: '金额不能为负数',
  amountInvalid: '金额必须是数字，最多两位小数',
  clientRequired: '请选择甲方（客户单位）',
  clientNotClient: '甲方必须是客户单位',
  settleRequired: '请选择乙方（结算公司）',
  deptRequired: '请选择所属部门',
  managerRequired: '请选择项目经理',
  parentNotActive: '父项目不在执行中，不能新增子项目',
  subOutside: '子项目周期必须在父项目周期内',
  notSubproject: '该项目不是子项目',
  isSubproject: '子项目请在子项目页面操作',
  closureRefused: '项目尚有未完成事项，不能申请结项',
  duplicatePerson: '项目成员重复',
  personUnknown: '项目成员不存在或已停用',
  effectiveMonth: '生效月份必须在项目周期内',
  budgetClean: '预算文件有错误，请修正后重新上传',
  deptUnknown: '部门不存在',
} as const;

// ---- Shared pieces ---------------------------------------------------------------------------------

/** Fen: a non-negative integer below 10^13 (one hundred billion yuan). */
export const ZFen = z.coerce.number({ error: '金额必须是数字' }).int('金额以分为单位，必须是整数').min(0, FIN_MSG.amountNegative).max(1e13, '金额过大');
/** A month as yyyymm (202607). */
export const ZMonth = z.coerce
  .number({ error: '月份格式为yyyymm' })
  .int('月份格式为yyyymm')
  .refine((m) => m >= 190001 && m <= 299912 && m % 100 >= 1 && m % 100 <= 12, '月份格式为yyyymm');
const year = () => z.coerce.number().int().min(2000, '年份不正确').max(2100, '年份不正确');
const keyword = () => z.string().trim().max(64).optional();
const optionalId = () => id().optional().nullable();
const name = (label: string, max = 100) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);

export const ZTaskDecision = z.object({ taskId: z.coerce.number().int().positive(), message: ZSignMessage.optional().nullable() });
export const ZTaskRejection = z.object({
  taskId: z.coerce.number().int().positive(),
  message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符'),
});
export const ZTaskRollback = ZTaskRejection.extend({ sort: z.coerce.number().int().min(0).max(1000).optional() });

export const ZBudgetLine = z.object({ subjectId: id(), month: ZMonth, amount: ZFen });
export type BudgetLine = z.output<typeof ZBudgetLine>;

export const ZStageInput = z.object({
  name: name('阶段名称', 64),
  startDate: isoDate(),
  endDate: isoDate(),
  amount: ZFen.default(0),
  remark: optionalText(255),
});
export type StageInput = z.input<typeof ZStageInput>;
export const ZStage = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  amount: z.number().int(),
  remark: z.string().nullable(),
  sort: z.number().int(),
});
export type Stage = z.output<typeof ZStage>;

export const ZPersonInput = z.object({
  userId: id(),
  role: z.enum(['001', '002', '003', '004'], { error: '请选择项目角色' }),
  joinDate: isoDate().optional().nullable(),
  leaveDate: isoDate().optional().nullable(),
});
export const ZPerson = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  role: z.string(),
  joinDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
});
export type Person = z.output<typeof ZPerson>;

/** The fields of a project form (a subproject takes client and settling company from its parent). */
const projectFields = {
  name: name('项目名称'),
  projectType: z.enum(['001', '002', '003', '004'], { error: '请选择项目类型' }),
  clientOrgId: id(),
  settleOrgId: id(),
  deptId: id(),
  managerUserId: id(),
  startDate: isoDate(),
  endDate: isoDate(),
  contractAmount: ZFen,
  remark: optionalText(500),
};
const projectChildren = {
  stages: z.array(ZStageInput).max(60, '阶段最多60个').optional(),
  people: z.array(ZPersonInput).max(500, '项目成员最多500人').optional(),
  budget: z.array(ZBudgetLine).max(20000, '预算行过多').optional(),
};
export const ZProjectInput = z.object({ ...projectFields, ...projectChildren });
export type ProjectInput = z.input<typeof ZProjectInput>;
/** Temporary save: only the name is needed; everything else may still be empty. */
export const ZProjectDraftInput = z.object({
  id: optionalId(),
  name: name('项目名称'),
  projectType: projectFields.projectType.optional().nullable(),
  clientOrgId: optionalId(),
  settleOrgId: optionalId(),
  deptId: optionalId(),
  managerUserId: optionalId(),
  startDate: isoDate().optional().nullable(),
  endDate: isoDate().optional().nullable(),
  contractAmount: ZFen.optional().nullable(),
  remark: optionalText(500),
  ...projectChildren,
});
export type ProjectDraftInput = z.input<typeof ZProjectDraftInput>;
export const ZSubprojectInput = z.object({
  id: optionalId(),
  parentId: id(),
  name: projectFields.name,
  projectType: projectFields.projectType,
  deptId: projectFields.deptId,
  managerUserId: projectFields.managerUserId,
  startDate: projectFields.startDate,
  endDate: projectFields.endDate,
  contractAmount: projectFields.contractAmount,
  remark: projectFields.remark,
  ...projectChildren,
});

export const ZProjectRecord = z.object({
  id: z.number().int(),
  projectNo: z.string().nullable(),
  name: z.string(),
  projectType: z.string().nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  clientOrgId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  settleOrgId: z.number().int().nullable(),
  settleOrgName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  managerUserId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  contractAmount: z.number().int(),
  /** Document state of its approval (draft, approving, returned, passed, rejected, revoked). */
  state: z.string(),
  /** STATUS legend code of the state (colour). */
  status: z.string(),
  /** FINPROJECTPHASE. */
  phase: z.string(),
  versionNo: z.number().int(),
  processInstanceId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type ProjectRecord = z.output<typeof ZProjectRecord>;

/** The project list: table columns, search form and export. */
export const projectMeta = defineResourceMeta(ZProjectRecord, {
  name: 'finProject',
  title: '项目',
  titleEn: 'Projects',
  rowKey: 'id',
  fields: {
    projectNo: { label: '项目编号', labelEn: 'Project no.', sortable: true, width: 150 },
    name: { label: '项目名称', labelEn: 'Project', sortable: true, width: 200 },
    projectType: { label: '项目类型', labelEn: 'Type', valueType: 'dict', dict: 'FINPROJECTTYPE', filter: 'eq', width: 130 },
    clientOrgId: { label: '甲方', labelEn: 'Client', hideInTable: true, export: false },
    clientName: { label: '甲方', labelEn: 'Client', width: 180 },
    settleOrgName: { label: '乙方', labelEn: 'Our company', width: 180, hideInTable: true },
    deptId: { label: '所属部门', labelEn: 'Department', valueType: 'org', filter: 'eq', hideInTable: true, export: false },
    deptName: { label: '所属部门', labelEn: 'Department', width: 120 },
    managerName: { label: '项目经理', labelEn: 'Manager', width: 100 },
    startDate: { label: '开始日期', labelEn: 'Start', valueType: 'date', sortable: true, width: 110 },
    endDate: { label: '结束日期', labelEn: 'End', valueType: 'date', sortable: true, width: 110 },
    contractAmount: { label: '合同金额', labelEn: 'Contract amount', valueType: 'money', sortable: true, width: 140 },
    phase: { label: '项目状态', labelEn: 'Phase', valueType: 'dict', dict: 'FINPROJECTPHASE', filter: 'eq', width: 100 },
    status: { label: '审批状态', labelEn: 'Approval', valueType: 'dict', dict: 'STATUS', width: 100 },
    versionNo: { label: '版本', labelEn: 'Version', valueType: 'number', width: 70 },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', sortable: true, width: 170, hideInTable: true },
  },
  order: [
    'projectNo',
    'name',
    'projectType',
    'clientName',
    'settleOrgName',
    'deptName',
    'managerName',
    'startDate',
    'endDate',
    'contractAmount',
    'phase',
    'status',
    'versionNo',
    'updatedAt',
  ],
});

export const ZBudgetVersion = z.object({
  versionNo: z.number().int(),
  effectiveMonth: z.number().int().nullable(),
  status: z.string(),
  changeId: z.number().int().nullable(),
  changeNo: z.string().nullable(),
  createdAt: isoDateTime(),
});
export const ZProjectDetail = ZProjectRecord.extend({
  remark: z.string().nullable(),
  stages: z.array(ZStage),
  people: z.array(ZPerson),
  /** The budget of the version shown (the draft before approval; `budgetVersionNo` after). */
  budget: z.array(z.object({ subjectId: z.number().int(), month: z.number().int(), amount: z.number().int() })),
  budgetVersionNo: z.number().int(),
  versions: z.array(ZBudgetVersion),
  /** How a claim on this project meets its budget when it differs from the company's 内控设置; null: as the company sets it. */
  claimBudget: z.enum(CLAIM_BUDGET_MODES).nullable(),
  /** What applies to its claims now (its own setting, else the company's). */
  claimBudgetInForce: z.enum(CLAIM_BUDGET_MODES),
});
export type ProjectDetail = z.output<typeof ZProjectDetail>;

export const ZProjectFilters = {
  keyword: keyword(),
  projectType: z.string().max(8).optional(),
  clientOrgId: optionalId(),
  /** The department and everything below it. */
  deptId: optionalId(),
  phase: z.string().max(8).optional(),
  state: z.string().max(16).optional(),
  /** Projects running in that year. */
  year: year().optional(),
  /** Subprojects of this project; without it only top-level projects are listed. */
  parentId: optionalId(),
};

export const ZProjectOption = z.object({
  id: z.number().int(),
  projectNo: z.string().nullable(),
  name: z.string(),
  deptId: z.number().int().nullable(),
  phase: z.string(),
});
export const ZTeamMember = z.object({ userId: z.number().int(), realName: z.string(), userCode: z.string(), projectCount: z.number().int() });

export const ZBudgetSubject = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  budgetType: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type BudgetSubject = z.output<typeof ZBudgetSubject>;
export const ZBudgetType = z.object({ code: z.string(), name: z.string(), subjects: z.array(ZBudgetSubject) });

export const ZBudgetUploadRequest = z.object({
  confirm: z
    .union([z.boolean(), z.string().max(8)])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
  /** The project whose draft budget a confirmed clean file replaces (its period checks the months). */
  projectId: z
    .union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .optional(),
  /** Without a project: the period of the form being filled. */
  startDate: isoDate().optional(),
  endDate: isoDate().optional(),
});
export const ZBudgetUploadResult = ZImportResult.extend({
  /** The budget the file holds (every valid line; the whole budget once the file is clean). */
  lines: z.array(z.object({ subjectId: z.number().int(), month: z.number().int(), amount: z.number().int() })),
});
export type BudgetUploadResult = z.output<typeof ZBudgetUploadResult>;

// ---- Changes and closure -------------------------------------------------------------------------

export const ZChangeAfter = z.object({
  name: projectFields.name,
  projectType: projectFields.projectType,
  managerUserId: projectFields.managerUserId,
  endDate: projectFields.endDate,
  contractAmount: projectFields.contractAmount,
  remark: projectFields.remark,
  stages: z.array(ZStageInput).max(60),
  people: z.array(ZPersonInput).max(500),
  budget: z.array(ZBudgetLine).max(20000),
});
export type ChangeAfter = z.input<typeof ZChangeAfter>;
/** What a change asks for, as stored. */
export const ZChangeSnapshot = z.object({
  name: z.string(),
  projectType: z.string().nullable(),
  managerUserId: z.number().int().nullable(),
  endDate: z.string().nullable(),
  contractAmount: z.number().int(),
  remark: z.string().nullable(),
  stages: z.array(
    z.object({ name: z.string(), startDate: z.string().nullable(), endDate: z.string().nullable(), amount: z.number().int(), remark: z.string().nullable() }),
  ),
  people: z.array(z.object({ userId: z.number().int(), role: z.string(), joinDate: z.string().nullable(), leaveDate: z.string().nullable() })),
  budget: z.array(z.object({ subjectId: z.number().int(), month: z.number().int(), amount: z.number().int() })),
});
export const ZChangeInput = z.object({
  id: optionalId(),
  projectId: id(),
  reason: name('变更原因', 500),
  /** First month the new budget governs (yyyymm, inside the project period). */
  effectiveMonth: ZMonth,
  after: ZChangeAfter,
});
export const ZChangeRecord = z.object({
  id: z.number().int(),
  changeNo: z.string().nullable(),
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string(),
  parentId: z.number().int().nullable(),
  reason: z.string(),
  effectiveMonth: z.number().int(),
  state: z.string(),
  status: z.string(),
  versionNo: z.number().int().nullable(),
  fileId: z.string().nullable(),
  processInstanceId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type ChangeRecord = z.output<typeof ZChangeRecord>;
/** One field of a change shown before and after (the changed ones are highlighted). */
export const ZFieldDiff = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string(), changed: z.boolean() });
export type FieldDiff = z.output<typeof ZFieldDiff>;
export const ZBudgetDiff = z.object({
  subjectId: z.number().int(),
  subjectName: z.string(),
  month: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
});
export const ZChangeComparison = z.object({
  change: ZChangeRecord,
  fields: z.array(ZFieldDiff),
  stages: z.object({
    before: z.array(ZStageInput.extend({ amount: z.number().int() })),
    after: z.array(ZStageInput.extend({ amount: z.number().int() })),
    changed: z.boolean(),
  }),
  people: z.object({
    before: z.array(z.object({ userId: z.number().int(), realName: z.string(), role: z.string() })),
    after: z.array(z.object({ userId: z.number().int(), realName: z.string(), role: z.string() })),
    changed: z.boolean(),
  }),
  budget: z.object({ beforeTotal: z.number().int(), afterTotal: z.number().int(), diffs: z.array(ZBudgetDiff) }),
});
export type ChangeComparison = z.output<typeof ZChangeComparison>;

export const ZClosureCheck = z.object({
  canApply: z.boolean(),
  /** Why not: one line per registered check that refused (open change, unsettled bills, open work hours…). */
  reasons: z.array(z.object({ check: z.string(), message: z.string() })),
});
export const ZClosureRecord = z.object({
  id: z.number().int(),
  closureNo: z.string().nullable(),
  projectId: z.number().int(),
  projectName: z.string(),
  finishDate: z.string(),
  summary: z.string(),
  state: z.string(),
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  createdAt: isoDateTime(),
});

// ---- Statistics ----------------------------------------------------------------------------------

/** Which budget a statistic reads: one project, or the projects of a department / client / type. */
export const ZStatsScope = z.object({
  projectId: optionalId(),
  deptId: optionalId(),
  clientOrgId: optionalId(),
  projectType: z.string().max(8).optional(),
  year: year(),
});
export const ZQuarterScope = ZStatsScope.extend({ quarter: z.coerce.number().int().min(1, '季度为1-4').max(4, '季度为1-4') });
export const ZMonthScope = ZStatsScope.extend({ month: z.coerce.number().int().min(1, '月份为1-12').max(12, '月份为1-12') });
const projectScope = <S extends z.ZodRawShape>(s: z.ZodObject<S>) => s.extend({ projectId: id() });

/** Totals of a scope in fen. Profit = income − outcome − expense. */
export const ZBudgetSummary = z.object({
  projectCount: z.number().int(),
  contractAmount: z.number().int(),
  budgetIncome: z.number().int(),
  budgetOutcome: z.number().int(),
  budgetExpense: z.number().int(),
  budgetProfit: z.number().int(),
  actualIncome: z.number().int(),
  actualOutcome: z.number().int(),
  actualExpense: z.number().int(),
  actualProfit: z.number().int(),
});
export type BudgetSummary = z.output<typeof ZBudgetSummary>;
/** One line of a period table: a subject, a budget type, a department or a client, with one value per period. */
export const ZPeriodRow = z.object({
  key: z.string(),
  name: z.string(),
  budgetType: z.string().nullable(),
  budget: z.array(z.number().int()),
  actual: z.array(z.number().int()),
  budgetTotal: z.number().int(),
  actualTotal: z.number().int(),
});
export type PeriodRow = z.output<typeof ZPeriodRow>;
export const ZPeriodTable = z.object({
  /** Period titles ("第一季度"…, "1月"…). */
  periods: z.array(z.string()),
  rows: z.array(ZPeriodRow),
});
export type PeriodTable = z.output<typeof ZPeriodTable>;
export const ZDeptSummary = ZBudgetSummary.extend({ deptId: z.number().int(), deptName: z.string() });
/** A project's budget per period by type (quarter or month pages). */
export const ZProjectPeriodRow = z.object({
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string(),
  deptName: z.string().nullable(),
  clientName: z.string().nullable(),
  income: z.array(z.number().int()),
  outcome: z.array(z.number().int()),
  expense: z.array(z.number().int()),
  profit: z.array(z.number().int()),
  totalIncome: z.number().int(),
  totalProfit: z.number().int(),
});
export type ProjectPeriodRow = z.output<typeof ZProjectPeriodRow>;
export const ZContractIncomeRow = z.object({
  projectId: z.number().int(),
  projectNo: z.string().nullable(),
  projectName: z.string(),
  clientName: z.string().nullable(),
  contractAmount: z.number().int(),
  /** Stage amounts falling in the year (by stage end date). */
  stageAmount: z.number().int(),
  budgetIncome: z.number().int(),
  actualIncome: z.number().int(),
});
const statsFilters = {
  deptId: optionalId(),
  clientOrgId: optionalId(),
  projectType: z.string().max(8).optional(),
  keyword: keyword(),
  year: year(),
};

export const ZDeptBudgetRow = z.object({
  deptId: z.number().int(),
  deptName: z.string(),
  projectCount: z.number().int(),
  projectIncome: z.number().int(),
  projectOutcome: z.number().int(),
  projectExpense: z.number().int(),
  ownExpense: z.number().int(),
  totalIncome: z.number().int(),
  totalCost: z.number().int(),
});
export const ZDeptBudgetDetailRow = z.object({
  subjectId: z.number().int(),
  subjectCode: z.string(),
  subjectName: z.string(),
  budgetType: z.string(),
  /** 12 months: the sum of the department's projects (read-only). */
  project: z.array(z.number().int()),
  /** 12 months: the department's own lines (editable). */
  own: z.array(z.number().int()),
  total: z.number().int(),
});

// ---- Calls -----------------------------------------------------------------------------------------

const P = (n: string) => `/finance_api/finance/project/${n}`;
const B = (n: string) => `/finance_api/finance/borrow/${n}`;
const C = (n: string) => `/finance_api/finance/change/${n}`;
const N = (n: string) => `/finance_api/finance/newBudget/${n}`;
const D = (n: string) => `/finance_api/finance/deptBudget/${n}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: true } as const;
const blob = { method: 'POST', requestKind: 'json', responseKind: 'blob', data: z.null(), fromSpec: true } as const;
const ZProjectId = z.object({ projectId: id() });
const ZId = z.object({ id: id() });
const ZDocRef = z.object({ id: optionalId(), instanceId: optionalId() });
const read = FIN_PERM.projectList;
const edit = { permission: FIN_PERM.projectEdit, write: true } as const;
const decide = { permission: 'login', write: true } as const;
const bread = FIN_PERM.budgetList;
const pickRequest = z.object({ year: year(), projectIds: z.array(id()).min(1, '请选择项目').max(500, '一次最多导出500个项目') });

export const financeProjectCalls = {
  // ---- Projects ----
  selectProjectList: defineCall({
    ...json,
    path: P('selectProjectList'),
    request: pageRequest(ZProjectFilters),
    data: pageOf(ZProjectRecord),
    permission: read,
    summary: 'Projects in the data scope, filtered and paged',
  }),
  getProjectList: defineCall({
    ...json,
    path: P('getProjectList'),
    request: z.object({ keyword: keyword(), phase: z.string().max(8).optional() }),
    data: z.array(ZProjectOption),
    permission: 'login',
    summary: 'Projects for selects (at most 200): in scope, or managed by or with the user in the team',
  }),
  addProjectInfo: defineCall({
    ...json,
    path: P('addProjectInfo'),
    request: ZProjectInput,
    data: ZProjectDetail,
    ...edit,
    summary: 'Creates a project draft with its stages, team and budget (full checks)',
  }),
  tempSaveProject: defineCall({
    ...json,
    path: P('tempSaveProject'),
    request: ZProjectDraftInput,
    data: ZProjectDetail,
    ...edit,
    summary: 'Temporary save (暂存): creates or updates a draft; only the name is required',
  }),
  updateProjectInfo: defineCall({
    ...json,
    path: P('updateProjectInfo'),
    request: ZProjectInput.extend({ id: id() }),
    data: ZProjectDetail,
    ...edit,
    summary: 'Updates a draft, returned or rejected project (full checks)',
  }),
  saveProjectInfo: defineCall({
    ...json,
    path: P('saveProjectInfo'),
    request: ZProjectInput.extend({ id: optionalId() }),
    data: ZProjectDetail,
    ...edit,
    summary: 'Saves the project (full checks) and submits its approval (立项)',
  }),
  deleteProject: defineCall({
    ...json,
    path: P('deleteProject'),
    request: ZId,
    data: z.null(),
    ...edit,
    summary: 'Deletes a draft, rejected or revoked project (soft delete)',
  }),
  copyProject: defineCall({
    ...json,
    path: P('copyProject'),
    request: ZId,
    data: ZProjectDetail,
    ...edit,
    summary: 'Copies a project (fields, stages, team, budget in force) into a new draft',
  }),
  saveClaimBudget: defineCall({
    ...json,
    fromSpec: false,
    path: P('saveClaimBudget'),
    request: z.object({
      id: id(),
      /** `company`: as the company's 内控设置 says. */
      claimBudget: z.enum(['company', ...CLAIM_BUDGET_MODES], { error: '请选择报销超预算的处理方式' }),
    }),
    data: ZProjectDetail,
    // Who sets the company's controls sets a project's: its manager (who claims on it) may not loosen it.
    permission: CONTROLS_PERM.edit,
    write: true,
    summary: "Sets how claims on a project meet its budget (warn, refuse, off), or back to the company's setting; in its history",
  }),
  getProjectInfo: defineCall({
    ...json,
    path: P('getProjectInfo'),
    request: z.object({ id: optionalId(), instanceId: optionalId(), versionNo: z.coerce.number().int().min(0).optional() }),
    data: ZProjectDetail,
    permission: 'login',
    summary: 'A project with stages, team and the budget of a version (default: the latest); readable in scope or by its approvers',
  }),
  projectApprovalPass: defineCall({
    ...json,
    path: P('projectApprovalPass'),
    request: ZTaskDecision,
    data: z.null(),
    ...decide,
    summary: 'Passes my task of a project approval',
  }),
  projectApprovalReject: defineCall({
    ...json,
    path: P('projectApprovalReject'),
    request: ZTaskRejection,
    data: z.null(),
    ...decide,
    summary: 'Rejects a project approval (message required)',
  }),
  getProjectStageInfo: defineCall({
    ...json,
    path: P('getProjectStageInfo'),
    request: ZProjectId,
    data: z.array(ZStage),
    permission: read,
    summary: 'The stages of a project',
  }),
  tempSaveProjectStageInfo: defineCall({
    ...json,
    path: P('tempSaveProjectStageInfo'),
    request: ZProjectId.extend({ stages: z.array(ZStageInput.partial({ startDate: true, endDate: true })).max(60) }),
    data: z.array(ZStage),
    ...edit,
    summary: 'Temporary save of the stages of a draft (dates may be empty)',
  }),
  saveProjectStageInfo: defineCall({
    ...json,
    path: P('saveProjectStageInfo'),
    request: ZProjectId.extend({ stages: z.array(ZStageInput).max(60) }),
    data: z.array(ZStage),
    ...edit,
    summary: 'Saves the stages of a draft: inside the period, amounts within the contract amount',
  }),
  downloadProjectStage: defineCall({
    ...blob,
    path: P('downloadProjectStage'),
    request: ZProjectId,
    permission: FIN_PERM.projectExport,
    summary: 'The stages of a project as xlsx',
  }),
  saveProjectPerson: defineCall({
    ...json,
    path: P('saveProjectPerson'),
    request: ZProjectId.extend({ people: z.array(ZPersonInput).max(500) }),
    data: z.array(ZPerson),
    ...edit,
    summary: 'Replaces the team of a project that is not closed',
  }),
  selectPeopleList: defineCall({
    ...json,
    path: P('selectPeopleList'),
    request: pageRequest({ projectId: id(), keyword: keyword(), role: z.string().max(8).optional() }),
    data: pageOf(ZPerson),
    permission: read,
    summary: 'The team of a project, filtered and paged',
  }),
  getPersonListByProjectId: defineCall({
    ...json,
    path: P('getPersonListByProjectId'),
    request: ZProjectId,
    data: z.array(ZPerson),
    permission: read,
    summary: 'The whole team of a project',
  }),
  getAllTeamMember: defineCall({
    ...json,
    path: P('getAllTeamMember'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZTeamMember),
    permission: read,
    summary: 'People on the teams of running projects in scope (at most 200)',
  }),
  downloadPerson: defineCall({
    ...blob,
    path: P('downloadPerson'),
    request: ZProjectId,
    permission: FIN_PERM.projectExport,
    summary: 'The team of a project as xlsx',
  }),
  downloadBlankPerson: defineCall({
    ...blob,
    path: P('downloadBlankPerson'),
    request: z.object({}).passthrough(),
    permission: read,
    summary: 'Blank team sheet (header and one sample row)',
  }),
  downloadFile: defineCall({
    ...blob,
    path: P('downloadFile'),
    request: z.object({ projectId: optionalId(), startDate: isoDate().optional(), endDate: isoDate().optional() }),
    permission: read,
    summary: 'The budget upload template: subjects by month of the project period',
  }),
  uploadBudgetsInfo: defineCall({
    method: 'POST',
    path: P('uploadBudgetsInfo'),
    requestKind: 'multipart',
    request: ZBudgetUploadRequest,
    data: ZBudgetUploadResult,
    ...edit,
    fromSpec: true,
    summary: 'Checks a budget xlsx (file) row by row; with confirm=true and a clean file replaces the draft budget of projectId',
  }),
  getSubprojectList: defineCall({
    ...json,
    path: P('getSubprojectList'),
    request: pageRequest({ parentId: id(), keyword: keyword() }),
    data: pageOf(ZProjectRecord),
    permission: read,
    summary: 'Subprojects of a project',
  }),
  getParProjectInfoByProjectId: defineCall({
    ...json,
    path: P('getParProjectInfoByProjectId'),
    request: ZProjectId,
    data: ZProjectRecord,
    permission: read,
    summary: 'The parent project of a subproject (or the project itself), for the subproject form',
  }),
  saveSubproject: defineCall({
    ...json,
    path: P('saveSubproject'),
    request: ZSubprojectInput,
    data: ZProjectDetail,
    ...edit,
    summary: 'Creates or updates a subproject draft under a running project (period inside the parent’s)',
  }),
  submitSubproject: defineCall({
    ...json,
    path: P('submitSubproject'),
    request: ZId,
    data: ZProjectDetail,
    ...edit,
    summary: 'Submits a subproject for approval',
  }),
  getSubprojectDetail: defineCall({
    ...json,
    path: P('getSubprojectDetail'),
    request: ZDocRef,
    data: ZProjectDetail,
    permission: 'login',
    summary: 'A subproject with stages, team and budget',
  }),
  deleteSubproject: defineCall({
    ...json,
    path: P('deleteSubproject'),
    request: ZId,
    data: z.null(),
    ...edit,
    summary: 'Deletes a draft, rejected or revoked subproject',
  }),
  changeSubproject: defineCall({
    ...json,
    path: P('changeSubproject'),
    request: ZChangeInput,
    data: ZChangeRecord,
    ...edit,
    summary: 'Saves and submits a change of an approved subproject (a new version, through the change process)',
  }),
  checkFinishedApply: defineCall({
    ...json,
    path: P('checkFinishedApply'),
    request: ZProjectId,
    data: ZClosureCheck,
    permission: read,
    summary: 'Whether the project may be closed, and which registered checks refuse (open change, open subprojects, unsettled bills, open work hours…)',
  }),
  submitFinishedApply: defineCall({
    ...json,
    path: P('submitFinishedApply'),
    request: ZProjectId.extend({ finishDate: isoDate(), summary: name('结项说明', 1000) }),
    data: ZClosureRecord,
    ...edit,
    summary: 'Applies for closure (refused with the reasons while a check refuses)',
  }),
  getSummaryStatistics: defineCall({
    ...json,
    path: P('getSummaryStatistics'),
    request: ZProjectId.extend({ year: year().optional() }),
    data: ZBudgetSummary,
    permission: read,
    summary: 'Budget and actual totals of a project (a year or the whole period)',
  }),
  getBudgetDetailStatistics: defineCall({
    ...json,
    path: P('getBudgetDetailStatistics'),
    request: projectScope(ZStatsScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s budget per subject and month of a year',
  }),
  getQuarterBudgetStatistics: defineCall({
    ...json,
    path: P('getQuarterBudgetStatistics'),
    request: projectScope(ZStatsScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s budget and actual per type and quarter',
  }),
  getMonthBudgetStatistics: defineCall({
    ...json,
    path: P('getMonthBudgetStatistics'),
    request: projectScope(ZStatsScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s budget and actual per type and month',
  }),
  getQuarterBudgetDetail: defineCall({
    ...json,
    path: P('getQuarterBudgetDetail'),
    request: projectScope(ZQuarterScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s quarter per subject and month',
  }),
  getMonthBudgetDetail: defineCall({
    ...json,
    path: P('getMonthBudgetDetail'),
    request: projectScope(ZMonthScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s month per subject',
  }),
  getQuarterExpenseDetail: defineCall({
    ...json,
    path: P('getQuarterExpenseDetail'),
    request: projectScope(ZQuarterScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s quarter: expense subjects by month',
  }),
  getQuarterOutDetail: defineCall({
    ...json,
    path: P('getQuarterOutDetail'),
    request: projectScope(ZQuarterScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s quarter: outcome (cost) subjects by month',
  }),
  getQuarterInDetail: defineCall({
    ...json,
    path: P('getQuarterInDetail'),
    request: projectScope(ZQuarterScope),
    data: ZPeriodTable,
    permission: read,
    summary: 'A project’s quarter: income subjects by month',
  }),
  exportSummaryBudget: defineCall({
    ...blob,
    path: P('exportSummaryBudget'),
    request: ZProjectId.extend({ year: year().optional() }),
    permission: FIN_PERM.projectExport,
    summary: 'A project’s budget summary as xlsx',
  }),
  exportBudgetDetail: defineCall({
    ...blob,
    path: P('exportBudgetDetail'),
    request: projectScope(ZStatsScope),
    permission: FIN_PERM.projectExport,
    summary: 'A project’s budget per subject and month as xlsx',
  }),
  exportQuarterBudgetStatistics: defineCall({
    ...blob,
    path: P('exportQuarterBudgetStatistics'),
    request: projectScope(ZStatsScope),
    permission: FIN_PERM.projectExport,
    summary: 'A project’s quarterly statistics as xlsx',
  }),
  exportMonthBudgetStatistics: defineCall({
    ...blob,
    path: P('exportMonthBudgetStatistics'),
    request: projectScope(ZStatsScope),
    permission: FIN_PERM.projectExport,
    summary: 'A project’s monthly statistics as xlsx',
  }),

  // ---- Approvals (borrow/) ----
  projectFinishedPass: defineCall({
    ...json,
    path: B('projectFinishedPass'),
    request: ZTaskDecision,
    data: z.null(),
    ...decide,
    summary: 'Passes my task of a closure application',
  }),
  projectFinishedReject: defineCall({
    ...json,
    path: B('projectFinishedReject'),
    request: ZTaskRejection,
    data: z.null(),
    ...decide,
    summary: 'Rejects a closure application (the project runs on)',
  }),
  projectChangePass: defineCall({
    ...json,
    path: B('projectChangePass'),
    request: ZTaskDecision,
    data: z.null(),
    ...decide,
    summary: 'Passes my task of a project change (the final pass makes the new version effective)',
  }),
  projectChaangeReject: defineCall({
    ...json,
    path: B('projectChaangeReject'),
    request: ZTaskRejection,
    data: z.null(),
    ...decide,
    summary: 'Rejects a project change (path spelled as the specification has it)',
  }),
  subprojectPass: defineCall({
    ...json,
    path: B('subprojectPass'),
    request: ZTaskDecision,
    data: z.null(),
    ...decide,
    summary: 'Passes my task of a subproject approval',
  }),
  subprojectReject: defineCall({ ...json, path: B('subprojectReject'), request: ZTaskRejection, data: z.null(), ...decide, summary: 'Rejects a subproject' }),
  CancellationBillPass: defineCall({
    ...json,
    path: B('CancellationBillPass'),
    request: ZTaskDecision,
    data: z.null(),
    ...decide,
    summary: 'Passes my task of a cancellation bill (the bill document is registered by the bills area)',
  }),
  CancellationBillReject: defineCall({
    ...json,
    path: B('CancellationBillReject'),
    request: ZTaskRejection,
    data: z.null(),
    ...decide,
    summary: 'Rejects a cancellation bill',
  }),
  CancellationBillRollback: defineCall({
    ...json,
    path: B('CancellationBillRollback'),
    request: ZTaskRollback,
    data: z.null(),
    ...decide,
    summary: 'Sends a cancellation bill back',
  }),

  // ---- Changes ----
  saveProjectChange: defineCall({
    ...json,
    path: C('saveProjectChange'),
    request: ZChangeInput,
    data: ZChangeRecord,
    ...edit,
    summary: 'Creates or updates a change draft of a running project (one open change per project)',
  }),
  deleteProjectChange: defineCall({
    ...json,
    path: C('deleteProjectChange'),
    request: ZId,
    data: z.null(),
    ...edit,
    summary: 'Deletes a draft, rejected or revoked change',
  }),
  submitProjectChange: defineCall({ ...json, path: C('submit'), request: ZId, data: ZChangeRecord, ...edit, summary: 'Submits a change for approval' }),
  getProjectChangePage: defineCall({
    ...json,
    path: C('getProjectChangePage'),
    request: pageRequest({ projectId: optionalId(), keyword: keyword(), state: z.string().max(16).optional() }),
    data: pageOf(ZChangeRecord),
    permission: read,
    summary: 'Changes of projects in scope, newest first',
  }),
  changeGetProjectInfo: defineCall({
    ...json,
    path: C('getProjectInfo'),
    request: ZProjectId,
    data: ZProjectDetail,
    permission: read,
    summary: 'A running project as a change starts from it (fields, stages, team, the latest budget)',
  }),
  getProjectInfoByFinishedId: defineCall({
    ...json,
    path: C('getProjectInfoByFinishedId'),
    request: ZDocRef,
    data: z.object({ closure: ZClosureRecord, project: ZProjectDetail }),
    permission: 'login',
    summary: 'A closure application with its project',
  }),
  getBeforeAndAfterChangeInfo: defineCall({
    ...json,
    path: C('getBeforeAndAfterChangeInfo'),
    request: ZDocRef,
    data: ZChangeComparison,
    permission: 'login',
    summary: 'A change before and after: fields (changed ones flagged), stages, team and budget differences',
  }),
  getProjectChangeInfo: defineCall({
    ...json,
    path: C('getProjectChangeInfo'),
    request: ZDocRef,
    data: ZChangeRecord.extend({ after: ZChangeSnapshot }),
    permission: 'login',
    summary: 'A change with what it asks for',
  }),
  getProjectBudgetInfo: defineCall({
    ...json,
    path: C('getProjectBudgetInfo'),
    request: ZProjectId.extend({ versionNo: z.coerce.number().int().min(0).optional() }),
    data: z.object({ versionNo: z.number().int(), versions: z.array(ZBudgetVersion), subjects: z.array(ZBudgetSubject), lines: ZProjectDetail.shape.budget }),
    permission: read,
    summary: 'A version of a project’s budget with the subjects',
  }),
  saveFileInfo: defineCall({
    ...json,
    path: C('saveFileInfo'),
    request: z.object({ id: id(), fileId: z.string().trim().min(1).max(64) }),
    data: ZChangeRecord,
    ...edit,
    summary: 'Files an attachment group on a change',
  }),

  // ---- Budget centre (newBudget/) ----
  getSubjectList: defineCall({
    ...json,
    path: N('getSubjectList'),
    request: z.object({ budgetType: z.string().max(8).optional(), keyword: keyword(), enabledOnly: z.boolean().optional() }),
    data: z.array(ZBudgetSubject),
    permission: 'login',
    summary: 'Budget subjects',
  }),
  getBudgetTypeList: defineCall({
    ...json,
    path: '/finance_api/finance/budgetExpenseRel/getBudgetTypeList',
    request: z.object({}).passthrough(),
    data: z.array(ZBudgetType),
    permission: 'login',
    summary: 'Budget types with their enabled subjects',
  }),
  getSummary: defineCall({
    ...json,
    path: N('getSummary'),
    request: z.object(statsFilters),
    data: ZBudgetSummary,
    permission: bread,
    summary: 'Budget and actual totals of the year (cards)',
  }),
  newGetSummaryStatistics: defineCall({
    ...json,
    path: N('getSummaryStatistics'),
    request: pageRequest(statsFilters),
    data: pageOf(ZDeptSummary),
    permission: bread,
    summary: 'Budget and actual per department for the year (sums of its projects), a page of departments',
  }),
  getIncomeSummaryStatistics: defineCall({
    ...json,
    path: N('getIncomeSummaryStatistics'),
    request: z.object(statsFilters),
    data: ZPeriodTable,
    permission: bread,
    summary: 'Income budget and actual per client and quarter',
  }),
  newGetBudgetDetailStatistics: defineCall({
    ...json,
    path: N('getBudgetDetailStatistics'),
    request: z.object(statsFilters),
    data: ZPeriodTable,
    permission: bread,
    summary: 'Budget and actual per subject and month of the year',
  }),
  getQuarterBudgetPage: defineCall({
    ...json,
    path: N('getQuarterBudgetPage'),
    request: pageRequest(statsFilters),
    data: pageOf(ZProjectPeriodRow),
    permission: bread,
    summary: 'Projects with income, outcome, expense and profit per quarter',
  }),
  getMonthBudgetPage: defineCall({
    ...json,
    path: N('getMonthBudgetPage'),
    request: pageRequest(statsFilters),
    data: pageOf(ZProjectPeriodRow),
    permission: bread,
    summary: 'Projects with income, outcome, expense and profit per month',
  }),
  newGetQuarterBudgetDetail: defineCall({
    ...json,
    path: N('getQuarterBudgetDetail'),
    request: ZQuarterScope,
    data: ZPeriodTable,
    permission: bread,
    summary: 'A quarter per subject and month',
  }),
  newGetMonthBudgetDetail: defineCall({
    ...json,
    path: N('getMonthBudgetDetail'),
    request: ZMonthScope,
    data: ZPeriodTable,
    permission: bread,
    summary: 'A month per subject',
  }),
  newGetQuarterExpenseDetail: defineCall({
    ...json,
    path: N('getQuarterExpenseDetail'),
    request: ZQuarterScope,
    data: ZPeriodTable,
    permission: bread,
    summary: 'A quarter: expense subjects by month',
  }),
  newGetQuarterOutDetail: defineCall({
    ...json,
    path: N('getQuarterOutDetail'),
    request: ZQuarterScope,
    data: ZPeriodTable,
    permission: bread,
    summary: 'A quarter: outcome subjects by month',
  }),
  newGetQuarterInDetail: defineCall({
    ...json,
    path: N('getQuarterInDetail'),
    request: ZQuarterScope,
    data: ZPeriodTable,
    permission: bread,
    summary: 'A quarter: income subjects by month',
  }),
  getContractInCome: defineCall({
    ...json,
    path: N('getContractInCome'),
    request: pageRequest(statsFilters),
    data: pageOf(ZContractIncomeRow),
    permission: bread,
    summary: 'Contract income per project: contract amount, stages due in the year, budget and actual income',
  }),
  newExportSummaryBudget: defineCall({
    ...blob,
    path: N('exportSummaryBudget'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'Per-department summary as xlsx',
  }),
  exportSummary: defineCall({
    ...blob,
    path: N('exportSummary'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'The year’s totals and the quarterly table as xlsx',
  }),
  exportPickSummary: defineCall({
    ...blob,
    path: N('exportPickSummary'),
    request: pickRequest,
    permission: FIN_PERM.budgetExport,
    summary: 'Summary of the chosen projects as xlsx',
  }),
  exportBudgetDetailStatistics: defineCall({
    ...blob,
    path: N('exportBudgetDetailStatistics'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'Per subject and month as xlsx',
  }),
  exportQuarterBudgetPageStatistics: defineCall({
    ...blob,
    path: N('exportQuarterBudgetPageStatistics'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'Projects per quarter as xlsx',
  }),
  exportMonthBudgetPageStatistics: defineCall({
    ...blob,
    path: N('exportMonthBudgetPageStatistics'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'Projects per month as xlsx',
  }),
  newExportQuarterBudgetStatistics: defineCall({
    ...blob,
    path: N('exportQuarterBudgetStatistics'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'Per type and quarter as xlsx',
  }),
  newExportMonthBudgetStatistics: defineCall({
    ...blob,
    path: N('exportMonthBudgetStatistics'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'Per type and month as xlsx',
  }),
  exportContractInCome: defineCall({
    ...blob,
    path: N('exportContractInCome'),
    request: z.object(statsFilters),
    permission: FIN_PERM.budgetExport,
    summary: 'Contract income per project as xlsx',
  }),

  // ---- Department budgets ----
  getDeptBudgetList: defineCall({
    ...json,
    path: D('getDeptBudgetList'),
    request: z.object({ year: year(), deptId: optionalId() }),
    data: z.array(ZDeptBudgetRow),
    permission: bread,
    summary: 'Departments’ budgets of a year: the sums of their projects and their own lines',
  }),
  getDeptBudgetDetailList: defineCall({
    ...json,
    path: D('getDeptBudgetDetailList'),
    request: z.object({ year: year(), deptId: id() }),
    data: z.array(ZDeptBudgetDetailRow),
    permission: bread,
    summary: 'A department’s budget per subject and month: projects and own lines',
  }),
  updateDeptBudgetDetail: defineCall({
    ...json,
    path: D('updateDeptBudgetDetail'),
    request: z.object({ year: year(), deptId: id(), lines: z.array(ZBudgetLine).max(5000) }),
    data: z.array(ZDeptBudgetDetailRow),
    permission: FIN_PERM.budgetEdit,
    write: true,
    summary: 'Replaces a department’s own lines of a year (months of that year only)',
  }),
  downDeptBudgetModel: defineCall({
    ...blob,
    path: D('downDeptBudgetModel'),
    request: z.object({ year: year(), deptId: id() }),
    permission: bread,
    summary: 'A department’s budget sheet of a year (subjects × months) as xlsx',
  }),
} as const;
