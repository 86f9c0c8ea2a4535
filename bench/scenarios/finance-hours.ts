import type { BenchContext, DataSet, Row, Section } from '../lib';
import { measureProbe, type Probe } from '../probe';

/**
 * Issue 18: the hours approval page (p99 ≤ 50 ms at 32 connections): 马国强's timesheets waiting
 * for his decision (his pending tasks joined to the sheets), and finance's page of all project
 * hours, against a bare Fastify route running the same SQL. The payroll-month figure of the issue
 * (50,000 employees in ≤ 60 s) is finance-payroll.ts.
 */
const F = (name: string) => `/finance_api/finance/functionHourInfo/${name}`;

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const probes: Probe[] = [
    { name: 'hours waiting for my approval (20 rows)', path: F('selectApprovePage'), body: { pageIndex: 1, pageSize: 20 }, target: 50, user: 'mgr01' },
    { name: 'project hours page (20 rows, all projects)', path: F('selectProjectHourPage'), body: { pageIndex: 1, pageSize: 20 }, target: 50, user: 'fin01' },
  ];
  const rows: Row[] = [];
  for (const probe of probes) rows.push(...(await measureProbe(db, probe, duration)));
  return {
    title: `Work hours: the approval page and the project hours page on ${label}`,
    issue: 18,
    rows,
    notes: [
      'Calls as mgr01 (the project manager who approves the demo sheets) and fin01 (data scope all), ROOT-wrapped bodies, over the demo data set (six months of timesheets of the running projects) and the generated people.',
      'The approval page is one statement: the pending approve tasks whose candidates include the user joined to the sheets, with the total as a window count.',
      'Baseline: bare Fastify route running the same SQL statements (captured from the product with LOG_SQL_FILE) through the same driver.',
    ],
  };
}

export default async function financeHours(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  return sections;
}
