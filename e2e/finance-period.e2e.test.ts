import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, callsSettled, launchBrowser } from './harness';
import { cancelFilledDialog, chooseOption, clickDialogOk, go, signedIn, unexpected } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Issue 34 §2: finance closes an ended month, a closed month refuses what is dated in it, and it is reopened with a reason. */
describe('accounting periods: close a month, be refused, reopen it', () => {
  it('fin01 closes 2021年3月 from 会计期间, a collection dated in it is refused under its date, and fin01 reopens it with a reason', async () => {
    const fin = await signedIn(browser, 'fin01');
    const { page } = fin;
    await go(page, '/Settlement/period');
    const year = new Date().getFullYear();
    const monthRow = (label: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
    await monthRow(`${year}年1月`).waitFor();
    // The current month cannot be closed yet.
    const thisMonth = monthRow(`${year}年${new Date().getMonth() + 1}月`);
    await expect.poll(() => thisMonth.getByRole('button', { name: '结账' }).isDisabled()).toBe(true);

    await chooseOption(page, page.getByRole('combobox', { name: '年度' }), '2021年');
    const row = monthRow('2021年3月');
    await expect.poll(() => row.textContent()).toContain('未结账');
    await row.getByRole('button', { name: '结账' }).click();
    const close = page.getByRole('dialog', { name: '结账：2021年3月' });
    await close.getByText('该期间的单据均已完成').waitFor();
    await clickDialogOk(close);
    await close.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('已结账');
    // Who closed it and when, and the close in its record.
    await expect.poll(() => row.textContent()).toMatch(/已结账.+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d结账 · /);

    // Anything dated in it is refused with the month named (the form shows the server's message).
    const bills = await apiCall<{ records: Array<{ id: number }> }>('/finance_api/finance/newbill/getBillInfoPage', { pageIndex: 1, pageSize: 1 }, fin.token);
    const refused = await apiCall(
      '/finance_api/finance/newbill/oneClickPayment',
      { billIds: [bills.data.records[0]?.id], collectedOn: '2021-03-15', bankSerial: `E2E${Date.now()}` },
      fin.token,
    );
    expect(refused.message).toContain('2021年3月的会计期间已结账');
    // In the form the refusal stands under the date it is about: 登记回款 dated in the closed month.
    const open = await apiCall<{ records: Array<{ billNo: string }> }>(
      '/finance_api/finance/newbill/getBillInfoPage',
      { pageIndex: 1, pageSize: 1, invoiceStatus: '010', paymentStatus: '012' },
      fin.token,
    );
    const billNo = open.data.records[0]?.billNo as string;
    expect(billNo).toBeTruthy();
    await go(page, '/Settlement/index');
    const search = page.getByPlaceholder('结算单号 / 项目 / 甲方');
    await search.fill(billNo);
    await search.press('Enter');
    const billRow = page.locator('.ant-table-tbody tr.ant-table-row:visible').filter({ hasText: billNo });
    await billRow.getByRole('button', { name: '登记回款' }).click();
    const collect = page.getByRole('dialog', { name: /登记回款/ });
    const day = collect.getByLabel('回款日期');
    await day.fill('2021-03-15');
    await day.press('Enter');
    await collect.getByLabel('银行流水号').fill(`E2E${Date.now()}`);
    await collect.getByRole('button', { name: /^确\s*定$/ }).click();
    const dateItem = collect.locator('.ant-form-item').filter({ has: page.getByText('回款日期', { exact: true }) });
    await expect.poll(() => dateItem.locator('.ant-form-item-explain-error').textContent()).toContain('2021年3月的会计期间已结账');
    await cancelFilledDialog(page, collect);
    await collect.waitFor({ state: 'hidden' });
    await go(page, '/Settlement/period');
    await chooseOption(page, page.getByRole('combobox', { name: '年度' }), '2021年');

    await row.getByRole('button', { name: '重新打开' }).click();
    const reopen = page.getByRole('dialog', { name: '重新打开：2021年3月' });
    await reopen.locator('textarea').fill('补录2021年3月漏记的回款');
    await clickDialogOk(reopen);
    await reopen.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('未结账');
    await expect.poll(() => row.textContent()).toContain('补录2021年3月漏记的回款');
    // Its history: the reopen and the close, newest first.
    await row.getByRole('button', { name: /展开行|Expand row/ }).click();
    const history = page.locator('.ant-table-expanded-row:visible .ant-timeline-item');
    await expect.poll(() => history.allTextContents()).toEqual([expect.stringContaining('重新打开：补录2021年3月漏记的回款'), expect.stringContaining('结账')]);
    await callsSettled(page);
    // The one refusal asked for above (409) is all the console shows.
    expect(unexpected(fin.errors, [409])).toEqual([]);
    await fin.context.close();
  }, 120_000);

  it('an employee has no 会计期间 and its call is refused', async () => {
    const emp = await signedIn(browser, 'emp01');
    const menus = await apiCall<unknown[]>('/auth/base/api/user/getAllMenuTreeByUser', {}, emp.token);
    expect(JSON.stringify(menus.data)).not.toContain('会计期间');
    const refused = await apiCall('/finance_api/finance/accountingPeriod/close', { month: 202103 }, emp.token);
    expect(refused.code).toBe('403');
    await emp.context.close();
  }, 60_000);
});
