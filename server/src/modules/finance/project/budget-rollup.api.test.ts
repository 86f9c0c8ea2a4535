import type { BudgetSummary, PeriodTable } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { orgUnits } from '../../../db/schema';
import { queryRows } from '../../../platform/db';
import { generateProjects } from './project.generate';
import { deptSummaries, deptSummaryPage, type StatsScope, subjectTable, summary, typeTable } from './statistics';

/**
 * The kept sums of the budget statistics (fin_budget_rollup: a unit's subtree per subject and month;
 * fin_budget_dept_years: a department's own year per type) against what they replace: the
 * per-department totals (fin_budget_totals) summed over the departments of the unit on each call.
 * Both are kept by triggers, through writes of the budget in force and the actuals, moves and
 * removals of units.
 */
let s: TestServer;
let fin: string;
let admin: string;
const N = (n: string) => `/finance_api/finance/newBudget/${n}`;
const thisYear = new Date().getUTCFullYear();

beforeAll(async () => {
  s = await startTestServer();
  [fin, admin] = await Promise.all([s.login('fin01'), s.login('admin')]);
  // 60 generated projects of 24 months × 30 subjects across the demo departments, on top of the demo's.
  await generateProjects(s.db, 60);
});
afterAll(() => s.close());

const orgId = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;

/** Rows of the kept sums that differ from a recomputation out of fin_budget_totals and today's org paths. */
async function drift(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    s.db,
    sql`WITH fresh AS (
          SELECT t.kind, a.org_id, t.month, t.subject_id, t.budget_type, sum(t.amount)::bigint AS amount, count(*)::int AS rows
          FROM fin_budget_totals t
          CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT unnest(string_to_array(trim(BOTH '/' FROM o.path), '/')::int[]) FROM org_units o WHERE o.id = t.dept_id) a(org_id)
          GROUP BY 1, 2, 3, 4, 5),
        kept AS (SELECT kind, org_id, month, subject_id, budget_type, amount, rows FROM fin_budget_rollup WHERE rows <> 0 OR amount <> 0),
        years AS (SELECT kind, month / 100 AS year, dept_id, budget_type, sum(amount)::bigint AS amount FROM fin_budget_totals GROUP BY 1, 2, 3, 4)
        SELECT ((SELECT count(*) FROM (SELECT * FROM fresh EXCEPT SELECT * FROM kept) x)
              + (SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM fresh) x)
              + (SELECT count(*) FROM (SELECT * FROM years EXCEPT SELECT kind, year, dept_id, budget_type, amount FROM fin_budget_dept_years) x)
              + (SELECT count(*) FROM (SELECT kind, year, dept_id, budget_type, amount FROM fin_budget_dept_years WHERE amount <> 0 EXCEPT SELECT * FROM years) x))::int AS n`,
  );
  return row?.n ?? -1;
}

/** Every company- and unit-wide statistic of a scope, read from the kept sums and as before. */
async function compareScope(scope: StatsScope): Promise<number> {
  const before: StatsScope = { ...scope, totals: 'dept' };
  expect(await summary(s.db, null, scope)).toEqual(await summary(s.db, null, before));
  expect(await deptSummaries(s.db, null, scope)).toEqual(await deptSummaries(s.db, null, before));
  for (const page of [1, 2]) {
    const at = { pageIndex: page, pageSize: 3 };
    expect(await deptSummaryPage(s.db, null, { ...scope, ...at })).toEqual(await deptSummaryPage(s.db, null, { ...before, ...at }));
  }
  for (const by of ['quarter', 'month'] as const) expect(await typeTable(s.db, null, scope, by)).toEqual(await typeTable(s.db, null, before, by));
  const tables: Array<Parameters<typeof subjectTable>[3]> = [
    {},
    { quarter: 2 },
    { quarter: 4 },
    { month: 1 },
    { month: 12 },
    { quarter: 3, budgetType: '001' },
    { quarter: 1, budgetType: '003' },
  ];
  let rows = 0;
  for (const opts of tables) {
    const expected = await subjectTable(s.db, null, before, opts);
    expect(await subjectTable(s.db, null, scope, opts)).toEqual(expected);
    rows += expected.rows.length;
  }
  return rows;
}

async function compareAll(): Promise<void> {
  // The group, a company, a moved unit with its subtree, a team, a unit with nothing, one that does not exist.
  const units = await Promise.all(['G001', 'C002', 'D005', 'T006', 'D004', 'D001'].map(orgId));
  let compared = await compareScope({ year: thisYear + 1 });
  for (const year of [thisYear - 1, thisYear]) for (const deptId of [undefined, ...units, 999999]) compared += await compareScope({ year, deptId });
  // Something was compared: the generated years have rows in many subjects.
  expect(compared).toBeGreaterThan(500);
}

describe('kept budget sums', () => {
  it('follow the per-department totals through budget and actual writes, moves and removals of units', async () => {
    expect(await drift()).toBe(0);
    const [rollup] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM fin_budget_rollup WHERE org_id = 0`);
    expect(rollup?.n).toBeGreaterThan(1000);

    // A budget rebuilt (the in-force rows of a project removed and written again with other amounts).
    const [p] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_projects WHERE project_no LIKE 'GXM%' ORDER BY id LIMIT 1`);
    const pid = p?.id as number;
    await s.db.execute(sql`CREATE TEMP TABLE rollup_keep AS SELECT * FROM fin_budget_in_force WHERE project_id = ${pid}`);
    await s.db.execute(sql`DELETE FROM fin_budget_in_force WHERE project_id = ${pid}`);
    expect(await drift()).toBe(0);
    await s.db.execute(
      sql`INSERT INTO fin_budget_in_force SELECT project_id, dept_id, subject_id, budget_type, month, amount + 7 FROM rollup_keep WHERE month % 3 <> 0`,
    );
    await s.db.execute(sql`DROP TABLE rollup_keep`);
    expect(await drift()).toBe(0);
    // Actuals changed in place and removed.
    await s.db.execute(
      sql`UPDATE fin_project_actuals SET amount = amount + 101 WHERE project_id IN (SELECT id FROM fin_projects WHERE project_no LIKE 'GXM%' AND id % 3 = 0)`,
    );
    await s.db.execute(sql`DELETE FROM fin_project_actuals WHERE project_id = ${pid + 1} AND month % 2 = 0`);
    expect(await drift()).toBe(0);

    // A unit holding projects moved with its subtree to another company.
    const moved = await s.post('/base_api/base/api/org/move', { id: await orgId('D005'), parentId: await orgId('C002') }, admin);
    expect(moved.code, moved.message).toBe('200');
    expect(await drift()).toBe(0);

    // A new unit given projects, then removed: its totals leave every unit it was under.
    const added = await s.post<{ id: number }>(
      '/base_api/base/api/org/add',
      { parentId: await orgId('D004'), code: 'T099', name: '预算测试组', type: 'team' },
      admin,
    );
    expect(added.code, added.message).toBe('200');
    const unit = added.data.id;
    await s.db.execute(sql`UPDATE fin_projects SET dept_id = ${unit} WHERE id IN (${pid + 2}, ${pid + 3})`);
    const rows = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT project_id AS id FROM fin_budget_in_force WHERE project_id IN (${pid + 2}, ${pid + 3}) LIMIT 1`,
    );
    expect(rows.length).toBe(1);
    await s.db.execute(sql`UPDATE fin_budget_in_force SET dept_id = ${unit} WHERE project_id IN (${pid + 2}, ${pid + 3})`);
    await s.db.execute(sql`INSERT INTO fin_project_actuals (project_id, subject_id, budget_type, month, amount, source)
      SELECT id, (SELECT min(id) FROM fin_budget_subjects), '001', ${thisYear * 100 + 1}, 12345, 'test' FROM fin_projects WHERE id IN (${pid + 2}, ${pid + 3})
      ON CONFLICT DO NOTHING`);
    expect(await drift()).toBe(0);
    const [units] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM fin_budget_rollup WHERE org_id = ${unit} AND rows > 0`);
    expect(units?.n).toBeGreaterThan(0);
    const removed = await s.post('/base_api/base/api/org/delete', { id: unit }, admin);
    expect(removed.code, removed.message).toBe('200');
    expect(await drift()).toBe(0);
  });

  it('answer every company- and unit-wide statistic as the per-department totals do', { timeout: 240_000 }, async () => {
    await compareAll();
  });

  it('are what the calls answer', async () => {
    for (const deptId of [undefined, await orgId('C001')]) {
      const scope = { year: thisYear, deptId, totals: 'dept' as const };
      const sum = await s.post<BudgetSummary>(N('getSummary'), { year: thisYear, deptId }, fin);
      expect(sum.code, sum.message).toBe('200');
      expect(sum.data).toEqual(await summary(s.db, null, scope));
      const perDept = await s.post<{ records: unknown[]; total: number }>(N('getSummaryStatistics'), { year: thisYear, deptId, pageSize: 200 }, fin);
      const all = await deptSummaries(s.db, null, scope);
      expect(perDept.data.records).toEqual(all.slice(0, 200));
      expect(perDept.data.total).toBe(all.length);
      const second = await s.post<{ records: unknown[]; total: number }>(N('getSummaryStatistics'), { year: thisYear, deptId, pageIndex: 2, pageSize: 3 }, fin);
      expect(second.data.records).toEqual(all.slice(3, 6));
      expect(second.data.total).toBe(all.length);
      const quarter = await s.post<PeriodTable>(N('getQuarterBudgetDetail'), { year: thisYear, deptId, quarter: 2 }, fin);
      expect(quarter.data).toEqual(await subjectTable(s.db, null, scope, { quarter: 2 }));
      expect(quarter.data.rows.length).toBeGreaterThan(10);
    }
  });
});
