import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { go, recordedToasts, recordToasts, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const F = (n: string) => `/finance_api/finance/functionHourInfo/${n}`;

describe('timesheet: fill, submit, approve', () => {
  it('emp02 fills this month with one click and submits it; the project manager approves it on the same screen', async () => {
    const emp = await signedIn(browser, 'emp02');
    const now = new Date();
    const month = now.getFullYear() * 100 + now.getMonth() + 1;
    const projects = await apiCall<Array<{ projectId: number; projectName: string; managerName: string | null; sheetId: number | null }>>(
      F('selectProjectInfo'),
      { month },
      emp.token,
    );
    const project = projects.data[0];
    expect(project, 'emp02 is on a running project this month').toBeDefined();
    expect(project?.sheetId).toBeNull();

    await go(emp.page, '/WorkFilling/index');
    await emp.page
      .getByText(project?.projectName as string)
      .first()
      .waitFor({ timeout: 20_000 });
    await emp.page.getByRole('button', { name: '一键填报' }).click();
    await expect
      .poll(async () => Number((await emp.page.getByTestId('month-total').textContent())?.replace(/\D/g, '')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await emp.page.getByRole('button', { name: /^提\s*交$/ }).click();
    await expect.poll(() => emp.page.getByText('工时已提交审批').isVisible(), { timeout: 15_000 }).toBe(true);
    const after = await apiCall<Array<{ projectId: number; sheetId: number | null; state: string | null }>>(F('selectProjectInfo'), { month }, emp.token);
    const mine = after.data.find((p) => p.projectId === project?.projectId);
    expect(mine?.state).toBe('approving');
    const sheet = await apiCall<{ sheetNo: string; totalHours: number }>(F('select'), { id: mine?.sheetId }, emp.token);
    expect(sheet.data.totalHours).toBeGreaterThan(0);

    // The manager of emp02's project (马国强 in the demo) decides from his own tab.
    expect(project?.managerName).toBe('马国强');
    const mgr = await signedIn(browser, 'mgr01');
    await go(mgr.page, '/WorkFilling/index');
    await recordToasts(mgr.page);
    await mgr.page.getByRole('tab', { name: '待我审批' }).click();
    const row = mgr.page.locator('.ant-table-row', { hasText: sheet.data.sheetNo });
    await row.first().waitFor({ timeout: 20_000 });
    await row
      .first()
      .getByRole('button', { name: /^通\s*过$/ })
      .click();
    await expect.poll(() => recordedToasts(mgr.page), { timeout: 15_000 }).toContain('已通过');
    await expect
      .poll(async () => (await apiCall<{ state: string }>(F('select'), { id: mine?.sheetId }, emp.token)).data.state, { timeout: 15_000 })
      .toBe('passed');

    // Back on emp02's screen the month is approved and no longer editable.
    await emp.page.reload();
    await emp.page
      .getByText(project?.projectName as string)
      .first()
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => emp.page.getByRole('button', { name: '一键填报' }).count(), { timeout: 10_000 }).toBe(0);
    expect(emp.errors).toEqual([]);
    expect(mgr.errors).toEqual([]);
    await emp.context.close();
    await mgr.context.close();
  });
});

describe('finance lists of hours', () => {
  it('fin01 opens the project hours, the man-hours and the holiday calendar with demo rows', async () => {
    const fin = await signedIn(browser, 'fin01');
    for (const path of ['/WorkHours/projectHours', '/WorkHours/manHour', '/WorkHours/postStandard', '/WorkHours/leave']) {
      await go(fin.page, path);
      await expect.poll(() => fin.page.locator('.ant-table-tbody tr.ant-table-row:visible').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    }
    await go(fin.page, '/WorkHours/holidays');
    await fin.page.getByText('国庆节').first().waitFor({ timeout: 20_000 });
    expect(fin.errors).toEqual([]);
    await fin.context.close();
  });
});
