import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_ROUTES } from '../web/src/app/registry/fixed-routes';
import { launchBrowser } from './harness';
import { closeOtherTabs, go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('fixed routes (spec 000 §2)', () => {
  it('renders every fixed route without console errors', async () => {
    const { page, context, errors } = await signedIn(browser, 'admin');
    const failures: string[] = [];
    for (const route of FIXED_ROUTES) {
      if (route.public) continue;
      const before = errors.length;
      await go(page, route.path, { redirects: true });
      await page.waitForTimeout(150);
      await page
        .locator('main .ant-spin-spinning:visible')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const title = await page.title();
      if (!title.endsWith('信息管理平台')) failures.push(`${route.path}: title ${title}`);
      if (!page.url().includes(`#${route.path}`)) failures.push(`${route.path}: ended at ${page.url()}`);
      if (errors.length > before) failures.push(`${route.path}: ${errors.slice(before).join(' | ')}`);
      await closeOtherTabs(page);
    }
    expect(failures).toEqual([]);
    await context.close();
  }, 600_000);

  it('opens the public résumé preview without a token', async () => {
    const { page, context } = await signedIn(browser, 'user50');
    await page.evaluate(() => localStorage.clear());
    await go(page, '/ResumePreview');
    await page.waitForTimeout(500);
    expect(page.url()).toContain('#/ResumePreview');
    await context.close();
  });
});
