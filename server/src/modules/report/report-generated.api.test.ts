import type { ReportResult } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { generateLargeDataSet } from '../../db/generate';
import { queryRows } from '../../platform/db';
import { generateCandidates } from '../recruit/recruit.generate';
import { generateHistory } from './report.generate';

/** The head count reconciles on generated data too: 3,000 people over eight years, an eighth of them leavers. */
let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  await generateLargeDataSet(s.db, { employees: 3000, departments: 40 });
  await generateCandidates(s.db, 2000);
  await generateHistory(s.db);
  token = await s.login('admin');
}, 300_000);
afterAll(() => s.close());

const months = () => {
  const now = new Date();
  const back = new Date(now.getFullYear(), now.getMonth() - 23, 1);
  const m = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  return { from: m(back), to: m(now) };
};

async function report(body: Record<string, unknown>): Promise<ReportResult> {
  const r = await s.post<ReportResult>('/report_api/report/query', body, token);
  expect(r.code, r.message).toBe('200');
  return r.data;
}

describe('reports on generated data', () => {
  it('each month closes at its opening plus entries minus departures, opens at the last close, and ends at the roster', async () => {
    const r = await report({ report: 'yyTotal', ...months() });
    expect(r.total.values.departures).toBeGreaterThan(300);
    let previous: number | null = null;
    for (const row of r.rows) {
      const v = row.values as Record<string, number>;
      expect(v.closing, row.label).toBe((v.opening ?? 0) + (v.entries ?? 0) - (v.departures ?? 0));
      if (previous !== null) expect(v.opening, row.label).toBe(previous);
      previous = v.closing ?? 0;
    }
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM employees WHERE entry_date <= ${r.asOf}::date AND (leave_date IS NULL OR leave_date > ${r.asOf}::date)`,
    );
    expect(r.total.values.closing).toBe(n);
    for (const groupBy of ['org', 'category', 'client'])
      expect((await report({ report: 'yyTotal', ...months(), groupBy })).total.values).toEqual(r.total.values);
    const dep = await report({ report: 'yyDeparture', ...months(), groupBy: 'org' });
    expect(dep.total.values.departures).toBe(r.total.values.departures);
  });

  it('the recruitment reports count the generated history consistently', async () => {
    const cand = await report({ report: 'candidateStatistic', ...months() });
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM recruit_candidates c JOIN recruit_demands d ON d.id = c.demand_id
          WHERE d.deleted_at IS NULL AND c.created_at >= ((${`${months().from}-01`}::date)::timestamp AT TIME ZONE 'Asia/Shanghai')`,
    );
    expect(cand.total.values.candidates).toBe(n);
    const zp = await report({ report: 'zpInduction', ...months() });
    const cap = await report({ report: 'recruiterCapacity', ...months() });
    expect(cap.total.values.hires).toBe(zp.total.values.hires);
    expect(cap.total.values.candidates).toBe(cand.total.values.candidates);
    for (const code of ['recruitmentProgress', 'interviewAccount', 'outsideSuppliersRecruitmentStatistic'])
      expect((await report({ report: code, ...months() })).rows.length).toBeGreaterThan(0);
  });
});
