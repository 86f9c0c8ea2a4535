import { POSITION_MSG, type positionCalls, ZAlignmentInput, ZPostClanInput } from '@erp/contract';
import type { ParsedRequestOf } from '@erp/contract/define';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { grades, orgUnits } from '../../db/schema';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { likePattern } from '../../platform/resource/filters';
import { type GradeBand, type GradeLevel, gradeRangeIssue } from './grade-range';
import { alignmentResource, positionResource, postClanResource } from './position.resources';
import { positionAlignments, positions, positionTrades, postClans, postLarges } from './position.schema';

type WriteCtx = Pick<CallContext, 'audit' | 'user'>;
type PositionAdd = ParsedRequestOf<typeof positionCalls.positionAdd>;
type PositionUpdate = ParsedRequestOf<typeof positionCalls.positionUpdate>;
type LadderTable = typeof postLarges | typeof postClans | typeof positionAlignments | typeof positionTrades;

/** The ladder items a position names, with what must be true of each. */
const REFS = {
  postClanId: { table: postClans, message: POSITION_MSG.postClanMissing },
  alignmentId: { table: positionAlignments, message: POSITION_MSG.alignmentMissing },
  tradeId: { table: positionTrades, message: POSITION_MSG.tradeMissing },
} as const;

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

/**
 * The rules of position management that the resource layer does not know: what a position, clan or
 * sequence may refer to, grade ranges inside their sequence's band, and the batch change of
 * categories. Every check runs before anything is written.
 */
export class PositionService {
  constructor(private readonly db: Db) {}

  /**
   * A referenced ladder item must exist and be enabled — unless the record already refers to it
   * (disabling an item must not make its positions uneditable).
   */
  private async assertItem(table: LadderTable, id: number, current: number | null | undefined, message: string): Promise<void> {
    const t = table as typeof postLarges;
    const [row] = await this.db.select({ enabled: t.enabled }).from(t).where(eq(t.id, id)).limit(1);
    if (!row || (!row.enabled && id !== current)) throw badRequest(message);
  }

  private async assertOrg(orgId: number, current: number | null | undefined): Promise<void> {
    const [row] = await this.db.select({ enabled: orgUnits.enabled }).from(orgUnits).where(eq(orgUnits.id, orgId)).limit(1);
    if (!row || (!row.enabled && orgId !== current)) throw badRequest(POSITION_MSG.orgMissing);
  }

  /** Levels of the grades given (unknown ids are missing from the map). */
  async gradeLevels(ids: Array<number | null | undefined>): Promise<Map<number, GradeLevel>> {
    const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
    if (!wanted.length) return new Map();
    const rows = await this.db.select({ id: grades.id, level: grades.level }).from(grades).where(inArray(grades.id, wanted));
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async bandOf(alignmentId: number): Promise<GradeBand> {
    const [a] = await this.db
      .select({ min: positionAlignments.minGradeId, max: positionAlignments.maxGradeId })
      .from(positionAlignments)
      .where(eq(positionAlignments.id, alignmentId));
    const levels = await this.gradeLevels([a?.min, a?.max]);
    return { min: a?.min ? (levels.get(a.min) ?? null) : null, max: a?.max ? (levels.get(a.max) ?? null) : null };
  }

  private async checkPosition(input: Omit<PositionAdd, 'code' | 'name'>, current?: Partial<Record<keyof typeof REFS | 'orgId', number | null>>) {
    for (const key of Object.keys(REFS) as Array<keyof typeof REFS>) {
      const id = input[key];
      if (id !== undefined && id !== null) await this.assertItem(REFS[key].table, id, current?.[key], REFS[key].message);
    }
    if (input.orgId) await this.assertOrg(input.orgId, current?.orgId);
    const levels = await this.gradeLevels([input.minGradeId, input.maxGradeId]);
    const min = levels.get(input.minGradeId);
    const max = levels.get(input.maxGradeId);
    if (!min) throw badRequest(`最低职级：${POSITION_MSG.gradeMissing}`);
    if (!max) throw badRequest(`最高职级：${POSITION_MSG.gradeMissing}`);
    const issue = gradeRangeIssue(min, max, await this.bandOf(input.alignmentId));
    if (issue) throw badRequest(issue);
  }

  private positionValues(input: Omit<PositionAdd, 'code'>) {
    return {
      name: input.name,
      postClanId: input.postClanId,
      alignmentId: input.alignmentId,
      tradeId: input.tradeId ?? null,
      orgId: input.orgId ?? null,
      minGradeId: input.minGradeId,
      maxGradeId: input.maxGradeId,
      headcount: input.headcount ?? null,
      duty: blankToNull(input.duty) ?? null,
      requirement: blankToNull(input.requirement) ?? null,
      remark: blankToNull(input.remark) ?? null,
      ...(input.sort === undefined ? {} : { sort: input.sort }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    };
  }

  async addPosition(input: PositionAdd, ctx: WriteCtx) {
    await this.checkPosition(input);
    return positionResource.add(this.db, { code: input.code, ...this.positionValues(input) }, ctx);
  }

  async updatePosition(input: PositionUpdate, ctx: WriteCtx) {
    const before = await positionResource.detail(this.db, input.id, null);
    await this.checkPosition(input, before);
    return positionResource.update(this.db, input.id, this.positionValues(input), ctx);
  }

  // ---- Clans -----------------------------------------------------------------------------------------

  async addPostClan(input: z.output<typeof ZPostClanInput>, ctx: WriteCtx) {
    await this.assertItem(postLarges, input.postLargeId, undefined, POSITION_MSG.postLargeMissing);
    return postClanResource.add(this.db, { ...input, remark: blankToNull(input.remark) ?? null }, ctx);
  }

  async updatePostClan(input: Omit<z.output<typeof ZPostClanInput>, 'code'> & { id: number }, ctx: WriteCtx) {
    const before = await postClanResource.detail(this.db, input.id, null);
    await this.assertItem(postLarges, input.postLargeId, before.postLargeId, POSITION_MSG.postLargeMissing);
    const { id, ...values } = input;
    return postClanResource.update(this.db, id, { ...values, remark: blankToNull(values.remark) }, ctx);
  }

  // ---- Sequences -------------------------------------------------------------------------------------

  /** A band is both ends or neither, low end not above the high end, and must hold its positions' ranges. */
  private async checkBand(input: { minGradeId?: number | null; maxGradeId?: number | null }, alignmentId?: number) {
    const { minGradeId, maxGradeId } = input;
    if (!minGradeId && !maxGradeId) return;
    if (!minGradeId || !maxGradeId) throw badRequest('职级范围：请同时选择最低职级和最高职级');
    const levels = await this.gradeLevels([minGradeId, maxGradeId]);
    const min = levels.get(minGradeId);
    const max = levels.get(maxGradeId);
    if (!min) throw badRequest(`最低职级：${POSITION_MSG.gradeMissing}`);
    if (!max) throw badRequest(`最高职级：${POSITION_MSG.gradeMissing}`);
    if (max.level < min.level) throw badRequest(POSITION_MSG.gradeOrder);
    if (alignmentId === undefined) return;
    const [row] = await this.db
      .execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM positions p
      JOIN grades lo ON lo.id = p.min_grade_id JOIN grades hi ON hi.id = p.max_grade_id
      WHERE p.alignment_id = ${alignmentId} AND (lo.level < ${min.level} OR hi.level > ${max.level})`)
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    if (row?.n) throw badRequest(`职级范围：有${row.n}个岗位的职级超出该范围，请先调整这些岗位`);
  }

  async addAlignment(input: z.output<typeof ZAlignmentInput>, ctx: WriteCtx) {
    await this.checkBand(input);
    return alignmentResource.add(
      this.db,
      { ...input, minGradeId: input.minGradeId ?? null, maxGradeId: input.maxGradeId ?? null, remark: blankToNull(input.remark) ?? null },
      ctx,
    );
  }

  async updateAlignment(input: Omit<z.output<typeof ZAlignmentInput>, 'code'> & { id: number }, ctx: WriteCtx) {
    await alignmentResource.detail(this.db, input.id, null);
    await this.checkBand(input, input.id);
    const { id, ...values } = input;
    return alignmentResource.update(
      this.db,
      id,
      { ...values, minGradeId: values.minGradeId ?? null, maxGradeId: values.maxGradeId ?? null, remark: blankToNull(values.remark) },
      ctx,
    );
  }

  // ---- Categories in bulk ----------------------------------------------------------------------------

  /** Re-orders and/or enables or disables several categories: all of them in one transaction, or none. */
  async batchPostLarge(list: Array<{ id: number; sort?: number; enabled?: boolean }>, ctx: WriteCtx) {
    const ids = [...new Set(list.map((i) => i.id))];
    if (ids.length !== list.length) throw badRequest('岗位大类：同一项不能出现两次');
    const before = await this.db
      .select({ id: postLarges.id, sort: postLarges.sort, enabled: postLarges.enabled })
      .from(postLarges)
      .where(inArray(postLarges.id, ids));
    const found = new Set(before.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound(`${POSITION_MSG.batchMissing}：${missing.join('、')}`);
    const changes = list.filter((i) => i.sort !== undefined || i.enabled !== undefined);
    await this.db.transaction(async (tx) => {
      for (const item of changes) {
        await tx
          .update(postLarges)
          .set({
            ...(item.sort === undefined ? {} : { sort: item.sort }),
            ...(item.enabled === undefined ? {} : { enabled: item.enabled }),
            updatedAt: new Date(),
            updatedBy: ctx.user.userId,
          })
          .where(eq(postLarges.id, item.id));
      }
    });
    ctx.audit({ recordId: ids.join(','), before, after: changes });
    return { updated: changes.length };
  }

  // ---- Selects ---------------------------------------------------------------------------------------

  private enabledItems(table: typeof postLarges | typeof positionTrades) {
    return this.db
      .select({ id: table.id, code: table.code, name: table.name })
      .from(table)
      .where(eq(table.enabled, true))
      .orderBy(asc(table.sort), asc(table.code))
      .limit(1000);
  }

  postLargeOptions() {
    return this.enabledItems(postLarges);
  }

  tradeOptions() {
    return this.enabledItems(positionTrades);
  }

  alignmentOptions() {
    const t = positionAlignments;
    return this.db
      .select({ id: t.id, code: t.code, name: t.name, minGradeId: t.minGradeId, maxGradeId: t.maxGradeId })
      .from(t)
      .where(eq(t.enabled, true))
      .orderBy(asc(t.sort), asc(t.code))
      .limit(1000);
  }

  /** Enabled clans of enabled categories (a disabled category hides its clans from new choices). */
  postClanOptions(postLargeId?: number | null) {
    return this.db
      .select({ id: postClans.id, code: postClans.code, name: postClans.name, postLargeId: postClans.postLargeId, postLargeName: postLarges.name })
      .from(postClans)
      .innerJoin(postLarges, eq(postLarges.id, postClans.postLargeId))
      .where(and(eq(postClans.enabled, true), eq(postLarges.enabled, true), postLargeId ? eq(postClans.postLargeId, postLargeId) : undefined))
      .orderBy(asc(postLarges.sort), asc(postClans.sort), asc(postClans.code))
      .limit(1000);
  }

  /** A unit and the units above it (its materialised path), for "positions a unit may use". */
  private unitAndParents(orgId: number): SQL {
    return sql`(SELECT unnest(string_to_array(trim(both '/' from o.path), '/'))::int FROM org_units o WHERE o.id = ${orgId})`;
  }

  /** Enabled positions for a select: of a unit (its own, its parents' and the group-wide ones) and/or a clan. */
  positionOptions(input: { orgId?: number | null; postClanId?: number | null; alignmentId?: number | null; keyword?: string }) {
    const k = input.keyword?.trim();
    const pattern = k ? likePattern(k) : undefined;
    return this.db
      .select({
        id: positions.id,
        code: positions.code,
        name: positions.name,
        postClanId: positions.postClanId,
        postClanName: sql<string>`coalesce(${postClans.name}, '')`,
        alignmentId: positions.alignmentId,
        orgId: positions.orgId,
        minGradeId: positions.minGradeId,
        maxGradeId: positions.maxGradeId,
      })
      .from(positions)
      .leftJoin(postClans, eq(postClans.id, positions.postClanId))
      .where(
        and(
          eq(positions.enabled, true),
          input.orgId ? or(isNull(positions.orgId), sql`${positions.orgId} IN ${this.unitAndParents(input.orgId)}`) : undefined,
          input.postClanId ? eq(positions.postClanId, input.postClanId) : undefined,
          input.alignmentId ? eq(positions.alignmentId, input.alignmentId) : undefined,
          pattern ? sql`(${positions.name} ILIKE ${pattern} OR ${positions.code} ILIKE ${pattern})` : undefined,
        ),
      )
      .orderBy(asc(positions.sort), asc(positions.code))
      .limit(500);
  }

  /**
   * Grades in level order: the shared ones and those of the unit's company (any unit on its path),
   * narrowed to a sequence's band or a position's range. Each names the sequences whose band holds it.
   */
  async gradeOptions(input: { orgId?: number | null; alignmentId?: number | null; positionId?: number | null; keyword?: string }) {
    let lo: number | undefined;
    let hi: number | undefined;
    const narrow = async (minId: number | null | undefined, maxId: number | null | undefined) => {
      const levels = await this.gradeLevels([minId, maxId]);
      const min = minId ? levels.get(minId)?.level : undefined;
      const max = maxId ? levels.get(maxId)?.level : undefined;
      if (min !== undefined) lo = Math.max(lo ?? min, min);
      if (max !== undefined) hi = Math.min(hi ?? max, max);
    };
    if (input.positionId) {
      const [p] = await this.db.select({ min: positions.minGradeId, max: positions.maxGradeId }).from(positions).where(eq(positions.id, input.positionId));
      if (!p) return [];
      await narrow(p.min, p.max);
    }
    if (input.alignmentId) {
      const [a] = await this.db
        .select({ min: positionAlignments.minGradeId, max: positionAlignments.maxGradeId })
        .from(positionAlignments)
        .where(eq(positionAlignments.id, input.alignmentId));
      if (!a) return [];
      await narrow(a.min, a.max);
    }
    const k = input.keyword?.trim();
    const pattern = k ? likePattern(k) : undefined;
    return this.db
      .select({
        id: grades.id,
        code: grades.code,
        name: grades.name,
        level: grades.level,
        orgId: grades.orgId,
        alignmentNames: sql<string[]>`coalesce((
          SELECT array_agg(a.name ORDER BY a.sort, a.code) FROM position_alignments a
          JOIN grades amin ON amin.id = a.min_grade_id JOIN grades amax ON amax.id = a.max_grade_id
          WHERE a.enabled AND "grades"."level" BETWEEN amin.level AND amax.level), '{}')`,
      })
      .from(grades)
      .where(
        and(
          input.orgId ? or(isNull(grades.orgId), sql`${grades.orgId} IN ${this.unitAndParents(input.orgId)}`) : undefined,
          lo === undefined ? undefined : sql`${grades.level} >= ${lo}`,
          hi === undefined ? undefined : sql`${grades.level} <= ${hi}`,
          pattern ? sql`(${grades.name} ILIKE ${pattern} OR ${grades.code} ILIKE ${pattern})` : undefined,
        ),
      )
      .orderBy(asc(grades.level), asc(grades.code))
      .limit(500);
  }
}
