import type { Economics, EconomicsRow } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import { orgSubtreeIds } from '../../../platform/auth/org-subtree';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';

export interface EconomicsQuery {
  monthFrom: number;
  monthTo: number;
  groupBy: 'project' | 'client' | 'month' | 'employee';
  projectId?: number | null;
  clientOrgId?: number | null;
  deptId?: number | null;
  pageIndex: number;
  pageSize: number;
}

type Figures = Omit<EconomicsRow, 'key' | 'name'>;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const n = (v: unknown) => Number(v ?? 0);

function figures(r: Record<string, unknown>): Figures {
  const billed = n(r.billed);
  const pay = n(r.pay);
  const socialInsurance = n(r.social);
  const housingFund = n(r.housing);
  const cost = pay + socialInsurance + housingFund;
  const margin = billed - cost;
  return {
    billed,
    pay,
    socialInsurance,
    housingFund,
    managementFee: n(r.fee),
    cost,
    margin,
    // A margin just below zero rounds to -0, which JSON answers as 0: the export says the same.
    marginRateBp: billed > 0 ? Math.round((margin * 10000) / billed) || 0 : 0,
  };
}

/**
 * The projects the figures cover (data scope and filters), as a CTE. The figures themselves are read
 * from the sums kept per project and month (fin_econ_project_months) and per project, month and
 * person (fin_econ_person_months), which triggers recompute in every transaction that changes the
 * bills, their lines or the actuals (docs/domain/finance-billing.md, "Kept sums"): billed = Σ amount
 * excluding tax of the approved bills; the cost from the project actuals (OUT01/OUT04 pay, OUT02
 * employer social insurance, OUT03 employer housing fund; IN05 management fee); per employee, each
 * line's share of its project-month's cost in proportion to its quantity, floored per line.
 */
function scopeCte(user: Principal, q: EconomicsQuery): SQL {
  const where: SQL[] = [sql`fp.deleted_at IS NULL`, dataScopeCondition(user, { orgId: sql`fp.dept_id`, ownerUserId: sql`fp.manager_user_id` })];
  if (q.projectId) where.push(sql`fp.id = ${q.projectId}`);
  if (q.clientOrgId) where.push(sql`fp.client_org_id = ${q.clientOrgId}`);
  if (q.deptId) where.push(sql`fp.dept_id IN (${orgSubtreeIds(q.deptId)})`);
  return sql`p AS (SELECT fp.id, fp.name, fp.client_org_id FROM fin_projects fp WHERE ${sql.join(where, sql` AND `)})`;
}

const inRange = (q: EconomicsQuery, column: SQL) => sql`${column} BETWEEN ${q.monthFrom} AND ${q.monthTo}`;
const sums = sql`sum(e.billed_excl) AS billed, sum(e.pay) AS pay, sum(e.social) AS social, sum(e.housing) AS housing, sum(e.fee) AS fee`;
const personSums = sql`sum(e.billed) AS billed, sum(e.pay) AS pay, sum(e.social) AS social, sum(e.housing) AS housing, sum(e.fee) AS fee`;

/**
 * Which kept sums stand for exactly the rows a question covers.
 * - `wholeYears`: no month of the range's years outside the range has figures (a range up to this
 *   month qualifies while the later months are empty): the per-year sums (fin_econ_project_years,
 *   fin_econ_person_years) of those `years` are the range's.
 * - `companyWide`: every project visible and none filtered, and no deleted project has figures: the
 *   sums over every project (fin_econ_months, fin_econ_person_years) are the scope's.
 */
interface Sources {
  wholeYears: boolean;
  companyWide: boolean;
  years: number[];
}

async function sourcesOf(db: Db, user: Principal, q: EconomicsQuery): Promise<Sources> {
  const first = Math.floor(q.monthFrom / 100);
  const last = Math.floor(q.monthTo / 100);
  const years = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const unfiltered = user.dataScope.kind === 'all' && !q.projectId && !q.clientOrgId && !q.deptId;
  const r = await db.execute(sql`
    SELECT NOT EXISTS (SELECT 1 FROM fin_econ_months m
        WHERE m.month BETWEEN ${first * 100 + 1} AND ${q.monthFrom - 1} OR m.month BETWEEN ${q.monthTo + 1} AND ${last * 100 + 12}) AS whole_years,
      ${unfiltered ? sql`NOT EXISTS (SELECT 1 FROM fin_projects fp JOIN fin_econ_project_months e ON e.project_id = fp.id WHERE fp.deleted_at IS NOT NULL)` : sql`false`} AS company_wide`);
  const row = rowsOf<{ whole_years: boolean; company_wide: boolean }>(r)[0];
  return { wholeYears: Boolean(row?.whole_years), companyWide: Boolean(row?.company_wide), years };
}

const inYears = (s: Sources, column: SQL) =>
  sql`${column} IN (${sql.join(
    s.years.map((y) => sql`${y}`),
    sql`, `,
  )})`;

/**
 * The rows of the grouping, unordered: `key`, `ref` (the project, client, month or user the name is
 * looked up for — for the rows shown only, nameOf) and the sums. Company-wide, the projects' rows
 * need no join with the projects in scope: they are all of them.
 */
function groupedSql(q: EconomicsQuery, s: Sources): SQL {
  const scoped = s.companyWide ? sql`` : sql` JOIN p ON p.id = e.project_id`;
  // Per project and client: the project-years when they are the range's, else the project-months.
  const projectRows = s.wholeYears ? sql`fin_econ_project_years e${scoped}` : sql`fin_econ_project_months e${scoped}`;
  const projectWhere = s.wholeYears ? inYears(s, sql`e.year`) : inRange(q, sql`e.month`);
  switch (q.groupBy) {
    case 'project':
      return sql`SELECT e.project_id::text AS key, e.project_id AS ref, ${sums} FROM ${projectRows} WHERE ${projectWhere} GROUP BY e.project_id`;
    case 'client': {
      const rows = s.wholeYears ? sql`fin_econ_project_years e` : sql`fin_econ_project_months e`;
      return sql`SELECT p.client_org_id::text AS key, p.client_org_id AS ref, ${sums}
        FROM ${rows} JOIN p ON p.id = e.project_id WHERE ${projectWhere} GROUP BY p.client_org_id`;
    }
    case 'month':
      if (s.companyWide) {
        return sql`SELECT e.month::text AS key, e.month AS ref, e.billed_excl AS billed, e.pay, e.social, e.housing, e.fee
          FROM fin_econ_months e WHERE ${inRange(q, sql`e.month`)}`;
      }
      return sql`SELECT e.month::text AS key, e.month AS ref, ${sums}
        FROM fin_econ_project_months e JOIN p ON p.id = e.project_id WHERE ${inRange(q, sql`e.month`)} GROUP BY e.month`;
    case 'employee':
      if (s.companyWide && s.wholeYears) {
        return sql`SELECT e.person_key::text AS key, max(e.user_id) AS ref, ${personSums}
          FROM fin_econ_person_years e WHERE ${inYears(s, sql`e.year`)} GROUP BY e.person_key`;
      }
      return sql`SELECT e.person_key::text AS key, max(e.user_id) AS ref, ${personSums}
        FROM fin_econ_person_months e JOIN p ON p.id = e.project_id WHERE ${inRange(q, sql`e.month`)} GROUP BY e.person_key`;
  }
}

/**
 * The name of a grouped row `g`, as the grouping's rows give it: the project's or the client's
 * name, the month as yyyy-mm, the employee's name — or, for a line without a user (or a user no
 * longer there), the greatest of the lines' person names or descriptions in range and scope.
 */
function nameOf(q: EconomicsQuery): SQL {
  switch (q.groupBy) {
    case 'project':
      return sql`(SELECT x.name FROM fin_projects x WHERE x.id = g.ref)`;
    case 'client':
      return sql`(SELECT o.name FROM org_units o WHERE o.id = g.ref)`;
    case 'month':
      return sql`(g.ref / 100) || '-' || lpad((g.ref % 100)::text, 2, '0')`;
    case 'employee':
      return sql`coalesce((SELECT u.real_name FROM users u WHERE u.id = g.ref), (SELECT max(x.line_name) FROM fin_econ_person_months x
        JOIN p ON p.id = x.project_id WHERE x.person_key = g.key AND ${inRange(q, sql`x.month`)}))`;
  }
}

/** The totals of the scope and range: the company-wide months when they are the scope's. */
const totalsSql = (q: EconomicsQuery, s: Sources) =>
  s.companyWide
    ? sql`SELECT ${sums} FROM fin_econ_months e WHERE ${inRange(q, sql`e.month`)}`
    : sql`SELECT ${sums} FROM fin_econ_project_months e JOIN p ON p.id = e.project_id WHERE ${inRange(q, sql`e.month`)}`;

export async function economics(db: Db, user: Principal, q: EconomicsQuery): Promise<Economics> {
  const cte = scopeCte(user, q);
  const offset = (q.pageIndex - 1) * q.pageSize;
  const employees = q.groupBy === 'employee';
  const s = await sourcesOf(db, user, q);
  const oneYear = employees && s.companyWide && s.wholeYears && s.years.length === 1 ? (s.years[0] ?? null) : null;
  const page = (): Promise<unknown> => {
    if (oneYear !== null) {
      // One year, company-wide: the page straight from fin_econ_person_years_rank_idx (billed is
      // never null there, so NULLS LAST orders as the grouped rows' billed DESC does).
      return db.execute(sql`WITH ${cte}
        SELECT g.key, ${nameOf(q)} AS name, g.billed, g.pay, g.social, g.housing, g.fee,
          (SELECT count(*) FROM fin_econ_person_years c WHERE c.year = ${oneYear}) AS total_rows
        FROM (SELECT e.person_key::text AS key, e.user_id AS ref, e.billed, e.pay, e.social, e.housing, e.fee FROM fin_econ_person_years e
              WHERE e.year = ${oneYear} ORDER BY e.billed DESC NULLS LAST, e.person_key LIMIT ${q.pageSize} OFFSET ${offset}) g
        ORDER BY g.billed DESC, g.key`);
    }
    // The totals are the sums of all the groups: read with the page (window sums), not summed again
    // (per employee they are not: the shares are floored per line).
    return db.execute(sql`WITH ${cte}, g AS (${groupedSql(q, s)})
      SELECT g.key, ${nameOf(q)} AS name, g.billed, g.pay, g.social, g.housing, g.fee, g.total_rows,
        g.t_billed, g.t_pay, g.t_social, g.t_housing, g.t_fee
      FROM (SELECT g.*, count(*) OVER () AS total_rows, sum(g.billed) OVER () AS t_billed, sum(g.pay) OVER () AS t_pay,
              sum(g.social) OVER () AS t_social, sum(g.housing) OVER () AS t_housing, sum(g.fee) OVER () AS t_fee
            FROM g ORDER BY g.billed DESC, g.key LIMIT ${q.pageSize} OFFSET ${offset}) g
      ORDER BY g.billed DESC, g.key`);
  };
  // Company-wide, every open invoiced bill is of a project in scope (it is approved, so its
  // project-month has figures, and no deleted project has any).
  const openBills = s.companyWide ? sql`fin_bills b` : sql`fin_bills b JOIN p ON p.id = b.project_id`;
  const [pageResult, totalsResult, ageing] = await Promise.all([
    page(),
    employees ? db.execute(sql`WITH ${cte} ${totalsSql(q, s)}`) : null,
    db.execute(sql`WITH ${cte}
      SELECT CASE WHEN d <= 30 THEN '0-30' WHEN d <= 90 THEN '31-90' WHEN d <= 180 THEN '91-180' ELSE '180+' END AS bucket,
        sum(open) AS amount, count(*) AS bills
      FROM (SELECT current_date - b.invoice_date AS d, b.invoiced_amount - b.collected_amount AS open
            FROM ${openBills}
            WHERE b.deleted_at IS NULL AND b.invoice_status = '010' AND b.invoiced_amount > b.collected_amount) x
      GROUP BY 1`),
  ]);
  const pageRows = rowsOf<Record<string, unknown>>(pageResult);
  let totalsRow: Record<string, unknown> | undefined;
  if (totalsResult) totalsRow = rowsOf<Record<string, unknown>>(totalsResult)[0];
  else if (pageRows[0]) {
    const t = pageRows[0];
    totalsRow = { billed: t.t_billed, pay: t.t_pay, social: t.t_social, housing: t.t_housing, fee: t.t_fee };
  } else totalsRow = rowsOf<Record<string, unknown>>(await db.execute(sql`WITH ${cte} ${totalsSql(q, s)}`))[0];
  const records = pageRows.map((r) => ({ key: String(r.key), name: String(r.name ?? r.key), ...figures(r) }));
  const total = n(pageRows[0]?.total_rows);
  const byBucket = new Map(rowsOf<{ bucket: string; amount: unknown; bills: unknown }>(ageing).map((r) => [r.bucket, r]));
  return {
    totals: figures(totalsRow ?? {}),
    rows: { records, total, pageIndex: q.pageIndex, pageSize: q.pageSize },
    ageing: (['0-30', '31-90', '91-180', '180+'] as const).map((bucket) => ({
      bucket,
      amount: n(byBucket.get(bucket)?.amount),
      bills: n(byBucket.get(bucket)?.bills),
    })),
  };
}

/** Every row of the grouping, for the export. */
export async function economicsAll(db: Db, user: Principal, q: EconomicsQuery): Promise<EconomicsRow[]> {
  const s = await sourcesOf(db, user, q);
  const r = await db.execute(sql`WITH ${scopeCte(user, q)}, g AS (${groupedSql(q, s)})
    SELECT g.key, ${nameOf(q)} AS name, g.billed, g.pay, g.social, g.housing, g.fee FROM g ORDER BY g.billed DESC, g.key LIMIT 100000`);
  return rowsOf<Record<string, unknown>>(r).map((x) => ({ key: String(x.key), name: String(x.name ?? x.key), ...figures(x) }));
}
