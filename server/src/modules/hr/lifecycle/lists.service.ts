import { LIFECYCLE_MSG, LIFECYCLE_PROCESS_KEYS } from '@erp/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { confirmations, grades, orgUnits, users, wfInstances, wfTasks } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { badRequest, notFound } from '../../../platform/errors';
import { enqueue } from '../../../platform/outbox/outbox';
import { employeeFor } from '../employee-access';
import { employeeEvents } from '../employee-records.schema';
import { employees } from '../hr.schema';
import { businessToday } from './documents';
import { changeLogResource, contractResource, departureResource, formalReceiveResource, quitResource } from './lifecycle.resources';
import { employeeQuits, hourWhitelist, onboardings } from './lifecycle.schema';

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Contracts ending within `days` (or already ended) of people still employed. */
export function renewalDuePage(db: Db, user: Principal, req: Parameters<typeof contractResource.page>[1] & { days: number }) {
  return contractResource.page(db, req, user, sql`${employees.contractEndDate} <= ${addDays(businessToday(), req.days)}`);
}

export async function departureInfo(db: Db, user: Principal, employeeId: number) {
  await employeeFor(db, user, employeeId, 'read');
  const departure = await departureResource.detail(db, employeeId, user).catch(() => {
    throw notFound('该员工没有离职记录');
  });
  const ids = await db
    .select({ id: employeeQuits.id })
    .from(employeeQuits)
    .where(eq(employeeQuits.employeeId, employeeId))
    .orderBy(sql`${employeeQuits.id} DESC`);
  const quits = [];
  for (const { id } of ids) quits.push(await quitResource.detail(db, id, null));
  return { departure, quits };
}

/** Mails the confirmation notice to confirmed people in scope who have not had it (once each). */
export async function sendFormalMail(db: Db, user: Principal, employeeIds: number[]) {
  const rows = await formalReceiveResource.page(db, { pageIndex: 1, pageSize: 500 }, user, inArray(employees.id, [...new Set(employeeIds)]));
  let sent = 0;
  let skipped = employeeIds.length - rows.records.length;
  await db.transaction(async (tx) => {
    for (const r of rows.records) {
      // The notice is marked in the statement that claims it: two clicks send one mail.
      const claimed = await tx
        .update(confirmations)
        .set({ noticeSentAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
        .where(
          and(
            eq(confirmations.id, sql`(SELECT c.id FROM confirmations c WHERE c.employee_id = ${r.id} AND c.status = 'passed' ORDER BY c.id DESC LIMIT 1)`),
            isNull(confirmations.noticeSentAt),
          ),
        )
        .returning({ id: confirmations.id });
      if (!claimed.length || !r.email) {
        skipped++;
        continue;
      }
      const [emp] = await tx.select({ userId: employees.userId }).from(employees).where(eq(employees.id, r.id));
      await enqueue(tx, 'mail', {
        to: r.email,
        userId: emp?.userId ?? undefined,
        subject: '转正通知',
        text: `${r.name}，您好：\n\n恭喜您已通过试用期考核，自 ${r.regularDate ?? ''} 起转为正式员工（部门：${r.orgName ?? ''}，岗位：${r.positionName ?? ''}）。\n感谢您的努力与付出，期待与您共同成长！\n\n人力资源部`,
      });
      sent++;
    }
  });
  if (!sent && !rows.records.length) throw badRequest(LIFECYCLE_MSG.mailNone);
  return { sent, skipped };
}

export async function employeeByUserCode(db: Db, user: Principal, userCode: string) {
  const [u] = await db
    .select({ employeeId: employees.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(sql`lower(${users.userCode}) = ${userCode.toLowerCase()}`);
  if (!u) throw notFound('员工不存在或无权查看');
  const { emp } = await employeeFor(db, user, u.employeeId, 'read');
  const [org] = emp.orgId ? await db.select({ name: orgUnits.name }).from(orgUnits).where(eq(orgUnits.id, emp.orgId)) : [];
  const [grade] = emp.gradeId ? await db.select({ name: grades.name }).from(grades).where(eq(grades.id, emp.gradeId)) : [];
  return {
    employeeId: emp.id,
    employeeCode: emp.employeeCode,
    name: emp.name,
    orgId: emp.orgId,
    orgName: org?.name ?? null,
    positionName: emp.positionName,
    gradeName: grade?.name ?? null,
    employState: emp.employState,
    entryDate: emp.entryDate,
  };
}

export async function changesOf(db: Db, user: Principal, employeeId: number) {
  await employeeFor(db, user, employeeId, 'read');
  return changeLogResource.list(db, { employeeId }, null);
}

export async function changesByUserCode(db: Db, user: Principal, userCode: string) {
  const { employeeId } = await employeeByUserCode(db, user, userCode);
  return changesOf(db, user, employeeId);
}

export async function saveChange(
  db: Db,
  user: Principal,
  input: { employeeId: number; kind: string; effectiveDate: string; toOrgId?: number | null; toPosition?: string | null; remark: string },
) {
  const { emp } = await employeeFor(db, user, input.employeeId, 'read');
  if (input.toOrgId) {
    const [org] = await db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, input.toOrgId));
    if (!org) throw badRequest('部门不存在');
  }
  if (emp.entryDate && input.effectiveDate < emp.entryDate && input.kind !== '001') throw badRequest('变动日期不能早于入职日期');
  const [row] = await db
    .insert(employeeEvents)
    .values({
      employeeId: emp.id,
      kind: input.kind,
      effectiveDate: input.effectiveDate,
      fromOrgId: emp.orgId,
      toOrgId: input.toOrgId ?? emp.orgId,
      fromPosition: emp.positionName,
      toPosition: input.toPosition ?? emp.positionName,
      fromGradeId: emp.gradeId,
      toGradeId: emp.gradeId,
      remark: `补录：${input.remark}`.slice(0, 255),
      createdBy: user.userId,
    })
    .returning({ id: employeeEvents.id });
  if (!row) throw new Error('event insert returned nothing');
  return { id: row.id };
}

export async function saveHourWhite(
  db: Db,
  user: Principal,
  input: { employeeIds: number[]; startDate: string; endDate?: string | null; reason: string; remove?: boolean },
) {
  const ids = [...new Set(input.employeeIds)];
  for (const id of ids) await employeeFor(db, user, id, 'read');
  if (input.remove) {
    const removed = await db.delete(hourWhitelist).where(inArray(hourWhitelist.employeeId, ids)).returning({ id: hourWhitelist.id });
    return { saved: removed.length };
  }
  const values = ids.map((employeeId) => ({
    employeeId,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    reason: input.reason,
    createdBy: user.userId,
    updatedBy: user.userId,
  }));
  await db
    .insert(hourWhitelist)
    .values(values)
    .onConflictDoUpdate({
      target: hourWhitelist.employeeId,
      set: { startDate: input.startDate, endDate: input.endDate ?? null, reason: input.reason, updatedAt: new Date(), updatedBy: user.userId },
    });
  return { saved: ids.length };
}

/** HR's counts of the area, within their data scope. */
export async function hrmAgency(db: Db, user: Principal) {
  const today = businessToday();
  const scope = dataScopeCondition(user, { orgId: employees.orgId, ownerUserId: employees.userId });
  const count = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]?.n ?? 0);
  const n = sql<number>`count(*)::int`;
  const [offers, onDuty, probationDue, myTasks, contractsEnding, resigning] = await Promise.all([
    count(
      db
        .select({ n })
        .from(onboardings)
        .where(
          and(
            inArray(onboardings.stage, ['offer', 'invited']),
            dataScopeCondition(user, { orgId: onboardings.orgId, ownerUserId: onboardings.applicantUserId }),
          ),
        ),
    ),
    count(
      db
        .select({ n })
        .from(onboardings)
        .where(and(eq(onboardings.stage, 'filled'), dataScopeCondition(user, { orgId: onboardings.orgId, ownerUserId: onboardings.applicantUserId }))),
    ),
    count(
      db
        .select({ n })
        .from(employees)
        .where(
          and(
            eq(employees.status, '003'),
            sql`${employees.regularStatus} <> '010'`,
            sql`${employees.entryDate} + make_interval(months => ${employees.probationMonths}) <= ${addDays(today, 30)}::date`,
            scope,
          ),
        ),
    ),
    count(
      db
        .select({ n })
        .from(wfTasks)
        .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
        .where(
          and(
            eq(wfTasks.status, 'pending'),
            inArray(wfTasks.kind, ['approve', 'resubmit']),
            inArray(wfInstances.processKey, [...LIFECYCLE_PROCESS_KEYS]),
            sql`(${wfTasks.assigneeUserId} = ${user.userId} OR ${user.userId} = ANY(${wfTasks.candidateUserIds}))`,
          ),
        ),
    ),
    count(
      db
        .select({ n })
        .from(employees)
        .where(and(inArray(employees.status, ['003', '004']), sql`${employees.contractEndDate} <= ${addDays(today, 30)}::date`, scope)),
    ),
    count(
      db
        .select({ n })
        .from(employees)
        .where(and(eq(employees.employState, '004'), scope)),
    ),
  ]);
  return { offers, onDutyToConfirm: onDuty, probationDue, myTasks, contractsEnding, resigning };
}
