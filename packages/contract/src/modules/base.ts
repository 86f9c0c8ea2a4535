import { z } from 'zod';
import { code, id, isoDateTime, optionalText, pageOf, requiredText, text } from '../common';
import { defineCall } from '../define';
import { PERM } from '../permissions';
import { defineResourceMeta, exportRequest, pageRequest, ZIdRequest, ZImportRequest, ZImportResult, ZStatusRequest } from '../resource';

/** Permission codes of base data beyond the shared ones in permissions.ts. */
export const BASE_PERM = {
  interviewerList: 'base:interviewer:list',
  interviewerEdit: 'base:interviewer:edit',
  supplyList: 'base:supply:list',
  supplyEdit: 'base:supply:edit',
  appList: 'base:app:list',
} as const;

/** Data scopes of a role (spec: all / own department and below / own department / self / custom departments). */
export const DATA_SCOPES = ['all', 'dept_and_below', 'dept', 'self', 'custom'] as const;
export const ZDataScope = z.enum(DATA_SCOPES);
export const ORG_TYPES = ['group', 'company', 'dept', 'team'] as const;
export const ZOrgType = z.enum(ORG_TYPES);
export const TAG_COLORS = ['green', 'red', 'orange', 'blue', 'grey'] as const;

const keyword = () => z.string().trim().max(64).optional();
const optionalId = () => id().optional().nullable();

// ---------------------------------------------------------------------------------------------
// Dictionaries
// ---------------------------------------------------------------------------------------------

/** One dictionary value as forms and tables read it (spec 000 §3 "Dictionary option"). */
export const ZDictOption = z.object({
  id: z.number().int(),
  code: z.string(),
  codeName: z.string(),
  comments: z.string().nullable(),
  parentId: z.number().int().nullable(),
  /** Tag colour of status values: green, red, orange, blue, grey (null = plain text). */
  color: z.string().nullable(),
  /** Disabled values are not offered in forms but still label old records (only in `getDictInfo`/`info`). */
  enabled: z.boolean(),
});
export type DictOption = z.output<typeof ZDictOption>;

export const ZGetDictRequest = z.object({
  /** Dictionary type such as STATUS; an empty one answers "字典类型不能为空". */
  codeType: z.string().trim().max(64).default(''),
});
export const ZGetDictResponse = z.object({ codeType: z.string(), dictOutDtos: z.array(ZDictOption) });

// ---------------------------------------------------------------------------------------------
// Workbench shortcuts
// ---------------------------------------------------------------------------------------------

export const ZAppShortcut = z.object({
  menuId: z.number().int(),
  name: z.string(),
  title: z.string(),
  path: z.string(),
  icon: z.string().nullable(),
  sort: z.number().int(),
});
export type AppShortcut = z.output<typeof ZAppShortcut>;

/** Most shortcuts one user may pin to the workbench. */
export const MAX_APP_SHORTCUTS = 30;

// ---------------------------------------------------------------------------------------------
// Dictionary administration
// ---------------------------------------------------------------------------------------------

export const ZDictTypeRecord = z.object({
  id: z.number().int(),
  codeType: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  itemCount: z.number().int(),
  updatedAt: isoDateTime(),
});
export type DictTypeRecord = z.output<typeof ZDictTypeRecord>;

export const dictTypeMeta = defineResourceMeta(ZDictTypeRecord, {
  name: 'dictType',
  title: '字典类型',
  titleEn: 'Dictionary types',
  rowKey: 'id',
  fields: {
    codeType: { label: '字典类型', labelEn: 'Type code', filter: 'like', sortable: true, required: true, immutable: true, max: 64 },
    name: { label: '字典名称', labelEn: 'Name', filter: 'like', sortable: true, required: true, max: 64 },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq', hideInForm: true },
    itemCount: { label: '字典项数', labelEn: 'Values', valueType: 'number', hideInForm: true, sortable: true },
    remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255 },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true, sortable: true },
  },
});

export const ZDictTypeFilters = { codeType: keyword(), name: keyword(), enabled: z.boolean().optional() };
export const ZDictTypeInput = z.object({
  codeType: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '字典类型只能包含字母、数字和下划线，且以字母开头'),
  name: requiredText(64),
  remark: optionalText(255),
});
export const ZDictItemInput = z.object({
  codeType: code(64),
  code: z.string().trim().min(1).max(32),
  codeName: requiredText(64),
  parentId: optionalId(),
  comments: optionalText(255),
  color: z.enum(TAG_COLORS).optional().nullable(),
  sort: z.number().int().min(0).max(100000).optional(),
});
export const ZDictTypeInfo = ZDictTypeRecord.extend({ items: z.array(ZDictOption.extend({ sort: z.number().int() })) });

// ---------------------------------------------------------------------------------------------
// Organisation
// ---------------------------------------------------------------------------------------------

export const ZOrgUnit = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  type: ZOrgType,
  path: z.string(),
  depth: z.number().int(),
  sort: z.number().int(),
  leaderUserId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  isClient: z.boolean(),
  enabled: z.boolean(),
});
export type OrgUnit = z.output<typeof ZOrgUnit>;
export interface OrgTreeNode extends OrgUnit {
  memberCount: number;
  children: OrgTreeNode[];
}
export const ZOrgTreeNode: z.ZodType<OrgTreeNode> = z.lazy(() => ZOrgUnit.extend({ memberCount: z.number().int(), children: z.array(ZOrgTreeNode) }));
export const ZOrgName = z.object({ id: z.number().int(), name: z.string(), code: z.string(), type: ZOrgType });

export const ZOrgInput = z.object({
  parentId: id(),
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, '编码只能包含字母、数字、下划线和短横线'),
  name: requiredText(128),
  type: ZOrgType,
  sort: z.number().int().min(0).max(100000).optional(),
  leaderUserId: optionalId(),
  isClient: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export const ZUserRecord = z.object({
  id: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  personCategory: z.string(),
  outsource: z.string(),
  enabled: z.boolean(),
  roleNames: z.string(),
  createdAt: isoDateTime(),
});
export type UserRecord = z.output<typeof ZUserRecord>;

export const userMeta = defineResourceMeta(ZUserRecord, {
  name: 'user',
  title: '用户',
  titleEn: 'Users',
  rowKey: 'id',
  fields: {
    userCode: { label: '用户账号', labelEn: 'User code', filter: 'like', sortable: true, required: true, immutable: true, max: 64, width: 120 },
    realName: { label: '姓名', labelEn: 'Name', filter: 'like', sortable: true, required: true, max: 64, width: 100 },
    orgId: { label: '所属部门', labelEn: 'Department', valueType: 'org', filter: 'eq', required: true, hideInTable: true, export: false },
    orgName: { label: '部门', labelEn: 'Department', hideInForm: true, sortable: true, import: false },
    companyName: { label: '公司', labelEn: 'Company', hideInForm: true, import: false },
    phone: { label: '手机号', labelEn: 'Phone', filter: 'like', max: 32 },
    email: { label: '邮箱', labelEn: 'E-mail', max: 128 },
    personCategory: { label: '人员类别', labelEn: 'Category', valueType: 'dict', dict: 'PERSONCATEGORY', filter: 'eq', required: true },
    outsource: { label: '是否外包', labelEn: 'Outsourced', valueType: 'dict', dict: 'OUTSOURCE', filter: 'eq', required: true },
    roleNames: { label: '角色', labelEn: 'Roles', hideInForm: true, import: false },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq', hideInForm: true, import: false },
    createdAt: { label: '创建时间', labelEn: 'Created', valueType: 'datetime', hideInForm: true, sortable: true, import: false },
  },
});

export const ZUserFilters = {
  keyword: keyword(),
  userCode: keyword(),
  realName: keyword(),
  phone: keyword(),
  /** Users of this unit and all units below it. */
  orgId: optionalId(),
  personCategory: z.string().max(8).optional(),
  outsource: z.string().max(8).optional(),
  enabled: z.boolean().optional(),
  roleId: optionalId(),
};
const ZPhone = z
  .string()
  .trim()
  .regex(/^[0-9+\-() ]{5,32}$/, '手机号格式不正确');
export const ZUserInput = z.object({
  userCode: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9_.@-]+$/, '账号只能包含字母、数字和 _ . @ -'),
  realName: requiredText(64),
  email: z.string().trim().email('邮箱格式不正确').max(128).optional().nullable().or(z.literal('')),
  phone: ZPhone.optional().nullable().or(z.literal('')),
  orgId: id(),
  personCategory: z.string().trim().min(1).max(8).default('001'),
  outsource: z.string().trim().min(1).max(8).default('000'),
});
export const ZRoleRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), dataScope: ZDataScope });
export const ZUserDetail = ZUserRecord.extend({ roles: z.array(ZRoleRef), namePinyin: z.string() });

/** One person in a picker or a fuzzy search answer. */
export const ZUserOption = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  userName: z.string(),
  realName: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  phone: z.string().nullable(),
});
export type UserOption = z.output<typeof ZUserOption>;

// ---------------------------------------------------------------------------------------------
// Roles, menus and buttons
// ---------------------------------------------------------------------------------------------

export const ZRoleRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  dataScope: ZDataScope,
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  userCount: z.number().int(),
  updatedAt: isoDateTime(),
});
export type RoleRecord = z.output<typeof ZRoleRecord>;
export const roleMeta = defineResourceMeta(ZRoleRecord, {
  name: 'role',
  title: '角色',
  titleEn: 'Roles',
  rowKey: 'id',
  fields: {
    code: { label: '角色编码', labelEn: 'Code', filter: 'like', sortable: true, required: true, immutable: true, max: 64 },
    name: { label: '角色名称', labelEn: 'Name', filter: 'like', sortable: true, required: true, max: 64 },
    dataScope: { label: '数据范围', labelEn: 'Data scope', valueType: 'dict', dict: 'DATASCOPE', filter: 'eq', required: true },
    sort: { label: '排序', labelEn: 'Order', valueType: 'number', sortable: true },
    userCount: { label: '用户数', labelEn: 'Users', valueType: 'number', hideInForm: true, sortable: true },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq', hideInForm: true },
    remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255, hideInTable: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true, sortable: true },
  },
});
export const ZRoleFilters = { code: keyword(), name: keyword(), dataScope: ZDataScope.optional(), enabled: z.boolean().optional() };
export const ZRoleInput = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色编码只能包含字母、数字和下划线，且以字母开头'),
  name: requiredText(64),
  dataScope: ZDataScope.default('self'),
  sort: z.number().int().min(0).max(100000).optional(),
  remark: optionalText(255),
});
export const ZRoleDetail = ZRoleRecord.extend({ menuIds: z.array(z.number().int()), orgIds: z.array(z.number().int()) });

export const MENU_TYPES = ['M', 'C', 'F'] as const;
export const ZMenuRecord = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.enum(MENU_TYPES),
  name: z.string(),
  title: z.string(),
  path: z.string(),
  component: z.string(),
  redirect: z.string().nullable(),
  icon: z.string().nullable(),
  perms: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  appType: z.enum(['front', 'back']),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type MenuRecord = z.output<typeof ZMenuRecord>;
export interface MenuTreeNode extends MenuRecord {
  children: MenuTreeNode[];
}
export const ZMenuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() => ZMenuRecord.extend({ children: z.array(ZMenuTreeNode) }));
export const ZMenuInput = z.object({
  parentId: optionalId(),
  type: z.enum(MENU_TYPES),
  name: requiredText(64),
  title: requiredText(64),
  path: text(255).trim().optional().default(''),
  component: text(255).trim().optional().default(''),
  redirect: optionalText(255),
  icon: optionalText(64),
  perms: z
    .string()
    .trim()
    .max(128)
    .regex(/^[A-Za-z0-9:_,-]*$/, '权限标识只能包含字母、数字和 : _ , -')
    .optional()
    .nullable(),
  hidden: z.boolean().optional(),
  alwaysShow: z.boolean().optional(),
  appType: z.enum(['front', 'back']).optional(),
  sort: z.number().int().min(0).max(100000).optional(),
});

export const ZAuditRecord = z.object({
  id: z.number().int(),
  at: isoDateTime(),
  userId: z.number().int().nullable(),
  userCode: z.string().nullable(),
  call: z.string(),
  recordId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditRecord = z.output<typeof ZAuditRecord>;
export const auditMeta = defineResourceMeta(ZAuditRecord, {
  name: 'audit',
  title: '操作日志',
  titleEn: 'Audit log',
  rowKey: 'id',
  fields: {
    at: { label: '时间', labelEn: 'Time', valueType: 'datetime', filter: 'range', sortable: true, width: 170 },
    userCode: { label: '操作人', labelEn: 'User', filter: 'like', sortable: true, width: 110 },
    call: { label: '接口', labelEn: 'Call', filter: 'like', sortable: true },
    recordId: { label: '记录', labelEn: 'Record', filter: 'eq', width: 90 },
    ip: { label: 'IP', width: 120 },
    after: { label: '内容', labelEn: 'Content', hideInTable: true },
    before: { label: '修改前', labelEn: 'Before', hideInTable: true },
  },
});
export const ZAuditFilters = {
  userCode: keyword(),
  call: keyword(),
  recordId: z.string().trim().max(64).optional(),
  atFrom: isoDateTime().optional(),
  atTo: isoDateTime().optional(),
};

// ---------------------------------------------------------------------------------------------
// Interviewers and demand supply (recruitment base data)
// ---------------------------------------------------------------------------------------------

export const ZInterviewerRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  userName: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  /** Interview round the interviewer takes: INTERVIEWROUND dictionary (001 first, 002 second, 003 final). */
  round: z.string(),
  expertise: z.string().nullable(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type InterviewerRecord = z.output<typeof ZInterviewerRecord>;
export const interviewerMeta = defineResourceMeta(ZInterviewerRecord, {
  name: 'interviewer',
  title: '面试官',
  titleEn: 'Interviewers',
  rowKey: 'id',
  fields: {
    userId: { label: '面试官', labelEn: 'Interviewer', valueType: 'user', required: true, immutable: true, hideInTable: true, export: false },
    userName: { label: '姓名', labelEn: 'Name', filter: 'like', sortable: true, hideInForm: true },
    userCode: { label: '账号', labelEn: 'User code', hideInForm: true, sortable: true },
    orgName: { label: '部门', labelEn: 'Department', hideInForm: true },
    orgId: { label: '部门', labelEn: 'Department', valueType: 'org', filter: 'eq', hideInTable: true, hideInForm: true, export: false },
    round: { label: '面试轮次', labelEn: 'Round', valueType: 'dict', dict: 'INTERVIEWROUND', filter: 'eq', required: true },
    expertise: { label: '擅长领域', labelEn: 'Expertise', max: 255 },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq' },
    remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255, hideInTable: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true, sortable: true },
  },
});
export const ZInterviewerFilters = {
  userName: keyword(),
  keyword: keyword(),
  orgId: optionalId(),
  round: z.string().max(8).optional(),
  enabled: z.boolean().optional(),
};
export const ZInterviewerInput = z.object({
  userId: id(),
  round: z.string().trim().min(1).max(8),
  expertise: optionalText(255),
  enabled: z.boolean().optional(),
  remark: optionalText(255),
});

export const ZDemandSupplyRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** SUPPLYTYPE dictionary: 001 recruitment agency, 002 headhunter, 003 labour dispatch. */
  supplyType: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  email: z.string().nullable(),
  /** The own department responsible for the supplier (data scope). */
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type DemandSupplyRecord = z.output<typeof ZDemandSupplyRecord>;
export const demandSupplyMeta = defineResourceMeta(ZDemandSupplyRecord, {
  name: 'demandSupply',
  title: '需求供应商',
  titleEn: 'Demand suppliers',
  rowKey: 'id',
  fields: {
    code: { label: '供应商编码', labelEn: 'Code', filter: 'like', sortable: true, required: true, immutable: true, max: 64 },
    name: { label: '供应商名称', labelEn: 'Name', filter: 'like', sortable: true, required: true, max: 128 },
    supplyType: { label: '供应类型', labelEn: 'Type', valueType: 'dict', dict: 'SUPPLYTYPE', filter: 'eq', required: true },
    contactName: { label: '联系人', labelEn: 'Contact', max: 64 },
    contactPhone: { label: '联系电话', labelEn: 'Phone', max: 32 },
    email: { label: '邮箱', labelEn: 'E-mail', max: 128, hideInTable: true },
    orgId: { label: '负责部门', labelEn: 'Department', valueType: 'org', required: true, hideInTable: true, export: false },
    orgName: { label: '负责部门', labelEn: 'Department', hideInForm: true },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq' },
    remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255, hideInTable: true },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true, sortable: true },
  },
});
export const ZDemandSupplyFilters = { code: keyword(), name: keyword(), supplyType: z.string().max(8).optional(), enabled: z.boolean().optional() };
export const ZDemandSupplyInput = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, '编码只能包含字母、数字、下划线和短横线'),
  name: requiredText(128),
  supplyType: z.string().trim().min(1).max(8),
  contactName: optionalText(64),
  contactPhone: optionalText(32),
  email: z.string().trim().email('邮箱格式不正确').max(128).optional().nullable().or(z.literal('')),
  orgId: id(),
  enabled: z.boolean().optional(),
  remark: optionalText(255),
});

// ---------------------------------------------------------------------------------------------
// Mobile app releases and banks
// ---------------------------------------------------------------------------------------------

export const ZAppRelease = z.object({
  id: z.number().int(),
  platform: z.enum(['android', 'ios']),
  version: z.string(),
  downloadUrl: z.string(),
  /** QR code of the download address as an SVG data URL. */
  qrImage: z.string().nullable(),
  notes: z.string().nullable(),
  publishedAt: isoDateTime(),
});
export const ZBank = z.object({ code: z.string(), name: z.string() });

/** Answer of the one-time-code request: the same whether or not the account exists. */
export const ZValidCodeSent = z.object({ sent: z.literal(true), expiresInSeconds: z.number().int() });

const resourceCall = { requestKind: 'json', method: 'POST' } as const;
const DICT = '/base_api/base/dictType';
const USER = '/base_api/base/api/user';
const ORG = '/base_api/base/api/org';
const ROLE = '/base_api/base/api/role';
const MENU = '/base_api/base/api/menu';
const blob = z.null();

/** Calls of the base module (base data and administration). */
export const baseCalls = {
  // ---- Dictionaries: reads for every signed-in user --------------------------------------------
  getDict: defineCall({
    ...resourceCall,
    path: `${DICT}/getDict`,
    request: ZGetDictRequest,
    data: ZGetDictResponse,
    permission: 'login',
    summary: 'Enabled values of one dictionary type, in order (cached; cleared on change)',
    fromSpec: true,
  }),
  getDicts: defineCall({
    ...resourceCall,
    path: `${DICT}/getDicts`,
    request: z.object({
      /** Several types at once: an array, or one comma-separated string. */
      codeTypes: z.union([z.array(text(64)).max(50), text(2000).transform((s) => s.split(','))]).optional(),
      codeType: z.union([z.array(text(64)).max(50), text(2000).transform((s) => s.split(','))]).optional(),
    }),
    /** Enabled values keyed by dictionary type; unknown types answer an empty list. */
    data: z.record(z.string(), z.array(ZDictOption)),
    permission: 'login',
    summary: 'Enabled values of several dictionary types in one call, keyed by type',
    fromSpec: true,
  }),
  getDictInfo: defineCall({
    ...resourceCall,
    path: `${DICT}/getDictInfo`,
    request: ZGetDictRequest,
    data: ZGetDictResponse,
    permission: 'login',
    summary: 'Every value of a type, disabled ones included (to label old records)',
    fromSpec: true,
  }),
  // ---- Dictionaries: administration -------------------------------------------------------------
  dictTypePage: defineCall({
    ...resourceCall,
    path: `${DICT}/page`,
    request: pageRequest(ZDictTypeFilters),
    data: pageOf(ZDictTypeRecord),
    permission: PERM.dictList,
    summary: 'Dictionary types, filtered, sorted and paged',
    fromSpec: true,
  }),
  dictTypeInfo: defineCall({
    ...resourceCall,
    path: `${DICT}/info`,
    request: z.object({ id: id().optional(), codeType: z.string().trim().max(64).optional() }),
    data: ZDictTypeInfo,
    permission: PERM.dictList,
    summary: 'One dictionary type (by id or codeType) with all its values',
    fromSpec: true,
  }),
  dictTypeAdd: defineCall({
    ...resourceCall,
    path: `${DICT}/add`,
    request: ZDictTypeInput,
    data: ZDictTypeRecord,
    permission: PERM.dictEdit,
    write: true,
    summary: 'Create a dictionary type (the code must be free)',
    fromSpec: true,
  }),
  dictTypeUpdate: defineCall({
    ...resourceCall,
    path: `${DICT}/update`,
    request: ZDictTypeInput.omit({ codeType: true }).extend({ id: id() }),
    data: ZDictTypeRecord,
    permission: PERM.dictEdit,
    write: true,
    summary: 'Rename a dictionary type or change its remark (the code never changes)',
    fromSpec: true,
  }),
  dictTypeChangeStatus: defineCall({
    ...resourceCall,
    path: `${DICT}/changeStatus`,
    request: ZStatusRequest.extend({ target: z.enum(['type', 'item']).default('type') }),
    data: z.null(),
    permission: PERM.dictEdit,
    write: true,
    summary: 'Enable or disable a dictionary type, or one value (target item)',
    fromSpec: true,
  }),
  dictTypeCheck: defineCall({
    ...resourceCall,
    path: `${DICT}/check`,
    request: z.object({ codeType: z.string().trim().min(1).max(64), code: z.string().trim().max(32).optional(), id: id().optional() }),
    data: z.object({ available: z.boolean(), message: z.string().nullable() }),
    permission: PERM.dictList,
    summary: 'Whether a type code (or a value code within a type) is free; id excludes the record being edited',
    fromSpec: true,
  }),
  dictItemAdd: defineCall({
    ...resourceCall,
    path: `${DICT}/item/add`,
    request: ZDictItemInput,
    data: ZDictOption,
    permission: PERM.dictEdit,
    write: true,
    summary: 'Add a value to a dictionary type',
    fromSpec: false,
  }),
  dictItemUpdate: defineCall({
    ...resourceCall,
    path: `${DICT}/item/update`,
    request: ZDictItemInput.omit({ codeType: true, code: true }).extend({ id: id() }),
    data: ZDictOption,
    permission: PERM.dictEdit,
    write: true,
    summary: 'Change a value’s name, comments, colour or order (the code never changes)',
    fromSpec: false,
  }),
  // ---- Users -----------------------------------------------------------------------------------
  getUserInfoByCode: defineCall({
    ...resourceCall,
    path: `${USER}/getUserInfoByCode`,
    request: z.object({ userCode: code(64) }),
    data: ZUserDetail,
    permission: 'login',
    summary: 'A user by code: oneself, or anyone in the data scope with base:user:list',
    fromSpec: true,
  }),
  getRoleByUserCode: defineCall({
    ...resourceCall,
    path: `${USER}/getRoleByUserCode`,
    request: z.object({ userCode: code(64) }),
    data: z.array(ZRoleRef),
    permission: 'login',
    summary: "A user's roles: one's own, or anyone's in the data scope with base:user:list",
    fromSpec: true,
  }),
  dimQueryUser: defineCall({
    ...resourceCall,
    path: `${USER}/dimQueryUser`,
    request: pageRequest({
      keyword: keyword(),
      userCode: keyword(),
      userName: keyword(),
      orgId: optionalId(),
      /** Leave these users out (e.g. the current user in the transfer dialog). */
      excludeUserCodes: z.array(text(64)).max(100).optional(),
    }),
    data: pageOf(ZUserOption),
    permission: 'login',
    summary: 'Fuzzy search of enabled users by name, code, pinyin initials or phone (person pickers), paged',
    fromSpec: true,
  }),
  saveAppIndexCustom: defineCall({
    ...resourceCall,
    path: `${USER}/saveAppIndexCustom`,
    request: z.object({
      /** The user's workbench shortcuts in display order (front applications the user's roles grant). */
      menuIds: z.array(id()).max(MAX_APP_SHORTCUTS),
    }),
    data: z.array(ZAppShortcut),
    permission: 'login',
    write: true,
    summary: "Replace the signed-in user's own workbench shortcuts (ordered); answers the saved list",
    fromSpec: true,
  }),
  getAppIndexCustomList: defineCall({
    method: 'GET',
    path: `${USER}/getAppIndexCustomList`,
    requestKind: 'query',
    request: z.object({}).passthrough(),
    data: z.array(ZAppShortcut),
    permission: 'login',
    summary: "The signed-in user's workbench shortcuts in order (only applications still granted)",
    fromSpec: true,
  }),
  userPage: defineCall({
    ...resourceCall,
    path: `${USER}/page`,
    request: pageRequest(ZUserFilters),
    data: pageOf(ZUserRecord),
    permission: PERM.userList,
    summary: 'Users in the data scope, filtered, sorted and paged',
    fromSpec: false,
  }),
  userInfo: defineCall({
    ...resourceCall,
    path: `${USER}/info`,
    request: ZIdRequest,
    data: ZUserDetail,
    permission: PERM.userList,
    summary: 'One user with roles (404 outside the data scope)',
    fromSpec: false,
  }),
  userAdd: defineCall({
    ...resourceCall,
    path: `${USER}/add`,
    request: ZUserInput.extend({ password: z.string().min(1).max(128), roleIds: z.array(id()).max(50).optional() }),
    data: ZUserRecord,
    permission: PERM.userEdit,
    write: true,
    summary: 'Create a user with an initial password and roles (the user code must be free)',
    fromSpec: false,
  }),
  userUpdate: defineCall({
    ...resourceCall,
    path: `${USER}/update`,
    request: ZUserInput.omit({ userCode: true }).extend({ id: id() }),
    data: ZUserRecord,
    permission: PERM.userEdit,
    write: true,
    summary: 'Change a user’s name, contact, department or category (the code never changes)',
    fromSpec: false,
  }),
  userChangeStatus: defineCall({
    ...resourceCall,
    path: `${USER}/changeStatus`,
    request: ZStatusRequest,
    data: z.null(),
    permission: PERM.userEdit,
    write: true,
    summary: 'Enable or disable a user (disabling ends the sessions; the last administrator cannot be disabled)',
    fromSpec: false,
  }),
  userResetPassword: defineCall({
    ...resourceCall,
    path: `${USER}/resetPassword`,
    request: ZIdRequest,
    data: z.object({ password: z.string() }),
    permission: PERM.userEdit,
    write: true,
    summary: 'Give a user a new random password (answered once) and end the user’s sessions',
    fromSpec: false,
  }),
  userAssignRoles: defineCall({
    ...resourceCall,
    path: `${USER}/assignRoles`,
    request: z.object({ id: id(), roleIds: z.array(id()).max(50) }),
    data: z.array(ZRoleRef),
    permission: PERM.userEdit,
    write: true,
    summary: 'Replace a user’s roles; applies on the user’s next call',
    fromSpec: false,
  }),
  userExport: defineCall({
    method: 'POST',
    path: `${USER}/export`,
    requestKind: 'json',
    responseKind: 'blob',
    request: exportRequest(ZUserFilters),
    data: blob,
    permission: PERM.userList,
    summary: 'The filtered users as xlsx (streamed)',
    fromSpec: false,
  }),
  userImportTemplate: defineCall({
    method: 'GET',
    path: `${USER}/importTemplate`,
    requestKind: 'query',
    responseKind: 'blob',
    request: z.object({}).passthrough(),
    data: blob,
    permission: PERM.userEdit,
    summary: 'The xlsx template of the user import',
    fromSpec: false,
  }),
  userImport: defineCall({
    method: 'POST',
    path: `${USER}/import`,
    requestKind: 'multipart',
    request: ZImportRequest,
    data: ZImportResult,
    permission: PERM.userEdit,
    write: true,
    summary: 'Check an xlsx of users (file); with confirm=true write the valid rows in one transaction',
    fromSpec: false,
  }),
  importReport: defineCall({
    method: 'GET',
    path: '/base_api/base/api/import/report',
    requestKind: 'query',
    responseKind: 'blob',
    request: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
    data: blob,
    permission: 'login',
    summary: 'Download the error report of one of one’s own imports (rows with an error column)',
    fromSpec: false,
  }),
  // ---- Password reset by one-time code ------------------------------------------------------------
  sendValidCode: defineCall({
    ...resourceCall,
    path: '/base_api/base/api/anon/sendValidCode',
    request: z.object({ userCode: code(64) }),
    data: ZValidCodeSent,
    permission: 'public',
    write: true,
    summary: 'Mail a one-time code (10 min, 5 tries) to the account’s e-mail; same answer for unknown accounts',
    fromSpec: true,
  }),
  resetPass: defineCall({
    ...resourceCall,
    path: '/base_api/base/api/anon/resetPass',
    request: z.object({ userCode: code(64), validCode: z.string().trim().min(4).max(12), newPassword: z.string().min(1).max(128) }),
    data: z.null(),
    permission: 'public',
    write: true,
    summary: 'Set a new password with the one-time code; ends every session of the user',
    fromSpec: true,
  }),
  // ---- App releases and banks ------------------------------------------------------------------
  getAppDownLoadImage: defineCall({
    method: 'GET',
    path: '/base_api/base/api/app/getAppDownLoadImage',
    requestKind: 'query',
    request: z.object({ platform: z.enum(['android', 'ios']).optional() }),
    data: ZAppRelease.nullable(),
    permission: 'public',
    summary: 'The latest mobile app release with its download QR code (null when none is published)',
    fromSpec: true,
  }),
  appSelectPage: defineCall({
    method: 'GET',
    path: '/base_api/base/api/app/selectPage',
    requestKind: 'query',
    request: pageRequest({ platform: z.enum(['android', 'ios']).optional() }),
    data: pageOf(ZAppRelease),
    permission: 'login',
    summary: 'Mobile app releases, newest first',
    fromSpec: true,
  }),
  getBank: defineCall({
    ...resourceCall,
    path: '/base_api/base/common/getBank',
    request: z.object({ keyword: keyword(), bankName: keyword() }),
    data: z.array(ZBank),
    permission: 'login',
    summary: 'Banks (BANK dictionary), optionally filtered by name',
    fromSpec: true,
  }),
  // ---- Organisation ----------------------------------------------------------------------------
  orgTree: defineCall({
    ...resourceCall,
    path: `${ORG}/tree`,
    request: z.object({
      /** Start below this unit (default: the whole tree). */
      id: optionalId(),
      includeClient: z.boolean().optional(),
      includeDisabled: z.boolean().optional(),
      /** Deepest type to include, e.g. company for a company picker. */
      maxType: ZOrgType.optional(),
    }),
    data: z.array(ZOrgTreeNode),
    permission: 'login',
    summary: 'The organisation tree with leaders and direct member counts (client companies on request)',
    fromSpec: true,
  }),
  getUserCompany: defineCall({
    ...resourceCall,
    path: `${ORG}/getUserCompany`,
    request: z.object({ userCode: z.string().trim().max(64).optional() }),
    data: ZOrgName.extend({ deptId: z.number().int().nullable(), deptName: z.string().nullable() }).nullable(),
    permission: 'login',
    summary: 'The company and department of a user (default: oneself)',
    fromSpec: true,
  }),
  getOrgNameByIds: defineCall({
    ...resourceCall,
    path: `${ORG}/getOrgNameByIds`,
    request: z.object({ ids: z.union([z.array(id()).max(500), text(5000).transform((s) => s.split(',').filter(Boolean).map(Number))]) }),
    data: z.array(ZOrgName),
    permission: 'login',
    summary: 'Names of organisation units by id',
    fromSpec: true,
  }),
  getCompanyList: defineCall({
    ...resourceCall,
    path: `${ORG}/getCompanyList`,
    request: z.object({ keyword: keyword() }),
    data: z.array(ZOrgName),
    permission: 'login',
    summary: 'The own group’s companies',
    fromSpec: true,
  }),
  getDeptById: defineCall({
    ...resourceCall,
    path: `${ORG}/getDeptById`,
    request: ZIdRequest,
    data: ZOrgUnit.extend({ parentName: z.string().nullable(), companyId: z.number().int().nullable(), memberCount: z.number().int() }),
    permission: 'login',
    summary: 'One organisation unit with its leader, parent and company',
    fromSpec: true,
  }),
  getStationDept: defineCall({
    ...resourceCall,
    path: `${ORG}/getStationDept`,
    request: z.object({ companyId: optionalId(), keyword: keyword() }),
    data: z.array(ZOrgName.extend({ parentId: z.number().int().nullable() })),
    permission: 'login',
    summary: 'Departments and teams of a company (default: one’s own) where staff can be stationed',
    fromSpec: true,
  }),
  getClientCompany: defineCall({
    ...resourceCall,
    path: `${ORG}/getClientCompany`,
    request: z.object({ keyword: keyword() }),
    data: z.array(ZOrgName),
    permission: 'login',
    summary: 'Client companies (customers the staff are dispatched to)',
    fromSpec: true,
  }),
  getSubsetList: defineCall({
    ...resourceCall,
    path: `${ORG}/getSubsetList`,
    request: ZIdRequest,
    data: z.array(ZOrgUnit),
    permission: 'login',
    summary: 'The direct children of a unit',
    fromSpec: true,
  }),
  getDepartSubsetList: defineCall({
    ...resourceCall,
    path: `${ORG}/getDepartSubsetList`,
    request: ZIdRequest,
    data: z.array(ZOrgUnit),
    permission: 'login',
    summary: 'A unit and every unit below it (one query on the materialised path)',
    fromSpec: true,
  }),
  orgAdd: defineCall({
    ...resourceCall,
    path: `${ORG}/add`,
    request: ZOrgInput,
    data: ZOrgUnit,
    permission: PERM.orgEdit,
    write: true,
    summary: 'Create an organisation unit under a parent (the code must be free)',
    fromSpec: false,
  }),
  orgUpdate: defineCall({
    ...resourceCall,
    path: `${ORG}/update`,
    request: ZOrgInput.omit({ parentId: true, code: true }).extend({ id: id(), enabled: z.boolean().optional() }),
    data: ZOrgUnit,
    permission: PERM.orgEdit,
    write: true,
    summary: 'Rename a unit, change its type, order or leader, or disable it',
    fromSpec: false,
  }),
  orgMove: defineCall({
    ...resourceCall,
    path: `${ORG}/move`,
    request: z.object({ id: id(), parentId: id(), sort: z.number().int().min(0).max(100000).optional() }),
    data: ZOrgUnit,
    permission: PERM.orgEdit,
    write: true,
    summary: 'Move a unit (and everything below it) under another parent; never under itself or its own child',
    fromSpec: false,
  }),
  orgDelete: defineCall({
    ...resourceCall,
    path: `${ORG}/delete`,
    request: ZIdRequest,
    data: z.null(),
    permission: PERM.orgEdit,
    write: true,
    summary: 'Delete a unit without sub-units or members',
    fromSpec: false,
  }),
  // ---- Roles -----------------------------------------------------------------------------------
  rolePage: defineCall({
    ...resourceCall,
    path: `${ROLE}/page`,
    request: pageRequest(ZRoleFilters),
    data: pageOf(ZRoleRecord),
    permission: PERM.roleList,
    summary: 'Roles with their user counts, filtered, sorted and paged',
    fromSpec: false,
  }),
  roleList: defineCall({
    ...resourceCall,
    path: `${ROLE}/list`,
    request: z.object({}).passthrough(),
    data: z.array(ZRoleRef.extend({ enabled: z.boolean() })),
    permission: PERM.userList,
    summary: 'Every role (for assigning roles to users)',
    fromSpec: false,
  }),
  roleInfo: defineCall({
    ...resourceCall,
    path: `${ROLE}/info`,
    request: ZIdRequest,
    data: ZRoleDetail,
    permission: PERM.roleList,
    summary: 'One role with the menus/buttons it grants and its custom departments',
    fromSpec: false,
  }),
  roleAdd: defineCall({
    ...resourceCall,
    path: `${ROLE}/add`,
    request: ZRoleInput,
    data: ZRoleRecord,
    permission: PERM.roleEdit,
    write: true,
    summary: 'Create a role (the code must be free)',
    fromSpec: false,
  }),
  roleUpdate: defineCall({
    ...resourceCall,
    path: `${ROLE}/update`,
    request: ZRoleInput.omit({ code: true, dataScope: true }).extend({ id: id() }),
    data: ZRoleRecord,
    permission: PERM.roleEdit,
    write: true,
    summary: 'Rename a role or change its order and remark',
    fromSpec: false,
  }),
  roleChangeStatus: defineCall({
    ...resourceCall,
    path: `${ROLE}/changeStatus`,
    request: ZStatusRequest,
    data: z.null(),
    permission: PERM.roleEdit,
    write: true,
    summary: 'Enable or disable a role; applies on its users’ next call',
    fromSpec: false,
  }),
  roleDelete: defineCall({
    ...resourceCall,
    path: `${ROLE}/delete`,
    request: ZIdRequest,
    data: z.null(),
    permission: PERM.roleEdit,
    write: true,
    summary: 'Delete a role no user holds (refused with the number of users otherwise)',
    fromSpec: false,
  }),
  roleGrantMenus: defineCall({
    ...resourceCall,
    path: `${ROLE}/grantMenus`,
    request: z.object({ id: id(), menuIds: z.array(id()).max(5000) }),
    data: z.array(z.number().int()),
    permission: PERM.roleEdit,
    write: true,
    summary: 'Replace the menus and buttons a role grants; applies on its users’ next call',
    fromSpec: false,
  }),
  roleDataScope: defineCall({
    ...resourceCall,
    path: `${ROLE}/dataScope`,
    request: z.object({ id: id(), dataScope: ZDataScope, orgIds: z.array(id()).max(2000).optional() }),
    data: ZRoleDetail,
    permission: PERM.roleEdit,
    write: true,
    summary: 'Set a role’s data scope (custom: the departments it may read)',
    fromSpec: false,
  }),
  // ---- Menus and buttons -------------------------------------------------------------------------
  menuTreeAll: defineCall({
    ...resourceCall,
    path: `${MENU}/tree`,
    request: z.object({ title: keyword(), includeButtons: z.boolean().optional() }),
    data: z.array(ZMenuTreeNode),
    permission: PERM.menuList,
    summary: 'Every menu, screen and button as one tree (for the menu editor and role grants)',
    fromSpec: false,
  }),
  menuAdd: defineCall({
    ...resourceCall,
    path: `${MENU}/add`,
    request: ZMenuInput,
    data: ZMenuRecord,
    permission: PERM.menuEdit,
    write: true,
    summary: 'Create a menu, screen or button (paths and permission codes must be free)',
    fromSpec: false,
  }),
  menuUpdate: defineCall({
    ...resourceCall,
    path: `${MENU}/update`,
    request: ZMenuInput.extend({ id: id(), enabled: z.boolean().optional() }),
    data: ZMenuRecord,
    permission: PERM.menuEdit,
    write: true,
    summary: 'Change a menu, screen or button; applies on users’ next call',
    fromSpec: false,
  }),
  menuDelete: defineCall({
    ...resourceCall,
    path: `${MENU}/delete`,
    request: ZIdRequest,
    data: z.null(),
    permission: PERM.menuEdit,
    write: true,
    summary: 'Delete a menu without children (its grants go with it)',
    fromSpec: false,
  }),
  // ---- Audit log --------------------------------------------------------------------------------
  auditPage: defineCall({
    ...resourceCall,
    path: '/base_api/base/api/audit/page',
    request: pageRequest(ZAuditFilters),
    data: pageOf(ZAuditRecord),
    permission: PERM.auditList,
    summary: 'The audit log of write calls, newest first',
    fromSpec: false,
  }),
  // ---- Interviewers --------------------------------------------------------------------------------
  getInterviewerList: defineCall({
    ...resourceCall,
    path: '/base_api/base/interviewer/getInterviewerList',
    request: z.object({ keyword: keyword(), round: z.string().max(8).optional(), orgId: optionalId() }),
    data: z.array(ZInterviewerRecord),
    permission: 'login',
    summary: 'Enabled interviewers (for choosing one when arranging an interview)',
    fromSpec: true,
  }),
  getInterviewerPageList: defineCall({
    ...resourceCall,
    path: '/base_api/base/interviewer/getInterviewerPageList',
    request: pageRequest(ZInterviewerFilters),
    data: pageOf(ZInterviewerRecord),
    permission: BASE_PERM.interviewerList,
    summary: 'Interviewers in the data scope, filtered, sorted and paged',
    fromSpec: true,
  }),
  addInterviewer: defineCall({
    ...resourceCall,
    path: '/base_api/base/interviewer/addInterviewer',
    request: ZInterviewerInput,
    data: ZInterviewerRecord,
    permission: BASE_PERM.interviewerEdit,
    write: true,
    summary: 'Make a user an interviewer (once per user)',
    fromSpec: true,
  }),
  updateInterviewer: defineCall({
    ...resourceCall,
    path: '/base_api/base/interviewer/updateInterviewer',
    request: ZInterviewerInput.omit({ userId: true }).extend({ id: id() }),
    data: ZInterviewerRecord,
    permission: BASE_PERM.interviewerEdit,
    write: true,
    summary: 'Change an interviewer’s round, expertise or status',
    fromSpec: true,
  }),
  interviewerExport: defineCall({
    method: 'POST',
    path: '/base_api/base/interviewer/export',
    requestKind: 'json',
    responseKind: 'blob',
    request: exportRequest(ZInterviewerFilters),
    data: blob,
    permission: BASE_PERM.interviewerList,
    summary: 'The filtered interviewers as xlsx',
    fromSpec: false,
  }),
  // ---- Demand supply -----------------------------------------------------------------------------
  demandSupplySelectPage: defineCall({
    ...resourceCall,
    path: '/base_api/base/demandSupply/selectPage',
    request: pageRequest(ZDemandSupplyFilters),
    data: pageOf(ZDemandSupplyRecord),
    permission: BASE_PERM.supplyList,
    summary: 'Demand suppliers in the data scope, filtered, sorted and paged',
    fromSpec: true,
  }),
  demandSupplyDetail: defineCall({
    ...resourceCall,
    path: '/base_api/base/demandSupply/detail',
    request: ZIdRequest,
    data: ZDemandSupplyRecord,
    permission: BASE_PERM.supplyList,
    summary: 'One demand supplier',
    fromSpec: true,
  }),
  demandSupplyAdd: defineCall({
    ...resourceCall,
    path: '/base_api/base/demandSupply/add',
    request: ZDemandSupplyInput,
    data: ZDemandSupplyRecord,
    permission: BASE_PERM.supplyEdit,
    write: true,
    summary: 'Create a demand supplier (the code must be free)',
    fromSpec: true,
  }),
  demandSupplyUpdate: defineCall({
    ...resourceCall,
    path: '/base_api/base/demandSupply/update',
    request: ZDemandSupplyInput.omit({ code: true }).extend({ id: id() }),
    data: ZDemandSupplyRecord,
    permission: BASE_PERM.supplyEdit,
    write: true,
    summary: 'Change a demand supplier',
    fromSpec: true,
  }),
  demandSupplyExport: defineCall({
    method: 'POST',
    path: '/base_api/base/demandSupply/export',
    requestKind: 'json',
    responseKind: 'blob',
    request: exportRequest(ZDemandSupplyFilters),
    data: blob,
    permission: BASE_PERM.supplyList,
    summary: 'The filtered demand suppliers as xlsx',
    fromSpec: false,
  }),
} as const;
