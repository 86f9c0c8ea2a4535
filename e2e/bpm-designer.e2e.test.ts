import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('process designer', () => {
  it('opens a definition in the bpmn-js modeler with the bpmn.io mark, edits a task in our panel and deploys a new version', async () => {
    const s = await signedIn(browser, 'admin');
    await s.page.evaluate(() => sessionStorage.removeItem('firstLoginOfSession'));
    await s.page.reload();
    await s.page.getByTestId('tabs-bar').waitFor({ timeout: 20_000 });
    await go(s.page, '/CustomBpmn/index');
    await s.page
      .getByRole('button', { name: /转正申请/ })
      .first()
      .click({ timeout: 20_000 });
    const canvas = s.page.getByTestId('designer-canvas');
    await canvas.locator('[data-element-id="deptManager"]').waitFor({ timeout: 20_000 });
    // the bpmn.io mark stays visible
    expect(await canvas.locator('.bjs-powered-by').isVisible()).toBe(true);
    // our properties panel shows the task's rule
    await canvas.locator('[data-element-id="hrApprove"]').click();
    await expect.poll(() => s.page.getByText('多人审批方式').isVisible()).toBe(true);
    await s.page.getByLabel('名称').fill('人力资源复核');
    await s.page.getByTestId('designer-deploy').click();
    await expect.poll(() => s.page.getByText(/已部署 Positive_Process 第 \d+ 版/).isVisible(), { timeout: 15_000 }).toBe(true);
    const versions = await apiCall<{ records: Array<{ version: number }> }>(
      '/bpm_api/bpm/camunda/definition/page',
      { key: 'Positive_Process', allVersions: true },
      s.token,
    );
    expect(versions.data.records.length).toBeGreaterThanOrEqual(2);
    const xml = await apiCall<{ xml: string }>('/bpm_api/bpm/camunda/definition/xml', { key: 'Positive_Process' }, s.token);
    expect(xml.data.xml).toContain('人力资源复核');
    expect(xml.data.xml).toContain('erp:assigneeValue="hr"');
    await s.context.close();
  }, 120_000);
});
