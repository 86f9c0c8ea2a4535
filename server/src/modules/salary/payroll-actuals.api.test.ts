import type { Economics, Page, PayRunRecord, PaySlipRecord } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';
import { addMonths } from './payroll';

/**
 * Closing a payroll month writes its people cost to the project actuals (docs/domain/hours-pay.md,
 * "Payroll months"): each payslip's gross, employer social insurance and housing fund, split over
 * the person's projects by approved minutes, largest remainder to the fen; the staffing economics
 * (docs/domain/finance-billing.md) follow through the kept sums.
 */

let s: TestServer;
let fin: string;
const P = (n: string) => `/salary_api/salary/payroll/${n}`;
const E = '/finance_api/finance/economics/getEconomics';
const now = new Date();
const lastMonth = addMonths(now.getFullYear() * 100 + now.getMonth() + 1, -1);
const rows = <T>(statement: ReturnType<typeof sql>) => queryRows<T>(s.db, statement);

beforeAll(async () => {
  s = await startTestServer();
  fin = await s.login('fin01');
});
afterAll(() => s.close());

/** Largest remainder, as the close does it: floor shares, the fen left over to the largest remainders (ties: lower project id). */
function split(amount: number, weights: Array<[project: number, w: number]>): Map<number, number> {
  const total = weights.reduce((t, [, w]) => t + w, 0);
  const parts = weights.map(([project, w]) => ({ project, part: Math.floor((amount * w) / total), rest: (amount * w) % total }));
  let short = amount - parts.reduce((t, p) => t + p.part, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.project - b.project)) {
    if (short-- <= 0) break;
    p.part += 1;
  }
  return new Map(parts.map((p) => [p.project, p.part]));
}

interface Figures {
  pay: number;
  socialInsurance: number;
  housingFund: number;
}
async function economicsOf(projectId: number): Promise<Figures> {
  const r = await s.post<Economics>(E, { monthFrom: lastMonth, monthTo: lastMonth, groupBy: 'project', projectId }, fin);
  expect(r.code, r.message).toBe('200');
  const row = r.data.rows.records[0];
  return { pay: row?.pay ?? 0, socialInsurance: row?.socialInsurance ?? 0, housingFund: row?.housingFund ?? 0 };
}

describe('closing a payroll month', () => {
  it('left the demo’s closed months with payroll costs and no synthetic people cost on the same project-month', async () => {
    const [mixed] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM fin_project_actuals a JOIN fin_budget_subjects b ON b.id = a.subject_id
        WHERE a.source = 'demo' AND b.code IN ('OUT01', 'OUT02', 'OUT03', 'OUT04')
          AND EXISTS (SELECT 1 FROM fin_project_actuals x WHERE x.source = 'payroll' AND x.project_id = a.project_id AND x.month = a.month)`,
    );
    expect(mixed?.n).toBe(0);
    const [months] = await rows<{ n: number }>(sql`SELECT count(DISTINCT month)::int AS n FROM fin_project_actuals WHERE source = 'payroll'`);
    expect(months?.n).toBeGreaterThanOrEqual(5);
  });

  it('writes each person’s pay and employer part to the projects of their hours, to the fen', async () => {
    // Two projects of the demo and four people paid last month (open, computed by the seed): A
    // (outsourced) and B on both projects, C on the first only, D on none.
    const projects = await rows<{ id: number }>(sql`SELECT id FROM fin_projects WHERE state = 'passed' AND deleted_at IS NULL ORDER BY id LIMIT 2`);
    const [p1, p2] = projects.map((p) => Number(p.id)) as [number, number];
    const people = await rows<{ user_id: number; employee_id: number }>(
      sql`SELECT s.user_id, s.employee_id FROM pay_slips s JOIN employees e ON e.id = s.employee_id
        WHERE s.month = ${lastMonth} AND s.employer_social_insurance > 0 AND s.employer_housing_fund > 0 ORDER BY s.user_id LIMIT 4`,
    );
    expect(people).toHaveLength(4);
    const [a, b, c, d] = people.map((p) => Number(p.user_id)) as [number, number, number, number];
    await s.db.execute(sql`UPDATE employees SET person_category = '003' WHERE user_id = ${a}`);
    await s.db.execute(sql`UPDATE employees SET person_category = '002' WHERE user_id IN (${b}, ${c}, ${d})`);
    // Only these people's hours on the two projects, so the projects' payroll figures are theirs alone.
    await s.db.execute(sql`DELETE FROM fin_man_hours WHERE month = ${lastMonth} AND (user_id IN (${a}, ${b}, ${c}, ${d}) OR project_id IN (${p1}, ${p2}))`);
    const hours: Array<[user: number, project: number, normal: number, otWorkday: number, otHoliday: number]> = [
      [a, p1, 6_000, 600, 0],
      [a, p2, 3_001, 0, 0],
      [b, p1, 1_000, 0, 0],
      [b, p2, 2_000, 0, 480],
      [c, p1, 9_600, 120, 0],
    ];
    for (const [user, project, normal, otWorkday, otHoliday] of hours)
      await s.db.execute(sql`INSERT INTO fin_man_hours (month, user_id, project_id, normal_minutes, ot_workday_minutes, ot_holiday_minutes)
        VALUES (${lastMonth}, ${user}, ${project}, ${normal}, ${otWorkday}, ${otHoliday})`);
    expect((await s.post<PayRunRecord>(P('compute'), { month: lastMonth }, fin)).code).toBe('200');

    const slips = await s.post<Page<PaySlipRecord>>(P('slipPage'), { month: lastMonth, pageSize: 500 }, fin);
    const slipOf = new Map(slips.data.records.map((r) => [r.userId, r]));
    for (const u of [a, b, c, d]) {
      const slip = slipOf.get(u) as PaySlipRecord;
      expect(slip.employerSocialInsurance, 'the demo cities have employer rates').toBeGreaterThan(0);
      expect(slip.employerHousingFund).toBeGreaterThan(0);
      // The employer's part is not taken from the pay.
      expect(slip.net).toBe(slip.gross - slip.socialInsurance - slip.housingFund - slip.tax - slip.otherDeductions);
    }
    const run = await s.post<Page<PayRunRecord>>(P('runPage'), { pageSize: 24 }, fin);
    expect(run.data.records.find((r) => r.month === lastMonth)?.employerContributionTotal).toBe(
      slips.data.records.reduce((t, r) => t + r.employerSocialInsurance + r.employerHousingFund, 0),
    );

    // What the close must add to each project, worked out here.
    const expected = new Map<number, Figures>([
      [p1, { pay: 0, socialInsurance: 0, housingFund: 0 }],
      [p2, { pay: 0, socialInsurance: 0, housingFund: 0 }],
    ]);
    for (const u of [a, b, c]) {
      const slip = slipOf.get(u) as PaySlipRecord;
      const weights = hours.filter((h) => h[0] === u).map(([, project, n, ow, oh]) => [project, n + ow + oh] as [number, number]);
      for (const [key, amount] of [
        ['pay', slip.gross],
        ['socialInsurance', slip.employerSocialInsurance],
        ['housingFund', slip.employerHousingFund],
      ] as const)
        for (const [project, part] of split(amount, weights)) (expected.get(project) as Figures)[key] += part;
    }
    const before = new Map([
      [p1, await economicsOf(p1)],
      [p2, await economicsOf(p2)],
    ]);

    // Closed by someone other than fin01, who computed it (four-eyes).
    const closed = await s.post<PayRunRecord>(P('close'), { month: lastMonth }, await s.login('admin'));
    expect(closed.code, closed.message).toBe('200');

    const written = await rows<{ project_id: number; code: string; amount: string }>(
      sql`SELECT a.project_id, b.code, a.amount FROM fin_project_actuals a JOIN fin_budget_subjects b ON b.id = a.subject_id
        WHERE a.month = ${lastMonth} AND a.source = 'payroll' AND a.project_id IN (${p1}, ${p2}) ORDER BY 1, 2`,
    );
    const amount = (project: number, code: string) => Number(written.find((w) => Number(w.project_id) === project && w.code === code)?.amount ?? 0);
    // A's pay is outsourced staff pay (OUT04), B's and C's dispatched staff pay (OUT01).
    const aGross = split((slipOf.get(a) as PaySlipRecord).gross, [
      [p1, 6_600],
      [p2, 3_001],
    ]);
    expect(amount(p1, 'OUT04')).toBe(aGross.get(p1));
    expect(amount(p2, 'OUT04')).toBe(aGross.get(p2));
    for (const project of [p1, p2]) {
      const e = expected.get(project) as Figures;
      expect(amount(project, 'OUT01') + amount(project, 'OUT04')).toBe(e.pay);
      expect(amount(project, 'OUT02')).toBe(e.socialInsurance);
      expect(amount(project, 'OUT03')).toBe(e.housingFund);
      // The staffing economics show them, through the kept sums.
      const after = await economicsOf(project);
      const was = before.get(project) as Figures;
      expect({
        pay: after.pay - was.pay,
        socialInsurance: after.socialInsurance - was.socialInsurance,
        housingFund: after.housingFund - was.housingFund,
      }).toEqual(e);
    }

    // Over every project, the payroll actuals are the payslips of the people with project hours — D's not among them.
    const [totals] = await rows<{ pay: string; si: string; hf: string }>(
      sql`SELECT sum(a.amount) FILTER (WHERE b.code IN ('OUT01', 'OUT04')) AS pay, sum(a.amount) FILTER (WHERE b.code = 'OUT02') AS si,
          sum(a.amount) FILTER (WHERE b.code = 'OUT03') AS hf
        FROM fin_project_actuals a JOIN fin_budget_subjects b ON b.id = a.subject_id WHERE a.month = ${lastMonth} AND a.source = 'payroll'`,
    );
    const [slipTotals] = await rows<{ gross: string; si: string; hf: string; all_gross: string }>(
      sql`SELECT sum(s.gross) FILTER (WHERE h.user_id IS NOT NULL) AS gross, sum(s.employer_social_insurance) FILTER (WHERE h.user_id IS NOT NULL) AS si,
          sum(s.employer_housing_fund) FILTER (WHERE h.user_id IS NOT NULL) AS hf, sum(s.gross) AS all_gross
        FROM pay_slips s LEFT JOIN (SELECT DISTINCT user_id FROM fin_man_hours WHERE month = ${lastMonth}
          AND normal_minutes + ot_workday_minutes + ot_restday_minutes + ot_holiday_minutes > 0) h ON h.user_id = s.user_id
        WHERE s.month = ${lastMonth}`,
    );
    expect(Number(totals?.pay)).toBe(Number(slipTotals?.gross));
    expect(Number(totals?.si)).toBe(Number(slipTotals?.si));
    expect(Number(totals?.hf)).toBe(Number(slipTotals?.hf));
    expect(Number(totals?.pay)).toBeLessThan(Number(slipTotals?.all_gross));
    const [dHours] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM fin_man_hours WHERE month = ${lastMonth} AND user_id = ${d}`);
    expect(dHours?.n).toBe(0);
  });
});
