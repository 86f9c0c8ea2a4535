import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';

/**
 * Benchmark data for the economics screen and the reconciliation report: for every generated project
 * (`GXM…`, project.generate.ts) one approved item bill per month of its 24, with a line for each of
 * `peoplePerProject` employees (hours × rate, tax 6 % rounded once per line, as the product computes
 * it); bills older than three months invoiced and collected, the last three invoiced and unpaid.
 * 2,000 projects × 24 months × 25 people is 48,000 bills and 1.2 million lines over 50,000 people.
 * Everything reconciles (the report answers no row). Set-based SQL, in slices of 100 projects: the
 * triggers keeping the bills' totals and the economics summaries (migration 0029) see each
 * statement's rows at once, and a slice's fit in memory.
 */
export async function generateBills(db: Db, peoplePerProject = 25, today = new Date()): Promise<void> {
  const thisMonth = today.getUTCFullYear() * 100 + today.getUTCMonth() + 1;
  const t = Math.floor(thisMonth / 100) * 12 + (thisMonth % 100) - 1 - 3;
  const lastCollected = Math.floor(t / 12) * 100 + (t % 12) + 1;
  await db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMP TABLE gen_people ON COMMIT DROP AS SELECT row_number() OVER (ORDER BY id) AS n, id, real_name FROM users`);
    const [range] = (
      (await tx.execute(sql`SELECT min(id) AS lo, max(id) AS hi FROM fin_projects WHERE project_no LIKE 'GXM%'`)) as unknown as {
        rows: Array<{ lo: number; hi: number }>;
      }
    ).rows;
    for (let lo = Number(range?.lo ?? 0); lo <= Number(range?.hi ?? -1); lo += 100) {
      const hi = lo + 99;
      await tx.execute(sql`
      INSERT INTO fin_bills (bill_no, bill_type, settle_method, project_id, client_org_id, settle_org_id, dept_id, manager_user_id, month,
        tax_rate_bp, state, invoice_status, payment_status, writeoff_status, invoice_date, due_date)
      SELECT 'GJS' || p.id || '-' || m.month, '001', '001', p.id, p.client_org_id, p.settle_org_id, p.dept_id, p.manager_user_id, m.month,
        600, 'passed', '010', CASE WHEN m.month <= ${lastCollected} THEN '013' ELSE '012' END, '014',
        make_date(m.month / 100, m.month % 100, 1) + interval '1 month' + interval '4 days',
        make_date(m.month / 100, m.month % 100, 1) + interval '1 month' + interval '34 days'
      FROM fin_projects p
      CROSS JOIN (SELECT DISTINCT month FROM fin_budget_lines l JOIN fin_project_versions v ON v.id = l.version_id
                  JOIN fin_projects gp ON gp.id = v.project_id WHERE gp.project_no LIKE 'GXM%') m
      WHERE p.project_no LIKE 'GXM%' AND m.month < ${thisMonth} AND p.id BETWEEN ${lo} AND ${hi}`);
      await tx.execute(sql`
      INSERT INTO fin_bill_lines (bill_id, line_no, user_id, person_name, description, quantity_x100, unit_price, tax_rate_bp, amount_excl, tax_amount, amount_incl)
      SELECT b.id, k, u.id, u.real_name, '驻场服务', q, r, 600, x, (x * 600 + 5000) / 10000, x + (x * 600 + 5000) / 10000
      FROM fin_bills b
      CROSS JOIN generate_series(1, ${peoplePerProject}) k
      JOIN gen_people u ON u.n = 1 + ((b.project_id * ${peoplePerProject} + k) % (SELECT count(*) FROM gen_people))
      CROSS JOIN LATERAL (SELECT (16000 + ((b.id + k) % 24) * 100)::bigint AS q, (6000 + ((b.project_id * 7 + k) % 60) * 100)::bigint AS r) v
      CROSS JOIN LATERAL (SELECT (v.q * v.r + 50) / 100 AS x) a
      WHERE b.bill_no LIKE 'GJS%' AND b.project_id BETWEEN ${lo} AND ${hi}`);
      await tx.execute(sql`
      UPDATE fin_bills b SET amount_excl = s.e, tax_amount = s.t, amount_incl = s.i, invoiced_amount = s.i,
        collected_amount = CASE WHEN b.payment_status = '013' THEN s.i ELSE 0 END
      FROM (SELECT bill_id, sum(amount_excl) AS e, sum(tax_amount) AS t, sum(amount_incl) AS i FROM fin_bill_lines
            WHERE bill_id IN (SELECT id FROM fin_bills WHERE project_id BETWEEN ${lo} AND ${hi}) GROUP BY bill_id) s
      WHERE s.bill_id = b.id AND b.bill_no LIKE 'GJS%' AND b.project_id BETWEEN ${lo} AND ${hi}`);
      await tx.execute(sql`
      INSERT INTO fin_invoices (bill_id, apply_no, invoice_type, buyer_name, amount_excl, tax_amount, amount_incl, state, invoice_no, invoice_date)
      SELECT b.id, 'GKP' || b.id, '001', '客户', b.amount_excl, b.tax_amount, b.amount_incl, 'issued', '9' || lpad(b.id::text, 11, '0'), b.invoice_date
      FROM fin_bills b WHERE b.bill_no LIKE 'GJS%' AND b.project_id BETWEEN ${lo} AND ${hi}`);
      await tx.execute(sql`
      INSERT INTO fin_bill_collections (bill_id, amount, collected_on, bank_serial, payer_name)
      SELECT b.id, b.collected_amount, b.invoice_date + 30, 'GHK' || b.id, '客户'
      FROM fin_bills b WHERE b.bill_no LIKE 'GJS%' AND b.collected_amount > 0 AND b.project_id BETWEEN ${lo} AND ${hi}`);
    }
  });
}
