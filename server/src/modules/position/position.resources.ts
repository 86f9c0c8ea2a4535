import {
  type AlignmentRecord,
  alignmentMeta,
  POSITION_MSG,
  type PositionRecord,
  type PostClanRecord,
  type PostLargeRecord,
  positionMeta,
  postClanMeta,
  postLargeMeta,
  type TradeRecord,
  tradeMeta,
} from '@erp/contract';
import { asc, type Column, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { grades, orgUnits } from '../../db/schema';
import { anyContains, contains, equals, type FilterFn, inOrgSubtree } from '../../platform/resource/filters';
import type { Readable } from '../../platform/resource/page-statement';
import { defineResource, type Join } from '../../platform/resource/resource';
import { positionAlignments, positions, positionTrades, postClans, postLarges } from './position.schema';

/**
 * The five resources of position management. The four ladders are one declaration (`ladder`) over
 * the columns they share; each adds only its own fields, joins and filters.
 */

type LadderTable = typeof postLarges | typeof postClans | typeof positionAlignments | typeof positionTrades;

interface LadderExtras<R> {
  /** Enabled positions that use an item of this ladder (a correlated count). */
  positionCount: SQL;
  select?: Partial<Record<keyof R, Readable>>;
  joins?: Join[];
  filters?: Record<string, FilterFn>;
  sortable?: Record<string, Column | SQL>;
  duplicateMessage: string;
}

function ladder<R extends Record<string, unknown>, T extends LadderTable>(
  meta: Parameters<typeof defineResource<R, T>>[0]['meta'],
  table: T,
  extras: LadderExtras<R>,
) {
  const t = table as typeof postLarges;
  const select = {
    id: t.id,
    code: t.code,
    name: t.name,
    sort: t.sort,
    enabled: t.enabled,
    remark: t.remark,
    positionCount: extras.positionCount,
    updatedAt: t.updatedAt,
    ...extras.select,
  } as { [K in keyof R]: Readable };
  return defineResource<R, T>({
    meta,
    table,
    idColumn: t.id,
    select,
    joins: extras.joins,
    filters: { code: contains(t.code), name: contains(t.name), keyword: anyContains(t.code, t.name), enabled: equals(t.enabled), ...extras.filters },
    sortable: { code: t.code, name: t.name, sort: t.sort, updatedAt: t.updatedAt, ...extras.sortable },
    defaultOrder: [asc(t.sort), asc(t.code)],
    unique: [{ columns: [t.code], message: extras.duplicateMessage, ci: true }],
  });
}

/**
 * The outer row's id, table-qualified: Drizzle writes a lone table's columns unqualified, and inside a
 * sub-select a bare "id" would mean the sub-select's own row.
 */
const outerId = (table: LadderTable) => sql.raw(`"${getTableName(table)}"."id"`);

const countPositions = (where: SQL) => sql<number>`(SELECT count(*)::int FROM positions p WHERE p.enabled AND ${where})`;

export const postLargeResource = ladder<PostLargeRecord, typeof postLarges>(postLargeMeta, postLarges, {
  positionCount: sql<number>`(SELECT count(*)::int FROM positions p JOIN post_clans c ON c.id = p.post_clan_id WHERE p.enabled AND c.post_large_id = ${outerId(postLarges)})`,
  select: { clanCount: sql<number>`(SELECT count(*)::int FROM post_clans c WHERE c.post_large_id = ${outerId(postLarges)})` },
  duplicateMessage: POSITION_MSG.postLargeCodeTaken,
});

const clanLarge = alias(postLarges, 'clan_large');
export const postClanResource = ladder<PostClanRecord, typeof postClans>(postClanMeta, postClans, {
  positionCount: countPositions(sql`p.post_clan_id = ${outerId(postClans)}`),
  select: { postLargeId: postClans.postLargeId, postLargeName: sql<string>`coalesce(${clanLarge.name}, '')` },
  joins: [{ table: clanLarge, on: eq(clanLarge.id, postClans.postLargeId) }],
  filters: { postLargeId: equals(postClans.postLargeId) },
  sortable: { postLargeName: clanLarge.name },
  duplicateMessage: POSITION_MSG.postClanCodeTaken,
});

const bandMin = alias(grades, 'band_min');
const bandMax = alias(grades, 'band_max');
export const alignmentResource = ladder<AlignmentRecord, typeof positionAlignments>(alignmentMeta, positionAlignments, {
  positionCount: countPositions(sql`p.alignment_id = ${outerId(positionAlignments)}`),
  select: { minGradeId: positionAlignments.minGradeId, minGradeName: bandMin.name, maxGradeId: positionAlignments.maxGradeId, maxGradeName: bandMax.name },
  joins: [
    { table: bandMin, on: eq(bandMin.id, positionAlignments.minGradeId) },
    { table: bandMax, on: eq(bandMax.id, positionAlignments.maxGradeId) },
  ],
  duplicateMessage: POSITION_MSG.alignmentCodeTaken,
});

export const tradeResource = ladder<TradeRecord, typeof positionTrades>(tradeMeta, positionTrades, {
  positionCount: countPositions(sql`p.trade_id = ${outerId(positionTrades)}`),
  duplicateMessage: POSITION_MSG.tradeCodeTaken,
});

const posClan = alias(postClans, 'pos_clan');
const posLarge = alias(postLarges, 'pos_large');
const posAlignment = alias(positionAlignments, 'pos_alignment');
const posTrade = alias(positionTrades, 'pos_trade');
const posOrg = alias(orgUnits, 'pos_org');
const posMin = alias(grades, 'pos_min_grade');
const posMax = alias(grades, 'pos_max_grade');
const text = (column: Column) => sql<string>`coalesce(${column}, '')`;

export const positionResource = defineResource<PositionRecord, typeof positions>({
  meta: positionMeta,
  table: positions,
  idColumn: positions.id,
  select: {
    id: positions.id,
    code: positions.code,
    name: positions.name,
    postLargeId: sql<number>`coalesce(${posClan.postLargeId}, 0)`,
    postLargeName: text(posLarge.name),
    postClanId: positions.postClanId,
    postClanName: text(posClan.name),
    alignmentId: positions.alignmentId,
    alignmentName: text(posAlignment.name),
    tradeId: positions.tradeId,
    tradeName: posTrade.name,
    orgId: positions.orgId,
    orgName: posOrg.name,
    minGradeId: positions.minGradeId,
    minGradeName: text(posMin.name),
    maxGradeId: positions.maxGradeId,
    maxGradeName: text(posMax.name),
    headcount: positions.headcount,
    duty: positions.duty,
    requirement: positions.requirement,
    sort: positions.sort,
    enabled: positions.enabled,
    remark: positions.remark,
    updatedAt: positions.updatedAt,
  },
  joins: [
    { table: posClan, on: eq(posClan.id, positions.postClanId) },
    { table: posLarge, on: eq(posLarge.id, posClan.postLargeId) },
    { table: posAlignment, on: eq(posAlignment.id, positions.alignmentId) },
    { table: posTrade, on: eq(posTrade.id, positions.tradeId) },
    { table: posOrg, on: eq(posOrg.id, positions.orgId) },
    { table: posMin, on: eq(posMin.id, positions.minGradeId) },
    { table: posMax, on: eq(posMax.id, positions.maxGradeId) },
  ],
  filters: {
    code: contains(positions.code),
    name: contains(positions.name),
    keyword: anyContains(positions.code, positions.name),
    postLargeId: equals(posClan.postLargeId),
    postClanId: equals(positions.postClanId),
    alignmentId: equals(positions.alignmentId),
    tradeId: equals(positions.tradeId),
    orgId: inOrgSubtree(positions.orgId),
    enabled: equals(positions.enabled),
  },
  sortable: {
    code: positions.code,
    name: positions.name,
    postClanName: posClan.name,
    alignmentName: posAlignment.name,
    headcount: positions.headcount,
    sort: positions.sort,
    updatedAt: positions.updatedAt,
  },
  defaultOrder: [asc(positions.sort), asc(positions.code)],
  unique: [{ columns: [positions.code], message: POSITION_MSG.positionCodeTaken, ci: true }],
});
