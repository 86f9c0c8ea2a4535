import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { cancelFilledDialog, chooseOption, go, recordedToasts, recordToasts, seriousA11yViolations, signedIn, startFromMenu } from './shell-helpers';

/**
 * Issue 24, requests: emp01 starts a 请假 from 我发起的 (cancelling a filled form asks first), mgr01
 * reads what is asked above the flow and passes it; the 转正 start dialog fills in emp02 (on
 * probation; emp01 is confirmed by bpm-confirmation, which may run first) and puts a missing person on
 * the field for hr01; admin's 停用 switch asks before switching a process off.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const B = '/bpm_api/bpm/camunda/';
const START_BODY = '[data-testid="confirmation-body"][data-mode="start"]';
const TITLE = `事假两天 ${Date.now()}`;
const modal = (page: Page, title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

async function quiet(user: string) {
  const s = await signedIn(browser, user);
  await s.page.evaluate(() => sessionStorage.removeItem('firstLoginOfSession'));
  return s;
}

async function pick(page: Page, scope: ReturnType<typeof modal>, label: string, option: string) {
  await chooseOption(page, scope.getByLabel(label, { exact: true }), option);
}

async function date(scope: ReturnType<typeof modal>, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('general requests', () => {
  it('emp01 starts a leave request with an attachment; cancelling the filled form asks 是否确认取消？', async () => {
    const { page, context } = await quiet('emp01');
    await recordToasts(page);
    await go(page, '/Initiate/index');
    const openStart = async () => {
      await page.getByRole('button', { name: '发起申请' }).click();
      for (const name of ['通用申请', '用印申请', '转正申请']) await page.getByRole('menuitem', { name }).waitFor();
      await page.getByRole('menuitem', { name: '请假申请' }).click();
      const dlg = modal(page, '发起：请假申请');
      await dlg.getByLabel('请假类型').waitFor();
      return dlg;
    };
    let dlg = await openStart();
    await dlg.getByLabel('请假事由').fill('家中有事');
    await dlg.getByRole('button', { name: /^取\s*消$/ }).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '是否确认取消？' });
    await ask.waitFor();
    await ask.getByRole('button', { name: /^取\s*消$/ }).click();
    await expect.poll(() => dlg.getByLabel('请假事由').inputValue()).toBe('家中有事');
    await cancelFilledDialog(page, dlg);
    await expect.poll(() => dlg.count()).toBe(0);

    dlg = await openStart();
    // The required fields are named on the form.
    await dlg.getByRole('button', { name: /^提\s*交$/ }).click();
    await dlg.getByText('请选择请假类型').waitFor();
    await dlg.getByLabel('标题').fill(TITLE);
    await pick(page, dlg, '请假类型', '事假');
    await date(dlg, '开始日期', '2026-12-03');
    await date(dlg, '结束日期', '2026-12-04');
    await dlg.getByLabel('请假天数').fill('2');
    await dlg.getByLabel('请假事由').fill('回老家办理户口迁移');
    await dlg.locator('input[type=file]').setInputFiles({ name: '户口本.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await dlg.getByText('户口本.pdf').waitFor({ timeout: 15_000 });
    await dlg.getByTestId('file-preview').first().waitFor();
    await expect.poll(() => dlg.getByTestId('flow-node').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dlg.getByRole('button', { name: /^提\s*交$/ }).click();
    await expect.poll(async () => (await recordedToasts(page)).join('|'), { timeout: 15_000 }).toContain('提交成功');
    await page.locator('.ant-table-row:visible').filter({ hasText: TITLE }).first().waitFor({ timeout: 15_000 });
    await context.close();
  }, 180_000);

  it('mgr01 reads the request as text above the flow (no disabled inputs, no counters) and passes it', async () => {
    const { page, context } = await quiet('mgr01');
    await go(page, '/backlog/index');
    const row = page.locator('.ant-table-row:visible').filter({ hasText: TITLE }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('backlog-open').click();
    const dlg = modal(page, '审批详情');
    const summary = dlg.getByTestId('request-summary');
    await summary.getByText(TITLE).waitFor({ timeout: 15_000 });
    for (const text of ['请假类型', '事假', '2026-12-03', '2026-12-04', '2 天', '回老家办理户口迁移', '户口本.pdf'])
      await summary.getByText(text, { exact: true }).first().waitFor();
    // No field to read from (the attachment list keeps antd's hidden file input, never shown).
    expect(await summary.locator('input:visible, textarea:visible').count()).toBe(0);
    expect(await summary.textContent()).not.toMatch(/\d+ \/ \d+/);
    // Above the flow.
    const summaryBox = await summary.boundingBox();
    const flowBox = await dlg.getByTestId('flow-steps').boundingBox();
    expect(summaryBox && flowBox && summaryBox.y < flowBox.y).toBe(true);
    await summary.getByTestId('file-preview').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dlg.getByTestId('request-pass').click();
    await page
      .getByRole('dialog', { name: '审批通过' })
      .getByRole('button', { name: /^通\s*过$/ })
      .click();
    await expect.poll(async () => await page.locator('.ant-table-row:visible').filter({ hasText: TITLE }).count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  });
});

describe('the confirmation (转正) start dialog', () => {
  it('fills in emp02 as the applicant', async () => {
    const { page, context } = await quiet('emp02');
    await go(page, '/Initiate/index');
    await startFromMenu(page, '转正申请', START_BODY);
    await page.getByText('入职日期').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('confirmation-person').textContent()).toContain('emp02');
    await context.close();
  });

  it('shows a missing person as an error on the field for hr01', async () => {
    const { page, context } = await quiet('hr01');
    await go(page, '/Initiate/index');
    await startFromMenu(page, '转正申请', START_BODY);
    await page.getByTestId('confirmation-submit').click();
    const item = page.locator('.ant-form-item').filter({ has: page.getByTestId('confirmation-person') });
    await item.locator('.ant-form-item-explain-error').filter({ hasText: '请选择转正人员' }).waitFor();
    await context.close();
  });
});

describe('the designer', () => {
  it('asks before admin switches a live process off, and keeps it on when cancelled', async () => {
    const { page, context, token } = await quiet('admin');
    await go(page, '/CustomBpmn/index');
    const sw = page.getByTestId('designer-enabled-General_Request');
    await sw.waitFor({ timeout: 20_000 });
    await sw.click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '确认停用流程“通用申请”？' });
    await ask.waitFor();
    await ask.getByRole('button', { name: /^取\s*消$/ }).click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    const defs = await apiCall<Array<{ key: string }>>(`${B}getSonkeyByMkey`, { mkey: 'OA' }, token);
    expect(defs.data.map((d) => d.key)).toContain('General_Request');
    expect(await page.getByText('导出 XML').count()).toBe(0);
    await context.close();
  });
});

describe('access to the designer', () => {
  it('emp01 gets the one 403 screen with a way back, not a toast', async () => {
    const { page, context, errors } = await quiet('emp01');
    await go(page, '/CustomBpmn/index');
    await page.getByText('暂无权限访问该数据').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /^返\s*回$/ }).waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(errors.filter((e) => e.includes('403'))).toEqual([]);
    await context.close();
  });
});
