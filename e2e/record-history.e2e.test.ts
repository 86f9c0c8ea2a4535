import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Issue 34 §4: the 操作记录 tab on a bill and on an employee. */
describe('the history of a record, on the record', () => {
  it('fin01 applies for the invoice of an approved bill and reads the change in its 操作记录', async () => {
    const fin = await signedIn(browser, 'fin01');
    const bills = await apiCall<{ records: Array<{ id: number; state: string; invoiceStatus: string; clientName: string | null }> }>(
      '/finance_api/finance/newbill/getBillInfoPage',
      { pageIndex: 1, pageSize: 100, invoiceStatus: '008' },
      fin.token,
    );
    const bill = bills.data.records.find((b) => b.state === 'passed' && b.invoiceStatus === '008');
    expect(bill).toBeDefined();
    const applied = await apiCall(
      '/finance_api/finance/newbill/applyInvoice',
      { billId: bill?.id, invoiceType: '001', buyerName: bill?.clientName ?? '客户' },
      fin.token,
    );
    expect(applied.code).toBe('200');
    await go(fin.page, `/Settlement/BillDetail?id=${bill?.id}`);
    await fin.page.getByRole('tab', { name: '操作记录' }).click();
    const history = fin.page.getByTestId('record-history').filter({ visible: true });
    await history.waitFor();
    await expect.poll(() => history.textContent()).toContain('开票状态：待开票 → 开票中');
    expect(await history.textContent()).toContain('创建');
    // The invoice itself is a part of the bill's history, named and with what it was applied with.
    expect(await history.textContent()).toContain('发票状态：（空） → 已申请');
    expect(fin.errors).toEqual([]);
    await fin.context.close();
  }, 90_000);

  it('hr01 changes emp01’s e-mail and adds a work history row, and finds both in the employee’s 操作记录', async () => {
    const emp = await apiLogin('emp01');
    const me = await apiCall<{ id: number }>('/hr_api/hrm/api/roster/getRosterBaseInfo', { employeeId: null }, emp.access_token);
    const hr = await signedIn(browser, 'hr01');
    const email = `emp01.${Date.now() % 100000}@example.com`;
    // The other contact fields as they are (the save replaces the block).
    const link = await apiCall<Record<string, unknown>>('/hr_api/hrm/api/roster/getRosterLinkInfo', { employeeId: me.data.id }, hr.token);
    const { masked: _masked, ...current } = link.data;
    const saved = await apiCall('/hr_api/hrm/api/roster/saveRosterLink', { ...current, id: me.data.id, email }, hr.token);
    expect(saved.code).toBe('200');
    const company = `星河科技${Date.now() % 100000}`;
    const work = await apiCall('/hr_api/hrm/api/workerHistory/add', { employeeId: me.data.id, data: { company, position: '测试' } }, hr.token);
    expect(work.code).toBe('200');
    await go(hr.page, `/staffDetail/index?id=${me.data.id}`);
    await hr.page.getByRole('tab', { name: '操作记录' }).click();
    const history = hr.page.getByTestId('record-history').filter({ visible: true });
    await history.waitFor();
    await expect.poll(() => history.textContent()).toContain(`邮箱：`);
    await expect.poll(() => history.textContent()).toContain(`→ ${email}`);
    // A record section's row stands in the employee's history under its section and its name.
    expect(await history.textContent()).toContain(`工作经历 ${company}`);
    expect(hr.errors).toEqual([]);
    await hr.context.close();
  }, 90_000);
});
