import {
  CHANGE_TYPE,
  EMPLOY_STATE,
  INDUCTION_PROCESS_KEY,
  LIFECYCLE_MSG,
  QUIT_APPLY_PROCESS_KEY,
  QUIT_PROCESS_KEY,
  RENEWAL_PROCESS_KEY,
  TRANSFER_PROCESS_KEY,
  ZOnboardingCorrection,
  ZQuitCorrection,
  ZRenewalCorrection,
  ZTransferCorrection,
} from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orgUnits, users } from '../../../db/schema';
import type { Db } from '../../../platform/db';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { employees } from '../hr.schema';
import { lockEmployee } from '../positive.repository';
import { contractRenewals, employeeQuits, employeeTransfers, onboardings } from './lifecycle.schema';

/**
 * A lifecycle request sent back and submitted again, whichever call does it: the lifecycle's
 * `instance/againSubmit` or the process centre's generic `task/resubmit`. The kernel runs these in
 * the resubmission's transaction (after the instance is locked; throwing undoes it): the
 * corrections are checked and stored on the record, and the record is checked against the
 * employee as they are now with the rules of a submission — so neither path can carry a last
 * working day before the entry date, or leave the record saying something else than what was
 * approved.
 */

const CORRECTIONS = {
  [TRANSFER_PROCESS_KEY]: ZTransferCorrection,
  [QUIT_APPLY_PROCESS_KEY]: ZQuitCorrection,
  [QUIT_PROCESS_KEY]: ZQuitCorrection,
  [RENEWAL_PROCESS_KEY]: ZRenewalCorrection,
  [INDUCTION_PROCESS_KEY]: ZOnboardingCorrection,
} as const;
type Key = keyof typeof CORRECTIONS;

const LABELS: Record<string, string> = {
  effectiveDate: '生效日期',
  reason: '原因',
  toPositionName: '新岗位',
  toSalary: '新薪资',
  lastWorkDate: '最后工作日',
  handoverNote: '交接说明',
  newStartDate: '新合同开始日期',
  newEndDate: '新合同结束日期',
  remark: '备注',
  plannedEntryDate: '入职日期',
  probationMonths: '试用期（月）',
};

/** The fields a process's applicant may correct on resubmission. */
export function correctableFields(processKey: string): readonly string[] {
  const schema = CORRECTIONS[processKey as Key];
  return schema ? Object.keys(schema.shape) : [];
}

/** The corrections of a resubmission, checked: another field is refused, a bad value named. */
function corrections<K extends Key>(processKey: K, form: Record<string, unknown>): z.output<(typeof CORRECTIONS)[K]> {
  const allowed = correctableFields(processKey);
  const other = Object.keys(form).filter((k) => !allowed.includes(k));
  if (other.length) throw badRequest(LIFECYCLE_MSG.notCorrectable(other.join('、')));
  // null means "unchanged", like a field left out.
  const given = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== undefined));
  const parsed = CORRECTIONS[processKey].safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    throw badRequest(`${LABELS[field] ?? field}：${issue?.message ?? '格式不正确'}`);
  }
  return parsed.data as z.output<(typeof CORRECTIONS)[K]>;
}

const LEAVING: readonly string[] = [EMPLOY_STATE.resigning, EMPLOY_STATE.resigned];

async function activeEmployee(tx: Db, employeeId: number) {
  const emp = await lockEmployee(tx, employeeId);
  if (!emp) throw notFound('员工不存在');
  if (LEAVING.includes(emp.employState) || emp.status !== '003') throw badRequest(LIFECYCLE_MSG.leaving);
  return emp;
}

export async function transferResubmitted(tx: Db, row: typeof employeeTransfers.$inferSelect, form: Record<string, unknown>, userId: number) {
  const c = corrections(TRANSFER_PROCESS_KEY, form);
  const next = {
    effectiveDate: c.effectiveDate ?? row.effectiveDate,
    reason: c.reason ?? row.reason,
    toPositionName: c.toPositionName ?? row.toPositionName,
    toSalaryCents: c.toSalary === undefined || c.toSalary === null ? row.toSalaryCents : Math.round(c.toSalary * 100),
  };
  const emp = await activeEmployee(tx, row.employeeId);
  if (emp.entryDate && next.effectiveDate < emp.entryDate) throw badRequest('生效日期不能早于入职日期');
  const [org] = await tx.select({ isClient: orgUnits.isClient, enabled: orgUnits.enabled }).from(orgUnits).where(eq(orgUnits.id, row.toOrgId));
  if (!org || org.isClient || !org.enabled) throw badRequest(LIFECYCLE_MSG.orgMissing);
  if (row.changeType === CHANGE_TYPE.adjustment) {
    const changes =
      (next.toPositionName !== null && next.toPositionName !== emp.positionName) ||
      (row.toGradeId !== null && row.toGradeId !== emp.gradeId) ||
      (next.toSalaryCents !== null && next.toSalaryCents !== emp.salaryCents);
    if (!changes) throw badRequest(LIFECYCLE_MSG.nothingChanged);
  } else if (row.toOrgId === emp.orgId && (row.toClientCompanyId ?? null) === (emp.clientCompanyId ?? null)) {
    throw badRequest(LIFECYCLE_MSG.sameOrg);
  }
  await tx
    .update(employeeTransfers)
    .set({ ...next, updatedAt: new Date(), updatedBy: userId })
    .where(eq(employeeTransfers.id, row.id));
}

export async function quitResubmitted(tx: Db, row: typeof employeeQuits.$inferSelect, form: Record<string, unknown>, userId: number) {
  const c = corrections(QUIT_PROCESS_KEY, form);
  const next = { lastWorkDate: c.lastWorkDate ?? row.lastWorkDate, reason: c.reason ?? row.reason, handoverNote: c.handoverNote ?? row.handoverNote };
  const emp = await activeEmployee(tx, row.employeeId);
  if (emp.entryDate && next.lastWorkDate < emp.entryDate) throw badRequest(LIFECYCLE_MSG.quitBeforeEntry);
  await tx
    .update(employeeQuits)
    .set({ ...next, updatedAt: new Date(), updatedBy: userId })
    .where(eq(employeeQuits.id, row.id));
}

export async function renewalResubmitted(tx: Db, row: typeof contractRenewals.$inferSelect, form: Record<string, unknown>, userId: number) {
  const c = corrections(RENEWAL_PROCESS_KEY, form);
  const next = { newStartDate: c.newStartDate ?? row.newStartDate, newEndDate: c.newEndDate ?? row.newEndDate, remark: c.remark ?? row.remark };
  if (next.newEndDate <= next.newStartDate) throw badRequest(LIFECYCLE_MSG.renewalOrder);
  const emp = await activeEmployee(tx, row.employeeId);
  if (emp.contractEndDate && next.newEndDate <= emp.contractEndDate) throw badRequest('新合同到期日必须晚于原合同到期日');
  await tx
    .update(contractRenewals)
    .set({ ...next, updatedAt: new Date(), updatedBy: userId })
    .where(eq(contractRenewals.id, row.id));
}

export async function onboardingResubmitted(tx: Db, row: typeof onboardings.$inferSelect, form: Record<string, unknown>, userId: number) {
  const c = corrections(INDUCTION_PROCESS_KEY, form);
  // What the pass will create must still be free: the account code, and the person not already employed.
  if (row.userCode) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.userCode}) = ${row.userCode.toLowerCase()}`);
    if (taken) throw conflict(`${LIFECYCLE_MSG.userCodeTaken}：${row.userCode}`);
  }
  if (row.idCardNo) {
    const [emp] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(sql`upper(${employees.idCardNo}) = ${row.idCardNo.toUpperCase()}`, sql`${employees.status} IN ('003', '004')`))
      .limit(1);
    if (emp) throw conflict(LIFECYCLE_MSG.idTaken);
  }
  await tx
    .update(onboardings)
    .set({
      plannedEntryDate: c.plannedEntryDate ?? row.plannedEntryDate,
      probationMonths: c.probationMonths ?? row.probationMonths,
      updatedAt: new Date(),
      updatedBy: userId,
    })
    .where(eq(onboardings.id, row.id));
}
