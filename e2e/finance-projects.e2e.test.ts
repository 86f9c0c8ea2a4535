import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { chooseOption, expectToastAfter, go, recordToasts, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const C = (n: string) => `/finance_api/finance/change/${n}`;

async function pass(page: Page) {
  await page
    .getByRole('button', { name: /^通\s*过$/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: '审批通过' }).getByRole('textbox').fill('同意');
  await page
    .getByRole('dialog', { name: '审批通过' })
    .getByRole('button', { name: /^通\s*过$/ })
    .click();
}

describe('project change through the engine', () => {
  it('mgr01 and then fin01 approve the demo change on /changeDetail; the changed fields are highlighted and V2 comes into force', async () => {
    const fin = await signedIn(browser, 'fin01');
    const changes = await apiCall<{ records: Array<{ id: number; state: string; projectId: number }> }>(
      C('getProjectChangePage'),
      { state: 'approving' },
      fin.token,
    );
    const change = changes.data.records[0];
    expect(change).toBeDefined();
    const id = change?.id as number;

    const mgr = await signedIn(browser, 'mgr01');
    await go(mgr.page, `/changeDetail?id=${id}`);
    await mgr.page.getByText('变更前后对比').waitFor({ timeout: 20_000 });
    // The contract amount and the remark changed: flagged and highlighted.
    await expect.poll(() => mgr.page.locator('td[data-changed="true"]').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => mgr.page.getByText('已变更').count()).toBeGreaterThanOrEqual(2);
    await pass(mgr.page);
    await expect.poll(() => mgr.page.getByText('已通过').first().isVisible(), { timeout: 15_000 }).toBe(true);

    await go(fin.page, `/changeDetail?id=${id}`);
    await fin.page.getByText('变更前后对比').waitFor({ timeout: 20_000 });
    await pass(fin.page);
    await expect.poll(() => fin.page.getByText(/已生效为 V2/).isVisible(), { timeout: 15_000 }).toBe(true);
    const info = await apiCall<{ versionNo: number | null; state: string }>(C('getProjectChangeInfo'), { id }, fin.token);
    expect(info.data).toMatchObject({ state: 'passed', versionNo: 2 });
    expect(mgr.errors).toEqual([]);
    expect(fin.errors).toEqual([]);
    await mgr.context.close();
    await fin.context.close();
  });

  it('fin01 opens the project list and the budget statistics with their charts', async () => {
    const fin = await signedIn(browser, 'fin01');
    await go(fin.page, '/ProjectManagement/projectList');
    await expect.poll(() => fin.page.locator('.ant-table-tbody tr.ant-table-row:visible').count(), { timeout: 20_000 }).toBeGreaterThan(10);
    await go(fin.page, '/FinancialCenter/budgetStatistics');
    await fin.page.getByTestId('budget-chart').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => fin.page.locator('[data-testid="budget-chart"] canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(fin.errors).toEqual([]);
    await fin.context.close();
  });

  it('admin gives a project its own 报销超预算 setting; its 操作记录 names the change (issue 34)', async () => {
    const admin = await signedIn(browser, 'admin');
    await recordToasts(admin.page);
    await go(admin.page, '/ProjectManagement/projectList');
    const rows = admin.page.locator('.ant-table-tbody tr.ant-table-row:visible');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await rows.first().getByRole('button', { name: '详情' }).click();
    const drawer = admin.page.locator('.ant-drawer:visible');
    await drawer.getByRole('tab', { name: '项目预算' }).click();
    await expectToastAfter(admin.page, '报销超预算设置已保存', () => chooseOption(admin.page, drawer.getByLabel('报销超预算'), '禁止提交'));
    await drawer.getByRole('tab', { name: '操作记录' }).click();
    const history = drawer.getByTestId('record-history');
    await expect.poll(() => history.getByText('禁止提交').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await history.textContent()).toContain('报销超预算');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
