import { ASSET_MSG, ASSET_PERM, ASSET_STATUS, type InventoryDetail, type InventoryItem, type InventoryRecord, inventoryMeta } from '@erp/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { dictItems, users } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import type { BusinessDocument } from '../../platform/document/business-document';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { equals } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import * as engine from '../../workflow/engine';
import { isParticipant } from '../bpm/bpm.repository';
import { inventoryDocument } from './asset-documents';
import { assetInventories, assetInventoryItems, assets } from './assets.schema';
import { assetDocumentJoins, assetDocumentKeyword, assetDocumentSelect, savedOf } from './document-kit';

const t = assetInventories;
const i = assetInventoryItems;
const count = (cond: ReturnType<typeof sql>) => sql<number>`(SELECT count(*)::int FROM asset_inventory_items ii WHERE ii.inventory_id = ${t.id} AND ${cond})`;

export const inventoryResource = defineResource<InventoryRecord, typeof t>({
  meta: inventoryMeta,
  table: t,
  idColumn: t.id,
  select: {
    ...assetDocumentSelect(t),
    location: t.location,
    remark: sql<string>`coalesce(${t.remark}, '')`,
    expectedCount: count(sql`ii.expected`),
    foundCount: count(sql`ii.found IS TRUE`),
    lossCount: count(sql`ii.expected AND ii.found IS FALSE`),
    surplusCount: count(sql`NOT ii.expected AND ii.found IS TRUE`),
    uncheckedCount: count(sql`ii.found IS NULL`),
  },
  joins: assetDocumentJoins(t),
  filters: { keyword: assetDocumentKeyword(t), location: equals(t.location), state: equals(t.state) },
  sortable: { createdAt: t.createdAt },
  defaultOrder: [desc(t.createdAt)],
});

const resultOf = (expected: boolean, found: boolean | null): InventoryItem['result'] =>
  found === null ? 'unchecked' : expected ? (found ? 'ok' : 'loss') : 'surplus';

async function items(db: Db, id: number): Promise<InventoryItem[]> {
  const holder = users;
  const rows = await db
    .select({
      assetId: i.assetId,
      assetCode: assets.assetCode,
      name: assets.name,
      category: assets.category,
      registerLocation: i.registerLocation,
      holderName: sql<string>`coalesce(${holder.realName}, '')`,
      expected: i.expected,
      found: i.found,
      checkedAt: i.checkedAt,
    })
    .from(i)
    .innerJoin(assets, eq(assets.id, i.assetId))
    .leftJoin(holder, eq(holder.id, assets.holderUserId))
    .where(eq(i.inventoryId, id))
    .orderBy(asc(assets.assetCode));
  return rows.map((r) => ({ ...r, result: resultOf(r.expected, r.found), checkedAt: r.checkedAt ? r.checkedAt.toISOString() : null }));
}

export async function inventoryDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<InventoryDetail> {
  const row = ref.id ? await inventoryDocument.row(db, ref.id) : await inventoryDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('盘点单不存在');
  const may =
    hasPermission(user, ASSET_PERM.inventory) ||
    row.userId === user.userId ||
    (row.processInstanceId !== null && (await isParticipant(db, row.processInstanceId, user.userId)));
  if (!may) throw notFound('盘点单不存在');
  return { ...(await inventoryResource.detail(db, row.id, null)), items: await items(db, row.id) };
}

async function openSheet(tx: Db, id: number) {
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  if (!row) throw notFound('盘点单不存在');
  if (row.state !== 'draft' && row.state !== 'returned') throw conflict(ASSET_MSG.countNotOpen);
  return row;
}

/** Opens a sheet listing every asset the register has at the location (lent ones are at the project, scrapped and lost ones off the books). */
export async function addInventory(db: Db, user: Principal, input: { location: string; remark?: string | null }): Promise<InventoryDetail> {
  const id = await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ code: dictItems.code })
      .from(dictItems)
      .where(and(eq(dictItems.codeType, 'ASSETLOCATION'), eq(dictItems.code, input.location)));
    if (!known) throw badRequest('存放地点不存在');
    // Serialise the opening of sheets per location; the partial unique index is the last guard.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('asset-inventory'), hashtext(${input.location}))`);
    const [open] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.location, input.location), inArray(t.state, ['draft', 'approving', 'returned'])))
      .limit(1);
    if (open) throw conflict(ASSET_MSG.openCount);
    const [me] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, user.userId));
    const [sheet] = await tx
      .insert(t)
      .values({
        location: input.location,
        userId: user.userId,
        orgId: me?.orgId ?? null,
        remark: input.remark || null,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning({ id: t.id });
    if (!sheet) throw new Error('inventory insert returned nothing');
    await tx.execute(sql`
      INSERT INTO asset_inventory_items (inventory_id, asset_id, expected, register_location)
      SELECT ${sheet.id}, a.id, true, a.location FROM assets a
      WHERE a.location = ${input.location} AND a.status IN (${ASSET_STATUS.inStock}, ${ASSET_STATUS.inUse}, ${ASSET_STATUS.repair})`);
    return sheet.id;
  });
  return inventoryDetail(db, user, { id });
}

/** A scanned code: found; an asset registered elsewhere (or lost, or scrapped) found here is surplus. */
export async function scanInventory(db: Db, user: Principal, input: { id: number; assetCode: string }): Promise<InventoryItem> {
  return db.transaction(async (tx) => {
    const sheet = await openSheet(tx, input.id);
    const [asset] = await tx.select().from(assets).where(eq(assets.assetCode, input.assetCode.trim().toUpperCase()));
    if (!asset) throw notFound(ASSET_MSG.codeUnknown);
    const now = new Date();
    const [onSheet] = await tx
      .update(i)
      .set({ found: true, checkedAt: now, checkedBy: user.userId })
      .where(and(eq(i.inventoryId, sheet.id), eq(i.assetId, asset.id)))
      .returning({ id: i.id });
    if (!onSheet)
      await tx
        .insert(i)
        .values({
          inventoryId: sheet.id,
          assetId: asset.id,
          expected: false,
          registerLocation: asset.location,
          found: true,
          checkedAt: now,
          checkedBy: user.userId,
        })
        .onConflictDoNothing();
    const item = (await items(tx, sheet.id)).find((x) => x.assetId === asset.id);
    if (!item) throw new Error('scanned item missing');
    return item;
  });
}

/** Ticks items found or missing; unticking a surplus item takes it off the sheet. */
export async function tickInventory(db: Db, user: Principal, input: { id: number; items: Array<{ assetId: number; found: boolean }> }) {
  return db.transaction(async (tx) => {
    const sheet = await openSheet(tx, input.id);
    const ids = [...new Set(input.items.map((x) => x.assetId))];
    const onSheet = await tx
      .select({ assetId: i.assetId, expected: i.expected })
      .from(i)
      .where(and(eq(i.inventoryId, sheet.id), inArray(i.assetId, ids)));
    if (onSheet.length !== ids.length) throw badRequest(ASSET_MSG.notOnSheet);
    const expected = new Map(onSheet.map((r) => [r.assetId, r.expected]));
    const now = new Date();
    const want = new Map(input.items.map((x) => [x.assetId, x.found]));
    const found = ids.filter((id) => want.get(id));
    const missing = ids.filter((id) => !want.get(id) && expected.get(id));
    const dropped = ids.filter((id) => !want.get(id) && !expected.get(id));
    if (found.length)
      await tx
        .update(i)
        .set({ found: true, checkedAt: now, checkedBy: user.userId })
        .where(and(eq(i.inventoryId, sheet.id), inArray(i.assetId, found)));
    if (missing.length)
      await tx
        .update(i)
        .set({ found: false, checkedAt: now, checkedBy: user.userId })
        .where(and(eq(i.inventoryId, sheet.id), inArray(i.assetId, missing)));
    if (dropped.length) await tx.delete(i).where(and(eq(i.inventoryId, sheet.id), inArray(i.assetId, dropped)));
    return { updated: ids.length };
  });
}

/** Closes the count: what was not checked is missing; the differences go to approval. */
export async function submitInventory(db: Db, user: Principal, id: number) {
  return db.transaction(async (tx) => {
    const sheet = await openSheet(tx, id);
    await tx
      .update(i)
      .set({ found: false, checkedAt: new Date(), checkedBy: user.userId })
      .where(and(eq(i.inventoryId, sheet.id), isNull(i.found)));
    const [names] = await tx
      .select({ name: dictItems.codeName })
      .from(dictItems)
      .where(and(eq(dictItems.codeType, 'ASSETLOCATION'), eq(dictItems.code, sheet.location)));
    const vars = { orgId: sheet.orgId, location: sheet.location };
    if (sheet.state === 'returned') {
      const task = sheet.processInstanceId ? await engine.resubmitTaskOf(tx, sheet.processInstanceId) : undefined;
      if (!task) throw conflict('该盘点单不在退回状态');
      if (task.assigneeUserId !== user.userId) throw forbidden('只有盘点人可以重新提交');
      await (inventoryDocument as unknown as BusinessDocument<never>).resubmit(tx, { taskId: task.id, userId: user.userId, vars });
    } else {
      await inventoryDocument.submit(tx, { id: sheet.id, userId: user.userId, title: `资产盘点：${names?.name ?? sheet.location}`, vars });
    }
    return savedOf(await inventoryDocument.row(tx, sheet.id));
  });
}
