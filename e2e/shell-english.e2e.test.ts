import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('English switch covers route titles, menus and the shell (issue 5)', () => {
  it('shows route titles, server menus, tabs, breadcrumb and placeholders in English, and Chinese again after switching back', async () => {
    const { page, context, errors } = await signedIn(browser, 'hr01');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'My applications' }).waitFor();
    await expect.poll(() => page.title()).toBe('Workbench - Information Management Platform');
    // Workbench tiles come from the server's menus (Chinese titles).
    const apps = page.getByTestId('front-apps');
    await apps.getByRole('link', { name: 'Process centre' }).waitFor();
    await apps.getByRole('link', { name: 'Help centre' }).waitFor();
    expect(await apps.textContent()).not.toMatch(/[\u4e00-\u9fff]/);
    await page.getByTestId('tab').filter({ hasText: 'Workbench' }).waitFor();

    // A server menu route with the sidebar: its menu, the breadcrumb, the tab and the page title.
    await go(page, '/BaseCenter/user');
    await page.getByTestId('sidebar').getByText('Users', { exact: true }).waitFor();
    await page.getByTestId('breadcrumb').getByText('Users', { exact: true }).waitFor();
    await page.getByTestId('tab').filter({ hasText: 'Users' }).waitFor();
    await expect.poll(() => page.title()).toBe('Users - Information Management Platform');
    expect(await page.getByTestId('sidebar').textContent()).not.toMatch(/[\u4e00-\u9fff]/);
    // The top menu (server menus) too; items beyond its width stay in the DOM, folded.
    await expect.poll(async () => page.getByRole('banner').textContent()).toContain('Base data');

    // A fixed route (every one is built now): its title, tab and the screen's own labels in English.
    await go(page, '/Reimburse/index');
    await page.getByText('Expense claims', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'New claim' }).waitFor();
    await expect.poll(() => page.title()).toBe('Expense claims - Information Management Platform');

    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.title()).toBe('费用报销 - 信息管理平台');
    await page.getByTestId('tab').filter({ hasText: '用户管理' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
