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
    marginRateBp: billed > 0 ? Math.round((margin * 10000) / billed) : 0,
  };
}

/**
 * The projects the figures cover (data scope and filters), as a CTE. Billed = Σ amount excluding
 * tax of approved bills; the people's cost is read from the project actuals (OUT01/OUT04 pay,
 * OUT02 employer social insurance, OUT03 employer housing fund; IN05 management fee) until the
 * hours-and-pay area (issue 18) writes per-person pay. Per employee, a project-month's cost is
 * shared by the lines of its bills in proportion to their quantity (floor per line).
 */
function scopeCte(user: Principal, q: EconomicsQuery): SQL {
  const where: SQL[] = [sql`fp.deleted_at IS NULL`, dataScopeCondition(user, { orgId: sql`fp.dept_id`, ownerUserId: sql`fp.manager_user_id` })];
  if (q.projectId) where.push(sql`fp.id = ${q.projectId}`);
  if (q.clientOrgId) where.push(sql`fp.client_org_id = ${q.clientOrgId}`);
  if (q.deptId) where.push(sql`fp.dept_id IN (${orgSubtreeIds(q.deptId)})`);
  return sql`p AS (SELECT fp.id, fp.name, fp.client_org_id FROM fin_projects fp WHERE ${sql.join(where, sql` AND `)}),
    billed AS (
      SELECT b.project_id, b.month, sum(b.amount_excl) AS billed FROM fin_bills b JOIN p ON p.id = b.project_id
      WHERE b.state = 'passed' AND b.deleted_at IS NULL AND b.month BETWEEN ${q.monthFrom} AND ${q.monthTo} GROUP BY 1, 2),
    cost AS (
      SELECT a.project_id, a.month,
        sum(a.amount) FILTER (WHERE s.code IN ('OUT01', 'OUT04')) AS pay,
        sum(a.amount) FILTER (WHERE s.code = 'OUT02') AS social,
        sum(a.amount) FILTER (WHERE s.code = 'OUT03') AS housing,
        sum(a.amount) FILTER (WHERE s.code = 'IN05') AS fee
      FROM fin_project_actuals a JOIN p ON p.id = a.project_id JOIN fin_budget_subjects s ON s.id = a.subject_id
      WHERE a.month BETWEEN ${q.monthFrom} AND ${q.monthTo} AND s.code IN ('OUT01', 'OUT02', 'OUT03', 'OUT04', 'IN05') GROUP BY 1, 2),
    pm AS (
      SELECT coalesce(b.project_id, c.project_id) AS project_id, coalesce(b.month, c.month) AS month,
        coalesce(b.billed, 0) AS billed, coalesce(c.pay, 0) AS pay, coalesce(c.social, 0) AS social, coalesce(c.housing, 0) AS housing, coalesce(c.fee, 0) AS fee
      FROM billed b FULL JOIN cost c ON c.project_id = b.project_id AND c.month = b.month)`;
}

function groupedSql(q: EconomicsQuery): SQL {
  const sums = sql`sum(billed) AS billed, sum(pay) AS pay, sum(social) AS social, sum(housing) AS housing, sum(fee) AS fee`;
  switch (q.groupBy) {
    case 'project':
      return sql`SELECT pm.project_id::text AS key, max(p.name) AS name, ${sums} FROM pm JOIN p ON p.id = pm.project_id GROUP BY pm.project_id`;
    case 'client':
      return sql`SELECT p.client_org_id::text AS key, max(o.name) AS name, ${sums} FROM pm JOIN p ON p.id = pm.project_id
        LEFT JOIN org_units o ON o.id = p.client_org_id GROUP BY p.client_org_id`;
    case 'month':
      return sql`SELECT pm.month::text AS key, (pm.month / 100) || '-' || lpad((pm.month % 100)::text, 2, '0') AS name, ${sums} FROM pm GROUP BY pm.month`;
    case 'employee':
      return sql`SELECT e.key, max(e.name) AS name, ${sums} FROM (
          SELECT coalesce(l.user_id::text, 'n:' || coalesce(l.person_name, l.description)) AS key, coalesce(u.real_name, l.person_name, l.description) AS name,
            l.amount_excl AS billed,
            coalesce(floor(c.pay * l.quantity_x100 / nullif(q.total, 0)), 0)::bigint AS pay,
            coalesce(floor(c.social * l.quantity_x100 / nullif(q.total, 0)), 0)::bigint AS social,
            coalesce(floor(c.housing * l.quantity_x100 / nullif(q.total, 0)), 0)::bigint AS housing,
            coalesce(floor(c.fee * l.quantity_x100 / nullif(q.total, 0)), 0)::bigint AS fee
          FROM fin_bills b JOIN p ON p.id = b.project_id
          JOIN fin_bill_lines l ON l.bill_id = b.id
          JOIN LATERAL (SELECT sum(x.quantity_x100) AS total FROM fin_bill_lines x JOIN fin_bills xb ON xb.id = x.bill_id
            WHERE xb.project_id = b.project_id AND xb.month = b.month AND xb.state = 'passed' AND xb.deleted_at IS NULL) q ON true
          LEFT JOIN cost c ON c.project_id = b.project_id AND c.month = b.month
          LEFT JOIN users u ON u.id = l.user_id
          WHERE b.state = 'passed' AND b.deleted_at IS NULL AND b.month BETWEEN ${q.monthFrom} AND ${q.monthTo}) e GROUP BY e.key`;
  }
}

export async function economics(db: Db, user: Principal, q: EconomicsQuery): Promise<Economics> {
  const cte = scopeCte(user, q);
  const offset = (q.pageIndex - 1) * q.pageSize;
  const [page, totals, ageing] = await Promise.all([
    db.execute(sql`WITH ${cte}, g AS (${groupedSql(q)})
      SELECT g.*, count(*) OVER () AS total_rows FROM g ORDER BY g.billed DESC, g.key LIMIT ${q.pageSize} OFFSET ${offset}`),
    db.execute(sql`WITH ${cte} SELECT sum(billed) AS billed, sum(pay) AS pay, sum(social) AS social, sum(housing) AS housing, sum(fee) AS fee FROM pm`),
    db.execute(sql`WITH ${cte}
      SELECT CASE WHEN d <= 30 THEN '0-30' WHEN d <= 90 THEN '31-90' WHEN d <= 180 THEN '91-180' ELSE '180+' END AS bucket,
        sum(open) AS amount, count(*) AS bills
      FROM (SELECT current_date - b.invoice_date AS d, b.invoiced_amount - b.collected_amount AS open
            FROM fin_bills b JOIN p ON p.id = b.project_id
            WHERE b.deleted_at IS NULL AND b.invoice_status = '010' AND b.invoiced_amount > b.collected_amount) x
      GROUP BY 1`),
  ]);
  const records = rowsOf<Record<string, unknown>>(page).map((r) => ({ key: String(r.key), name: String(r.name ?? r.key), ...figures(r) }));
  const total = n(rowsOf<Record<string, unknown>>(page)[0]?.total_rows);
  const byBucket = new Map(rowsOf<{ bucket: string; amount: unknown; bills: unknown }>(ageing).map((r) => [r.bucket, r]));
  return {
    totals: figures(rowsOf<Record<string, unknown>>(totals)[0] ?? {}),
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
  const r = await db.execute(sql`WITH ${scopeCte(user, q)}, g AS (${groupedSql(q)}) SELECT * FROM g ORDER BY g.billed DESC, g.key LIMIT 100000`);
  return rowsOf<Record<string, unknown>>(r).map((x) => ({ key: String(x.key), name: String(x.name ?? x.key), ...figures(x) }));
}
