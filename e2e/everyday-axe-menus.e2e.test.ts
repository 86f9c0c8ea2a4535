import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from './axe-sweep';
import { launchBrowser } from './harness';

/** Issue 24: the admin's menu screens that are not fixed routes (those are in everyday-axe). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('accessibility of every built menu screen', () => {
  it('admin: no critical or serious axe violation on the menu screens', async () => {
    const { checked, failures } = await sweep(browser, 'admin', { menus: 'not fixed' });
    // A sample at least, however little the change touched (axe-sweep.ts).
    expect(checked.length).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  }, 900_000);
});
