import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, baseUrl, launchBrowser, newPage } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs in the way single sign-on lands (/entry?access_token=…), which marks the session's first login. */
async function signIn(userCode: string) {
  const login = await apiLogin(userCode);
  const tracked = await newPage(browser);
  await tracked.page.goto(`${baseUrl()}/#/entry?access_token=${login.access_token}`);
  await tracked.page.waitForURL(/#\/WorkBench/, { timeout: 30_000 });
  return { ...tracked, token: login.access_token };
}

describe('greeting dialogs', () => {
  it('greets emp01 on the birthday, then asks for the time capsule with its rules', async () => {
    const { page, context, errors, token } = await signIn('emp01');
    await expect.poll(() => page.getByText('生日快乐', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByText(/今天是您的生日/).isVisible()).toBe(true);
    await page
      .getByRole('button', { name: '谢 谢' })
      .or(page.getByRole('button', { name: '谢谢' }))
      .click();

    const capsule = page.getByRole('dialog').filter({ hasText: '时空胶囊' });
    await expect.poll(() => capsule.isVisible(), { timeout: 10_000 }).toBe(true);
    await capsule.getByRole('textbox').fill('   ');
    await capsule.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(() => page.getByText('请填写', { exact: true }).isVisible()).toBe(true);
    // The note stops at 100 characters.
    await capsule.getByRole('textbox').fill('长'.repeat(120));
    expect((await capsule.getByRole('textbox').inputValue()).length).toBe(100);
    await capsule.getByRole('textbox').fill('一年后的我，希望已经转正');
    await capsule.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(() => page.locator('.ant-modal-confirm-title').filter({ hasText: '时空胶囊一年只能修改一次，是否确认提交？' }).isVisible()).toBe(true);
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => page.getByText('提交成功').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => capsule.isVisible()).toBe(false);
    const saved = await apiCall<{ content: string }>('/hr_api/hrm/api/personCenter/getTimeCapsule', {}, token);
    expect(saved.data.content).toBe('一年后的我，希望已经转正');

    // A reload is not a new sign-in: no greeting again.
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.greetings), { timeout: 20_000 }).toBe('none');
    expect(await page.getByText(/今天是您的生日/).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows hr01 the anniversary with 365 days per year', async () => {
    const { page, context } = await signIn('hr01');
    await expect.poll(() => page.getByText(/入职3周年/).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText(/1095天/).isVisible()).toBe(true);
    await context.close();
  });

  it('lets a colleague send emp01 a birthday blessing from the workbench, once', async () => {
    const { page, context, errors } = await signIn('mgr01');
    const entry = page.getByTestId('today-birthdays');
    await expect.poll(() => entry.isVisible(), { timeout: 30_000 }).toBe(true);
    await entry.click();
    const dialog = page.getByRole('dialog').filter({ hasText: '今日寿星' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const emp01 = dialog.locator('.ant-list-item').first();
    await emp01.getByRole('button', { name: /送祝福/ }).click();
    await expect.poll(() => page.getByText('祝福已送达').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => emp01.getByRole('button', { name: /已祝福/ }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
