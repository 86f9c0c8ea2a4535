import type { BenchContext, DataSet, Row, Section } from '../lib';
import { measureProbe, type Probe } from '../probe';

/**
 * Issue 16: the budget statistics over the generated projects (2,000 projects × 24 months × 30
 * subjects: 1.44 million budget lines in force and their actuals), as finance (data scope all) asks
 * for them — the year's totals, the per-department summary, the quarterly page of projects and a
 * quarter per subject — against a bare Fastify route running the same SQL.
 */
const N = (name: string) => `/finance_api/finance/newBudget/${name}`;

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const year = new Date().getFullYear();
  const probes: Probe[] = [
    { name: 'budget summary of the year (all projects)', path: N('getSummary'), body: { year }, target: 500, user: 'fin01' },
    {
      name: 'summary per department (first page of 20 of the 2,000)',
      path: N('getSummaryStatistics'),
      body: { year, pageIndex: 1, pageSize: 20 },
      target: 500,
      user: 'fin01',
    },
    { name: 'quarterly page of projects (20 rows)', path: N('getQuarterBudgetPage'), body: { year, pageIndex: 1, pageSize: 20 }, target: 500, user: 'fin01' },
    { name: 'a quarter per subject and month (all projects)', path: N('getQuarterBudgetDetail'), body: { year, quarter: 2 }, target: 500, user: 'fin01' },
  ];
  const rows: Row[] = [];
  for (const probe of probes) rows.push(...(await measureProbe(db, probe, duration)));
  return {
    title: `Budget statistics: summary and quarterly statistics over 2,000 projects × 24 months × 30 subjects on ${label}`,
    issue: 16,
    rows,
    notes: [
      'Calls as fin01 (finance, data scope all), ROOT-wrapped bodies; the generator (npm run db:generate, --projects 2000) adds 2,000 approved projects of 24 months with a line on each of the 30 subjects every month, the in-force table and actuals for the months gone by, besides the demo data.',
      'The statistics read fin_budget_in_force (the budget each month of each project is governed by, rebuilt when a version becomes effective) and fin_project_actuals, summed by month in SQL; quarters are sums of months in the service, so they reconcile by construction.',
      "Company- and unit-wide questions (these four, as finance asks them) read sums the triggers keep instead: fin_budget_rollup holds a unit's whole subtree (org 0: everything) per subject and month, so the year is 30 subjects × 12 months whatever the number of departments; fin_budget_dept_years one row per department, type and year for the per-department summary. Both follow fin_budget_totals (per department, subject and month, kept from the two tables above) in the writer's statement, and move with a unit when it is moved or removed (migration 0017). Before them these calls summed fin_budget_totals, which with projects spread over 2,000 departments is nearly as large as the budget in force (2.8 million rows).",
      'The per-department summary also added its sums by filtering the whole list once per department (2,000 × 72,000 rows a call): it completed no call in its window before. Answering all 2,000 departments in one call (about 400 KB of JSON) then took 1,193 ms p99 (baseline 637 ms): the screen now asks a page of departments (20, by id), picked from the projects first, and each department of the page reads its year from fin_budget_dept_years by primary key; the xlsx export still writes every department.',
      'Baseline: bare Fastify route running the same SQL statements (captured from the product with LOG_SQL_FILE) through the same driver.',
    ],
  };
}

export default async function financeProjects(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  return sections;
}
