import { type SQL, sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import { orgSubtreeIds } from '../../platform/auth/org-subtree';
import { type Db, queryRows } from '../../platform/db';
import type { DrillColumn, DrillPlan, ReportContext } from './report.types';

/** The instant a business day starts, for timestamp columns. */
export const dayStart = (ctx: ReportContext, day: string): SQL => sql`((${day}::date)::timestamp AT TIME ZONE ${ctx.tz})`;
/** The instant after a business day ends. */
export const dayAfter = (ctx: ReportContext, day: string): SQL => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${ctx.tz})`;

/** A timestamp column within [from, to] (business days, both included). */
export const tsBetween = (ctx: ReportContext, col: SQL, from: string, to: string): SQL =>
  sql`(${col} >= ${dayStart(ctx, from)} AND ${col} < ${dayAfter(ctx, to)})`;

/** The data scope, the chosen unit's subtree and nothing else: every report's base condition on its unit column. */
export function scopeAndOrg(ctx: ReportContext, cols: { orgId: SQL; ownerUserId?: SQL }): SQL {
  const parts = [dataScopeCondition(ctx.user, cols)];
  if (ctx.orgId !== null) parts.push(sql`${cols.orgId} IN (${orgSubtreeIds(ctx.orgId)})`);
  return sql.join(parts, sql` AND `);
}

/**
 * The child of the anchor unit a unit belongs to (the anchor itself for its own members), as text:
 * the id at the anchor's depth + 1 of the materialised path.
 */
export function childOfAnchor(ctx: ReportContext, path: SQL): SQL {
  const k = ctx.anchor.depth + 3;
  return sql`coalesce(nullif(split_part(${path}, '/', ${sql.raw(String(k))}), ''), ${sql.raw(`'${ctx.anchor.id}'`)})`;
}

/** A dictionary item's name beside its code (LEFT JOIN … ON the code). */
export const dictName = (type: string, code: SQL): SQL => sql`(SELECT di.code_name FROM dict_items di WHERE di.code_type = ${type} AND di.code = ${code})`;

export const userName = (userId: SQL): SQL => sql`(SELECT uu.real_name FROM users uu WHERE uu.id = ${userId})`;
export const orgName = (orgId: SQL): SQL => sql`(SELECT oo.name FROM org_units oo WHERE oo.id = ${orgId})`;
export const localDay = (ctx: ReportContext, ts: SQL): SQL => sql`to_char(${ts} AT TIME ZONE ${ctx.tz}, 'YYYY-MM-DD')`;
export const localMinute = (ctx: ReportContext, ts: SQL): SQL => sql`to_char(${ts} AT TIME ZONE ${ctx.tz}, 'YYYY-MM-DD HH24:MI')`;

/** Per cent with two decimals; null when there is nothing to divide by. */
export const percent = (num: number | null | undefined, den: number | null | undefined): number | null =>
  den ? Math.round(((num ?? 0) / den) * 10000) / 100 : null;

/**
 * A drill plan over one statement: `select` names the columns (aliases = keys), `from` holds the FROM,
 * the joins and the WHERE. The page and its total come from one statement.
 */
export function drillPlan(title: string, columns: DrillColumn[], select: SQL, from: SQL, order: SQL): DrillPlan {
  return {
    title,
    columns,
    async read(db: Db, limit: number, offset: number) {
      const rows = await queryRows<Record<string, string | number | null>>(
        db,
        sql`SELECT ${select}, count(*) OVER ()::int AS "__total" ${from} ORDER BY ${order} LIMIT ${sql.raw(String(limit))} OFFSET ${sql.raw(String(offset))}`,
      );
      let total = Number(rows[0]?.__total ?? 0);
      if (!rows.length && offset > 0) {
        const [c] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
        total = Number(c?.n ?? 0);
      }
      return {
        total,
        records: rows.map(({ __total: _t, ...r }) => r),
      };
    },
  };
}
