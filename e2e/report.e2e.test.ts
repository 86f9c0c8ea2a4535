import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { go, signedIn, unexpected } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible');
const drillDialog = (page: Page) => page.locator('.ant-modal-wrap:visible');

describe('report centre', () => {
  it('hr01 opens three reports from the entrance, drills down to the records and exports both', async () => {
    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/statement/entrance');
    await expect.poll(() => page.getByRole('link', { name: '运营总表' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('link', { name: '外部供应商招聘统计' }).count()).toBe(1);

    // 运营总表: a row per month with its charts; the total's closing head count opens the people on the roster.
    await page.getByRole('link', { name: '运营总表' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(12);
    await expect.poll(() => page.getByTestId('report-chart').count()).toBe(2);
    const closing = page.locator('.ant-table-summary').getByRole('button', { name: /^合计 期末人数/ });
    const label = (await closing.getAttribute('aria-label')) ?? '';
    const count = Number(label.replace(/^合计 期末人数 /, '').replaceAll(',', ''));
    expect(count).toBeGreaterThan(20);
    await closing.click();
    await expect.poll(() => drillDialog(page).getByText(`共 ${count} 条`).count(), { timeout: 15_000 }).toBe(1);
    const [drillFile] = await Promise.all([page.waitForEvent('download'), drillDialog(page).getByRole('button', { name: '导出明细' }).click()]);
    expect(drillFile.suggestedFilename()).toBe('合计 · 期末人数明细.xlsx');
    const drilled = new ExcelJS.Workbook();
    await drilled.xlsx.readFile((await drillFile.path()) as string);
    expect(drilled.worksheets[0]?.rowCount).toBe(count + 1);
    await drillDialog(page).getByRole('button', { name: '关闭' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /导\s*出/ })
        .first()
        .click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^运营总表_\d{4}-\d{2}_\d{4}-\d{2}\.xlsx$/);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile((await file.path()) as string);
    const sheet = exported.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(14);
    expect(sheet.getRow(14).getCell(1).value).toBe('合计');
    expect(sheet.getRow(14).getCell(5).value).toBe(count);

    // 运营离职统计 by organisation: the departures of a unit open its leavers.
    await go(page, '/statement/yyDeparture');
    // Until the new page shows, the last one's rows and controls are still the visible ones: a
    // control found then would be the hidden page's once the switch happens.
    await page.getByText('离职人数：最后工作日在期间内的员工', { exact: false }).filter({ visible: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(12);
    // Visited reports stay open (hidden) in their tabs: only the visible page's controls count.
    await page.locator('.ant-segmented-item-label:visible', { hasText: '按组织' }).click();
    await expect.poll(() => page.locator('.ant-table-thead th:visible').first().textContent(), { timeout: 20_000 }).toBe('组织');
    const leavers = rows(page)
      .getByRole('button', { name: /离职人数/ })
      .first();
    await leavers.click();
    await expect.poll(() => drillDialog(page).locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => drillDialog(page).getByText('已离职').count()).toBeGreaterThan(0);
    await drillDialog(page).getByRole('button', { name: '关闭' }).click();

    // 候选人统计 per channel: the candidates of a channel.
    await go(page, '/statement/candidateStatistic');
    await page.getByText('期间内进入招聘流程的候选人', { exact: false }).filter({ visible: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(2);
    await rows(page)
      .getByRole('button', { name: / 候选人 / })
      .first()
      .click();
    await expect.poll(() => drillDialog(page).locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('an employee sees no report and is refused one by its address', async () => {
    const { page, context } = await signedIn(browser, 'emp01');
    await go(page, '/statement/entrance');
    await expect.poll(() => page.getByText('暂无可查看的报表').count(), { timeout: 20_000 }).toBe(1);
    await go(page, '/statement/yyTotal');
    await expect.poll(() => page.getByText('暂无权限访问该数据').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await context.close();
  });
});
