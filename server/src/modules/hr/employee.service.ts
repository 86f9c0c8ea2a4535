import {
  EMPLOY_STATE,
  EMPLOYEE_MSG,
  type employeeCalls,
  HR_PERM,
  maskMiddle,
  type ParsedRequestOf,
  PERSONAL_FIELDS,
  PLACED_CATEGORIES,
  type RosterRecord,
  type SectionSaved,
} from '@erp/contract';
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { grades, orgUnits, users } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { recordListRead } from '../../platform/privacy/personal-data';
import { likePattern } from '../../platform/resource/filters';
import { type AccessibleEmployee, employeeFor, recordSensitiveRead, shown } from './employee-access';
import { registerChangeApplier, requestChange } from './employee-change';
import { EVENT_KIND, eventsOf, recordEvent, takeOfficeHistory } from './employee-events';
import { employees } from './hr.schema';
import { type EmployeeRow, lockEmployee } from './positive.repository';
import { rosterKeywordPage, rosterResource } from './roster.resource';

type Ctx = Pick<CallContext, 'audit'>;
type Req<K extends keyof typeof employeeCalls> = ParsedRequestOf<(typeof employeeCalls)[K]>;

const yuan = (fen: number | null) => (fen === null ? null : fen / 100);
const fen = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100));

/** Identity fields of the base block: an employee's own change of them goes to HR first. */
const IDENTITY_FIELDS = ['name', 'idType', 'idNumber', 'gender', 'birthday'] as const;

// ---------------------------------------------------------------------------------------------
// The roster

/** A roster row as the reader may see it. */
export function maskRosterRow(row: RosterRecord, sensitive: boolean): RosterRecord {
  if (sensitive) return row;
  return { ...row, phone: maskMiddle(row.phone), idNumber: maskMiddle(row.idNumber) };
}

export async function rosterPage(db: Db, user: Principal, req: Req<'rosterPage'>) {
  const page = (await rosterKeywordPage(db, req, user)) ?? (await rosterResource.page(db, req, user));
  const sensitive = hasPermission(user, HR_PERM.sensitive);
  if (sensitive) await recordRosterRead(db, user, page.records, req);
  return { ...page, records: page.records.map((r) => maskRosterRow(r, sensitive)) };
}

/** Export batches, masked as the list is. */
export async function* rosterBatches(db: Db, user: Principal, req: Req<'rosterExport'>): AsyncGenerator<RosterRecord[]> {
  const sensitive = hasPermission(user, HR_PERM.sensitive);
  for await (const batch of rosterResource.batches(db, req, user)) {
    // One log row per batch of the export: who, how many, the filter (issue 34 §5).
    if (sensitive) await recordRosterRead(db, user, batch, req);
    yield batch.map((r) => maskRosterRow(r, sensitive));
  }
}

/** A roster list or export answered unmasked: the people whose ID number or phone it showed (issue 34 §5). */
const recordRosterRead = (db: Db, user: Principal, rows: RosterRecord[], filter: unknown) =>
  recordListRead(db, user, {
    employeeIds: rows.filter((r) => r.idNumber || r.phone).map((r) => r.id),
    fields: [PERSONAL_FIELDS.idNumber, PERSONAL_FIELDS.phone],
    filter,
  });

// ---------------------------------------------------------------------------------------------
// The info blocks

async function orgName(db: Db, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: orgUnits.name }).from(orgUnits).where(eq(orgUnits.id, id));
  return row?.name ?? null;
}

export async function baseInfo(db: Db, user: Principal, employeeId: number | null | undefined) {
  const who = await employeeFor(db, user, employeeId, 'read');
  const { emp, sensitive } = who;
  await recordSensitiveRead(db, user, who, [[PERSONAL_FIELDS.idNumber, emp.idCardNo]]);
  const avatar = await db.execute<{ file_id: string }>(
    sql`SELECT file_id FROM employee_materials WHERE employee_id = ${emp.id} AND category = '040' AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
  );
  return {
    id: emp.id,
    employeeCode: emp.employeeCode,
    name: emp.name,
    gender: emp.gender,
    birthday: emp.birthday,
    idType: emp.idType,
    idNumber: shown(emp.idCardNo, sensitive),
    idExpireDate: emp.idExpireDate,
    nation: emp.nation,
    nativePlace: emp.nativePlace,
    politics: emp.politics,
    marital: emp.marital,
    highestEducation: emp.highestEducation,
    workStartDate: emp.workStartDate,
    avatarFileId: (avatar as unknown as { rows: Array<{ file_id: string }> }).rows[0]?.file_id ?? null,
    masked: !sensitive,
  };
}

/** Refuses an ID number another employee holds, naming that employee's code. */
async function assertIdNumberFree(db: Db, employeeId: number, idNumber: string | null | undefined): Promise<void> {
  if (!idNumber) return;
  const [holder] = await db
    .select({ code: employees.employeeCode })
    .from(employees)
    .where(and(sql`upper(${employees.idCardNo}) = upper(${idNumber})`, ne(employees.id, employeeId)))
    .limit(1);
  if (holder) throw conflict(EMPLOYEE_MSG.idDuplicate(holder.code));
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  return !!e && typeof e === 'object' && (e.code === '23505' || isUniqueViolation(e.cause));
}

/** Writes identity fields (HR directly, or an employee's approved request). */
async function writeIdentity(tx: Db, employeeId: number, values: Record<string, unknown>, userId: number): Promise<void> {
  const patch: Partial<typeof employees.$inferInsert> = { updatedAt: new Date(), updatedBy: userId };
  if (typeof values.name === 'string') patch.name = values.name;
  if (typeof values.idType === 'string') patch.idType = values.idType;
  if ('idNumber' in values) patch.idCardNo = (values.idNumber as string | null) || null;
  if ('gender' in values) patch.gender = (values.gender as string | null) ?? null;
  if ('birthday' in values) patch.birthday = (values.birthday as string | null) ?? null;
  await assertIdNumberFree(tx, employeeId, patch.idCardNo);
  try {
    await tx.update(employees).set(patch).where(eq(employees.id, employeeId));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('证件号码已被其他员工使用');
    throw err;
  }
  if (patch.name) {
    const [emp] = await tx.select({ userId: employees.userId }).from(employees).where(eq(employees.id, employeeId));
    if (emp?.userId) await tx.update(users).set({ realName: patch.name, updatedAt: new Date() }).where(eq(users.id, emp.userId));
  }
}

registerChangeApplier('base', async (tx, c) => {
  await writeIdentity(tx, c.employeeId, c.values, c.userId);
  return null;
});

function identityOf(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(IDENTITY_FIELDS.filter((k) => k in input).map((k) => [k, input[k] ?? null]));
}

function identityChanged(emp: EmployeeRow, asked: Record<string, unknown>): boolean {
  const now: Record<string, unknown> = { name: emp.name, idType: emp.idType, idNumber: emp.idCardNo, gender: emp.gender, birthday: emp.birthday };
  return Object.entries(asked).some(([k, v]) => (v ?? null) !== (now[k] ?? null));
}

export async function saveBase(db: Db, user: Principal, ctx: Ctx, input: Req<'rosterSaveBase'>): Promise<SectionSaved> {
  const who = await employeeFor(db, user, input.id, 'write');
  // A masked number sent back unchanged means "not changed".
  const asked = identityOf(input);
  if (typeof asked.idNumber === 'string' && asked.idNumber.includes('*')) asked.idNumber = who.emp.idCardNo;
  const others = {
    idExpireDate: input.idExpireDate ?? null,
    nation: input.nation ?? null,
    nativePlace: input.nativePlace ?? null,
    politics: input.politics ?? null,
    marital: input.marital ?? null,
    highestEducation: input.highestEducation ?? null,
    workStartDate: input.workStartDate ?? null,
  };
  const before = await baseInfo(db, user, who.emp.id);
  let pendingRequest: SectionSaved['pendingRequest'] = null;
  if (identityChanged(who.emp, asked)) {
    await assertIdNumberFree(db, who.emp.id, asked.idNumber as string | null);
    if (who.access === 'self')
      pendingRequest = (await requestChange(db, user, who.emp, { section: 'base', action: 'update', recordId: who.emp.id, values: asked })).pendingRequest;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(employees)
      .set({ ...others, updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(employees.id, who.emp.id));
    if (who.access === 'hr' && identityChanged(who.emp, asked)) await writeIdentity(tx, who.emp.id, asked, user.userId);
  });
  ctx.audit({ recordId: who.emp.id, before, after: { ...others, ...(who.access === 'hr' ? asked : {}), pendingRequest } });
  return { id: who.emp.id, pendingRequest };
}

export async function linkInfo(db: Db, user: Principal, employeeId: number | null | undefined) {
  const who = await employeeFor(db, user, employeeId, 'read');
  const { emp, sensitive } = who;
  await recordSensitiveRead(db, user, who, [
    [PERSONAL_FIELDS.phone, emp.phone],
    [PERSONAL_FIELDS.emergencyContact, emp.emergencyPhone],
  ]);
  return {
    id: emp.id,
    phone: shown(emp.phone, sensitive),
    email: emp.email,
    address: emp.address,
    registeredAddress: emp.registeredAddress,
    emergencyContact: emp.emergencyContact,
    emergencyRelation: emp.emergencyRelation,
    emergencyPhone: shown(emp.emergencyPhone, sensitive),
    masked: !sensitive,
  };
}

export async function saveLink(db: Db, user: Principal, ctx: Ctx, input: Req<'rosterSaveLink'>): Promise<SectionSaved> {
  const { emp } = await employeeFor(db, user, input.id, 'write');
  const patch = {
    phone: input.phone ?? null,
    email: input.email ?? null,
    address: input.address ?? null,
    registeredAddress: input.registeredAddress ?? null,
    emergencyContact: input.emergencyContact ?? null,
    emergencyRelation: input.emergencyRelation ?? null,
    emergencyPhone: input.emergencyPhone ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(employees)
      .set({ ...patch, updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(employees.id, emp.id));
    // The account's phone and mail are the same facts (sign-in, person search, mail).
    if (emp.userId) await tx.update(users).set({ phone: patch.phone, email: patch.email, updatedAt: new Date() }).where(eq(users.id, emp.userId));
  });
  ctx.audit({ recordId: emp.id, before: { phone: emp.phone, email: emp.email, address: emp.address }, after: patch });
  return { id: emp.id, pendingRequest: null };
}

export async function workersInfo(db: Db, user: Principal, employeeId: number | null | undefined) {
  const who = await employeeFor(db, user, employeeId, 'read');
  const { emp, sensitive } = who;
  await recordSensitiveRead(db, user, who, [[PERSONAL_FIELDS.pay, emp.salaryCents ?? emp.socialBaseCents ?? emp.fundBaseCents]]);
  const grade = emp.gradeId ? (await db.select({ name: grades.name }).from(grades).where(eq(grades.id, emp.gradeId)))[0] : undefined;
  return {
    id: emp.id,
    employeeCode: emp.employeeCode,
    orgId: emp.orgId,
    orgName: await orgName(db, emp.orgId),
    companyName: await orgName(db, emp.companyId),
    positionId: emp.positionId,
    positionName: emp.positionName,
    gradeId: emp.gradeId,
    gradeName: grade?.name ?? null,
    personCategory: emp.personCategory,
    clientCompanyId: emp.clientCompanyId,
    clientCompanyName: await orgName(db, emp.clientCompanyId),
    settlementOrgId: emp.settlementOrgId,
    settlementOrgName: await orgName(db, emp.settlementOrgId),
    employState: emp.employState,
    entryDate: emp.entryDate,
    probationMonths: emp.probationMonths,
    regularDate: emp.regularDate,
    contractEndDate: emp.contractEndDate,
    leaveDate: emp.leaveDate,
    socialCity: emp.socialCity,
    socialBase: sensitive ? yuan(emp.socialBaseCents) : null,
    fundCity: emp.fundCity,
    fundBase: sensitive ? yuan(emp.fundBaseCents) : null,
    salary: sensitive ? yuan(emp.salaryCents) : null,
    masked: !sensitive,
  };
}

/** The company of a unit: the nearest company on its path. */
async function companyOf(db: Db, orgId: number): Promise<{ companyId: number | null; isClient: boolean; exists: boolean }> {
  const [unit] = await db.select({ path: orgUnits.path, isClient: orgUnits.isClient }).from(orgUnits).where(eq(orgUnits.id, orgId));
  if (!unit) return { companyId: null, isClient: false, exists: false };
  const ids = unit.path.split('/').filter(Boolean).map(Number);
  const companies = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(inArray(orgUnits.id, ids), eq(orgUnits.type, 'company')));
  const set = new Set(companies.map((c) => c.id));
  return { companyId: ids.filter((id) => set.has(id)).pop() ?? null, isClient: unit.isClient, exists: true };
}

export async function saveWorkers(db: Db, user: Principal, ctx: Ctx, input: Req<'rosterSaveWorkers'>): Promise<SectionSaved> {
  const who: AccessibleEmployee = await employeeFor(db, user, input.id, 'write');
  if (who.access === 'self' && !hasPermission(user, HR_PERM.rosterEdit)) throw notFound(EMPLOYEE_MSG.notFound);
  await rosterResource.assertOrgInScope(db, user, input.orgId);
  const unit = await companyOf(db, input.orgId);
  if (!unit.exists || unit.isClient) throw badRequest('请选择本公司的部门');
  if (input.clientCompanyId) {
    const client = await companyOf(db, input.clientCompanyId);
    if (!client.isClient) throw badRequest('客户单位不存在');
  }
  const placed = PLACED_CATEGORIES.includes(input.personCategory);
  if (input.gradeId && !(await db.select({ id: grades.id }).from(grades).where(eq(grades.id, input.gradeId))).length) throw badRequest('职级不存在');
  const before = await workersInfo(db, user, who.emp.id);
  await db.transaction(async (tx) => {
    const emp = await lockEmployee(tx, who.emp.id);
    if (!emp) throw notFound(EMPLOYEE_MSG.notFound);
    const patch: Partial<typeof employees.$inferInsert> = {
      orgId: input.orgId,
      companyId: unit.companyId,
      positionId: input.positionId ?? null,
      positionName: input.positionName ?? null,
      gradeId: input.gradeId ?? null,
      personCategory: input.personCategory,
      clientCompanyId: placed ? (input.clientCompanyId ?? null) : null,
      settlementOrgId: placed ? (input.settlementOrgId ?? null) : null,
      entryDate: input.entryDate,
      probationMonths: input.probationMonths,
      contractEndDate: input.contractEndDate ?? null,
      socialCity: input.socialCity ?? null,
      fundCity: input.fundCity ?? null,
      updatedAt: new Date(),
      updatedBy: user.userId,
    };
    // Masked figures come back as null: only a reader who saw them may change them.
    if (who.sensitive) {
      patch.socialBaseCents = fen(input.socialBase);
      patch.fundBaseCents = fen(input.fundBase);
      patch.salaryCents = fen(input.salary);
    }
    await tx.update(employees).set(patch).where(eq(employees.id, emp.id));
    if (emp.userId && emp.orgId !== input.orgId)
      await tx.update(users).set({ orgId: input.orgId, companyId: unit.companyId, updatedAt: new Date() }).where(eq(users.id, emp.userId));
    const moved = emp.orgId !== input.orgId || (emp.positionName ?? null) !== (input.positionName ?? null);
    const regraded = (emp.gradeId ?? null) !== (input.gradeId ?? null);
    if (moved || regraded) {
      await recordEvent(tx, {
        employeeId: emp.id,
        kind: moved ? EVENT_KIND.transfer : EVENT_KIND.adjustment,
        effectiveDate: new Date().toISOString().slice(0, 10),
        fromOrgId: emp.orgId,
        toOrgId: input.orgId,
        fromPosition: emp.positionName,
        toPosition: input.positionName ?? null,
        fromGradeId: emp.gradeId,
        toGradeId: input.gradeId ?? null,
        remark: '人事信息维护',
        createdBy: user.userId,
      });
    }
  });
  ctx.audit({ recordId: who.emp.id, before, after: await workersInfo(db, user, who.emp.id) });
  return { id: who.emp.id, pendingRequest: null };
}

export async function changeInfo(db: Db, user: Principal, employeeId: number | null | undefined) {
  const { emp } = await employeeFor(db, user, employeeId, 'read');
  return eventsOf(db, emp.id);
}

export async function takeOfficeInfo(db: Db, user: Principal, employeeId: number | null | undefined) {
  const { emp } = await employeeFor(db, user, employeeId, 'read');
  return takeOfficeHistory(await eventsOf(db, emp.id));
}

export async function certificateNo(db: Db, user: Principal, employeeId: number | null | undefined) {
  const who = await employeeFor(db, user, employeeId, 'read');
  const { emp, sensitive } = who;
  await recordSensitiveRead(db, user, who, [[PERSONAL_FIELDS.idNumber, emp.idCardNo]]);
  return { idType: emp.idType, certificateNo: shown(emp.idCardNo, sensitive) ?? '', masked: !sensitive };
}

// ---------------------------------------------------------------------------------------------
// Employees as options, lookups and core changes

const option = {
  id: employees.id,
  code: employees.employeeCode,
  name: employees.name,
  userName: sql<string>`coalesce(${users.userCode}, '')`,
  orgName: orgUnits.name,
};

/** Pickers: on-duty employees first; HR's scope does not narrow a picker (names and codes only). */
export async function employeeOptions(db: Db, input: Req<'employeeList'>) {
  const conds = [ne(employees.employState, EMPLOY_STATE.resigned)];
  if (input.keyword) {
    const p = likePattern(input.keyword);
    conds.push(or(ilike(employees.name, p), ilike(employees.employeeCode, p), ilike(users.userCode, p)) as never);
  }
  if (input.orgId)
    conds.push(sql`${employees.orgId} IN (SELECT id FROM org_units WHERE path LIKE (SELECT path FROM org_units WHERE id = ${input.orgId}) || '%')`);
  return db
    .select(option)
    .from(employees)
    .leftJoin(users, eq(users.id, employees.userId))
    .leftJoin(orgUnits, eq(orgUnits.id, employees.orgId))
    .where(and(...conds))
    .orderBy(asc(employees.employeeCode))
    .limit(input.limit);
}

export async function employeesByName(db: Db, name: string) {
  return db
    .select(option)
    .from(employees)
    .leftJoin(users, eq(users.id, employees.userId))
    .leftJoin(orgUnits, eq(orgUnits.id, employees.orgId))
    .where(eq(employees.name, name))
    .orderBy(asc(employees.employeeCode))
    .limit(50);
}

export async function userList(db: Db, input: Req<'employeeUserList'>) {
  const conds = [eq(users.enabled, true)];
  if (input.keyword) {
    const p = likePattern(input.keyword);
    conds.push(or(ilike(users.realName, p), ilike(users.userCode, p)) as never);
  }
  if (input.employeeId) conds.push(eq(employees.id, input.employeeId));
  return db
    .select({ userId: users.id, userCode: users.userCode, userName: users.realName, employeeId: employees.id })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(and(...conds))
    .orderBy(asc(users.userCode))
    .limit(50);
}

export async function updateCore(db: Db, user: Principal, ctx: Ctx, input: Req<'employeeUpdateCore'>): Promise<SectionSaved> {
  const { emp } = await employeeFor(db, user, input.id, 'write');
  if (input.gradeId && !(await db.select({ id: grades.id }).from(grades).where(eq(grades.id, input.gradeId))).length) throw badRequest('职级不存在');
  const patch: Partial<typeof employees.$inferInsert> = { updatedAt: new Date(), updatedBy: user.userId };
  if (input.name !== undefined) patch.name = input.name;
  if (input.gradeId !== undefined) patch.gradeId = input.gradeId ?? null;
  if (input.positionName !== undefined) patch.positionName = input.positionName ?? null;
  if (input.employState !== undefined) {
    if (!Object.values(EMPLOY_STATE).includes(input.employState as never)) throw badRequest('员工状态不正确');
    patch.employState = input.employState;
  }
  await db.transaction(async (tx) => {
    await tx.update(employees).set(patch).where(eq(employees.id, emp.id));
    if (patch.name && emp.userId) await tx.update(users).set({ realName: patch.name, updatedAt: new Date() }).where(eq(users.id, emp.userId));
  });
  ctx.audit({ recordId: emp.id, before: { name: emp.name, gradeId: emp.gradeId, positionName: emp.positionName, employState: emp.employState }, after: patch });
  return { id: emp.id, pendingRequest: null };
}
