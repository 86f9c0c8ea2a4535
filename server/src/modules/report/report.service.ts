import {
  type DrillResult,
  REPORT_MSG,
  REPORT_PERM,
  REPORT_TOTAL_KEY,
  type ReportCard,
  type ReportCode,
  type ReportResult,
  type ReportRow,
} from '@erp/contract';
import { sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import { type Db, queryRows } from '../../platform/db';
import { badRequest, forbidden } from '../../platform/errors';
import { headcountReports } from './headcount-reports';
import { recruitReports } from './recruit-reports';
import type { LabelKind, PeriodMonth, ReportContext, ReportDef } from './report.types';

/** Every report of the centre, in the order of the entrance's cards. */
export const REPORTS: ReportDef[] = [...headcountReports, ...recruitReports];
const byCode = new Map(REPORTS.map((r) => [r.code, r]));

export interface ReportInput {
  report: ReportCode;
  from: string;
  to: string;
  orgId?: number | null;
  category?: string | null;
  groupBy?: string | null;
}

const MAX_MONTHS = 24;

export function reportCards(user: Principal): ReportCard[] {
  return REPORTS.filter((r) => hasPermission(user, REPORT_PERM[r.code])).map((r) => ({
    code: r.code,
    title: r.title,
    description: r.description,
    area: r.area,
    path: `/statement/${r.code}`,
  }));
}

function reportFor(user: Principal, code: ReportCode): ReportDef {
  const def = byCode.get(code);
  if (!def || !hasPermission(user, REPORT_PERM[code])) throw forbidden(REPORT_MSG.noAccess);
  return def;
}

/** The period's months, each ending on its last day or today, whichever comes first. */
export function periodMonths(from: string, to: string, today: string): PeriodMonth[] {
  const months: PeriodMonth[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > to) break;
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    months.push({ key, start: `${key}-01`, end: last < today ? last : today });
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** Checks the filters against the report and the user's data scope and resolves them once. */
async function contextOf(db: Db, user: Principal, def: ReportDef, input: ReportInput, timeZone: string): Promise<ReportContext> {
  const today = new BusinessCalendar(timeZone).day();
  if (input.to < input.from) throw badRequest(REPORT_MSG.periodOrder);
  if (input.to > today.slice(0, 7)) throw badRequest(REPORT_MSG.periodFuture);
  const months = periodMonths(input.from, input.to, today);
  if (months.length > MAX_MONTHS) throw badRequest(REPORT_MSG.periodTooLong);
  const groupBy = input.groupBy || (def.groups[0]?.key as string);
  if (!def.groups.some((g) => g.key === groupBy)) throw badRequest(REPORT_MSG.groupUnknown);
  const category = input.category || null;
  if (category !== null) {
    if (!def.categoryDict) throw badRequest(REPORT_MSG.categoryUnknown);
    const [known] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM dict_items WHERE code_type = ${def.categoryDict} AND code = ${category}`,
    );
    if (!known?.n) throw badRequest(REPORT_MSG.categoryUnknown);
  }
  const orgId = input.orgId ?? null;
  let anchorId: number | null = orgId;
  if (orgId !== null) {
    const [org] = await queryRows<{ ok: boolean }>(
      db,
      sql`SELECT (${dataScopeCondition(user, { orgId: sql`o.id` })}) AS ok FROM org_units o WHERE o.id = ${orgId}`,
    );
    if (!org) throw badRequest(REPORT_MSG.orgUnknown);
    if (!org.ok) throw forbidden(REPORT_MSG.orgOutOfScope);
  } else if ((user.dataScope.kind === 'dept' || user.dataScope.kind === 'dept_and_below') && user.dataScope.orgId !== null) {
    anchorId = user.dataScope.orgId;
  }
  const [anchor] = await queryRows<{ id: number; path: string }>(
    db,
    anchorId !== null
      ? sql`SELECT id, path FROM org_units WHERE id = ${anchorId}`
      : sql`SELECT id, path FROM org_units WHERE parent_id IS NULL ORDER BY sort, id LIMIT 1`,
  );
  return {
    user,
    tz: timeZone,
    today,
    months,
    start: months[0]?.start as string,
    end: months[months.length - 1]?.end as string,
    orgId,
    anchor: { id: anchor?.id ?? 0, depth: anchor ? anchor.path.split('/').filter(Boolean).length - 1 : 0 },
    category,
    groupBy,
  };
}

type Named = { k: string | number; name: string };

/** Names for a dimension's keys, one look-up per call. */
async function labelsOf(db: Db, kind: LabelKind, keys: string[]): Promise<Map<string, string>> {
  const ids = keys.filter((k) => /^\d{1,9}$/.test(k)).map(Number);
  const map = new Map<string, string>();
  const fill = (rows: Named[]) => {
    for (const r of rows) map.set(String(r.k), r.name);
  };
  if (kind === 'month') for (const k of keys) map.set(k, k);
  else if (kind === 'org' || kind === 'client') {
    if (ids.length) fill(await queryRows<Named>(db, sql`SELECT id AS k, name FROM org_units WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`));
    if (kind === 'client') map.set('0', '本公司（非派遣）');
  } else if (kind === 'user') {
    if (ids.length) fill(await queryRows<Named>(db, sql`SELECT id AS k, real_name AS name FROM users WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`));
  } else if (kind === 'demand') {
    if (ids.length)
      fill(
        await queryRows<Named>(
          db,
          sql`SELECT id AS k, name || '（' || demand_no || '）' AS name FROM recruit_demands WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
        ),
      );
  } else if (kind === 'supplier') {
    if (ids.length) fill(await queryRows<Named>(db, sql`SELECT id AS k, name FROM demand_supplies WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`));
  } else {
    fill(await queryRows<Named>(db, sql`SELECT code AS k, code_name AS name FROM dict_items WHERE code_type = ${kind.slice(5)}`));
  }
  return map;
}

export async function runReport(db: Db, user: Principal, input: ReportInput, timeZone: string): Promise<ReportResult> {
  const def = reportFor(user, input.report);
  const ctx = await contextOf(db, user, def, input, timeZone);
  const { rows, total } = await def.run(db, ctx);
  const group = def.groups.find((g) => g.key === ctx.groupBy) ?? def.groups[0];
  const labels = await labelsOf(
    db,
    group?.label ?? 'month',
    rows.map((r) => r.key),
  );
  const named: ReportRow[] = rows.map((r) => ({ key: r.key, label: labels.get(r.key) ?? (r.key === '' ? '未填写' : r.key), values: r.values }));
  return {
    report: def.code,
    title: def.title,
    description: def.description,
    from: input.from,
    to: input.to,
    asOf: ctx.end,
    groupBy: ctx.groupBy,
    groupTitle: group?.title ?? '',
    groups: def.groups.map(({ key, title }) => ({ key, title })),
    categoryDict: def.categoryDict,
    columns: def.measures.map(({ key, title, kind, drill }) => ({ key, title, kind, drill })),
    rows: named,
    total: { key: REPORT_TOTAL_KEY, label: '合计', values: total },
    charts: def.charts(ctx.groupBy),
  };
}

export async function drillReport(
  db: Db,
  user: Principal,
  input: ReportInput & { rowKey: string; measure: string },
  page: { limit: number; offset: number },
  timeZone: string,
): Promise<Omit<DrillResult, 'pageIndex' | 'pageSize'>> {
  const def = reportFor(user, input.report);
  const ctx = await contextOf(db, user, def, input, timeZone);
  const plan = def.drill(ctx, input.rowKey === REPORT_TOTAL_KEY ? null : input.rowKey, input.measure);
  if (!plan) throw badRequest(REPORT_MSG.measureUnknown);
  const { total, records } = await plan.read(db, page.limit, page.offset);
  return { title: plan.title, columns: plan.columns, total, records };
}

/** The report's sheet: the dimension, every column as shown (rates in per cent), the total last. */
export function reportSheet(r: ReportResult): { header: string[]; rows: Array<Array<string | number | null>> } {
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? null : v);
  const line = (row: ReportRow) => [row.label, ...r.columns.map((c) => cell(row.values[c.key]))];
  return {
    header: [r.groupTitle, ...r.columns.map((c) => (c.kind === 'percent' ? `${c.title}（%）` : c.title))],
    rows: [...r.rows.map(line), line(r.total)],
  };
}
