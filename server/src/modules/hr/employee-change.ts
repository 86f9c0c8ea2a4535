import { EMPLOYEE_CHANGE_PROCESS_KEY, EMPLOYEE_MSG, type SectionSaved } from '@erp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { conflict } from '../../platform/errors';
import { lineXml } from '../../workflow/bpmn-builder';
import { employeeChangeRequests } from './employee-records.schema';
import { type EmployeeRow, lockEmployee } from './positive.repository';

export type ChangeAction = 'add' | 'update' | 'delete';

/** Applies an approved change of one section (or 'base'); answers the id of the record written. */
export type ChangeApplier = (
  tx: Db,
  change: { employeeId: number; action: ChangeAction; recordId: number | null; values: Record<string, unknown>; userId: number },
) => Promise<number | null>;

const appliers = new Map<string, ChangeApplier>();

/** A section declares how an approved change of it is written. */
export function registerChangeApplier(section: string, applier: ChangeApplier): void {
  appliers.set(section, applier);
}

/** HR approves an employee's own change of identity, education or bank details. */
export const EMPLOYEE_CHANGE_XML = lineXml(EMPLOYEE_CHANGE_PROCESS_KEY, [{ name: '人事审批', assigneeType: 'role', assigneeValue: 'hr', mode: 'any' }], {
  fallbackUser: 'admin',
  revocable: 'untouched',
  category: 'HR',
}).replace(`name="${EMPLOYEE_CHANGE_PROCESS_KEY}"`, 'name="员工信息变更"');

export const employeeChangeDocument = defineDocument({
  processKey: EMPLOYEE_CHANGE_PROCESS_KEY,
  prefix: 'BG',
  name: '员工信息变更',
  table: employeeChangeRequests,
  columns: {
    id: employeeChangeRequests.id,
    state: employeeChangeRequests.state,
    instanceId: employeeChangeRequests.processInstanceId,
    documentNo: employeeChangeRequests.documentNo,
  },
  defaultDefinitionXml: EMPLOYEE_CHANGE_XML,
  async onPassed(tx, request, e) {
    const apply = appliers.get(request.section);
    if (!apply) throw new Error(`no applier for section ${request.section}`);
    const recordId = await apply(tx, {
      employeeId: request.employeeId,
      action: request.action as ChangeAction,
      recordId: request.recordId,
      values: request.changes,
      userId: e.userId,
    });
    if (recordId !== request.recordId) await tx.update(employeeChangeRequests).set({ recordId }).where(eq(employeeChangeRequests.id, request.id));
  },
});

/** An open change request of this section record (one at a time per record, and per section for adds). */
export async function openRequestFor(db: Db, section: string, employeeId: number, recordId: number | null) {
  const [row] = await db
    .select({ id: employeeChangeRequests.id, recordId: employeeChangeRequests.recordId })
    .from(employeeChangeRequests)
    .where(
      and(
        eq(employeeChangeRequests.employeeId, employeeId),
        eq(employeeChangeRequests.section, section),
        inArray(employeeChangeRequests.state, ['approving', 'returned']),
        recordId === null ? undefined : eq(employeeChangeRequests.recordId, recordId),
      ),
    )
    .limit(1);
  return row;
}

const SECTION_NAMES: Record<string, string> = {
  base: '身份信息',
  education: '教育经历',
  bank: '银行卡信息',
};

/**
 * Stores the change an employee asked for and submits it to HR (one transaction): nothing of the
 * record changes until the final pass applies it.
 */
export async function requestChange(
  db: Db,
  user: Principal,
  emp: EmployeeRow,
  change: { section: string; action: ChangeAction; recordId: number | null; values: Record<string, unknown> },
): Promise<SectionSaved> {
  return db.transaction(async (tx) => {
    // Serialises two requests of one employee (a double click gives one request and one refusal).
    await lockEmployee(tx, emp.id);
    if (await openRequestFor(tx, change.section, emp.id, change.recordId)) throw conflict(EMPLOYEE_MSG.openRequest);
    const [row] = await tx
      .insert(employeeChangeRequests)
      .values({
        employeeId: emp.id,
        applicantUserId: user.userId,
        section: change.section,
        action: change.action,
        recordId: change.recordId,
        changes: change.values,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning({ id: employeeChangeRequests.id });
    if (!row) throw new Error('change request insert returned nothing');
    const { documentNo } = await employeeChangeDocument.submit(tx, {
      id: row.id,
      userId: user.userId,
      title: `${emp.name} ${SECTION_NAMES[change.section] ?? change.section}变更`,
      vars: { employeeId: emp.id, orgId: emp.orgId, section: change.section, action: change.action },
    });
    return { id: null, pendingRequest: { id: row.id, documentNo } };
  });
}
