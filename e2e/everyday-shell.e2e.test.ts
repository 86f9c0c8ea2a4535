import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { go, seriousA11yViolations, signedIn } from './shell-helpers';

/**
 * Issue 24, finding one's way: the back-office home with its sections and menu (admin), one name
 * for the workbench, one 403 screen (emp01), the active tab in view, greetings that do not replay
 * (emp01), workflow notices kept out of 消息管理 (admin), 建设中 badges and 32 px touch targets at
 * 390 px (emp01).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function quiet(user: string, width?: number) {
  const s = await signedIn(browser, user, width ? { width } : {});
  await s.page.evaluate(() => sessionStorage.removeItem('firstLoginOfSession'));
  return s;
}

const crumbText = async (page: Page) => ((await page.getByTestId('breadcrumb').textContent()) ?? '').replace(/\s+/g, '');

describe('back office', () => {
  it('admin finds the back-office sections on its home and in its menu; the names are one per place', async () => {
    const { page, context } = await quiet('admin');
    await go(page, '/WorkBench/home');
    await page.getByRole('heading', { name: '后台管理首页' }).waitFor({ timeout: 15_000 });
    const sections = page.getByTestId('home-section');
    await sections.filter({ hasText: '基础数据' }).getByRole('link', { name: '用户管理' }).waitFor();
    await sections.getByRole('link', { name: '字典管理' }).waitFor();
    await sections.getByRole('link', { name: '消息管理' }).waitFor();
    await page.getByTestId('home-menu').getByText('基础数据').waitFor();
    expect(await crumbText(page)).toBe('工作台后台首页');
    expect(await page.getByText('请从左侧或顶部菜单选择功能').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await sections.getByRole('link', { name: '消息管理' }).click();
    await page.waitForURL(/#\/MessageCenter\/MessageManage/);
    // The top menu and the user menu name the workbench as the tab does.
    await expect.poll(async () => (await page.getByRole('banner').textContent()) ?? '').toContain('工作台');
    expect((await page.getByRole('banner').textContent()) ?? '').not.toContain('桌面');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-list').getByText('工作台').waitFor();
    await context.close();
  });

  it('emp01 gets one 403 screen with a way back for the back-office home, a back-office page and the designer', async () => {
    const { page, context } = await quiet('emp01');
    for (const path of ['/WorkBench/home', '/BaseCenter/user', '/CustomBpmn/index']) {
      await go(page, '/Initiate/index');
      await page.getByRole('button', { name: '发起申请' }).waitFor({ timeout: 15_000 });
      await page.evaluate((p) => {
        location.hash = p;
      }, path);
      await page.getByText('暂无权限访问该数据').waitFor({ timeout: 15_000 });
      expect(await page.getByText('抱歉，您访问的页面不存在').count()).toBe(0);
      await page.getByRole('button', { name: /^返\s*回$/ }).click();
      await page.waitForURL(/#\/Initiate\/index/, { timeout: 10_000 });
    }
    await context.close();
  });
});

describe('tabs and greetings', () => {
  it('keeps the active tab in view when the tab bar overflows', async () => {
    const { page, context } = await quiet('admin', 1000);
    for (const p of [
      '/Initiate/index',
      '/backlog/index',
      '/MessageCenter/index',
      '/helpCenter/recept',
      '/BaseCenter/user',
      '/BaseCenter/role',
      '/BaseCenter/menu',
      '/BaseCenter/dict',
      '/BaseCenter/audit',
      '/CustomBpmn/index',
      '/OrganizationChart',
      '/PersonalCenter/FirstPage',
    ]) {
      await go(page, p);
      const active = page.locator(`[data-testid="tab"][data-path="${p}"]`);
      await active.waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => {
          const list = await page.getByTestId('tabs-bar').locator('ul').boundingBox();
          const tab = await active.boundingBox();
          return !!list && !!tab && tab.x >= list.x - 1 && tab.x + tab.width <= list.x + list.width + 1;
        })
        .toBe(true);
    }
    await context.close();
  });

  it('does not replay emp01’s greetings after a 404 or a full page load', async () => {
    const { page, context } = await signedIn(browser, 'emp01');
    await go(page, '/no/such/page', { redirects: true });
    await page.getByText('抱歉，您访问的页面不存在').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '返回工作台' }).click();
    await page.waitForURL(/#\/WorkBench\/index/);
    await page.reload();
    await page.getByTestId('tabs-bar').waitFor({ timeout: 20_000 });
    // "none" is decided from the answers: no greeting dialog follows it.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.greetings), { timeout: 20_000 }).toBe('none');
    expect(await page.getByText('生日快乐', { exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('messages and badges', () => {
  it('admin’s 消息管理 lists publications only, not workflow to-do notices', async () => {
    const applicant = await apiLogin('user29');
    const title = `借用会议室 ${Date.now()}`;
    const started = await apiCall(
      '/bpm_api/bpm/camunda/start',
      { processKey: 'General_Request', title, form: { content: '周五下午培训' } },
      applicant.access_token,
    );
    expect(started.code).toBe('200');
    const { page, context } = await quiet('admin');
    await go(page, '/MessageCenter/MessageManage');
    await page.locator('.ant-table-row:visible').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.ant-table-row:visible').filter({ hasText: '待审批' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('marks no tile as not built: every front-office application has its screen now', async () => {
    const { page, context } = await quiet('emp01');
    const apps = page.getByTestId('front-apps');
    await apps.getByRole('link', { name: /费用报销/ }).waitFor({ timeout: 15_000 });
    await apps.getByRole('link', { name: /我的工资条/ }).waitFor();
    expect(await apps.getByTestId('pending-badge').count()).toBe(0);
    await context.close();
  });
});

describe('phone (390 px)', () => {
  it('gives emp01 touch targets of at least 32 px and keeps the floating entries off the app grid', async () => {
    const { page, context } = await quiet('emp01', 390);
    await go(page, '/Initiate/index');
    await go(page, '/WorkBench/index');
    await page.getByTestId('front-apps').waitFor();
    const small = await page.evaluate(() => {
      const out: string[] = [];
      const targets = document.querySelectorAll(
        'header a, header button, [data-testid="tabs-bar"] button, [data-testid="breadcrumb"] a, [data-testid="front-apps"] a, [data-testid="ai-float"]',
      );
      for (const el of Array.from(targets)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.width < 32 || r.height < 32)
          out.push(`${el.tagName}.${el.className} ${el.textContent?.trim() ?? ''} ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      return out;
    });
    expect(small).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const covered = await page.evaluate(() => {
      const float = document.querySelector('[data-testid="ai-float"]')?.getBoundingClientRect();
      const tiles = Array.from(document.querySelectorAll('[data-testid="front-apps"] a')).map((a) => a.getBoundingClientRect());
      const scroller = document.getElementById('main-content');
      scroller?.scrollTo(0, scroller.scrollHeight);
      const after = Array.from(document.querySelectorAll('[data-testid="front-apps"] a')).map((a) => a.getBoundingClientRect());
      const overlaps = (r: DOMRect, f: DOMRect) => r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top;
      return float ? after.filter((r) => overlaps(r, float)).length + tiles.length * 0 : 0;
    });
    expect(covered).toBe(0);
    await context.close();
  });
});
