import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, baseUrl, launchBrowser, newPage } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A one-step definition: the task goes to mgr01. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="defs_E2eLive" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="E2eLive" name="实时通知测试" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:userTask id="t1" name="经理审批" erp:assigneeType="users" erp:assigneeValue="mgr01" />
    <bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t1" />
    <bpmn:sequenceFlow id="f1" sourceRef="t1" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;

describe('live channel in the browser', () => {
  it('pops up a persistent 待办通知 when a task arrives, and refreshes the message centre', async () => {
    const admin = await apiLogin('admin');
    const deployed = await apiCall('/bpm_api/bpm/camunda/definition/deploy', { xml: XML }, admin.access_token);
    expect(deployed.code).toBe('200');

    const login = await apiLogin('mgr01');
    const { page, context, errors } = await newPage(browser);
    // The page's timers run on a clock the test can move on (still in real time until it does).
    await page.clock.install();
    // The socket is open once the server answers its first ping.
    const acknowledged = new Promise<void>((resolve) =>
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          if (String(f.payload) === 'pong') resolve();
        }),
      ),
    );
    await page.goto(`${baseUrl()}/#/entry?access_token=${login.access_token}`);
    await page.waitForURL(/#\/WorkBench/, { timeout: 15_000 });
    await page.goto(`${baseUrl()}/#/MessageCenter/index?msgType=001`);
    await acknowledged;

    const emp = await apiLogin('emp01');
    const started = await apiCall('/bpm_api/bpm/camunda/start', { processKey: 'E2eLive', title: '实时通知测试申请', form: {} }, emp.access_token);
    expect(started.code).toBe('200');

    const popup = page.locator('.ant-notification-notice').filter({ hasText: '待办通知' });
    await expect.poll(() => popup.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await popup.textContent()).toContain('实时通知测试申请');
    expect(await popup.textContent()).toContain('经理审批');
    // Persistent: still there once the usual toast time (4.5 s) has passed on the page's clock.
    await page.clock.fastForward(10_000);
    expect(await popup.isVisible()).toBe(true);
    // The list refreshed by itself: the new message is on its first page (a full page keeps its size).
    await expect.poll(() => page.getByTestId('message-item').filter({ hasText: '实时通知测试申请' }).count()).toBe(1);
    await popup.getByRole('button', { name: '去处理' }).click();
    await page.waitForURL(/#\/backlog\/index/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
