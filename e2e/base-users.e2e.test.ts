import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { chooseOption, go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal:not(.ant-modal-confirm)');

async function xlsxFile(data: Array<Array<string>>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  for (const r of data) ws.addRow(r);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-import-')), 'users.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

describe('user administration screen', () => {
  it('searches, creates (with validation and cancel confirmation), exports and imports with an error row', async () => {
    const { page, context, errors, token } = await signedIn(browser, 'admin');
    await go(page, '/BaseCenter/user');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);

    // Search by name.
    await page.getByPlaceholder('姓名').fill('马国强');
    await page
      .getByRole('button', { name: '查 询' })
      .or(page.getByRole('button', { name: '查询' }))
      .first()
      .click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('mgr01');

    // Create: empty submit shows the rule messages; cancelling with changes asks first.
    await page.getByRole('button', { name: '新增用户' }).click();
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => dialog(page).getByText('请输入用户账号').isVisible()).toBe(true);
    await dialog(page).getByLabel('用户账号').fill('e2euser');
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect.poll(() => page.locator('.ant-modal-confirm-title', { hasText: '是否确认取消？' }).isVisible()).toBe(true);
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
    await dialog(page).getByLabel('姓名').fill('端到端');
    await chooseOption(page, dialog(page).getByLabel('所属部门'), '信息技术部', { type: '信息技术部', tree: true });
    await dialog(page).getByLabel('初始密码').fill('E2e@user01');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => page.getByText('保存成功').isVisible(), { timeout: 10_000 }).toBe(true);
    const created = await apiCall<{ records: Array<{ userCode: string; orgName: string }> }>('/base_api/base/api/user/page', { userCode: 'e2euser' }, token);
    expect(created.data.records[0]).toMatchObject({ userCode: 'e2euser', orgName: '信息技术部' });

    // Edit: the code is read-only, the name changes.
    await page.getByPlaceholder('姓名').fill('');
    await page.getByPlaceholder('用户账号').fill('e2euser');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page)
      .first()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    expect(await dialog(page).getByLabel('用户账号').isDisabled()).toBe(true);
    await dialog(page).getByLabel('姓名').fill('端到端改');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => rows(page).first().textContent(), { timeout: 10_000 }).toContain('端到端改');

    // Export the filtered rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe('用户列表.xlsx');
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile((await download.path()) as string);
    expect(exported.worksheets[0]?.rowCount).toBe(2);

    // Import: one good row, one with an unknown department.
    const file = await xlsxFile([
      ['*用户账号', '*姓名', '*部门编码', '手机号', '邮箱', '人员类别', '是否外包', '角色编码'],
      ['e2eimp1', '导入甲', 'D004', '', '', '正式员工', '否', 'employee'],
      ['e2eimp2', '导入乙', 'NOPE', '', '', '', '', ''],
    ]);
    await page
      .getByRole('button', { name: '导 入' })
      .or(page.getByRole('button', { name: '导入' }))
      .first()
      .click();
    await dialog(page).locator('input[type=file]').setInputFiles(file);
    await dialog(page).getByRole('button', { name: '校验数据' }).click();
    await expect.poll(() => dialog(page).getByText('共 2 行，有效 1 行，错误 1 行').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog(page).getByText('部门不存在：NOPE').isVisible()).toBe(true);
    const [report] = await Promise.all([page.waitForEvent('download'), dialog(page).getByRole('button', { name: '下载错误报告' }).click()]);
    expect(report.suggestedFilename()).toBe('导入错误报告.xlsx');
    await dialog(page)
      .getByRole('button', { name: /确认导入有效的 1 行/ })
      .click();
    await expect.poll(() => page.getByText('已导入 1 个用户').isVisible(), { timeout: 10_000 }).toBe(true);
    const imported = await apiCall<{ total: number }>('/base_api/base/api/user/page', { keyword: 'e2eimp' }, token);
    expect(imported.data.total).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
