import {
  type AuditRecord,
  auditMeta,
  type DemandSupplyRecord,
  type DictTypeRecord,
  demandSupplyMeta,
  dictTypeMeta,
  type InterviewerRecord,
  interviewerMeta,
  type RoleRecord,
  roleMeta,
  type UserRecord,
  userMeta,
} from '@erp/contract';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, demandSupplies, dictTypes, interviewers, orgUnits, roles, users } from '../../db/schema';
import { anyContains, atLeast, atMost, contains, equals, type FilterFn, inOrgSubtree } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';

/** Declarations of the base module's resources: table, fields, filters, sorting, scope, uniqueness. */

const company = alias(orgUnits, 'company');
const userOrg = alias(orgUnits, 'user_org');

/** A keyword of at most this many characters is looked up as one piece (trigrams need three). */
const PIECE_MAX_CHARS = 2;

export function isPieceKeyword(keyword: string): boolean {
  return [...keyword].length <= PIECE_MAX_CHARS;
}

/** Users with `keyword` (one or two characters) in their name, code, pinyin initials or phone. */
const hasSearchPiece = (keyword: string): SQL => sql`${users.id} IN (SELECT p.user_id FROM user_search_pieces p WHERE p.piece = lower(${keyword}))`;

/**
 * Narrows a "contains" match on a person's name, code, pinyin initials or phone by the pieces table
 * for a keyword of one or two characters (too short for the trigram indexes). Holding the piece is
 * necessary for a match in any of those columns, so the ILIKEs still decide and the answers are the
 * same; from three characters on the trigram indexes serve the ILIKEs themselves.
 */
const narrowedByPieces =
  (match: FilterFn, opts: { allColumns?: boolean } = {}): FilterFn =>
  (v) => {
    const m = match(v);
    if (!m) return m;
    const keyword = String(v);
    if (!isPieceKeyword(keyword)) return m;
    // Over all four columns holding the piece is the same as one column containing the keyword
    // (ILIKE compares lower() of both, as the pieces are cut), so the ILIKEs are left out.
    if (opts.allColumns) return hasSearchPiece(keyword);
    return sql`(${hasSearchPiece(keyword)} AND ${m})`;
  };

/** Name, code, pinyin initials or phone contains the keyword (person pickers, the user list's keyword). */
export const userKeyword = narrowedByPieces(anyContains(users.realName, users.userCode, users.namePinyin, users.phone), { allColumns: true });
export const userCodeContains = narrowedByPieces(contains(users.userCode));
/** Name or its pinyin initials. */
export const userNameContains = narrowedByPieces(anyContains(users.realName, users.namePinyin));

export const userResource = defineResource<UserRecord, typeof users>({
  meta: userMeta,
  table: users,
  idColumn: users.id,
  select: {
    id: users.id,
    userCode: users.userCode,
    realName: users.realName,
    email: users.email,
    phone: users.phone,
    orgId: users.orgId,
    orgName: userOrg.name,
    companyId: users.companyId,
    companyName: company.name,
    personCategory: users.personCategory,
    outsource: users.outsource,
    enabled: users.enabled,
    roleNames: sql<string>`coalesce((SELECT string_agg(r.name, ',' ORDER BY r.sort) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${users.id}), '')`,
    createdAt: users.createdAt,
  },
  joins: [
    { table: userOrg, on: eq(userOrg.id, users.orgId) },
    { table: company, on: eq(company.id, users.companyId) },
  ],
  filters: {
    keyword: userKeyword,
    userCode: userCodeContains,
    realName: narrowedByPieces(contains(users.realName)),
    phone: narrowedByPieces(contains(users.phone)),
    orgId: inOrgSubtree(users.orgId),
    personCategory: equals(users.personCategory),
    outsource: equals(users.outsource),
    enabled: equals(users.enabled),
    roleId: (v) => (v ? sql`${users.id} IN (SELECT user_id FROM user_roles WHERE role_id = ${Number(v)})` : undefined),
  },
  sortable: { userCode: users.userCode, realName: users.realName, orgName: userOrg.name, createdAt: users.createdAt },
  defaultOrder: [asc(users.id)],
  scope: { orgId: users.orgId, ownerUserId: users.id },
  unique: [{ columns: [users.userCode], message: '用户账号已存在', ci: true }],
});

export const dictTypeResource = defineResource<DictTypeRecord, typeof dictTypes>({
  meta: dictTypeMeta,
  table: dictTypes,
  idColumn: dictTypes.id,
  select: {
    id: dictTypes.id,
    codeType: dictTypes.codeType,
    name: dictTypes.name,
    enabled: dictTypes.enabled,
    remark: dictTypes.remark,
    itemCount: sql<number>`(SELECT count(*)::int FROM dict_items i WHERE i.code_type = ${dictTypes.codeType})`,
    updatedAt: dictTypes.updatedAt,
  },
  filters: { codeType: contains(dictTypes.codeType), name: contains(dictTypes.name), enabled: equals(dictTypes.enabled) },
  sortable: {
    codeType: dictTypes.codeType,
    name: dictTypes.name,
    updatedAt: dictTypes.updatedAt,
    itemCount: sql`(SELECT count(*) FROM dict_items i WHERE i.code_type = ${dictTypes.codeType})`,
  },
  defaultOrder: [asc(dictTypes.codeType)],
  unique: [{ columns: [dictTypes.codeType], message: '字典类型已存在' }],
});

const userCountSql = sql<number>`(SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = ${roles.id})`;
export const roleResource = defineResource<RoleRecord, typeof roles>({
  meta: roleMeta,
  table: roles,
  idColumn: roles.id,
  select: {
    id: roles.id,
    code: roles.code,
    name: roles.name,
    dataScope: sql<'all'>`${roles.dataScope}`,
    sort: roles.sort,
    enabled: roles.enabled,
    remark: roles.remark,
    userCount: userCountSql,
    updatedAt: roles.updatedAt,
  },
  filters: { code: contains(roles.code), name: contains(roles.name), dataScope: equals(roles.dataScope), enabled: equals(roles.enabled) },
  sortable: { code: roles.code, name: roles.name, sort: roles.sort, userCount: userCountSql, updatedAt: roles.updatedAt },
  defaultOrder: [asc(roles.sort)],
  unique: [{ columns: [roles.code], message: '角色编码已存在', ci: true }],
});

export const auditResource = defineResource<AuditRecord, typeof auditLog>({
  meta: auditMeta,
  table: auditLog,
  idColumn: auditLog.id,
  select: {
    id: auditLog.id,
    at: auditLog.at,
    userId: auditLog.userId,
    userCode: auditLog.userCode,
    call: auditLog.call,
    recordId: auditLog.recordId,
    before: auditLog.before,
    after: auditLog.after,
    ip: auditLog.ip,
  },
  filters: {
    userCode: contains(auditLog.userCode),
    call: contains(auditLog.call),
    recordId: equals(auditLog.recordId),
    atFrom: atLeast(auditLog.at),
    atTo: atMost(auditLog.at),
  },
  sortable: { at: auditLog.at, userCode: auditLog.userCode, call: auditLog.call },
  defaultOrder: [desc(auditLog.id)],
});

const interviewerUser = alias(users, 'interviewer_user');
const interviewerOrg = alias(orgUnits, 'interviewer_org');
export const interviewerResource = defineResource<InterviewerRecord, typeof interviewers>({
  meta: interviewerMeta,
  table: interviewers,
  idColumn: interviewers.id,
  select: {
    id: interviewers.id,
    userId: interviewers.userId,
    userCode: sql<string>`coalesce(${interviewerUser.userCode}, '')`,
    userName: sql<string>`coalesce(${interviewerUser.realName}, '')`,
    orgId: interviewerUser.orgId,
    orgName: interviewerOrg.name,
    round: interviewers.round,
    expertise: interviewers.expertise,
    enabled: interviewers.enabled,
    remark: interviewers.remark,
    updatedAt: interviewers.updatedAt,
  },
  joins: [
    { table: interviewerUser, on: eq(interviewerUser.id, interviewers.userId) },
    { table: interviewerOrg, on: eq(interviewerOrg.id, interviewerUser.orgId) },
  ],
  filters: {
    userName: contains(interviewerUser.realName),
    keyword: anyContains(interviewerUser.realName, interviewerUser.userCode, interviewerUser.namePinyin, interviewers.expertise),
    orgId: inOrgSubtree(interviewerUser.orgId),
    round: equals(interviewers.round),
    enabled: equals(interviewers.enabled),
  },
  sortable: { userName: interviewerUser.realName, userCode: interviewerUser.userCode, updatedAt: interviewers.updatedAt },
  defaultOrder: [asc(interviewers.id)],
  scope: { orgId: interviewerUser.orgId, ownerUserId: interviewers.userId },
  unique: [{ columns: [interviewers.userId], message: '该用户已是面试官' }],
});

const supplyOrg = alias(orgUnits, 'supply_org');
export const demandSupplyResource = defineResource<DemandSupplyRecord, typeof demandSupplies>({
  meta: demandSupplyMeta,
  table: demandSupplies,
  idColumn: demandSupplies.id,
  select: {
    id: demandSupplies.id,
    code: demandSupplies.code,
    name: demandSupplies.name,
    supplyType: demandSupplies.supplyType,
    contactName: demandSupplies.contactName,
    contactPhone: demandSupplies.contactPhone,
    email: demandSupplies.email,
    orgId: demandSupplies.orgId,
    orgName: supplyOrg.name,
    enabled: demandSupplies.enabled,
    remark: demandSupplies.remark,
    updatedAt: demandSupplies.updatedAt,
  },
  joins: [{ table: supplyOrg, on: eq(supplyOrg.id, demandSupplies.orgId) }],
  filters: {
    code: contains(demandSupplies.code),
    name: contains(demandSupplies.name),
    supplyType: equals(demandSupplies.supplyType),
    enabled: equals(demandSupplies.enabled),
  },
  defaultOrder: [asc(demandSupplies.code)],
  sortable: { code: demandSupplies.code, name: demandSupplies.name, updatedAt: demandSupplies.updatedAt },
  scope: { orgId: demandSupplies.orgId, ownerUserId: demandSupplies.createdBy },
  unique: [{ columns: [demandSupplies.code], message: '供应商编码已存在' }],
});
