import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { go, screenSettled, seriousA11yViolations, signedIn, unexpected } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('help centre and AI assistant pages (spec 000 §1, §2)', () => {
  it('shows sections, shortcuts and contact; searches topics and opens one', async () => {
    const { page, context, errors } = await signedIn(browser, 'user36');
    await page.getByRole('link', { name: '帮助中心' }).first().click();
    await page.getByTestId('help-center').waitFor();
    // The sections come with the categories call: the page frame shows first.
    await expect.poll(() => page.getByTestId('help-section').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await page.getByTestId('help-shortcuts').getByText('Shift+F10').waitFor();
    expect(await page.getByTestId('help-contact').textContent()).toContain('系统管理员');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: '搜索帮助' }).fill('审批');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/helpCenter\/list\?q=/);
    await page.getByTestId('help-topics').getByRole('link', { name: '处理审批待办' }).click();
    await page.waitForURL(/#\/helpCenter\/detail\?id=process-todo/);
    await page.getByTestId('help-article').getByRole('heading', { name: '处理审批待办' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await go(page, '/helpCenter/detail?id=nothing-here');
    await page.getByText('该帮助不存在或已删除').waitFor();
    expect(unexpected(errors, [404])).toEqual([]);
    await context.close();
  });

  it('the floating entry opens Xiaode, who answers from the help articles with links', async () => {
    const { page, context, errors } = await signedIn(browser, 'user37');
    await page.getByTestId('ai-float').click();
    await page.waitForURL(/#\/helpCenter\/xiaodeAI/);
    await page.getByLabel('您的问题').fill('常用应用怎么设置');
    await page.getByRole('button', { name: '向小德提问' }).click();
    const sources = page.getByTestId('ai-sources').last();
    await sources.getByRole('link', { name: '使用工作台的前台应用与常用应用' }).click();
    await page.waitForURL(/#\/helpCenter\/detail\?id=workbench-apps/);
    await page.getByTestId('help-article').getByRole('heading', { name: '使用工作台的前台应用与常用应用' }).waitFor();
    await go(page, '/helpCenter/xiaodeAI');
    await page.getByTestId('ai-assistant').waitFor();
    await page.mouse.move(0, 0);
    await screenSettled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a screen's ? opens the article written for it, as an employee and as finance (issue 37)", async () => {
    for (const [user, screen, title] of [
      ['emp01', '/Reimburse/index', '费用报销'],
      ['fin01', '/Settlement/period', '会计期间'],
    ] as const) {
      const { page, context, errors } = await signedIn(browser, user);
      await go(page, screen);
      await screenSettled(page);
      const help = page.getByTestId('screen-help');
      await help.waitFor();
      expect(await help.getAttribute('aria-label')).toContain('本页帮助');
      await help.click();
      await page.waitForURL(/#\/helpCenter\/detail\?id=/);
      await page.getByTestId('help-article').getByRole('heading', { name: title, exact: false }).first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
