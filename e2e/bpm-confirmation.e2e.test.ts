import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './harness';
import { chooseOption, choosePerson, closeNotices, expectToastAfter, go, recordToasts, signedIn, startFromMenu } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  const { launchBrowser } = await import('./harness');
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const B = '/bpm_api/bpm/camunda/';
/** The list title of emp01's request (other confirmations may exist on the shared server). */
let title = '转正申请';
const dialog = (page: Page) =>
  page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title') })
    .last();

async function pick(page: Page, label: string, option: string) {
  await chooseOption(page, page.getByLabel(label, { exact: true }), option);
}

async function date(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Signed in without the first-login greetings (they belong to the greeting tests). */
async function quietSignIn(user: string) {
  const s = await signedIn(browser, user);
  await s.page.evaluate(() => sessionStorage.removeItem('firstLoginOfSession'));
  await recordToasts(s.page);
  await s.page.reload();
  await s.page.getByTestId('tabs-bar').waitFor({ timeout: 20_000 });
  return s;
}

async function todoCount(token: string): Promise<number> {
  return (await apiCall<{ sum: number }>(`${B}getAllUserTaskTotal`, {}, token)).data.sum;
}

/** Opens the newest to-do of the confirmation in the process centre. */
async function openTodo(page: Page) {
  await go(page, '/backlog/index');
  await closeNotices(page);
  const row = page.locator('.ant-table-row:visible').filter({ hasText: title }).first();
  await row.waitFor({ timeout: 20_000 });
  await closeNotices(page);
  await row.getByTestId('backlog-open').click();
  await dialog(page).getByTestId('flow-steps').waitFor({ timeout: 15_000 });
}

async function passInUi(page: Page) {
  await openTodo(page);
  await page.getByTestId('confirmation-pass').click();
  await expectToastAfter(page, '转正审批已通过', () =>
    page
      .getByRole('dialog', { name: '审批通过' })
      .getByRole('button', { name: /^通\s*过$/ })
      .click(),
  );
}

describe('confirmation of employment in the browser', () => {
  it('hr01 starts emp01’s confirmation, mgr01 passes, HR sends back, hr01 resubmits, it passes to the end', async () => {
    // hr01 starts it from "my requests"
    const hr = await quietSignIn('hr01');
    const mgrLogin = await quietSignIn('mgr01');
    const mgrBefore = await todoCount(mgrLogin.token);
    const people = await apiCall<{ records: Array<{ employeeName: string }> }>('/hr_api/hrm/positive/personList', { keyword: 'emp01' }, hr.token);
    title = `${people.data.records[0]?.employeeName} 转正申请`;
    await go(hr.page, '/Initiate/index');
    await startFromMenu(hr.page, '转正申请', '[data-testid="confirmation-body"][data-mode="start"]');
    const start = dialog(hr.page);
    await choosePerson(hr.page, start.getByTestId('confirmation-person'), 'emp01');
    await start.getByText('入职日期').waitFor();
    // submitting an empty form is refused with the product's message
    await expectToastAfter(hr.page, '请先正确填写表单', () => hr.page.getByTestId('confirmation-submit').click());
    await pick(hr.page, '转正类型', '按期转正');
    await pick(hr.page, '考核方式', '述职答辩');
    await date(hr.page, '预计转正日期', '2026-12-01');
    await date(hr.page, '实际转正日期', '2026-12-01');
    await start.getByLabel('转正意见').fill('试用期表现良好');
    // preview of the route before submission
    await expect.poll(() => start.getByTestId('flow-node').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expectToastAfter(hr.page, '转正审批已提交', () => hr.page.getByTestId('confirmation-submit').click());

    // the manager's badge and list update; the flow shows the pending step
    await expect.poll(() => todoCount(mgrLogin.token), { timeout: 10_000 }).toBe(mgrBefore + 1);
    const mgr = mgrLogin;
    await openTodo(mgr.page);
    const flags = await dialog(mgr.page)
      .getByTestId('flow-node')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}:${e.getAttribute('data-flag')}`));
    expect(flags.slice(0, 3)).toEqual(['initiator:1', 'approver:0', 'approver:0']);
    expect(await dialog(mgr.page).getByTestId('flow-line').first().getAttribute('data-style')).toBe('next');
    await mgr.page.getByTestId('confirmation-pass').click();
    await mgr.page.getByRole('dialog', { name: '审批通过' }).getByRole('textbox').fill('同意');
    await expectToastAfter(mgr.page, '转正审批已通过', () =>
      mgr.page
        .getByRole('dialog', { name: '审批通过' })
        .getByRole('button', { name: /^通\s*过$/ })
        .click(),
    );
    await expect.poll(() => todoCount(mgr.token)).toBe(mgrBefore);

    // HR sends it back to the applicant. hr01 applied, so HR's step is not hr01's but their superior's (segregation of duties).
    const hrd = await quietSignIn('hrd01');
    await openTodo(hrd.page);
    await hrd.page.getByTestId('confirmation-rollback').click();
    // The toast (the lists now hold other requests whose status reads 已退回 too).
    await expectToastAfter(hrd.page, '已退回', () =>
      hrd.page
        .getByRole('dialog', { name: '退回' })
        .getByRole('button', { name: /^退\s*回$/ })
        .click(),
    );

    // the applicant corrects the form and submits it again
    await openTodo(hr.page);
    const again = dialog(hr.page);
    await hr.page.locator('[data-testid="confirmation-body"][data-mode="detail"]').waitFor({ timeout: 15_000 });
    const steps = await again.getByTestId('flow-node').evaluateAll((els) => els.map((e) => e.getAttribute('data-flag')));
    expect(steps.slice(0, 4)).toEqual(['1', '1', '3', '0']);
    await again.getByLabel('转正意见').fill('试用期表现优秀，同意转正');
    await expectToastAfter(hr.page, '信息修改成功', () => hr.page.getByTestId('confirmation-submit').click());

    // manager and HR pass; no grade change, so the process ends after HR
    await passInUi(mgr.page);
    await passInUi(hrd.page);

    const check = hr;
    await go(check.page, '/Initiate/index');
    const row = check.page.locator('.ant-table-row:visible').filter({ hasText: title }).first();
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 15_000 }).toContain('已通过');
    await row.locator('.ant-table-row-expand-icon').click();
    const widget = check.page.locator('[data-testid="flow-steps"]:visible').first();
    await expect.poll(() => widget.getAttribute('data-state'), { timeout: 15_000 }).toBe('allowed');
    const after = await apiCall<{ total: number }>('/hr_api/hrm/positive/personList', { keyword: 'emp01' }, check.token);
    expect(after.data.total).toBe(0);
    await hr.context.close();
    await hrd.context.close();
    await mgr.context.close();
  }, 240_000);
});
