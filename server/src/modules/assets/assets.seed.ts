import { APPLY_TYPE, ASSET_MOVE, ASSET_STATUS, ISSUE_STATE, PROJECT_PHASE } from '@erp/contract';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { finProjects, outbox, users, wfDefinitions, wfTasks } from '../../db/schema';
import { isoDay, seededRandom } from '../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import type { Db } from '../../platform/db';
import { nextDocumentNumber } from '../../platform/document/document-number';
import * as engine from '../../workflow/engine';
import { ASSET_PROCESS_XML, applyDocument, inventoryDocument, purchaseDocument } from './asset-documents';
import { assetMenus } from './assets.menus';
import { assetApplications, assetInventories, assetInventoryItems, assetMovements, assetPurchaseDemands, assets } from './assets.schema';

/** What the demo buys: name, category, kind, model, price range in yuan, life in months. */
const CATALOG: Array<[string, string, string, string, number, number, number]> = [
  ['笔记本电脑', '001', '001', 'ThinkPad T14 Gen 4', 6500, 9800, 36],
  ['笔记本电脑', '001', '001', 'MacBook Pro 14 M3', 12999, 16999, 36],
  ['台式电脑', '001', '001', 'Dell OptiPlex 7010', 4200, 6200, 48],
  ['显示器', '002', '001', 'Dell P2723D 27英寸', 1899, 2399, 60],
  ['扫描枪', '002', '002', 'Honeywell 1950g', 680, 980, 24],
  ['手机', '003', '001', 'Huawei Mate 60', 5499, 6999, 36],
  ['无线网卡', '003', '002', 'TP-Link TL-WN823N', 59, 99, 24],
  ['打印机', '004', '001', 'HP LaserJet Pro M404dn', 2299, 2899, 60],
  ['投影仪', '004', '001', 'Epson CB-FH52', 4299, 5299, 60],
  ['碎纸机', '004', '002', '得力 9918', 399, 699, 36],
  ['办公桌', '005', '002', '1.4米 单人工位', 780, 1200, 60],
  ['人体工学椅', '005', '002', '西昊 M57', 699, 1299, 60],
  ['文件柜', '005', '002', '钢制四门柜', 560, 900, 96],
  ['交换机', '006', '001', 'H3C S5130-28S', 3200, 4500, 60],
  ['无线AP', '006', '001', 'Ruijie RG-AP820', 1600, 2300, 60],
  ['商务用车', '007', '001', '别克 GL8 ES', 268000, 312000, 48],
  ['电话会议终端', '003', '001', 'Polycom Trio 8800', 5600, 7200, 60],
  ['U盘（加密）', '008', '002', '金士顿 IronKey 32G', 299, 499, 24],
];
const LOCATIONS = ['001', '002', '003', '004', '005', '006'];

/** The three asset processes: every database gets them, at first start and on upgrade. */
export async function seedAssetReference(ctx: SeedContext): Promise<void> {
  for (const [key, xml] of Object.entries(ASSET_PROCESS_XML)) {
    const [any] = await ctx.db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, key)).limit(1);
    if (!any) await engine.deploy(ctx.db, xml, ctx.userIds.get('admin') ?? null);
  }
}

async function holderOf(db: Db, instanceId: number) {
  const [t] = await db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])))
    .limit(1);
  return t ? { taskId: t.id, userId: t.assigneeUserId ?? (t.candidateUserIds[0] as number), kind: t.kind } : null;
}

/** Passes `passes` approval steps, then leaves the next one open, rejects it or sends it back. */
async function drive(db: Db, instanceId: number, passes: number, end: 'open' | 'reject' | 'return' = 'open') {
  for (let i = 0; i < passes; i++) {
    const h = await holderOf(db, instanceId);
    if (h?.kind !== 'approve') return;
    await engine.pass(db, { taskId: h.taskId, userId: h.userId, message: '同意' });
  }
  const h = await holderOf(db, instanceId);
  if (h?.kind !== 'approve') return;
  if (end === 'reject') await engine.reject(db, { taskId: h.taskId, userId: h.userId, message: '预算已用完，请下季度再申请' });
  if (end === 'return') await engine.rollback(db, { taskId: h.taskId, userId: h.userId, sort: 0, message: '请补充规格和报价单' });
}

type End = 'pass' | 'open' | 'reject' | 'return';
/** An end state as the steps to pass and what to do at the next one. */
const run = (db: Db, instanceId: number, end: End, open = 1) =>
  end === 'pass' ? drive(db, instanceId, 9) : end === 'open' ? drive(db, instanceId, open) : drive(db, instanceId, end === 'reject' ? 1 : 0, end);

const fen = (rand: () => number, lo: number, hi: number) => Math.round((lo + rand() * (hi - lo)) * 100);
const daysAgo = (today: Date, n: number) => isoDay(new Date(today.getTime() - n * 86_400_000));

/**
 * Demo assets (issue 19): 300 assets in the 6 locations with four years of purchases, about half in
 * use by staff, some lent to projects, a few under repair, scrapped or lost; purchase demands and use
 * applications of every state run through the real engine (some approved ones waiting to be
 * issued); one approved count and one count in progress. Notices of this history are dropped.
 */
async function seedAssets(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const rand = seededRandom(1919);
  const [mark] = await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
  const hr = ctx.userIds.get('hr01');
  if (!hr) return;
  const staff = await db.select({ id: users.id, orgId: users.orgId, code: users.userCode }).from(users).where(sql`${users.userCode} <> 'admin'`);
  const projects = await db
    .select({ id: finProjects.id })
    .from(finProjects)
    .where(and(eq(finProjects.phase, PROJECT_PHASE.active), sql`${finProjects.parentId} IS NULL`));
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)] as T;

  // The register.
  const rows: Array<typeof assets.$inferInsert> = [];
  for (let n = 0; n < 300; n++) {
    const [name, category, kind, model, lo, hi, life] = CATALOG[n % CATALOG.length] as (typeof CATALOG)[number];
    const age = Math.floor(rand() * 1400) + 5;
    const purchaseDate = daysAgo(ctx.today, age);
    const location = LOCATIONS[n % LOCATIONS.length] as string;
    const roll = rand();
    const person = pick(staff);
    let status: string = ASSET_STATUS.inStock;
    if (roll < 0.5 && category !== '007') status = ASSET_STATUS.inUse;
    else if (roll < 0.56 && projects.length) status = ASSET_STATUS.lent;
    else if (roll < 0.6) status = ASSET_STATUS.repair;
    else if (roll < 0.63 && age > 900) status = ASSET_STATUS.scrapped;
    else if (roll < 0.64) status = ASSET_STATUS.lost;
    const out = status === ASSET_STATUS.inUse || status === ASSET_STATUS.lent;
    rows.push({
      assetCode: await nextDocumentNumber(db, 'ZC', new Date(`${purchaseDate}T04:00:00Z`)),
      name,
      category,
      kind,
      brandModel: model,
      serialNo: kind === '001' ? `SN${(1e9 + Math.floor(rand() * 9e9)).toString(36).toUpperCase()}` : null,
      location,
      status,
      keeperUserId: hr,
      holderUserId: out ? person.id : null,
      projectId: status === ASSET_STATUS.lent ? pick(projects).id : null,
      orgId: out ? person.orgId : null,
      purchaseDate,
      purchaseValue: fen(rand, lo, hi),
      usefulLifeMonths: life,
      residualRateBp: kind === '001' ? 500 : 0,
      createdBy: hr,
      updatedBy: hr,
      createdAt: new Date(`${purchaseDate}T04:00:00Z`),
    });
  }
  const inserted = await db.insert(assets).values(rows).returning();
  const moves: Array<typeof assetMovements.$inferInsert> = [];
  for (const a of inserted) {
    moves.push({ assetId: a.id, kind: ASSET_MOVE.register, toLocation: a.location, remark: '登记入库', createdBy: hr, createdAt: a.createdAt });
    const later = new Date(a.createdAt.getTime() + 3 * 86_400_000);
    if (a.status === ASSET_STATUS.inUse)
      moves.push({ assetId: a.id, kind: ASSET_MOVE.claim, fromLocation: a.location, userId: a.holderUserId, createdBy: hr, createdAt: later });
    if (a.status === ASSET_STATUS.lent)
      moves.push({
        assetId: a.id,
        kind: ASSET_MOVE.project,
        fromLocation: a.location,
        userId: a.holderUserId,
        projectId: a.projectId,
        createdBy: hr,
        createdAt: later,
      });
    if (a.status === ASSET_STATUS.scrapped)
      moves.push({ assetId: a.id, kind: ASSET_MOVE.scrap, fromLocation: a.location, remark: '超过使用年限，无法维修', createdBy: hr, createdAt: later });
  }
  await db.insert(assetMovements).values(moves);

  // Purchase demands of several departments, in every state.
  const DEMANDS: Array<[string, string, number, number, string]> = [
    ['笔记本电脑', '001', 5, 780000, '新入职研发人员办公用机'],
    ['显示器', '002', 8, 199900, '研发二组扩编，双屏办公'],
    ['人体工学椅', '005', 12, 89900, '交付中心工位更新'],
    ['打印机', '004', 1, 259900, '上海分公司原打印机报废'],
    ['无线AP', '006', 4, 189900, '成都交付中心信号覆盖不足'],
    ['手机', '003', 2, 599900, '客户经理工作手机'],
    ['投影仪', '004', 1, 469900, '北京总部15层会议室'],
    ['文件柜', '005', 6, 69900, '人事档案归档'],
    ['扫描枪', '002', 3, 79900, '资产盘点用'],
    ['U盘（加密）', '008', 10, 39900, '财务数据报送'],
  ];
  const ends: Array<End | 'draft'> = ['pass', 'pass', 'open', 'pass', 'reject', 'open', 'return', 'pass', 'draft', 'open'];
  for (let n = 0; n < 24; n++) {
    const [itemName, category, quantity, unitPrice, reason] = DEMANDS[n % DEMANDS.length] as (typeof DEMANDS)[number];
    const who = staff[(n * 7 + 3) % staff.length] as (typeof staff)[number];
    const end = ends[n % ends.length] as (typeof ends)[number];
    const [row] = await db
      .insert(assetPurchaseDemands)
      .values({
        userId: who.id,
        orgId: who.orgId,
        category,
        itemName,
        spec: '以附件报价单为准',
        quantity,
        unitPrice,
        amount: quantity * unitPrice,
        reason,
        expectedDate: daysAgo(ctx.today, -14 - n),
        createdBy: who.id,
        updatedBy: who.id,
      })
      .returning();
    if (!row || end === 'draft') continue;
    const { instanceId } = await purchaseDocument.submit(db, {
      id: row.id,
      userId: who.id,
      title: `采购需求：${itemName} × ${quantity}`,
      vars: { orgId: who.orgId, amount: row.amount },
    });
    await run(db, instanceId, end, n % 2);
  }

  // Use applications: approved and issued (with the asset they got), approved waiting, open, returned, rejected.
  const inStock = inserted.filter((a) => a.status === ASSET_STATUS.inStock && a.category !== '007');
  const kinds: Array<[string, End, boolean]> = [
    [APPLY_TYPE.claim, 'pass', true],
    [APPLY_TYPE.claim, 'pass', false],
    [APPLY_TYPE.borrow, 'open', false],
    [APPLY_TYPE.claim, 'pass', true],
    [APPLY_TYPE.borrow, 'pass', true],
    [APPLY_TYPE.claim, 'reject', false],
    [APPLY_TYPE.project, 'pass', false],
    [APPLY_TYPE.claim, 'open', false],
    [APPLY_TYPE.borrow, 'return', false],
  ];
  const reasons = ['新员工入职领用', '原设备故障送修期间借用', '驻场项目需要', '岗位调整，需要第二台显示器', '出差演示使用'];
  for (let n = 0; n < 27; n++) {
    const [applyType, end, issue] = kinds[n % kinds.length] as (typeof kinds)[number];
    const who = staff[(n * 5 + 1) % staff.length] as (typeof staff)[number];
    const asset = inStock[n];
    if (!asset) break;
    const [row] = await db
      .insert(assetApplications)
      .values({
        userId: who.id,
        orgId: who.orgId,
        applyType: applyType === APPLY_TYPE.project && !projects.length ? APPLY_TYPE.borrow : applyType,
        category: asset.category,
        assetId: n % 3 === 0 ? asset.id : null,
        projectId: applyType === APPLY_TYPE.project ? (projects[0]?.id ?? null) : null,
        reason: reasons[n % reasons.length] as string,
        expectedReturnDate: applyType === APPLY_TYPE.claim ? null : daysAgo(ctx.today, -30 - n),
        createdBy: who.id,
        updatedBy: who.id,
      })
      .returning();
    if (!row) continue;
    const { instanceId } = await applyDocument.submit(db, { id: row.id, userId: who.id, title: '资产领用申请', vars: { orgId: who.orgId, applyType } });
    await run(db, instanceId, end, 1);
    if (end === 'pass' && issue) {
      const status = applyType === APPLY_TYPE.claim ? ASSET_STATUS.inUse : ASSET_STATUS.lent;
      await db.update(assets).set({ status, holderUserId: who.id, orgId: who.orgId, applyId: row.id }).where(eq(assets.id, asset.id));
      await db
        .update(assetApplications)
        .set({ issueState: ISSUE_STATE.issued, issuedAssetId: asset.id, issuedAt: ctx.today, issuedBy: hr })
        .where(eq(assetApplications.id, row.id));
      await db.insert(assetMovements).values({
        assetId: asset.id,
        kind: applyType === APPLY_TYPE.claim ? ASSET_MOVE.claim : ASSET_MOVE.borrow,
        fromLocation: asset.location,
        userId: who.id,
        applyId: row.id,
        createdBy: hr,
      });
    }
  }

  // One approved count (the warehouse, one asset missing) and one in progress (12th floor).
  for (const [location, finish] of [
    ['006', true],
    ['001', false],
  ] as const) {
    const [sheet] = await db
      .insert(assetInventories)
      .values({ location, userId: hr, orgId: ctx.orgIds.get('T002') ?? null, remark: finish ? '年中盘点' : '季度盘点', createdBy: hr, updatedBy: hr })
      .returning();
    if (!sheet) continue;
    await db.execute(sql`
      INSERT INTO asset_inventory_items (inventory_id, asset_id, expected, register_location, found, checked_at, checked_by)
      SELECT ${sheet.id}, a.id, true, a.location, CASE WHEN ${finish} OR a.id % 3 = 0 THEN true ELSE NULL END,
             CASE WHEN ${finish} OR a.id % 3 = 0 THEN now() END, ${hr}
      FROM assets a WHERE a.location = ${location} AND a.status IN ('001', '002', '004')`);
    if (finish) {
      const [missing] = await db.select({ id: assetInventoryItems.id }).from(assetInventoryItems).where(eq(assetInventoryItems.inventoryId, sheet.id)).limit(1);
      if (missing) await db.update(assetInventoryItems).set({ found: false }).where(eq(assetInventoryItems.id, missing.id));
      const { instanceId } = await inventoryDocument.submit(db, { id: sheet.id, userId: hr, title: '资产盘点：总部库房', vars: { orgId: sheet.orgId } });
      await run(db, instanceId, 'pass');
    }
  }
  // History does not notify anyone.
  await db.delete(outbox).where(and(eq(outbox.topic, 'notify'), gt(outbox.id, Number(mark?.id ?? 0))));
}

export const assetsSeed: ModuleSeed = {
  name: 'assets',
  menus: assetMenus,
  reference: seedAssetReference,
  seed: seedAssets,
};
