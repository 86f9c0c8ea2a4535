import {
  CHANGE_TYPE,
  EMPLOY_STATE,
  INDUCTION_PROCESS_KEY,
  LIFECYCLE_MSG,
  QUIT_APPLY_PROCESS_KEY,
  QUIT_PROCESS_KEY,
  RENEWAL_PROCESS_KEY,
  TRANSFER_PROCESS_KEY,
} from '@erp/contract';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema';
import type { Db } from '../../../platform/db';
import { defineDocument } from '../../../platform/document/business-document';
import { badRequest, notFound } from '../../../platform/errors';
import { departureHoldings } from '../departure-holdings';
import { EVENT_KIND, recordEvent } from '../employee-events';
import { employees } from '../hr.schema';
import { lockEmployee } from '../positive.repository';
import { createHire } from './hire';
import { contractRenewals, employeeQuits, employeeTransfers, onboardings } from './lifecycle.schema';
import { INDUCTION_PROCESS_XML, QUIT_APPLY_PROCESS_XML, QUIT_PROCESS_XML, RENEWAL_PROCESS_XML, TRANSFER_PROCESS_XML } from './processes';
import { onboardingResubmitted, quitResubmitted, renewalResubmitted, transferResubmitted } from './resubmission';

type TransferRow = typeof employeeTransfers.$inferSelect;
type QuitRow = typeof employeeQuits.$inferSelect;

/** Today in the business zone, set by the module at start (tests may move it). */
let todayOf: () => string = () => new Date().toISOString().slice(0, 10);
/** Sets how today is read; answers the previous reader (to restore it). */
export function setBusinessDay(fn: () => string): () => string {
  const before = todayOf;
  todayOf = fn;
  return before;
}
export const businessToday = () => todayOf();

// ---------------------------------------------------------------------------------------------
// Effects on the employee master (each in the caller's transaction, the employee row locked)

/** Applies a passed transfer or adjustment: the master changes and the event records from → to. */
export async function applyTransfer(tx: Db, t: TransferRow, userId: number | null): Promise<void> {
  const emp = await lockEmployee(tx, t.employeeId);
  if (!emp) throw notFound('员工不存在');
  await tx
    .update(employees)
    .set({
      orgId: t.toOrgId,
      companyId: t.toCompanyId ?? emp.companyId,
      positionId: t.toPositionId ?? emp.positionId,
      positionName: t.toPositionName ?? emp.positionName,
      gradeId: t.toGradeId ?? emp.gradeId,
      clientCompanyId: t.toClientCompanyId ?? emp.clientCompanyId,
      salaryCents: t.toSalaryCents ?? emp.salaryCents,
      // Back to where the person stood (probation or regular) unless a departure has begun since.
      employState: emp.employState === EMPLOY_STATE.transferring ? t.fromEmployState : emp.employState,
      updatedAt: new Date(),
      updatedBy: userId,
    })
    .where(eq(employees.id, emp.id));
  await tx.update(employeeTransfers).set({ appliedAt: new Date() }).where(eq(employeeTransfers.id, t.id));
  await recordEvent(tx, {
    employeeId: emp.id,
    kind: t.changeType === CHANGE_TYPE.adjustment ? EVENT_KIND.adjustment : EVENT_KIND.transfer,
    effectiveDate: t.effectiveDate,
    fromOrgId: t.fromOrgId,
    toOrgId: t.toOrgId,
    fromPosition: t.fromPositionName,
    toPosition: t.toPositionName ?? emp.positionName,
    fromGradeId: t.fromGradeId,
    toGradeId: t.toGradeId ?? emp.gradeId,
    documentNo: t.documentNo,
    remark: t.reason.slice(0, 255),
    createdBy: userId,
  });
}

/** The person has left: 已离职, the account closed and its sessions ended, the departure event. */
export async function applyQuit(tx: Db, q: QuitRow, userId: number | null): Promise<void> {
  const emp = await lockEmployee(tx, q.employeeId);
  if (!emp) throw notFound('员工不存在');
  await tx
    .update(employees)
    .set({ employState: EMPLOY_STATE.resigned, status: '005', leaveDate: q.lastWorkDate, updatedAt: new Date(), updatedBy: userId })
    .where(eq(employees.id, emp.id));
  if (emp.userId) {
    await tx.update(users).set({ enabled: false, updatedAt: new Date() }).where(eq(users.id, emp.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, emp.userId), isNull(sessions.revokedAt)));
  }
  await tx.update(employeeQuits).set({ appliedAt: new Date() }).where(eq(employeeQuits.id, q.id));
  await recordEvent(tx, {
    employeeId: emp.id,
    kind: EVENT_KIND.departure,
    effectiveDate: q.lastWorkDate,
    fromOrgId: emp.orgId,
    fromPosition: emp.positionName,
    fromGradeId: emp.gradeId,
    documentNo: q.documentNo,
    remark: q.reason.slice(0, 255),
    createdBy: userId,
  });
}

/**
 * Applies what has come due: transfers whose effective date has come, departures whose last working
 * day is over. Rows are claimed with SKIP LOCKED, so several processes (or a pass racing the clock)
 * apply each exactly once. Answers how many were applied.
 */
export async function applyDueChanges(db: Db, today = businessToday()): Promise<{ transfers: number; quits: number }> {
  return db.transaction(async (tx) => {
    const transfers = await tx
      .select()
      .from(employeeTransfers)
      .where(and(eq(employeeTransfers.state, 'passed'), isNull(employeeTransfers.appliedAt), lte(employeeTransfers.effectiveDate, today)))
      .limit(500)
      .for('update', { skipLocked: true });
    for (const t of transfers) await applyTransfer(tx, t, null);
    const quits = await tx
      .select()
      .from(employeeQuits)
      .where(and(eq(employeeQuits.state, 'passed'), isNull(employeeQuits.appliedAt), sql`${employeeQuits.lastWorkDate} < ${today}`))
      .limit(500)
      .for('update', { skipLocked: true });
    for (const q of quits) await applyQuit(tx, q, null);
    return { transfers: transfers.length, quits: quits.length };
  });
}

// ---------------------------------------------------------------------------------------------
// The documents

export const transferDocument = defineDocument({
  processKey: TRANSFER_PROCESS_KEY,
  prefix: 'DD',
  name: '调动申请',
  table: employeeTransfers,
  columns: {
    id: employeeTransfers.id,
    state: employeeTransfers.state,
    instanceId: employeeTransfers.processInstanceId,
    documentNo: employeeTransfers.documentNo,
  },
  defaultDefinitionXml: TRANSFER_PROCESS_XML,
  onResubmit: (tx, t, form, e) => transferResubmitted(tx, t, form, e.userId),
  async onPassed(tx, t, e) {
    if (t.effectiveDate <= businessToday()) {
      await applyTransfer(tx, t, e.userId);
      return;
    }
    // Dated later: 调动中 until the clock applies it on the effective date.
    const emp = await lockEmployee(tx, t.employeeId);
    if (emp && emp.employState !== EMPLOY_STATE.resigning && emp.employState !== EMPLOY_STATE.resigned)
      await tx.update(employees).set({ employState: EMPLOY_STATE.transferring, updatedAt: new Date(), updatedBy: e.userId }).where(eq(employees.id, emp.id));
  },
});

async function quitPassed(tx: Db, q: QuitRow, userId: number): Promise<void> {
  const emp = await lockEmployee(tx, q.employeeId);
  if (!emp) throw notFound('员工不存在');
  const held = await departureHoldings(tx, emp.userId);
  if (held.length) throw badRequest(LIFECYCLE_MSG.holdings(held.map((h) => `${h.label}${h.count}项`).join('、')));
  await tx
    .update(employees)
    .set({ employState: EMPLOY_STATE.resigning, status: '004', leaveDate: q.lastWorkDate, updatedAt: new Date(), updatedBy: userId })
    .where(eq(employees.id, emp.id));
  // The last working day already over: 已离职 at once.
  if (q.lastWorkDate < businessToday()) await applyQuit(tx, q, userId);
}

const quitColumns = { id: employeeQuits.id, state: employeeQuits.state, instanceId: employeeQuits.processInstanceId, documentNo: employeeQuits.documentNo };

export const quitApplyDocument = defineDocument({
  processKey: QUIT_APPLY_PROCESS_KEY,
  prefix: 'LZ',
  name: '离职申请',
  table: employeeQuits,
  columns: quitColumns,
  defaultDefinitionXml: QUIT_APPLY_PROCESS_XML,
  onResubmit: (tx, q, form, e) => quitResubmitted(tx, q, form, e.userId),
  onPassed: (tx, q, e) => quitPassed(tx, q, e.userId),
});

export const quitDocument = defineDocument({
  processKey: QUIT_PROCESS_KEY,
  prefix: 'CT',
  name: '离职办理',
  table: employeeQuits,
  columns: quitColumns,
  defaultDefinitionXml: QUIT_PROCESS_XML,
  onResubmit: (tx, q, form, e) => quitResubmitted(tx, q, form, e.userId),
  onPassed: (tx, q, e) => quitPassed(tx, q, e.userId),
});

export const renewalDocument = defineDocument({
  processKey: RENEWAL_PROCESS_KEY,
  prefix: 'XQ',
  name: '合同续签',
  table: contractRenewals,
  columns: { id: contractRenewals.id, state: contractRenewals.state, instanceId: contractRenewals.processInstanceId, documentNo: contractRenewals.documentNo },
  defaultDefinitionXml: RENEWAL_PROCESS_XML,
  onResubmit: (tx, r, form, e) => renewalResubmitted(tx, r, form, e.userId),
  async onPassed(tx, r, e) {
    const emp = await lockEmployee(tx, r.employeeId);
    if (!emp) throw notFound('员工不存在');
    await tx.update(employees).set({ contractEndDate: r.newEndDate, updatedAt: new Date(), updatedBy: e.userId }).where(eq(employees.id, emp.id));
    await recordEvent(tx, {
      employeeId: emp.id,
      kind: EVENT_KIND.renewal,
      effectiveDate: r.newStartDate,
      fromOrgId: emp.orgId,
      toOrgId: emp.orgId,
      fromPosition: emp.positionName,
      toPosition: emp.positionName,
      fromGradeId: emp.gradeId,
      toGradeId: emp.gradeId,
      documentNo: r.documentNo,
      remark: `合同续签至 ${r.newEndDate}`,
      createdBy: e.userId,
    });
  },
});

export const inductionDocument = defineDocument({
  processKey: INDUCTION_PROCESS_KEY,
  prefix: 'RZ',
  name: '入职确认',
  table: onboardings,
  columns: { id: onboardings.id, state: onboardings.state, instanceId: onboardings.processInstanceId, documentNo: onboardings.documentNo },
  defaultDefinitionXml: INDUCTION_PROCESS_XML,
  onResubmit: (tx, o, form, e) => onboardingResubmitted(tx, o, form, e.userId),
  async onPassed(tx, o, e) {
    const employeeId = await createHire(tx, o, e.userId);
    await tx.update(onboardings).set({ stage: 'onboarded', employeeId, updatedAt: new Date() }).where(eq(onboardings.id, o.id));
  },
  async onClosed(tx, o) {
    // Rejected or revoked: back to HR with the information as filled; they may confirm again.
    await tx.update(onboardings).set({ stage: 'filled', updatedAt: new Date() }).where(eq(onboardings.id, o.id));
  },
});

/** Every lifecycle document by process key (the instance/* calls find a task's document through it). */
export const LIFECYCLE_DOCUMENTS = {
  [TRANSFER_PROCESS_KEY]: transferDocument,
  [QUIT_APPLY_PROCESS_KEY]: quitApplyDocument,
  [QUIT_PROCESS_KEY]: quitDocument,
  [RENEWAL_PROCESS_KEY]: renewalDocument,
  [INDUCTION_PROCESS_KEY]: inductionDocument,
} as const;
