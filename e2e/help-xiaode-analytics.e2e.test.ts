import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { chooseOption, go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Xiaode and approval analytics (issue 20)', () => {
  it('asks the assistant two questions: a how-to and one about my own leave', async () => {
    const { page, context, errors } = await signedIn(browser, 'emp01');
    await go(page, '/helpCenter/xiaodeAI');
    await page.getByTestId('ai-assistant').waitFor();
    await page.getByLabel('您的问题').fill('怎么处理审批待办？');
    await page.getByRole('button', { name: '向小德提问' }).click();
    const first = page.getByTestId('ai-turn').nth(0);
    await first.getByTestId('ai-answer').getByText('《处理审批待办》', { exact: false }).waitFor();
    await first.getByTestId('ai-sources').getByRole('link', { name: '处理审批待办' }).waitFor();
    expect(await first.locator('mark').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: '我还有几天年假？' }).click();
    const second = page.getByTestId('ai-turn').nth(1);
    const facts = second.getByTestId('ai-facts');
    await facts.waitFor();
    expect(await facts.textContent()).toMatch(/年假/);
    await facts.getByRole('link', { name: '打开页面' }).first().click();
    await page.waitForURL(/#\/Initiate\/index/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the approval analytics and drills down to the instances behind a figure', async () => {
    const { page, context, errors } = await signedIn(browser, 'admin');
    await go(page, '/CustomBpmn/index');
    await page.getByTestId('designer-tab-analytics').click();
    await page.getByTestId('bpm-analytics').waitFor();
    await page.getByTestId('analytics-month-chart').locator('canvas').first().waitFor();
    await page.getByTestId('drill-started-General_Request').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('通用申请 发起').waitFor();
    const rows = drawer.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(5);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // The nodes of one process, then the tasks over the node's time limit.
    await page.getByRole('button', { name: '通用申请' }).first().click();
    const nodes = page.getByTestId('analytics-nodes');
    await nodes.getByText('直属上级审批').waitFor();
    await nodes.getByTestId('drill-node-overdue-superiorApprove').click();
    await drawer.getByText('直属上级审批 超时').waitFor();
    await drawer.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await drawer.locator('.ant-tag-red').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an administrator writes a help article with rich text; it is found by search with the words marked', async () => {
    const { page, context, errors } = await signedIn(browser, 'admin');
    await go(page, '/helpCenter/list');
    await page.getByTestId('help-new-article').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('help-article-title').fill('报销单据粘贴规范');
    await chooseOption(page, dialog.getByRole('combobox').first(), '工作台');
    const editor = dialog.locator('.ql-editor');
    await editor.click();
    await page.keyboard.type('发票按时间顺序粘贴在报销单背面。');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存').waitFor();
    // Not Enter: the closed dialog may give the focus back to 新建文章 between a focus and a key press.
    const box = page.getByRole('searchbox', { name: '搜索帮助' });
    await box.fill('发票粘贴');
    await page.locator('.ant-input-search').filter({ has: box }).getByRole('button', { name: 'search' }).click();
    await page.waitForURL(/#\/helpCenter\/list\?q=/);
    const hit = page.getByTestId('help-topics').locator('li').first();
    await hit.getByRole('link', { name: '报销单据粘贴规范' }).waitFor();
    // The list before the search held the new article too: wait for the search's answer.
    await expect.poll(() => hit.locator('mark').count()).toBeGreaterThan(0);
    await hit.getByRole('link', { name: '报销单据粘贴规范' }).click();
    await page.getByTestId('help-article').getByText('发票按时间顺序粘贴在报销单背面。').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a question nobody answers: Xiaode says so, and the help manager finds it among the questions that found nothing (issue 37)', async () => {
    const asker = await signedIn(browser, 'emp01');
    await go(asker.page, '/helpCenter/xiaodeAI');
    await asker.page.getByLabel('您的问题').fill('月球分部的班车几点发车？');
    await asker.page.getByRole('button', { name: '向小德提问' }).click();
    await asker.page.getByTestId('ai-turn').last().getByTestId('ai-answer').getByText('抱歉，小德没有找到相关的帮助', { exact: false }).waitFor();
    expect(await asker.page.getByTestId('ai-turn').last().getByTestId('ai-sources').count()).toBe(0);
    expect(asker.errors).toEqual([]);
    await asker.context.close();

    const { page, context, errors } = await signedIn(browser, 'admin');
    await go(page, '/helpCenter/list');
    await page.getByTestId('help-unanswered').click();
    const dialog = page.getByRole('dialog', { name: '未找到答案的问题' });
    const row = dialog.getByRole('row').filter({ hasText: '月球分部的班车几点发车？' });
    await row.waitFor();
    expect(await row.textContent()).toContain('小德');
    await row.getByRole('checkbox').check();
    await dialog.getByTestId('help-unanswered-remove').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText('已移出列表').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
