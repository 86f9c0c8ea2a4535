import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED, sweep } from './axe-sweep';
import { launchBrowser } from './harness';

/**
 * Issue 24: no critical or serious axe violation on the fixed routes (admin) and emp01's front
 * office; the admin's other menu screens are in everyday-axe-menus. The admin sweep also renders
 * every fixed route as shell-routes did (title, no redirect, no console error).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('accessibility of every built screen', () => {
  it('admin: every fixed route renders (title, no redirect, no console error); no critical or serious axe violation', async () => {
    const { checked, failures } = await sweep(browser, 'admin', { routes: FIXED, menus: 'none' });
    // A sample at least, however little the change touched (axe-sweep.ts).
    expect(checked.length).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  }, 900_000);

  it('emp01: no critical or serious axe violation on the front office', async () => {
    const { failures } = await sweep(browser, 'emp01', {
      paths: [
        '/WorkBench/index',
        '/PersonalCenter/FirstPage',
        '/PersonalCenter/EditBaseInfo',
        '/PersonalCenter/EditBankInfo',
        '/Initiate/index',
        '/backlog/index',
        '/MessageCenter/index',
        '/noPermission',
        '/404',
      ],
    });
    expect(failures).toEqual([]);
  }, 600_000);
});
