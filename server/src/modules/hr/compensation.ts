import {
  COMPENSATE_PROCESS_KEY,
  type CompensationData,
  type CompensationRecord,
  compensationMeta,
  EMPLOY_STATE,
  HR_DOC_MSG,
  HR_DOC_PERM,
  PERSONAL_FIELDS,
  type ZCompensationForm,
} from '@erp/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordListRead, recordPersonalRead } from '../../platform/privacy/personal-data';
import { atLeast, atMost, equals, inOrgSubtree } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { employeeFor, recordSensitiveRead } from './employee-access';
import { assertReadable, cents, documentJoins, documentKeyword, documentSelect, taskCommands, yuan } from './hr-document-kit';
import { COMPENSATE_PROCESS_XML } from './hr-document-processes';
import { compensations } from './hr-documents.schema';
import { type EmployeeRow, lockEmployee } from './positive.repository';

type Form = z.output<typeof ZCompensationForm>;
const t = compensations;

/**
 * N of the economic compensation (Labour Contract Law art. 47): one month per full year of
 * service; a remainder of six months or more counts as a year, less than six months as half a
 * month. Service runs from the entry date to the leave date; a started month counts as a month
 * only when the day of the month is reached. Answers whole months and N in tenths.
 */
export function compensationMonths(entryDate: string, leaveDate: string): { serviceMonths: number; tenths: number } {
  const [ey, em, ed] = entryDate.split('-').map(Number) as [number, number, number];
  const [ly, lm, ld] = leaveDate.split('-').map(Number) as [number, number, number];
  let months = (ly - ey) * 12 + (lm - em);
  if (ld < ed) months -= 1; // the last month is not complete
  months = Math.max(0, months);
  const partialDays = ld !== ed;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const tenths = years * 10 + (rest >= 6 ? 10 : rest > 0 || partialDays ? 5 : 0);
  return { serviceMonths: months, tenths };
}

/** Total in fen: base × N, plus a month's base for notice pay, plus extra. */
export function compensationTotal(baseCents: number, tenths: number, noticePay: boolean, extraCents: number): number {
  return Math.round((baseCents * tenths) / 10) + (noticePay ? baseCents : 0) + extraCents;
}

export const compensationDocument = defineDocument({
  processKey: COMPENSATE_PROCESS_KEY,
  prefix: 'BC',
  name: '补偿优化',
  table: t,
  columns: { id: t.id, state: t.state, instanceId: t.processInstanceId, documentNo: t.documentNo },
  defaultDefinitionXml: COMPENSATE_PROCESS_XML,
});

export const compensationResource = defineResource<CompensationRecord, typeof t>({
  meta: compensationMeta,
  table: t,
  idColumn: t.id,
  select: {
    ...documentSelect(t),
    reason: t.reason,
    entryDate: t.entryDate,
    leaveDate: t.leaveDate,
    months: sql<number>`(${t.monthsTenths}::float8 / 10)`,
    monthlyBase: yuan(t.monthlyBaseCents),
    noticePay: t.noticePay,
    extra: yuan(t.extraCents),
    total: yuan(t.totalCents),
    remark: sql<string>`coalesce(${t.remark}, '')`,
  },
  joins: documentJoins(t),
  filters: {
    keyword: documentKeyword(t),
    employeeName: documentKeyword(t),
    orgId: inOrgSubtree(t.orgId),
    state: equals(t.state),
    reason: equals(t.reason),
    leaveDateFrom: atLeast(t.leaveDate),
    leaveDateTo: atMost(t.leaveDate),
  },
  sortable: { createdAt: t.createdAt, leaveDate: t.leaveDate, total: t.totalCents },
  defaultOrder: [desc(t.createdAt)],
  scope: { orgId: t.orgId, ownerUserId: t.userId },
});

export const compensationCommands = taskCommands(compensationDocument);

export async function compensationDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<CompensationRecord> {
  const row = ref.id ? await compensationDocument.row(db, ref.id) : await compensationDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('补偿优化不存在');
  await assertReadable(db, user, row, HR_DOC_PERM.compensateList);
  const detail = await compensationResource.detail(db, row.id, null);
  // The monthly base is the person's pay (issue 34 §5); their own read is not recorded.
  await recordPersonalRead(db, user, { subjectEmployeeId: detail.employeeId, fields: [PERSONAL_FIELDS.pay] });
  return detail;
}

/** A page or export batch of compensations: their monthly bases are pay (issue 34 §5). */
export const recordCompensationsRead = (db: Db, user: Principal, rows: CompensationRecord[], filter: unknown) =>
  recordListRead(db, user, { employeeIds: rows.map((r) => r.employeeId), fields: [PERSONAL_FIELDS.pay], filter });

export async function compensationPage(db: Db, user: Principal, input: Parameters<typeof compensationResource.page>[1]) {
  const page = await compensationResource.page(db, input, user);
  await recordCompensationsRead(db, user, page.records, input);
  return page;
}

export async function* compensationBatches(db: Db, user: Principal, input: Parameters<typeof compensationResource.batches>[1]) {
  for await (const batch of compensationResource.batches(db, input, user)) {
    await recordCompensationsRead(db, user, batch, input);
    yield batch;
  }
}

function figures(emp: EmployeeRow, leaveDate: string) {
  if (!emp.entryDate) throw badRequest('该员工没有入职日期');
  if (leaveDate < emp.entryDate) throw badRequest(HR_DOC_MSG.leaveBeforeEntry);
  return { entryDate: emp.entryDate, ...compensationMonths(emp.entryDate, leaveDate) };
}

/** The figures before a compensation is written (the form fills itself from these). */
export async function compensationData(db: Db, user: Principal, input: { employeeId: number; leaveDate: string }): Promise<CompensationData> {
  const who = await employeeFor(db, user, input.employeeId, 'write');
  const { emp, sensitive } = who;
  const f = figures(emp, input.leaveDate);
  const base = sensitive && emp.salaryCents !== null ? emp.salaryCents : null;
  await recordSensitiveRead(db, user, who, [[PERSONAL_FIELDS.pay, base]]);
  return {
    employeeId: emp.id,
    employeeName: emp.name,
    entryDate: f.entryDate,
    leaveDate: input.leaveDate,
    serviceMonths: f.serviceMonths,
    months: f.tenths / 10,
    monthlyBase: base === null ? null : base / 100,
    total: base === null ? null : compensationTotal(base, f.tenths, false, 0) / 100,
  };
}

/** Adds a compensation and submits it (or keeps a draft); one open compensation per employee. */
export async function addCompensation(db: Db, user: Principal, form: Form) {
  return db.transaction(async (tx) => {
    const { emp } = await employeeFor(tx, user, form.employeeId, 'write');
    if (emp.employState === EMPLOY_STATE.resigned) throw badRequest(HR_DOC_MSG.resigned);
    const f = figures(emp, form.leaveDate);
    await lockEmployee(tx, emp.id);
    const [open] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.employeeId, emp.id), inArray(t.state, ['draft', 'approving', 'returned'])))
      .limit(1);
    if (open) throw conflict(HR_DOC_MSG.openCompensation);
    const base = cents(form.monthlyBase);
    const extra = cents(form.extra);
    const [row] = await tx
      .insert(t)
      .values({
        employeeId: emp.id,
        userId: emp.userId as number,
        orgId: emp.orgId,
        reason: form.reason,
        leaveDate: form.leaveDate,
        entryDate: f.entryDate,
        monthsTenths: f.tenths,
        monthlyBaseCents: base,
        noticePay: form.noticePay,
        extraCents: extra,
        totalCents: compensationTotal(base, f.tenths, form.noticePay === '001', extra),
        remark: form.remark ?? null,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning();
    if (!row) throw new Error('compensation insert returned nothing');
    if (form.submit)
      await compensationDocument.submit(tx, {
        id: row.id,
        userId: user.userId,
        title: `${emp.name} 补偿优化`,
        vars: { employeeId: emp.id, orgId: emp.orgId, totalCents: row.totalCents },
      });
    const after = await compensationDocument.row(tx, row.id);
    return { id: after.id, documentNo: after.documentNo ?? '', state: after.state, processInstanceId: after.processInstanceId };
  });
}
