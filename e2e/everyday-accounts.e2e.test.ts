import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, baseUrl, launchBrowser, newPage, server } from './harness';
import { clickDialogOk, go, recordedToasts, recordToasts, seriousA11yViolations, signedIn, url } from './shell-helpers';

/**
 * Issue 24, accounts: 修改密码 from the user menu, 忘记密码 with the mailed code, the administrator's
 * reset with a forced change at the next sign-in, and the personal centre of an account without an
 * employee record. Passwords change here, so the accounts are this file's own: user26 (change),
 * user27 (mailed reset), user28 (administrator's reset); admin and emp01 only read.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const dialogNamed = (page: import('playwright-core').Page, name: string) => page.getByRole('dialog', { name });

describe('passwords', () => {
  it('user26 changes the password from the user menu: the rule is shown, a wrong old one is refused, other sessions end', async () => {
    const other = await apiLogin('user26');
    const { page, context } = await signedIn(browser, 'user26');
    await recordToasts(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-list').getByText('修改密码').click();
    const dlg = dialogNamed(page, '修改密码');
    await dlg.getByText('密码长度为8-64位，且须包含大写字母、小写字母、数字、特殊字符中的至少三种').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dlg.getByLabel('当前密码').fill('Wrong@123');
    await dlg.getByLabel('新密码', { exact: true }).fill('Better#2026');
    await dlg.getByLabel('确认新密码').fill('Better#2027');
    await dlg.getByRole('button', { name: /^确\s*定$/ }).click();
    await dlg.getByText('两次输入的密码不一致').waitFor();
    await dlg.getByLabel('确认新密码').fill('Better#2026');
    await dlg.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(async () => (await recordedToasts(page)).join('|'), { timeout: 10_000 }).toContain('原密码不正确');
    await dlg.getByLabel('当前密码').fill('Demo@123');
    await clickDialogOk(dlg);
    await expect.poll(async () => (await recordedToasts(page)).join('|'), { timeout: 10_000 }).toContain('密码已修改，其他设备上的登录已退出');
    // The other session is over; this one goes on; the new password signs in.
    const res = await fetch(`${baseUrl()}/auth/base/api/user/getUserByToken`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    await go(page, '/Initiate/index');
    await page.getByRole('button', { name: '发起申请' }).waitFor();
    expect((await apiLogin('user26', 'Better#2026')).user_name).toBeTruthy();
    await context.close();
  });

  it('user27 resets a forgotten password on the sign-in page with the mailed code', async () => {
    const { page, context } = await newPage(browser);
    await recordToasts(page);
    await page.goto(url('/entry'));
    await page.getByRole('button', { name: '忘记密码？' }).click();
    const dlg = dialogNamed(page, '找回密码');
    await dlg.getByText('请联系系统管理员重置密码', { exact: false }).waitFor();
    await dlg.getByLabel('用户名').fill('user27');
    const started = Date.now();
    await dlg.getByRole('button', { name: '发送验证码' }).click();
    await dlg.getByText('如该账号绑定了邮箱，验证码已发送', { exact: false }).waitFor({ timeout: 10_000 });
    // Without SMTP the server writes the mail to DATA_DIR/mail.
    const mailDir = path.join(server().dataDir, 'mail');
    let code = '';
    await expect
      .poll(
        () => {
          const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).map((f) => path.join(mailDir, f)) : [];
          const mine = files.filter((f) => fs.statSync(f).mtimeMs >= started - 1000 && fs.readFileSync(f, 'utf8').includes('user27@'));
          code = mine.map((f) => /验证码为 (\d{6})/.exec(fs.readFileSync(f, 'utf8'))?.[1] ?? '').find(Boolean) ?? '';
          return code;
        },
        { timeout: 20_000 },
      )
      .toMatch(/^\d{6}$/);
    await dlg.getByLabel('验证码').fill(code);
    await dlg.getByLabel('新密码', { exact: true }).fill('Reset#2026x');
    await dlg.getByLabel('确认新密码').fill('Reset#2026x');
    await dlg.getByRole('button', { name: '重置密码' }).click();
    await expect.poll(async () => (await recordedToasts(page)).join('|'), { timeout: 10_000 }).toContain('密码已重置，请使用新密码登录');
    await page.getByLabel('用户名').fill('user27');
    await page.getByLabel('密码', { exact: true }).fill('Reset#2026x');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/WorkBench\/index/, { timeout: 20_000 });
    await context.close();
  });

  it("admin resets user28's password; user28 must change it at the next sign-in", async () => {
    const { page, context } = await signedIn(browser, 'admin');
    await go(page, '/BaseCenter/user');
    const search = page.getByLabel('用户账号', { exact: true }).first();
    await search.fill('user28');
    await search.press('Enter');
    const row = page.locator('.ant-table-row:visible').filter({ hasText: 'user28' }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: '更多' }).hover();
    await page.getByRole('menuitem', { name: '重置密码' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s*定$/ })
      .click();
    const done = page.locator('.ant-modal-confirm').filter({ hasText: '密码已重置' });
    await done.waitFor({ timeout: 15_000 });
    const password = ((await done.locator('.ant-typography').first().textContent()) ?? '').trim();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await context.close();

    const user = await newPage(browser);
    await user.page.goto(url('/entry'));
    await user.page.getByLabel('用户名').fill('user28');
    await user.page.getByLabel('密码', { exact: true }).fill(password);
    await user.page.getByRole('button', { name: /登\s*录/ }).click();
    await user.page.getByText('请先修改初始密码').waitFor({ timeout: 20_000 });
    // Nothing else answers until it is changed.
    const token = await user.page.evaluate(() => (JSON.parse(localStorage.getItem('loginInfo') ?? '{}') as { access_token?: string }).access_token ?? '');
    if (token) expect((await apiCall('/bpm_api/bpm/camunda/getAllUserTaskTotal', {}, token)).code).not.toBe('200');
    await user.context.close();
  });
});

/** A 1×1 PNG: uploads are checked by their content, not their name. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('personal centre from the user menu', () => {
  it('an account without an employee record (a new administrator-made account) sees its account data; emp01 sees the record', async () => {
    const admin = await apiLogin('admin');
    const code = `acct${Date.now() % 1_000_000}`;
    const me = await apiCall<{ orgId: number }>('/base_api/base/api/user/getUserInfoByCode', { userCode: 'admin' }, admin.access_token);
    const added = await apiCall(
      '/base_api/base/api/user/add',
      { userCode: code, realName: '前台接待', email: `${code}@dingcai.example`, phone: '13800001111', orgId: me.data.orgId, password: 'Demo@123' },
      admin.access_token,
    );
    expect(added.code).toBe('200');
    const acct = await signedIn(browser, code);
    await acct.page.getByTestId('user-menu').click();
    await acct.page.getByTestId('user-menu-list').getByText('个人中心').click();
    await acct.page.waitForURL(/#\/PersonalCenter\/FirstPage/);
    const card = acct.page.getByTestId('account-card');
    await card.getByText(`${code}@dingcai.example`).waitFor({ timeout: 15_000 });
    await card.getByText('13800001111').waitFor();
    expect(await acct.page.locator('.ant-message-notice').count()).toBe(0);
    expect(await seriousA11yViolations(acct.page)).toEqual([]);
    // A photo of its own, kept on the account (there is no record to file it in).
    await card.getByTestId('own-avatar').locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await card.getByTestId('own-avatar').locator('img').waitFor({ timeout: 15_000 });
    await acct.context.close();

    const emp = await signedIn(browser, 'emp01');
    await emp.page.getByTestId('user-menu').click();
    await emp.page.getByTestId('user-menu-list').getByText('个人中心').click();
    await emp.page.getByText('工号', { exact: false }).first().waitFor({ timeout: 15_000 });
    expect(await emp.page.getByTestId('account-card').count()).toBe(0);
    await emp.context.close();
  });
});
