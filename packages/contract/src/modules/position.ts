import { z } from 'zod';
import { id, isoDateTime, optionalText, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, type FieldMeta, pageRequest, ZImportRequest, ZImportResult } from '../resource';

/**
 * Positions (岗位) and their four ladders (spec 001 "Position management"): post large (岗位大类) ⊃
 * post clan (岗位族) ⊃ position; each position also sits in an alignment (职位序列, with a grade band)
 * and optionally a trade (行业). The model: docs/domain/positions.md.
 */

/** One permission code per button of the position screens. */
export const POSITION_PERM = {
  positionList: 'hr:position:list',
  positionEdit: 'hr:position:edit',
  positionExport: 'hr:position:export',
  positionImport: 'hr:position:import',
  alignmentList: 'hr:alignment:list',
  alignmentEdit: 'hr:alignment:edit',
  alignmentExport: 'hr:alignment:export',
  tradeList: 'hr:trade:list',
  tradeEdit: 'hr:trade:edit',
  tradeExport: 'hr:trade:export',
  postClanList: 'hr:postClan:list',
  postClanEdit: 'hr:postClan:edit',
  postClanExport: 'hr:postClan:export',
  postLargeList: 'hr:postLarge:list',
  postLargeEdit: 'hr:postLarge:edit',
  gradeList: 'hr:grade:list',
} as const;

/** Product texts of the position screens and their rules (zh-CN). */
export const POSITION_MSG = {
  codeFormat: '编码只能包含字母、数字、下划线和短横线',
  gradeOrder: '最高职级不能低于最低职级',
  gradeOutOfBand: '职级范围超出所属职位序列的职级范围',
  gradeMissing: '职级不存在',
  postLargeMissing: '岗位大类不存在或已停用',
  postClanMissing: '岗位族不存在或已停用',
  alignmentMissing: '职位序列不存在或已停用',
  tradeMissing: '行业不存在或已停用',
  orgMissing: '所属部门不存在或已停用',
  batchMissing: '岗位大类不存在',
  positionCodeTaken: '岗位编码已存在',
  alignmentCodeTaken: '职位序列编码已存在',
  tradeCodeTaken: '行业编码已存在',
  postClanCodeTaken: '岗位族编码已存在',
  postLargeCodeTaken: '岗位大类编码已存在',
} as const;

const ladderCode = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(32, `${label}不能超过32个字符`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label}：${POSITION_MSG.codeFormat}`);
const ladderName = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(64, `${label}不能超过64个字符`);
const sortNo = () => z.coerce.number().int().min(0).max(99999).optional();
const optionalId = () => id().optional().nullable();
const keyword = () => z.string().trim().max(64).optional();

// ---- Ladders: one shape, four kinds ---------------------------------------------------------------

/** What every ladder item has: a code, a name, an order, a status and a remark. */
export const ZLadderRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** Enabled positions that use the item. */
  positionCount: z.number().int(),
  updatedAt: isoDateTime(),
});
export type LadderRecord = z.output<typeof ZLadderRecord>;

/** The common fields of a ladder's metadata, labelled for that ladder ("岗位族编码", "岗位族名称"…). */
function ladderFields(zh: string, en: string) {
  return {
    code: { label: `${zh}编码`, labelEn: `${en} code`, filter: 'like', sortable: true, required: true, immutable: true, max: 32, width: 120 },
    name: { label: `${zh}名称`, labelEn: `${en} name`, filter: 'like', sortable: true, required: true, max: 64, width: 160 },
    sort: { label: '排序', labelEn: 'Order', valueType: 'number', sortable: true, width: 80 },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq', width: 90 },
    positionCount: { label: '岗位数', labelEn: 'Positions', valueType: 'number', hideInForm: true, width: 90 },
    remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255 },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true, sortable: true, width: 170 },
  } as const satisfies Record<string, FieldMeta>;
}

const ladderInput = (zh: string) =>
  z.object({
    code: ladderCode(`${zh}编码`),
    name: ladderName(`${zh}名称`),
    sort: sortNo(),
    enabled: z.boolean().optional(),
    remark: optionalText(255),
  });
const ladderFilters = { code: keyword(), name: keyword(), keyword: keyword(), enabled: z.boolean().optional() };

export const ZPostLargeRecord = ZLadderRecord.extend({ clanCount: z.number().int() });
export type PostLargeRecord = z.output<typeof ZPostLargeRecord>;
export const postLargeMeta = defineResourceMeta(ZPostLargeRecord, {
  name: 'postLarge',
  title: '岗位大类',
  titleEn: 'Post categories',
  rowKey: 'id',
  fields: {
    ...ladderFields('岗位大类', 'Category'),
    clanCount: { label: '岗位族数', labelEn: 'Clans', valueType: 'number', hideInForm: true, width: 90 },
  },
  order: ['code', 'name', 'sort', 'clanCount', 'positionCount', 'enabled', 'remark', 'updatedAt'],
});
export const ZPostLargeInput = ladderInput('岗位大类');
export const ZPostLargeFilters = ladderFilters;

export const ZPostClanRecord = ZLadderRecord.extend({ postLargeId: z.number().int(), postLargeName: z.string() });
export type PostClanRecord = z.output<typeof ZPostClanRecord>;
export const postClanMeta = defineResourceMeta(ZPostClanRecord, {
  name: 'postClan',
  title: '岗位族',
  titleEn: 'Post clans',
  rowKey: 'id',
  fields: {
    ...ladderFields('岗位族', 'Clan'),
    postLargeId: { label: '岗位大类', labelEn: 'Category', required: true, hideInTable: true, export: false },
    postLargeName: { label: '岗位大类', labelEn: 'Category', hideInForm: true, sortable: true, width: 140 },
  },
  order: ['code', 'name', 'postLargeName', 'postLargeId', 'sort', 'positionCount', 'enabled', 'remark', 'updatedAt'],
});
export const ZPostClanInput = ladderInput('岗位族').extend({ postLargeId: id() });
export const ZPostClanFilters = { ...ladderFilters, postLargeId: optionalId() };

export const ZAlignmentRecord = ZLadderRecord.extend({
  minGradeId: z.number().int().nullable(),
  minGradeName: z.string().nullable(),
  maxGradeId: z.number().int().nullable(),
  maxGradeName: z.string().nullable(),
});
export type AlignmentRecord = z.output<typeof ZAlignmentRecord>;
export const alignmentMeta = defineResourceMeta(ZAlignmentRecord, {
  name: 'alignment',
  title: '职位序列',
  titleEn: 'Job sequences',
  rowKey: 'id',
  fields: {
    ...ladderFields('序列', 'Sequence'),
    minGradeId: { label: '最低职级', labelEn: 'Lowest grade', hideInTable: true, export: false },
    minGradeName: { label: '最低职级', labelEn: 'Lowest grade', hideInForm: true, width: 120 },
    maxGradeId: { label: '最高职级', labelEn: 'Highest grade', hideInTable: true, export: false },
    maxGradeName: { label: '最高职级', labelEn: 'Highest grade', hideInForm: true, width: 120 },
  },
  order: ['code', 'name', 'minGradeName', 'maxGradeName', 'minGradeId', 'maxGradeId', 'sort', 'positionCount', 'enabled', 'remark', 'updatedAt'],
});
/** A sequence's grade band: both ends or neither. */
export const ZAlignmentInput = ladderInput('序列').extend({ minGradeId: optionalId(), maxGradeId: optionalId() });
export const ZAlignmentFilters = ladderFilters;

export const ZTradeRecord = ZLadderRecord;
export type TradeRecord = LadderRecord;
export const tradeMeta = defineResourceMeta(ZTradeRecord, {
  name: 'trade',
  title: '行业',
  titleEn: 'Trades',
  rowKey: 'id',
  fields: ladderFields('行业', 'Trade'),
});
export const ZTradeInput = ladderInput('行业');
export const ZTradeFilters = ladderFilters;

/** An enabled ladder item for selects. */
export const ZLadderOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const ZPostClanOption = ZLadderOption.extend({ postLargeId: z.number().int(), postLargeName: z.string() });
export const ZAlignmentOption = ZLadderOption.extend({ minGradeId: z.number().int().nullable(), maxGradeId: z.number().int().nullable() });

// ---- Positions --------------------------------------------------------------------------------------

export const ZPositionRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  postLargeId: z.number().int(),
  postLargeName: z.string(),
  postClanId: z.number().int(),
  postClanName: z.string(),
  alignmentId: z.number().int(),
  alignmentName: z.string(),
  tradeId: z.number().int().nullable(),
  tradeName: z.string().nullable(),
  /** The unit that owns the position; null = every unit of the group may use it. */
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  minGradeId: z.number().int(),
  minGradeName: z.string(),
  maxGradeId: z.number().int(),
  maxGradeName: z.string(),
  /** Approved head count (编制); null = not budgeted. */
  headcount: z.number().int().nullable(),
  duty: z.string().nullable(),
  requirement: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type PositionRecord = z.output<typeof ZPositionRecord>;
export const positionMeta = defineResourceMeta(ZPositionRecord, {
  name: 'position',
  title: '岗位',
  titleEn: 'Positions',
  rowKey: 'id',
  fields: {
    code: { label: '岗位编码', labelEn: 'Position code', filter: 'like', sortable: true, required: true, immutable: true, max: 32, width: 110 },
    name: { label: '岗位名称', labelEn: 'Position name', filter: 'like', sortable: true, required: true, max: 64, width: 140 },
    postLargeId: { label: '岗位大类', labelEn: 'Category', hideInTable: true, hideInForm: true, export: false },
    postLargeName: { label: '岗位大类', labelEn: 'Category', hideInForm: true, width: 110 },
    postClanId: { label: '岗位族', labelEn: 'Clan', required: true, hideInTable: true, export: false },
    postClanName: { label: '岗位族', labelEn: 'Clan', hideInForm: true, sortable: true, width: 120 },
    alignmentId: { label: '职位序列', labelEn: 'Sequence', required: true, hideInTable: true, export: false },
    alignmentName: { label: '职位序列', labelEn: 'Sequence', hideInForm: true, sortable: true, width: 110 },
    tradeId: { label: '行业', labelEn: 'Trade', hideInTable: true, export: false },
    tradeName: { label: '行业', labelEn: 'Trade', hideInForm: true, width: 110 },
    orgId: { label: '所属部门', labelEn: 'Department', valueType: 'org', filter: 'eq', hideInTable: true, export: false },
    orgName: { label: '所属部门', labelEn: 'Department', hideInForm: true, width: 130 },
    minGradeId: { label: '最低职级', labelEn: 'Lowest grade', required: true, hideInTable: true, export: false },
    minGradeName: { label: '最低职级', labelEn: 'Lowest grade', hideInForm: true, width: 100 },
    maxGradeId: { label: '最高职级', labelEn: 'Highest grade', required: true, hideInTable: true, export: false },
    maxGradeName: { label: '最高职级', labelEn: 'Highest grade', hideInForm: true, width: 100 },
    headcount: { label: '编制人数', labelEn: 'Headcount', valueType: 'number', sortable: true, width: 90 },
    duty: { label: '岗位职责', labelEn: 'Duties', valueType: 'textarea', max: 1000, hideInTable: true },
    requirement: { label: '任职要求', labelEn: 'Requirements', valueType: 'textarea', max: 1000, hideInTable: true },
    sort: { label: '排序', labelEn: 'Order', valueType: 'number', sortable: true, hideInTable: true },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq', width: 90 },
    remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255, hideInTable: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true, sortable: true, width: 170 },
  },
});
export const ZPositionFilters = {
  code: keyword(),
  name: keyword(),
  /** Code or name. */
  keyword: keyword(),
  postLargeId: optionalId(),
  postClanId: optionalId(),
  alignmentId: optionalId(),
  tradeId: optionalId(),
  /** The unit and everything below it. */
  orgId: optionalId(),
  enabled: z.boolean().optional(),
};
export const ZPositionInput = z.object({
  code: ladderCode('岗位编码'),
  name: ladderName('岗位名称'),
  postClanId: id(),
  alignmentId: id(),
  tradeId: optionalId(),
  orgId: optionalId(),
  minGradeId: id(),
  maxGradeId: id(),
  headcount: z.coerce.number().int('编制人数必须是整数').min(0, '编制人数不能小于0').max(100000, '编制人数不能超过100000').optional().nullable(),
  duty: optionalText(1000),
  requirement: optionalText(1000),
  sort: sortNo(),
  enabled: z.boolean().optional(),
  remark: optionalText(255),
});
export type PositionInput = z.input<typeof ZPositionInput>;

/** A position for selects (employee forms, recruitment demands). */
export const ZPositionOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  postClanId: z.number().int(),
  postClanName: z.string(),
  alignmentId: z.number().int(),
  orgId: z.number().int().nullable(),
  minGradeId: z.number().int(),
  maxGradeId: z.number().int(),
});

// ---- Grades --------------------------------------------------------------------------------------------

export const ZGradeOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  /** The company the grade belongs to; null = shared by the group. */
  orgId: z.number().int().nullable(),
  /** Sequences whose grade band holds this grade. */
  alignmentNames: z.array(z.string()),
});
export type GradeOption = z.output<typeof ZGradeOption>;

// ---- Calls ---------------------------------------------------------------------------------------------

const P = (name: string) => `/hr_api/hrm/api/position/${name}`;
const json = { method: 'POST', requestKind: 'json' } as const;
const blob = z.null();
const exportCall = { method: 'POST', requestKind: 'json', responseKind: 'blob', data: blob } as const;
const optionsCall = { method: 'GET', requestKind: 'query', permission: 'login' } as const;

export const ZBatchPostLargeRequest = z.object({
  /** The items to change: each its new order and/or status. All are changed or none. */
  list: z
    .array(z.object({ id: id(), sort: sortNo(), enabled: z.boolean().optional() }))
    .min(1, '请选择岗位大类')
    .max(200, '一次最多修改200个岗位大类'),
});

export const positionCalls = {
  // ---- Positions ----
  positionPage: defineCall({
    ...json,
    path: P('getPositionPageList'),
    request: pageRequest(ZPositionFilters),
    data: pageOf(ZPositionRecord),
    permission: POSITION_PERM.positionList,
    summary: 'Positions, filtered (keyword, category, clan, sequence, trade, unit subtree, status), sorted and paged',
    fromSpec: true,
  }),
  positionAdd: defineCall({
    ...json,
    path: P('add'),
    request: ZPositionInput,
    data: ZPositionRecord,
    permission: POSITION_PERM.positionEdit,
    write: true,
    summary: 'Adds a position (unique code; enabled clan, sequence and trade; grade range inside the sequence band)',
    fromSpec: true,
  }),
  positionUpdate: defineCall({
    ...json,
    path: P('update'),
    request: ZPositionInput.omit({ code: true }).extend({ id: id() }),
    data: ZPositionRecord,
    permission: POSITION_PERM.positionEdit,
    write: true,
    summary: 'Changes a position (the code stays)',
    fromSpec: true,
  }),
  positionList: defineCall({
    ...json,
    path: P('getList'),
    request: z.object({ orgId: optionalId(), postClanId: optionalId(), alignmentId: optionalId(), keyword: keyword() }),
    data: z.array(ZPositionOption),
    permission: 'login',
    summary: 'Enabled positions for a select (at most 500): of a unit (its own, its parents’ and the group-wide ones) and/or a clan',
    fromSpec: true,
  }),
  positionExport: defineCall({
    ...exportCall,
    path: P('exportPosition'),
    request: exportRequest(ZPositionFilters),
    permission: POSITION_PERM.positionExport,
    summary: 'The filtered positions as xlsx',
    fromSpec: true,
  }),
  positionTemplate: defineCall({
    method: 'GET',
    path: P('exportTemplate'),
    requestKind: 'query',
    responseKind: 'blob',
    request: z.object({}).passthrough(),
    data: blob,
    permission: POSITION_PERM.positionImport,
    summary: 'The xlsx template of the position import',
    fromSpec: false,
  }),
  positionImport: defineCall({
    method: 'POST',
    path: P('importPosition'),
    requestKind: 'multipart',
    request: ZImportRequest,
    data: ZImportResult,
    permission: POSITION_PERM.positionImport,
    write: true,
    summary: 'Checks an xlsx of positions (file); with confirm=true writes the valid rows in one transaction',
    fromSpec: false,
  }),

  // ---- Sequences (alignment) ----
  alignmentPage: defineCall({
    ...json,
    path: P('getAlignmentPageList'),
    request: pageRequest(ZAlignmentFilters),
    data: pageOf(ZAlignmentRecord),
    permission: POSITION_PERM.alignmentList,
    summary: 'Job sequences, filtered, sorted and paged',
    fromSpec: true,
  }),
  alignmentAdd: defineCall({
    ...json,
    path: P('addAlignment'),
    request: ZAlignmentInput,
    data: ZAlignmentRecord,
    permission: POSITION_PERM.alignmentEdit,
    write: true,
    summary: 'Adds a job sequence with its grade band',
    fromSpec: true,
  }),
  alignmentUpdate: defineCall({
    ...json,
    path: P('updateAlignment'),
    request: ZAlignmentInput.omit({ code: true }).extend({ id: id() }),
    data: ZAlignmentRecord,
    permission: POSITION_PERM.alignmentEdit,
    write: true,
    summary: 'Changes a job sequence (its band must still hold its positions’ grade ranges)',
    fromSpec: true,
  }),
  alignmentOptions: defineCall({
    ...optionsCall,
    path: P('getAlignmentList'),
    request: z.object({}).passthrough(),
    data: z.array(ZAlignmentOption),
    summary: 'Enabled job sequences for selects',
    fromSpec: true,
  }),
  alignmentExport: defineCall({
    ...exportCall,
    path: P('exportPositionAlignment'),
    request: exportRequest(ZAlignmentFilters),
    permission: POSITION_PERM.alignmentExport,
    summary: 'The filtered job sequences as xlsx',
    fromSpec: true,
  }),

  // ---- Trades ----
  tradePage: defineCall({
    ...json,
    path: P('getTradePageList'),
    request: pageRequest(ZTradeFilters),
    data: pageOf(ZTradeRecord),
    permission: POSITION_PERM.tradeList,
    summary: 'Trades, filtered, sorted and paged',
    fromSpec: true,
  }),
  tradeAdd: defineCall({
    ...json,
    path: P('addTrade'),
    request: ZTradeInput,
    data: ZTradeRecord,
    permission: POSITION_PERM.tradeEdit,
    write: true,
    summary: 'Adds a trade',
    fromSpec: true,
  }),
  tradeUpdate: defineCall({
    ...json,
    path: P('updateTrade'),
    request: ZTradeInput.omit({ code: true }).extend({ id: id() }),
    data: ZTradeRecord,
    permission: POSITION_PERM.tradeEdit,
    write: true,
    summary: 'Changes a trade',
    fromSpec: true,
  }),
  tradeOptions: defineCall({
    ...optionsCall,
    path: P('getTradeList'),
    request: z.object({}).passthrough(),
    data: z.array(ZLadderOption),
    summary: 'Enabled trades for selects',
    fromSpec: true,
  }),
  tradeExport: defineCall({
    ...exportCall,
    path: P('exportPositionTrade'),
    request: exportRequest(ZTradeFilters),
    permission: POSITION_PERM.tradeExport,
    summary: 'The filtered trades as xlsx',
    fromSpec: true,
  }),

  // ---- Post clans ----
  postClanPage: defineCall({
    ...json,
    path: P('getPostClanPageList'),
    request: pageRequest(ZPostClanFilters),
    data: pageOf(ZPostClanRecord),
    permission: POSITION_PERM.postClanList,
    summary: 'Post clans, filtered (also by category), sorted and paged',
    fromSpec: true,
  }),
  postClanAdd: defineCall({
    ...json,
    path: P('addPostClan'),
    request: ZPostClanInput,
    data: ZPostClanRecord,
    permission: POSITION_PERM.postClanEdit,
    write: true,
    summary: 'Adds a post clan under an enabled category',
    fromSpec: true,
  }),
  postClanUpdate: defineCall({
    ...json,
    path: P('updatePostClan'),
    request: ZPostClanInput.omit({ code: true }).extend({ id: id() }),
    data: ZPostClanRecord,
    permission: POSITION_PERM.postClanEdit,
    write: true,
    summary: 'Changes a post clan (it may move to another category)',
    fromSpec: true,
  }),
  postClanOptions: defineCall({
    ...optionsCall,
    path: P('getPostClanList'),
    request: z.object({ postLargeId: optionalId() }),
    data: z.array(ZPostClanOption),
    summary: 'Enabled post clans of enabled categories for selects, optionally of one category',
    fromSpec: true,
  }),
  postClanExport: defineCall({
    ...exportCall,
    path: P('exportPositionPostClan'),
    request: exportRequest(ZPostClanFilters),
    permission: POSITION_PERM.postClanExport,
    summary: 'The filtered post clans as xlsx',
    fromSpec: true,
  }),

  // ---- Post categories (post large) ----
  postLargePage: defineCall({
    ...json,
    path: P('getPostLargePageList'),
    request: pageRequest(ZPostLargeFilters),
    data: pageOf(ZPostLargeRecord),
    permission: POSITION_PERM.postLargeList,
    summary: 'Post categories, filtered, sorted and paged',
    fromSpec: true,
  }),
  postLargeAdd: defineCall({
    ...json,
    path: P('addPostLarge'),
    request: ZPostLargeInput,
    data: ZPostLargeRecord,
    permission: POSITION_PERM.postLargeEdit,
    write: true,
    summary: 'Adds a post category',
    fromSpec: true,
  }),
  postLargeUpdate: defineCall({
    ...json,
    path: P('updatePostLarge'),
    request: ZPostLargeInput.omit({ code: true }).extend({ id: id() }),
    data: ZPostLargeRecord,
    permission: POSITION_PERM.postLargeEdit,
    write: true,
    summary: 'Changes a post category',
    fromSpec: true,
  }),
  postLargeBatchUpdate: defineCall({
    ...json,
    path: P('batchUpdatePostLarge'),
    request: ZBatchPostLargeRequest,
    data: z.object({ updated: z.number().int() }),
    permission: POSITION_PERM.postLargeEdit,
    write: true,
    summary: 'Re-orders and/or enables/disables several post categories in one transaction (all or none)',
    fromSpec: true,
  }),
  postLargeOptions: defineCall({
    ...optionsCall,
    path: P('getPostLargeList'),
    request: z.object({}).passthrough(),
    data: z.array(ZLadderOption),
    summary: 'Enabled post categories for selects',
    fromSpec: true,
  }),

  // ---- Grades ----
  gradeList: defineCall({
    ...json,
    path: '/hr_api/hrm/api/grade/getList',
    request: z.object({ orgId: optionalId(), alignmentId: optionalId(), positionId: optionalId(), keyword: keyword() }),
    data: z.array(ZGradeOption),
    permission: 'login',
    summary: 'Grades by level: of a unit’s company and the shared ones, within a sequence’s band or a position’s range',
    fromSpec: true,
  }),
} as const;
