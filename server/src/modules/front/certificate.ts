import { randomInt } from 'node:crypto';
import {
  CERT_MSG,
  CERT_PERM,
  CERT_PROCESS_KEY,
  CERT_TYPE,
  CERT_VALID_DAYS,
  DOCUMENT_STATUS_CODE,
  EMPLOY_STATE,
  type ProveDetail,
  type ProveRecord,
  type ProveVerified,
  proveMeta,
} from '@erp/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { employees, orgUnits, users } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { equals, likePattern } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { sketchXml } from '../../workflow/bpmn-builder';
import { assertReadable, taskCommands } from '../hr/hr-document-kit';
import { type ProveSnapshot, proveRequests } from './front.schema';

const t = proveRequests;
const calendar = new BusinessCalendar();

/** HR checks the facts and approves; the certificate is issued on the pass. */
export const CERT_PROCESS_XML = sketchXml({
  key: CERT_PROCESS_KEY,
  name: '开具证明审批',
  erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'HR' },
  nodes: [
    { id: 'start', type: 'startEvent', name: '发起申请' },
    { id: 'hrApprove', type: 'userTask', name: '人力资源审批', erp: { assigneeType: 'role', assigneeValue: 'hr', mode: 'any' } },
    { id: 'end', type: 'endEvent', name: '结束' },
  ],
  flows: [
    ['flow1', 'start', 'hrApprove'],
    ['flow2', 'hrApprove', 'end'],
  ],
});

/** 16 characters without 0/O, 1/I: 80 bits, read aloud or typed from paper without mistakes. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newVerifyCode = () => Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
/** ABCD-EFGH-JKLM-NPQR as printed. */
export const groupedCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');
const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const maskId = (id: string | null) => (id && id.length > 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : '');
const maskName = (name: string) => (name.length <= 1 ? name : name.length === 2 ? `${name[0]}*` : `${name[0]}${'*'.repeat(name.length - 2)}${name.at(-1)}`);
/** Resigned, or the leave date has passed: no certificate (asked for or issued). */
const isResigned = (e: { employState: string | null; leaveDate: string | null }) =>
  e.employState === EMPLOY_STATE.resigned || (!!e.leaveDate && e.leaveDate < calendar.day());
const addDays = (day: string, n: number) => new Date(new Date(`${day}T00:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** Freezes what the certificate says and gives it its code, in the transaction of the final pass. */
async function issue(tx: Db, row: typeof t.$inferSelect): Promise<void> {
  const company = sql<string>`(SELECT name FROM org_units c WHERE c.id = ${employees.companyId})`;
  const [e] = await tx
    .select({
      name: employees.name,
      idCardNo: employees.idCardNo,
      entryDate: employees.entryDate,
      positionName: employees.positionName,
      salaryCents: employees.salaryCents,
      employState: employees.employState,
      leaveDate: employees.leaveDate,
      orgName: orgUnits.name,
      companyName: company,
    })
    .from(employees)
    .leftJoin(orgUnits, eq(orgUnits.id, employees.orgId))
    .where(eq(employees.id, row.employeeId));
  if (!e) throw notFound('员工档案不存在');
  // Checked again here: someone who resigned while the request waited gets no certificate (the
  // pass is refused and undone; HR rejects the request).
  if (isResigned(e)) throw badRequest(CERT_MSG.resigned);
  const annualIncome = row.certType === CERT_TYPE.income && e.salaryCents ? e.salaryCents * 12 : null;
  const snapshot: ProveSnapshot = {
    companyName: e.companyName ?? '',
    name: e.name,
    idNoMasked: maskId(e.idCardNo),
    entryDate: e.entryDate,
    orgName: e.orgName ?? '',
    positionName: e.positionName ?? '',
    annualIncome,
  };
  const now = new Date();
  await tx
    .update(t)
    .set({ verifyCode: newVerifyCode(), issuedAt: now, validUntil: addDays(calendar.day(now), CERT_VALID_DAYS), annualIncome, snapshot })
    .where(eq(t.id, row.id));
}

export const proveDocument = defineDocument({
  processKey: CERT_PROCESS_KEY,
  prefix: 'ZM',
  name: '证明申请',
  table: t,
  columns: { id: t.id, state: t.state, instanceId: t.processInstanceId, documentNo: t.documentNo },
  defaultDefinitionXml: CERT_PROCESS_XML,
  onPassed: (tx, row) => issue(tx, row),
});
export const proveCommands = taskCommands(proveDocument);

const statusCase = sql<string>`CASE ${t.state} ${sql.join(
  Object.entries(DOCUMENT_STATUS_CODE).map(([s, c]) => sql.raw(`WHEN '${s}' THEN '${c}'`)),
  sql` `,
)} ELSE '${sql.raw(DOCUMENT_STATUS_CODE.draft)}' END`;

export const proveResource = defineResource<ProveRecord, typeof t>({
  meta: proveMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    documentNo: sql<string>`coalesce(${t.documentNo}, '')`,
    state: t.state,
    status: statusCase,
    processInstanceId: t.processInstanceId,
    userId: t.userId,
    userName: sql<string>`coalesce(${users.realName}, '')`,
    orgId: t.orgId,
    orgName: sql<string>`coalesce(${orgUnits.name}, '')`,
    certType: t.certType,
    purpose: t.purpose,
    issuedAt: t.issuedAt,
    validUntil: t.validUntil,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  joins: [
    { table: users, on: eq(users.id, t.userId) },
    { table: orgUnits, on: eq(orgUnits.id, t.orgId) },
  ],
  filters: {
    keyword: (v) => (v ? sql`(${t.documentNo} ILIKE ${likePattern(String(v))} OR ${users.realName} ILIKE ${likePattern(String(v))})` : undefined),
    certType: equals(t.certType),
  },
  sortable: { createdAt: t.createdAt },
  defaultOrder: [desc(t.createdAt)],
  scope: { orgId: t.orgId, ownerUserId: t.userId },
});

export function provePage(db: Db, user: Principal, input: { mine?: boolean } & Record<string, unknown>) {
  return !input.mine && hasPermission(user, CERT_PERM.list)
    ? proveResource.page(db, input as never, user)
    : proveResource.page(db, input as never, null, sql`${t.userId} = ${user.userId}`);
}

export async function proveDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<ProveDetail> {
  const row = ref.id ? await proveDocument.row(db, ref.id) : await proveDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('证明申请不存在');
  await assertReadable(db, user, row, CERT_PERM.list);
  const record = await proveResource.detail(db, row.id, null);
  const s = row.snapshot;
  const content =
    row.state === 'passed' && s && row.verifyCode && row.issuedAt && row.validUntil
      ? { ...s, verifyCode: groupedCode(row.verifyCode), issuedAt: row.issuedAt.toISOString(), validUntil: row.validUntil }
      : null;
  return { ...record, content };
}

/** Asks for a certificate: the person must be employed; one open request of a type at a time. */
export async function addProve(db: Db, user: Principal, input: { certType: string; purpose: string }) {
  return db.transaction(async (tx) => {
    const [e] = await tx.select().from(employees).where(eq(employees.userId, user.userId)).for('update');
    if (!e) throw badRequest(CERT_MSG.noEmployee);
    if (isResigned(e)) throw badRequest(CERT_MSG.resigned);
    if (input.certType === CERT_TYPE.income && !e.salaryCents) throw badRequest(CERT_MSG.noSalary);
    const [open] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.userId, user.userId), eq(t.certType, input.certType), inArray(t.state, ['draft', 'approving', 'returned'])))
      .limit(1);
    if (open) throw conflict(CERT_MSG.openRequest);
    const [row] = await tx
      .insert(t)
      .values({
        userId: user.userId,
        employeeId: e.id,
        orgId: e.orgId,
        certType: input.certType,
        purpose: input.purpose,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning();
    if (!row) throw new Error('certificate insert returned nothing');
    const title = `${e.name} ${input.certType === CERT_TYPE.income ? '收入证明' : '在职证明'}`;
    await proveDocument.submit(tx, { id: row.id, userId: user.userId, title, vars: { orgId: e.orgId } });
    const saved = await proveDocument.row(tx, row.id);
    return { id: saved.id, documentNo: saved.documentNo ?? '', state: saved.state, processInstanceId: saved.processInstanceId };
  });
}

/** The public check: a forged or mistyped code is refused; an expired one is shown as such. */
export async function verifyProve(db: Db, code: string): Promise<ProveVerified> {
  const normal = normalise(code);
  if (!/^[A-Z2-9]{16}$/.test(normal)) throw notFound(CERT_MSG.unknownCode);
  const [row] = await db.select().from(t).where(eq(t.verifyCode, normal)).limit(1);
  if (row?.state !== 'passed' || !row.snapshot || !row.issuedAt || !row.validUntil) throw notFound(CERT_MSG.unknownCode);
  const valid = row.validUntil >= calendar.day();
  return {
    documentNo: row.documentNo ?? '',
    certType: row.certType,
    nameMasked: maskName(row.snapshot.name),
    companyName: row.snapshot.companyName,
    issuedAt: row.issuedAt.toISOString(),
    validUntil: row.validUntil,
    valid,
    message: valid ? '证明真实有效' : CERT_MSG.expired,
  };
}
