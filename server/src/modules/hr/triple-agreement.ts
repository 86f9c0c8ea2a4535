import {
  EMPLOY_STATE,
  HR_DOC_MSG,
  HR_DOC_PERM,
  PERSON_CATEGORY,
  TRIPLE_PROCESS_KEY,
  type TripleAgreementDetail,
  type TripleAgreementRecord,
  tripleAgreementMeta,
  type ZTripleAgreementForm,
} from '@erp/contract';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { employees, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { atLeast, atMost, equals, inOrgSubtree } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import * as engine from '../../workflow/engine';
import { employeeFor } from './employee-access';
import { assertEditable, assertReadable, cents, documentJoins, documentKeyword, documentSelect, taskCommands, yuan } from './hr-document-kit';
import { TRIPLE_PROCESS_XML } from './hr-document-processes';
import { tripleAgreementLogs, tripleAgreements } from './hr-documents.schema';
import { lockEmployee } from './positive.repository';

type Form = z.output<typeof ZTripleAgreementForm>;
type Row = typeof tripleAgreements.$inferSelect;
const t = tripleAgreements;
const calendar = new BusinessCalendar();

export const tripleDocument = defineDocument({
  processKey: TRIPLE_PROCESS_KEY,
  prefix: 'SF',
  name: '三方协议',
  table: t,
  columns: { id: t.id, state: t.state, instanceId: t.processInstanceId, documentNo: t.documentNo },
  defaultDefinitionXml: TRIPLE_PROCESS_XML,
});

export const tripleResource = defineResource<TripleAgreementRecord, typeof t>({
  meta: tripleAgreementMeta,
  table: t,
  idColumn: t.id,
  select: {
    ...documentSelect(t),
    agreementType: t.agreementType,
    agreementNo: t.agreementNo,
    school: t.school,
    major: sql<string>`coalesce(${t.major}, '')`,
    education: t.education,
    graduationDate: t.graduationDate,
    signDate: t.signDate,
    breachFee: yuan(t.breachFeeCents),
    fileGroupId: t.fileGroupId,
    remark: sql<string>`coalesce(${t.remark}, '')`,
    registerState: t.registerState,
    archiveLocation: sql<string>`coalesce(${t.archiveLocation}, '')`,
  },
  joins: documentJoins(t),
  filters: {
    keyword: documentKeyword(t),
    employeeName: documentKeyword(t),
    orgId: inOrgSubtree(t.orgId),
    state: equals(t.state),
    agreementType: equals(t.agreementType),
    registerState: equals(t.registerState),
    signDateFrom: atLeast(t.signDate),
    signDateTo: atMost(t.signDate),
  },
  sortable: { createdAt: t.createdAt, signDate: t.signDate, documentNo: t.documentNo },
  defaultOrder: [desc(t.createdAt)],
  scope: { orgId: t.orgId, ownerUserId: t.userId },
});

export const tripleCommands = taskCommands(tripleDocument);

/** An agreement's paper trail, oldest first. */
async function logsOf(db: Db, id: number) {
  const rows = await db
    .select({
      id: tripleAgreementLogs.id,
      registerState: tripleAgreementLogs.registerState,
      note: tripleAgreementLogs.note,
      userName: users.realName,
      createdAt: tripleAgreementLogs.createdAt,
    })
    .from(tripleAgreementLogs)
    .leftJoin(users, eq(users.id, tripleAgreementLogs.createdBy))
    .where(eq(tripleAgreementLogs.agreementId, id))
    .orderBy(asc(tripleAgreementLogs.id));
  return rows.map((r) => ({ id: r.id, registerState: r.registerState, note: r.note ?? '', userName: r.userName ?? '', createdAt: r.createdAt.toISOString() }));
}

export async function tripleDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<TripleAgreementDetail> {
  const row = ref.id ? await tripleDocument.row(db, ref.id) : await tripleDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('三方协议不存在');
  await assertReadable(db, user, row, HR_DOC_PERM.tripleList);
  return { ...(await tripleResource.detail(db, row.id, null)), logs: await logsOf(db, row.id) };
}

/** Another agreement of the person that is not rejected or revoked (drafts included). */
async function otherAgreementOf(db: Db, employeeId: number, exceptId?: number) {
  const [row] = await db
    .select({ id: t.id, documentNo: t.documentNo })
    .from(t)
    .where(and(eq(t.employeeId, employeeId), notInArray(t.state, ['rejected', 'revoked']), exceptId ? sql`${t.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row;
}

export async function userCodeRepeat(db: Db, userCode: string, exceptId?: number): Promise<{ repeat: boolean; documentNo: string | null }> {
  const [u] = await db
    .select({ employeeId: employees.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(sql`lower(${users.userCode}) = lower(${userCode})`);
  if (!u?.employeeId) return { repeat: false, documentNo: null };
  const other = await otherAgreementOf(db, Number(u.employeeId), exceptId);
  return { repeat: !!other, documentNo: other ? (other.documentNo ?? '') : null };
}

async function checkForm(db: Db, user: Principal, form: Form, exceptId?: number) {
  const { emp } = await employeeFor(db, user, form.employeeId, 'write');
  if (emp.employState === EMPLOY_STATE.resigned) throw badRequest(HR_DOC_MSG.resigned);
  const today = calendar.day();
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const graduate = emp.entryDate !== null && emp.entryDate >= yearAgo;
  if (emp.personCategory !== PERSON_CATEGORY.intern && !graduate) throw badRequest(HR_DOC_MSG.notIntern);
  if (form.signDate > today) throw badRequest('签订日期不能晚于今天');
  const [taken] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.agreementNo, form.agreementNo), notInArray(t.state, ['rejected', 'revoked']), exceptId ? sql`${t.id} <> ${exceptId}` : undefined))
    .limit(1);
  if (taken) throw conflict(HR_DOC_MSG.agreementNoTaken);
  return emp;
}

const values = (form: Form) => ({
  agreementType: form.agreementType,
  agreementNo: form.agreementNo,
  school: form.school,
  major: form.major ?? null,
  education: form.education,
  graduationDate: form.graduationDate,
  signDate: form.signDate,
  breachFeeCents: cents(form.breachFee),
  fileGroupId: form.fileGroupId ?? null,
  remark: form.remark ?? null,
});

const saved = (row: Row) => ({ id: row.id, documentNo: row.documentNo ?? '', state: row.state, processInstanceId: row.processInstanceId });

/** Adds an agreement (a draft, or submitted at once). One open or passed agreement per person. */
export async function addTriple(db: Db, user: Principal, form: Form) {
  return db.transaction(async (tx) => {
    const emp = await checkForm(tx, user, form);
    await lockEmployee(tx, emp.id); // two adds for one person: one agreement and one refusal
    if (await otherAgreementOf(tx, emp.id)) throw conflict(HR_DOC_MSG.openAgreement);
    const [row] = await tx
      .insert(t)
      .values({ ...values(form), employeeId: emp.id, userId: emp.userId as number, orgId: emp.orgId, createdBy: user.userId, updatedBy: user.userId })
      .returning();
    if (!row) throw new Error('triple agreement insert returned nothing');
    if (form.submit)
      await tripleDocument.submit(tx, { id: row.id, userId: user.userId, title: `${emp.name} 三方协议`, vars: { employeeId: emp.id, orgId: emp.orgId } });
    return saved(await tripleDocument.row(tx, row.id));
  });
}

/** Changes a draft (submitting it when asked), or a returned agreement (which is submitted again). */
export async function updateTriple(db: Db, user: Principal, id: number, form: Form) {
  return db.transaction(async (tx) => {
    const before = await tripleDocument.row(tx, id);
    await assertReadable(tx, user, before, HR_DOC_PERM.tripleList);
    assertEditable(before.state);
    if (form.employeeId !== before.employeeId) throw badRequest('不能更换三方协议的员工');
    const emp = await checkForm(tx, user, form, id);
    await tx
      .update(t)
      .set({ ...values(form), updatedBy: user.userId, updatedAt: new Date() })
      .where(eq(t.id, id));
    const vars = { employeeId: emp.id, orgId: emp.orgId };
    if (before.state === 'returned') {
      const task = before.processInstanceId ? await engine.resubmitTaskOf(tx, before.processInstanceId) : undefined;
      if (!task) throw conflict('该三方协议不在退回状态');
      if (task.assigneeUserId !== user.userId) throw forbidden('只有发起人可以重新提交');
      await tripleDocument.resubmit(tx, { taskId: task.id, userId: user.userId, vars });
    } else if (form.submit) {
      await tripleDocument.submit(tx, { id, userId: user.userId, title: `${emp.name} 三方协议`, vars });
    }
    return saved(await tripleDocument.row(tx, id));
  });
}

/** Registers where the paper is; only passed agreements have paper to follow. */
export async function registerLog(db: Db, user: Principal, input: { id: number; registerState: string; note?: string }) {
  return db.transaction(async (tx) => {
    const row = await tripleDocument.row(tx, input.id);
    await tripleResource.detail(tx, row.id, user); // 404 outside the data scope
    if (row.state !== 'passed') throw badRequest(HR_DOC_MSG.onlyPassed);
    await tx.update(t).set({ registerState: input.registerState, updatedBy: user.userId, updatedAt: new Date() }).where(eq(t.id, row.id));
    await tx
      .insert(tripleAgreementLogs)
      .values({ agreementId: row.id, registerState: input.registerState, note: input.note ?? null, createdBy: user.userId, updatedBy: user.userId });
    return logsOf(tx, row.id);
  });
}

/** The same register state and/or archive location for several passed agreements: all or nothing. */
export async function updateList(db: Db, user: Principal, input: { ids: number[]; registerState?: string; archiveLocation?: string }) {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tripleResource.list(tx, {}, user, { limit: 1000, extra: inArray(t.id, ids) });
    if (rows.length !== ids.length) throw notFound('部分三方协议不存在');
    if (rows.some((r) => r.state !== 'passed')) throw badRequest(HR_DOC_MSG.onlyPassed);
    const patch: Partial<Row> = { updatedBy: user.userId, updatedAt: new Date() };
    if (input.registerState !== undefined) patch.registerState = input.registerState;
    if (input.archiveLocation !== undefined) patch.archiveLocation = input.archiveLocation || null;
    await tx.update(t).set(patch).where(inArray(t.id, ids));
    if (input.registerState !== undefined) {
      await tx.insert(tripleAgreementLogs).values(
        ids.map((agreementId) => ({
          agreementId,
          registerState: input.registerState as string,
          note: '批量登记',
          createdBy: user.userId,
          updatedBy: user.userId,
        })),
      );
    }
    return { updated: ids.length };
  });
}
