import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, callsSettled, launchBrowser, newPage } from './harness';
import { ENTRY_URL, go, recordedToasts, recordToasts, seriousA11yViolations, signedIn, toasts, url } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const EXPIRED = '您好！您的登录信息已过期，请您重新登录。';

describe('entry and session (spec 000 §4, §8)', () => {
  it('refuses a bad password with the server message and signs in with the good one, keeping the redirect', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(url('/Salary/index'));
    await page.waitForURL(/#\/entry\?redirect=%2FSalary%2Findex/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.getByLabel('用户名').fill('user41');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => toasts(page)).toContain('用户名或密码错误');
    expect(page.url()).toMatch(ENTRY_URL);

    await page.getByLabel('密码').fill('Demo@123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/Salary\/index$/, { timeout: 20_000 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('loginInfo') ?? '{}'));
    expect(stored).toMatchObject({ user_name: 'user41', user_code: 'user41', personCategory: expect.any(String), outsource: expect.any(String) });
    expect(stored.access_token).toBeTruthy();
    expect(await page.evaluate(() => document.cookie)).toContain('ERP=');
    await expect.poll(() => page.title()).toBe('我的工资条 - 信息管理平台');

    // Token present: the entry page leaves for the app.
    await go(page, '/login', { redirects: true });
    await page.waitForURL(/#\/WorkBench\/index/);
    // The bad password is a 400 answer the browser logs by itself.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('sends / to the workbench and unknown routes to 404', async () => {
    const { page, context, errors } = await signedIn(browser, 'user42');
    await go(page, '/', { redirects: true });
    await page.waitForURL(/#\/WorkBench\/index$/);
    await go(page, '/no/such/page', { redirects: true });
    await page.waitForURL(/#\/404$/);
    await expect.poll(() => page.getByRole('heading', { name: '404' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('404 - 信息管理平台');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs out after the confirmation, clearing the session', async () => {
    const { page, context, token, errors } = await signedIn(browser, 'user43');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect.poll(() => page.locator('.ant-modal-confirm-title').getByText('确定退出登录？').isVisible()).toBe(true);
    // Cancel keeps the session.
    await page.getByRole('button', { name: /取\s*消/ }).click();
    expect(page.url()).toMatch(/WorkBench/);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/#\/entry\?status=logout/);
    await expect.poll(() => toasts(page)).toContain('退出成功');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('ERP=');
    // The token is revoked on the server.
    const after = await apiCall('/auth/base/api/user/getUserByToken', {}, token);
    expect(after.code).toBe('1004');
    // Back to a protected page: entry with redirect.
    await go(page, '/WorkBench/index', { redirects: true });
    await page.waitForURL(/#\/entry\?redirect=/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the expiry warning once and goes to the entry page when many calls fail at once', async () => {
    const { page, context, token } = await signedIn(browser, 'user44');
    await apiCall('/auth/oauth/logout', {}, token);
    await recordToasts(page);
    // The message centre makes several calls at once (button permissions, lists, counts). The first
    // 1004 may send the page on to the entry before a wait for the new hash would see it.
    await go(page, '/MessageCenter/index', { redirects: true });
    await expect.poll(() => recordedToasts(page), { timeout: 10_000 }).toContain(EXPIRED);
    await page.waitForURL(/#\/entry\?redirect=%2FMessageCenter%2Findex/, { timeout: 10_000 });
    // Every refused call has been answered: a second warning would have come from one of them.
    await callsSettled(page);
    expect((await recordedToasts(page)).filter((t) => t === EXPIRED)).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await context.close();
  });

  it('expires on reload too (session restore with a revoked token)', async () => {
    const { page, context, token } = await signedIn(browser, 'user45');
    await go(page, '/helpCenter/recept');
    await page.getByTestId('tab').filter({ hasText: '帮助中心' }).waitFor();
    await apiCall('/auth/oauth/logout', {}, token);
    // The menus are requested while the page is still loading, so the 1.5 s warning may be shown
    // (and gone) before the load event: every toast is recorded from the start of the reload.
    await recordToasts(page);
    await page.reload({ waitUntil: 'commit' });
    await expect.poll(() => recordedToasts(page), { timeout: 15_000 }).toContain(EXPIRED);
    await page.waitForURL(/#\/entry\?redirect=%2FhelpCenter%2Frecept/, { timeout: 10_000 });
    await callsSettled(page);
    expect((await recordedToasts(page)).filter((t) => t === EXPIRED)).toHaveLength(1);
    await context.close();
  });

  it('reloads once when the published version changes', async () => {
    const { page, context, errors } = await signedIn(browser, 'user46');
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await page.route('**/version.json*', (route) => route.fulfill({ json: { version: 'a-newer-build' }, headers: { 'cache-control': 'no-cache' } }));
    await go(page, '/helpCenter/recept');
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(1);
    await page.getByTestId('tabs-bar').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('appVersion'))).toBe('a-newer-build');
    await go(page, '/Initiate/index');
    // The check of the last navigation answered (the same version now) and whatever it led to is done.
    const checked = page.waitForResponse(/version\.json/);
    await go(page, '/WorkBench/index');
    await checked;
    await callsSettled(page);
    await page.waitForLoadState();
    expect(loads).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations on entry, workbench and 404', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/entry'));
    await page.getByLabel('用户名').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();

    const login = await apiLogin('user47');
    const signed = await newPage(browser);
    await signed.page.goto(url(`/entry?access_token=${login.access_token}`));
    await signed.page.getByTestId('front-apps').waitFor({ timeout: 20_000 });
    expect(await seriousA11yViolations(signed.page)).toEqual([]);
    await go(signed.page, '/404');
    await signed.page.getByRole('heading', { name: '404' }).waitFor();
    expect(await seriousA11yViolations(signed.page)).toEqual([]);
    await signed.context.close();
  });
});
