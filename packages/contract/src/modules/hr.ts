import { z } from 'zod';
import { isoDate, NO, pageOf, text, YES, ZPageRequest } from '../common';
import { defineCall } from '../define';
import { ZApprovalStep, ZFlowData, ZSignMessage } from './bpm';
import { ZFileEntry } from './file';

/** Process key of the confirmation-of-employment flow (spec 000 §9). */
export const POSITIVE_PROCESS_KEY = 'Positive_Process';
/** regularStatus of a confirmed (regular) employee. */
export const REGULAR_STATUS_CONFIRMED = '010';
/** Maximum length of the confirmation form's text areas (spec 000 §9). */
export const CONFIRMATION_TEXT_MAX = 1000;
export const CONFIRMATION_MAX_MATERIALS = 10;

/** Product texts of the confirmation form (spec 000 §5 and §8); the zh-CN wording. */
export const CONFIRMATION_MSG = {
  confirmType: '请选择转正类型',
  preConfirmateTime: '请选择预计转正日期',
  confirmateTime: '请选择实际转正日期',
  isReport: '请选择是否述职',
  isChangeGrade: '请选择职级是否调整',
  isChangeSalary: '请选择薪资是否调整',
  assessModel: '请选择考核方式',
  newGrade: '请输入调整后职级',
  newSalary: '请输入调整后薪资',
  opinion: '请输入转正意见',
  advantage: '请输入优点',
  improvePoint: '请输入待改进点',
  material: '请上传转正评估表',
  materials: '请上传附件材料',
  materialOne: '当前限制上传1个文件',
  textMax: '最多输入1000个字符',
  invalidForm: '请先正确填写表单',
  notProbation: '该员工不在试用期或不在职',
  modified: '信息修改成功',
  submitted: '转正审批已提交',
  submittedOk: '提交成功',
  revoked: '转正申请已撤回',
  passed: '转正审批已通过',
  rejected: '转正待办已驳回',
  transferred: '转办成功',
  personListFailed: '获取人员列表失败，请联系管理员',
  orgFailed: '获取人员所属公司/部门失败',
  approveFailed: '转正审批失败',
  rejectFailed: '驳回转正流程失败',
  personFailed: '获取转正人员信息失败',
} as const;

const yesNo = (message: string) => z.enum([YES, NO], { error: message });
const longText = () => z.string().max(CONFIRMATION_TEXT_MAX, CONFIRMATION_MSG.textMax).optional().nullable();
const fileId = () => z.coerce.number().int().positive();

/**
 * The confirmation form (spec 000 §3 "Confirmation record"). Shapes only; the rules that depend on
 * other fields and on the person (newGrade when the grade changes, opinion for regular staff,
 * advantage/improvePoint for outsourced staff, files when a report is given) are checked by
 * `confirmationIssues`, shared by the dialog and the server.
 */
export const ZConfirmationForm = z.object({
  employeeId: z.coerce.number().int().positive(),
  confirmType: z.string().trim().min(1, CONFIRMATION_MSG.confirmType).max(32),
  preConfirmateTime: isoDate(),
  confirmateTime: isoDate(),
  isReport: yesNo(CONFIRMATION_MSG.isReport),
  isChangeGrade: yesNo(CONFIRMATION_MSG.isChangeGrade),
  newGrade: z.coerce.number().int().positive().optional().nullable(),
  isChangeSalary: yesNo(CONFIRMATION_MSG.isChangeSalary),
  /** Monthly salary after confirmation, in yuan (two decimals), when the salary changes. */
  newSalary: z.coerce.number().min(0).max(10_000_000).optional().nullable(),
  assessModel: z.string().trim().min(1, CONFIRMATION_MSG.assessModel).max(32),
  opinion: longText(),
  advantage: longText(),
  improvePoint: longText(),
  /** The one evaluation form file (file id). */
  material: fileId().optional().nullable(),
  /** Other files (file ids), up to 10. */
  materials: z.array(fileId()).max(CONFIRMATION_MAX_MATERIALS, `最多可上传${CONFIRMATION_MAX_MATERIALS}个文件！`).optional().nullable(),
});
export type ConfirmationForm = z.input<typeof ZConfirmationForm>;

export interface ConfirmationPerson {
  personCategory: string;
  outSource: string;
}

/** Cross-field rules of the form, as field → message. Empty when the form may be submitted. */
export function confirmationIssues(form: Partial<z.output<typeof ZConfirmationForm>>, person: ConfirmationPerson): Record<string, string> {
  const issues: Record<string, string> = {};
  const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
  if (form.confirmType === '003') issues.confirmType = CONFIRMATION_MSG.confirmType;
  if (form.isChangeGrade === YES && blank(form.newGrade)) issues.newGrade = CONFIRMATION_MSG.newGrade;
  if (form.isChangeSalary === YES && blank(form.newSalary)) issues.newSalary = CONFIRMATION_MSG.newSalary;
  if (person.personCategory === '001' && blank(form.opinion)) issues.opinion = CONFIRMATION_MSG.opinion;
  if (person.outSource === '001') {
    if (blank(form.advantage)) issues.advantage = CONFIRMATION_MSG.advantage;
    if (blank(form.improvePoint)) issues.improvePoint = CONFIRMATION_MSG.improvePoint;
  }
  if (form.isReport === YES) {
    if (blank(form.material)) issues.material = CONFIRMATION_MSG.material;
    if (!form.materials?.length) issues.materials = CONFIRMATION_MSG.materials;
  }
  return issues;
}

/** Person card (spec 000 §3). */
export const ZPersonCard = z.object({
  employeeId: z.number().int(),
  employeeName: z.string(),
  domainAccount: z.string(),
  userCode: z.string(),
  company: z.string(),
  dept: z.string(),
  personCategory: z.string(),
  accreditcompany: z.string(),
  accreditdept: z.string(),
  outSource: z.string(),
  phone: z.string(),
  email: z.string(),
  entryTime: z.string(),
  positionName: z.string(),
  probation: z.number().int(),
  regularStatus: z.string(),
  rankName: z.string(),
  officialRankName: z.string(),
  orgId: z.number().int().nullable(),
  accreditOrgId: z.number().int().nullable(),
  processInstanceId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  operatedCode: z.string(),
  bpmStatus: z.string(),
});
export type PersonCard = z.output<typeof ZPersonCard>;

export const ZConfirmationRecord = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  processId: z.number().int().nullable(),
  confirmType: z.string(),
  preConfirmateTime: z.string(),
  confirmateTime: z.string(),
  confirmDate: z.string(),
  isReport: z.string(),
  isChangeGrade: z.string(),
  newGrade: z.number().int().nullable(),
  newGradeName: z.string(),
  isChangeSalary: z.string(),
  newSalary: z.number().nullable(),
  assessModel: z.string(),
  opinion: z.string(),
  advantage: z.string(),
  improvePoint: z.string(),
  material: z.number().int().nullable(),
  materials: z.array(z.number().int()),
  /** The evaluation form and the other files, as the upload control lists them. */
  materialFile: ZFileEntry.nullable(),
  materialFiles: z.array(ZFileEntry),
  /** approving | returned | passed | rejected | revoked */
  status: z.string(),
  applicantCode: z.string(),
  createTime: z.string(),
});
export type ConfirmationRecord = z.output<typeof ZConfirmationRecord>;

export const ZConfirmationDetail = z.object({
  record: ZConfirmationRecord,
  person: ZPersonCard,
  flow: ZFlowData,
  /** The applicant may edit and submit again (sent back to them). */
  editable: z.boolean(),
  /** The current approver may send it back. */
  canRollback: z.boolean(),
});
export type ConfirmationDetail = z.output<typeof ZConfirmationDetail>;

const hrm = (path: string) => `/hr_api/hrm/positive/${path}`;
const ZFinishTaskIndto = z.object({
  key: z.string().max(64).optional(),
  message: ZSignMessage.optional().nullable(),
  operatedCode: z.string().max(64).optional(),
  taskId: z.coerce.number().int().positive(),
  approvalInfoId: z
    .union([z.string().max(64), z.number()])
    .optional()
    .nullable(),
  userCode: z.string().max(64).optional(),
  processId: z.coerce.number().int().positive().optional(),
});

export const hrCalls = {
  positiveDetail: defineCall({
    method: 'POST',
    path: hrm('getPositiveDetail'),
    requestKind: 'json',
    request: z.object({ businessId: z.coerce.number().int().positive().optional(), instanceId: z.coerce.number().int().positive().optional() }),
    data: ZConfirmationDetail,
    permission: 'login',
    summary: 'A confirmation with the person card and its flow, by businessId (record id) or instanceId',
    fromSpec: false,
  }),
  positivePerson: defineCall({
    method: 'POST',
    path: hrm('getPersonInfo'),
    requestKind: 'json',
    request: z.object({ employeeId: z.coerce.number().int().positive() }),
    data: ZPersonCard,
    permission: 'login',
    summary: 'The person card of an employee for the start dialog',
    fromSpec: false,
  }),
  positiveStart: defineCall({
    method: 'POST',
    path: hrm('startProcess'),
    requestKind: 'json',
    request: z.object({ list: z.array(ZConfirmationForm).min(1).max(50), userCode: z.string().max(64).optional() }),
    data: z.array(z.object({ id: z.number().int(), employeeId: z.number().int(), processInstanceId: z.number().int() })),
    permission: 'login',
    write: true,
    summary: 'Starts the confirmation process for one or more employees (all or nothing)',
    fromSpec: false,
  }),
  positiveFinishTask: defineCall({
    method: 'POST',
    path: hrm('finishTask'),
    requestKind: 'json',
    request: z.object({ finishTaskIndto: ZFinishTaskIndto, form: ZConfirmationForm.partial().optional() }).passthrough(),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my approval task, or — on a request sent back to me — submits the corrected form again',
    fromSpec: false,
  }),
  positiveReject: defineCall({
    method: 'POST',
    path: hrm('rejectTask'),
    requestKind: 'json',
    request: z.object({ taskId: z.coerce.number().int().positive(), message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符') }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects the confirmation (ends the process)',
    fromSpec: false,
  }),
  positiveRollback: defineCall({
    method: 'POST',
    path: hrm('rollback'),
    requestKind: 'json',
    request: z.object({
      taskId: z.coerce.number().int().positive(),
      rejectOrNot: z.literal('001').default('001'),
      sort: z.coerce.number().int().min(0).max(1000).optional(),
      message: ZSignMessage.optional().nullable(),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Sends the confirmation back (sort from taskOver/nodeList; default the applicant)',
    fromSpec: false,
  }),
  positiveTransfer: defineCall({
    method: 'POST',
    path: hrm('transfer'),
    requestKind: 'json',
    request: z.object({
      taskId: z.coerce.number().int().positive(),
      transferUserCode: z.string().trim().min(1, '请选择转办对象').max(64),
      remark: z.string().trim().min(1, '请输入转办理由').max(200, '转办理由最多200个字符'),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Transfers my confirmation task',
    fromSpec: false,
  }),
  positiveRevoke: defineCall({
    method: 'POST',
    path: hrm('revoke'),
    requestKind: 'json',
    request: z.object({ businessId: z.coerce.number().int().positive().optional(), processInstanceId: z.coerce.number().int().positive().optional() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'The applicant revokes the confirmation',
    fromSpec: false,
  }),
  positiveApprovalInfo: defineCall({
    method: 'POST',
    path: hrm('viewApprovalInfo'),
    requestKind: 'json',
    request: z.object({ processInstanceId: z.coerce.number().int().positive() }),
    data: z.array(ZApprovalStep),
    permission: 'login',
    summary: 'The step list of a confirmation',
    fromSpec: false,
  }),
  positiveGetFlow: defineCall({
    method: 'POST',
    path: hrm('getFlow'),
    requestKind: 'json',
    request: z.object({
      userCode: z.string().max(64).optional(),
      operatedCode: z.string().max(64).optional(),
      key: z.string().max(64).optional(),
      employeeId: z.coerce.number().int().positive().optional(),
      isChangeGrade: z.string().max(8).optional(),
    }),
    data: z.array(ZApprovalStep),
    permission: 'login',
    summary: 'The steps a confirmation would take before submission (preview)',
    fromSpec: false,
  }),
  positiveFinishCc: defineCall({
    method: 'POST',
    path: hrm('finishCcTask'),
    requestKind: 'json',
    request: z.object({ processInstanceId: z.coerce.number().int().positive() }),
    data: z.object({ finished: z.number().int() }),
    permission: 'login',
    write: true,
    summary: 'Marks my copy of a confirmation as read',
    fromSpec: false,
  }),
  positiveCanRollback: defineCall({
    method: 'POST',
    path: hrm('canRollback'),
    requestKind: 'json',
    request: z.object({ instanceId: z.coerce.number().int().positive() }),
    data: z.object({ allowed: z.boolean() }),
    permission: 'login',
    summary: 'Whether I may send the confirmation back now',
    fromSpec: false,
  }),
  positivePersonList: defineCall({
    method: 'POST',
    path: hrm('personList'),
    requestKind: 'json',
    request: ZPageRequest.extend({ keyword: text(64).optional() }),
    data: pageOf(
      z.object({
        employeeId: z.number().int(),
        employeeName: z.string(),
        userCode: z.string(),
        dept: z.string(),
        entryTime: z.string(),
        positionName: z.string(),
        personCategory: z.string(),
        outSource: z.string(),
        bpmStatus: z.string(),
      }),
    ),
    permission: 'login',
    summary: 'People who can be confirmed: on duty (003) and not yet regular (regularStatus not 010)',
    fromSpec: false,
  }),
  positiveRankList: defineCall({
    method: 'POST',
    path: hrm('rankList'),
    requestKind: 'json',
    request: z.object({ orgId: z.coerce.number().int().positive().optional().nullable() }),
    data: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), level: z.number().int() })),
    permission: 'login',
    summary: 'Grades (ranks) available to a unit',
    fromSpec: false,
  }),
  positiveCertificateNo: defineCall({
    method: 'POST',
    path: hrm('getCertificateNo'),
    requestKind: 'json',
    request: z.object({ employeeId: z.coerce.number().int().positive() }),
    data: z.object({ certificateNo: z.string() }),
    permission: 'login',
    summary: "An employee's certificate (identity card) number, masked unless the caller is HR",
    fromSpec: false,
  }),
} as const;
