import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './harness';
import { choosePerson, go, signedIn } from './shell-helpers';

/**
 * What an approver does beyond pass and reject (issue 21): delegate (委派) and get the task back, add
 * a signer after me and remove him again (减签), change the fields the node lets me edit and copy the
 * request to someone when passing; and an administrator's terminate and reassign from the designer's
 * instance list. Accounts of this file: user05 (approver), user06 (applicant), user07 (delegate),
 * user08 (copied), user09 (signer, reassign target); its own process key.
 */
let browser: Browser;
beforeAll(async () => {
  const { launchBrowser } = await import('./harness');
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const B = '/bpm_api/bpm/camunda/';
const KEY = 'E2eApproverActions';
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="d" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${KEY}" name="审批人操作" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:userTask id="t1" name="主管审批" erp:assigneeType="users" erp:assigneeValue="user05" erp:editableFields="content" /><bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" /><bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;

type Page_<T> = { total: number; records: T[] };
const todo = async (token: string, title: string) =>
  (await apiCall<Page_<{ taskId: number }>>(`${B}getUserTaskSort`, { pageIndex: 1, pageSize: 50, keyword: title }, token)).data;
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const OK = /^确\s*定$/;

async function start(title: string, content: string): Promise<number> {
  const applicant = await apiLogin('user06');
  const r = await apiCall<{ processInstanceId: number }>(`${B}start`, { processKey: KEY, title, form: { content } }, applicant.access_token);
  expect(r.code).toBe('200');
  return r.data.processInstanceId;
}

async function openTodo(page: Page, title: string) {
  await go(page, '/backlog/index');
  const row = page.locator('.ant-table-row:visible').filter({ hasText: title }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.getByTestId('backlog-open').click();
  await dialog(page, '审批详情').getByTestId('flow-steps').waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  const admin = await apiLogin('admin');
  expect((await apiCall(`${B}definition/deploy`, { xml: XML }, admin.access_token)).code).toBe('200');
});

describe('an approver', () => {
  it('delegates and gets the task back, removes a signer he added, edits the editable field and copies the request when passing', async () => {
    const title = `委派测试 ${Date.now()}`;
    const id = await start(title, '采购显示器两台');
    const approver = await signedIn(browser, 'user05');
    await openTodo(approver.page, title);
    await approver.page.getByTestId('request-delegate').click();
    const delegate = dialog(approver.page, '委派');
    await delegate.getByRole('button', { name: OK }).click();
    await delegate.getByText('请选择委派对象').first().waitFor();
    await choosePerson(approver.page, approver.page.getByTestId('delegate-target'), 'user07');
    await delegate.getByLabel('委派说明').fill('请先核对型号');
    await delegate.getByRole('button', { name: OK }).click();
    await expect.poll(() => approver.page.getByText('委派成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await todo(approver.token, title)).total).toBe(0);

    // The delegate is told whose task it is and may only pass, which hands it back.
    const delegated = await signedIn(browser, 'user07');
    await openTodo(delegated.page, title);
    const panel = dialog(delegated.page, '审批详情');
    await panel.getByTestId('request-delegated').waitFor();
    expect(await panel.getByTestId('request-reject').count()).toBe(0);
    expect(await panel.getByTestId('request-delegate').count()).toBe(0);
    await panel.getByTestId('request-pass').click();
    const handBack = dialog(delegated.page, '审批通过');
    expect(await handBack.getByTestId('pass-cc').count()).toBe(0);
    await handBack.getByRole('button', { name: /^通\s*过$/ }).click();
    await expect.poll(async () => (await todo(approver.token, title)).total, { timeout: 15_000 }).toBe(1);
    await delegated.context.close();

    // Back with the owner: add user09 after me, then take him off again.
    await openTodo(approver.page, title);
    await approver.page.getByTestId('request-addSigner').click();
    const add = dialog(approver.page, '加签');
    await choosePerson(approver.page, approver.page.getByTestId('add-signer-target'), 'user09');
    await add.getByRole('button', { name: OK }).click();
    await expect.poll(() => approver.page.getByText('加签成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await openTodo(approver.page, title);
    await approver.page.getByTestId('request-removeSigner').click();
    const remove = dialog(approver.page, '减签');
    await remove.getByText('user09').first().waitFor();
    await remove.getByLabel('减签理由').fill('无需再审');
    await remove.getByRole('button', { name: OK }).click();
    await expect.poll(() => approver.page.getByText('减签成功').first().isVisible(), { timeout: 15_000 }).toBe(true);

    // Pass: the editable field comes filled in; change it and copy user08.
    await openTodo(approver.page, title);
    expect(await approver.page.getByTestId('request-removeSigner').count()).toBe(0);
    await approver.page.getByTestId('request-pass').click();
    const pass = dialog(approver.page, '审批通过');
    const content = pass.getByLabel('申请内容');
    expect(await content.inputValue()).toBe('采购显示器两台');
    await content.fill('采购显示器一台');
    await choosePerson(approver.page, approver.page.getByTestId('pass-cc'), 'user08');
    await pass.getByLabel('签字意见').fill('同意一台');
    await pass.getByRole('button', { name: /^通\s*过$/ }).click();
    await expect.poll(async () => (await todo(approver.token, title)).total, { timeout: 15_000 }).toBe(0);

    const applicant = await apiLogin('user06');
    const detail = await apiCall<{ form: Record<string, unknown> }>(`${B}requestDetail`, { instanceId: id }, applicant.access_token);
    expect(detail.data.form.content).toBe('采购显示器一台');
    const copied = await apiLogin('user08');
    const cc = await apiCall<Page_<unknown>>(`${B}getUserCCTaskSort`, { pageIndex: 1, pageSize: 10, keyword: title }, copied.access_token);
    expect(cc.data.total).toBe(1);
    await approver.context.close();
    // Several people in turn: over 40 s on a busy 2-core machine, too close to the default 60.
  }, 120_000);
});

describe('an administrator', () => {
  it('reassigns an open task and terminates an instance from the instance list, each with a required reason', async () => {
    const stamp = Date.now();
    const moved = `改派测试 ${stamp}`;
    const ended = `终止测试 ${stamp}`;
    await start(moved, '办公椅一把');
    const endedId = await start(ended, '会议室预订');
    const admin = await signedIn(browser, 'admin');
    await go(admin.page, '/CustomBpmn/index');
    await admin.page.getByTestId('designer-tab-instances').click();
    const list = admin.page.getByRole('region', { name: '流程实例' });
    const search = async (title: string) => {
      await list.getByLabel('标题 / 流程 / 节点').fill(title);
      await list.getByRole('button', { name: /^查\s*询$/ }).click();
      const row = list.locator('.ant-table-row').filter({ hasText: title });
      await row.waitFor({ timeout: 15_000 });
      return row;
    };

    (await search(moved)).getByTestId('instance-reassign').click();
    const reassign = dialog(admin.page, `改派：${moved}`);
    await reassign.getByRole('button', { name: /^改\s*派$/ }).click();
    await reassign.getByText('请选择改派对象').first().waitFor();
    await reassign.getByText('请输入改派原因').first().waitFor();
    await choosePerson(admin.page, admin.page.getByTestId('reassign-target'), 'user09');
    await reassign.getByLabel('原因').fill('user05 休假');
    await reassign.getByRole('button', { name: /^改\s*派$/ }).click();
    await expect.poll(() => admin.page.getByText('改派成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const target = await apiLogin('user09');
    await expect.poll(async () => (await todo(target.access_token, moved)).total).toBe(1);

    (await search(ended)).getByTestId('instance-terminate').click();
    const terminate = dialog(admin.page, `终止流程：${ended}`);
    await terminate.getByRole('button', { name: /^终\s*止$/ }).click();
    await terminate.getByText('请输入终止原因').first().waitFor();
    await terminate.getByLabel('原因').fill('申请人已离职');
    await terminate.getByRole('button', { name: /^终\s*止$/ }).click();
    await expect.poll(() => admin.page.getByText('流程已终止').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const token = (await apiLogin('admin')).access_token;
    const page = await apiCall<Page_<{ processInstanceId: number; status: string }>>(
      `${B}instance/page`,
      { pageIndex: 1, pageSize: 10, keyword: ended, status: 'terminated' },
      token,
    );
    expect(page.data.records.map((r) => [r.processInstanceId, r.status])).toEqual([[endedId, 'terminated']]);
    // The list shows the live instances by default: the terminated one has left it.
    await expect.poll(() => list.locator('.ant-table-row').filter({ hasText: ended }).count(), { timeout: 10_000 }).toBe(0);
    await admin.context.close();
  });
});
