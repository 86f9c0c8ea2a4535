import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, approverOf, launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

/**
 * Segregation of duties in the process centre (issue 34 §1, docs/domain/controls.md): a step that
 * names the applicant goes to their superior; the applicant sees why in the flow and has nothing to
 * decide, a call of their own is refused, and the superior approves it from their to-do. Accounts of
 * this file: user12 (applicant); its own process key.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const B = '/bpm_api/bpm/camunda/';
const KEY = 'E2eSelfApproval';
const TITLE = `本人审批测试 ${Date.now()}`;
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="d" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${KEY}" name="本人审批流程" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:userTask id="t1" name="申请人所在岗位审批" erp:assigneeType="users" erp:assigneeValue="user12" /><bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" /><bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;

type TodoPage = { total: number; records: Array<{ title: string; taskId: number; processInstanceId: number }> };
const todo = async (token: string) => (await apiCall<TodoPage>(`${B}getUserTaskSort`, { pageIndex: 1, pageSize: 50, keyword: TITLE }, token)).data;

describe('a request whose step names its applicant', () => {
  it('goes to the superior: the applicant sees why and decides nothing, the superior passes it from the to-do', async () => {
    const admin = await apiLogin('admin');
    expect((await apiCall(`${B}definition/deploy`, { xml: XML }, admin.access_token)).code).toBe('200');
    const applicant = await signedIn(browser, 'user12');
    const started = await apiCall<{ processInstanceId: number }>(`${B}start`, { processKey: KEY, title: TITLE, form: {} }, applicant.token);
    expect(started.code, started.message).toBe('200');
    expect((await todo(applicant.token)).total).toBe(0);

    // The applicant's own list: the flow shows the step went to the superior, and why.
    await go(applicant.page, '/Initiate/index');
    const row = applicant.page.locator('.ant-table-row:visible').filter({ hasText: TITLE }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.locator('.ant-table-row-expand-icon').click();
    const widget = applicant.page.locator('[data-testid="flow-steps"]:visible').first();
    await widget.getByText(/审批人是申请人本人，已转交上级/).waitFor({ timeout: 15_000 });
    expect(applicant.errors).toEqual([]);

    // A call of the applicant's own on the task is refused and changes nothing.
    const superiorCode = await approverOf(started.data.processInstanceId, applicant.token);
    expect(superiorCode).not.toBe('user12');
    const superior = await signedIn(browser, superiorCode);
    const [task] = (await todo(superior.token)).records;
    expect(task?.processInstanceId).toBe(started.data.processInstanceId);
    const own = await apiCall(`${B}task/pass`, { taskId: task?.taskId, message: '同意' }, applicant.token);
    expect([own.code, own.message]).toEqual(['403', '不能审批本人提交的单据']);

    // The superior opens it from the to-do (not the no-permission page) and passes it.
    await go(superior.page, '/backlog/index');
    const mine = superior.page.locator('.ant-table-row:visible').filter({ hasText: TITLE }).first();
    await mine.waitFor({ timeout: 20_000 });
    await mine.getByTestId('backlog-open').click();
    await superior.page.getByRole('dialog', { name: '审批详情' }).getByTestId('flow-steps').waitFor({ timeout: 15_000 });
    await superior.page.getByTestId('request-pass').click();
    await superior.page.getByRole('dialog', { name: '通过' }).locator('.ant-btn-primary').click();
    await expect.poll(async () => (await todo(superior.token)).total, { timeout: 15_000 }).toBe(0);
    expect(superior.errors).toEqual([]);
    await applicant.context.close();
    await superior.context.close();
  }, 120_000);
});
