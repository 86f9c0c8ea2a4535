import {
  CONFIRMATION_MSG,
  type ConfirmationDetail,
  type ConfirmationForm,
  type ConfirmationRecord,
  confirmationIssues,
  EMPLOY_STATE,
  NO,
  type PersonCard,
  POSITIVE_PROCESS_KEY,
  REGULAR_STATUS_CONFIRMED,
  YES,
  ZConfirmationForm,
} from '@erp/contract';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import * as engine from '../../workflow/engine';
import { instanceSteps, previewSteps } from '../../workflow/steps';
import { isParticipant } from '../bpm/bpm.repository';
import { flowData } from '../bpm/bpm.service';
import { POSITIVE_PROCESS_XML } from '../bpm/definitions/positive-process';
import { toEntry } from '../file/file.service';
import { EVENT_KIND, recordEvent } from './employee-events';
import { confirmations } from './hr.schema';
import * as repo from './positive.repository';

type Form = z.output<typeof ZConfirmationForm>;

const HR_ROLES = ['hr', 'hrDirector'];
export const isHr = (user: Principal) => user.isAdmin || user.roleCodes.some((r) => HR_ROLES.includes(r));

const cents = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : Math.round(yuan * 100));

// ---------------------------------------------------------------------------------------------
// The confirmation as a business document: the kernel numbers it (ZZ…), keeps its status in step
// with the process, and on the final pass — in the same transaction — the employee becomes regular
// with the grade and salary change applied, and the change is recorded as a lifecycle event.

export const confirmationDocument = defineDocument({
  processKey: POSITIVE_PROCESS_KEY,
  prefix: 'ZZ',
  name: '转正申请',
  table: confirmations,
  columns: { id: confirmations.id, state: confirmations.status, instanceId: confirmations.processInstanceId, documentNo: confirmations.documentNo },
  defaultDefinitionXml: POSITIVE_PROCESS_XML,
  async onPassed(tx, c, e) {
    const emp = await repo.lockEmployee(tx, c.employeeId);
    if (!emp) throw notFound('员工不存在');
    const patch: Parameters<typeof repo.updateEmployee>[2] = {
      regularStatus: REGULAR_STATUS_CONFIRMED,
      employState: EMPLOY_STATE.regular,
      regularDate: c.confirmDate,
      updatedBy: e.userId,
    };
    if (c.isChangeGrade === YES && c.newGradeId) patch.gradeId = c.newGradeId;
    if (c.isChangeSalary === YES && c.newSalaryCents !== null) patch.salaryCents = c.newSalaryCents;
    await repo.updateEmployee(tx, emp.id, patch);
    await repo.updateConfirmation(tx, c.id, { oldGradeId: emp.gradeId, oldSalaryCents: emp.salaryCents, updatedBy: e.userId });
    await recordEvent(tx, {
      employeeId: emp.id,
      kind: EVENT_KIND.regular,
      effectiveDate: c.confirmDate,
      fromOrgId: emp.orgId,
      toOrgId: emp.orgId,
      fromPosition: emp.positionName,
      toPosition: emp.positionName,
      fromGradeId: emp.gradeId,
      toGradeId: patch.gradeId ?? emp.gradeId,
      documentNo: c.documentNo,
      createdBy: e.userId,
    });
  },
});

// ---------------------------------------------------------------------------------------------
// Checks

async function checkForm(db: Db, form: Form, emp: repo.EmployeeRow): Promise<Form> {
  const clean: Form = { ...form };
  if (clean.isChangeGrade === NO) clean.newGrade = null; // cleared when the grade does not change
  if (clean.isChangeSalary === NO) clean.newSalary = null;
  if (clean.isReport === NO) {
    clean.material = null;
    clean.materials = [];
  }
  const issues = confirmationIssues(clean, { personCategory: emp.personCategory, outSource: emp.outsource });
  const first = Object.values(issues)[0];
  if (first) throw badRequest(`${CONFIRMATION_MSG.invalidForm}：${first}`, issues);
  if (clean.newGrade && !(await repo.gradeById(db, clean.newGrade))) throw badRequest(`${CONFIRMATION_MSG.invalidForm}：${CONFIRMATION_MSG.newGrade}`);
  const fileIds = [...(clean.material ? [clean.material] : []), ...(clean.materials ?? [])];
  const found = await repo.existingFiles(db, fileIds);
  if (found.length !== new Set(fileIds).size) throw badRequest(`${CONFIRMATION_MSG.invalidForm}：附件不存在或已删除`);
  return clean;
}

function recordValues(form: Form) {
  return {
    confirmType: form.confirmType,
    preConfirmDate: form.preConfirmateTime,
    confirmDate: form.confirmateTime,
    isReport: form.isReport,
    isChangeGrade: form.isChangeGrade,
    newGradeId: form.newGrade ?? null,
    isChangeSalary: form.isChangeSalary,
    newSalaryCents: cents(form.newSalary),
    assessModel: form.assessModel,
    opinion: form.opinion ?? null,
    advantage: form.advantage ?? null,
    improvePoint: form.improvePoint ?? null,
    materialFileId: form.material ?? null,
    materialFileIds: form.materials ?? [],
  };
}

function processVars(form: Form, emp: repo.EmployeeRow) {
  return {
    employeeId: emp.id,
    orgId: emp.orgId,
    personCategory: emp.personCategory,
    outsource: emp.outsource,
    confirmType: form.confirmType,
    isReport: form.isReport,
    isChangeGrade: form.isChangeGrade,
    isChangeSalary: form.isChangeSalary,
  };
}

/** HR, the employee, and everyone on the flow may read a confirmation. */
async function assertCanRead(db: Db, user: Principal, c: repo.ConfirmationRow): Promise<void> {
  if (isHr(user)) return;
  const emp = await repo.employeeById(db, c.employeeId);
  if (emp?.userId === user.userId || c.applicantUserId === user.userId) return;
  if (c.processInstanceId && (await isParticipant(db, c.processInstanceId, user.userId))) return;
  throw forbidden('您没有权限查看该转正申请');
}

/** Attachments of a confirmation are readable by whoever may read the confirmation. */
export async function canReadFile(db: Db, user: Principal, fileId: number): Promise<boolean> {
  for (const c of await repo.confirmationsWithFile(db, fileId)) {
    try {
      await assertCanRead(db, user, c);
      return true;
    } catch {
      // not this one; another confirmation may carry the same file
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function personCard(db: Db, emp: repo.EmployeeRow, c?: repo.ConfirmationRow): Promise<PersonCard> {
  const names = await repo.orgNames(db, [emp.orgId, emp.companyId, emp.accreditOrgId]);
  const user = await repo.userOf(db, emp.userId);
  const grade = await repo.gradeById(db, emp.gradeId);
  const official = c?.isChangeGrade === YES ? await repo.gradeById(db, c.newGradeId) : grade;
  const task = c?.processInstanceId ? await repo.pendingTaskOf(db, c.processInstanceId) : undefined;
  const operator = task?.assigneeUserId ? await repo.userOf(db, task.assigneeUserId) : undefined;
  const accredit = emp.accreditOrgId ? (names.get(emp.accreditOrgId) ?? '') : '';
  return {
    employeeId: emp.id,
    employeeName: emp.name,
    domainAccount: user?.userCode ?? '',
    userCode: user?.userCode ?? '',
    company: emp.companyId ? (names.get(emp.companyId) ?? '') : '',
    dept: emp.orgId ? (names.get(emp.orgId) ?? '') : '',
    personCategory: emp.personCategory,
    accreditcompany: accredit,
    accreditdept: accredit,
    outSource: emp.outsource,
    phone: emp.phone ?? '',
    email: emp.email ?? '',
    entryTime: emp.entryDate ?? '',
    positionName: emp.positionName ?? '',
    probation: emp.probationMonths,
    regularStatus: emp.regularStatus,
    rankName: grade?.name ?? '',
    officialRankName: official?.name ?? '',
    orgId: emp.orgId,
    accreditOrgId: emp.accreditOrgId,
    processInstanceId: c?.processInstanceId ?? null,
    taskId: task?.id ?? null,
    operatedCode: operator?.userCode ?? '',
    bpmStatus: c?.status ?? '',
  };
}

async function toRecord(db: Db, c: repo.ConfirmationRow): Promise<ConfirmationRecord> {
  const files = await repo.existingFiles(db, [...(c.materialFileId ? [c.materialFileId] : []), ...c.materialFileIds]);
  const applicant = await repo.userOf(db, c.applicantUserId);
  return {
    id: c.id,
    employeeId: c.employeeId,
    processId: c.processInstanceId,
    confirmType: c.confirmType,
    preConfirmateTime: c.preConfirmDate,
    confirmateTime: c.confirmDate,
    confirmDate: c.confirmDate,
    isReport: c.isReport,
    isChangeGrade: c.isChangeGrade,
    newGrade: c.newGradeId,
    newGradeName: (await repo.gradeById(db, c.newGradeId))?.name ?? '',
    isChangeSalary: c.isChangeSalary,
    newSalary: c.newSalaryCents === null ? null : c.newSalaryCents / 100,
    assessModel: c.assessModel,
    opinion: c.opinion ?? '',
    advantage: c.advantage ?? '',
    improvePoint: c.improvePoint ?? '',
    material: c.materialFileId,
    materials: c.materialFileIds,
    materialFile: files.filter((f) => f.id === c.materialFileId).map(toEntry)[0] ?? null,
    materialFiles: files.filter((f) => c.materialFileIds.includes(f.id)).map(toEntry),
    status: c.status,
    applicantCode: applicant?.userCode ?? '',
    createTime: c.createdAt.toISOString(),
  };
}

export async function detail(db: Db, user: Principal, input: { businessId?: number; instanceId?: number }): Promise<ConfirmationDetail> {
  const c = input.businessId
    ? await repo.confirmationById(db, input.businessId)
    : input.instanceId
      ? await repo.confirmationByInstance(db, input.instanceId)
      : undefined;
  if (!input.businessId && !input.instanceId) throw badRequest('businessId 或 instanceId 必须提供一个');
  if (!c) throw notFound(CONFIRMATION_MSG.personFailed);
  await assertCanRead(db, user, c);
  const emp = await repo.employeeById(db, c.employeeId);
  if (!emp) throw notFound(CONFIRMATION_MSG.personFailed);
  const flow = c.processInstanceId
    ? await flowData(db, user, { instanceId: c.processInstanceId }, true)
    : await flowData(db, user, { businessId: String(c.id), instanceType: POSITIVE_PROCESS_KEY }, true);
  const canRollback = flow.taskKind === 'approve' && flow.processInstanceId !== null && flow.taskId !== null;
  return { record: await toRecord(db, c), person: await personCard(db, emp, c), flow, editable: flow.taskKind === 'resubmit', canRollback };
}

export async function person(db: Db, user: Principal, employeeId: number): Promise<PersonCard> {
  const emp = await repo.employeeById(db, employeeId);
  if (!emp) throw notFound(CONFIRMATION_MSG.personFailed);
  if (!isHr(user) && emp.userId !== user.userId) throw forbidden('您没有权限查看该员工');
  return personCard(db, emp, await repo.openConfirmationOf(db, emp.id));
}

// ---------------------------------------------------------------------------------------------
// Commands

/** Runs a check; a refusal it throws gets the person's name in front (`张三：…`) when `name` is given. */
async function namingPerson<T>(name: string | null, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (name && err instanceof AppError && err.status < 500) throw new AppError(err.status, `${name}：${err.message}`, err.code, err.data);
    throw err;
  }
}

export async function start(db: Db, user: Principal, list: Form[]) {
  return db.transaction(async (tx) => {
    const out: Array<{ id: number; employeeId: number; processInstanceId: number }> = [];
    const seen = new Set<number>();
    for (const raw of list) {
      if (seen.has(raw.employeeId)) throw badRequest('同一员工不能重复提交');
      seen.add(raw.employeeId);
      // Locking the employee serialises two starts for the same person (double submit).
      const emp = await repo.lockEmployee(tx, raw.employeeId);
      if (!emp) throw notFound(CONFIRMATION_MSG.personFailed);
      if (!isHr(user) && emp.userId !== user.userId) throw forbidden('只有人力资源或本人可以发起转正');
      if (await repo.openConfirmationOf(tx, emp.id)) throw conflict(`${emp.name} 已有进行中的转正申请`);
      // In a batch, a refusal names the person it is about (nothing of the batch is started).
      const form = await namingPerson(list.length > 1 ? emp.name : null, async () => {
        if (emp.status !== '003' || emp.regularStatus === REGULAR_STATUS_CONFIRMED) throw badRequest(CONFIRMATION_MSG.notProbation);
        return checkForm(tx, raw, emp);
      });
      const row = await repo.insertConfirmation(tx, {
        employeeId: emp.id,
        applicantUserId: user.userId,
        ...recordValues(form),
        createdBy: user.userId,
        updatedBy: user.userId,
      });
      const { instanceId } = await confirmationDocument.submit(tx, {
        id: row.id,
        userId: user.userId,
        title: `${emp.name} 转正申请`,
        vars: processVars(form, emp),
      });
      out.push({ id: row.id, employeeId: emp.id, processInstanceId: instanceId });
    }
    return out;
  });
}

const FORM_FIELDS = Object.keys(ZConfirmationForm.shape) as Array<keyof ConfirmationForm>;

/** Pass my approval task, or — when the request was sent back to me — submit the corrected form. */
export async function finishTask(
  db: Db,
  user: Principal,
  input: { finishTaskIndto: { taskId: number; message?: string | null }; form?: Partial<ConfirmationForm> } & Record<string, unknown>,
) {
  const { taskId, message } = input.finishTaskIndto;
  const { task, row: confirmation } = await confirmationDocument.task(db, taskId);
  if (task.kind !== 'resubmit') {
    await engine.pass(db, { taskId, userId: user.userId, message });
    return;
  }
  const flat = Object.fromEntries(FORM_FIELDS.filter((k) => k in input).map((k) => [k, input[k]]));
  const current = await toRecord(db, confirmation);
  const merged = {
    confirmType: current.confirmType,
    preConfirmateTime: current.preConfirmateTime,
    confirmateTime: current.confirmateTime,
    isReport: current.isReport,
    isChangeGrade: current.isChangeGrade,
    newGrade: current.newGrade,
    isChangeSalary: current.isChangeSalary,
    newSalary: current.newSalary,
    assessModel: current.assessModel,
    opinion: current.opinion,
    advantage: current.advantage,
    improvePoint: current.improvePoint,
    material: current.material,
    materials: current.materials,
    ...flat,
    ...(input.form ?? {}),
    employeeId: confirmation.employeeId, // the person of a request never changes
  };
  const parsed = ZConfirmationForm.safeParse(merged);
  if (!parsed.success) throw badRequest(`${CONFIRMATION_MSG.invalidForm}：${parsed.error.issues[0]?.message ?? ''}`);
  await db.transaction(async (tx) => {
    const emp = await repo.employeeById(tx, confirmation.employeeId);
    if (!emp) throw notFound(CONFIRMATION_MSG.personFailed);
    const form = await checkForm(tx, parsed.data, emp);
    await repo.updateConfirmation(tx, confirmation.id, { ...recordValues(form), updatedBy: user.userId });
    await confirmationDocument.resubmit(tx, { taskId, userId: user.userId, message, vars: processVars(form, emp) });
  });
}

export async function reject(db: Db, user: Principal, taskId: number, message: string) {
  await confirmationDocument.reject(db, { taskId, userId: user.userId, message });
}

export async function rollback(db: Db, user: Principal, taskId: number, sort: number | undefined, message: string | null | undefined) {
  await confirmationDocument.rollback(db, { taskId, userId: user.userId, sort: sort ?? 0, message });
}

export async function transfer(db: Db, user: Principal, taskId: number, toUserId: number, remark: string) {
  await confirmationDocument.transfer(db, { taskId, userId: user.userId, toUserId, remark });
}

export async function revoke(db: Db, user: Principal, input: { businessId?: number; processInstanceId?: number }) {
  const c = input.businessId
    ? await repo.confirmationById(db, input.businessId)
    : input.processInstanceId
      ? await repo.confirmationByInstance(db, input.processInstanceId)
      : undefined;
  if (!c?.processInstanceId) throw notFound('转正申请不存在');
  await engine.revoke(db, { instanceId: c.processInstanceId, userId: user.userId });
}

export async function approvalInfo(db: Db, user: Principal, instanceId: number) {
  const c = await repo.confirmationByInstance(db, instanceId);
  if (!c) throw notFound('转正申请不存在');
  await assertCanRead(db, user, c);
  return instanceSteps(db, instanceId);
}

export async function previewFlow(db: Db, user: Principal, input: { employeeId?: number; isChangeGrade?: string }) {
  await confirmationDocument.ensureDeployed(db, user.userId);
  const def = await engine.latestDefinition(db, POSITIVE_PROCESS_KEY);
  if (!def) throw badRequest(engine.MSG.noDefinition);
  const emp = input.employeeId ? await repo.employeeById(db, input.employeeId) : undefined;
  return previewSteps(db, def.model, user.userId, { orgId: emp?.orgId ?? null, isChangeGrade: input.isChangeGrade ?? NO });
}

export async function canRollback(db: Db, user: Principal, instanceId: number): Promise<boolean> {
  const task = await engine.myTask(db, instanceId, user.userId);
  if (task?.kind !== 'approve') return false;
  return (await engine.backTargets(db, instanceId, task.nodeId)).length > 0;
}

export async function certificateNo(db: Db, user: Principal, employeeId: number): Promise<string> {
  const emp = await repo.employeeById(db, employeeId);
  if (!emp) throw notFound(CONFIRMATION_MSG.personFailed);
  const no = emp.idCardNo ?? '';
  if (isHr(user) || emp.userId === user.userId) return no;
  // Outside the caller's data scope the person is not there at all (as basic/getCertificateNo answers).
  if (!(await repo.inDataScope(db, user, employeeId))) throw notFound(CONFIRMATION_MSG.personFailed);
  return no.length > 7 ? `${no.slice(0, 3)}${'*'.repeat(no.length - 7)}${no.slice(-4)}` : no.replace(/./g, '*');
}
