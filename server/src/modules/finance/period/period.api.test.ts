import { type BillDetail, type PeriodCheck, type PeriodRecord, periodClosedMessage } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { BusinessCalendar } from '../../../platform/business-time';
import { queryRows } from '../../../platform/db';
import { billingFixtures } from '../billing/billing-test-support';

/** Issue 34 §2: accounting periods — close with a check, reopen with a reason, and nothing dated in a closed month changes. */
let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr, emp] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01')]);
});
afterAll(() => s.close());

const AP = (n: string) => `/finance_api/finance/accountingPeriod/${n}`;
const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
const IV = (n: string) => `/finance_api/finance/invoiceInfo/${n}`;
const { projectAndMonth, newBill, approvedBill, invoicedBill } = billingFixtures(() => ({ s, fin, mgr }));

const today = () => new BusinessCalendar().day();
const monthOfDay = (day: string) => Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));

/**
 * Closes `month` as the guards see it (the close's own check is tested below), runs `work`, then
 * reopens it through the call, so every test leaves the periods open.
 */
async function whileClosed(month: number, work: () => Promise<void>): Promise<void> {
  await s.db.execute(sql`INSERT INTO fin_accounting_periods (month, state) VALUES (${month}, 'closed') ON CONFLICT (month) DO UPDATE SET state = 'closed'`);
  try {
    await work();
  } finally {
    const reopened = await s.post(AP('reopen'), { month, reason: '测试后重新打开' }, fin);
    expect(reopened.code).toBe('200');
  }
}

function expectClosed(res: { status: number; message: string }, month: number) {
  expect(res.status).toBe(409);
  expect(res.message).toBe(periodClosedMessage(month));
}

describe('closing and reopening a month', () => {
  it('closes an ended month with nothing open, refuses a second close, reopens with a reason, and keeps both in its history', async () => {
    const year = await s.post<PeriodRecord[]>(AP('list'), { year: 2020 }, fin);
    expect(year.code).toBe('200');
    expect(year.data.map((p) => p.month)).toEqual(Array.from({ length: 12 }, (_, i) => 202001 + i));
    expect(year.data.every((p) => p.state === 'open')).toBe(true);

    const check = await s.post<PeriodCheck>(AP('check'), { month: 202003 }, fin);
    expect(check.data).toEqual({ month: 202003, items: [] });
    const closed = await s.post<PeriodRecord>(AP('close'), { month: 202003 }, fin);
    expect(closed.code).toBe('200');
    expect(closed.data).toMatchObject({ month: 202003, state: 'closed', closedByName: expect.any(String) });
    expect(closed.data.closedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await s.post(AP('close'), { month: 202003 }, fin);
    expect([again.status, again.message]).toEqual([409, '该会计期间已结账']);

    const noReason = await s.post(AP('reopen'), { month: 202003, reason: ' ' }, fin);
    expect(noReason.status).toBe(400);
    expect(noReason.message).toContain('请输入重新打开的原因');
    const reopened = await s.post<PeriodRecord>(AP('reopen'), { month: 202003, reason: '补录漏记的回款' }, fin);
    expect(reopened.data.state).toBe('open');
    expect(reopened.data.events.map((e) => [e.action, e.reason])).toEqual([
      ['reopen', '补录漏记的回款'],
      ['close', null],
    ]);
    const twice = await s.post(AP('reopen'), { month: 202003, reason: '再次打开' }, fin);
    expect([twice.status, twice.message]).toEqual([409, '该会计期间未结账']);
  });

  it('refuses to close the current month or a later one, and a month with documents still open lists them', async () => {
    const current = monthOfDay(today());
    const now = await s.post(AP('close'), { month: current }, fin);
    expect([now.status, now.message]).toEqual([409, '只能结账已结束的月份']);
    // A bill in approval keeps its month open; the refusal names it.
    const draft = await newBill();
    await s.post(NB('submitBill'), { id: draft.id }, mgr);
    const [{ no } = { no: '' }] = await queryRows<{ no: string }>(s.db, sql`SELECT bill_no AS no FROM fin_bills WHERE id = ${draft.id}`);
    const check = await s.post<PeriodCheck>(AP('check'), { month: draft.month }, fin);
    const inApproval = check.data.items.find((i) => i.kind === 'billInApproval');
    expect(inApproval?.count).toBeGreaterThanOrEqual(1);
    if (draft.month < current) {
      expect(check.data.items.length).toBeGreaterThan(0);
      const refused = await s.post(AP('close'), { month: draft.month }, fin);
      expect(refused.status).toBe(409);
      expect(refused.message).toContain('该会计期间仍有未完成的单据，不能结账：审批中的结算单');
    }
    expect(no).toMatch(/^JS/);
  });

  it('is for finance only: an employee and a manager are refused; wrong months are field errors', async () => {
    for (const token of [emp, mgr]) {
      expect((await s.post(AP('close'), { month: 202001 }, token)).status).toBe(403);
      expect((await s.post(AP('reopen'), { month: 202001, reason: '想打开' }, token)).status).toBe(403);
    }
    expect((await s.post(AP('list'), { year: 2020 }, emp)).status).toBe(403);
    for (const month of [202013, 'x', 0, null, 99999999]) {
      const res = await s.post(AP('close'), { month }, fin);
      expect(res.status).toBe(400);
      expect(res.message).toContain('月份格式为yyyymm');
    }
    expect((await s.post(AP('reopen'), { month: 202001, reason: 'x'.repeat(201) }, fin)).status).toBe(400);
  });

  it('a close racing a new bill of the same month: one of them wins, never both', async () => {
    const { projectId, month } = await projectAndMonth();
    expect(month).toBeLessThan(monthOfDay(today()));
    expect((await s.post<PeriodCheck>(AP('check'), { month }, fin)).data.items).toEqual([]);
    const bill = {
      projectId,
      billType: '001',
      settleMethod: '001',
      month,
      taxRateBp: 600,
      lines: [{ description: '服务费', quantityX100: 100, unitPrice: 100 }],
    };
    const [closed, saved] = await Promise.all([s.post(AP('close'), { month }, fin), s.post(NB('saveBill'), bill, mgr)]);
    if (closed.code === '200') {
      expectClosed(saved, month);
      await s.post(AP('reopen'), { month, reason: '测试后重新打开' }, fin);
    } else {
      expect(saved.code).toBe('200');
      expect(closed.message).toContain('未提交（草稿、驳回或撤回）的结算单1张');
    }
  });
});

describe('nothing dated in a closed month changes', () => {
  it('bills of the month: no new one, no change, no submission, no deletion; after the reopen all go through', async () => {
    const draft = await newBill();
    await whileClosed(draft.month, async () => {
      const base = { projectId: draft.projectId, billType: '001', settleMethod: '001', month: draft.month, taxRateBp: 600 };
      const lines = [{ description: '服务费', quantityX100: 100, unitPrice: 100 }];
      expectClosed(await s.post(NB('saveBill'), { ...base, id: draft.id, lines }, mgr), draft.month);
      expectClosed(await s.post(NB('submitBill'), { id: draft.id }, mgr), draft.month);
      expectClosed(await s.post(NB('deleteBill'), { id: draft.id }, mgr), draft.month);
      const still = await s.post<BillDetail>(NB('getBillInfo'), { id: draft.id }, mgr);
      expect([still.data.state, still.data.amountIncl, still.data.billNo]).toEqual([draft.state, draft.amountIncl, draft.billNo]);
    });
    expect((await s.post(NB('submitBill'), { id: draft.id }, mgr)).code).toBe('200');
  });

  it('invoices: no issue dated in it, no void of an invoice dated in it', async () => {
    const bill = await approvedBill(1);
    const applied = await s.post<{ id: number }>(NB('applyInvoice'), { billId: bill.id, invoiceType: '001', buyerName: '某客户' }, mgr);
    await whileClosed(202611, async () => {
      const res = await s.post(
        NB('issueInvoice'),
        { invoiceId: applied.data.id, invoiceNo: `7${String(Date.now()).slice(-9)}`, invoiceDate: '2026-11-20' },
        fin,
      );
      expectClosed(res, 202611);
    });
    const { invoice } = await invoicedBill(2, '2026-11-12');
    await whileClosed(202611, async () => {
      expectClosed(await s.post(IV('voiceCancel'), { invoiceId: invoice.id, reason: '开错抬头' }, mgr), 202611);
    });
    expect((await s.post(IV('voiceCancel'), { invoiceId: invoice.id, reason: '开错抬头' }, mgr)).code).toBe('200');
  });

  it('collections: none dated in it, no refund or move of one dated in it, no one-click payment; write-offs of its bills wait', async () => {
    const { bill } = await invoicedBill(3, '2026-11-12');
    await whileClosed(202611, async () => {
      const refused = await s.post(NB('saveBillReturnMoney'), { billId: bill.id, amount: 100, collectedOn: '2026-11-25', bankSerial: `P${Date.now()}` }, fin);
      expectClosed(refused, 202611);
      // Named against the field it is about, so the form shows it under 回款日期.
      expect(refused.data).toEqual({ errors: [{ field: 'collectedOn', rule: 'period_closed', message: refused.message }] });
      expectClosed(await s.post(NB('oneClickPayment'), { billIds: [bill.id], collectedOn: '2026-11-25', bankSerial: `Q${Date.now()}` }, fin), 202611);
    });
    const day = today();
    const month = monthOfDay(day);
    const saved = await s.post(NB('saveBillReturnMoney'), { billId: bill.id, amount: 100, collectedOn: day, bankSerial: `R${Date.now()}` }, fin);
    expect(saved.code).toBe('200');
    const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_bill_collections WHERE bill_id = ${bill.id}`);
    await whileClosed(month, async () => {
      expectClosed(await s.post(NB('refundReturnMoney'), { id, remark: '退回' }, fin), month);
    });
    await whileClosed(bill.month, async () => {
      expectClosed(await s.post(NB('pushCancellation'), { billId: bill.id }, fin), bill.month);
    });
    expect((await s.post(NB('pushCancellation'), { billId: bill.id }, fin)).code).toBe('200');
  });

  it('claims: no payment dated in it', async () => {
    const [claim] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT c.id FROM fin_expense_claims c WHERE c.state = 'passed' AND c.paid_date IS NULL AND c.deleted_at IS NULL
        AND c.user_id NOT IN (SELECT id FROM users WHERE user_code = 'fin01') AND coalesce(c.created_by, 0) NOT IN (SELECT id FROM users WHERE user_code = 'fin01')
        ORDER BY c.id LIMIT 1`,
    );
    expect(claim).toBeDefined();
    const day = today();
    await whileClosed(monthOfDay(day), async () => {
      expectClosed(await s.post('/finance_api/finance/reimburse/pay', { id: claim?.id, paidDate: day }, fin), monthOfDay(day));
    });
    const [row] = await queryRows<{ paid: string | null }>(s.db, sql`SELECT paid_date::text AS paid FROM fin_expense_claims WHERE id = ${claim?.id}`);
    expect(row?.paid).toBeNull();
  });
});
