import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('shell resilience and language', () => {
  it('reloads once when a screen chunk fails to load, then shows the wanted page', async () => {
    // An administrator: back-office screens answer 403 to an employee.
    const { page, context } = await signedIn(browser, 'admin');
    let requests = 0;
    // The dictionary screen is a lazy chunk the session has not loaded yet: fail it once, as after a release.
    await page.route(/\/assets\/dict-screen-[^/]+\.js$/, async (route) => {
      if (requests++ === 0) await route.abort('failed');
      else await route.continue();
    });
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await go(page, '/BaseCenter/dict');
    await page.locator('.ant-table-row:visible').first().waitFor({ timeout: 20_000 });
    expect(requests).toBeGreaterThan(1);
    expect(loads).toBe(1);
    expect(page.url()).toMatch(/#\/BaseCenter\/dict$/);
    expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadTarget'))).toBeNull();
    await context.close();
  });

  it('switches to English and back, keeping the choice after sign-out', async () => {
    const { page, context, errors } = await signedIn(browser, 'user52');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'My applications' }).waitFor();
    await expect.poll(() => page.title()).toBe('Workbench - Information Management Platform');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/#\/entry\?status=logout/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto(page.url());
    await page.getByLabel('User name').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
