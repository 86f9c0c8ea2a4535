import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../server/test/oidc-provider.fixture';
import { type BuiltServer, freePort, startBuiltServer } from './built-server';
import { launchBrowser, newPage } from './harness';
import { dismissGreetings, recordedToasts, recordToasts } from './shell-helpers';

let browser: Browser;
let idp: TestProvider;
let server: BuiltServer;
let erp: string;

/**
 * The built product on its own port and data, configured for single sign-on with an OpenID Connect
 * provider (the certified `oidc-provider`) running in this test process.
 */
beforeAll(async () => {
  idp = await startTestProvider();
  const port = await freePort();
  erp = `http://127.0.0.1:${port}`;
  idp.register(erp);
  server = await startBuiltServer({
    port,
    timeoutMs: 120_000,
    dataPrefix: 'erp-e2e-sso-',
    from: inject('seededDataDir'),
    env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_CONTACT: 'IT 服务台' },
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
});

describe('single sign-on with the company account', () => {
  it('signs in at the provider, lands on the workbench, and logs out through the provider', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${erp}/#/entry`);
    await page.getByRole('link', { name: '使用企业账号登录' }).click();

    // The provider's own sign-in and consent pages.
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill('emp01');
    await page.locator('input[name="password"]').fill('secret at the provider');
    await page.locator('button[type="submit"]').click();
    await page
      .locator('button[type="submit"]')
      .filter({ hasText: /continue/i })
      .click();

    await page.waitForURL(/#\/WorkBench\/index/, { timeout: 20_000 });
    await page.getByTestId('tabs-bar').waitFor({ timeout: 20_000 });
    await dismissGreetings(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('loginInfo') ?? '{}'));
    expect(stored.user_code).toBe('emp01');

    await recordToasts(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    // The provider asks to confirm the end of its session, then sends the browser back.
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('button[type="submit"]').filter({ hasText: /yes/i }).click();
    await page.waitForURL(/#\/entry\?status=logout/, { timeout: 20_000 });
    await expect.poll(() => page.getByText('您已退出登录').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(await recordedToasts(page)).toContain('退出成功');

    // The provider's session is over: signing in again asks for the password at the provider.
    await page.getByRole('link', { name: '使用企业账号登录' }).click();
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await expect.poll(() => page.locator('input[name="login"]').isVisible()).toBe(true);
    // The provider's development pages ask for web fonts on the internet (not reachable here) and a favicon it lacks.
    expect(errors.filter((e) => !/ERR_NAME_NOT_RESOLVED|status of 404/.test(e))).toEqual([]);
    await context.close();
  });

  it('tells an account the system does not know whom to ask, and creates nothing', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${erp}/#/entry?redirect=%2FMessageCenter%2Findex`);
    await page.getByRole('link', { name: '使用企业账号登录' }).click();
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill('stranger01');
    await page.locator('input[name="password"]').fill('x');
    await page.locator('button[type="submit"]').click();
    await page
      .locator('button[type="submit"]')
      .filter({ hasText: /continue/i })
      .click();
    await page.waitForURL(/#\/entry\?sso_error=unknown_user/, { timeout: 20_000 });
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('企业账号 stranger01 尚未在本系统开通，请联系IT 服务台开通后再登录。');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await context.close();
  });
});
