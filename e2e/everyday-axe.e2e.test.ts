import type { MenuNode } from '@erp/contract/modules/auth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_ROUTES } from '../web/src/app/registry/fixed-routes';
import { apiCall, launchBrowser } from './harness';
import { closeOtherTabs, go, seriousA11yViolations, signedIn } from './shell-helpers';

/**
 * Issue 24: axe-core (injected through playwright-core) on every built screen — each fixed route
 * of spec 000 §2 and each screen of the user's menus — fails on any critical or serious violation.
 * Placeholders of areas not built yet are skipped (they say so); they join the sweep when they land.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function menuPaths(nodes: readonly MenuNode[], parent = ''): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    const path =
      n.name === 'MessageManage'
        ? `/MessageCenter/${n.path.split('/').filter(Boolean).pop() ?? 'index'}`
        : n.path.startsWith('/')
          ? n.path
          : `${parent}/${n.path}`.replace(/\/{2,}/g, '/');
    if (n.children.length && (n.component === 'Layout' || n.component === 'ParentView' || n.component === '')) out.push(...menuPaths(n.children, path));
    else out.push(path);
  }
  return out;
}

/** Waits until the screen has rendered its data (no spinner, no skeleton) for a moment. */
async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(150);
  await expect
    .poll(() => page.locator('main .ant-spin-spinning:visible, main .ant-skeleton:visible, main [aria-busy="true"]:visible').count(), { timeout: 20_000 })
    .toBe(0);
  await page.waitForTimeout(200);
  // A button enabled when the data arrived fades from its disabled colours (a CSS transition): axe
  // would measure the colours halfway. Wait until no transition is running (spinners are animations, not transitions).
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length), {
      timeout: 5_000,
    })
    .toBe(0);
}

async function sweep(user: string, paths: string[]): Promise<{ checked: string[]; failures: string[] }> {
  const { page, context, token } = await signedIn(browser, user);
  const menus = await apiCall<MenuNode[]>('/auth/base/api/user/getAllMenuTreeByUser', {}, token);
  const all = [...new Set([...paths, ...menuPaths(menus.data)])];
  const checked: string[] = [];
  const failures: string[] = [];
  for (const path of all) {
    await go(page, path, { redirects: true });
    await settled(page);
    if ((await page.getByTestId('placeholder').filter({ visible: true }).count()) > 0) continue;
    checked.push(path);
    for (const v of await seriousA11yViolations(page)) failures.push(`${user} ${path} ${v}`);
    await closeOtherTabs(page);
  }
  await context.close();
  return { checked, failures };
}

const FIXED = FIXED_ROUTES.filter((r) => !r.public && !r.bare).map((r) => r.path);

describe('accessibility of every built screen', () => {
  it('admin: no critical or serious axe violation', async () => {
    const { checked, failures } = await sweep('admin', FIXED);
    expect(checked.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  }, 900_000);

  it('emp01: no critical or serious axe violation on the front office', async () => {
    const { failures } = await sweep('emp01', [
      '/WorkBench/index',
      '/PersonalCenter/FirstPage',
      '/PersonalCenter/EditBaseInfo',
      '/PersonalCenter/EditBankInfo',
      '/Initiate/index',
      '/backlog/index',
      '/MessageCenter/index',
      '/noPermission',
      '/404',
    ]);
    expect(failures).toEqual([]);
  }, 600_000);
});
