import { EMPLOYEE_MSG, HR_PERM, maskMiddle } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import { recordPersonalRead } from '../../platform/privacy/personal-data';
import { type EmployeeRow, employeeById } from './positive.repository';

/** How the user reaches an employee's records: as that employee, or as HR within the data scope. */
export type EmployeeAccess = 'self' | 'hr';

export interface AccessibleEmployee {
  emp: EmployeeRow;
  access: EmployeeAccess;
  /** Whether ID numbers, bank accounts, salary and phone are shown in full. */
  sensitive: boolean;
}

async function inScope(db: Db, user: Principal, emp: EmployeeRow): Promise<boolean> {
  if (user.dataScope.kind === 'all') return true;
  const cond = dataScopeCondition(user, { orgId: sql`${emp.orgId ?? null}::int`, ownerUserId: sql`${emp.userId ?? null}::int` });
  const result = await db.execute<{ ok: boolean }>(sql`SELECT ${cond} AS ok`);
  return Boolean((result as unknown as { rows: Array<{ ok: boolean }> }).rows[0]?.ok);
}

export function seesSensitive(user: Principal, access: EmployeeAccess): boolean {
  return access === 'self' || hasPermission(user, HR_PERM.sensitive);
}

/**
 * The employee whose records a call reads or writes: the given one, or the user's own when none is
 * given. Reading needs to be that employee or to hold the roster permission with the employee in
 * the data scope (anything else answers 404, as if there were no such employee); writing needs
 * the roster edit permission instead.
 */
export async function employeeFor(db: Db, user: Principal, employeeId: number | null | undefined, mode: 'read' | 'write'): Promise<AccessibleEmployee> {
  const id = employeeId ?? user.employeeId;
  if (!id) throw notFound('当前账号没有员工档案');
  const emp = await employeeById(db, id);
  if (!emp) throw notFound(EMPLOYEE_MSG.notFound);
  if (emp.userId !== null && emp.userId === user.userId) return { emp, access: 'self', sensitive: true };
  const permission = mode === 'read' ? HR_PERM.rosterList : HR_PERM.rosterEdit;
  const allowed = hasPermission(user, permission) && (await inScope(db, user, emp));
  if (!allowed) {
    if (mode === 'read' || !hasPermission(user, HR_PERM.rosterList) || !(await inScope(db, user, emp))) throw notFound(EMPLOYEE_MSG.notFound);
    throw forbidden(EMPLOYEE_MSG.forbidden);
  }
  return { emp, access: 'hr', sensitive: seesSensitive(user, 'hr') };
}

/** Masks a value unless the reader may see it (ID numbers, bank accounts, phone numbers). */
export const shown = (value: string | null | undefined, sensitive: boolean): string | null => (sensitive ? (value ?? null) : maskMiddle(value ?? null));

/**
 * Records HR's read of another person's sensitive values about to be answered unmasked (issue 34 §5):
 * nothing for the person's own read or a masked answer; `fields` left out when their value is empty.
 */
export async function recordSensitiveRead(db: Db, user: Principal, who: AccessibleEmployee, fields: Array<[string, unknown]>): Promise<void> {
  if (who.access !== 'hr' || !who.sensitive) return;
  const shownFields = fields.filter(([, v]) => v !== null && v !== undefined && v !== '').map(([f]) => f);
  await recordPersonalRead(db, user, { subjectEmployeeId: who.emp.id, fields: shownFields });
}
