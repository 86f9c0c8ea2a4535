import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { clickDialogOk, expectToastAfter, go, recordToasts, signedIn } from './shell-helpers';

/**
 * Expiry reminders across roles (issue 39): user15 records a certificate that ends in twelve days,
 * hr01 finds it under 人事异动 → 即将到期 and saves the reminder days, and user15 is reminded and finds
 * it in their timeline.
 * Accounts of this file: user15, hr01.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A day `days` from today in the business time zone, yyyy-mm-dd. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

describe('expiry reminders (user15 → hr01 → user15)', () => {
  it('HR sees the certificate an employee recorded as expiring, sets the reminder days, and the employee gets the reminder', async () => {
    const name = `叉车操作证${Date.now() % 100000}`;
    const employee = await apiLogin('user15');
    const added = await apiCall(
      '/hr_api/hrm/api/certificate/add',
      { data: { name, issuer: '市场监管局', issueDate: dayFromNow(-300), expireDate: dayFromNow(12) } },
      employee.access_token,
    );
    expect(added.code, added.message).toBe('200');

    const hr = await signedIn(browser, 'hr01');
    await recordToasts(hr.page);
    await go(hr.page, '/staffChange/index');
    await hr.page.getByRole('tab', { name: /即将到期/ }).click();
    const row = hr.page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await row.textContent()).toContain('资格证书');
    expect(await row.textContent()).toContain('12 天');
    await hr.page.getByRole('button', { name: '提醒设置' }).click();
    const dialog = hr.page.locator('.ant-modal:visible');
    await expect.poll(() => dialog.getByText('90 天').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectToastAfter(hr.page, '到期提醒设置已保存', () => clickDialogOk(dialog));
    expect(hr.errors).toEqual([]);
    await hr.context.close();

    // The save reminded what it made due: user15's message arrives (the outbox delivers it).
    const title = `到期提醒：您的资格证书「${name}」将于 ${dayFromNow(12)} 到期`;
    await expect
      .poll(
        async () =>
          (await apiCall<{ records: Array<{ title: string }> }>('/msg_api/msg/api/message/page', { keyword: name }, employee.access_token)).data.records.map(
            (r) => r.title,
          ),
        { timeout: 30_000 },
      )
      .toContain(title);
    const mine = await signedIn(browser, 'user15');
    await go(mine.page, '/MessageCenter/index?msgType=002');
    await expect.poll(() => mine.page.getByText(title).first().isVisible(), { timeout: 20_000 }).toBe(true);
    // The certificate stands in the employee's own timeline, with its issuer and end.
    await go(mine.page, '/PersonalCenter/FirstPage');
    const timeline = mine.page.getByTestId('employee-timeline');
    await expect.poll(() => timeline.getByText(`取得资格证书「${name}」`).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await timeline.textContent()).toContain(`发证机构 市场监管局，有效期至 ${dayFromNow(12)}`);
    expect(mine.errors).toEqual([]);
    await mine.context.close();
  });

  it('HR chooses an employee on the roster and reminds them to complete their records; the employee has the message', async () => {
    const hr = await signedIn(browser, 'hr01');
    await recordToasts(hr.page);
    await go(hr.page, '/staffManagement/index');
    await hr.page.getByLabel('关键字').fill('user15');
    await hr.page.getByLabel('关键字').press('Enter');
    const rows = hr.page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    await rows.first().getByRole('checkbox').check();
    await hr.page.getByRole('button', { name: /提醒完善信息（1）/ }).click();
    const dialog = hr.page.locator('.ant-modal:visible');
    await dialog.getByLabel('提醒内容').fill('请补充您的紧急联系人（端到端）');
    await expectToastAfter(hr.page, '已提醒 1 人', () => dialog.getByRole('button', { name: '发送提醒' }).click());
    expect(hr.errors).toEqual([]);
    await hr.context.close();
    const employee = await apiLogin('user15');
    await expect
      .poll(
        async () =>
          (await apiCall<{ records: Array<{ title: string }> }>('/msg_api/msg/api/message/page', { keyword: '请完善个人信息' }, employee.access_token)).data
            .records.length,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
  });
});
