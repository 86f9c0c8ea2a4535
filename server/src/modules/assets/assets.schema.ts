import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/** The asset register, purchase demands, use applications and inventory counts (docs/domain/assets-front.md). */

const fen = (name: string) => bigint(name, { mode: 'number' });

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    /** `ZC` + business day + sequence (the document numbering), printed as a QR label. */
    assetCode: varchar('asset_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** ASSETCATEGORY. */
    category: varchar('category', { length: 8 }).notNull(),
    /** ASSETKIND: 001 fixed (straight-line) · 002 low-value (expensed in the purchase month). */
    kind: varchar('kind', { length: 8 }).notNull(),
    brandModel: varchar('brand_model', { length: 100 }),
    serialNo: varchar('serial_no', { length: 64 }),
    /** ASSETLOCATION. */
    location: varchar('location', { length: 8 }).notNull(),
    /** ASSETSTATUS. */
    status: varchar('status', { length: 8 }).notNull().default('001'),
    /** 保管人: the administrator answerable for it. */
    keeperUserId: integer('keeper_user_id'),
    /** 使用人 while in use or borrowed. */
    holderUserId: integer('holder_user_id'),
    /** The project it is lent to. */
    projectId: integer('project_id'),
    /** 使用部门 (data scope of the register). */
    orgId: integer('org_id'),
    purchaseDate: date('purchase_date').notNull(),
    purchaseValue: fen('purchase_value').notNull(),
    usefulLifeMonths: integer('useful_life_months').notNull(),
    residualRateBp: integer('residual_rate_bp').notNull().default(500),
    demandId: integer('demand_id'),
    /** The application it is out on (cleared on return). */
    applyId: integer('apply_id'),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('assets_code_uq').on(t.assetCode),
    index('assets_location_status_idx').on(t.location, t.status),
    index('assets_holder_idx').on(t.holderUserId).where(sql`${t.holderUserId} IS NOT NULL`),
    index('assets_project_idx').on(t.projectId).where(sql`${t.projectId} IS NOT NULL`),
    index('assets_category_idx').on(t.category, t.status),
    index('assets_org_idx').on(t.orgId),
    // The assets a keeper answers for (leaver handover, the departure check).
    index('assets_keeper_idx').on(t.keeperUserId).where(sql`status NOT IN ('005', '006')`),
  ],
);

/** Every change of place or hand of an asset, oldest first: its history. */
export const assetMovements = pgTable(
  'asset_movements',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id').notNull(),
    /** ASSETMOVE. */
    kind: varchar('kind', { length: 8 }).notNull(),
    fromLocation: varchar('from_location', { length: 8 }),
    toLocation: varchar('to_location', { length: 8 }),
    userId: integer('user_id'),
    projectId: integer('project_id'),
    applyId: integer('apply_id'),
    inventoryId: integer('inventory_id'),
    remark: varchar('remark', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [index('asset_movements_asset_idx').on(t.assetId, t.id)],
);

export const assetPurchaseDemands = pgTable(
  'asset_purchase_demands',
  {
    id: serial('id').primaryKey(),
    documentNo: varchar('document_no', { length: 24 }),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    category: varchar('category', { length: 8 }).notNull(),
    itemName: varchar('item_name', { length: 100 }).notNull(),
    spec: varchar('spec', { length: 500 }),
    quantity: integer('quantity').notNull(),
    unitPrice: fen('unit_price').notNull(),
    amount: fen('amount').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    expectedDate: date('expected_date').notNull(),
    fileGroupId: varchar('file_group_id', { length: 64 }),
    /** Assets registered against it so far. */
    receivedQty: integer('received_qty').notNull().default(0),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('asset_purchase_demands_no_uq').on(t.documentNo),
    index('asset_purchase_demands_user_idx').on(t.userId),
    index('asset_purchase_demands_instance_idx').on(t.processInstanceId),
  ],
);

export const assetApplications = pgTable(
  'asset_applications',
  {
    id: serial('id').primaryKey(),
    documentNo: varchar('document_no', { length: 24 }),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    /** ASSETAPPLYTYPE. */
    applyType: varchar('apply_type', { length: 8 }).notNull(),
    category: varchar('category', { length: 8 }).notNull(),
    /** A specific asset asked for. */
    assetId: integer('asset_id'),
    projectId: integer('project_id'),
    reason: varchar('reason', { length: 500 }).notNull(),
    expectedReturnDate: date('expected_return_date'),
    /** ASSETISSUE: 000 before approval · 001 waiting · 002 issued · 003 returned. */
    issueState: varchar('issue_state', { length: 8 }).notNull().default('000'),
    issuedAssetId: integer('issued_asset_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: integer('issued_by'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('asset_applications_no_uq').on(t.documentNo),
    index('asset_applications_user_idx').on(t.userId),
    index('asset_applications_instance_idx').on(t.processInstanceId),
    index('asset_applications_issue_idx').on(t.issueState),
  ],
);

export const assetInventories = pgTable(
  'asset_inventories',
  {
    id: serial('id').primaryKey(),
    documentNo: varchar('document_no', { length: 24 }),
    /** ASSETLOCATION. */
    location: varchar('location', { length: 8 }).notNull(),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    remark: varchar('remark', { length: 200 }),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('asset_inventories_no_uq').on(t.documentNo),
    // One open count per location: a second "open" for the same place is refused by the database too.
    uniqueIndex('asset_inventories_open_uq').on(t.location).where(sql`${t.state} IN ('draft', 'approving', 'returned')`),
    index('asset_inventories_instance_idx').on(t.processInstanceId),
  ],
);

export const assetInventoryItems = pgTable(
  'asset_inventory_items',
  {
    id: serial('id').primaryKey(),
    inventoryId: integer('inventory_id').notNull(),
    assetId: integer('asset_id').notNull(),
    /** The register had it at this location when the sheet was made. */
    expected: boolean('expected').notNull(),
    registerLocation: varchar('register_location', { length: 8 }).notNull(),
    /** null until checked. */
    found: boolean('found'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: integer('checked_by'),
  },
  (t) => [uniqueIndex('asset_inventory_items_uq').on(t.inventoryId, t.assetId)],
);
