import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible');
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal:not(.ant-modal-confirm)');
const search = (page: Page) =>
  page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();

/** Types into a select of the dialog and takes the (only) option with that text. */
async function choose(page: Page, label: string, text: string) {
  await dialog(page).getByLabel(label).fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().waitFor();
  await dialog(page).getByLabel(label).press('Enter');
  const chosen = dialog(page)
    .locator('.ant-form-item', { has: page.getByLabel(label) })
    .locator('.ant-select-content, .ant-select-selection-item');
  await expect.poll(() => chosen.first().textContent()).toContain(text);
}

describe('position screen', () => {
  it('hr01 filters positions, adds one (with the rules shown) and exports the filtered rows', async () => {
    const { page, context, errors, token } = await signedIn(browser, 'hr01');
    await go(page, '/BaseCenter/positionManage/index');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);

    // Filter by name.
    await page.getByPlaceholder('岗位名称').fill('工程师');
    await search(page);
    await expect.poll(async () => (await rows(page).allTextContents()).every((t) => t.includes('工程师'))).toBe(true);
    const filtered = await rows(page).count();
    expect(filtered).toBeGreaterThan(2);

    // Add: the empty form names the required fields; then a valid position.
    await page.getByRole('button', { name: '新增岗位' }).click();
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => dialog(page).getByText('请输入岗位编码').isVisible()).toBe(true);
    await expect.poll(() => dialog(page).getByText('请选择岗位族').isVisible()).toBe(true);
    await dialog(page).getByLabel('岗位编码').fill('E2E-ENG');
    await dialog(page).getByLabel('岗位名称').fill('端到端测试工程师');
    await choose(page, '岗位族', '测试质量族');
    await choose(page, '职位序列', '专业技术序列');
    await choose(page, '最低职级', '专业序列P2');
    await choose(page, '最高职级', '专业序列P4');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => page.getByText('保存成功').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(filtered + 1);
    const created = await apiCall<{ records: Array<{ code: string; postClanName: string; maxGradeName: string }> }>(
      '/hr_api/hrm/api/position/getPositionPageList',
      { code: 'E2E-ENG' },
      token,
    );
    expect(created.data.records[0]).toMatchObject({ code: 'E2E-ENG', postClanName: '测试质量族', maxGradeName: '专业序列P4' });

    // Export the filtered rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe('岗位.xlsx');
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile((await download.path()) as string);
    expect(exported.worksheets[0]?.rowCount).toBe(filtered + 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
