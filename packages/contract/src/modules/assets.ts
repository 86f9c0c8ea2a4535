import { z } from 'zod';
import { id, isoDate, isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, pageRequest } from '../resource';
import { ZSignMessage } from './bpm';

/**
 * Assets (spec 002 "Assets calls" and the front-office pages /purchaseDemandFront/index and
 * /useApplicat/index): the register of fixed and low-value assets with monthly straight-line
 * depreciation, purchase demands, use applications (claim, borrow, lend to a project) with issue
 * and return, and inventory counts. Money is integer fen. Model: docs/domain/assets-front.md.
 * The specification names four calls without their full paths; they live under /assets_api/assets/.
 */

export const ASSET_PERM = {
  /** The register (all assets, not only one's own). */
  assetList: 'assets:asset:list',
  assetEdit: 'assets:asset:edit',
  assetExport: 'assets:asset:export',
  /** Issue an approved application's asset and take assets back. */
  assetIssue: 'assets:asset:issue',
  /** Every purchase demand and use application in the data scope (not only one's own). */
  applyList: 'assets:apply:list',
  inventory: 'assets:inventory:edit',
} as const;

export const ASSET_PROCESS = {
  purchase: 'AssetPurchase_Process',
  apply: 'AssetApply_Process',
  inventory: 'AssetInventory_Process',
} as const;

/** ASSETKIND. */
export const ASSET_KIND = { fixed: '001', lowValue: '002' } as const;
/** ASSETSTATUS. */
export const ASSET_STATUS = { inStock: '001', inUse: '002', lent: '003', repair: '004', scrapped: '005', lost: '006' } as const;
/** ASSETAPPLYTYPE: 领用 (long-term use), 借用 (borrow with a return date), 项目借出 (lent to a project). */
export const APPLY_TYPE = { claim: '001', borrow: '002', project: '003' } as const;
/** ASSETISSUE: where an application is after approval. */
export const ISSUE_STATE = { none: '000', waiting: '001', issued: '002', returned: '003' } as const;
/** ASSETMOVE: the kinds of movement in an asset's history. */
export const ASSET_MOVE = {
  register: '001',
  claim: '002',
  borrow: '003',
  project: '004',
  giveBack: '005',
  relocate: '006',
  loss: '007',
  scrap: '008',
} as const;

export const ASSET_MSG = {
  notOut: '该资产未领用或借出，不能归还',
  notInStock: '该资产不在库，不能发放',
  lent: '该资产已借出，不能申请',
  unavailable: '该资产当前不可用（在用、借出、维修、报废或盘亏）',
  alreadyIssued: '该申请已发放资产，不能重复发放',
  notPassed: '申请未审批通过，不能发放',
  categoryMismatch: '发放的资产类别与申请不一致',
  returnDate: '借用和项目借出必须填写预计归还日期',
  returnBeforeToday: '预计归还日期不能早于今天',
  projectRequired: '项目借出请选择项目',
  projectNotActive: '项目不在执行中',
  demandNotPassed: '采购需求未审批通过',
  demandExceeded: '入库数量超过采购需求的剩余数量',
  /** Issue 34 §3: the value received against a demand stays within what the demand approved. */
  demandValueExceeded: (f: { amount: string; received: string; adding: string }) =>
    `入库金额超出采购需求金额：需求金额${f.amount}元，已入库${f.received}元，本次${f.adding}元，请按实际金额重新提交采购需求`,
  notEditable: '只有草稿或退回的单据可以修改',
  openCount: '该地点已有进行中的盘点单',
  countNotOpen: '盘点单已提交，不能再修改',
  codeUnknown: '资产编码不存在',
  notOnSheet: '该资产不在本盘点单中',
  scrapInStock: '只有在库的资产可以报废',
  relocateInStock: '只有在库的资产可以更换存放地点',
  purchaseFuture: '购置日期不能晚于今天',
  notAssetTask: '该任务不是资产流程的任务',
} as const;

// ---- shared pieces ------------------------------------------------------------------------------

/** Fen: a non-negative integer below 10^12 (ten billion yuan). */
const fen = () => z.coerce.number({ error: '金额必须是数字' }).int('金额以分为单位，必须是整数').min(0, '金额不能为负数').max(1e12, '金额过大');
const dict = (label: string) => z.string({ error: `请选择${label}` }).regex(/^\d{3}$/, `请选择${label}`);
const name = (label: string, max = 100) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);
const note = (label: string, max = 500) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional().nullable();
const keyword = () => z.string().trim().max(64).optional();
const ZById = z.object({ id: id() });
const ZByInstance = z.object({ processInstanceId: id() });
export const ZAssetTaskPass = z.object({ taskId: id(), message: ZSignMessage.optional().nullable() });
export const ZAssetTaskReject = z.object({ taskId: id(), message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符') });
const documentFields = {
  documentNo: z.string(),
  state: z.string(),
  /** STATUS legend code of the state. */
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
};
const documentMeta = {
  documentNo: { label: '单据编号', labelEn: 'Number', width: 150 },
  state: { label: '状态', labelEn: 'State', hideInTable: true, export: false },
  status: { label: '审批状态', labelEn: 'Status', valueType: 'dict', dict: 'STATUS', width: 100 },
  processInstanceId: { label: '流程实例', hideInTable: true, export: false },
  userId: { label: '申请人', hideInTable: true, export: false },
  userName: { label: '申请人', labelEn: 'Applicant', width: 90 },
  orgId: { label: '部门', valueType: 'org', hideInTable: true, export: false },
  orgName: { label: '部门', labelEn: 'Department', width: 120 },
  createdAt: { label: '申请时间', labelEn: 'Created', valueType: 'datetime', sortable: true, width: 160 },
  updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInTable: true },
} as const;
const documentFilters = {
  keyword: keyword(),
  state: z.enum(['draft', 'approving', 'returned', 'passed', 'rejected', 'revoked']).optional(),
  /** true: only my own (the front-office page); false/absent: all I may see. */
  mine: z.boolean().optional(),
};
export const ZAssetDocumentSaved = z.object({
  id: z.number().int(),
  documentNo: z.string(),
  state: z.string(),
  processInstanceId: z.number().int().nullable(),
});
export type AssetDocumentSaved = z.output<typeof ZAssetDocumentSaved>;

// ---- the register -------------------------------------------------------------------------------

export const ZAssetRecord = z.object({
  id: z.number().int(),
  assetCode: z.string(),
  name: z.string(),
  category: z.string(),
  kind: z.string(),
  brandModel: z.string(),
  serialNo: z.string(),
  location: z.string(),
  status: z.string(),
  keeperUserId: z.number().int().nullable(),
  keeperName: z.string(),
  holderUserId: z.number().int().nullable(),
  holderName: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  purchaseDate: z.string(),
  /** Fen. */
  purchaseValue: z.number().int(),
  usefulLifeMonths: z.number().int(),
  residualRateBp: z.number().int(),
  /** Fen, depreciation charged each month while depreciating (0 for low-value assets). */
  monthlyDepreciation: z.number().int(),
  /** Fen, up to the current month. */
  accumulatedDepreciation: z.number().int(),
  /** Fen: purchaseValue − accumulatedDepreciation. */
  netValue: z.number().int(),
  demandId: z.number().int().nullable(),
  remark: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type AssetRecord = z.output<typeof ZAssetRecord>;

export const assetMeta = defineResourceMeta(ZAssetRecord, {
  name: 'asset',
  title: '资产台账',
  titleEn: 'Asset register',
  rowKey: 'id',
  fields: {
    assetCode: { label: '资产编码', labelEn: 'Asset code', sortable: true, width: 150 },
    name: { label: '资产名称', labelEn: 'Name', sortable: true, width: 160 },
    category: { label: '资产类别', labelEn: 'Category', valueType: 'dict', dict: 'ASSETCATEGORY', filter: 'eq', width: 110 },
    kind: { label: '资产性质', labelEn: 'Kind', valueType: 'dict', dict: 'ASSETKIND', filter: 'eq', width: 110 },
    brandModel: { label: '品牌型号', labelEn: 'Model', width: 150, hideInTable: true },
    serialNo: { label: '序列号', labelEn: 'Serial no.', hideInTable: true },
    location: { label: '存放地点', labelEn: 'Location', valueType: 'dict', dict: 'ASSETLOCATION', filter: 'eq', width: 130 },
    status: { label: '资产状态', labelEn: 'Status', valueType: 'dict', dict: 'ASSETSTATUS', filter: 'eq', width: 90 },
    keeperUserId: { label: '保管人', hideInTable: true, export: false },
    keeperName: { label: '保管人', labelEn: 'Keeper', width: 90 },
    holderUserId: { label: '使用人', hideInTable: true, export: false },
    holderName: { label: '使用人', labelEn: 'User', width: 90 },
    projectId: { label: '借出项目', hideInTable: true, export: false },
    projectName: { label: '借出项目', labelEn: 'Project', width: 160, hideInTable: true },
    orgId: { label: '使用部门', valueType: 'org', hideInTable: true, export: false },
    orgName: { label: '使用部门', labelEn: 'Department', width: 120 },
    purchaseDate: { label: '购置日期', labelEn: 'Purchased', valueType: 'date', sortable: true, width: 110 },
    purchaseValue: { label: '原值', labelEn: 'Cost', valueType: 'money', sortable: true, width: 120 },
    usefulLifeMonths: { label: '使用年限（月）', labelEn: 'Life (months)', valueType: 'number', hideInTable: true },
    residualRateBp: { label: '残值率（基点）', labelEn: 'Residual (bp)', valueType: 'number', hideInTable: true },
    monthlyDepreciation: { label: '月折旧额', labelEn: 'Monthly depreciation', valueType: 'money', hideInTable: true },
    accumulatedDepreciation: { label: '累计折旧', labelEn: 'Accumulated', valueType: 'money', width: 120 },
    netValue: { label: '净值', labelEn: 'Net value', valueType: 'money', width: 120 },
    demandId: { label: '采购需求', hideInTable: true, export: false },
    remark: { label: '备注', labelEn: 'Remark', hideInTable: true },
    createdAt: { label: '登记时间', labelEn: 'Registered', valueType: 'datetime', sortable: true, hideInTable: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInTable: true, export: false },
  },
});

export const ZAssetFilters = {
  keyword: keyword(),
  category: z.string().max(8).optional(),
  kind: z.string().max(8).optional(),
  location: z.string().max(8).optional(),
  status: z.string().max(8).optional(),
  holderUserId: id().optional(),
  projectId: id().optional(),
  orgId: id().optional(),
};

export const ZAssetForm = z.object({
  name: name('资产名称'),
  category: dict('资产类别'),
  kind: z.enum(['001', '002'], { error: '请选择资产性质' }),
  brandModel: note('品牌型号', 100),
  serialNo: note('序列号', 64),
  location: dict('存放地点'),
  keeperUserId: id(),
  orgId: id().optional().nullable(),
  purchaseDate: isoDate(),
  purchaseValue: fen(),
  usefulLifeMonths: z.coerce.number({ error: '请输入使用年限' }).int('使用年限必须是整数').min(1, '使用年限至少1个月').max(600, '使用年限最多600个月'),
  residualRateBp: z.coerce.number().int('残值率必须是整数').min(0, '残值率不能为负数').max(10000, '残值率不能超过100%').default(500),
  remark: note('备注'),
});
export type AssetForm = z.input<typeof ZAssetForm>;
/** Registering: several identical items at once (ten laptops of one order), optionally against a purchase demand. */
export const ZAssetAdd = ZAssetForm.extend({
  quantity: z.coerce.number().int('数量必须是整数').min(1, '数量至少为1').max(200, '一次最多登记200件').default(1),
  demandId: id().optional().nullable(),
});
export const ZAssetUpdate = z.object({
  id: id(),
  name: name('资产名称'),
  brandModel: note('品牌型号', 100),
  serialNo: note('序列号', 64),
  keeperUserId: id(),
  /** Only while in stock (an asset out is where its user is). */
  location: dict('存放地点').optional(),
  remark: note('备注'),
});

export const ZAssetMovement = z.object({
  id: z.number().int(),
  kind: z.string(),
  fromLocation: z.string().nullable(),
  toLocation: z.string().nullable(),
  userName: z.string(),
  projectName: z.string(),
  documentNo: z.string(),
  remark: z.string(),
  operatorName: z.string(),
  createdAt: isoDateTime(),
});
export const ZDepreciationMonth = z.object({ month: z.number().int(), charge: z.number().int(), accumulated: z.number().int(), net: z.number().int() });
export const ZAssetDetail = ZAssetRecord.extend({
  movements: z.array(ZAssetMovement),
  /** The depreciation plan month by month (first 12 months from now and the last one). */
  schedule: z.array(ZDepreciationMonth),
  /** First and last month depreciation is charged (yyyymm); null for low-value assets. */
  depreciationFrom: z.number().int().nullable(),
  depreciationTo: z.number().int().nullable(),
});
export type AssetDetail = z.output<typeof ZAssetDetail>;

export const ZAssetSummaryRow = z.object({
  category: z.string(),
  count: z.number().int(),
  purchaseValue: z.number().int(),
  accumulatedDepreciation: z.number().int(),
  netValue: z.number().int(),
  /** This month's depreciation charge. */
  monthCharge: z.number().int(),
});
export const ZAssetSummary = z.object({ month: z.number().int(), rows: z.array(ZAssetSummaryRow), total: ZAssetSummaryRow });

// ---- purchase demands ---------------------------------------------------------------------------

export const ZPurchaseRecord = z.object({
  id: z.number().int(),
  ...documentFields,
  category: z.string(),
  itemName: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  expectedDate: z.string(),
  fileGroupId: z.string().nullable(),
  receivedQty: z.number().int(),
});
export type PurchaseRecord = z.output<typeof ZPurchaseRecord>;
export const purchaseMeta = defineResourceMeta(ZPurchaseRecord, {
  name: 'assetPurchase',
  title: '采购需求',
  titleEn: 'Purchase demands',
  rowKey: 'id',
  fields: {
    ...documentMeta,
    category: { label: '资产类别', labelEn: 'Category', valueType: 'dict', dict: 'ASSETCATEGORY', width: 110 },
    itemName: { label: '物品名称', labelEn: 'Item', width: 150 },
    spec: { label: '规格要求', labelEn: 'Specification', hideInTable: true },
    quantity: { label: '数量', labelEn: 'Quantity', valueType: 'number', width: 70 },
    unitPrice: { label: '预估单价', labelEn: 'Unit price', valueType: 'money', width: 110 },
    amount: { label: '预估金额', labelEn: 'Amount', valueType: 'money', width: 120 },
    reason: { label: '采购理由', labelEn: 'Reason', hideInTable: true },
    expectedDate: { label: '期望到货日期', labelEn: 'Needed by', valueType: 'date', width: 120 },
    fileGroupId: { label: '附件', valueType: 'file', hideInTable: true, export: false },
    receivedQty: { label: '已入库数量', labelEn: 'Received', valueType: 'number', width: 90 },
  },
  order: ['documentNo', 'itemName', 'category', 'quantity', 'unitPrice', 'amount', 'expectedDate', 'userName', 'orgName', 'status', 'receivedQty', 'createdAt'],
});
export const ZPurchaseForm = z.object({
  category: dict('资产类别'),
  itemName: name('物品名称'),
  spec: note('规格要求'),
  quantity: z.coerce.number({ error: '请输入数量' }).int('数量必须是整数').min(1, '数量至少为1').max(1000, '数量最多1000'),
  unitPrice: fen(),
  reason: name('采购理由', 500),
  expectedDate: isoDate(),
  fileGroupId: z.string().max(64).optional().nullable(),
  /** false keeps a draft; true (default) submits it. */
  submit: z.boolean().default(true),
});
export type PurchaseForm = z.input<typeof ZPurchaseForm>;
export const ZPurchaseDetail = ZPurchaseRecord.extend({
  /** Assets registered against the demand. */
  assets: z.array(z.object({ id: z.number().int(), assetCode: z.string(), name: z.string(), status: z.string() })),
});
export type PurchaseDetail = z.output<typeof ZPurchaseDetail>;

// ---- use applications (claim / borrow / lend to a project) --------------------------------------

export const ZApplyRecord = z.object({
  id: z.number().int(),
  ...documentFields,
  applyType: z.string(),
  category: z.string(),
  /** The asset asked for (optional) and the one issued. */
  assetId: z.number().int().nullable(),
  assetCode: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  reason: z.string(),
  expectedReturnDate: z.string().nullable(),
  issueState: z.string(),
  issuedAssetId: z.number().int().nullable(),
  issuedAssetCode: z.string(),
  issuedAssetName: z.string(),
  issuedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
});
export type ApplyRecord = z.output<typeof ZApplyRecord>;
export const applyMeta = defineResourceMeta(ZApplyRecord, {
  name: 'assetApply',
  title: '领用申请',
  titleEn: 'Use applications',
  rowKey: 'id',
  fields: {
    ...documentMeta,
    applyType: { label: '申请类型', labelEn: 'Type', valueType: 'dict', dict: 'ASSETAPPLYTYPE', filter: 'eq', width: 100 },
    category: { label: '资产类别', labelEn: 'Category', valueType: 'dict', dict: 'ASSETCATEGORY', width: 110 },
    assetId: { label: '指定资产', hideInTable: true, export: false },
    assetCode: { label: '指定资产', labelEn: 'Asset asked for', hideInTable: true },
    projectId: { label: '项目', hideInTable: true, export: false },
    projectName: { label: '项目', labelEn: 'Project', width: 150 },
    reason: { label: '申请理由', labelEn: 'Reason', hideInTable: true },
    expectedReturnDate: { label: '预计归还日期', labelEn: 'Return by', valueType: 'date', width: 120 },
    issueState: { label: '发放状态', labelEn: 'Issue', valueType: 'dict', dict: 'ASSETISSUE', filter: 'eq', width: 90 },
    issuedAssetId: { label: '发放资产', hideInTable: true, export: false },
    issuedAssetCode: { label: '发放资产编码', labelEn: 'Issued asset', width: 150 },
    issuedAssetName: { label: '发放资产', labelEn: 'Issued', width: 140 },
    issuedAt: { label: '发放时间', labelEn: 'Issued at', valueType: 'datetime', hideInTable: true },
    returnedAt: { label: '归还时间', labelEn: 'Returned at', valueType: 'datetime', hideInTable: true },
  },
  order: [
    'documentNo',
    'applyType',
    'category',
    'projectName',
    'userName',
    'orgName',
    'status',
    'issueState',
    'issuedAssetCode',
    'issuedAssetName',
    'expectedReturnDate',
    'createdAt',
  ],
});
export const ZApplyForm = z.object({
  applyType: z.enum(['001', '002', '003'], { error: '请选择申请类型' }),
  category: dict('资产类别'),
  assetId: id().optional().nullable(),
  projectId: id().optional().nullable(),
  reason: name('申请理由', 500),
  expectedReturnDate: isoDate().optional().nullable(),
  submit: z.boolean().default(true),
});
export type ApplyForm = z.input<typeof ZApplyForm>;
export const ZApplyDetail = ZApplyRecord;

export const ZLentProject = z.object({
  id: z.number().int(),
  projectNo: z.string(),
  name: z.string(),
  deptName: z.string(),
  /** Assets lent to it now. */
  lentCount: z.number().int(),
  lentValue: z.number().int(),
});

// ---- inventory counts ---------------------------------------------------------------------------

export const ZInventoryRecord = z.object({
  id: z.number().int(),
  ...documentFields,
  location: z.string(),
  remark: z.string(),
  expectedCount: z.number().int(),
  foundCount: z.number().int(),
  lossCount: z.number().int(),
  surplusCount: z.number().int(),
  uncheckedCount: z.number().int(),
});
export type InventoryRecord = z.output<typeof ZInventoryRecord>;
export const inventoryMeta = defineResourceMeta(ZInventoryRecord, {
  name: 'assetInventory',
  title: '资产盘点',
  titleEn: 'Inventory counts',
  rowKey: 'id',
  fields: {
    ...documentMeta,
    userName: { label: '盘点人', labelEn: 'Counted by', width: 90 },
    createdAt: { label: '创建时间', labelEn: 'Created', valueType: 'datetime', sortable: true, width: 160 },
    location: { label: '盘点地点', labelEn: 'Location', valueType: 'dict', dict: 'ASSETLOCATION', filter: 'eq', width: 140 },
    remark: { label: '备注', labelEn: 'Remark', hideInTable: true },
    expectedCount: { label: '账面数', labelEn: 'On register', valueType: 'number', width: 80 },
    foundCount: { label: '实盘数', labelEn: 'Found', valueType: 'number', width: 80 },
    lossCount: { label: '盘亏', labelEn: 'Missing', valueType: 'number', width: 70 },
    surplusCount: { label: '盘盈', labelEn: 'Surplus', valueType: 'number', width: 70 },
    uncheckedCount: { label: '未盘', labelEn: 'Unchecked', valueType: 'number', width: 70 },
  },
  order: ['documentNo', 'location', 'userName', 'expectedCount', 'foundCount', 'lossCount', 'surplusCount', 'uncheckedCount', 'status', 'createdAt'],
});
export const ZInventoryItem = z.object({
  assetId: z.number().int(),
  assetCode: z.string(),
  name: z.string(),
  category: z.string(),
  /** Where the register had it when the sheet was made. */
  registerLocation: z.string(),
  holderName: z.string(),
  expected: z.boolean(),
  /** null: not checked yet. */
  found: z.boolean().nullable(),
  /** ok · loss (on the register here, not found) · surplus (found here, registered elsewhere) · unchecked. */
  result: z.enum(['ok', 'loss', 'surplus', 'unchecked']),
  checkedAt: z.string().nullable(),
});
export type InventoryItem = z.output<typeof ZInventoryItem>;
export const ZInventoryDetail = ZInventoryRecord.extend({ items: z.array(ZInventoryItem) });
export type InventoryDetail = z.output<typeof ZInventoryDetail>;

// ---- calls ----------------------------------------------------------------------------------------

const A = (p: string) => `/assets_api/assets/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;

export const assetCalls = {
  assetPage: defineCall({
    ...json,
    path: A('asset/page'),
    request: pageRequest(ZAssetFilters),
    data: pageOf(ZAssetRecord),
    permission: ASSET_PERM.assetList,
    summary: 'The asset register with depreciation to date, filtered and paged',
  }),
  assetExport: defineCall({
    ...json,
    path: A('asset/export'),
    request: exportRequest(ZAssetFilters),
    data: z.null(),
    responseKind: 'blob',
    permission: ASSET_PERM.assetExport,
    summary: 'xlsx of the filtered register',
  }),
  assetInfo: defineCall({
    ...json,
    path: A('asset/info'),
    request: ZById,
    data: ZAssetDetail,
    permission: ASSET_PERM.assetList,
    summary: 'An asset with its movements and depreciation plan',
  }),
  assetAdd: defineCall({
    ...json,
    path: A('asset/add'),
    request: ZAssetAdd,
    data: z.object({ ids: z.array(z.number().int()), assetCodes: z.array(z.string()) }),
    permission: ASSET_PERM.assetEdit,
    write: true,
    summary: 'Registers one or more identical assets (in stock), optionally received against a passed purchase demand',
  }),
  assetUpdate: defineCall({
    ...json,
    path: A('asset/update'),
    request: ZAssetUpdate,
    data: ZAssetRecord,
    permission: ASSET_PERM.assetEdit,
    write: true,
    summary: 'Changes the descriptive fields of an asset (location only while in stock)',
  }),
  assetScrap: defineCall({
    ...json,
    path: A('asset/scrap'),
    request: z.object({ id: id(), remark: name('报废原因', 200) }),
    data: ZAssetRecord,
    permission: ASSET_PERM.assetEdit,
    write: true,
    summary: 'Scraps an asset in stock',
  }),
  assetSummary: defineCall({
    ...json,
    path: A('asset/summary'),
    request: z.object({ location: z.string().max(8).optional() }),
    data: ZAssetSummary,
    permission: ASSET_PERM.assetList,
    summary: 'Cost, accumulated depreciation, net value and this month’s charge per category (scrapped and lost left out)',
  }),
  assetAvailable: defineCall({
    ...json,
    path: A('asset/available'),
    request: z.object({ category: z.string().max(8).optional(), keyword: keyword() }),
    data: z.array(z.object({ id: z.number().int(), assetCode: z.string(), name: z.string(), category: z.string(), location: z.string() })),
    permission: 'login',
    summary: 'Assets in stock (at most 50) to ask for or issue',
  }),

  purchasePage: defineCall({
    ...json,
    path: A('purchase/page'),
    request: pageRequest(documentFilters),
    data: pageOf(ZPurchaseRecord),
    permission: 'login',
    summary: 'Purchase demands: my own, or all in the data scope with the apply-list permission',
  }),
  purchaseAdd: defineCall({
    ...json,
    path: A('purchase/add'),
    request: ZPurchaseForm,
    data: ZAssetDocumentSaved,
    permission: 'login',
    write: true,
    summary: 'Adds a purchase demand as a draft or submits it for approval',
  }),
  purchaseUpdate: defineCall({
    ...json,
    path: A('purchase/update'),
    request: ZPurchaseForm.extend({ id: id() }),
    data: ZAssetDocumentSaved,
    permission: 'login',
    write: true,
    summary: 'Changes my draft or returned demand (and submits it)',
  }),
  purchaseInfo: defineCall({
    ...json,
    path: A('purchase/info'),
    request: ZById,
    data: ZPurchaseDetail,
    permission: 'login',
    summary: 'A demand with the assets received against it (applicant, the asset staff, or someone on its flow)',
  }),
  getPurchaseDetailsByProIns: defineCall({
    ...json,
    path: A('purchase/getPurchaseDetailsByProIns'),
    request: ZByInstance,
    data: ZPurchaseDetail,
    permission: 'login',
    summary: 'The demand of a process instance (the process centre detail); named by spec 002',
  }),
  purchaseRevoke: defineCall({
    ...json,
    path: A('purchase/revoke'),
    request: ZById,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'The applicant withdraws a demand in approval',
  }),

  applyPage: defineCall({
    ...json,
    path: A('useApply/page'),
    request: pageRequest({ ...documentFilters, applyType: z.string().max(8).optional(), issueState: z.string().max(8).optional() }),
    data: pageOf(ZApplyRecord),
    permission: 'login',
    summary: 'Use applications: my own, or all in the data scope with the apply-list permission',
  }),
  applyAdd: defineCall({
    ...json,
    path: A('useApply/add'),
    request: ZApplyForm,
    data: ZAssetDocumentSaved,
    permission: 'login',
    write: true,
    summary: 'Applies to claim, borrow or lend to a project an asset (draft or submitted)',
  }),
  applyUpdate: defineCall({
    ...json,
    path: A('useApply/update'),
    request: ZApplyForm.extend({ id: id() }),
    data: ZAssetDocumentSaved,
    permission: 'login',
    write: true,
    summary: 'Changes my draft or returned application (and submits it)',
  }),
  applyInfo: defineCall({
    ...json,
    path: A('useApply/info'),
    request: ZById,
    data: ZApplyDetail,
    permission: 'login',
    summary: 'An application (applicant, the asset staff, or someone on its flow)',
  }),
  getClaimApplyInfoByProIns: defineCall({
    ...json,
    path: A('claim/getClaimApplyInfoByProIns'),
    request: ZByInstance,
    data: ZApplyDetail,
    permission: 'login',
    summary: 'The application of a process instance (the process centre detail); named by spec 002',
  }),
  applyRevoke: defineCall({
    ...json,
    path: A('useApply/revoke'),
    request: ZById,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'The applicant withdraws an application in approval',
  }),
  claimIssue: defineCall({
    ...json,
    path: A('claim/issue'),
    request: z.object({ applyId: id(), assetId: id() }),
    data: ZApplyDetail,
    permission: ASSET_PERM.assetIssue,
    write: true,
    summary: 'Issues an in-stock asset for a passed application; an asset is issued once, whoever clicks',
  }),
  claimReturn: defineCall({
    ...json,
    path: A('claim/return'),
    request: z.object({ assetId: id(), location: dict('存放地点').optional(), remark: note('备注', 200) }),
    data: ZAssetRecord,
    permission: ASSET_PERM.assetIssue,
    write: true,
    summary: 'Takes an asset in use or lent back into stock',
  }),
  outApplyProjectList: defineCall({
    method: 'GET',
    requestKind: 'query',
    fromSpec: false,
    path: A('outApply/getProjectList'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZLentProject),
    permission: 'login',
    summary: 'Projects in execution, with the assets lent to each (the project-lend form and its overview); named by spec 002',
  }),
  dealAgency: defineCall({
    ...json,
    path: A('instance/dealAgency'),
    request: ZAssetTaskPass,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task on any asset document (purchase, application, inventory); named by spec 002',
  }),
  rejectAgency: defineCall({
    ...json,
    path: A('instance/reject'),
    request: ZAssetTaskReject,
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects an asset document (message required); named by spec 002',
  }),

  inventoryPage: defineCall({
    ...json,
    path: A('inventory/page'),
    request: pageRequest({ keyword: keyword(), location: z.string().max(8).optional(), state: documentFilters.state }),
    data: pageOf(ZInventoryRecord),
    permission: ASSET_PERM.inventory,
    summary: 'Inventory count sheets',
  }),
  inventoryAdd: defineCall({
    ...json,
    path: A('inventory/add'),
    request: z.object({ location: dict('盘点地点'), remark: note('备注', 200) }),
    data: ZInventoryDetail,
    permission: ASSET_PERM.inventory,
    write: true,
    summary: 'Opens a count sheet for a location with every asset the register has there (one open sheet per location)',
  }),
  inventoryInfo: defineCall({
    ...json,
    path: A('inventory/info'),
    request: ZById,
    data: ZInventoryDetail,
    permission: 'login',
    summary: 'A count sheet with its items and differences (the inventory staff, or someone on its flow)',
  }),
  getInventoryByProIns: defineCall({
    ...json,
    path: A('inventory/getInventoryByProIns'),
    request: ZByInstance,
    data: ZInventoryDetail,
    permission: 'login',
    summary: 'The count sheet of a process instance (the process centre detail)',
  }),
  inventoryScan: defineCall({
    ...json,
    path: A('inventory/scan'),
    request: z.object({ id: id(), assetCode: name('资产编码', 32) }),
    data: ZInventoryItem,
    permission: ASSET_PERM.inventory,
    write: true,
    summary: 'Marks a scanned asset found; one registered elsewhere is added as surplus',
  }),
  inventoryTick: defineCall({
    ...json,
    path: A('inventory/tick'),
    request: z.object({
      id: id(),
      items: z
        .array(z.object({ assetId: id(), found: z.boolean() }))
        .min(1, '请选择资产')
        .max(2000, '一次最多2000项'),
    }),
    data: z.object({ updated: z.number().int() }),
    permission: ASSET_PERM.inventory,
    write: true,
    summary: 'Ticks items of the sheet found or missing',
  }),
  inventorySubmit: defineCall({
    ...json,
    path: A('inventory/submit'),
    request: ZById,
    data: ZAssetDocumentSaved,
    permission: ASSET_PERM.inventory,
    write: true,
    summary: 'Closes the count (unchecked items count as missing) and submits the differences for approval',
  }),
};
