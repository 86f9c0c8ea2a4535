import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Every fixed route is rendered (title, no redirect, no console error) by the admin sweep of everyday-axe.
describe('fixed routes (spec 000 §2)', () => {
  it('opens the public résumé preview without a token', async () => {
    const { page, context } = await signedIn(browser, 'user50');
    await page.evaluate(() => localStorage.clear());
    await go(page, '/ResumePreview');
    // Without a link token the public page says so, and stays: no sign-in is asked for.
    await page.getByText('链接已失效，请联系招聘专员重新发送').waitFor();
    expect(page.url()).toContain('#/ResumePreview');
    await context.close();
  });
});
