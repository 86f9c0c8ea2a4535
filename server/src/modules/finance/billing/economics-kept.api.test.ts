import type { Economics, EconomicsRow } from '@erp/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { users } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import { orgSubtreeIds } from '../../../platform/auth/org-subtree';
import type { Principal } from '../../../platform/auth/principal';
import { loadGrants } from '../../../platform/auth/sessions';
import { type Db, queryRows } from '../../../platform/db';
import { billResource } from './billing.resource';
import { finBills } from './billing.schema';
import type { ReconciliationRow } from './billing.service';
import { billingFixtures } from './billing-test-support';
import { type EconomicsQuery, economicsAll } from './economics';

/**
 * The staffing economics and the reconciliation report read sums kept by triggers (migration 0029).
 * After every kind of write, their answers must be exactly what the per-request computation they
 * replaced answers — kept below as the reference — and the kept rows what a recomputation from the
 * bills, lines, invoices, collections, write-offs and actuals gives.
 */

let s: TestServer;
let fin: string;
let mgr: string;
const who: Record<string, { token: string; user: Principal }> = {};
beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr] = await Promise.all([s.login('fin01'), s.login('mgr01')]);
  for (const [code, token] of [
    ['fin01', fin],
    ['mgr01', mgr],
  ] as const) {
    const grants = await loadGrants(s.db, await userId(code));
    who[code] = { token, user: { ...(grants as Omit<Principal, 'sessionId'>), sessionId: 0 } as Principal };
  }
});
afterAll(() => s.close());

const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
const IV = (n: string) => `/finance_api/finance/invoiceInfo/${n}`;
const E = '/finance_api/finance/economics/getEconomics';
const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;

// ---- The reference: the per-request computation the kept sums replaced (as it was) --------------

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
    // JSON has no -0 (a margin just below zero): as the service answers it.
    marginRateBp: billed > 0 ? Math.round((margin * 10000) / billed) || 0 : 0,
  };
}

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

async function recomputedEconomics(db: Db, user: Principal, q: EconomicsQuery): Promise<Economics> {
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

/** The export, recomputed. */
async function recomputedEconomicsAll(db: Db, user: Principal, q: EconomicsQuery): Promise<EconomicsRow[]> {
  const r = await db.execute(sql`WITH ${scopeCte(user, q)}, g AS (${groupedSql(q)}) SELECT * FROM g ORDER BY g.billed DESC, g.key LIMIT 100000`);
  return rowsOf<Record<string, unknown>>(r).map((x) => ({ key: String(x.key), name: String(x.name ?? x.key), ...figures(x) }));
}
async function recomputedReconciliation(db: Db, user: Principal, input: { monthFrom?: number; monthTo?: number; limit: number }): Promise<ReconciliationRow[]> {
  const where = billResource.conditions({ monthFrom: input.monthFrom, monthTo: input.monthTo }, user, sql`${finBills.state} = 'passed'`);
  const r = await db.execute<Record<string, string | number | null>>(sql`
    WITH agg AS (
      SELECT fin_bills.id, fin_bills.bill_no, fb_project.name AS project_name, fin_bills.amount_excl, fin_bills.tax_amount, fin_bills.amount_incl,
        fin_bills.invoiced_amount, fin_bills.collected_amount, fin_bills.written_off_amount,
        COALESCE((SELECT sum(amount_incl) FROM fin_bill_lines l WHERE l.bill_id = fin_bills.id), 0)::bigint AS lines_incl,
        COALESCE((SELECT sum(amount_excl) FROM fin_bill_lines l WHERE l.bill_id = fin_bills.id), 0)::bigint AS lines_excl,
        COALESCE((SELECT sum(tax_amount) FROM fin_bill_lines l WHERE l.bill_id = fin_bills.id), 0)::bigint AS lines_tax,
        COALESCE((SELECT sum(amount_incl) FROM fin_invoices i WHERE i.bill_id = fin_bills.id AND i.state = 'issued'), 0)::bigint AS invoices_issued,
        COALESCE((SELECT sum(amount) FROM fin_bill_collections c WHERE c.bill_id = fin_bills.id AND c.state = 'valid'), 0)::bigint AS collections_valid,
        COALESCE((SELECT sum(amount) FROM fin_cancellation_bills x WHERE x.bill_id = fin_bills.id AND x.state = 'passed' AND x.deleted_at IS NULL), 0)::bigint AS written_off_rows
      FROM fin_bills
      LEFT JOIN fin_projects fb_project ON fb_project.id = fin_bills.project_id
      LEFT JOIN org_units fb_client ON fb_client.id = fin_bills.client_org_id
      LEFT JOIN org_units fb_settle ON fb_settle.id = fin_bills.settle_org_id
      LEFT JOIN org_units fb_dept ON fb_dept.id = fin_bills.dept_id
      WHERE ${where ?? sql`true`}
    )
    SELECT * FROM agg
    WHERE amount_incl <> lines_incl OR amount_excl <> lines_excl OR tax_amount <> lines_tax OR amount_excl + tax_amount <> amount_incl
      OR invoiced_amount <> invoices_issued OR collected_amount <> collections_valid OR collected_amount > invoiced_amount
      OR written_off_amount <> written_off_rows OR written_off_amount > collected_amount
    ORDER BY id
    LIMIT ${input.limit}`);
  return rowsOf<Record<string, string | number | null>>(r).map((x) => {
    const n = (k: string) => Number(x[k] ?? 0);
    const problems: string[] = [];
    if (n('amount_incl') !== n('lines_incl') || n('amount_excl') !== n('lines_excl') || n('tax_amount') !== n('lines_tax')) problems.push('金额与明细合计不符');
    if (n('amount_excl') + n('tax_amount') !== n('amount_incl')) problems.push('不含税金额加税额不等于含税金额');
    if (n('invoiced_amount') !== n('invoices_issued')) problems.push('已开票金额与发票不符');
    if (n('collected_amount') !== n('collections_valid')) problems.push('已回款金额与回款记录不符');
    if (n('collected_amount') > n('invoiced_amount')) problems.push('回款超过开票金额');
    if (n('written_off_amount') !== n('written_off_rows')) problems.push('已核销金额与核销单不符');
    if (n('written_off_amount') > n('collected_amount')) problems.push('核销超过回款金额');
    return {
      billId: n('id'),
      billNo: (x.bill_no as string | null) ?? null,
      projectName: (x.project_name as string | null) ?? null,
      amountIncl: n('amount_incl'),
      linesIncl: n('lines_incl'),
      invoicedAmount: n('invoiced_amount'),
      invoicesIssued: n('invoices_issued'),
      collectedAmount: n('collected_amount'),
      collectionsValid: n('collections_valid'),
      writtenOffAmount: n('written_off_amount'),
      problems,
    };
  });
}

// ---- The kept rows against a recomputation from the rows they sum --------------------------------

/** Every kept row that differs from what the bills, lines and actuals give (none expected). */
async function keptDifferences(db: Db): Promise<Record<string, unknown[]>> {
  const bills = await queryRows(
    db,
    sql`SELECT b.id FROM fin_bills b
        LEFT JOIN (SELECT bill_id, sum(amount_excl) AS e, sum(tax_amount) AS t, sum(amount_incl) AS i FROM fin_bill_lines GROUP BY 1) l ON l.bill_id = b.id
        LEFT JOIN (SELECT bill_id, sum(amount_incl) AS a FROM fin_invoices WHERE state = 'issued' GROUP BY 1) v ON v.bill_id = b.id
        LEFT JOIN (SELECT bill_id, sum(amount) AS a FROM fin_bill_collections WHERE state = 'valid' GROUP BY 1) c ON c.bill_id = b.id
        LEFT JOIN (SELECT bill_id, sum(amount) AS a FROM fin_cancellation_bills WHERE state = 'passed' AND deleted_at IS NULL GROUP BY 1) x ON x.bill_id = b.id
        WHERE (b.lines_excl, b.lines_tax, b.lines_incl, b.issued_incl, b.valid_collected, b.passed_written_off)
          IS DISTINCT FROM (coalesce(l.e, 0), coalesce(l.t, 0), coalesce(l.i, 0), coalesce(v.a, 0), coalesce(c.a, 0), coalesce(x.a, 0))`,
  );
  const months = await queryRows(
    db,
    sql`WITH b AS (
          SELECT project_id, month, count(*)::int AS bills, sum(amount_excl) AS billed_excl, sum(amount_incl) AS billed_incl, sum(invoiced_amount) AS invoiced,
            sum(collected_amount) AS collected, sum(written_off_amount) AS written_off,
            coalesce(sum((SELECT sum(quantity_x100) FROM fin_bill_lines l WHERE l.bill_id = fin_bills.id)), 0) AS quantity
          FROM fin_bills WHERE state = 'passed' AND deleted_at IS NULL GROUP BY 1, 2),
        c AS (
          SELECT a.project_id, a.month, count(*)::int AS cost_rows, coalesce(sum(a.amount) FILTER (WHERE s.code IN ('OUT01', 'OUT04')), 0) AS pay,
            coalesce(sum(a.amount) FILTER (WHERE s.code = 'OUT02'), 0) AS social, coalesce(sum(a.amount) FILTER (WHERE s.code = 'OUT03'), 0) AS housing,
            coalesce(sum(a.amount) FILTER (WHERE s.code = 'IN05'), 0) AS fee
          FROM fin_project_actuals a JOIN fin_budget_subjects s ON s.id = a.subject_id WHERE s.code IN ('OUT01', 'OUT02', 'OUT03', 'OUT04', 'IN05') GROUP BY 1, 2),
        r AS (
          SELECT coalesce(b.project_id, c.project_id) AS project_id, coalesce(b.month, c.month) AS month, coalesce(b.bills, 0) AS bills,
            coalesce(c.cost_rows, 0) AS cost_rows, coalesce(b.billed_excl, 0) AS billed_excl, coalesce(b.billed_incl, 0) AS billed_incl,
            coalesce(b.invoiced, 0) AS invoiced, coalesce(b.collected, 0) AS collected, coalesce(b.written_off, 0) AS written_off,
            coalesce(b.quantity, 0) AS quantity_x100, coalesce(c.pay, 0) AS pay, coalesce(c.social, 0) AS social, coalesce(c.housing, 0) AS housing,
            coalesce(c.fee, 0) AS fee
          FROM b FULL JOIN c ON c.project_id = b.project_id AND c.month = b.month)
        (SELECT 'recomputed' AS side, r.* FROM r EXCEPT SELECT 'recomputed', e.* FROM fin_econ_project_months e)
        UNION ALL (SELECT 'kept', e.* FROM fin_econ_project_months e EXCEPT SELECT 'kept', r.* FROM r)`,
  );
  const people = await queryRows(
    db,
    sql`WITH l AS (
          SELECT b.project_id, b.month, coalesce(l.user_id::text, 'n:' || coalesce(l.person_name, l.description)) AS person_key, l.user_id,
            coalesce(l.person_name, l.description) AS line_name, l.amount_excl AS billed,
            coalesce(floor(e.pay::numeric * l.quantity_x100 / nullif(e.quantity_x100::numeric, 0)), 0)::bigint AS pay,
            coalesce(floor(e.social::numeric * l.quantity_x100 / nullif(e.quantity_x100::numeric, 0)), 0)::bigint AS social,
            coalesce(floor(e.housing::numeric * l.quantity_x100 / nullif(e.quantity_x100::numeric, 0)), 0)::bigint AS housing,
            coalesce(floor(e.fee::numeric * l.quantity_x100 / nullif(e.quantity_x100::numeric, 0)), 0)::bigint AS fee
          FROM fin_bills b JOIN fin_bill_lines l ON l.bill_id = b.id
          LEFT JOIN fin_econ_project_months e ON e.project_id = b.project_id AND e.month = b.month
          WHERE b.state = 'passed' AND b.deleted_at IS NULL),
        r AS (
          SELECT project_id, month, person_key, max(user_id) AS user_id, max(line_name) AS line_name, count(*)::int AS lines, sum(billed) AS billed,
            sum(pay) AS pay, sum(social) AS social, sum(housing) AS housing, sum(fee) AS fee
          FROM l GROUP BY 1, 2, 3)
        (SELECT 'recomputed' AS side, r.* FROM r EXCEPT SELECT 'recomputed', e.* FROM fin_econ_person_months e)
        UNION ALL (SELECT 'kept', e.* FROM fin_econ_person_months e EXCEPT SELECT 'kept', r.* FROM r)`,
  );
  const years = await queryRows(
    db,
    sql`WITH r AS (
          SELECT month / 100 AS year, person_key, max(user_id) AS user_id, sum(lines)::int AS lines, sum(billed) AS billed, sum(pay) AS pay,
            sum(social) AS social, sum(housing) AS housing, sum(fee) AS fee
          FROM fin_econ_person_months GROUP BY 1, 2)
        (SELECT 'recomputed' AS side, r.* FROM r EXCEPT SELECT 'recomputed', e.* FROM fin_econ_person_years e)
        UNION ALL (SELECT 'kept', e.* FROM fin_econ_person_years e EXCEPT SELECT 'kept', r.* FROM r)`,
  );
  const projectYears = await queryRows(
    db,
    sql`WITH r AS (
          SELECT project_id, month / 100 AS year, count(*)::int AS rows, sum(billed_excl) AS billed_excl, sum(pay) AS pay, sum(social) AS social,
            sum(housing) AS housing, sum(fee) AS fee
          FROM fin_econ_project_months GROUP BY 1, 2)
        (SELECT 'recomputed' AS side, r.* FROM r EXCEPT SELECT 'recomputed', e.* FROM fin_econ_project_years e)
        UNION ALL (SELECT 'kept', e.* FROM fin_econ_project_years e EXCEPT SELECT 'kept', r.* FROM r)`,
  );
  const companyMonths = await queryRows(
    db,
    sql`WITH r AS (
          SELECT month, count(*)::int AS rows, sum(billed_excl) AS billed_excl, sum(pay) AS pay, sum(social) AS social, sum(housing) AS housing,
            sum(fee) AS fee
          FROM fin_econ_project_months GROUP BY 1)
        (SELECT 'recomputed' AS side, r.* FROM r EXCEPT SELECT 'recomputed', e.* FROM fin_econ_months e)
        UNION ALL (SELECT 'kept', e.* FROM fin_econ_months e EXCEPT SELECT 'kept', r.* FROM r)`,
  );
  return { bills, months, people, years, projectYears, companyMonths };
}

// ---- The answers against the reference --------------------------------------------------------

const year = new Date().getFullYear();
const thisMonth = year * 100 + new Date().getMonth() + 1;
const RANGES = [
  { monthFrom: (year - 1) * 100 + 1, monthTo: year * 100 + 12 },
  { monthFrom: year * 100 + 1, monthTo: year * 100 + 12 },
  { monthFrom: year * 100 + 1, monthTo: thisMonth },
  { monthFrom: (year - 1) * 100 + 5, monthTo: (year - 1) * 100 + 7 },
];
const GROUPINGS = ['project', 'client', 'month', 'employee'] as const;

/** Every kept row recomputes, and every grouping, range and reader answers as the reference does. */
async function expectSameAnswers(step: string): Promise<void> {
  expect(await keptDifferences(s.db), step).toEqual({ bills: [], months: [], people: [], years: [], projectYears: [], companyMonths: [] });
  for (const code of ['fin01', 'mgr01'] as const) {
    const { token, user } = who[code] as { token: string; user: Principal };
    for (const range of RANGES) {
      for (const groupBy of GROUPINGS) {
        const q: EconomicsQuery = { ...range, groupBy, pageIndex: 1, pageSize: 500 };
        const answer = await s.post<Economics>(E, q, token);
        expect(answer.code, `${step}: ${code} ${groupBy}`).toBe('200');
        expect(answer.data, `${step}: ${code} ${groupBy} ${range.monthFrom}-${range.monthTo}`).toEqual(await recomputedEconomics(s.db, user, q));
      }
      const recon = await s.post(NB('getReconciliation'), { ...range, limit: 1000 }, token);
      expect(recon.data, `${step}: ${code} reconciliation`).toEqual(await recomputedReconciliation(s.db, user, { ...range, limit: 1000 }));
    }
  }
  // Pages past the first and past the end, the export, and a project's drill-down.
  const { user } = who.fin01 as { user: Principal };
  for (const groupBy of GROUPINGS) {
    for (const paging of [
      { pageIndex: 2, pageSize: 3 },
      { pageIndex: 999, pageSize: 50 },
    ]) {
      const q: EconomicsQuery = { ...(RANGES[0] as (typeof RANGES)[0]), groupBy, ...paging };
      expect((await s.post<Economics>(E, q, fin)).data, `${step}: ${groupBy} page ${paging.pageIndex}`).toEqual(await recomputedEconomics(s.db, user, q));
    }
    const q: EconomicsQuery = { ...(RANGES[1] as (typeof RANGES)[0]), groupBy, pageIndex: 1, pageSize: 20 };
    expect(await economicsAll(s.db, user, q), `${step}: export ${groupBy}`).toEqual(await recomputedEconomicsAll(s.db, user, q));
  }
}

// ---- Writes -------------------------------------------------------------------------------------

const { projectAndMonth: freeMonth } = billingFixtures(() => ({ s, fin, mgr }));

async function draftBill(): Promise<{ id: number; amountIncl: number; clientName: string; processInstanceId: number | null }> {
  const { projectId, month } = await freeMonth();
  const res = await s.post<{ id: number; amountIncl: number; clientName: string; processInstanceId: number | null }>(
    NB('saveBill'),
    {
      projectId,
      billType: '001',
      settleMethod: '001',
      month,
      taxRateBp: 600,
      lines: [
        { userId: await userId('emp01'), personName: '员工一', description: 'Java开发工程师', quantityX100: 17650, unitPrice: 12345 },
        { personName: '员工二', description: '测试工程师', quantityX100: 16800, unitPrice: 9999 },
        { description: '加班费', quantityX100: 1250, unitPrice: 8833 },
      ],
    },
    mgr,
  );
  expect(res.code).toBe('200');
  return res.data;
}

async function passTask(instanceId: number, path = '/bpm_api/bpm/camunda/task/pass') {
  const [t] = await queryRows<{ id: number }>(
    s.db,
    sql`SELECT id FROM wf_tasks WHERE instance_id = ${instanceId} AND status = 'pending' AND kind = 'approve' LIMIT 1`,
  );
  expect((await s.post(path, { taskId: t?.id }, fin)).code).toBe('200');
}

async function approve(id: number) {
  const submitted = await s.post<{ processInstanceId: number }>(NB('submitBill'), { id }, mgr);
  expect(submitted.code).toBe('200');
  await passTask(submitted.data.processInstanceId);
}

let invoiceSerial = 0;
async function invoice(billId: number, clientName: string): Promise<number> {
  const applied = await s.post<{ id: number }>(NB('applyInvoice'), { billId, invoiceType: '001', buyerName: clientName }, mgr);
  expect(applied.code).toBe('200');
  invoiceSerial += 1;
  const issued = await s.post(
    NB('issueInvoice'),
    { invoiceId: applied.data.id, invoiceNo: `77${String(invoiceSerial).padStart(8, '0')}`, invoiceDate: '2026-09-10' },
    fin,
  );
  expect(issued.code).toBe('200');
  return applied.data.id;
}

const amountOf = async (billId: number) =>
  Number((await queryRows<{ a: number }>(s.db, sql`SELECT amount_incl AS a FROM fin_bills WHERE id = ${billId}`))[0]?.a);

describe('kept economics and reconciliation sums', () => {
  it('answer as the per-request computation did, after every kind of write', { timeout: 600_000 }, async () => {
    await expectSameAnswers('demo data');

    const a = await draftBill();
    await expectSameAnswers('new bill (draft)');
    await approve(a.id);
    await expectSameAnswers('bill approved');
    const invoiceA = await invoice(a.id, a.clientName);
    await expectSameAnswers('invoice issued');

    const amountA = await amountOf(a.id);
    expect((await s.post(NB('saveBillReturnMoney'), { billId: a.id, amount: 1000, collectedOn: '2026-10-01', bankSerial: 'KEPT-1' }, fin)).code).toBe('200');
    await expectSameAnswers('collection');
    const [c1] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_bill_collections WHERE bank_serial = 'KEPT-1' AND state = 'valid'`);
    expect((await s.post(NB('refundReturnMoney'), { id: c1?.id, remark: '原路退回' }, fin)).code).toBe('200');
    await expectSameAnswers('refund');

    // A void (no valid collection left), then invoiced again.
    const v = await s.post<{ id: number }>(IV('voiceCancel'), { invoiceId: invoiceA, reason: '购方税号错误' }, mgr);
    expect(v.code).toBe('200');
    expect((await s.post(IV('voiceCancelPass'), { id: v.data.id, message: '同意' }, fin)).code).toBe('200');
    await expectSameAnswers('invoice voided');
    await invoice(a.id, a.clientName);

    // A collection moved to another bill of the same client.
    const b = await draftBill();
    await approve(b.id);
    await invoice(b.id, b.clientName);
    expect((await s.post(NB('saveBillReturnMoney'), { billId: a.id, amount: 2000, collectedOn: '2026-10-02', bankSerial: 'KEPT-2' }, fin)).code).toBe('200');
    const [c2] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_bill_collections WHERE bank_serial = 'KEPT-2' AND state = 'valid'`);
    expect((await s.post(NB('moveReturnMoney'), { id: c2?.id, toBillId: b.id, remark: '客户付错结算单' }, fin)).code).toBe('200');
    await expectSameAnswers('collection moved');

    // One-click payment of both, then a write-off.
    expect((await s.post(NB('oneClickPayment'), { billIds: [a.id, b.id], collectedOn: '2026-10-03', bankSerial: 'KEPT-BATCH' }, fin)).code).toBe('200');
    await expectSameAnswers('one-click payment');
    const pushed = await s.post<{ cancellationId: number }>(NB('pushCancellation'), { billId: a.id, amount: Math.floor(amountA / 2) }, mgr);
    expect(pushed.code).toBe('200');
    await expectSameAnswers('write-off pushed');
    const [x] = await queryRows<{ i: number }>(s.db, sql`SELECT process_instance_id AS i FROM fin_cancellation_bills WHERE id = ${pushed.data.cancellationId}`);
    await passTask(x?.i as number, '/finance_api/finance/borrow/CancellationBillPass');
    await expectSameAnswers('write-off passed');

    // Actuals, as the areas that produce them write them: added, changed, removed.
    const [bill] = await queryRows<{ project_id: number; month: number }>(s.db, sql`SELECT project_id, month FROM fin_bills WHERE id = ${a.id}`);
    const subject = async (code: string) =>
      Number((await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_budget_subjects WHERE code = ${code}`))[0]?.id);
    await s.db.execute(sql`
      INSERT INTO fin_project_actuals (project_id, subject_id, budget_type, month, amount, source)
      VALUES (${bill?.project_id}, ${await subject('OUT01')}, '002', ${bill?.month}, 1234567, 'test'),
             (${bill?.project_id}, ${await subject('OUT02')}, '002', ${bill?.month}, 345679, 'test'),
             (${bill?.project_id}, ${await subject('IN05')}, '001', ${bill?.month}, 99999, 'test')`);
    await expectSameAnswers('actuals added');
    await s.db.execute(sql`UPDATE fin_project_actuals SET amount = amount + 7 WHERE source = 'test' AND project_id = ${bill?.project_id}`);
    await expectSameAnswers('actuals changed');
    await s.db.execute(sql`DELETE FROM fin_project_actuals WHERE source = 'test' AND subject_id = ${await subject('OUT02')}`);
    await expectSameAnswers('actuals removed');

    // A payroll month closed: its people cost written to the actuals of many projects in one statement.
    const [open] = await queryRows<{ month: number }>(s.db, sql`SELECT month FROM pay_runs WHERE state = 'open' ORDER BY month LIMIT 1`);
    const closed = await s.post('/salary_api/salary/payroll/close', { month: open?.month }, fin);
    expect(closed.code, closed.message).toBe('200');
    const [payroll] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM fin_project_actuals WHERE source = 'payroll' AND month = ${open?.month}`,
    );
    expect(payroll?.n).toBeGreaterThan(0);
    await expectSameAnswers('payroll closed');

    // A line of an approved bill changed behind the service's back: the report lists the bill.
    await s.db.execute(
      sql`UPDATE fin_bill_lines SET quantity_x100 = quantity_x100 + 100, amount_excl = amount_excl + 1 WHERE bill_id = ${b.id} AND line_no = 1`,
    );
    await expectSameAnswers('line changed');
    expect((await s.post<Array<{ billId: number }>>(NB('getReconciliation'), {}, fin)).data.map((r) => r.billId)).toEqual([b.id]);
    await s.db.execute(
      sql`UPDATE fin_bill_lines SET quantity_x100 = quantity_x100 - 100, amount_excl = amount_excl - 1 WHERE bill_id = ${b.id} AND line_no = 1`,
    );

    // A renamed employee, a deleted project (the company-wide person-years no longer stand for it), a deleted draft.
    await s.db.execute(sql`UPDATE users SET real_name = real_name || '改' WHERE user_code = 'emp01'`);
    await expectSameAnswers('employee renamed');
    await s.db.execute(sql`UPDATE fin_projects SET deleted_at = now() WHERE id = ${bill?.project_id}`);
    await expectSameAnswers('project deleted');
    await s.db.execute(sql`UPDATE fin_projects SET deleted_at = NULL WHERE id = ${bill?.project_id}`);
    const d = await draftBill();
    expect((await s.post(NB('deleteBill'), { id: d.id }, mgr)).code).toBe('200');
    await expectSameAnswers('draft deleted');
  });

  it('keeps the same sums when two transactions change one project-month at once', async () => {
    const [pm] = await queryRows<{ project_id: number; month: number }>(
      s.db,
      sql`SELECT project_id, month FROM fin_econ_project_months WHERE bills > 0 ORDER BY project_id, month LIMIT 1`,
    );
    const [out01] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_budget_subjects WHERE code = 'OUT01'`);
    await Promise.all(
      [1, 2, 3, 4].map((k) =>
        s.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO fin_project_actuals (project_id, subject_id, budget_type, month, amount, source)
            VALUES (${pm?.project_id}, ${out01?.id}, '002', ${pm?.month}, ${1000 * k + 1}, 'race')`);
        }),
      ),
    );
    expect(await keptDifferences(s.db)).toEqual({ bills: [], months: [], people: [], years: [], projectYears: [], companyMonths: [] });
  });
});
