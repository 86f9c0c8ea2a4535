import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './harness';
import { choosePerson, go, signedIn, startFromMenu } from './shell-helpers';

/**
 * The generic approval panel of the process centre: add a signer (加签) before me, the signer
 * approves in English, the task comes back to me; transfer (转办) to another person. Accounts of this
 * file: user33 (applicant), user34 (approver), user35 (added signer), user36 (transfer target); its
 * own process key.
 */
let browser: Browser;
beforeAll(async () => {
  const { launchBrowser } = await import('./harness');
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const B = '/bpm_api/bpm/camunda/';
const KEY = 'E2eAddSigner';
const TITLE = `加签测试 ${Date.now()}`;
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="d" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${KEY}" name="加签流程" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:userTask id="t1" name="主管审批" erp:assigneeType="users" erp:assigneeValue="user34" /><bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" /><bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;

type TodoPage = { total: number; records: Array<{ title: string; taskId: number }> };
const todo = async (token: string, title = TITLE) =>
  (await apiCall<TodoPage>(`${B}getUserTaskSort`, { pageIndex: 1, pageSize: 50, keyword: title }, token)).data;

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Reloads in English, without the first-login greetings (they belong to the greeting tests). */
async function inEnglish(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('lang', 'en-US');
    sessionStorage.removeItem('firstLoginOfSession');
  });
  await page.reload();
  await page.getByTestId('tabs-bar').waitFor({ timeout: 20_000 });
}

async function openTodo(page: Page, detailTitle: string, title = TITLE) {
  await go(page, '/backlog/index');
  const row = page.locator('.ant-table-row:visible').filter({ hasText: title }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.getByTestId('backlog-open').click();
  await dialog(page, detailTitle).getByTestId('flow-steps').waitFor({ timeout: 15_000 });
}

describe('approval panel of a general request', () => {
  it('adds a signer before me with a reason; the signer approves (in English) and the task comes back', async () => {
    const admin = await apiLogin('admin');
    expect((await apiCall(`${B}definition/deploy`, { xml: XML }, admin.access_token)).code).toBe('200');
    const applicant = await apiLogin('user33');
    expect((await apiCall(`${B}start`, { processKey: KEY, title: TITLE, form: {} }, applicant.access_token)).code).toBe('200');

    // user34 opens the to-do and adds user35 before himself
    const approver = await signedIn(browser, 'user34');
    await openTodo(approver.page, '审批详情');
    await approver.page.getByTestId('request-addSigner').click();
    const add = dialog(approver.page, '加签');
    // the person is required
    await add.getByRole('button', { name: /^确\s*定$/ }).click();
    await add.getByText('请选择加签人').first().waitFor();
    await choosePerson(approver.page, add.getByTestId('add-signer-target'), 'user35');
    await add.getByLabel('前加签').check();
    await add.getByLabel('加签理由').fill('请先核对预算');
    await add.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => approver.page.getByText('加签成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await todo(approver.token)).total).toBe(0);

    // user35, in English, sees the same panel translated and approves
    const signer = await signedIn(browser, 'user35');
    await expect.poll(async () => (await todo(signer.token)).total).toBe(1);
    await inEnglish(signer.page);
    await openTodo(signer.page, 'Approval details');
    for (const name of ['Approve', 'Send back', 'Reject', 'Transfer', 'Add signer', 'Cancel'])
      await dialog(signer.page, 'Approval details').getByRole('button', { name }).waitFor();
    await signer.page.getByTestId('request-addSigner').click();
    const addEn = dialog(signer.page, 'Add signer');
    await addEn.getByLabel('Before me').waitFor();
    await addEn.getByLabel('After me').waitFor();
    await addEn.getByRole('button', { name: 'Cancel' }).click();
    await signer.page.getByTestId('request-pass').click();
    await dialog(signer.page, 'Approve').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => signer.page.getByText('Approved').first().isVisible(), { timeout: 15_000 }).toBe(true);

    // back to user34, whose task is due again; the step log keeps the reason
    await expect.poll(async () => (await todo(approver.token)).total, { timeout: 10_000 }).toBe(1);
    expect((await todo(signer.token)).total).toBe(0);
    await approver.context.close();
    await signer.context.close();
  });

  it('transfers my task to another person with a reason, both required; a double click transfers once', async () => {
    const admin = await apiLogin('admin');
    expect((await apiCall(`${B}definition/deploy`, { xml: XML }, admin.access_token)).code).toBe('200');
    const title = `转办测试 ${Date.now()}`;
    const applicant = await apiLogin('user33');
    expect((await apiCall(`${B}start`, { processKey: KEY, title, form: {} }, applicant.access_token)).code).toBe('200');

    const approver = await signedIn(browser, 'user34');
    await openTodo(approver.page, '审批详情', title);
    await approver.page.getByTestId('request-transfer').click();
    const transfer = dialog(approver.page, '转办');
    await transfer.getByRole('button', { name: /^确\s*定$/ }).click();
    await transfer.getByText('请选择转办对象').first().waitFor();
    await transfer.getByText('请输入转办理由').first().waitFor();
    await choosePerson(approver.page, transfer.getByTestId('transfer-target'), 'user36');
    await transfer.getByLabel('转办理由').fill('出差期间请代为审批');
    await transfer.getByRole('button', { name: /^确\s*定$/ }).dblclick();
    await expect.poll(async () => (await todo(approver.token, title)).total, { timeout: 15_000 }).toBe(0);
    await expect.poll(() => transfer.isVisible(), { timeout: 10_000 }).toBe(false);
    const target = await apiLogin('user36');
    await expect.poll(async () => (await todo(target.access_token, title)).total).toBe(1);
    await approver.context.close();
  });

  it('shows the confirmation dialog in English', async () => {
    // Opening the start dialog changes no data; hr01 may start confirmations.
    const hr = await signedIn(browser, 'hr01');
    await inEnglish(hr.page);
    await go(hr.page, '/Initiate/index');
    await startFromMenu(hr.page, '转正申请', '[data-testid="confirmation-body"][data-mode="start"]', { button: 'New request' });
    const start = dialog(hr.page, 'Request confirmation');
    for (const label of ['Employee', 'Confirmation type', 'Assessment', 'Expected confirmation date', 'Work report', 'Grade change'])
      await start.getByText(label, { exact: true }).first().waitFor();
    await start.getByTestId('confirmation-submit').click();
    await expect.poll(() => hr.page.getByText('Please fill in the form correctly first').isVisible()).toBe(true);
    await start.getByRole('button', { name: 'Cancel' }).click();
    await hr.context.close();
  });
});
