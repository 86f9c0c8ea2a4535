import { z } from 'zod';
import { id, isoDate, isoDateTime, optionalText, pageOf, requiredText } from '../common';
import { defineCall } from '../define';
import { checkIdNumber, ID_TYPE, residentIdFacts } from '../identity';
import { defineResourceMeta, exportRequest, pageRequest, ZImportRequest, ZImportResult } from '../resource';
import { ZFileEntry } from './file';

/**
 * The employee master (员工) and its record sections: the roster, the five info blocks of an
 * employee, the record sections each employee owns (education, work history, family …) and the
 * materials. See docs/domain/hr.md for the model.
 */

export const HR_PERM = {
  /** Read the roster and the records of the employees in the data scope. */
  rosterList: 'hr:roster:list',
  /** Change the records of employees in the data scope. */
  rosterEdit: 'hr:roster:edit',
  rosterExport: 'hr:roster:export',
  rosterImport: 'hr:roster:import',
  /** See ID numbers, bank accounts, salaries and phone numbers unmasked. */
  sensitive: 'hr:employee:sensitive',
} as const;

/** Employment state (EMPLOYSTATE dictionary). */
export const EMPLOY_STATE = { probation: '001', regular: '002', transferring: '003', resigning: '004', resigned: '005' } as const;
/** Person category (PERSONCATEGORY): own staff, dispatched, outsourced, intern, retired re-hire. */
export const PERSON_CATEGORY = { own: '001', dispatched: '002', outsourced: '003', intern: '004', retiredRehire: '005' } as const;
/** Categories placed with a client company (客户单位) and settled through a settlement organisation. */
export const PLACED_CATEGORIES: readonly string[] = [PERSON_CATEGORY.dispatched, PERSON_CATEGORY.outsourced];
/** Material categories (MATERIALTYPE); 040 is the avatar (spec 001 §3). */
export const MATERIAL_CATEGORY = {
  idFront: '010',
  idBack: '011',
  diploma: '020',
  degree: '021',
  leaving: '030',
  avatar: '040',
  medical: '050',
  contract: '060',
  resignation: '070',
} as const;

export const EMPLOYEE_MSG = {
  idDuplicate: (holderCode: string) => `证件号码已被员工 ${holderCode} 使用`,
  notFound: '员工不存在或无权查看',
  forbidden: '您没有权限修改该员工的信息',
  pendingApproval: '已提交人事审批，审批通过后生效',
  inApproval: '该记录有进行中的审批，不能删除',
  openRequest: '该信息已有进行中的变更申请，请等待审批完成',
  saved: '保存成功',
  clientRequired: '派遣和外包员工请选择客户单位',
  dateOrder: '结束日期不能早于开始日期',
  phone: '手机号格式不正确',
  email: '邮箱格式不正确',
  bankAccount: '银行账号应为8到30位数字',
} as const;

const keyword = () => z.string().trim().max(64).optional();
const optionalId = () => id().optional().nullable();
const optionalDate = () =>
  isoDate()
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null));
const dict = () => z.string().trim().max(8);
const optionalDict = () => z.string().trim().max(8).optional().nullable();
const ZMobile = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, EMPLOYEE_MSG.phone);
const optionalMobile = () =>
  ZMobile.optional()
    .nullable()
    .or(z.literal('').transform(() => null));
const optionalEmail = () =>
  z
    .string()
    .trim()
    .email(EMPLOYEE_MSG.email)
    .max(128)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null));
/** Amounts travel in yuan with two decimals and are stored in fen. */
const optionalYuan = () => z.coerce.number().min(0).max(100_000_000).multipleOf(0.01).optional().nullable();
/** A file group id of the file service (an attachment list). */
const optionalFileGroup = () => z.string().trim().max(64).optional().nullable();

/** Refines a form with a start and an end date: the end may not come first. */
function datesInOrder<T extends { startDate?: string | null; endDate?: string | null }>(v: T, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: EMPLOYEE_MSG.dateOrder });
}

// ---------------------------------------------------------------------------------------------
// The roster
// ---------------------------------------------------------------------------------------------

export const ZRosterRecord = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  name: z.string(),
  userCode: z.string().nullable(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  companyName: z.string().nullable(),
  positionName: z.string().nullable(),
  gradeName: z.string().nullable(),
  personCategory: z.string(),
  clientCompanyId: z.number().int().nullable(),
  clientCompanyName: z.string().nullable(),
  settlementOrgName: z.string().nullable(),
  employState: z.string(),
  entryDate: z.string().nullable(),
  regularDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  /** Masked (138****5678) without the view-sensitive permission. */
  phone: z.string().nullable(),
  idType: z.string().nullable(),
  /** Masked (110***********1234) without the view-sensitive permission. */
  idNumber: z.string().nullable(),
  /** How many of the person's contract, identity document and certificates have passed their date (即将到期). */
  expiredCount: z.number().int(),
  updatedAt: isoDateTime(),
});
export type RosterRecord = z.output<typeof ZRosterRecord>;

export const rosterMeta = defineResourceMeta(ZRosterRecord, {
  name: 'roster',
  title: '员工花名册',
  titleEn: 'Roster',
  rowKey: 'id',
  fields: {
    employeeCode: { label: '工号', labelEn: 'Code', sortable: true, width: 100 },
    name: { label: '姓名', labelEn: 'Name', sortable: true, width: 90 },
    userCode: { label: '账号', labelEn: 'Account', hideInTable: true },
    gender: { label: '性别', labelEn: 'Gender', valueType: 'dict', dict: 'GENDER', width: 70 },
    birthday: { label: '出生日期', labelEn: 'Birthday', valueType: 'date', hideInTable: true },
    orgId: { label: '所属组织', labelEn: 'Organisation', valueType: 'org', hideInTable: true, export: false },
    orgName: { label: '部门', labelEn: 'Department', sortable: true, width: 140 },
    companyName: { label: '公司', labelEn: 'Company', hideInTable: true },
    positionName: { label: '岗位', labelEn: 'Position', width: 120 },
    gradeName: { label: '职级', labelEn: 'Grade', width: 90 },
    personCategory: { label: '人员类别', labelEn: 'Category', valueType: 'dict', dict: 'PERSONCATEGORY', filter: 'eq', width: 100 },
    clientCompanyId: { label: '客户单位', labelEn: 'Client', hideInTable: true, export: false },
    clientCompanyName: { label: '客户单位', labelEn: 'Client', width: 140 },
    settlementOrgName: { label: '结算组织', labelEn: 'Settlement org', hideInTable: true },
    employState: { label: '员工状态', labelEn: 'State', valueType: 'dict', dict: 'EMPLOYSTATE', filter: 'eq', width: 90 },
    entryDate: { label: '入职日期', labelEn: 'Entry date', valueType: 'date', filter: 'range', sortable: true, width: 110 },
    regularDate: { label: '转正日期', labelEn: 'Regular since', valueType: 'date', hideInTable: true },
    leaveDate: { label: '离职日期', labelEn: 'Left on', valueType: 'date', hideInTable: true },
    phone: { label: '手机号', labelEn: 'Phone', width: 120 },
    idType: { label: '证件类型', labelEn: 'ID type', valueType: 'dict', dict: 'IDTYPE', hideInTable: true },
    idNumber: { label: '证件号码', labelEn: 'ID number', hideInTable: true },
    expiredCount: { label: '已过期事项', labelEn: 'Expired items', valueType: 'number', width: 100 },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', sortable: true, hideInTable: true },
  },
});

export const ZRosterFilters = {
  /** Employees of this unit and every unit below it. */
  orgId: optionalId(),
  personCategory: z.string().max(8).optional(),
  employState: z.string().max(8).optional(),
  clientCompanyId: optionalId(),
  entryDateFrom: isoDate().optional(),
  entryDateTo: isoDate().optional(),
  /** Name, code, account, phone or ID number. */
  keyword: keyword(),
  /** Only these employees (the rows chosen on the roster, for their export). */
  ids: z.array(id()).max(500, '一次最多选择500人').optional(),
};

/** Block 1 of an employee: who the person is (基本信息). */
export const ZRosterBaseInfo = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  name: z.string(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  idType: z.string().nullable(),
  idNumber: z.string().nullable(),
  idExpireDate: z.string().nullable(),
  nation: z.string().nullable(),
  nativePlace: z.string().nullable(),
  politics: z.string().nullable(),
  marital: z.string().nullable(),
  highestEducation: z.string().nullable(),
  workStartDate: z.string().nullable(),
  /** File group of the avatar (material 040). */
  avatarFileId: z.string().nullable(),
  /** True when the numbers above are shown masked. */
  masked: z.boolean(),
});
export type RosterBaseInfo = z.output<typeof ZRosterBaseInfo>;

const ZBaseInfoFields = z.object({
  name: requiredText(64),
  idType: dict().default(ID_TYPE.residentCard),
  idNumber: z.string().trim().max(32).optional().nullable(),
  idExpireDate: optionalDate(),
  gender: optionalDict(),
  birthday: optionalDate(),
  nation: optionalText(32),
  nativePlace: optionalText(64),
  politics: optionalDict(),
  marital: optionalDict(),
  highestEducation: optionalDict(),
  workStartDate: optionalDate(),
});

/** The ID number checked for its type (a resident ID when none is given), as every form that takes one does. */
export function identityChecked(v: { idType?: string | null; idNumber?: string | null }, ctx: z.RefinementCtx) {
  if (!v.idNumber) return;
  const message = checkIdNumber(v.idType || ID_TYPE.residentCard, v.idNumber);
  if (message) ctx.addIssue({ code: 'custom', path: ['idNumber'], message });
}
const withIdentityFacts = <T extends { idType: string; idNumber?: string | null; gender?: string | null; birthday?: string | null }>(v: T): T => {
  if (v.idType !== ID_TYPE.residentCard || !v.idNumber) return v;
  const facts = residentIdFacts(v.idNumber);
  return facts ? { ...v, idNumber: v.idNumber.toUpperCase(), gender: facts.gender, birthday: facts.birthday } : v;
};
export const ZSaveRosterBase = ZBaseInfoFields.extend({ id: id() }).superRefine(identityChecked).transform(withIdentityFacts);

/** Block 2: how to reach the person (联系信息). */
export const ZRosterLinkInfo = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  emergencyRelation: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  masked: z.boolean(),
});
export const ZSaveRosterLink = z.object({
  id: id(),
  phone: optionalMobile(),
  email: optionalEmail(),
  address: optionalText(255),
  registeredAddress: optionalText(255),
  emergencyContact: optionalText(64),
  emergencyRelation: optionalDict(),
  emergencyPhone: optionalMobile(),
});

/** Block 3: the employment (在职信息): where, what, since when, social insurance and fund. */
export const ZRosterWorkersInfo = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  companyName: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionName: z.string().nullable(),
  gradeId: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  personCategory: z.string(),
  clientCompanyId: z.number().int().nullable(),
  clientCompanyName: z.string().nullable(),
  settlementOrgId: z.number().int().nullable(),
  settlementOrgName: z.string().nullable(),
  employState: z.string(),
  entryDate: z.string().nullable(),
  probationMonths: z.number().int(),
  regularDate: z.string().nullable(),
  contractEndDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  socialCity: z.string().nullable(),
  /** Yuan; masked figures are null (see `masked`). */
  socialBase: z.number().nullable(),
  fundCity: z.string().nullable(),
  fundBase: z.number().nullable(),
  salary: z.number().nullable(),
  masked: z.boolean(),
});
export const ZSaveRosterWorkers = z
  .object({
    id: id(),
    orgId: id(),
    positionId: optionalId(),
    positionName: optionalText(64),
    gradeId: optionalId(),
    personCategory: dict(),
    clientCompanyId: optionalId(),
    settlementOrgId: optionalId(),
    entryDate: isoDate(),
    probationMonths: z.coerce.number().int().min(0).max(6),
    contractEndDate: optionalDate(),
    socialCity: optionalText(32),
    socialBase: optionalYuan(),
    fundCity: optionalText(32),
    fundBase: optionalYuan(),
    salary: optionalYuan(),
  })
  .superRefine((v, ctx) => {
    if (PLACED_CATEGORIES.includes(v.personCategory) && !v.clientCompanyId)
      ctx.addIssue({ code: 'custom', path: ['clientCompanyId'], message: EMPLOYEE_MSG.clientRequired });
  });

/** One lifecycle event of an employee (变动记录): entry, confirmation, transfer, adjustment, departure, renewal. */
export const ZEmployeeEvent = z.object({
  id: z.number().int(),
  /** EMPEVENT dictionary. */
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
export type EmployeeEvent = z.output<typeof ZEmployeeEvent>;

/** One position held (任职记录), from the events that put the person there until the next one. */
export const ZTakeOffice = z.object({
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  gradeName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  kind: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Record sections: each row belongs to one employee
// ---------------------------------------------------------------------------------------------

/** How an employee's own change was handled: saved, or sent to HR for approval. */
export const ZSectionSaved = z.object({
  /** The record's id once saved (null while the change waits for approval). */
  id: z.number().int().nullable(),
  /** The change request (员工信息变更) when the change needs HR's approval first. */
  pendingRequest: z.object({ id: z.number().int(), documentNo: z.string() }).nullable(),
});
export type SectionSaved = z.output<typeof ZSectionSaved>;

const sectionRow = { id: z.number().int(), employeeId: z.number().int(), updatedAt: isoDateTime() };
const fileList = () => z.array(ZFileEntry);

export const ZEducationRecord = z.object({
  ...sectionRow,
  school: z.string(),
  major: z.string().nullable(),
  education: z.string(),
  degree: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  fullTime: z.boolean(),
  diplomaFileId: z.string().nullable(),
  degreeFileId: z.string().nullable(),
  diplomaFiles: fileList(),
  degreeFiles: fileList(),
});
export const ZEducationInput = z
  .object({
    school: requiredText(128),
    major: optionalText(64),
    education: dict(),
    degree: optionalDict(),
    startDate: optionalDate(),
    endDate: optionalDate(),
    fullTime: z.boolean().default(true),
    diplomaFileId: optionalFileGroup(),
    degreeFileId: optionalFileGroup(),
  })
  .superRefine(datesInOrder);

export const ZWorkHistoryRecord = z.object({
  ...sectionRow,
  company: z.string(),
  position: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  leaveReason: z.string().nullable(),
  witness: z.string().nullable(),
  witnessPhone: z.string().nullable(),
});
export const ZWorkHistoryInput = z
  .object({
    company: requiredText(128),
    position: optionalText(64),
    startDate: optionalDate(),
    endDate: optionalDate(),
    leaveReason: optionalText(255),
    witness: optionalText(64),
    witnessPhone: optionalMobile(),
  })
  .superRefine(datesInOrder);

export const ZFamilyRecord = z.object({
  ...sectionRow,
  name: z.string(),
  relation: z.string(),
  phone: z.string().nullable(),
  workUnit: z.string().nullable(),
  birthday: z.string().nullable(),
});
export const ZFamilyInput = z.object({
  name: requiredText(64),
  relation: dict(),
  phone: optionalMobile(),
  workUnit: optionalText(128),
  birthday: optionalDate(),
});

export const ZRelationRecord = z.object({
  ...sectionRow,
  name: z.string(),
  relation: z.string(),
  workUnit: z.string().nullable(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
});
export const ZRelationInput = z.object({
  name: requiredText(64),
  relation: requiredText(32),
  workUnit: optionalText(128),
  position: optionalText(64),
  phone: optionalMobile(),
});

export const ZLanguageRecord = z.object({
  ...sectionRow,
  language: z.string(),
  level: z.string(),
  certificate: z.string().nullable(),
  fileId: z.string().nullable(),
  files: fileList(),
});
export const ZLanguageInput = z.object({ language: dict(), level: dict(), certificate: optionalText(64), fileId: optionalFileGroup() });

export const ZCertificateRecord = z.object({
  ...sectionRow,
  name: z.string(),
  certificateNo: z.string().nullable(),
  issuer: z.string().nullable(),
  issueDate: z.string().nullable(),
  expireDate: z.string().nullable(),
  fileId: z.string().nullable(),
  files: fileList(),
});
export const ZCertificateInput = z
  .object({
    name: requiredText(128),
    certificateNo: optionalText(64),
    issuer: optionalText(128),
    issueDate: optionalDate(),
    expireDate: optionalDate(),
    fileId: optionalFileGroup(),
  })
  .superRefine((v, ctx) => datesInOrder({ startDate: v.issueDate, endDate: v.expireDate }, ctx));

export const ZAwardRecord = z.object({
  ...sectionRow,
  name: z.string(),
  awardDate: z.string().nullable(),
  issuer: z.string().nullable(),
  description: z.string().nullable(),
  fileId: z.string().nullable(),
  files: fileList(),
});
export const ZAwardInput = z.object({
  name: requiredText(128),
  awardDate: optionalDate(),
  issuer: optionalText(128),
  description: optionalText(500),
  fileId: optionalFileGroup(),
});

export const ZVehicleRecord = z.object({
  ...sectionRow,
  plateNo: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  color: z.string().nullable(),
  registerDate: z.string().nullable(),
});
export const ZVehicleInput = z.object({
  plateNo: z
    .string()
    .trim()
    .regex(/^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/, '车牌号格式不正确，例如 京A12345'),
  brand: optionalText(32),
  model: optionalText(32),
  color: optionalText(16),
  registerDate: optionalDate(),
});

/** Administration details (行政信息): one per employee. */
export const ZAdministrationRecord = z.object({
  ...sectionRow,
  workCardNo: z.string().nullable(),
  officeLocation: z.string().nullable(),
  seatNo: z.string().nullable(),
  computerAssetNo: z.string().nullable(),
  mailAccount: z.string().nullable(),
  remark: z.string().nullable(),
});
export const ZAdministrationInput = z.object({
  workCardNo: optionalText(32),
  officeLocation: optionalText(128),
  seatNo: optionalText(32),
  computerAssetNo: optionalText(32),
  mailAccount: optionalEmail(),
  remark: optionalText(255),
});

/** Medical examination (体检信息): one per employee, the latest. */
export const ZExaminationRecord = z.object({
  ...sectionRow,
  examDate: z.string().nullable(),
  hospital: z.string().nullable(),
  /** EXAMRESULT dictionary: 001 合格, 002 不合格, 003 需复查. */
  result: z.string().nullable(),
  remark: z.string().nullable(),
  fileId: z.string().nullable(),
  files: fileList(),
});
export const ZExaminationInput = z.object({
  examDate: optionalDate(),
  hospital: optionalText(128),
  result: optionalDict(),
  remark: optionalText(255),
  fileId: optionalFileGroup(),
});

export const ZBankRecord = z.object({
  ...sectionRow,
  /** BANK dictionary. */
  bankCode: z.string(),
  openBank: z.string().nullable(),
  accountName: z.string(),
  /** Masked without the view-sensitive permission. */
  accountNo: z.string(),
  /** The card salaries are paid to. */
  salaryCard: z.boolean(),
});
export const ZBankInput = z.object({
  bankCode: dict(),
  openBank: optionalText(128),
  accountName: requiredText(64),
  accountNo: z
    .string()
    .trim()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,30}$/, EMPLOYEE_MSG.bankAccount)),
  salaryCard: z.boolean().default(true),
});

export const ZMaterialRecord = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  /** MATERIALTYPE dictionary. */
  category: z.string(),
  fileId: z.string(),
  files: fileList(),
  updatedAt: isoDateTime(),
});

/** The sections and their labels, in the order the detail screen and the personal centre show them. */
export const SECTION_TITLES = {
  education: '教育经历',
  workerHistory: '工作经历',
  link: '家庭成员',
  around: '社会关系',
  language: '语言能力',
  certificate: '资格证书',
  award: '奖励信息',
  vehicle: '车辆信息',
  administration: '行政信息',
  examination: '体检信息',
  bank: '银行卡信息',
  material: '员工材料',
} as const;
export type SectionName = keyof typeof SECTION_TITLES;
/** Sections an employee's own change of which HR approves first (identity is in the base block). */
export const SECTIONS_NEEDING_APPROVAL: readonly SectionName[] = ['education', 'bank'];

// ---------------------------------------------------------------------------------------------
// Employee change requests (员工信息变更): an employee's own change of identity, education or
// bank details, approved by HR. The first document declared on the business-document kernel
// after the confirmation.
// ---------------------------------------------------------------------------------------------

export const EMPLOYEE_CHANGE_PROCESS_KEY = 'EmployeeInfo_Process';

export const ZChangeRequestRecord = z.object({
  id: z.number().int(),
  documentNo: z.string(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  /** 'base' (identity) or a section name. */
  section: z.string(),
  action: z.enum(['add', 'update', 'delete']),
  recordId: z.number().int().nullable(),
  /** The values asked for, as the section's form has them (sensitive numbers masked as elsewhere). */
  changes: z.record(z.string(), z.unknown()),
  /** The document state and its STATUS legend code. */
  state: z.string(),
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  createdAt: isoDateTime(),
});
export type ChangeRequestRecord = z.output<typeof ZChangeRequestRecord>;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const hrm = (path: string) => `/hr_api/hrm/api/${path}`;
const json = { method: 'POST', requestKind: 'json' } as const;
const blobCall = { method: 'POST', requestKind: 'json', responseKind: 'blob', data: z.null() } as const;
const ZEmployeeRef = z.object({ employeeId: id() });
/** Section lists take the employee; without it, the signed-in user's own record. */
const ZOwnSection = z.object({ employeeId: optionalId() });

/** What 提醒完善信息 says unless HR writes otherwise. */
export const ROSTER_REMIND_TEXT = '请在个人中心完善您的个人信息（基本信息、联系信息、教育经历、家庭成员、银行卡等），以便人事办理相关手续。';

/** A bulk action's answer on the roster: how many were done, and each one left out with why. */
export const ZRemindResult = z.object({
  sent: z.number().int(),
  skipped: z.array(z.object({ employeeId: z.number().int(), name: z.string().nullable(), reason: z.string() })),
});
export type RemindResult = z.output<typeof ZRemindResult>;

/** What a timeline entry is about (员工时间线, issue 39). */
export const TIMELINE_KINDS = ['lifecycle', 'performance', 'certificate', 'award', 'asset', 'leave'] as const;
export const TIMELINE_KIND_NAMES: Record<(typeof TIMELINE_KINDS)[number], string> = {
  lifecycle: '人事异动',
  performance: '绩效考核',
  certificate: '资格证书',
  award: '奖励',
  asset: '资产',
  leave: '请假',
};
/** One event of a person's working life, newest first; `link` opens the screen of the document behind it. */
export const ZTimelineEntry = z.object({
  date: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  detail: z.string().nullable(),
  documentNo: z.string().nullable(),
  link: z.string().nullable(),
});
export type TimelineEntry = z.output<typeof ZTimelineEntry>;

/** The four calls of a record section (list, add, update, delete), all checked per record on the server. */
function sectionCalls<R extends z.ZodType, I extends z.ZodType>(path: string, listVerb: string, record: R, input: I, title: string) {
  return {
    list: defineCall({
      ...json,
      path: hrm(`${path}/${listVerb}`),
      request: ZOwnSection,
      data: z.array(record),
      permission: 'login',
      summary: `${title}: the rows of one employee (own, or in HR's data scope)`,
      fromSpec: true,
    }),
    add: defineCall({
      ...json,
      path: hrm(`${path}/add`),
      request: z.object({ employeeId: optionalId(), data: input }),
      data: ZSectionSaved,
      permission: 'login',
      write: true,
      summary: `${title}: add a row (HR in scope, or the employee; some own changes go to approval)`,
      fromSpec: true,
    }),
    update: defineCall({
      ...json,
      path: hrm(`${path}/update`),
      request: z.object({ id: id(), data: input }),
      data: ZSectionSaved,
      permission: 'login',
      write: true,
      summary: `${title}: change a row`,
      fromSpec: true,
    }),
    remove: defineCall({
      ...json,
      path: hrm(`${path}/delete`),
      request: z.object({ id: id() }),
      data: ZSectionSaved,
      permission: 'login',
      write: true,
      summary: `${title}: delete a row (refused while an approval refers to it)`,
      fromSpec: true,
    }),
  };
}

const education = sectionCalls('education', 'getList', ZEducationRecord, ZEducationInput, '教育经历');
const workerHistory = sectionCalls('workerHistory', 'getList', ZWorkHistoryRecord, ZWorkHistoryInput, '工作经历');
const family = sectionCalls('link', 'getList', ZFamilyRecord, ZFamilyInput, '家庭成员');
const around = sectionCalls('around', 'getList', ZRelationRecord, ZRelationInput, '社会关系');
const language = sectionCalls('language', 'getList', ZLanguageRecord, ZLanguageInput, '语言能力');
const certificate = sectionCalls('certificate', 'getList', ZCertificateRecord, ZCertificateInput, '资格证书');
const award = sectionCalls('award', 'getList', ZAwardRecord, ZAwardInput, '奖励信息');
const vehicle = sectionCalls('vehicle', 'getByEmployee', ZVehicleRecord, ZVehicleInput, '车辆信息');

const ZEmployeeOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), userName: z.string(), orgName: z.string().nullable() });

export const employeeCalls = {
  // ---- Roster ---------------------------------------------------------------------------------
  rosterPage: defineCall({
    ...json,
    path: hrm('roster/getRosterPage'),
    request: pageRequest(ZRosterFilters),
    data: pageOf(ZRosterRecord),
    permission: HR_PERM.rosterList,
    summary: 'The roster: employees in the data scope, filtered, sorted and paged; sensitive columns masked',
    fromSpec: true,
  }),
  rosterBaseInfo: defineCall({
    ...json,
    path: hrm('roster/getRosterBaseInfo'),
    request: ZOwnSection,
    data: ZRosterBaseInfo,
    permission: 'login',
    summary: 'Base info of an employee (own, or in the data scope)',
    fromSpec: true,
  }),
  rosterSaveBase: defineCall({
    ...json,
    path: hrm('roster/saveRosterBase'),
    request: ZSaveRosterBase,
    data: ZSectionSaved,
    permission: 'login',
    write: true,
    summary: 'Saves base info; an employee changing their own identity goes to HR for approval',
    fromSpec: true,
  }),
  rosterLinkInfo: defineCall({
    ...json,
    path: hrm('roster/getRosterLinkInfo'),
    request: ZOwnSection,
    data: ZRosterLinkInfo,
    permission: 'login',
    summary: 'Contact info of an employee',
    fromSpec: true,
  }),
  rosterSaveLink: defineCall({
    ...json,
    path: hrm('roster/saveRosterLink'),
    request: ZSaveRosterLink,
    data: ZSectionSaved,
    permission: 'login',
    write: true,
    summary: 'Saves contact info (own, or HR)',
    fromSpec: true,
  }),
  rosterWorkersInfo: defineCall({
    ...json,
    path: hrm('roster/getRosterWorkersInfo'),
    request: ZOwnSection,
    data: ZRosterWorkersInfo,
    permission: 'login',
    summary: 'Employment info of an employee',
    fromSpec: true,
  }),
  rosterSaveWorkers: defineCall({
    ...json,
    path: hrm('roster/saveRosterWorkers'),
    request: ZSaveRosterWorkers,
    data: ZSectionSaved,
    permission: HR_PERM.rosterEdit,
    write: true,
    summary: 'Saves employment info (HR only; organisation changes are recorded as events)',
    fromSpec: true,
  }),
  rosterChangeInfo: defineCall({
    ...json,
    path: hrm('roster/getRosterChangeInfo'),
    request: ZOwnSection,
    data: z.array(ZEmployeeEvent),
    permission: 'login',
    summary: 'The lifecycle events of an employee, newest first',
    fromSpec: true,
  }),
  rosterTakeOfficeInfo: defineCall({
    ...json,
    path: hrm('roster/getRosterTakeOfficeInfo'),
    request: ZOwnSection,
    data: z.array(ZTakeOffice),
    permission: 'login',
    summary: 'The positions an employee held, from the lifecycle events',
    fromSpec: true,
  }),
  rosterRemindRecords: defineCall({
    ...json,
    path: hrm('roster/remindRecords'),
    request: z.object({
      ids: z.array(id()).min(1, '请选择员工').max(500, '一次最多选择500人'),
      message: z.string().trim().max(200, '提醒内容不能超过200字').optional(),
    }),
    data: ZRemindResult,
    permission: HR_PERM.rosterEdit,
    write: true,
    summary: 'Asks the chosen employees to complete their records (a message each); who could not be reminded is listed with why',
    fromSpec: false,
  }),
  rosterTimeline: defineCall({
    ...json,
    path: hrm('roster/getRosterTimeline'),
    request: ZOwnSection,
    data: z.array(ZTimelineEntry),
    permission: 'login',
    summary: "An employee's events in time order (lifecycle, performance, certificates, rewards, assets, leave), each with its document",
    fromSpec: false,
  }),
  rosterExport: defineCall({
    ...blobCall,
    path: hrm('roster/exportRosterData'),
    request: exportRequest(ZRosterFilters),
    permission: HR_PERM.rosterExport,
    summary: 'The filtered roster as xlsx (masked columns stay masked)',
    fromSpec: true,
  }),
  rosterImportTemplate: defineCall({
    method: 'GET',
    requestKind: 'query',
    responseKind: 'blob',
    data: z.null(),
    path: hrm('roster/importTemplate'),
    request: z.object({}),
    permission: HR_PERM.rosterImport,
    summary: 'The xlsx template of the employee import',
    fromSpec: false,
  }),
  rosterImport: defineCall({
    method: 'POST',
    requestKind: 'multipart',
    path: hrm('roster/importEmployees'),
    request: ZImportRequest,
    data: ZImportResult,
    permission: HR_PERM.rosterImport,
    write: true,
    summary: 'Imports employees from xlsx: checks every row; with confirm=true writes the valid ones in one transaction',
    fromSpec: false,
  }),
  // ---- Sections -------------------------------------------------------------------------------
  educationList: education.list,
  educationAdd: education.add,
  educationUpdate: education.update,
  educationDelete: education.remove,
  workerHistoryList: workerHistory.list,
  workerHistoryAdd: workerHistory.add,
  workerHistoryUpdate: workerHistory.update,
  workerHistoryDelete: workerHistory.remove,
  linkList: family.list,
  linkAdd: family.add,
  linkUpdate: family.update,
  linkDelete: family.remove,
  aroundList: around.list,
  aroundAdd: around.add,
  aroundUpdate: around.update,
  aroundDelete: around.remove,
  languageList: language.list,
  languageAdd: language.add,
  languageUpdate: language.update,
  languageDelete: language.remove,
  certificateList: certificate.list,
  certificateAdd: certificate.add,
  certificateUpdate: certificate.update,
  certificateDelete: certificate.remove,
  awardList: award.list,
  awardAdd: award.add,
  awardUpdate: award.update,
  awardDelete: award.remove,
  vehicleList: vehicle.list,
  vehicleAdd: vehicle.add,
  vehicleUpdate: vehicle.update,
  vehicleDelete: vehicle.remove,
  administrationGet: defineCall({
    ...json,
    path: hrm('administration/getByEmployee'),
    request: ZOwnSection,
    data: ZAdministrationRecord.nullable(),
    permission: 'login',
    summary: 'Administration details of an employee (null when none yet)',
    fromSpec: true,
  }),
  administrationUpdate: defineCall({
    ...json,
    path: hrm('administration/update'),
    request: z.object({ employeeId: optionalId(), data: ZAdministrationInput }),
    data: ZSectionSaved,
    permission: HR_PERM.rosterEdit,
    write: true,
    summary: 'Creates or changes the administration details (HR)',
    fromSpec: true,
  }),
  examinationGet: defineCall({
    ...json,
    path: hrm('examination/getExamination'),
    request: ZOwnSection,
    data: ZExaminationRecord.nullable(),
    permission: 'login',
    summary: 'The medical examination of an employee (null when none yet)',
    fromSpec: true,
  }),
  examinationUpdate: defineCall({
    ...json,
    path: hrm('examination/update'),
    request: z.object({ employeeId: optionalId(), data: ZExaminationInput }),
    data: ZSectionSaved,
    permission: HR_PERM.rosterEdit,
    write: true,
    summary: 'Creates or changes the medical examination (HR)',
    fromSpec: true,
  }),
  bankList: defineCall({
    ...json,
    path: hrm('bank/getBankByEmployee'),
    request: ZOwnSection,
    data: z.array(ZBankRecord),
    permission: 'login',
    summary: 'Bank cards of an employee (account numbers masked without the view-sensitive permission)',
    fromSpec: true,
  }),
  bankUpdate: defineCall({
    ...json,
    path: hrm('bank/update'),
    request: z.object({ id: optionalId(), employeeId: optionalId(), data: ZBankInput }),
    data: ZSectionSaved,
    permission: 'login',
    write: true,
    summary: 'Adds (no id) or changes a bank card; an employee’s own change goes to HR for approval',
    fromSpec: true,
  }),
  bankDelete: defineCall({
    ...json,
    path: hrm('bank/delete'),
    request: z.object({ id: id() }),
    data: ZSectionSaved,
    permission: 'login',
    write: true,
    summary: 'Deletes a bank card',
    fromSpec: true,
  }),
  // ---- Materials ------------------------------------------------------------------------------
  materialList: defineCall({
    ...json,
    path: hrm('material/getList'),
    request: z.object({ employeeId: optionalId(), category: z.string().max(8).optional() }),
    data: z.array(ZMaterialRecord),
    permission: 'login',
    summary: 'Materials of an employee by category',
    fromSpec: true,
  }),
  materialListEdu: defineCall({
    ...json,
    path: hrm('material/getListEdu'),
    request: ZOwnSection,
    data: z.array(ZMaterialRecord),
    permission: 'login',
    summary: 'Diploma and degree materials of an employee (020, 021)',
    fromSpec: true,
  }),
  materialAdd: defineCall({
    ...json,
    path: hrm('material/add'),
    request: z.object({ employeeId: optionalId(), category: dict(), fileId: z.string().trim().min(1).max(64) }),
    data: ZMaterialRecord,
    permission: 'login',
    write: true,
    summary: 'Files an uploaded file group as a material of an employee',
    fromSpec: true,
  }),
  materialDelete: defineCall({
    ...json,
    path: hrm('material/delete'),
    request: z.object({ id: id() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Removes a material (soft delete)',
    fromSpec: true,
  }),
  materialAddLeaving: defineCall({
    ...json,
    path: hrm('material/addDismissAndResignationFile'),
    request: z.object({ employeeId: id(), fileId: z.string().trim().min(1).max(64) }),
    data: ZMaterialRecord,
    permission: HR_PERM.rosterEdit,
    write: true,
    summary: 'Files a dismissal or resignation document (material 070) for an employee',
    fromSpec: true,
  }),
  rosterRecordCards: defineCall({
    ...blobCall,
    path: hrm('roster/downloadRecordCards'),
    request: z.object({ ids: z.array(id()).min(1, '请选择员工').max(50, '一次最多打印50人的登记表') }),
    permission: HR_PERM.rosterList,
    summary: 'The record cards (登记表) of the employees chosen on the roster, one sheet each, to print',
    fromSpec: false,
  }),
  basicDownload: defineCall({
    method: 'GET',
    requestKind: 'query',
    responseKind: 'blob',
    data: z.null(),
    path: hrm('basic/download'),
    request: z.object({ employeeId: optionalId() }),
    permission: 'login',
    summary: "An employee's record card (登记表) as xlsx: the blocks and sections on one workbook",
    fromSpec: true,
  }),
  basicCertificateNo: defineCall({
    ...json,
    path: hrm('basic/getCertificateNo'),
    request: ZOwnSection,
    data: z.object({ idType: z.string().nullable(), certificateNo: z.string(), masked: z.boolean() }),
    permission: 'login',
    summary: "An employee's ID number, masked without the view-sensitive permission",
    fromSpec: true,
  }),
  // ---- Employees ------------------------------------------------------------------------------
  employeeList: defineCall({
    ...json,
    path: hrm('employee/getEmployeeList'),
    request: z.object({ keyword: keyword(), orgId: optionalId(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
    data: z.array(ZEmployeeOption),
    permission: 'login',
    summary: 'Employee options (code, name, userName) for pickers, on-duty first',
    fromSpec: true,
  }),
  employeeUserList: defineCall({
    ...json,
    path: hrm('employee/getUserList'),
    request: ZEmployeeRef.partial().extend({ keyword: keyword() }),
    data: z.array(z.object({ userId: z.number().int(), userCode: z.string(), userName: z.string(), employeeId: z.number().int().nullable() })),
    permission: 'login',
    summary: 'User accounts with their employee id (for linking accounts)',
    fromSpec: true,
  }),
  employeeUpdateCore: defineCall({
    ...json,
    path: hrm('employee/updateCore'),
    request: z.object({
      id: id(),
      name: requiredText(64).optional(),
      gradeId: optionalId(),
      positionName: optionalText(64),
      employState: z.string().max(8).optional(),
    }),
    data: ZSectionSaved,
    permission: HR_PERM.rosterEdit,
    write: true,
    summary: 'Changes core fields of an employee (name, grade, position, state)',
    fromSpec: true,
  }),
  employeeByName: defineCall({
    ...json,
    path: hrm('employee/getEmployeeByName'),
    request: z.object({ name: z.string().trim().min(1).max(64) }),
    data: z.array(ZEmployeeOption),
    permission: 'login',
    summary: 'Employees with exactly this name (namesakes told apart by code and department)',
    fromSpec: true,
  }),
  // ---- Change requests ------------------------------------------------------------------------
  changeRequestDetail: defineCall({
    ...json,
    path: hrm('changeRequest/detail'),
    request: z.object({ id: optionalId(), instanceId: optionalId() }),
    data: ZChangeRequestRecord,
    permission: 'login',
    summary: 'One change request (the employee, HR and those on its flow)',
    fromSpec: false,
  }),
  changeRequestMine: defineCall({
    ...json,
    path: hrm('changeRequest/mine'),
    request: z.object({}),
    data: z.array(ZChangeRequestRecord),
    permission: 'login',
    summary: 'My change requests, newest first',
    fromSpec: false,
  }),
} as const;

/** The candidate's side of an onboarding link (spec 000): deletes a file of their own records. */
const outerChain = (path: string, summary: string) =>
  defineCall({
    ...json,
    path: `/recruit_api/recruit/api/outerChain/${path}`,
    request: z.object({ token: z.string().trim().min(1).max(512), id: id(), flag: z.string().max(16).optional() }),
    data: z.null(),
    permission: 'public',
    write: true,
    summary,
    fromSpec: true,
  });

export const outerChainCalls = {
  outerChainDeleteEducationFile: outerChain(
    'deleteEducationFile',
    'Removes the diploma (flag diploma) or degree (flag degree) file of one of the link holder’s education rows',
  ),
  outerChainDeleteAwardFile: outerChain('deleteAwardFile', 'Removes the file of one of the link holder’s awards'),
  outerChainDeleteLanguageFile: outerChain('deleteLanguageFile', 'Removes the file of one of the link holder’s languages'),
  outerChainDeleteCertificateFile: outerChain('deleteCertificateFile', 'Removes the file of one of the link holder’s certificates'),
  outerChainDeleteMaterial: outerChain('deleteMaterial', 'Removes one of the link holder’s materials'),
} as const;

// ---------------------------------------------------------------------------------------------
// Field metadata of the blocks and sections (the screens' tables, forms and detail views)
// ---------------------------------------------------------------------------------------------

export const baseInfoMeta = defineResourceMeta(ZRosterBaseInfo, {
  name: 'employeeBase',
  title: '基本信息',
  titleEn: 'Basic information',
  rowKey: 'id',
  fields: {
    employeeCode: { label: '工号', labelEn: 'Code', hideInForm: true },
    name: { label: '姓名', labelEn: 'Name', required: true, max: 64 },
    idType: { label: '证件类型', labelEn: 'ID type', valueType: 'dict', dict: 'IDTYPE', required: true },
    idNumber: { label: '证件号码', labelEn: 'ID number', max: 32 },
    idExpireDate: { label: '证件有效期至', labelEn: 'ID valid until', valueType: 'date' },
    gender: { label: '性别', labelEn: 'Gender', valueType: 'dict', dict: 'GENDER' },
    birthday: { label: '出生日期', labelEn: 'Birthday', valueType: 'date' },
    nation: { label: '民族', labelEn: 'Ethnicity', max: 32 },
    nativePlace: { label: '籍贯', labelEn: 'Native place', max: 64 },
    politics: { label: '政治面貌', labelEn: 'Political status', valueType: 'dict', dict: 'POLITICS' },
    marital: { label: '婚姻状况', labelEn: 'Marital status', valueType: 'dict', dict: 'MARITAL' },
    highestEducation: { label: '最高学历', labelEn: 'Highest education', valueType: 'dict', dict: 'EDUCATION' },
    workStartDate: { label: '参加工作日期', labelEn: 'Working since', valueType: 'date' },
  },
});

export const linkInfoMeta = defineResourceMeta(ZRosterLinkInfo, {
  name: 'employeeLink',
  title: '联系信息',
  titleEn: 'Contact',
  rowKey: 'id',
  fields: {
    phone: { label: '手机号', labelEn: 'Mobile', max: 11 },
    email: { label: '邮箱', labelEn: 'E-mail', max: 128 },
    address: { label: '现住址', labelEn: 'Address', max: 255 },
    registeredAddress: { label: '户籍地址', labelEn: 'Registered address', max: 255 },
    emergencyContact: { label: '紧急联系人', labelEn: 'Emergency contact', max: 64 },
    emergencyRelation: { label: '与本人关系', labelEn: 'Relation', valueType: 'dict', dict: 'RELATION' },
    emergencyPhone: { label: '紧急联系电话', labelEn: 'Emergency phone', max: 11 },
  },
});

export const workersInfoMeta = defineResourceMeta(ZRosterWorkersInfo, {
  name: 'employeeWork',
  title: '在职信息',
  titleEn: 'Employment',
  rowKey: 'id',
  fields: {
    employeeCode: { label: '工号', labelEn: 'Code', hideInForm: true },
    orgId: { label: '所属部门', labelEn: 'Department', valueType: 'org', required: true, hideInTable: true },
    orgName: { label: '部门', labelEn: 'Department', hideInForm: true },
    companyName: { label: '公司', labelEn: 'Company', hideInForm: true },
    positionName: { label: '岗位', labelEn: 'Position', max: 64 },
    gradeName: { label: '职级', labelEn: 'Grade', hideInForm: true },
    personCategory: { label: '人员类别', labelEn: 'Category', valueType: 'dict', dict: 'PERSONCATEGORY', required: true },
    clientCompanyName: { label: '客户单位', labelEn: 'Client', hideInForm: true },
    settlementOrgName: { label: '结算组织', labelEn: 'Settlement org', hideInForm: true },
    employState: { label: '员工状态', labelEn: 'State', valueType: 'dict', dict: 'EMPLOYSTATE', hideInForm: true },
    entryDate: { label: '入职日期', labelEn: 'Entry date', valueType: 'date', required: true },
    probationMonths: { label: '试用期（月）', labelEn: 'Probation (months)', valueType: 'number', required: true },
    regularDate: { label: '转正日期', labelEn: 'Regular since', valueType: 'date', hideInForm: true },
    contractEndDate: { label: '合同到期日', labelEn: 'Contract ends', valueType: 'date' },
    leaveDate: { label: '离职日期', labelEn: 'Left on', valueType: 'date', hideInForm: true },
    socialCity: { label: '社保缴纳城市', labelEn: 'Social insurance city', max: 32 },
    socialBase: { label: '社保基数（元）', labelEn: 'Social insurance base', valueType: 'money' },
    fundCity: { label: '公积金缴纳城市', labelEn: 'Housing fund city', max: 32 },
    fundBase: { label: '公积金基数（元）', labelEn: 'Housing fund base', valueType: 'money' },
    salary: { label: '月薪（元）', labelEn: 'Monthly salary', valueType: 'money' },
  },
});

const dateField = (label: string, labelEn: string) => ({ label, labelEn, valueType: 'date' as const });

export const sectionMetas = {
  education: defineResourceMeta(ZEducationRecord, {
    name: 'education',
    title: '教育经历',
    titleEn: 'Education',
    rowKey: 'id',
    fields: {
      school: { label: '学校', labelEn: 'School', required: true, max: 128 },
      major: { label: '专业', labelEn: 'Major', max: 64 },
      education: { label: '学历', labelEn: 'Education', valueType: 'dict', dict: 'EDUCATION', required: true },
      degree: { label: '学位', labelEn: 'Degree', valueType: 'dict', dict: 'DEGREE' },
      startDate: dateField('入学日期', 'From'),
      endDate: dateField('毕业日期', 'To'),
      fullTime: { label: '全日制', labelEn: 'Full-time', valueType: 'boolean' },
      diplomaFileId: { label: '毕业证书', labelEn: 'Diploma', valueType: 'file' },
      degreeFileId: { label: '学位证书', labelEn: 'Degree certificate', valueType: 'file' },
    },
  }),
  workerHistory: defineResourceMeta(ZWorkHistoryRecord, {
    name: 'workerHistory',
    title: '工作经历',
    titleEn: 'Work history',
    rowKey: 'id',
    fields: {
      company: { label: '工作单位', labelEn: 'Company', required: true, max: 128 },
      position: { label: '职位', labelEn: 'Position', max: 64 },
      startDate: dateField('开始日期', 'From'),
      endDate: dateField('结束日期', 'To'),
      leaveReason: { label: '离职原因', labelEn: 'Reason for leaving', max: 255 },
      witness: { label: '证明人', labelEn: 'Referee', max: 64 },
      witnessPhone: { label: '证明人电话', labelEn: 'Referee phone', max: 11 },
    },
  }),
  link: defineResourceMeta(ZFamilyRecord, {
    name: 'family',
    title: '家庭成员',
    titleEn: 'Family',
    rowKey: 'id',
    fields: {
      name: { label: '姓名', labelEn: 'Name', required: true, max: 64 },
      relation: { label: '关系', labelEn: 'Relation', valueType: 'dict', dict: 'RELATION', required: true },
      phone: { label: '联系电话', labelEn: 'Phone', max: 11 },
      workUnit: { label: '工作单位', labelEn: 'Employer', max: 128 },
      birthday: dateField('出生日期', 'Birthday'),
    },
  }),
  around: defineResourceMeta(ZRelationRecord, {
    name: 'relation',
    title: '社会关系',
    titleEn: 'Relations',
    rowKey: 'id',
    fields: {
      name: { label: '姓名', labelEn: 'Name', required: true, max: 64 },
      relation: { label: '关系', labelEn: 'Relation', required: true, max: 32 },
      workUnit: { label: '工作单位', labelEn: 'Employer', max: 128 },
      position: { label: '职务', labelEn: 'Position', max: 64 },
      phone: { label: '联系电话', labelEn: 'Phone', max: 11 },
    },
  }),
  language: defineResourceMeta(ZLanguageRecord, {
    name: 'language',
    title: '语言能力',
    titleEn: 'Languages',
    rowKey: 'id',
    fields: {
      language: { label: '语种', labelEn: 'Language', valueType: 'dict', dict: 'LANGUAGE', required: true },
      level: { label: '熟练程度', labelEn: 'Level', valueType: 'dict', dict: 'LANGLEVEL', required: true },
      certificate: { label: '证书', labelEn: 'Certificate', max: 64 },
      fileId: { label: '证书附件', labelEn: 'Attachment', valueType: 'file' },
    },
  }),
  certificate: defineResourceMeta(ZCertificateRecord, {
    name: 'certificate',
    title: '资格证书',
    titleEn: 'Certificates',
    rowKey: 'id',
    fields: {
      name: { label: '证书名称', labelEn: 'Name', required: true, max: 128 },
      certificateNo: { label: '证书编号', labelEn: 'Number', max: 64 },
      issuer: { label: '颁发机构', labelEn: 'Issuer', max: 128 },
      issueDate: dateField('颁发日期', 'Issued'),
      expireDate: dateField('有效期至', 'Expires'),
      fileId: { label: '证书附件', labelEn: 'Attachment', valueType: 'file' },
    },
  }),
  award: defineResourceMeta(ZAwardRecord, {
    name: 'award',
    title: '奖励信息',
    titleEn: 'Awards',
    rowKey: 'id',
    fields: {
      name: { label: '奖项名称', labelEn: 'Award', required: true, max: 128 },
      awardDate: dateField('获奖日期', 'Date'),
      issuer: { label: '颁发单位', labelEn: 'Issuer', max: 128 },
      description: { label: '说明', labelEn: 'Description', valueType: 'textarea', max: 500 },
      fileId: { label: '附件', labelEn: 'Attachment', valueType: 'file' },
    },
  }),
  vehicle: defineResourceMeta(ZVehicleRecord, {
    name: 'vehicle',
    title: '车辆信息',
    titleEn: 'Vehicles',
    rowKey: 'id',
    fields: {
      plateNo: { label: '车牌号', labelEn: 'Plate', required: true, max: 16 },
      brand: { label: '品牌', labelEn: 'Brand', max: 32 },
      model: { label: '型号', labelEn: 'Model', max: 32 },
      color: { label: '颜色', labelEn: 'Colour', max: 16 },
      registerDate: dateField('登记日期', 'Registered'),
    },
  }),
  administration: defineResourceMeta(ZAdministrationRecord, {
    name: 'administration',
    title: '行政信息',
    titleEn: 'Administration',
    rowKey: 'id',
    fields: {
      workCardNo: { label: '工牌号', labelEn: 'Badge', max: 32 },
      officeLocation: { label: '办公地点', labelEn: 'Office', max: 128 },
      seatNo: { label: '工位号', labelEn: 'Seat', max: 32 },
      computerAssetNo: { label: '电脑资产编号', labelEn: 'Computer asset', max: 32 },
      mailAccount: { label: '企业邮箱', labelEn: 'Company mail', max: 128 },
      remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255 },
    },
  }),
  examination: defineResourceMeta(ZExaminationRecord, {
    name: 'examination',
    title: '体检信息',
    titleEn: 'Medical examination',
    rowKey: 'id',
    fields: {
      examDate: dateField('体检日期', 'Date'),
      hospital: { label: '体检机构', labelEn: 'Clinic', max: 128 },
      result: { label: '体检结论', labelEn: 'Result', valueType: 'dict', dict: 'EXAMRESULT' },
      remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255 },
      fileId: { label: '体检报告', labelEn: 'Report', valueType: 'file' },
    },
  }),
  bank: defineResourceMeta(ZBankRecord, {
    name: 'bank',
    title: '银行卡信息',
    titleEn: 'Bank cards',
    rowKey: 'id',
    fields: {
      bankCode: { label: '银行', labelEn: 'Bank', valueType: 'dict', dict: 'BANK', required: true },
      openBank: { label: '开户行', labelEn: 'Branch', max: 128 },
      accountName: { label: '户名', labelEn: 'Account name', required: true, max: 64 },
      accountNo: { label: '银行账号', labelEn: 'Account number', required: true, max: 30 },
      salaryCard: { label: '工资卡', labelEn: 'Salary card', valueType: 'boolean' },
    },
  }),
} as const;

export const materialMeta = defineResourceMeta(ZMaterialRecord, {
  name: 'material',
  title: '员工材料',
  titleEn: 'Materials',
  rowKey: 'id',
  fields: {
    category: { label: '材料类别', labelEn: 'Category', valueType: 'dict', dict: 'MATERIALTYPE', required: true },
    fileId: { label: '文件', labelEn: 'Files', valueType: 'file', required: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true },
  },
});

export const employeeEventMeta = defineResourceMeta(ZEmployeeEvent, {
  name: 'employeeEvent',
  title: '变动记录',
  titleEn: 'Changes',
  rowKey: 'id',
  fields: {
    kind: { label: '变动类型', labelEn: 'Kind', valueType: 'dict', dict: 'EMPEVENT' },
    effectiveDate: { label: '生效日期', labelEn: 'Effective', valueType: 'date' },
    fromOrgName: { label: '原部门', labelEn: 'From unit' },
    toOrgName: { label: '新部门', labelEn: 'To unit' },
    fromPosition: { label: '原岗位', labelEn: 'From position' },
    toPosition: { label: '新岗位', labelEn: 'To position' },
    fromGradeName: { label: '原职级', labelEn: 'From grade' },
    toGradeName: { label: '新职级', labelEn: 'To grade' },
    documentNo: { label: '单据编号', labelEn: 'Document' },
    remark: { label: '备注', labelEn: 'Remark' },
  },
});
