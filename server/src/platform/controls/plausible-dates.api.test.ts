import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { BusinessCalendar } from '../business-time';
import { queryRows } from '../db';

/* Issue 34 §2: facts are not dated after today, planned dates stay near today (plausible-dates.ts). */

let s: TestServer;
let fin: string;
const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  fin = await s.login('fin01');
});
afterAll(() => s.close());

describe('plausible dates', () => {
  it('refuses an invoice issued and a collection received after today, before anything is read', async () => {
    for (const day of ['2030-01-01', tomorrow]) {
      const issued = await s.post(NB('issueInvoice'), { invoiceId: 1, invoiceNo: '12345678', invoiceDate: day }, fin);
      expect([issued.status, issued.message]).toEqual([400, '开票日期不能晚于今天']);
      expect(issued.data).toEqual({ errors: [{ field: 'invoiceDate', rule: 'future', message: '开票日期不能晚于今天' }] });
      const collected = await s.post(NB('saveBillReturnMoney'), { billId: 1, amount: 100, collectedOn: day, bankSerial: 'FUTURE-1' }, fin);
      expect([collected.status, collected.message]).toEqual([400, '回款日期不能晚于今天']);
    }
    // A typo's century is refused too: more than ten years back.
    const earliest = new BusinessCalendar().year() - 10;
    const old = `${earliest - 1}-12-31`;
    const issued = await s.post(NB('issueInvoice'), { invoiceId: 1, invoiceNo: '12345678', invoiceDate: old }, fin);
    expect([issued.status, issued.message]).toEqual([400, `开票日期不能早于${earliest}年`]);
    const collected = await s.post(NB('saveBillReturnMoney'), { billId: 1, amount: 100, collectedOn: old, bankSerial: 'PAST-1' }, fin);
    expect([collected.status, collected.message]).toEqual([400, `回款日期不能早于${earliest}年`]);
  });

  it('keeps a department budget to a year near today', async () => {
    const year = new BusinessCalendar().year();
    const [dept] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM org_units WHERE code = 'D005'`);
    const far = await s.post('/finance_api/finance/deptBudget/updateDeptBudgetDetail', { year: year + 3, deptId: dept?.id, lines: [] }, fin);
    expect([far.status, far.message]).toEqual([400, `预算年度须在${year - 10}年至${year + 2}年之间`]);
  });

  it('keeps the holiday calendar within ten years back and two ahead', async () => {
    const year = new BusinessCalendar().year();
    const far = await s.post('/finance_api/finance/holiday/save', { day: '9999-12-31', kind: '001', name: '假日' }, fin);
    expect([far.status, far.message]).toEqual([400, `日期须在${year - 10}年至${year + 2}年之间`]);
    const near = await s.post('/finance_api/finance/holiday/save', { day: `${year + 1}-01-01`, kind: '001', name: '元旦' }, fin);
    expect(near.code, near.message).toBe('200');
  });
});
