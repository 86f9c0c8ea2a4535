import { EMPLOY_STATE, ID_TYPE, LIFECYCLE_MSG, residentIdFacts } from '@erp/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { orgUnits, roles, userRoles, users } from '../../../db/schema';
import type { Db } from '../../../platform/db';
import { conflict } from '../../../platform/errors';
import { pinyinInitials } from '../../../platform/pinyin';
import { EVENT_KIND, recordEvent } from '../employee-events';
import { employees } from '../hr.schema';
import type { onboardings } from './lifecycle.schema';

/** An account that cannot sign in until a password is set (reset by mail or by an administrator). */
const NO_PASSWORD = '!onboarding';

/** The company a unit belongs to: the nearest company on its path. */
export async function companyOfOrg(db: Db, orgId: number): Promise<number | null> {
  const [unit] = await db.select({ path: orgUnits.path }).from(orgUnits).where(eq(orgUnits.id, orgId));
  if (!unit) return null;
  const ids = unit.path.split('/').filter(Boolean).map(Number);
  const rows = await db.select({ id: orgUnits.id, type: orgUnits.type }).from(orgUnits).where(inArray(orgUnits.id, ids));
  const companies = new Set(rows.filter((r) => r.type === 'company').map((r) => r.id));
  return [...ids].reverse().find((id) => companies.has(id)) ?? null;
}

/** The account code a hire gets when HR named none: pinyin initials plus a number not yet taken. */
async function freeUserCode(tx: Db, name: string): Promise<string> {
  const base = (pinyinInitials(name) || 'user').toLowerCase().replace(/[^a-z0-9]/g, '') || 'user';
  const rows = await tx
    .select({ code: users.userCode })
    .from(users)
    .where(sql`lower(${users.userCode}) LIKE ${`${base}%`}`);
  const taken = new Set(rows.map((r) => r.code.toLowerCase()));
  for (let n = 1; ; n++) {
    const code = `${base}${String(n).padStart(2, '0')}`;
    if (!taken.has(code)) return code;
  }
}

/**
 * The final pass of an onboarding: the account (no password yet, role employee) and the employee on
 * probation, with the entry event. In the engine's transaction.
 */
export async function createHire(tx: Db, o: typeof onboardings.$inferSelect, userId: number): Promise<number> {
  const info = o.info as Record<string, string | null | undefined>;
  const userCode = o.userCode ?? (await freeUserCode(tx, o.name));
  const idNumber = (info.idNumber || o.idCardNo || null)?.toUpperCase() ?? null;
  const idType = info.idType || o.idType;
  if (idNumber) {
    const [holder] = await tx.select({ code: employees.employeeCode }).from(employees).where(sql`upper(${employees.idCardNo}) = ${idNumber}`).limit(1);
    if (holder) throw conflict(`证件号码已被员工 ${holder.code} 使用`);
  }
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.userCode}) = ${userCode.toLowerCase()}`).limit(1);
  if (taken) throw conflict(`${LIFECYCLE_MSG.userCodeTaken}：${userCode}`);
  const companyId = o.companyId ?? (await companyOfOrg(tx, o.orgId));
  const [user] = await tx
    .insert(users)
    .values({
      userCode,
      realName: o.name,
      namePinyin: pinyinInitials(o.name),
      passwordHash: NO_PASSWORD,
      phone: o.phone,
      email: info.email || o.email,
      orgId: o.orgId,
      companyId,
      personCategory: o.personCategory,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  const [employeeRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'employee'));
  if (employeeRole) await tx.insert(userRoles).values({ userId: user.id, roleId: employeeRole.id });
  const facts = idNumber && idType === ID_TYPE.residentCard ? residentIdFacts(idNumber) : null;
  const [emp] = await tx
    .insert(employees)
    .values({
      userId: user.id,
      employeeCode: `E${10000 + user.id}`,
      name: o.name,
      gender: facts?.gender ?? info.gender ?? o.gender,
      birthday: facts?.birthday ?? o.birthday,
      orgId: o.orgId,
      companyId,
      positionId: o.positionId,
      positionName: o.positionName,
      gradeId: o.gradeId,
      personCategory: o.personCategory,
      clientCompanyId: o.clientCompanyId,
      entryDate: o.plannedEntryDate,
      probationMonths: o.probationMonths,
      status: '003',
      regularStatus: '001',
      employState: EMPLOY_STATE.probation,
      salaryCents: o.salaryCents,
      phone: o.phone,
      email: info.email || o.email,
      idType,
      idCardNo: idNumber,
      address: info.address ?? null,
      registeredAddress: info.registeredAddress ?? null,
      emergencyContact: info.emergencyContact ?? null,
      emergencyPhone: info.emergencyPhone ?? null,
      highestEducation: info.highestEducation ?? null,
      politics: info.politics ?? null,
      marital: info.marital ?? null,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning({ id: employees.id });
  if (!emp) throw new Error('employee insert returned nothing');
  await recordEvent(tx, {
    employeeId: emp.id,
    kind: EVENT_KIND.entry,
    effectiveDate: o.plannedEntryDate,
    toOrgId: o.orgId,
    toPosition: o.positionName,
    toGradeId: o.gradeId,
    documentNo: o.documentNo,
    remark: '入职',
    createdBy: userId,
  });
  return emp.id;
}
