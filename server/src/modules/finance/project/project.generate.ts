import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';

/**
 * Benchmark data for the budget statistics: `projects` approved projects of 24 months (last year and
 * this one) across the own departments and the client companies, each with a budget on every one of
 * the 30 subjects in every month (version 1, in force from its first month), the in-force table, and
 * actual amounts for the months gone by. Set-based SQL: 2,000 projects are 1.44 million budget lines.
 */
export async function generateProjects(db: Db, projects: number, today = new Date()): Promise<void> {
  if (projects <= 0) return;
  const year = today.getUTCFullYear();
  const first = (year - 1) * 100 + 1;
  const lastActual = today.getUTCFullYear() * 100 + today.getUTCMonth(); // the month before this one
  await db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMP TABLE gen_depts ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS n, id FROM org_units WHERE NOT is_client AND type IN ('dept', 'team')`);
    await tx.execute(sql`CREATE TEMP TABLE gen_clients ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS n, id FROM org_units WHERE is_client AND type = 'company'`);
    await tx.execute(sql`CREATE TEMP TABLE gen_months ON COMMIT DROP AS
      SELECT (${year - 1} + (g - 1) / 12) * 100 + ((g - 1) % 12) + 1 AS month FROM generate_series(1, 24) g`);
    await tx.execute(sql`
      INSERT INTO fin_projects (project_no, name, project_type, client_org_id, settle_org_id, dept_id, manager_user_id,
        start_date, end_date, contract_amount, state, phase, version_no)
      SELECT 'GXM' || lpad(g::text, 8, '0'), '基准项目' || g, lpad((1 + g % 4)::text, 3, '0'),
        (SELECT id FROM gen_clients WHERE n = 1 + g % (SELECT count(*) FROM gen_clients)),
        (SELECT id FROM org_units WHERE type = 'company' AND NOT is_client ORDER BY id LIMIT 1),
        (SELECT id FROM gen_depts WHERE n = 1 + (g * 7919) % (SELECT count(*) FROM gen_depts)),
        (SELECT id FROM users ORDER BY id LIMIT 1 OFFSET g % 50),
        make_date(${year - 1}::int, 1, 1), make_date(${year}::int, 12, 31), 24 * 30 * 100000, 'passed', '002', 1
      FROM generate_series(1, ${projects}) g`);
    await tx.execute(sql`
      INSERT INTO fin_project_versions (project_id, version_no, status, effective_month)
      SELECT id, 1, 'effective', ${first} FROM fin_projects WHERE project_no LIKE 'GXM%'`);
    // Amounts vary by project, subject and month (deterministic), in fen.
    await tx.execute(sql`
      INSERT INTO fin_budget_lines (version_id, subject_id, month, amount)
      SELECT v.id, s.id, m.month, 100000 + ((v.project_id * 31 + s.id * 17 + m.month) % 997) * 1000
      FROM fin_project_versions v JOIN fin_projects p ON p.id = v.project_id
      CROSS JOIN fin_budget_subjects s CROSS JOIN gen_months m
      WHERE p.project_no LIKE 'GXM%'`);
    await tx.execute(sql`
      UPDATE fin_project_versions v SET budget_total = t.total
      FROM (SELECT version_id, sum(amount)::bigint AS total FROM fin_budget_lines GROUP BY version_id) t
      WHERE t.version_id = v.id AND v.budget_total <> t.total`);
    // In slices of 100 projects: the triggers keeping the per-department and per-unit sums see each
    // statement's rows at once, and a slice's fit in memory (on PGlite one statement of 1.44 million
    // rows spilled its aggregation to disk and took tens of minutes).
    const [range] = (
      (await tx.execute(sql`SELECT min(id) AS lo, max(id) AS hi FROM fin_projects WHERE project_no LIKE 'GXM%'`)) as unknown as {
        rows: Array<{ lo: number; hi: number }>;
      }
    ).rows;
    for (let lo = Number(range?.lo ?? 0); lo <= Number(range?.hi ?? -1); lo += 100) {
      const hi = lo + 99;
      await tx.execute(sql`
        INSERT INTO fin_budget_in_force (project_id, dept_id, subject_id, budget_type, month, amount)
        SELECT p.id, p.dept_id, l.subject_id, s.budget_type, l.month, l.amount
        FROM fin_budget_lines l JOIN fin_project_versions v ON v.id = l.version_id JOIN fin_projects p ON p.id = v.project_id
        JOIN fin_budget_subjects s ON s.id = l.subject_id
        WHERE p.project_no LIKE 'GXM%' AND p.id BETWEEN ${lo} AND ${hi}`);
      await tx.execute(sql`
        INSERT INTO fin_project_actuals (project_id, subject_id, budget_type, month, amount, source)
        SELECT project_id, subject_id, budget_type, month, amount * (90 + (project_id + month) % 20) / 100, 'generated'
        FROM fin_budget_in_force f WHERE f.project_id IN (SELECT id FROM fin_projects WHERE project_no LIKE 'GXM%') AND f.project_id BETWEEN ${lo} AND ${hi} AND f.month <= ${lastActual}`);
    }
  });
}
