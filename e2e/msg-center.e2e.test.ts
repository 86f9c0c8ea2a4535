import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, baseUrl, launchBrowser, newPage } from './harness';
import { chooseOption, recordedToasts, recordToasts } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(userCode: string) {
  const login = await apiLogin(userCode);
  const tracked = await newPage(browser);
  await tracked.page.goto(`${baseUrl()}/#/entry?access_token=${login.access_token}`);
  await tracked.page.waitForURL(/#\/WorkBench/, { timeout: 15_000 });
  return { ...tracked, token: login.access_token, userId: login.userId as number };
}

const items = (page: Page) => page.getByTestId('message-item');

describe('message centre', () => {
  it('lists notices by month, opens one as read, searches and marks all read', async () => {
    const { page, context, errors, token } = await signIn('user02');
    await page.goto(`${baseUrl()}/#/MessageCenter/index`);
    await expect.poll(() => items(page).count(), { timeout: 15_000 }).toBe(4);
    const tab = page.getByRole('tab', { name: /通知公告/ });
    expect(await tab.textContent()).toContain('4');
    // Pinned first.
    expect(await items(page).first().textContent()).toContain('关于2026年春节放假安排的通知');

    await items(page).filter({ hasText: '员工手册' }).getByRole('button').first().click();
    const detail = page.getByTestId('message-detail');
    await expect.poll(() => detail.isVisible()).toBe(true);
    expect(await detail.textContent()).toContain('新版员工手册已发布');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await tab.textContent()) ?? '').toContain('3');

    await page.getByPlaceholder('搜索标题或内容').fill('体检');
    await page.getByPlaceholder('搜索标题或内容').press('Enter');
    await expect.poll(() => items(page).count()).toBe(1);
    await page.getByPlaceholder('搜索标题或内容').fill('');
    await page.getByPlaceholder('搜索标题或内容').press('Enter');
    await expect.poll(() => items(page).count()).toBe(4);

    await page.getByRole('button', { name: '全部已读' }).click();
    await expect.poll(() => page.getByText('已全部标记为已读').isVisible()).toBe(true);
    const counts = await apiCall<Array<{ msgType: string; unReadNum: number }>>('/msg_api/msg/api/message/getMsgAllNumber', {}, token);
    expect(counts.data.find((c) => c.msgType === '003')?.unReadNum).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the message named by the carousel link', async () => {
    const { page, context, token } = await signIn('user03');
    const notices = await apiCall<Array<{ messageId: number; receiverId: number; userId: number; title: string }>>(
      '/msg_api/msg/api/message/getSystemMessageList',
      {},
      token,
    );
    const n = notices.data[1];
    if (!n) throw new Error('no notice');
    await page.goto(`${baseUrl()}/#/MessageCenter/index?msgType=003&messageId=${n.messageId}&userId=${n.userId}&receiverId=${n.receiverId}&readStatus=0`);
    await expect.poll(() => page.getByTestId('message-detail').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('dialog').textContent()).toContain(n.title);
    await context.close();
  });

  it('publishes a notice with the rich-text editor, refusing a wrong attachment type', async () => {
    const { page, context, errors } = await signIn('hrd01');
    await recordToasts(page);
    await page.goto(`${baseUrl()}/#/MessageCenter/MessageManage`);
    await page.getByRole('button', { name: '发布公告' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('标题').fill('端到端测试通知');
    await drawer.locator('.ql-editor').click();
    await page.keyboard.type('请大家');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('按时');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('提交周报');

    const input = drawer.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByText('请上传符合类型的文件').isVisible()).toBe(true);
    await input.setInputFiles({ name: '周报模板.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect.poll(() => page.getByText('上传成功').isVisible(), { timeout: 10_000 }).toBe(true);
    // The finished upload's row turns done in place (no leaving "uploading" row).
    await expect.poll(() => drawer.locator('.ant-upload-list-item-uploading').count()).toBe(0);
    await expect.poll(() => drawer.getByText('周报模板.pdf').isVisible()).toBe(true);

    await drawer.getByRole('button', { name: '发布公告' }).click();
    await expect.poll(() => page.getByText('发布成功').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: '端到端测试通知' }).isVisible()).toBe(true);

    const reader = await apiLogin('user04');
    const inbox = await apiCall<{ records: Array<{ messageId: number }> }>('/msg_api/msg/api/message/page', { keyword: '端到端测试通知' }, reader.access_token);
    const first = inbox.data.records[0];
    if (!first) throw new Error('not received');
    const info = await apiCall<{ content: string; attachments: Array<{ fileName: string }> }>(
      '/msg_api/msg/api/message/info',
      { messageId: first.messageId },
      reader.access_token,
    );
    expect(info.data.content).toContain('<strong>按时</strong>');
    expect(info.data.attachments.map((a) => a.fileName)).toEqual(['周报模板.pdf']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('schedules a notice to a role: listed as 待发布, nobody has it before its time', async () => {
    const { page, context, errors } = await signIn('hrd01');
    await recordToasts(page);
    await page.goto(`${baseUrl()}/#/MessageCenter/MessageManage`);
    await page.getByRole('button', { name: '发布公告' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('标题').fill('财务月结定时通知');
    await drawer.getByText('指定角色').click();
    await chooseOption(page, drawer.getByLabel('接收角色'), '财务专员');
    const t = new Date(Date.now() + 86_400_000);
    const at = `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')} 09:00`;
    const publishAt = drawer.getByLabel('定时发布');
    await publishAt.click();
    await publishAt.fill(at);
    await publishAt.press('Enter');
    await drawer.locator('.ql-editor').click();
    await page.keyboard.type('请于月底前完成月结');
    await drawer.getByRole('button', { name: '发布公告' }).click();
    // Recorded, not polled on screen: the toast lives 3 s, a busy full run missed it once (and the
    // drawer's own messages say what it refused, if anything).
    await expect
      .poll(async () => `${(await recordedToasts(page)).join('|')} / ${(await drawer.locator('.ant-form-item-explain-error').allTextContents()).join('|')}`, {
        timeout: 15_000,
      })
      .toContain(`已保存，将于 ${at} 发布`);
    const row = page.locator('.ant-table-row').filter({ hasText: '财务月结定时通知' });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('待发布');
    expect(await row.textContent()).toContain('指定角色');
    const fin = await apiLogin('fin01');
    const inbox = await apiCall<{ records: unknown[] }>('/msg_api/msg/api/message/page', { keyword: '财务月结定时通知' }, fin.access_token);
    expect(inbox.data.records).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
