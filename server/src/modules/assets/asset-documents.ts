import { ASSET_MOVE, ASSET_PROCESS, ASSET_STATUS, ISSUE_STATE } from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { sketchXml } from '../../workflow/bpmn-builder';
import { assetApplications, assetInventories, assetInventoryItems, assetMovements, assetPurchaseDemands, assets } from './assets.schema';

/**
 * The three asset documents on the kernel, with their default processes (deployed at first start
 * and by the upgrade path; an administrator changes them in the designer).
 */
const line = (key: string, name: string, tasks: Array<{ id: string; name: string; erp: Record<string, string | number> }>) => {
  const chain = ['start', ...tasks.map((t) => t.id), 'end'];
  return sketchXml({
    key,
    name,
    erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'ASSET' },
    nodes: [
      { id: 'start', type: 'startEvent', name: '发起申请' },
      ...tasks.map((t) => ({ id: t.id, type: 'userTask', name: t.name, erp: t.erp })),
      { id: 'end', type: 'endEvent', name: '结束' },
    ],
    flows: chain.slice(1).map((to, i) => [`flow${i + 1}`, chain[i] as string, to] as [string, string, string]),
  });
};
const deptLeader = { id: 'deptLeader', name: '部门负责人审批', erp: { assigneeType: 'deptLeader', assigneeOrgField: 'orgId', assigneeLevels: 1, mode: 'any' } };
const admin = { id: 'assetAdmin', name: '行政资产审批', erp: { assigneeType: 'role', assigneeValue: 'hr', mode: 'any' } };
const finance = { id: 'finance', name: '财务审批', erp: { assigneeType: 'role', assigneeValue: 'finance', mode: 'any' } };

export const ASSET_PROCESS_XML: Record<string, string> = {
  [ASSET_PROCESS.purchase]: line(ASSET_PROCESS.purchase, '采购需求审批', [deptLeader, finance]),
  [ASSET_PROCESS.apply]: line(ASSET_PROCESS.apply, '资产领用审批', [deptLeader, admin]),
  [ASSET_PROCESS.inventory]: line(ASSET_PROCESS.inventory, '资产盘点差异审批', [finance]),
};

const p = assetPurchaseDemands;
export const purchaseDocument = defineDocument({
  processKey: ASSET_PROCESS.purchase,
  prefix: 'CGXQ',
  name: '采购需求',
  table: p,
  columns: { id: p.id, state: p.state, instanceId: p.processInstanceId, documentNo: p.documentNo },
  defaultDefinitionXml: ASSET_PROCESS_XML[ASSET_PROCESS.purchase],
});

const a = assetApplications;
export const applyDocument = defineDocument({
  processKey: ASSET_PROCESS.apply,
  prefix: 'ZCLY',
  name: '资产领用申请',
  table: a,
  columns: { id: a.id, state: a.state, instanceId: a.processInstanceId, documentNo: a.documentNo },
  defaultDefinitionXml: ASSET_PROCESS_XML[ASSET_PROCESS.apply],
  // Approved: the asset staff issue an asset from stock (claim/issue).
  onPassed: async (tx, row) => {
    await tx.update(a).set({ issueState: ISSUE_STATE.waiting }).where(eq(a.id, row.id));
  },
});

const inv = assetInventories;
export const inventoryDocument = defineDocument({
  processKey: ASSET_PROCESS.inventory,
  prefix: 'ZCPD',
  name: '资产盘点单',
  table: inv,
  columns: { id: inv.id, state: inv.state, instanceId: inv.processInstanceId, documentNo: inv.documentNo },
  defaultDefinitionXml: ASSET_PROCESS_XML[ASSET_PROCESS.inventory],
  onPassed: (tx, row, e) => applyDifferences(tx, row, e.userId),
});

/**
 * The approved differences of a count: missing assets become 盘亏 (lost); surplus assets — found
 * here but registered elsewhere, or found again after being lost — are moved to this location.
 */
async function applyDifferences(tx: Db, sheet: typeof inv.$inferSelect, userId: number | null): Promise<void> {
  const items = await tx
    .select({
      assetId: assetInventoryItems.assetId,
      expected: assetInventoryItems.expected,
      found: assetInventoryItems.found,
      status: assets.status,
      location: assets.location,
    })
    .from(assetInventoryItems)
    .innerJoin(assets, eq(assets.id, assetInventoryItems.assetId))
    .where(eq(assetInventoryItems.inventoryId, sheet.id));
  const losses = items.filter((i) => i.expected && i.found !== true);
  const surplus = items.filter((i) => !i.expected && i.found === true);
  const now = new Date();
  if (losses.length) {
    const ids = losses.map((i) => i.assetId);
    await tx
      .update(assets)
      .set({ status: ASSET_STATUS.lost, holderUserId: null, applyId: null, updatedAt: now, updatedBy: userId })
      .where(inArray(assets.id, ids));
    await tx.insert(assetMovements).values(
      losses.map((i) => ({
        assetId: i.assetId,
        kind: ASSET_MOVE.loss,
        fromLocation: i.location,
        inventoryId: sheet.id,
        remark: '盘点盘亏',
        createdBy: userId,
      })),
    );
  }
  for (const i of surplus) {
    await tx
      .update(assets)
      .set({
        location: sheet.location,
        status: sql`CASE WHEN ${assets.status} IN (${ASSET_STATUS.lost}, ${ASSET_STATUS.scrapped}) THEN ${ASSET_STATUS.inStock} ELSE ${assets.status} END`,
        updatedAt: now,
        updatedBy: userId,
      })
      .where(and(eq(assets.id, i.assetId)));
    await tx.insert(assetMovements).values({
      assetId: i.assetId,
      kind: ASSET_MOVE.relocate,
      fromLocation: i.location,
      toLocation: sheet.location,
      inventoryId: sheet.id,
      remark: '盘点盘盈',
      createdBy: userId,
    });
  }
}
