import {
  ASSET_MOVE,
  ASSET_MSG,
  ASSET_STATUS,
  type AssetDetail,
  type AssetRecord,
  assetMeta,
  formatFen,
  type ZAssetAdd,
  type ZAssetUpdate,
} from '@erp/contract';
import { and, asc, desc, eq, ilike, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { finProjects, orgUnits, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { nextDocumentNumber } from '../../platform/document/document-number';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { equals, inOrgSubtree, likePattern } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { assetApplications, assetMovements, assetPurchaseDemands, assets } from './assets.schema';
import { chargedMonths, chargeIn, depreciationAt, schedule } from './depreciation';

const t = assets;
const keeper = alias(users, 'asset_keeper');
const holder = alias(users, 'asset_holder');
const calendar = new BusinessCalendar();
export const currentMonth = () => Number(calendar.month().replace('-', ''));

/** The register; depreciation is filled in after reading (`withDepreciation`), one rule for lists, exports and totals. */
export const assetResource = defineResource<AssetRecord, typeof t>({
  meta: assetMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    assetCode: t.assetCode,
    name: t.name,
    category: t.category,
    kind: t.kind,
    brandModel: sql<string>`coalesce(${t.brandModel}, '')`,
    serialNo: sql<string>`coalesce(${t.serialNo}, '')`,
    location: t.location,
    status: t.status,
    keeperUserId: t.keeperUserId,
    keeperName: sql<string>`coalesce(${keeper.realName}, '')`,
    holderUserId: t.holderUserId,
    holderName: sql<string>`coalesce(${holder.realName}, '')`,
    projectId: t.projectId,
    projectName: sql<string>`coalesce(${finProjects.name}, '')`,
    orgId: t.orgId,
    orgName: sql<string>`coalesce(${orgUnits.name}, '')`,
    purchaseDate: t.purchaseDate,
    purchaseValue: t.purchaseValue,
    usefulLifeMonths: t.usefulLifeMonths,
    residualRateBp: t.residualRateBp,
    monthlyDepreciation: sql<number>`0`,
    accumulatedDepreciation: sql<number>`0`,
    netValue: sql<number>`0`,
    demandId: t.demandId,
    remark: sql<string>`coalesce(${t.remark}, '')`,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  joins: [
    { table: keeper, on: eq(keeper.id, t.keeperUserId) },
    { table: holder, on: eq(holder.id, t.holderUserId) },
    { table: finProjects, on: eq(finProjects.id, t.projectId) },
    { table: orgUnits, on: eq(orgUnits.id, t.orgId) },
  ],
  filters: {
    keyword: (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const like = likePattern(String(v));
      return sql`(${t.assetCode} ILIKE ${like} OR ${t.name} ILIKE ${like} OR ${t.serialNo} ILIKE ${like} OR ${holder.realName} ILIKE ${like})`;
    },
    category: equals(t.category),
    kind: equals(t.kind),
    location: equals(t.location),
    status: equals(t.status),
    holderUserId: equals(t.holderUserId),
    projectId: equals(t.projectId),
    orgId: inOrgSubtree(t.orgId),
  },
  defaultOrder: [desc(t.purchaseDate), desc(t.id)],
});

export function withDepreciation<R extends AssetRecord>(row: R, month = currentMonth()): R {
  return Object.assign(row, depreciationAt(row, month));
}

export async function assetRow(db: Db, id: number, lock = false) {
  const q = db.select().from(t).where(eq(t.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('资产不存在');
  return row;
}

export async function assetRecord(db: Db, id: number): Promise<AssetRecord> {
  return withDepreciation(await assetResource.detail(db, id, null));
}

export async function assetDetail(db: Db, id: number): Promise<AssetDetail> {
  const record = await assetRecord(db, id);
  const mover = alias(users, 'mover');
  const op = alias(users, 'operator');
  const moves = await db
    .select({
      id: assetMovements.id,
      kind: assetMovements.kind,
      fromLocation: assetMovements.fromLocation,
      toLocation: assetMovements.toLocation,
      userName: sql<string>`coalesce(${mover.realName}, '')`,
      projectName: sql<string>`coalesce(${finProjects.name}, '')`,
      documentNo: sql<string>`coalesce(${assetApplications.documentNo}, '')`,
      remark: sql<string>`coalesce(${assetMovements.remark}, '')`,
      operatorName: sql<string>`coalesce(${op.realName}, '')`,
      createdAt: assetMovements.createdAt,
    })
    .from(assetMovements)
    .leftJoin(mover, eq(mover.id, assetMovements.userId))
    .leftJoin(op, eq(op.id, assetMovements.createdBy))
    .leftJoin(finProjects, eq(finProjects.id, assetMovements.projectId))
    .leftJoin(assetApplications, eq(assetApplications.id, assetMovements.applyId))
    .where(eq(assetMovements.assetId, id))
    .orderBy(asc(assetMovements.id));
  const { from, to } = chargedMonths(record);
  const fixed = record.kind !== '002';
  return {
    ...record,
    movements: moves.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    schedule: schedule(record, currentMonth()),
    depreciationFrom: fixed ? from : null,
    depreciationTo: fixed ? to : null,
  };
}

type AddInput = z.output<typeof ZAssetAdd>;

async function assertUser(db: Db, userId: number, label: string) {
  const [u] = await db.select({ id: users.id, orgId: users.orgId }).from(users).where(eq(users.id, userId));
  if (!u) throw badRequest(`${label}不存在`);
  return u;
}

/** Registers `quantity` identical assets in stock, each with its own code; against a passed demand when given. */
export async function addAssets(db: Db, user: Principal, input: AddInput): Promise<{ ids: number[]; assetCodes: string[] }> {
  if (input.purchaseDate > calendar.day()) throw badRequest(ASSET_MSG.purchaseFuture);
  return db.transaction(async (tx) => {
    await assertUser(tx, input.keeperUserId, '保管人');
    if (input.demandId) {
      const [d] = await tx.select().from(assetPurchaseDemands).where(eq(assetPurchaseDemands.id, input.demandId)).for('update');
      if (!d) throw notFound('采购需求不存在');
      if (d.state !== 'passed') throw badRequest(ASSET_MSG.demandNotPassed);
      if (d.receivedQty + input.quantity > d.quantity) throw conflict(ASSET_MSG.demandExceeded);
      const [received] = await tx
        .select({ value: sql<number>`coalesce(sum(${t.purchaseValue}), 0)::bigint` })
        .from(t)
        .where(eq(t.demandId, d.id));
      const adding = input.purchaseValue * input.quantity;
      if (Number(received?.value ?? 0) + adding > d.amount)
        throw conflict(
          ASSET_MSG.demandValueExceeded({ amount: formatFen(d.amount), received: formatFen(Number(received?.value ?? 0)), adding: formatFen(adding) }),
        );
      await tx
        .update(assetPurchaseDemands)
        .set({ receivedQty: d.receivedQty + input.quantity, updatedAt: new Date(), updatedBy: user.userId })
        .where(eq(assetPurchaseDemands.id, d.id));
    }
    const ids: number[] = [];
    const codes: string[] = [];
    for (let i = 0; i < input.quantity; i++) {
      const assetCode = await nextDocumentNumber(tx, 'ZC');
      const [row] = await tx
        .insert(t)
        .values({
          assetCode,
          name: input.name,
          category: input.category,
          kind: input.kind,
          brandModel: input.brandModel || null,
          serialNo: input.quantity === 1 ? input.serialNo || null : null,
          location: input.location,
          status: ASSET_STATUS.inStock,
          keeperUserId: input.keeperUserId,
          orgId: input.orgId ?? null,
          purchaseDate: input.purchaseDate,
          purchaseValue: input.purchaseValue,
          usefulLifeMonths: input.usefulLifeMonths,
          residualRateBp: input.residualRateBp,
          demandId: input.demandId ?? null,
          remark: input.remark || null,
          createdBy: user.userId,
          updatedBy: user.userId,
        })
        .returning({ id: t.id });
      if (!row) throw new Error('asset insert returned nothing');
      ids.push(row.id);
      codes.push(assetCode);
    }
    await tx
      .insert(assetMovements)
      .values(ids.map((assetId) => ({ assetId, kind: ASSET_MOVE.register, toLocation: input.location, remark: '登记入库', createdBy: user.userId })));
    return { ids, assetCodes: codes };
  });
}

export async function updateAsset(db: Db, user: Principal, input: z.output<typeof ZAssetUpdate>): Promise<AssetRecord> {
  return db.transaction(async (tx) => {
    const row = await assetRow(tx, input.id, true);
    await assertUser(tx, input.keeperUserId, '保管人');
    const moving = input.location !== undefined && input.location !== row.location;
    if (moving && row.status !== ASSET_STATUS.inStock) throw conflict(ASSET_MSG.relocateInStock);
    await tx
      .update(t)
      .set({
        name: input.name,
        brandModel: input.brandModel || null,
        serialNo: input.serialNo || null,
        keeperUserId: input.keeperUserId,
        location: input.location ?? row.location,
        remark: input.remark || null,
        updatedAt: new Date(),
        updatedBy: user.userId,
      })
      .where(eq(t.id, row.id));
    if (moving)
      await tx.insert(assetMovements).values({
        assetId: row.id,
        kind: ASSET_MOVE.relocate,
        fromLocation: row.location,
        toLocation: input.location,
        remark: '调整存放地点',
        createdBy: user.userId,
      });
    return assetRecord(tx, row.id);
  });
}

export async function scrapAsset(db: Db, user: Principal, input: { id: number; remark: string }): Promise<AssetRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ status: ASSET_STATUS.scrapped, updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(t.id, input.id), eq(t.status, ASSET_STATUS.inStock)))
      .returning();
    if (!row) {
      await assetRow(tx, input.id);
      throw conflict(ASSET_MSG.scrapInStock);
    }
    await tx
      .insert(assetMovements)
      .values({ assetId: row.id, kind: ASSET_MOVE.scrap, fromLocation: row.location, remark: input.remark, createdBy: user.userId });
    return assetRecord(tx, row.id);
  });
}

/** Totals per category of what the company still holds (scrapped and lost assets are off the books). */
export async function assetSummary(db: Db, input: { location?: string }) {
  const month = currentMonth();
  const rows = await db
    .select({
      category: t.category,
      kind: t.kind,
      purchaseDate: t.purchaseDate,
      purchaseValue: t.purchaseValue,
      usefulLifeMonths: t.usefulLifeMonths,
      residualRateBp: t.residualRateBp,
    })
    .from(t)
    .where(and(notInArray(t.status, [ASSET_STATUS.scrapped, ASSET_STATUS.lost]), input.location ? eq(t.location, input.location) : undefined));
  const zero = (category: string) => ({ category, count: 0, purchaseValue: 0, accumulatedDepreciation: 0, netValue: 0, monthCharge: 0 });
  const by = new Map<string, ReturnType<typeof zero>>();
  const total = zero('');
  for (const r of rows) {
    const d = depreciationAt(r, month);
    const charge = chargeIn(r, month);
    const s = by.get(r.category) ?? zero(r.category);
    by.set(r.category, s);
    for (const x of [s, total]) {
      x.count++;
      x.purchaseValue += r.purchaseValue;
      x.accumulatedDepreciation += d.accumulatedDepreciation;
      x.netValue += d.netValue;
      x.monthCharge += charge;
    }
  }
  return { month, rows: [...by.values()].sort((x, y) => x.category.localeCompare(y.category)), total };
}

/** In-stock assets to ask for or issue (at most 50). */
export async function availableAssets(db: Db, input: { category?: string; keyword?: string }) {
  const like = input.keyword ? likePattern(input.keyword) : null;
  return db
    .select({ id: t.id, assetCode: t.assetCode, name: t.name, category: t.category, location: t.location })
    .from(t)
    .where(
      and(
        eq(t.status, ASSET_STATUS.inStock),
        input.category ? eq(t.category, input.category) : undefined,
        like ? or(ilike(t.assetCode, like), ilike(t.name, like)) : undefined,
      ),
    )
    .orderBy(asc(t.assetCode))
    .limit(50);
}
