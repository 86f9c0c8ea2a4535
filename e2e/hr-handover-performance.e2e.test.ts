import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { chooseOption, go, recordedToasts, recordToasts, signedIn } from './shell-helpers';

/**
 * Leaver handover and performance evaluation. Accounts of this file: user46 (the leaver, approver
 * of this file's process), user47 (applicant), user48 (successor); emp01 → mgr01 (judge) → hr01
 * for the evaluation of the current month.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const B = '/bpm_api/bpm/camunda/';
const KEY = 'E2eHandover';
const TITLE = `交接测试 ${Date.now()}`;
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="d" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${KEY}" name="交接流程" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:userTask id="t1" name="主管审批" erp:assigneeType="users" erp:assigneeValue="user46" /><bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" /><bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;

async function pickUser(page: Page, holder: string, code: string) {
  const box = page.getByTestId(holder).locator('.ant-select');
  await chooseOption(page, box, `（${code}）`, { type: code });
}

describe('leaver handover (hr01)', () => {
  it('shows what user46 holds, hands the approvals to user48 in one go, and user48 has them', async () => {
    const admin = await apiLogin('admin');
    expect((await apiCall(`${B}definition/deploy`, { xml: XML }, admin.access_token)).code).toBe('200');
    const applicant = await apiLogin('user47');
    for (let i = 0; i < 3; i++)
      expect((await apiCall(`${B}start`, { processKey: KEY, title: `${TITLE}-${i}`, form: {} }, applicant.access_token)).code).toBe('200');

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await recordToasts(page);
    await go(page, '/hrDocuments/handover');
    await pickUser(page, 'handover-user', 'user46');
    const tasks = page.getByTestId('handover-group-approvalTasks');
    await tasks.waitFor({ timeout: 20_000 });
    await expect.poll(() => tasks.getByText(`${TITLE}-2`).isVisible(), { timeout: 10_000 }).toBe(true);
    await pickUser(page, 'handover-to-approvalTasks', 'user48');
    await page.getByTestId('handover-confirm').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(async () => (await recordedToasts(page)).some((t) => /已交接 \d+ 项/.test(t)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('handover-group-approvalTasks').count(), { timeout: 10_000 }).toBe(0);

    const successor = await apiLogin('user48');
    const todo = await apiCall<{ records: Array<{ title: string }> }>(
      `${B}getUserTaskSort`,
      { pageIndex: 1, pageSize: 50, keyword: TITLE },
      successor.access_token,
    );
    expect(todo.data.records.map((r) => r.title).sort()).toEqual([0, 1, 2].map((i) => `${TITLE}-${i}`));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('performance evaluation', () => {
  it('emp01 evaluates the month, mgr01 scores it, hr01 passes it', async () => {
    const emp = await signedIn(browser, 'emp01');
    await recordToasts(emp.page);
    await go(emp.page, '/PerformanceManagement/index');
    await emp.page.getByTestId('performance-apply').click();
    await emp.page.waitForFunction(() => location.hash.includes('PerformanceEvaluationApply'));
    await emp.page.locator('textarea#performance-apply_selfSummary').fill('本月按期完成了两个版本的交付。');
    await emp.page.getByTestId('performance-submit').click();
    await emp.page.waitForFunction(() => /PerformanceEvaluationDetails\?id=\d+/.test(location.hash), undefined, { timeout: 20_000 });
    const id = Number(/id=(\d+)/.exec(await emp.page.evaluate(() => location.hash))?.[1]);
    await expect.poll(() => emp.page.getByText(/^JX\d{12}$/).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(emp.errors).toEqual([]);
    await emp.context.close();

    const mgr = await signedIn(browser, 'mgr01');
    await recordToasts(mgr.page);
    await go(mgr.page, `/PerformanceManagement/PerformanceEvaluationDetails?id=${id}`);
    await mgr.page.getByTestId('judge-comment').waitFor({ timeout: 20_000 });
    for (const [k, v] of [
      [0, '95'],
      [1, '90'],
      [2, '80'],
    ] as const) {
      const input = mgr.page.locator(`input[data-testid="judge-score-${k}"], [data-testid="judge-score-${k}"] input`).first();
      await input.fill(v);
    }
    await mgr.page.locator('textarea[data-testid="judge-comment"], [data-testid="judge-comment"] textarea').first().fill('交付及时，质量稳定');
    await mgr.page.getByTestId('judge-submit').click();
    await expect.poll(async () => (await recordedToasts(mgr.page)).includes('评分已提交'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => mgr.page.getByTestId('judge-score').textContent(), { timeout: 10_000 }).toBe('90.5');
    expect(mgr.errors).toEqual([]);
    await mgr.context.close();

    const hr = await signedIn(browser, 'hr01');
    await recordToasts(hr.page);
    // The process centre opens it through selectByBpmId, with its fields and flow.
    await go(hr.page, '/backlog/index');
    const row = hr.page.locator('.ant-table-row:visible').filter({ hasText: '月度绩效' }).filter({ hasText: '叶子豪' }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('backlog-open').click();
    const box = hr.page.getByRole('dialog', { name: '绩效考核详情' });
    await box.getByTestId('flow-steps').waitFor({ timeout: 15_000 });
    await expect.poll(() => box.getByText(/^JX\d{12}$/).isVisible(), { timeout: 10_000 }).toBe(true);
    await box
      .getByRole('button', { name: /关\s*闭/ })
      .last()
      .click();
    await go(hr.page, `/PerformanceManagement/PerformanceEvaluationDetails?id=${id}`);
    await hr.page.getByTestId('perf-pass').click({ timeout: 20_000 });
    await expect.poll(async () => (await recordedToasts(hr.page)).includes('已通过'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => hr.page.getByText('已通过').first().isVisible(), { timeout: 10_000 }).toBe(true);
    // The list shows it with its grade.
    await go(hr.page, '/PerformanceManagement/index');
    await expect.poll(() => hr.page.locator('.ant-table-row:visible').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(hr.errors).toEqual([]);
    await hr.context.close();
  }, 240_000);
});
