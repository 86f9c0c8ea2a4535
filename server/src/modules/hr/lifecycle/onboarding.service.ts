import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  checkIdNumber,
  HR_PERM,
  ID_TYPE,
  LIFECYCLE_MSG,
  type OnboardingRecord,
  type OnboardingStage,
  type ZOnboardingForm,
  type ZOnDutyBase,
} from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { files, orgUnits, users } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import { hasPermission, type Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors';
import { sharedSecret } from '../../../platform/shared-secret';
import { isParticipant } from '../../bpm/bpm.repository';
import { flowData } from '../../bpm/bpm.service';
import { shown } from '../employee-access';
import { employees } from '../hr.schema';
import { gradeById } from '../positive.repository';
import { inductionDocument } from './documents';
import { companyOfOrg } from './hire';
import { onboardingResource } from './lifecycle.resources';
import { onboardings } from './lifecycle.schema';

type Form = z.output<typeof ZOnboardingForm>;
type Row = typeof onboardings.$inferSelect;

export const ONBOARDING_LINK_TTL_MS = 7 * 24 * 3600_000;
const SECRET = 'onboarding-link';
/** Stages in which the hire may still open and fill the link. */
const LINK_STAGES: readonly string[] = ['invited', 'filled'];

const cents = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : Math.round(yuan * 100));

function sign(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`onboarding\n${id}\n${expires}`).digest('base64url');
}

const linkDead = () => new AppError(410, LIFECYCLE_MSG.linkDead, '410');

/** The onboarding a link opens at `now`, or 410 for a forged, expired, completed or given-up one. */
export async function rowOfToken(db: Db, token: string, now = Date.now()): Promise<Row> {
  const [id, exp, signature] = token.split('.');
  const onboardingId = Number(id);
  const expires = Number(exp);
  if (!Number.isSafeInteger(onboardingId) || onboardingId <= 0 || !Number.isSafeInteger(expires) || !signature) throw linkDead();
  const expected = Buffer.from(sign(await sharedSecret(db, SECRET), onboardingId, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw linkDead();
  if (expires < now) throw linkDead();
  const [row] = await db.select().from(onboardings).where(eq(onboardings.id, onboardingId));
  // A newer link replaces the older one: only the expiry last issued is accepted.
  if (!row || !LINK_STAGES.includes(row.stage) || row.linkExpiresAt?.getTime() !== expires) throw linkDead();
  return row;
}

async function orgName(db: Db, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: orgUnits.name }).from(orgUnits).where(eq(orgUnits.id, id));
  return row?.name ?? null;
}

/** HR with the unit in scope (404 otherwise, as for a missing one). */
async function hrRow(db: Db, user: Principal, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.id, id), dataScopeCondition(user, { orgId: onboardings.orgId, ownerUserId: onboardings.applicantUserId })));
  if (!row) throw notFound('入职记录不存在');
  return row;
}

function needStage(row: Row, allowed: OnboardingStage[], what: string): void {
  if (!allowed.includes(row.stage as OnboardingStage)) throw badRequest(LIFECYCLE_MSG.stage(what));
}

async function checkForm(db: Db, user: Principal, form: Form, exceptId?: number) {
  const [org] = await db.select({ id: orgUnits.id, isClient: orgUnits.isClient }).from(orgUnits).where(eq(orgUnits.id, form.orgId));
  if (!org || org.isClient) throw badRequest('入职部门不存在');
  const [inScope] = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(eq(orgUnits.id, form.orgId), dataScopeCondition(user, { orgId: orgUnits.id })));
  if (!inScope) throw badRequest('没有该部门的数据权限');
  if (form.gradeId && !(await gradeById(db, form.gradeId))) throw badRequest('职级不存在');
  if (form.clientCompanyId) {
    const [client] = await db.select({ isClient: orgUnits.isClient }).from(orgUnits).where(eq(orgUnits.id, form.clientCompanyId));
    if (!client?.isClient) throw badRequest('所选客户单位不存在');
  }
  if (['002', '003'].includes(form.personCategory) && !form.clientCompanyId) throw badRequest('派遣和外包员工请选择客户单位');
  const idNumber = form.idNumber?.toUpperCase() || null;
  if (idNumber) {
    const [emp] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(sql`upper(${employees.idCardNo}) = ${idNumber}`, sql`${employees.status} IN ('003', '004')`))
      .limit(1);
    const [live] = await db
      .select({ id: onboardings.id })
      .from(onboardings)
      .where(
        and(
          sql`upper(${onboardings.idCardNo}) = ${idNumber}`,
          sql`${onboardings.stage} IN ('offer', 'invited', 'filled', 'confirming')`,
          exceptId ? sql`${onboardings.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    if (emp || live) throw conflict(LIFECYCLE_MSG.idTaken);
  }
  if (form.userCode) {
    const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.userCode}) = ${form.userCode.toLowerCase()}`);
    if (taken) throw conflict(`${LIFECYCLE_MSG.userCodeTaken}：${form.userCode}`);
  }
  return {
    name: form.name,
    phone: form.phone,
    email: form.email ?? null,
    idType: form.idType,
    idCardNo: idNumber,
    orgId: form.orgId,
    companyId: await companyOfOrg(db, form.orgId),
    positionId: form.positionId ?? null,
    positionName: form.positionName ?? null,
    gradeId: form.gradeId ?? null,
    personCategory: form.personCategory,
    clientCompanyId: form.clientCompanyId ?? null,
    plannedEntryDate: form.plannedEntryDate,
    probationMonths: form.probationMonths,
    salaryCents: cents(form.salary),
    userCode: form.userCode ?? null,
  };
}

const uniqueRefusal = (err: unknown): never => {
  const e = err as { code?: string; cause?: { code?: string } };
  if (e?.code === '23505' || e?.cause?.code === '23505') throw conflict(LIFECYCLE_MSG.idTaken);
  throw err;
};

export async function addOnboarding(db: Db, user: Principal, form: Form) {
  const values = await checkForm(db, user, form);
  const [row] = await db
    .insert(onboardings)
    .values({ ...values, source: 'hr', stage: 'offer', applicantUserId: user.userId, createdBy: user.userId, updatedBy: user.userId })
    .returning({ id: onboardings.id })
    .catch(uniqueRefusal);
  if (!row) throw new Error('onboarding insert returned nothing');
  return { id: row.id };
}

export async function updateOnDuty(db: Db, user: Principal, input: Form & { id: number }) {
  const row = await hrRow(db, user, input.id);
  needStage(row, ['offer', 'invited', 'filled'], '修改');
  const values = await checkForm(db, user, input, row.id);
  // An optional field left out keeps its value (the list's edit form does not carry pay, position
  // or grade ids, or the account); null clears it.
  const kept = {
    ...(input.positionId === undefined && { positionId: row.positionId }),
    ...(input.gradeId === undefined && { gradeId: row.gradeId }),
    ...(input.clientCompanyId === undefined && { clientCompanyId: row.clientCompanyId }),
    ...(input.salary === undefined && { salaryCents: row.salaryCents }),
    ...(input.userCode === undefined && { userCode: row.userCode }),
  };
  await db
    .update(onboardings)
    .set({ ...values, ...kept, updatedAt: new Date(), updatedBy: user.userId })
    .where(eq(onboardings.id, row.id))
    .catch(uniqueRefusal);
  return null;
}

export async function createOuterChain(db: Db, user: Principal, id: number, now = Date.now()) {
  const row = await hrRow(db, user, id);
  needStage(row, ['offer', 'invited', 'filled'], '发送入职链接');
  const expires = now + ONBOARDING_LINK_TTL_MS;
  const token = `${row.id}.${expires}.${sign(await sharedSecret(db, SECRET), row.id, expires)}`;
  await db
    .update(onboardings)
    .set({ stage: row.stage === 'offer' ? 'invited' : row.stage, linkExpiresAt: new Date(expires), updatedAt: new Date(), updatedBy: user.userId })
    .where(eq(onboardings.id, row.id));
  return { token, url: `/#/onDutyInfo?token=${encodeURIComponent(token)}`, expiresAt: new Date(expires).toISOString() };
}

export async function onDutyBase(db: Db, token: string) {
  const row = await rowOfToken(db, token);
  return {
    name: row.name,
    orgName: await orgName(db, row.orgId),
    positionName: row.positionName,
    plannedEntryDate: row.plannedEntryDate,
    stage: row.stage,
    info: row.info,
  };
}

export async function saveOnDutyBase(db: Db, token: string, info: z.output<typeof ZOnDutyBase>) {
  const row = await rowOfToken(db, token);
  // The number becomes the employee's: checked as the roster checks it, for the type HR recorded
  // unless the hire names another (the hire's form does not ask for one).
  const idProblem = info.idNumber ? checkIdNumber(info.idType || row.idType || ID_TYPE.residentCard, info.idNumber) : null;
  if (idProblem) throw badRequest(idProblem);
  // The stage is checked again in the statement: a link used while HR confirms writes nothing.
  const saved = await db
    .update(onboardings)
    .set({ info: { ...row.info, ...info }, stage: 'filled', filledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(onboardings.id, row.id), sql`${onboardings.stage} IN ('invited', 'filled')`))
    .returning({ id: onboardings.id });
  if (!saved.length) throw linkDead();
  return null;
}

function present(r: OnboardingRecord, sensitive: boolean): OnboardingRecord {
  return { ...r, idNumber: shown(r.idNumber, sensitive), phone: shown(r.phone, sensitive) ?? '' };
}

function masked(info: Record<string, unknown>, sensitive: boolean): Record<string, unknown> {
  if (sensitive) return info;
  const out = { ...info };
  for (const k of ['idNumber', 'bankAccount', 'emergencyPhone']) if (typeof out[k] === 'string') out[k] = shown(out[k] as string, false);
  return out;
}

export async function onboardingPage(db: Db, user: Principal, req: Parameters<typeof onboardingResource.page>[1], stages: OnboardingStage[]) {
  const wanted = req.stage ? stages.filter((s) => s === req.stage) : stages;
  const page = await onboardingResource.page(
    db,
    { ...req, stage: undefined },
    user,
    sql`${onboardings.stage} IN (${sql.join(wanted.length ? wanted.map((s) => sql`${s}`) : [sql`''`], sql`, `)})`,
  );
  const sensitive = hasPermission(user, HR_PERM.sensitive);
  return { ...page, records: page.records.map((r) => present(r, sensitive)) };
}

export async function* onboardingBatches(db: Db, user: Principal, req: Record<string, unknown>, stages: OnboardingStage[]) {
  const sensitive = hasPermission(user, HR_PERM.sensitive);
  for await (const batch of onboardingResource.batches(db, req, user))
    yield batch.filter((r) => stages.includes(r.stage as OnboardingStage)).map((r) => present(r, sensitive));
}

export async function onDutyInfo(db: Db, user: Principal, ref: { id?: number; instanceId?: number; processInstanceId?: number }) {
  const instanceId = ref.instanceId ?? ref.processInstanceId;
  if (!ref.id && !instanceId) throw badRequest('id 或 processInstanceId 必须提供一个');
  const [row] = ref.id
    ? await db.select().from(onboardings).where(eq(onboardings.id, ref.id))
    : await db
        .select()
        .from(onboardings)
        .where(eq(onboardings.processInstanceId, instanceId as number));
  if (!row) throw notFound('入职记录不存在');
  let allowed = false;
  try {
    await hrRow(db, user, row.id);
    allowed = true;
  } catch {
    allowed = row.processInstanceId !== null && (await isParticipant(db, row.processInstanceId, user.userId));
  }
  if (!allowed) throw notFound('入职记录不存在');
  const sensitive = hasPermission(user, HR_PERM.sensitive);
  const record = present(await onboardingResource.detail(db, row.id, null), sensitive);
  const flow = row.processInstanceId ? await flowData(db, user, { instanceId: row.processInstanceId }, true) : null;
  return { record, info: masked(row.info, sensitive), flow };
}

const REQUIRED_INFO: Array<[string, string]> = [
  ['emergencyContact', '紧急联系人'],
  ['emergencyPhone', '紧急联系人电话'],
];

export async function onDutyConfirmInfo(db: Db, user: Principal, id: number) {
  const row = await hrRow(db, user, id);
  const checks: string[] = [];
  if (row.stage === 'offer' || row.stage === 'invited') checks.push(LIFECYCLE_MSG.onboardFill);
  for (const [k, label] of REQUIRED_INFO) if (!row.info[k]) checks.push(`未填写${label}`);
  if (!row.idCardNo && !row.info.idNumber) checks.push('未填写证件号码');
  const sensitive = hasPermission(user, HR_PERM.sensitive);
  return { record: present(await onboardingResource.detail(db, row.id, null), sensitive), info: masked(row.info, sensitive), checks };
}

export async function saveOnDutyConfirmInfo(
  db: Db,
  user: Principal,
  input: { id: number; plannedEntryDate: string; probationMonths: number; userCode?: string | null },
) {
  const row = await hrRow(db, user, input.id);
  needStage(row, ['offer', 'invited', 'filled'], '修改');
  if (input.userCode) {
    const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.userCode}) = ${input.userCode.toLowerCase()}`);
    if (taken) throw conflict(`${LIFECYCLE_MSG.userCodeTaken}：${input.userCode}`);
  }
  await db
    .update(onboardings)
    .set({
      plannedEntryDate: input.plannedEntryDate,
      probationMonths: input.probationMonths,
      ...(input.userCode ? { userCode: input.userCode } : {}),
      updatedAt: new Date(),
      updatedBy: user.userId,
    })
    .where(eq(onboardings.id, row.id));
  return null;
}

export async function uploadSignFile(db: Db, user: Principal, input: { id: number; fileId: number }) {
  const row = await hrRow(db, user, input.id);
  needStage(row, ['invited', 'filled', 'confirming', 'onboarded'], '上传签署文件');
  const [file] = await db
    .select({ id: files.id, ownerId: files.ownerId })
    .from(files)
    .where(and(eq(files.id, input.fileId), sql`${files.deletedAt} IS NULL`));
  if (!file || file.ownerId !== user.userId) throw badRequest('附件不存在或已删除');
  await db.update(onboardings).set({ signFileId: file.id, updatedAt: new Date(), updatedBy: user.userId }).where(eq(onboardings.id, row.id));
  return null;
}

export async function confirmOnDuty(db: Db, user: Principal, id: number) {
  await hrRow(db, user, id);
  return db.transaction((tx) => submitOnboarding(tx, user, id));
}

/** Submits a filled onboarding (the row locked) in the caller's transaction. */
export async function submitOnboarding(tx: Db, user: Pick<Principal, 'userId'>, id: number) {
  // The row is locked: a second click, or the hire saving at the same moment, waits and then sees the new stage.
  const [row] = await tx.select().from(onboardings).where(eq(onboardings.id, id)).for('update');
  if (!row) throw notFound('入职记录不存在');
  if (row.stage === 'offer' || row.stage === 'invited') throw badRequest(LIFECYCLE_MSG.onboardFill);
  needStage(row, ['filled'], '确认入职');
  await tx.update(onboardings).set({ stage: 'confirming', updatedAt: new Date(), updatedBy: user.userId }).where(eq(onboardings.id, row.id));
  const { instanceId, documentNo } = await inductionDocument.submit(tx, {
    id: row.id,
    userId: user.userId,
    title: `${row.name} 入职确认`,
    vars: { orgId: row.orgId, personCategory: row.personCategory },
  });
  return { id: row.id, documentNo, processInstanceId: instanceId };
}

export async function giveUp(db: Db, user: Principal, id: number, reason: string, kind: 'offer' | 'induction') {
  const row = await hrRow(db, user, id);
  if (kind === 'offer') needStage(row, ['offer', 'invited'], '放弃offer');
  else needStage(row, ['filled'], '放弃入职');
  const updated = await db
    .update(onboardings)
    .set({ stage: kind === 'offer' ? 'gaveUpOffer' : 'gaveUpInduction', giveupReason: reason, updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(onboardings.id, row.id), eq(onboardings.stage, row.stage)))
    .returning({ id: onboardings.id });
  if (!updated.length) throw conflict('入职状态已变化，请刷新后重试');
  return null;
}

export async function deleteOnboarding(db: Db, user: Principal, id: number) {
  const row = await hrRow(db, user, id);
  needStage(row, ['offer', 'gaveUpOffer', 'gaveUpInduction'], '删除');
  if (row.processInstanceId) throw badRequest('已提交审批的入职记录不能删除');
  await db.delete(onboardings).where(and(eq(onboardings.id, row.id), eq(onboardings.stage, row.stage)));
  return null;
}
