import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { cancelFilledDialog, chooseOption, go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible');
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal:not(.ant-modal-confirm)');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true }) : undefined;

describe('roster and staff detail (hr01)', () => {
  it('lists employees, finds one by keyword, opens the record with its sections, and exports', async () => {
    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/staffManagement/index');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    await shot(page, 'roster');
    await page.getByPlaceholder('姓名 / 工号 / 账号 / 手机号 / 证件号码').fill('叶子豪');
    await page.getByPlaceholder('姓名 / 工号 / 账号 / 手机号 / 证件号码').press('Enter');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出$/ }).click();
    expect((await download).suggestedFilename()).toBe('员工花名册.xlsx');

    await rows(page).first().getByRole('button', { name: '叶子豪' }).click();
    await page.waitForURL(/staffDetail\/index\?id=\d+/);
    await expect.poll(() => page.getByText('下载员工登记表').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('在职信息').isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(page, 'detail');
    await page.getByRole('tab', { name: '教育经历' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('tab', { name: '变动记录' }).click();
    await expect.poll(() => page.getByRole('cell', { name: '入职', exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('tab', { name: '银行卡信息' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot(page, 'detail-bank');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('personal centre (emp01)', () => {
  it('keeps own family members directly; bank and education changes say HR approves them', async () => {
    const { page, context, errors } = await signedIn(browser, 'emp01');
    await go(page, '/PersonalCenter/FirstPage');
    await expect.poll(() => page.getByText('我的信息变更申请').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(
        () =>
          page
            .getByText(/^BG\d{12}$/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    // Demo data is loaded in the browser tests: the ribbon says so on every page.
    await expect.poll(() => page.getByTestId('demo-ribbon').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('当前设备').isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'personal');
    await page.getByText('家庭成员', { exact: true }).first().click();
    await page.waitForURL(/EditFamilyMember/);
    // The personal centre's own tables (谁查看了我的信息) stay until its tab is hidden: count once the new tab shows.
    await page.getByRole('button', { name: '新增家庭成员' }).waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const before = await rows(page).count();
    await page.getByRole('button', { name: '新增家庭成员' }).click();
    await dialog(page).getByLabel('姓名').fill('叶小明');
    await chooseOption(page, dialog(page).getByLabel('关系'), '子女');
    await dialog(page).getByLabel('联系电话').fill('139');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    // The contract's rule runs in the form (issue 39): the message stands under the field, the dialog stays open.
    const phoneError = dialog(page).locator('.ant-form-item').filter({ hasText: '联系电话' }).locator('.ant-form-item-explain-error');
    await expect.poll(() => phoneError.textContent(), { timeout: 10_000 }).toBe('手机号格式不正确');
    await dialog(page).getByLabel('联系电话').fill('13900001234');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(before + 1);

    // A rule across fields comes back from the server and stands under its field, never as 参数校验失败 or data.endDate.
    await go(page, '/PersonalCenter/EditWorkExprience');
    await page.getByRole('button', { name: '新增工作经历' }).click();
    await dialog(page).getByLabel('工作单位').fill('星河科技有限公司');
    for (const [label, value] of [
      ['开始日期', '2020-05-01'],
      ['结束日期', '2019-01-01'],
    ] as const) {
      const input = dialog(page).getByLabel(label);
      await input.click();
      await input.fill(value);
      await input.press('Tab');
    }
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const endError = dialog(page).locator('.ant-form-item').filter({ hasText: '结束日期' }).locator('.ant-form-item-explain-error');
    await expect.poll(() => endError.textContent(), { timeout: 10_000 }).toBe('结束日期不能早于开始日期');
    expect(await page.getByText(/参数校验失败|data\.endDate/).count()).toBe(0);
    await cancelFilledDialog(page, dialog(page));

    await go(page, '/PersonalCenter/EditBankInfo');
    await expect.poll(() => page.getByText('银行卡信息的新增、修改和删除需人事审批，审批通过后生效').isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'personal-bank');
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});

describe('a bank card change approved by HR (user20 asks, hr01 approves)', () => {
  it('shows HR what is asked for above the flow, and the card is written on pass', async () => {
    const H = '/hr_api/hrm/api/';
    const applicant = await apiLogin('user20');
    const account = `62258802${String(Date.now()).slice(-10)}`;
    const asked = await apiCall<{ pendingRequest: { documentNo: string } }>(
      `${H}bank/update`,
      { data: { bankCode: 'CMB', openBank: '招商银行上海分行', accountName: '工资卡', accountNo: account, salaryCard: false } },
      applicant.access_token,
    );
    expect(asked.code).toBe('200');
    const documentNo = asked.data.pendingRequest.documentNo;

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/backlog/index');
    // Other bank changes may wait too (the demo's); open each until the one user20 just sent.
    await page.locator('.ant-table-row:visible').filter({ hasText: '银行卡信息变更' }).first().waitFor({ timeout: 20_000 });
    const mine = page.locator('.ant-table-row:visible').filter({ hasText: '银行卡信息变更' });
    const count = await mine.count();
    let opened = false;
    for (let i = 0; i < count && !opened; i++) {
      await mine.nth(i).getByTestId('backlog-open').click();
      const detail = page.getByTestId('change-request-detail');
      await detail.waitFor({ timeout: 15_000 });
      if ((await detail.textContent())?.includes(documentNo)) opened = true;
      else await page.keyboard.press('Escape');
    }
    expect(opened).toBe(true);
    const detail = page.getByTestId('change-request-detail');
    await expect.poll(() => detail.textContent()).toContain(account);
    await expect.poll(() => detail.textContent()).toContain('新增银行卡信息');
    await shot(page, 'change-request-approve');
    await page.getByTestId('request-pass').click();
    await page
      .getByRole('dialog', { name: '审批通过' })
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await expect
      .poll(
        async () =>
          (await apiCall<Array<{ accountNo: string }>>(`${H}bank/getBankByEmployee`, {}, applicant.access_token)).data.some((b) =>
            b.accountNo.endsWith(account.slice(-4)),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
