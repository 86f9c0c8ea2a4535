import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tabPaths = (page: Page) => page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));

describe('layout (spec 000 §2)', () => {
  it('shows the sidebar on a BaseCenter route and not on the workbench; collapses to 80 px and remembers it', async () => {
    const { page, context, errors } = await signedIn(browser, 'hr01');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await go(page, '/BaseCenter/user');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    expect((await sidebar.boundingBox())?.width).toBe(220);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
    expect(await page.evaluate(() => document.cookie)).toContain('sidebarStatus=0');
    await page.reload();
    await sidebar.waitFor();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(220);
    // Breadcrumb follows the menu trail.
    expect(await page.getByTestId('breadcrumb').textContent()).toContain('用户管理');
    await go(page, '/WorkBench/index');
    await expect.poll(() => page.getByTestId('sidebar').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps visited pages as tabs; close others from the context menu', async () => {
    const { page, context, errors } = await signedIn(browser, 'user48');
    for (const p of ['/Salary/index', '/Initiate/index', '/helpCenter/recept']) {
      await go(page, p);
      await page.locator(`[data-testid=tab][data-path="${p}"]`).waitFor();
    }
    expect(await tabPaths(page)).toEqual(['/WorkBench/index', '/Salary/index', '/Initiate/index', '/helpCenter/recept']);
    await page.locator('[data-testid=tab][data-path="/Initiate/index"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabPaths(page)).toEqual(['/WorkBench/index', '/Initiate/index']);
    await page.waitForURL(/#\/Initiate\/index$/);
    // Close with ×, then close all from the "more" menu.
    await go(page, '/Salary/index');
    await page.locator('[data-testid=tab][data-path="/Salary/index"] [data-testid=tab-close]').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/WorkBench/index', '/Initiate/index']);
    await page.getByTestId('tabs-more').click();
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect.poll(() => tabPaths(page)).toEqual(['/WorkBench/index']);
    await page.waitForURL(/#\/WorkBench\/index$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a hidden page alive with its state', async () => {
    const { page, context } = await signedIn(browser, 'user49');
    await go(page, '/MessageCenter/index');
    const search = page.getByPlaceholder('搜索标题或内容');
    await search.waitFor({ timeout: 15_000 });
    await search.fill('kept alive');
    await go(page, '/WorkBench/index');
    await go(page, '/MessageCenter/index');
    expect(await search.inputValue()).toBe('kept alive');
    await context.close();
  });

  it('switches to the mobile layout below 992 px', async () => {
    const { page, context, errors } = await signedIn(browser, 'hr01', { width: 390 });
    await go(page, '/BaseCenter/user');
    await page.getByTestId('tabs-bar').waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByRole('button', { name: '导航菜单' }).click();
    const drawer = page.getByTestId('mobile-nav');
    await drawer.waitFor({ timeout: 10_000 });
    await page
      .getByRole('menuitem', { name: /角色管理|字典管理/ })
      .first()
      .click();
    await page.waitForURL(/#\/BaseCenter\/(role|dict)/);
    // No horizontal scrolling of the whole page on a phone.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('header (spec 000 §2)', () => {
  it('shows the back-office tab for admin, opening /WorkBench/home in a new window', async () => {
    const { page, context, errors } = await signedIn(browser, 'admin');
    const back = page.getByTestId('back-office-tab');
    await back.waitFor();
    expect(await back.getAttribute('target')).toBe('_blank');
    expect(await back.getAttribute('href')).toBe('#/WorkBench/home');
    expect(await page.getByTestId('process-tab').getAttribute('href')).toBe('#/backlog/index');
    expect(await page.getByTestId('bell').getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([context.waitForEvent('page'), back.click()]);
    await popup.waitForURL(/#\/WorkBench\/home/);
    await popup.getByRole('heading', { name: '后台管理首页' }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no back-office tab for emp01; shows the AI entry on the workbench only', async () => {
    const { page, context, errors } = await signedIn(browser, 'emp01');
    await page.getByTestId('process-tab').waitFor();
    expect(await page.getByTestId('back-office-tab').count()).toBe(0);
    expect(await page.getByTestId('ai-float').getAttribute('href')).toBe('#/helpCenter/xiaodeAI');
    await go(page, '/Salary/index');
    await expect.poll(() => page.getByTestId('ai-float').count()).toBe(0);
    // The logo slogan animates after a route change and is static 2 s later.
    expect(await page.getByTestId('slogan').getAttribute('data-state')).toBe('dynamic');
    await expect.poll(() => page.getByTestId('slogan').getAttribute('data-state'), { timeout: 4000 }).toBe('static');
    // The top menu replaces the workbench tabs elsewhere.
    expect(await page.getByTestId('process-tab').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
