import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('workbench (spec 000 §2)', () => {
  it('saves the user’s shortcuts among the front applications', async () => {
    const { page, context, token, errors } = await signedIn(browser, 'user38');
    const apps = page.getByTestId('front-apps').getByRole('link');
    await expect.poll(() => apps.count()).toBeGreaterThan(3);
    await page.getByTestId('edit-shortcuts').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: '组织架构' }).check();
    await dialog.getByRole('checkbox', { name: '帮助中心' }).check();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const shortcuts = page.getByTestId('shortcuts').getByRole('link');
    await expect.poll(() => shortcuts.allTextContents()).toEqual(['组织架构', '帮助中心']);
    const saved = await fetch(`${new URL(page.url()).origin}/base_api/base/api/user/getAppIndexCustomList`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await saved.json()) as { data: Array<{ title: string }> };
    expect(body.data.map((s) => s.title)).toEqual(['组织架构', '帮助中心']);
    expect(await shortcuts.first().getAttribute('href')).toBe('#/OrganizationChart');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links each notice of the ticker to the message centre with its ids', async () => {
    const { page, context, token } = await signedIn(browser, 'user39');
    const notices = await apiCall<Array<{ messageId: number; receiverId: number; userId: number }>>('/msg_api/msg/api/message/getSystemMessageList', {}, token);
    const first = notices.data[0];
    if (!first) throw new Error('the demo data has no notice for user39');
    const link = page.getByTestId('notice-ticker').getByRole('link').first();
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith('#/MessageCenter/index?')).toBe(true);
    const q = new URLSearchParams(href.split('?')[1]);
    expect(q.get('msgType')).toBe('003');
    expect(q.get('messageId')).toBe(String(first.messageId));
    expect(q.get('receiverId')).toBe(String(first.receiverId));
    expect(q.get('userId')).toBe(String(first.userId));
    expect(['0', '1']).toContain(q.get('readStatus'));
    expect(await page.getByTestId('notice-ticker').getByRole('listitem').count()).toBeLessThanOrEqual(3);
    await context.close();
  });
});
