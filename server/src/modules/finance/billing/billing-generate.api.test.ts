import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { queryRows } from '../../../platform/db';
import { generateProjects } from '../project/project.generate';
import { generateBills } from './billing.generate';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('benchmark bills generator', () => {
  it('adds a bill per generated project and month with its lines, invoices and collections, all reconciling', async () => {
    await generateProjects(s.db, 3);
    await generateBills(s.db, 4);
    const [counts] = await queryRows<{ bills: number; lines: number; bad: number }>(
      s.db,
      sql`SELECT count(*)::int AS bills,
            (SELECT count(*)::int FROM fin_bill_lines l JOIN fin_bills b ON b.id = l.bill_id WHERE b.bill_no LIKE 'GJS%') AS lines,
            count(*) FILTER (WHERE amount_excl + tax_amount <> amount_incl OR amount_incl = 0)::int AS bad
          FROM fin_bills WHERE bill_no LIKE 'GJS%'`,
    );
    expect(counts?.bills).toBeGreaterThan(3 * 10);
    expect(counts?.lines).toBe((counts?.bills ?? 0) * 4);
    expect(counts?.bad).toBe(0);
    const fin = await s.login('fin01');
    const rec = await s.post<unknown[]>('/finance_api/finance/newbill/getReconciliation', { limit: 1000 }, fin);
    expect(rec.data).toEqual([]);
    const year = new Date().getFullYear();
    const econ = await s.post<{ totals: { billed: number } }>(
      '/finance_api/finance/economics/getEconomics',
      { monthFrom: (year - 1) * 100 + 1, monthTo: year * 100 + 12, groupBy: 'client' },
      fin,
    );
    expect(econ.data.totals.billed).toBeGreaterThan(0);
  });
});
