import { and, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { confirmations, employees, files, grades, orgUnits, users, wfInstances, wfTasks } from '../../db/schema';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { pageWindow } from '../../platform/http/paging';

export type ConfirmationRow = typeof confirmations.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;

export async function employeeById(db: Db, id: number): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(employees).where(eq(employees.id, id));
  return row;
}

export async function lockEmployee(db: Db, id: number): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(employees).where(eq(employees.id, id)).for('update');
  return row;
}

export async function confirmationById(db: Db, id: number): Promise<ConfirmationRow | undefined> {
  const [row] = await db.select().from(confirmations).where(eq(confirmations.id, id));
  return row;
}

export async function confirmationByInstance(db: Db, instanceId: number): Promise<ConfirmationRow | undefined> {
  const [row] = await db.select().from(confirmations).where(eq(confirmations.processInstanceId, instanceId));
  return row;
}

export async function openConfirmationOf(db: Db, employeeId: number): Promise<ConfirmationRow | undefined> {
  const [row] = await db
    .select()
    .from(confirmations)
    .where(and(eq(confirmations.employeeId, employeeId), inArray(confirmations.status, ['approving', 'returned'])))
    .limit(1);
  return row;
}

export async function insertConfirmation(db: Db, values: typeof confirmations.$inferInsert): Promise<ConfirmationRow> {
  const [row] = await db.insert(confirmations).values(values).returning();
  if (!row) throw new Error('confirmation insert returned nothing');
  return row;
}

export async function updateConfirmation(db: Db, id: number, patch: Partial<typeof confirmations.$inferInsert>): Promise<void> {
  await db
    .update(confirmations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(confirmations.id, id));
}

export async function updateEmployee(db: Db, id: number, patch: Partial<typeof employees.$inferInsert>): Promise<void> {
  await db
    .update(employees)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(employees.id, id));
}

export async function gradeById(db: Db, id: number | null) {
  if (!id) return undefined;
  const [row] = await db.select().from(grades).where(eq(grades.id, id));
  return row;
}

export async function gradesFor(db: Db, orgId: number | null | undefined) {
  // Company grades first, then the shared ones; a unit sees its company's and the shared grades.
  const companyId = orgId ? await companyOf(db, orgId) : null;
  return db
    .select({ id: grades.id, code: grades.code, name: grades.name, level: grades.level })
    .from(grades)
    .where(companyId ? or(isNull(grades.orgId), eq(grades.orgId, companyId)) : isNull(grades.orgId))
    .orderBy(grades.level, grades.code);
}

async function companyOf(db: Db, orgId: number): Promise<number | null> {
  const [unit] = await db.select({ path: orgUnits.path }).from(orgUnits).where(eq(orgUnits.id, orgId));
  if (!unit) return null;
  const ids = unit.path.split('/').filter(Boolean).map(Number);
  const rows = await db.select({ id: orgUnits.id, type: orgUnits.type }).from(orgUnits).where(inArray(orgUnits.id, ids));
  const companies = rows.filter((r) => r.type === 'company').map((r) => r.id);
  return ids.reverse().find((id) => companies.includes(id)) ?? null;
}

export async function orgNames(db: Db, ids: Array<number | null | undefined>): Promise<Map<number, string>> {
  const wanted = ids.filter((i): i is number => typeof i === 'number');
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: orgUnits.id, name: orgUnits.name }).from(orgUnits).where(inArray(orgUnits.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function userOf(db: Db, id: number | null) {
  if (!id) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Live files among the given ids (soft-deleted ones are gone). */
export async function existingFiles(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(files)
    .where(and(inArray(files.id, ids), isNull(files.deletedAt)));
}

/** Confirmations that carry a file as their evaluation form or as another attachment. */
export async function confirmationsWithFile(db: Db, fileId: number): Promise<ConfirmationRow[]> {
  return db.select().from(confirmations).where(sql`${confirmations.materialFileId} = ${fileId} OR ${fileId} = ANY(${confirmations.materialFileIds})`);
}

/** The pending task of an instance (for the person card's taskId / operatedCode). */
export async function pendingTaskOf(db: Db, instanceId: number) {
  const [row] = await db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])))
    .limit(1);
  return row;
}

export async function instanceStatus(db: Db, instanceId: number | null): Promise<string> {
  if (!instanceId) return '';
  const [row] = await db.select({ status: wfInstances.status }).from(wfInstances).where(eq(wfInstances.id, instanceId));
  return row?.status ?? '';
}

const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** On duty (003) and not confirmed (regularStatus ≠ 010), within the caller's data scope. */
/** Whether the employee is within the user's data scope (their own record always is). */
export async function inDataScope(db: Db, user: Principal, employeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), dataScopeCondition(user, { orgId: employees.orgId, ownerUserId: employees.userId })))
    .limit(1);
  return Boolean(row);
}

export async function probationPeople(db: Db, user: Principal, f: { pageIndex: number; pageSize: number; keyword?: string }) {
  const where: SQL[] = [
    eq(employees.status, '003'),
    ne(employees.regularStatus, '010'),
    dataScopeCondition(user, { orgId: employees.orgId, ownerUserId: employees.userId }),
  ];
  if (f.keyword?.trim()) {
    const t = likeText(f.keyword.trim());
    where.push(or(ilike(employees.name, t), ilike(employees.employeeCode, t), ilike(users.userCode, t)) as SQL);
  }
  const cond = and(...where);
  const { limit, offset } = pageWindow(f);
  const [rows, totals] = await Promise.all([
    db
      .select({
        employeeId: employees.id,
        employeeName: employees.name,
        userCode: sql<string>`coalesce(${users.userCode}, '')`,
        dept: sql<string>`coalesce(${orgUnits.name}, '')`,
        entryTime: sql<string>`coalesce(${employees.entryDate}::text, '')`,
        positionName: sql<string>`coalesce(${employees.positionName}, '')`,
        personCategory: employees.personCategory,
        outSource: employees.outsource,
        bpmStatus: sql<string>`coalesce((SELECT c.status FROM confirmations c WHERE c.employee_id = employees.id ORDER BY c.id DESC LIMIT 1), '')`,
      })
      .from(employees)
      .leftJoin(users, eq(users.id, employees.userId))
      .leftJoin(orgUnits, eq(orgUnits.id, employees.orgId))
      .where(cond)
      .orderBy(desc(employees.entryDate), employees.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(employees).leftJoin(users, eq(users.id, employees.userId)).where(cond),
  ]);
  return { records: rows, total: Number(totals[0]?.n ?? 0) };
}
