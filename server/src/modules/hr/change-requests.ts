import { type ChangeRequestRecord, HR_PERM } from '@erp/contract';
import { desc, eq } from 'drizzle-orm';
import { employees } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { BusinessDocument } from '../../platform/document/business-document';
import { badRequest, notFound } from '../../platform/errors';
import { isParticipant } from '../bpm/bpm.repository';
import { employeeFor, shown } from './employee-access';
import { employeeChangeDocument } from './employee-change';
import { employeeChangeRequests } from './employee-records.schema';

type RequestRow = typeof employeeChangeRequests.$inferSelect;

/** Numbers asked for are shown as the employee's numbers are: masked unless the reader may see them. */
const SENSITIVE_KEYS = ['idNumber', 'accountNo'];

function present(row: RequestRow, employeeName: string, sensitive: boolean): ChangeRequestRecord {
  const changes = Object.fromEntries(
    Object.entries(row.changes).map(([k, v]) => [k, SENSITIVE_KEYS.includes(k) && typeof v === 'string' ? shown(v, sensitive) : v]),
  );
  return {
    id: row.id,
    documentNo: row.documentNo ?? '',
    employeeId: row.employeeId,
    employeeName,
    section: row.section,
    action: row.action as ChangeRequestRecord['action'],
    recordId: row.recordId,
    changes,
    state: row.state,
    status: BusinessDocument.statusCode(row.state),
    processInstanceId: row.processInstanceId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The employee, HR in scope and everyone on the request's flow (its approvers) may read it. */
export async function changeRequestDetail(db: Db, user: Principal, input: { id?: number | null; instanceId?: number | null }): Promise<ChangeRequestRecord> {
  if (!input.id && !input.instanceId) throw badRequest('id 或 instanceId 必须提供一个');
  const row = input.id ? await employeeChangeDocument.row(db, input.id) : await employeeChangeDocument.byInstance(db, input.instanceId as number);
  if (!row) throw notFound('员工信息变更不存在');
  let sensitive = false;
  let name = '';
  try {
    const who = await employeeFor(db, user, row.employeeId, 'read');
    sensitive = who.sensitive;
    name = who.emp.name;
  } catch (err) {
    if (!row.processInstanceId || !(await isParticipant(db, row.processInstanceId, user.userId))) throw err;
    const [emp] = await db.select({ name: employees.name }).from(employees).where(eq(employees.id, row.employeeId));
    name = emp?.name ?? '';
    sensitive = hasPermission(user, HR_PERM.sensitive);
  }
  return present(row, name, sensitive);
}

export async function myChangeRequests(db: Db, user: Principal): Promise<ChangeRequestRecord[]> {
  if (!user.employeeId) return [];
  const [emp] = await db.select({ name: employees.name }).from(employees).where(eq(employees.id, user.employeeId));
  const rows = await db
    .select()
    .from(employeeChangeRequests)
    .where(eq(employeeChangeRequests.employeeId, user.employeeId))
    .orderBy(desc(employeeChangeRequests.id))
    .limit(100);
  return rows.map((r) => present(r, emp?.name ?? '', true));
}
