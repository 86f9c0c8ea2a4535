import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../server/test/oidc-provider.fixture';
import { launchBrowser, newPage } from './harness';
import { dismissGreetings, recordedToasts, recordToasts } from './shell-helpers';

const root = path.resolve(import.meta.dirname, '..');
let browser: Browser;
let idp: TestProvider;
let server: ChildProcess;
let erp: string;
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The built product on its own port and data, configured for single sign-on with an OpenID Connect
 * provider (the certified `oidc-provider`) running in this test process.
 */
beforeAll(async () => {
  idp = await startTestProvider();
  const port = await freePort();
  erp = `http://127.0.0.1:${port}`;
  idp.register(erp);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-sso-'));
  server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_CONTACT: 'IT 服务台',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const login = await fetch(`${erp}/auth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Demo@123' }),
      });
      if (((await login.json()) as { code: string }).code === '200') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 300));
  }
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await idp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
