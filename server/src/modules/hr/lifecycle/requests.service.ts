import {
  CHANGE_TYPE,
  EMPLOY_STATE,
  type Holding,
  HR_PERM,
  LIFECYCLE_MSG,
  LIFECYCLE_PROCESS_KEYS,
  type MoveRecord,
  QUIT_KIND,
  type QuitRecord,
  type RenewalRecord,
  type ZQuitApplyForm,
  type ZQuitForm,
  type ZRenewalForm,
  type ZTransferForm,
} from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { files, orgUnits, positions, users, wfInstances, wfTasks } from '../../../db/schema';
import { hasPermission, type Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import type { BusinessDocument } from '../../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import * as engine from '../../../workflow/engine';
import { isParticipant } from '../../bpm/bpm.repository';
import { flowData } from '../../bpm/bpm.service';
import { departureHoldings } from '../departure-holdings';
import { employeeFor } from '../employee-access';
import { gradeById, lockEmployee } from '../positive.repository';
import { businessToday, LIFECYCLE_DOCUMENTS, quitApplyDocument, quitDocument, renewalDocument, transferDocument } from './documents';
import { companyOfOrg } from './hire';
import { quitResource, renewalResource, transferResource } from './lifecycle.resources';
import { contractRenewals, employeeQuits, employeeTransfers } from './lifecycle.schema';
import { correctableFields } from './resubmission';

type TransferForm = z.output<typeof ZTransferForm>;
type QuitForm = z.output<typeof ZQuitForm>;
type QuitApplyForm = z.output<typeof ZQuitApplyForm>;
type RenewalForm = z.output<typeof ZRenewalForm>;
type Ref = { id?: number; instanceId?: number; processInstanceId?: number };

const cents = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : Math.round(yuan * 100));
const LEAVING: readonly string[] = [EMPLOY_STATE.resigning, EMPLOY_STATE.resigned];

/** A unique-index refusal of the open-request index is the same answer as the check before it. */
function openIndexRefusal(err: unknown, message: string): never {
  const e = err as { code?: string; cause?: { code?: string } };
  if (e?.code === '23505' || e?.cause?.code === '23505') throw conflict(message);
  throw err;
}

// ---------------------------------------------------------------------------------------------
// Reading a document: HR with the employee in scope, the employee, the applicant, anyone on the flow

async function readable(db: Db, user: Principal, row: { employeeId: number; applicantUserId: number; processInstanceId: number | null }): Promise<boolean> {
  if (row.applicantUserId === user.userId) return true;
  try {
    await employeeFor(db, user, row.employeeId, 'read');
    return true;
  } catch {
    return row.processInstanceId !== null && (await isParticipant(db, row.processInstanceId, user.userId));
  }
}

async function withFlow<R extends { processInstanceId: number | null }>(db: Db, user: Principal, record: R) {
  if (record.processInstanceId === null) throw notFound('单据不存在');
  return { record, flow: await flowData(db, user, { instanceId: record.processInstanceId }, true) };
}

async function idOf(db: Db, table: typeof employeeTransfers | typeof employeeQuits | typeof contractRenewals, ref: Ref): Promise<number> {
  if (ref.id) return ref.id;
  const instanceId = ref.instanceId ?? ref.processInstanceId;
  if (!instanceId) throw badRequest('id 或 processInstanceId 必须提供一个');
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.processInstanceId, instanceId));
  if (!row) throw notFound('单据不存在');
  return row.id;
}

const maskPay = (user: Principal, r: MoveRecord): MoveRecord => (hasPermission(user, HR_PERM.sensitive) ? r : { ...r, fromSalary: null, toSalary: null });

export async function transferInfo(db: Db, user: Principal, ref: Ref) {
  const id = await idOf(db, employeeTransfers, ref);
  const [row] = await db.select().from(employeeTransfers).where(eq(employeeTransfers.id, id));
  if (!row || !(await readable(db, user, row))) throw notFound('调动申请不存在');
  const record = await transferResource.detail(db, id, null);
  return withFlow(db, user, maskPay(user, record));
}

export async function transferPage(db: Db, user: Principal, req: Parameters<typeof transferResource.page>[1]) {
  const page = await transferResource.page(db, req, user);
  return { ...page, records: page.records.map((r) => maskPay(user, r)) };
}

export async function quitInfo(db: Db, user: Principal, ref: Ref): Promise<{ record: QuitRecord; flow: Awaited<ReturnType<typeof flowData>> }> {
  const id = await idOf(db, employeeQuits, ref);
  const [row] = await db.select().from(employeeQuits).where(eq(employeeQuits.id, id));
  if (!row || !(await readable(db, user, row))) throw notFound('离职申请不存在');
  const record = await quitResource.detail(db, id, null);
  return withFlow(db, user, record);
}

export async function renewalInfo(db: Db, user: Principal, ref: Ref): Promise<{ record: RenewalRecord; flow: Awaited<ReturnType<typeof flowData>> }> {
  const id = await idOf(db, contractRenewals, ref);
  const [row] = await db.select().from(contractRenewals).where(eq(contractRenewals.id, id));
  if (!row || !(await readable(db, user, row))) throw notFound('续签申请不存在');
  return withFlow(db, user, await renewalResource.detail(db, id, null));
}

// ---------------------------------------------------------------------------------------------
// Transfer and adjustment

async function openTransferOf(tx: Db, employeeId: number) {
  const [row] = await tx
    .select({ id: employeeTransfers.id })
    .from(employeeTransfers)
    .where(and(eq(employeeTransfers.employeeId, employeeId), inArray(employeeTransfers.state, ['draft', 'approving', 'returned'])))
    .limit(1);
  return row;
}

async function orgRow(db: Db, id: number) {
  const [row] = await db
    .select({ id: orgUnits.id, isClient: orgUnits.isClient, enabled: orgUnits.enabled, type: orgUnits.type })
    .from(orgUnits)
    .where(eq(orgUnits.id, id));
  return row;
}

/** Checks a transfer form against the employee; answers the values of the document (nothing written). */
async function transferValues(tx: Db, form: TransferForm, emp: NonNullable<Awaited<ReturnType<typeof lockEmployee>>>, userId: number) {
  if (LEAVING.includes(emp.employState) || emp.status !== '003') throw badRequest(LIFECYCLE_MSG.leaving);
  const adjustment = form.changeType === CHANGE_TYPE.adjustment;
  const toOrgId = form.toOrgId ?? (adjustment ? emp.orgId : null);
  if (!toOrgId) throw badRequest('请选择调入部门');
  const org = await orgRow(tx, toOrgId);
  if (!org || org.isClient || !org.enabled) throw badRequest(LIFECYCLE_MSG.orgMissing);
  const sameClient = (form.toClientCompanyId ?? emp.clientCompanyId) === emp.clientCompanyId;
  if (!adjustment && toOrgId === emp.orgId && sameClient) throw badRequest(LIFECYCLE_MSG.sameOrg);
  if (adjustment && toOrgId !== emp.orgId) throw badRequest('调岗调薪不改变部门，跨部门请发起调动');
  if (form.toClientCompanyId) {
    const client = await orgRow(tx, form.toClientCompanyId);
    if (!client?.isClient) throw badRequest(LIFECYCLE_MSG.notClient);
  }
  if (form.toGradeId && !(await gradeById(tx, form.toGradeId))) throw badRequest(LIFECYCLE_MSG.gradeMissing);
  let positionName = form.toPositionName ?? null;
  if (form.toPositionId) {
    const [p] = await tx.select({ name: positions.name }).from(positions).where(eq(positions.id, form.toPositionId));
    if (!p) throw badRequest('岗位不存在');
    positionName = p.name;
  }
  const toSalaryCents = cents(form.toSalary);
  if (adjustment) {
    const changes =
      (positionName !== null && positionName !== emp.positionName) ||
      (form.toGradeId !== undefined && form.toGradeId !== null && form.toGradeId !== emp.gradeId) ||
      (toSalaryCents !== null && toSalaryCents !== emp.salaryCents);
    if (!changes) throw badRequest(LIFECYCLE_MSG.nothingChanged);
  }
  if (emp.entryDate && form.effectiveDate < emp.entryDate) throw badRequest('生效日期不能早于入职日期');
  return {
    employeeId: emp.id,
    applicantUserId: userId,
    changeType: form.changeType,
    fromOrgId: emp.orgId,
    toOrgId,
    fromCompanyId: emp.companyId,
    toCompanyId: await companyOfOrg(tx, toOrgId),
    fromPositionId: emp.positionId,
    toPositionId: form.toPositionId ?? null,
    fromPositionName: emp.positionName,
    toPositionName: positionName ?? emp.positionName,
    fromGradeId: emp.gradeId,
    toGradeId: form.toGradeId ?? null,
    fromClientCompanyId: emp.clientCompanyId,
    toClientCompanyId: form.toClientCompanyId ?? emp.clientCompanyId,
    fromSalaryCents: emp.salaryCents,
    toSalaryCents,
    fromEmployState: emp.employState,
    effectiveDate: form.effectiveDate,
    reason: form.reason,
    createdBy: userId,
    updatedBy: userId,
  };
}

/** Stores and submits one transfer in the caller's transaction (the employee row locked first). */
export async function submitTransfer(tx: Db, user: Principal, form: TransferForm) {
  const emp = await lockEmployee(tx, form.employeeId);
  if (!emp) throw notFound('员工不存在');
  if (await openTransferOf(tx, emp.id)) throw conflict(LIFECYCLE_MSG.openTransfer);
  const values = await transferValues(tx, form, emp, user.userId);
  const [row] = await tx
    .insert(employeeTransfers)
    .values(values)
    .returning({ id: employeeTransfers.id })
    .catch((err) => openIndexRefusal(err, LIFECYCLE_MSG.openTransfer));
  if (!row) throw new Error('transfer insert returned nothing');
  const adjustment = form.changeType === CHANGE_TYPE.adjustment;
  const { instanceId, documentNo } = await transferDocument.submit(tx, {
    id: row.id,
    userId: user.userId,
    title: `${emp.name} ${adjustment ? '调岗调薪' : '调动'}申请`,
    vars: { employeeId: emp.id, orgId: emp.orgId, fromOrgId: values.fromOrgId, toOrgId: values.toOrgId, changeType: values.changeType },
  });
  return { id: row.id, documentNo, processInstanceId: instanceId };
}

export async function startTransfer(db: Db, user: Principal, form: TransferForm) {
  await employeeFor(db, user, form.employeeId, 'read');
  return db.transaction((tx) => submitTransfer(tx, user, form));
}

// ---------------------------------------------------------------------------------------------
// Resignation and dismissal

async function openQuitOf(tx: Db, employeeId: number) {
  const [row] = await tx
    .select({ id: employeeQuits.id })
    .from(employeeQuits)
    .where(and(eq(employeeQuits.employeeId, employeeId), inArray(employeeQuits.state, ['draft', 'approving', 'returned'])))
    .limit(1);
  return row;
}

async function liveFiles(db: Db, user: Principal, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: files.id, ownerId: files.ownerId })
    .from(files)
    .where(and(inArray(files.id, unique), sql`${files.deletedAt} IS NULL`));
  // Only one's own uploads may be attached.
  if (rows.length !== unique.length || rows.some((f) => f.ownerId !== user.userId)) throw badRequest('附件不存在或已删除');
  return unique;
}

async function handoverUser(db: Db, code: string | null | undefined): Promise<number | null> {
  if (!code) return null;
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.userCode}) = ${code.toLowerCase()}`, eq(users.enabled, true)));
  if (!u) throw badRequest('工作交接人不存在');
  return u.id;
}

/** The checks a departure must pass (also answered by quit/check). */
function quitProblems(emp: { employState: string; status: string; entryDate: string | null }, lastWorkDate: string | undefined, open: boolean): string[] {
  const out: string[] = [];
  if (LEAVING.includes(emp.employState) || emp.status !== '003') out.push(LIFECYCLE_MSG.leaving);
  if (open) out.push(LIFECYCLE_MSG.openQuit);
  if (lastWorkDate && emp.entryDate && lastWorkDate < emp.entryDate) out.push(LIFECYCLE_MSG.quitBeforeEntry);
  return out;
}

export async function submitQuit(tx: Db, user: Principal, kind: 'apply' | 'dismiss', employeeId: number, form: QuitApplyForm) {
  const emp = await lockEmployee(tx, employeeId);
  if (!emp) throw notFound('员工不存在');
  const open = Boolean(await openQuitOf(tx, emp.id));
  const problems = quitProblems(emp, form.lastWorkDate, open);
  if (problems[0]) throw open ? conflict(problems[0]) : badRequest(problems[0]);
  const handoverUserId = await handoverUser(tx, form.handoverUserCode);
  if (handoverUserId !== null && handoverUserId === emp.userId) throw badRequest('工作交接人不能是本人');
  const fileIds = await liveFiles(tx, user, form.fileIds ?? []);
  const [row] = await tx
    .insert(employeeQuits)
    .values({
      employeeId: emp.id,
      applicantUserId: user.userId,
      quitKind: kind,
      quitType: form.quitType,
      reason: form.reason,
      applyDate: businessToday(),
      lastWorkDate: form.lastWorkDate,
      handoverUserId,
      handoverNote: form.handoverNote ?? null,
      fileIds,
      createdBy: user.userId,
      updatedBy: user.userId,
    })
    .returning({ id: employeeQuits.id })
    .catch((err) => openIndexRefusal(err, LIFECYCLE_MSG.openQuit));
  if (!row) throw new Error('quit insert returned nothing');
  const doc = kind === QUIT_KIND.apply ? quitApplyDocument : quitDocument;
  const { instanceId, documentNo } = await doc.submit(tx, {
    id: row.id,
    userId: user.userId,
    title: `${emp.name} ${kind === QUIT_KIND.apply ? '离职申请' : '离职办理'}`,
    vars: { employeeId: emp.id, orgId: emp.orgId, quitType: form.quitType, quitKind: kind },
  });
  return { id: row.id, documentNo, processInstanceId: instanceId };
}

export async function startQuitApply(db: Db, user: Principal, form: QuitApplyForm) {
  if (!user.employeeId) throw badRequest(LIFECYCLE_MSG.noEmployee);
  const employeeId = user.employeeId;
  return db.transaction((tx) => submitQuit(tx, user, QUIT_KIND.apply, employeeId, form));
}

export async function startQuit(db: Db, user: Principal, form: QuitForm) {
  await employeeFor(db, user, form.employeeId, 'read');
  return db.transaction((tx) => submitQuit(tx, user, QUIT_KIND.dismiss, form.employeeId, form));
}

export async function quitCheck(db: Db, user: Principal, input: { employeeId?: number; lastWorkDate?: string }) {
  const { emp } = await employeeFor(db, user, input.employeeId, 'read');
  const holdings = await departureHoldings(db, emp.userId);
  const messages = quitProblems(emp, input.lastWorkDate, Boolean(await openQuitOf(db, emp.id)));
  // Holdings do not stop the start (issue 39): they are handed over during the approval.
  const notice = holdings.length ? LIFECYCLE_MSG.holdingsNotice(holdings.map((h) => `${h.label}${h.count}项`).join('、')) : null;
  return { ok: messages.length === 0, messages, holdings, notice };
}

export async function quitScaler(
  db: Db,
  user: Principal,
  employeeId: number,
): Promise<{ employeeId: number; userId: number | null; holdings: Holding[]; total: number }> {
  const { emp } = await employeeFor(db, user, employeeId, 'read');
  const holdings = await departureHoldings(db, emp.userId);
  return { employeeId: emp.id, userId: emp.userId, holdings, total: holdings.reduce((n, h) => n + h.count, 0) };
}

export async function addDismissFile(db: Db, user: Principal, input: { id: number; fileId: number }) {
  const [row] = await db.select().from(employeeQuits).where(eq(employeeQuits.id, input.id));
  if (!row) throw notFound('离职申请不存在');
  await employeeFor(db, user, row.employeeId, 'read');
  if (!['draft', 'approving', 'returned'].includes(row.state)) throw badRequest('离职申请已结束，不能再添加附件');
  await liveFiles(db, user, [input.fileId]);
  if (row.fileIds.length >= 10) throw badRequest('附件最多10个');
  const fileIds = [...new Set([...row.fileIds, input.fileId])];
  await db.update(employeeQuits).set({ fileIds, updatedAt: new Date(), updatedBy: user.userId }).where(eq(employeeQuits.id, row.id));
  return { fileIds };
}

export async function quitSelf(db: Db, user: Principal) {
  if (!user.employeeId)
    return { employeeId: null, name: user.realName, orgName: null, positionName: null, entryDate: null, employState: null, current: null, flow: null };
  const { emp } = await employeeFor(db, user, user.employeeId, 'read');
  const [org] = emp.orgId ? await db.select({ name: orgUnits.name }).from(orgUnits).where(eq(orgUnits.id, emp.orgId)) : [];
  const [last] = await db
    .select({ id: employeeQuits.id })
    .from(employeeQuits)
    .where(and(eq(employeeQuits.employeeId, emp.id), eq(employeeQuits.quitKind, QUIT_KIND.apply)))
    .orderBy(sql`${employeeQuits.id} DESC`)
    .limit(1);
  const current = last ? await quitResource.detail(db, last.id, null) : null;
  const flow = current?.processInstanceId ? await flowData(db, user, { instanceId: current.processInstanceId }, true) : null;
  return {
    employeeId: emp.id,
    name: emp.name,
    orgName: org?.name ?? null,
    positionName: emp.positionName,
    entryDate: emp.entryDate,
    employState: emp.employState,
    current,
    flow,
  };
}

// ---------------------------------------------------------------------------------------------
// Renewal

export async function startRenewal(db: Db, user: Principal, form: RenewalForm) {
  await employeeFor(db, user, form.employeeId, 'read');
  return db.transaction((tx) => submitRenewal(tx, user, form));
}

export async function submitRenewal(tx: Db, user: Principal, form: RenewalForm) {
  const emp = await lockEmployee(tx, form.employeeId);
  if (!emp) throw notFound('员工不存在');
  if (LEAVING.includes(emp.employState) || emp.status !== '003') throw badRequest(LIFECYCLE_MSG.leaving);
  const [open] = await tx
    .select({ id: contractRenewals.id })
    .from(contractRenewals)
    .where(and(eq(contractRenewals.employeeId, emp.id), inArray(contractRenewals.state, ['draft', 'approving', 'returned'])));
  if (open) throw conflict(LIFECYCLE_MSG.openRenewal);
  if (emp.contractEndDate && form.newEndDate <= emp.contractEndDate) throw badRequest('新合同到期日必须晚于原合同到期日');
  const [row] = await tx
    .insert(contractRenewals)
    .values({
      employeeId: emp.id,
      applicantUserId: user.userId,
      oldEndDate: emp.contractEndDate,
      newStartDate: form.newStartDate,
      newEndDate: form.newEndDate,
      contractType: form.contractType,
      remark: form.remark ?? null,
      createdBy: user.userId,
      updatedBy: user.userId,
    })
    .returning({ id: contractRenewals.id })
    .catch((err) => openIndexRefusal(err, LIFECYCLE_MSG.openRenewal));
  if (!row) throw new Error('renewal insert returned nothing');
  const { instanceId, documentNo } = await renewalDocument.submit(tx, {
    id: row.id,
    userId: user.userId,
    title: `${emp.name} 合同续签`,
    vars: { employeeId: emp.id, orgId: emp.orgId },
  });
  return { id: row.id, documentNo, processInstanceId: instanceId };
}

// ---------------------------------------------------------------------------------------------
// instance/*: task commands on any lifecycle request (other processes are refused)

async function documentOfTask(db: Db, taskId: number): Promise<{ doc: BusinessDocument<never>; task: typeof wfTasks.$inferSelect }> {
  const [row] = await db
    .select({ task: wfTasks, processKey: wfInstances.processKey })
    .from(wfTasks)
    .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .where(eq(wfTasks.id, taskId));
  if (!row) throw notFound(engine.MSG.taskMissing);
  const doc = (LIFECYCLE_DOCUMENTS as unknown as Record<string, BusinessDocument<never>>)[row.processKey];
  if (!doc) throw badRequest('该任务不是人事异动的任务');
  return { doc, task: row.task };
}

export async function dealAgency(db: Db, user: Principal, input: { taskId: number; message?: string | null }) {
  const { doc } = await documentOfTask(db, input.taskId);
  await doc.pass(db, { taskId: input.taskId, userId: user.userId, message: input.message });
}

export async function rejectTask(db: Db, user: Principal, input: { taskId: number; message: string }) {
  const { doc } = await documentOfTask(db, input.taskId);
  await doc.reject(db, { taskId: input.taskId, userId: user.userId, message: input.message });
}

export async function rollbackTask(db: Db, user: Principal, input: { taskId: number; message?: string | null; sort?: number }) {
  const { doc } = await documentOfTask(db, input.taskId);
  await doc.rollback(db, { taskId: input.taskId, userId: user.userId, sort: input.sort ?? 0, message: input.message });
}

/**
 * The applicant resubmits a request sent back, with corrections: fields that may not be corrected
 * are left out (the screens send their whole form); the document checks and stores the rest and
 * checks the record again, in the resubmission's transaction (resubmission.ts — the process
 * centre's generic resubmission goes through the same check).
 */
export async function againSubmit(db: Db, user: Principal, input: { taskId: number; message?: string | null; form?: Record<string, unknown> }) {
  const { doc, task } = await documentOfTask(db, input.taskId);
  if (task.kind !== 'resubmit') throw badRequest('该申请未被退回，不能重新提交');
  const fields = correctableFields(doc.spec.processKey);
  const form = Object.fromEntries(Object.entries(input.form ?? {}).filter(([k]) => fields.includes(k)));
  await doc.resubmit(db, { taskId: input.taskId, userId: user.userId, message: input.message, form });
}

export async function revokeRequest(db: Db, user: Principal, input: { processInstanceId: number; message?: string | null }) {
  const [inst] = await db.select({ processKey: wfInstances.processKey }).from(wfInstances).where(eq(wfInstances.id, input.processInstanceId));
  if (!inst || !(LIFECYCLE_PROCESS_KEYS as readonly string[]).includes(inst.processKey)) throw notFound('申请不存在');
  await engine.revoke(db, { instanceId: input.processInstanceId, userId: user.userId, message: input.message });
}

export async function isCc(db: Db, user: Principal, processInstanceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: wfTasks.id })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, processInstanceId), eq(wfTasks.kind, 'cc'), eq(wfTasks.assigneeUserId, user.userId), eq(wfTasks.status, 'pending')))
    .limit(1);
  return Boolean(row);
}
