import type { BenchContext, DataSet, Row, Section } from '../lib';
import { measureProbe, type Probe } from '../probe';

/**
 * Issue 17: the staffing economics and the reconciliation report over the generated bills (2,000
 * projects × 24 months × 25 people: 48,000 approved bills, 1.2 million lines over 50,000 employees,
 * with their invoices and collections), as finance (data scope all) asks for them.
 */
const E = '/finance_api/finance/economics/getEconomics';

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const year = new Date().getFullYear();
  const range = { monthFrom: (year - 1) * 100 + 1, monthTo: year * 100 + 12 };
  const probes: Probe[] = [
    { name: 'economics per project, 24 months (first page of 20)', path: E, body: { ...range, groupBy: 'project' }, target: 1000, user: 'fin01' },
    { name: 'economics per client, 24 months', path: E, body: { ...range, groupBy: 'client' }, target: 1000, user: 'fin01' },
    { name: 'economics per month, 24 months', path: E, body: { ...range, groupBy: 'month' }, target: 1000, user: 'fin01' },
    {
      name: 'economics per employee, one year (first page of 20)',
      path: E,
      body: { monthFrom: year * 100 + 1, monthTo: year * 100 + 12, groupBy: 'employee' },
      target: 1000,
      user: 'fin01',
    },
    { name: 'reconciliation report, 24 months', path: '/finance_api/finance/newbill/getReconciliation', body: range, target: 1000, user: 'fin01' },
  ];
  const rows: Row[] = [];
  for (const probe of probes) rows.push(...(await measureProbe(db, probe, duration)));
  return {
    title: `Staffing economics and reconciliation over 2,000 projects × 24 months × 50,000 employees on ${label}`,
    issue: 17,
    rows,
    notes: [
      'Calls as fin01 (finance, data scope all), ROOT-wrapped bodies; the generator (npm run db:generate, --projects 2000) adds, besides the projects of issue 16, one approved bill per project and month with 25 people each (billing.generate.ts), its invoice, and its collection for months older than three.',
      'Economics reads sums kept by triggers in the writing transaction (docs/domain/finance-billing.md, “Kept sums”): per project and year (4,000 rows for these 24 months) for projects and clients, per month company-wide for months and totals, per person and year company-wide for employees (one year’s first page from its index); ranges that cut a year or a narrower scope read the per project-month and per person-month rows. Ageing reads the partial index of open invoiced bills. Reconciliation reads each bill’s kept totals through the partial index of disagreeing bills (empty here).',
      'Baseline: bare Fastify route running the same SQL statements (captured from the product with LOG_SQL_FILE) through the same driver, one after the other.',
    ],
  };
}

export default async function financeBilling(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  return sections;
}
