import {
  APPLY_TYPE,
  type ApplyRecord,
  ASSET_MOVE,
  ASSET_MSG,
  ASSET_PERM,
  ASSET_PROCESS,
  ASSET_STATUS,
  applyMeta,
  ISSUE_STATE,
  PROJECT_PHASE,
  type PurchaseDetail,
  type PurchaseRecord,
  purchaseMeta,
  type ZApplyForm,
  type ZPurchaseForm,
} from '@erp/contract';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { finProjects, orgUnits, users, wfInstances, wfTasks } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import type { BusinessDocument } from '../../platform/document/business-document';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { equals, likePattern } from '../../platform/resource/filters';
import { defineResource, type Resource } from '../../platform/resource/resource';
import * as engine from '../../workflow/engine';
import { assertOwnFileGroup } from '../file/file-groups';
import { applyDocument, inventoryDocument, purchaseDocument } from './asset-documents';
import { assetApplications, assetMovements, assetPurchaseDemands, assets } from './assets.schema';
import { assertDocumentReadable, assertEditable, assetDocumentJoins, assetDocumentKeyword, assetDocumentSelect, documentPage, savedOf } from './document-kit';
import { assetRecord, assetRow } from './register';

const calendar = new BusinessCalendar();

async function applicant(db: Db, userId: number) {
  const [u] = await db.select({ id: users.id, orgId: users.orgId, realName: users.realName }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound('用户不存在');
  return u;
}

// ---- purchase demands ---------------------------------------------------------------------------

const p = assetPurchaseDemands;
type PurchaseForm = z.output<typeof ZPurchaseForm>;

export const purchaseResource = defineResource<PurchaseRecord, typeof p>({
  meta: purchaseMeta,
  table: p,
  idColumn: p.id,
  select: {
    ...assetDocumentSelect(p),
    category: p.category,
    itemName: p.itemName,
    spec: sql<string>`coalesce(${p.spec}, '')`,
    quantity: p.quantity,
    unitPrice: p.unitPrice,
    amount: p.amount,
    reason: p.reason,
    expectedDate: p.expectedDate,
    fileGroupId: p.fileGroupId,
    receivedQty: p.receivedQty,
  },
  joins: assetDocumentJoins(p),
  filters: { keyword: assetDocumentKeyword(p, p.itemName), state: equals(p.state) },
  sortable: { createdAt: p.createdAt },
  defaultOrder: [desc(p.createdAt)],
  scope: { orgId: p.orgId, ownerUserId: p.userId },
});

export const purchasePage = (db: Db, user: Principal, input: Record<string, unknown>) =>
  documentPage(db, purchaseResource as unknown as Resource<PurchaseRecord, never>, p, user, input, ASSET_PERM.applyList);

export async function purchaseDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<PurchaseDetail> {
  const row = ref.id ? await purchaseDocument.row(db, ref.id) : await purchaseDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('采购需求不存在');
  await assertDocumentReadable(db, user, row, ASSET_PERM.applyList);
  const received = await db
    .select({ id: assets.id, assetCode: assets.assetCode, name: assets.name, status: assets.status })
    .from(assets)
    .where(eq(assets.demandId, row.id))
    .orderBy(asc(assets.assetCode));
  return { ...(await purchaseResource.detail(db, row.id, null)), assets: received };
}

const purchaseValues = (form: PurchaseForm) => ({
  category: form.category,
  itemName: form.itemName,
  spec: form.spec || null,
  quantity: form.quantity,
  unitPrice: form.unitPrice,
  amount: form.quantity * form.unitPrice,
  reason: form.reason,
  expectedDate: form.expectedDate,
  fileGroupId: form.fileGroupId || null,
});

const purchaseTitle = (name: string, form: PurchaseForm) => `${name} 采购需求：${form.itemName} × ${form.quantity}`;

export async function addPurchase(db: Db, user: Principal, form: PurchaseForm) {
  return db.transaction(async (tx) => {
    await assertOwnFileGroup(tx, user, form.fileGroupId);
    const me = await applicant(tx, user.userId);
    const [row] = await tx
      .insert(p)
      .values({ ...purchaseValues(form), userId: me.id, orgId: me.orgId, createdBy: user.userId, updatedBy: user.userId })
      .returning();
    if (!row) throw new Error('purchase insert returned nothing');
    if (form.submit)
      await purchaseDocument.submit(tx, {
        id: row.id,
        userId: user.userId,
        title: purchaseTitle(me.realName, form),
        vars: { orgId: me.orgId, amount: row.amount },
      });
    return savedOf(await purchaseDocument.row(tx, row.id));
  });
}

/** Files of the asset area are readable by whoever may read the purchase demand they are attached to. */
export async function canReadDemandFile(db: Db, user: Principal, groupId: string | null): Promise<boolean> {
  if (!groupId) return false;
  const [row] = await db.select().from(p).where(eq(p.fileGroupId, groupId)).limit(1);
  if (!row) return false;
  try {
    await assertDocumentReadable(db, user, row, ASSET_PERM.applyList);
    return true;
  } catch {
    return false;
  }
}

/** Resubmits a returned document (the applicant's resubmit task) or submits a draft when asked. */
async function submitAgain<T extends Parameters<typeof purchaseDocument.submit>[1]>(
  tx: Db,
  doc: BusinessDocument<never>,
  user: Principal,
  before: { id: number; state: string; processInstanceId: number | null },
  submit: boolean,
  input: Omit<T, 'id' | 'userId'>,
) {
  if (before.state === 'returned') {
    const task = before.processInstanceId ? await engine.resubmitTaskOf(tx, before.processInstanceId) : undefined;
    if (!task) throw conflict('该单据不在退回状态');
    if (task.assigneeUserId !== user.userId) throw forbidden('只有申请人可以重新提交');
    await doc.resubmit(tx, { taskId: task.id, userId: user.userId, vars: input.vars });
  } else if (submit) {
    await doc.submit(tx, { id: before.id, userId: user.userId, title: input.title, vars: input.vars });
  }
}

export async function updatePurchase(db: Db, user: Principal, id: number, form: PurchaseForm) {
  return db.transaction(async (tx) => {
    const before = await purchaseDocument.row(tx, id);
    if (before.userId !== user.userId) throw notFound('采购需求不存在');
    assertEditable(before.state);
    await assertOwnFileGroup(tx, user, form.fileGroupId);
    const me = await applicant(tx, user.userId);
    const [row] = await tx
      .update(p)
      .set({ ...purchaseValues(form), updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(p.id, id))
      .returning();
    await submitAgain(tx, purchaseDocument as unknown as BusinessDocument<never>, user, before, form.submit, {
      title: purchaseTitle(me.realName, form),
      vars: { orgId: before.orgId, amount: row?.amount ?? 0 },
    });
    return savedOf(await purchaseDocument.row(tx, id));
  });
}

/** The applicant withdraws a document still in approval. */
export async function revokeOwn(db: Db, user: Principal, doc: BusinessDocument<never>, id: number) {
  const row = (await doc.row(db, id)) as { userId: number; state: string };
  if (row.userId !== user.userId) throw notFound(`${doc.spec.name}不存在`);
  if (row.state !== 'approving' && row.state !== 'returned') throw conflict('只有审批中的单据可以撤回');
  await doc.revoke(db, id, user.userId);
}

// ---- use applications ----------------------------------------------------------------------------

const a = assetApplications;
const asked = alias(assets, 'asked_asset');
const issued = alias(assets, 'issued_asset');
type ApplyForm = z.output<typeof ZApplyForm>;

export const applyResource = defineResource<ApplyRecord, typeof a>({
  meta: applyMeta,
  table: a,
  idColumn: a.id,
  select: {
    ...assetDocumentSelect(a),
    applyType: a.applyType,
    category: a.category,
    assetId: a.assetId,
    assetCode: sql<string>`coalesce(${asked.assetCode}, '')`,
    projectId: a.projectId,
    projectName: sql<string>`coalesce(${finProjects.name}, '')`,
    reason: a.reason,
    expectedReturnDate: a.expectedReturnDate,
    issueState: a.issueState,
    issuedAssetId: a.issuedAssetId,
    issuedAssetCode: sql<string>`coalesce(${issued.assetCode}, '')`,
    issuedAssetName: sql<string>`coalesce(${issued.name}, '')`,
    issuedAt: a.issuedAt,
    returnedAt: a.returnedAt,
  },
  joins: [
    ...assetDocumentJoins(a),
    { table: asked, on: eq(asked.id, a.assetId) },
    { table: issued, on: eq(issued.id, a.issuedAssetId) },
    { table: finProjects, on: eq(finProjects.id, a.projectId) },
  ],
  filters: {
    keyword: assetDocumentKeyword(a, issued.assetCode, a.reason),
    state: equals(a.state),
    applyType: equals(a.applyType),
    issueState: equals(a.issueState),
  },
  sortable: { createdAt: a.createdAt },
  defaultOrder: [desc(a.createdAt)],
  scope: { orgId: a.orgId, ownerUserId: a.userId },
});

export const applyPage = (db: Db, user: Principal, input: Record<string, unknown>) =>
  documentPage(db, applyResource as unknown as Resource<ApplyRecord, never>, a, user, input, ASSET_PERM.applyList);

export async function applyDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<ApplyRecord> {
  const row = ref.id ? await applyDocument.row(db, ref.id) : await applyDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('资产领用申请不存在');
  // The asset staff who issue see every application.
  if (!hasPermission(user, ASSET_PERM.assetIssue)) await assertDocumentReadable(db, user, row, ASSET_PERM.applyList);
  return applyResource.detail(db, row.id, null);
}

async function checkApply(db: Db, form: ApplyForm) {
  if (form.applyType !== APPLY_TYPE.claim) {
    if (!form.expectedReturnDate) throw badRequest(ASSET_MSG.returnDate);
    if (form.expectedReturnDate < calendar.day()) throw badRequest(ASSET_MSG.returnBeforeToday);
  }
  if (form.applyType === APPLY_TYPE.project) {
    if (!form.projectId) throw badRequest(ASSET_MSG.projectRequired);
    const [project] = await db
      .select({ phase: finProjects.phase, deletedAt: finProjects.deletedAt })
      .from(finProjects)
      .where(eq(finProjects.id, form.projectId));
    if (!project || project.deletedAt) throw notFound('项目不存在');
    if (project.phase !== PROJECT_PHASE.active) throw badRequest(ASSET_MSG.projectNotActive);
  }
  if (form.assetId) {
    const asset = await assetRow(db, form.assetId);
    if (asset.status === ASSET_STATUS.lent) throw conflict(ASSET_MSG.lent);
    if (asset.status !== ASSET_STATUS.inStock) throw conflict(ASSET_MSG.unavailable);
    if (asset.category !== form.category) throw badRequest(ASSET_MSG.categoryMismatch);
  }
}

const applyValues = (form: ApplyForm) => ({
  applyType: form.applyType,
  category: form.category,
  assetId: form.assetId ?? null,
  projectId: form.applyType === APPLY_TYPE.project ? (form.projectId ?? null) : null,
  reason: form.reason,
  expectedReturnDate: form.applyType === APPLY_TYPE.claim ? null : (form.expectedReturnDate ?? null),
});
const APPLY_NAMES: Record<string, string> = { '001': '资产领用', '002': '资产借用', '003': '资产项目借出' };

export async function addApply(db: Db, user: Principal, form: ApplyForm) {
  return db.transaction(async (tx) => {
    await checkApply(tx, form);
    const me = await applicant(tx, user.userId);
    const [row] = await tx
      .insert(a)
      .values({ ...applyValues(form), userId: me.id, orgId: me.orgId, createdBy: user.userId, updatedBy: user.userId })
      .returning();
    if (!row) throw new Error('application insert returned nothing');
    if (form.submit)
      await applyDocument.submit(tx, {
        id: row.id,
        userId: user.userId,
        title: `${me.realName} ${APPLY_NAMES[form.applyType] ?? '资产申请'}`,
        vars: { orgId: me.orgId, applyType: form.applyType },
      });
    return savedOf(await applyDocument.row(tx, row.id));
  });
}

/** Changes the applicant's draft or returned application; submits the draft when asked, resubmits a returned one. */
export async function updateApply(db: Db, user: Principal, id: number, form: ApplyForm) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(a).where(eq(a.id, id)).for('update');
    if (!before || before.userId !== user.userId) throw notFound('资产领用申请不存在');
    assertEditable(before.state);
    await checkApply(tx, form);
    const me = await applicant(tx, user.userId);
    await tx
      .update(a)
      .set({ ...applyValues(form), updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(a.id, id));
    await submitAgain(tx, applyDocument as unknown as BusinessDocument<never>, user, before, form.submit, {
      title: `${me.realName} ${APPLY_NAMES[form.applyType] ?? '资产申请'}`,
      vars: { orgId: before.orgId, applyType: form.applyType },
    });
    return savedOf(await applyDocument.row(tx, id));
  });
}

/**
 * Issues an in-stock asset for a passed application, in one transaction: the application row is
 * locked (a double click waits, then finds it issued), and the asset is taken with
 * `UPDATE … WHERE status = in stock` (two applications racing for one asset: one gets it).
 */
export async function issueAsset(db: Db, user: Principal, input: { applyId: number; assetId: number }): Promise<ApplyRecord> {
  return db.transaction(async (tx) => {
    const [app] = await tx.select().from(a).where(eq(a.id, input.applyId)).for('update');
    if (!app) throw notFound('资产领用申请不存在');
    if (app.issueState === ISSUE_STATE.issued || app.issueState === ISSUE_STATE.returned) throw conflict(ASSET_MSG.alreadyIssued);
    if (app.state !== 'passed' || app.issueState !== ISSUE_STATE.waiting) throw conflict(ASSET_MSG.notPassed);
    const asset = await assetRow(tx, input.assetId);
    if (asset.category !== app.category) throw badRequest(ASSET_MSG.categoryMismatch);
    const status = app.applyType === APPLY_TYPE.claim ? ASSET_STATUS.inUse : ASSET_STATUS.lent;
    const project = app.applyType === APPLY_TYPE.project;
    const [taken] = await tx
      .update(assets)
      .set({
        status,
        holderUserId: app.userId,
        projectId: project ? app.projectId : null,
        orgId: app.orgId,
        applyId: app.id,
        updatedAt: new Date(),
        updatedBy: user.userId,
      })
      .where(and(eq(assets.id, asset.id), eq(assets.status, ASSET_STATUS.inStock)))
      .returning({ id: assets.id });
    if (!taken) throw conflict(asset.status === ASSET_STATUS.lent ? ASSET_MSG.lent : ASSET_MSG.notInStock);
    const now = new Date();
    await tx
      .update(a)
      .set({ issueState: ISSUE_STATE.issued, issuedAssetId: asset.id, issuedAt: now, issuedBy: user.userId, updatedAt: now, updatedBy: user.userId })
      .where(eq(a.id, app.id));
    const kind = app.applyType === APPLY_TYPE.claim ? ASSET_MOVE.claim : project ? ASSET_MOVE.project : ASSET_MOVE.borrow;
    await tx.insert(assetMovements).values({
      assetId: asset.id,
      kind,
      fromLocation: asset.location,
      userId: app.userId,
      projectId: project ? app.projectId : null,
      applyId: app.id,
      createdBy: user.userId,
    });
    return applyResource.detail(tx, app.id, null);
  });
}

/** Takes an asset in use or lent back into stock (optionally to another location); its application is closed as returned. */
export async function returnAsset(db: Db, user: Principal, input: { assetId: number; location?: string; remark?: string | null }) {
  return db.transaction(async (tx) => {
    const asset = await assetRow(tx, input.assetId, true);
    if (asset.status !== ASSET_STATUS.inUse && asset.status !== ASSET_STATUS.lent) throw conflict(ASSET_MSG.notOut);
    const now = new Date();
    const location = input.location ?? asset.location;
    await tx
      .update(assets)
      .set({ status: ASSET_STATUS.inStock, holderUserId: null, projectId: null, applyId: null, location, updatedAt: now, updatedBy: user.userId })
      .where(eq(assets.id, asset.id));
    if (asset.applyId)
      await tx
        .update(a)
        .set({ issueState: ISSUE_STATE.returned, returnedAt: now, updatedAt: now, updatedBy: user.userId })
        .where(and(eq(a.id, asset.applyId), eq(a.issueState, ISSUE_STATE.issued)));
    await tx.insert(assetMovements).values({
      assetId: asset.id,
      kind: ASSET_MOVE.giveBack,
      fromLocation: asset.location,
      toLocation: location,
      userId: asset.holderUserId,
      projectId: asset.projectId,
      applyId: asset.applyId,
      remark: input.remark || null,
      createdBy: user.userId,
    });
    return assetRecord(tx, asset.id);
  });
}

/** Projects in execution with what is lent to each (most lent first). */
export async function lentProjects(db: Db, input: { keyword?: string }) {
  const like = input.keyword ? likePattern(input.keyword) : null;
  const rows = await db
    .select({
      id: finProjects.id,
      projectNo: sql<string>`coalesce(${finProjects.projectNo}, '')`,
      name: finProjects.name,
      deptName: sql<string>`coalesce(${orgUnits.name}, '')`,
      lentCount: sql<number>`count(${assets.id})::int`,
      lentValue: sql<number>`coalesce(sum(${assets.purchaseValue}), 0)::bigint`,
    })
    .from(finProjects)
    .leftJoin(orgUnits, eq(orgUnits.id, finProjects.deptId))
    .leftJoin(assets, and(eq(assets.projectId, finProjects.id), eq(assets.status, ASSET_STATUS.lent)))
    .where(
      and(
        eq(finProjects.phase, PROJECT_PHASE.active),
        sql`${finProjects.deletedAt} IS NULL`,
        like ? sql`(${ilike(finProjects.name, like)} OR ${ilike(finProjects.projectNo, like)})` : undefined,
      ),
    )
    .groupBy(finProjects.id, orgUnits.name)
    .orderBy(sql`count(${assets.id}) DESC`, asc(finProjects.name))
    .limit(200);
  return rows.map((r) => ({ ...r, lentCount: Number(r.lentCount), lentValue: Number(r.lentValue) }));
}

// ---- the process centre's pass / reject of any asset document -------------------------------------

const DOCUMENTS: Record<string, BusinessDocument<never>> = {
  [ASSET_PROCESS.purchase]: purchaseDocument as unknown as BusinessDocument<never>,
  [ASSET_PROCESS.apply]: applyDocument as unknown as BusinessDocument<never>,
  [ASSET_PROCESS.inventory]: inventoryDocument as unknown as BusinessDocument<never>,
};

async function documentOfTask(db: Db, taskId: number): Promise<BusinessDocument<never>> {
  const [row] = await db
    .select({ key: wfInstances.processKey })
    .from(wfTasks)
    .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .where(eq(wfTasks.id, taskId));
  if (!row) throw notFound(engine.MSG.taskMissing);
  const doc = DOCUMENTS[row.key];
  if (!doc) throw badRequest(ASSET_MSG.notAssetTask);
  return doc;
}

export async function dealAgency(db: Db, user: Principal, input: { taskId: number; message?: string | null }) {
  const doc = await documentOfTask(db, input.taskId);
  await doc.pass(db, { taskId: input.taskId, userId: user.userId, message: input.message ?? null });
}

export async function rejectAgency(db: Db, user: Principal, input: { taskId: number; message: string }) {
  const doc = await documentOfTask(db, input.taskId);
  await doc.reject(db, { taskId: input.taskId, userId: user.userId, message: input.message });
}
