import type { ReportChart, ReportCode } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db';
import type { ComputedRow, GroupDef, MeasureDef, ReportContext, ReportDef } from './report.types';
import { childOfAnchor, dictName, drillPlan, orgName, percent, scopeAndOrg } from './report-sql';

/**
 * Head count, entries and departures (运营总表, 运营入职统计, 运营离职统计), all from the employee
 * master: an employee is on the roster at the end of day D when `entry_date <= D` and they have not
 * left by then (`leave_date`, the last working day, is null or after D). An entry counts in the month
 * of its entry date, a departure in the month of its last working day. So, by construction, the head
 * count at a month's end is the previous month's plus the month's entries minus its departures.
 * Days after today do not count yet (a future entry or last working day is not a fact yet).
 */

const GROUPS: GroupDef[] = [
  { key: 'month', title: '月份', label: 'month' },
  { key: 'org', title: '组织', label: 'org' },
  { key: 'category', title: '人员类别', label: 'dict:PERSONCATEGORY' },
  { key: 'client', title: '客户单位', label: 'client' },
];

type Base = { opening: number; entries: number; departures: number; closing: number };

/** The figures every head-count report derives its columns from. */
const DERIVED: Record<string, (b: Base) => number | null> = {
  opening: (b) => b.opening,
  entries: (b) => b.entries,
  departures: (b) => b.departures,
  closing: (b) => b.closing,
  net: (b) => b.closing - b.opening,
  average: (b) => Math.round(((b.opening + b.closing) / 2) * 10) / 10,
  entryRate: (b) => percent(b.entries, (b.opening + b.closing) / 2),
  turnover: (b) => percent(b.departures, (b.opening + b.closing) / 2),
};

const MEASURES: Record<string, MeasureDef> = {
  opening: { key: 'opening', title: '期初人数', kind: 'int', drill: true },
  entries: { key: 'entries', title: '入职人数', kind: 'int', drill: true },
  departures: { key: 'departures', title: '离职人数', kind: 'int', drill: true },
  closing: { key: 'closing', title: '期末人数', kind: 'int', drill: true },
  net: { key: 'net', title: '净增人数', kind: 'int', drill: false },
  average: { key: 'average', title: '平均人数', kind: 'number', drill: false },
  entryRate: { key: 'entryRate', title: '入职率', kind: 'percent', drill: false },
  turnover: { key: 'turnover', title: '离职率', kind: 'percent', drill: false },
};

/** The employees a head-count report may count at all: entered, in scope, in the unit's subtree, of the category. */
function employeeBase(ctx: ReportContext): SQL {
  const parts = [sql`e.entry_date IS NOT NULL`, scopeAndOrg(ctx, { orgId: sql`e.org_id`, ownerUserId: sql`e.user_id` })];
  if (ctx.category) parts.push(sql`e.person_category = ${ctx.category}`);
  return sql.join(parts, sql` AND `);
}

/** The effective last working day: never before the entry (a wrong date cannot make a person count negative). */
const LEAVE = sql`greatest(e.leave_date, e.entry_date)`;

function groupExpr(ctx: ReportContext, groupBy: string): SQL {
  switch (groupBy) {
    case 'org':
      return childOfAnchor(ctx, sql`o.path`);
    case 'category':
      return sql`e.person_category`;
    case 'client':
      return sql`coalesce(e.client_company_id::text, '0')`;
    default:
      return sql`''`;
  }
}

async function computeRows(db: Parameters<ReportDef['run']>[0], ctx: ReportContext): Promise<{ rows: Array<{ key: string } & Base>; total: Base }> {
  const first = ctx.months[0]?.start as string;
  const lastStart = ctx.months[ctx.months.length - 1]?.start as string;
  // One pass over the employees, folded to (group, entry month, leave month) counts: a few thousand
  // rows for 50,000 people. A date after today counts as "not yet" (infinity).
  const buckets = sql`b AS (
    SELECT ${groupExpr(ctx, ctx.groupBy)}::text AS g,
           CASE WHEN e.entry_date > ${ctx.today}::date THEN 'infinity'::date ELSE date_trunc('month', e.entry_date::timestamp)::date END AS em,
           CASE WHEN e.leave_date IS NULL OR ${LEAVE} > ${ctx.today}::date THEN 'infinity'::date ELSE date_trunc('month', ${LEAVE}::timestamp)::date END AS lm,
           count(*)::int AS n
    FROM employees e LEFT JOIN org_units o ON o.id = e.org_id
    WHERE ${employeeBase(ctx)} AND e.entry_date <= ${ctx.end}::date AND (e.leave_date IS NULL OR ${LEAVE} >= ${first}::date)
    GROUP BY 1, 2, 3)`;
  const sums = (from: SQL, to: SQL) => sql`
    coalesce(sum(b.n) FILTER (WHERE b.em < ${from} AND b.lm >= ${from}), 0)::int AS opening,
    coalesce(sum(b.n) FILTER (WHERE b.em >= ${from} AND b.em <= ${to}), 0)::int AS entries,
    coalesce(sum(b.n) FILTER (WHERE b.lm >= ${from} AND b.lm <= ${to}), 0)::int AS departures,
    coalesce(sum(b.n) FILTER (WHERE b.em <= ${to} AND b.lm > ${to}), 0)::int AS closing`;
  if (ctx.groupBy === 'month') {
    const rows = await queryRows<{ key: string } & Base>(
      db,
      sql`WITH ${buckets}, m AS (SELECT d::date AS s FROM generate_series(${first}::timestamp, ${lastStart}::timestamp, interval '1 month') d)
          SELECT to_char(m.s, 'YYYY-MM') AS key, ${sums(sql`m.s`, sql`m.s`)}
          FROM m LEFT JOIN b ON true GROUP BY m.s ORDER BY m.s`,
    );
    const total: Base = {
      opening: rows[0]?.opening ?? 0,
      entries: rows.reduce((n, r) => n + r.entries, 0),
      departures: rows.reduce((n, r) => n + r.departures, 0),
      closing: rows[rows.length - 1]?.closing ?? 0,
    };
    return { rows, total };
  }
  const rows = await queryRows<{ key: string } & Base>(
    db,
    sql`WITH ${buckets} SELECT b.g AS key, ${sums(sql`${first}::date`, sql`${lastStart}::date`)} FROM b GROUP BY b.g`,
  );
  const kept = rows.filter((r) => r.opening || r.entries || r.departures || r.closing).sort((a, b) => b.closing - a.closing || a.key.localeCompare(b.key));
  const total = kept.reduce<Base>(
    (t, r) => ({ opening: t.opening + r.opening, entries: t.entries + r.entries, departures: t.departures + r.departures, closing: t.closing + r.closing }),
    { opening: 0, entries: 0, departures: 0, closing: 0 },
  );
  return { rows: kept, total };
}

/** The records behind a head-count figure: the employees on the roster at a day, or who entered or left in a range. */
function drillEmployees(ctx: ReportContext, rowKey: string | null, measure: string) {
  let from = ctx.start;
  let to = ctx.end;
  const parts = [employeeBase(ctx)];
  if (rowKey !== null) {
    if (ctx.groupBy === 'month') {
      const m = ctx.months.find((x) => x.key === rowKey);
      if (!m) return undefined;
      from = m.start;
      to = m.end;
    } else parts.push(sql`${groupExpr(ctx, ctx.groupBy)}::text = ${rowKey}`);
  }
  const day = (d: string) => sql`${d}::date`;
  const onRoster = (d: SQL) => sql`(e.entry_date <= ${d} AND (e.leave_date IS NULL OR ${LEAVE} > ${d}))`;
  switch (measure) {
    case 'opening':
      parts.push(onRoster(sql`(${day(from)} - 1)`));
      break;
    case 'closing':
      parts.push(onRoster(day(to)));
      break;
    case 'entries':
      parts.push(sql`e.entry_date BETWEEN ${day(from)} AND ${day(to)}`);
      break;
    case 'departures':
      parts.push(sql`e.leave_date IS NOT NULL AND ${LEAVE} BETWEEN ${day(from)} AND ${day(to)}`);
      break;
    default:
      return undefined;
  }
  return drillPlan(
    MEASURES[measure]?.title ?? measure,
    [
      { key: 'employeeCode', title: '工号' },
      { key: 'name', title: '姓名' },
      { key: 'orgName', title: '部门' },
      { key: 'category', title: '人员类别' },
      { key: 'clientName', title: '客户单位' },
      { key: 'positionName', title: '岗位' },
      { key: 'entryDate', title: '入职日期' },
      { key: 'leaveDate', title: '最后工作日' },
      { key: 'state', title: '状态' },
    ],
    sql`e.employee_code AS "employeeCode", e.name, o.name AS "orgName", ${dictName('PERSONCATEGORY', sql`e.person_category`)} AS category,
        ${orgName(sql`e.client_company_id`)} AS "clientName", e.position_name AS "positionName", e.entry_date::text AS "entryDate",
        e.leave_date::text AS "leaveDate", ${dictName('EMPLOYSTATE', sql`e.employ_state`)} AS state`,
    sql`FROM employees e LEFT JOIN org_units o ON o.id = e.org_id WHERE ${sql.join(parts, sql` AND `)}`,
    sql`e.employee_code, e.id`,
  );
}

function headcountReport(def: { code: ReportCode; title: string; description: string; measures: string[]; charts(groupBy: string): ReportChart[] }): ReportDef {
  return {
    code: def.code,
    title: def.title,
    description: def.description,
    area: 'hr',
    categoryDict: 'PERSONCATEGORY',
    groups: GROUPS,
    measures: def.measures.map((k) => MEASURES[k] as MeasureDef),
    charts: def.charts,
    async run(db, ctx) {
      const { rows, total } = await computeRows(db, ctx);
      const values = (b: Base) => Object.fromEntries(def.measures.map((k) => [k, (DERIVED[k] as (b: Base) => number | null)(b)]));
      return { rows: rows.map((r): ComputedRow => ({ key: r.key, values: values(r) })), total: values(total) };
    },
    drill: (ctx, rowKey, measure) => (def.measures.includes(measure) ? drillEmployees(ctx, rowKey, measure) : undefined),
  };
}

const byMonth = (g: string) => g === 'month';

export const headcountReports: ReportDef[] = [
  headcountReport({
    code: 'yyTotal',
    title: '运营总表',
    description: '在职人数：每月月末（本月为今天）在册的员工，按组织、人员类别、客户单位；期末 = 期初 + 入职 − 离职。',
    measures: ['opening', 'entries', 'departures', 'closing', 'net'],
    charts: (g) =>
      byMonth(g)
        ? [
            { kind: 'line', title: '月末在职人数', measures: ['closing'] },
            { kind: 'bar', title: '入职与离职', measures: ['entries', 'departures'] },
          ]
        : [
            { kind: 'bar', title: '期初与期末人数', measures: ['opening', 'closing'] },
            { kind: 'pie', title: '期末人数构成', measures: ['closing'] },
          ],
  }),
  headcountReport({
    code: 'yyInduction',
    title: '运营入职统计',
    description: '入职人数：入职日期在期间内的员工；入职率 = 入职人数 ÷ 平均人数（期初与期末的平均）。',
    measures: ['entries', 'opening', 'closing', 'average', 'entryRate'],
    charts: (g) =>
      byMonth(g)
        ? [
            { kind: 'bar', title: '每月入职人数', measures: ['entries'] },
            { kind: 'line', title: '入职率（%）', measures: ['entryRate'] },
          ]
        : [
            { kind: 'bar', title: '入职人数', measures: ['entries'] },
            { kind: 'pie', title: '入职人数构成', measures: ['entries'] },
          ],
  }),
  headcountReport({
    code: 'yyDeparture',
    title: '运营离职统计',
    description: '离职人数：最后工作日在期间内的员工；离职率 = 离职人数 ÷ 平均人数（期初与期末的平均）。',
    measures: ['departures', 'opening', 'closing', 'average', 'turnover'],
    charts: (g) =>
      byMonth(g)
        ? [
            { kind: 'bar', title: '每月离职人数', measures: ['departures'] },
            { kind: 'line', title: '离职率（%）', measures: ['turnover'] },
          ]
        : [
            { kind: 'bar', title: '离职人数', measures: ['departures'] },
            { kind: 'pie', title: '离职人数构成', measures: ['departures'] },
          ],
  }),
];
