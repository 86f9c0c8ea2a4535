import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { clickDialogOk, go, recordedToasts, recordToasts, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const P = (n: string) => `/salary_api/salary/payroll/${n}`;

describe('payroll: preview and close a month, open a payslip', () => {
  it('fin01 previews the open month with its computation and closes it; hr01 opens a payslip after entering the password', async () => {
    const fin = await signedIn(browser, 'fin01');
    const runs = await apiCall<{ records: Array<{ month: number; state: string }> }>(P('runPage'), { pageIndex: 1, pageSize: 5 }, fin.token);
    const open = runs.data.records[0];
    expect(open?.state, 'the demo leaves the last month open').toBe('open');

    await go(fin.page, '/OperateCenter/calculatPreview');
    await recordToasts(fin.page);
    await expect.poll(() => fin.page.locator('.ant-table-tbody tr.ant-table-row:visible').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    // Amounts read as yuan with two decimals, not as fen.
    await expect.poll(async () => (await fin.page.getByTestId('run-net').textContent()) ?? '', { timeout: 10_000 }).toMatch(/^[\d,]+\.\d{2}$/);
    // The employer's part: the run's total and the columns of the payslips.
    expect((await fin.page.getByTestId('run-employer').textContent()) ?? '').toMatch(/^[1-9][\d,]*\.\d{2}$/);
    await fin.page.locator('.ant-table-thead').getByText('社保（单位）').waitFor();
    await fin.page.getByRole('button', { name: '计算过程' }).first().click();
    const drawer = fin.page.locator('.ant-drawer');
    await drawer.getByText('应发工资').first().waitFor({ timeout: 15_000 });
    await drawer.getByText('个人所得税').first().waitFor();
    expect(await drawer.getByText('累计应纳税所得额').count()).toBeGreaterThan(0);
    await drawer.getByText('养老保险（单位）').first().waitFor();
    await drawer.getByText('单位缴纳合计').first().waitFor();
    await fin.page.keyboard.press('Escape');

    await fin.page.getByRole('button', { name: /^关\s*账$/ }).click();
    await fin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^(确\s*定|OK)$/ })
      .click();
    await expect.poll(() => recordedToasts(fin.page), { timeout: 30_000 }).toContain('已关账');
    await fin.page.getByText('已关账').first().waitFor({ timeout: 10_000 });
    const after = await apiCall<{ records: Array<{ month: number; state: string }> }>(P('runPage'), { pageIndex: 1, pageSize: 5 }, fin.token);
    expect(after.data.records.find((r) => r.month === open?.month)?.state).toBe('closed');
    // The close wrote the month's people cost to the projects: the staffing economics show it.
    const econ = await apiCall<{ totals: { pay: number; socialInsurance: number; housingFund: number } }>(
      '/finance_api/finance/economics/getEconomics',
      { monthFrom: open?.month, monthTo: open?.month, groupBy: 'month' },
      fin.token,
    );
    expect(econ.data.totals.pay).toBeGreaterThan(0);
    expect(econ.data.totals.socialInsurance).toBeGreaterThan(0);
    expect(fin.errors).toEqual([]);
    await fin.context.close();

    const hr = await signedIn(browser, 'hr01');
    await go(hr.page, '/Salary/index');
    await hr.page
      .getByRole('button', { name: /^查\s*看$/ })
      .first()
      .click({ timeout: 20_000 });
    const ask = hr.page.locator('.ant-modal', { hasText: '请输入登录密码查看工资条' });
    await ask.getByLabel('登录密码').fill('wrong-password');
    await ask.getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
    await hr.page.getByText('密码不正确').first().waitFor({ timeout: 10_000 });
    await ask.getByLabel('登录密码').fill('Demo@123');
    await clickDialogOk(ask);
    await expect.poll(async () => (await hr.page.getByTestId('slip-net').textContent()) ?? '', { timeout: 15_000 }).toMatch(/^[\d,]+\.\d{2}$/);
    await hr.page.getByText('住房公积金').first().waitFor();
    expect((await hr.page.getByTestId('slip-employer-si').textContent()) ?? '').toMatch(/^[\d,]+\.\d{2}$/);
    const download = hr.page.waitForEvent('download', { timeout: 20_000 });
    await hr.page.getByRole('button', { name: '下载PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^工资条\d{6}\.pdf$/);
    expect(hr.errors.filter((e) => !e.includes('400'))).toEqual([]);
    await hr.context.close();
  });
});

describe('salary advance', () => {
  it('emp01 sees the advance waiting for finance; fin01 passes it from the same screen', async () => {
    const emp = await signedIn(browser, 'emp01');
    await go(emp.page, '/loanApplicat/recept');
    await emp.page.getByText('租房押金').first().waitFor({ timeout: 20_000 });
    expect(emp.errors).toEqual([]);
    await emp.context.close();
    const fin = await signedIn(browser, 'fin01');
    await go(fin.page, '/loanApplicat/recept');
    await recordToasts(fin.page);
    await fin.page.getByRole('tab', { name: '待我审批' }).click();
    const row = fin.page.locator('.ant-table-row', { hasText: '租房押金' });
    await row.first().waitFor({ timeout: 20_000 });
    await row
      .first()
      .getByRole('button', { name: /^通\s*过$/ })
      .click();
    await expect.poll(() => recordedToasts(fin.page), { timeout: 15_000 }).toContain('已通过');
    expect(fin.errors).toEqual([]);
    await fin.context.close();
  });
});
