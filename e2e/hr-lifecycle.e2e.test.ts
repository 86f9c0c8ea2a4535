import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { chooseOption, go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible');
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal:not(.ant-modal-confirm)');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true }) : undefined;
const tokens = new Map<string, string>();
async function token(user: string) {
  if (!tokens.has(user)) tokens.set(user, (await apiLogin(user)).access_token);
  return tokens.get(user) as string;
}
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

interface Step {
  approvalFlag: number;
  operateType: number;
  approvalUserCode: string;
  groupUserList: Array<{ userCode: string }>;
}

/** The holder of the pending step acts on it through the lifecycle's instance calls. */
async function act(instanceId: number, path: 'dealAgency' | 'rollback', body: Record<string, unknown> = {}) {
  const flow = await apiCall<{ steps: Step[] }>('/bpm_api/bpm/camunda/common/getFlowData', { instanceId }, await token('admin'));
  const pending = flow.data.steps.find((s) => s.approvalFlag === 0 && s.operateType === 1);
  const code = pending?.groupUserList[0]?.userCode || pending?.approvalUserCode;
  if (!code) throw new Error(`no pending step on ${instanceId}`);
  const t = await token(code);
  // The holder's own view of the flow names their task (their to-do list may hold hundreds of others).
  const mine = await apiCall<{ taskId: number | null }>('/bpm_api/bpm/camunda/common/getFlowData', { instanceId }, t);
  const taskId = mine.data.taskId;
  if (!taskId) throw new Error(`${code} has no task on ${instanceId}`);
  const res = await apiCall(`/hr_api/hrm/api/instance/${path}`, { taskId, ...body }, t);
  expect(res.code).toBe('200');
}

/** Types a date and leaves the field (Enter would also submit a form whose other fields are filled). */
async function pickDate(page: Page, id: string, value: string) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Tab');
  await expect.poll(() => input.inputValue()).toBe(value);
}

describe('resignation (离职申请, user51)', () => {
  it('applies while still holding work (a notice, issue 39), is sent back by HR, resubmits; the hand-over is done during the approval and it passes', async () => {
    const { page, context, errors } = await signedIn(browser, 'user51');
    await go(page, '/WorkBench/lizhi');
    await expect.poll(() => page.getByText('填写离职申请').isVisible(), { timeout: 20_000 }).toBe(true);
    // What user51 still holds (running requests, a project and its bills) does not stop the application.
    await expect.poll(() => page.getByTestId('quit-holdings').textContent(), { timeout: 15_000 }).toContain('可以先提交离职申请');
    await chooseOption(page, page.getByTestId('quit-type'), '主动辞职');
    await pickDate(page, 'lastWorkDate', day(20));
    await page.getByLabel('离职原因').fill('个人职业发展');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => page.getByTestId('quit-state').textContent(), { timeout: 15_000 }).toBe('审批中');
    await shot(page, 'lizhi-approving');
    const self = await apiCall<{ current: { processInstanceId: number; documentNo: string } }>(
      '/hr_api/hrm/api/business/getQuitSelfInfo',
      {},
      await token('user51'),
    );
    const inst = self.data.current.processInstanceId;
    // The page's heading names it (the toast of the submission does too).
    expect(await page.getByText(self.data.current.documentNo).first().isVisible()).toBe(true);

    await act(inst, 'dealAgency');
    await act(inst, 'rollback', { message: '请与部门确认最后工作日' });
    await page.reload();
    await expect.poll(() => page.getByTestId('quit-state').textContent(), { timeout: 15_000 }).toBe('已退回，请修改后重新提交');
    await pickDate(page, 'lastWorkDate', day(25));
    await page.getByRole('button', { name: '重新提交' }).click();
    await expect.poll(() => page.getByTestId('quit-state').textContent(), { timeout: 15_000 }).toBe('审批中');
    await act(inst, 'dealAgency');
    await act(inst, 'dealAgency');
    // Before the last step (工作交接确认) the leaver's other requests are ended and what they hold goes
    // to a successor through the handover; the step would refuse to pass otherwise.
    const admin = await token('admin');
    const running = await apiCall<{ records: Array<{ processInstanceId: number }> }>(
      '/bpm_api/bpm/camunda/instance/page',
      { initiator: 'user51', pageSize: 100 },
      admin,
    );
    for (const r of running.data.records.filter((r) => r.processInstanceId !== inst))
      expect((await apiCall('/bpm_api/bpm/camunda/instance/terminate', { processInstanceId: r.processInstanceId, reason: '员工离职前清理' }, admin)).code).toBe(
        '200',
      );
    const [leaver, successor] = [(await apiLogin('user51')).userId as number, (await apiLogin('mgr01')).userId as number];
    const holdings = await apiCall<{ groups: Array<{ key: string }> }>('/hr_api/hrm/handover/getHoldings', { userId: leaver }, await token('hr01'));
    const groups = holdings.data.groups.filter((g) => g.key !== 'processes');
    if (groups.length) {
      const handed = await apiCall(
        '/hr_api/hrm/handover/confirm',
        { userId: leaver, assignments: groups.map((g) => ({ group: g.key, toUserId: successor })) },
        await token('hr01'),
      );
      expect(handed.code, handed.message).toBe('200');
    }
    await act(inst, 'dealAgency');
    await page.reload();
    await expect.poll(() => page.getByTestId('quit-state').textContent(), { timeout: 15_000 }).toBe('已通过');
    expect(await page.getByText(day(25)).first().isVisible()).toBe(true);
    await shot(page, 'lizhi-passed');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('transfer (调动, hr01)', () => {
  it('starts a transfer from 人事异动, follows it to the pass, and sees the change in the change log', async () => {
    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/staffChange/index');
    await page.getByRole('tab', { name: /调动管理/ }).click();
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);
    const before = (await apiCall<{ total: number }>('/hr_api/hrm/api/employee/getTransferPage', {}, await token('hr01'))).data.total;
    await page.getByTestId('start-transfer').click();
    await dialog(page).getByTestId('employee-code').fill('user52');
    await chooseOption(page, dialog(page).locator('#toOrgId'), /^财务部$/, { type: '财务部', tree: true });
    await dialog(page).getByLabel('新岗位').fill('核算专员');
    await pickDate(page, 'effectiveDate', day(0));
    await dialog(page).getByLabel('调动原因').fill('财务共享中心组建');
    await dialog(page)
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    // The dialog closes on success; otherwise the poll shows what the form or the server said.
    await expect
      .poll(
        async () =>
          (await dialog(page).count()) === 0
            ? 'closed'
            : (await page.locator('.ant-form-item-explain-error, .ant-message-notice').allTextContents()).join('|') || 'open',
        { timeout: 15_000 },
      )
      .toBe('closed');
    await expect
      .poll(async () => (await apiCall<{ total: number }>('/hr_api/hrm/api/employee/getTransferPage', {}, await token('hr01'))).data.total, { timeout: 15_000 })
      .toBe(before + 1);
    const page1 = await apiCall<{ records: Array<{ processInstanceId: number; documentNo: string; employeeName: string }> }>(
      '/hr_api/hrm/api/employee/getTransferPage',
      {},
      await token('hr01'),
    );
    const mine = page1.data.records[0] as { processInstanceId: number; documentNo: string; employeeName: string };
    await expect.poll(() => page.getByText(mine.documentNo).isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(page, 'transfer-started');
    for (let i = 0; i < 3; i++) await act(mine.processInstanceId, 'dealAgency');
    await page.getByRole('tab', { name: /异动记录/ }).click();
    await expect.poll(() => page.getByText(mine.documentNo).first().isVisible(), { timeout: 15_000 }).toBe(true);
    const row = rows(page).filter({ hasText: mine.documentNo }).first();
    expect(await row.textContent()).toContain('财务部');
    expect(await row.textContent()).toContain('核算专员');
    await shot(page, 'transfer-changelog');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A valid resident ID number (GB 11643 check digit) that no demo person has. */
function residentId(seed: number): string {
  const body = `110105199${seed % 10}0${(seed % 9) + 1}1${seed % 10}${String(seed % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, c, i) => acc + Number(c) * (weights[i] as number), 0);
  return body + '10X98765432'.charAt(sum % 11);
}

describe('onboarding (入职管理, hr01)', () => {
  it('finds a hire by name, corrects the offer, and confirms the filled link with an account and the signed form', async () => {
    const hr = await token('hr01');
    const someOffer = await apiCall<{ records: Array<{ orgId: number }> }>('/hr_api/hrm/api/employee/getOfferPage', { pageSize: 1 }, hr);
    const orgId = someOffer.data.records[0]?.orgId as number;
    const stamp = Date.now() % 100_000_000;
    const name = `入职测试${stamp}`;
    const added = await apiCall<{ id: number }>(
      '/hr_api/hrm/api/employee/addOnboarding',
      { name, phone: `139${String(stamp).padStart(8, '0')}`, orgId, plannedEntryDate: day(7), probationMonths: 3, salary: 9000 },
      hr,
    );
    expect(added.code, added.message).toBe('200');
    const id = added.data.id;

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/staffChange/index');
    await page.getByPlaceholder('姓名 / 手机号').fill(name);
    await page
      .getByRole('button', { name: /查\s*询|搜\s*索/ })
      .first()
      .click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await rows(page).first().getByRole('button', { name: '修改' }).click();
    await dialog(page).getByLabel('岗位').fill('实施顾问');
    await dialog(page)
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => page.getByText('已保存').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const info = async () =>
      (
        await apiCall<{ record: { positionName: string; userCode: string | null; stage: string; signFileId: number | null } }>(
          '/hr_api/hrm/api/employee/getOnDutyConfirmInfo',
          { id },
          hr,
        )
      ).data.record;
    expect((await info()).positionName).toBe('实施顾问');

    // The hire fills the link; HR confirms on the 待确认 list.
    const link = await apiCall<{ token: string }>('/hr_api/hrm/api/employee/createOuterChain', { id }, hr);
    const filled = await apiCall('/hr_api/hrm/api/employee/saveOnDutyBase', {
      token: link.data.token,
      info: { idNumber: residentId(stamp), emergencyContact: '林父', emergencyPhone: '13800001111', address: '上海市浦东新区' },
    });
    expect(filled.code, filled.message).toBe('200');
    await page.getByText('待确认', { exact: true }).click();
    await page.getByPlaceholder('姓名 / 手机号').fill(name);
    await page
      .getByRole('button', { name: /查\s*询|搜\s*索/ })
      .first()
      .click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await rows(page).first().getByTestId('onboarding-confirm').click();
    const confirm = dialog(page);
    await confirm.getByText('上海市浦东新区').waitFor({ timeout: 15_000 });
    expect(await confirm.getByTestId('on-duty-checks').count()).toBe(0);
    const account = `hire${stamp}`;
    await confirm.getByLabel('系统账号').fill(account);
    await confirm.locator('input[type=file]').setInputFiles({ name: '入职登记表.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect.poll(() => page.getByText('签署文件已存档').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await confirm.getByTestId('on-duty-confirm').click();
    await expect
      .poll(
        () =>
          page
            .getByText(/已提交入职确认（/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    const after = await info();
    expect(after).toMatchObject({ userCode: account, stage: 'confirming' });
    expect(after.signFileId).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('bulk confirmation (转正管理, hr01)', () => {
  it('chooses two people on probation across two searches and starts their confirmations at once', async () => {
    const hr = await token('hr01');
    const due = await apiCall<{ records: Array<{ id: number; name: string; userCode: string | null; confirmationState: string | null }> }>(
      '/hr_api/hrm/api/employee/getFormalPage',
      { pageSize: 100 },
      hr,
    );
    // People no other browser test touches (emp01/emp02 carry the confirmation journeys).
    const free = due.data.records.filter((r) => r.userCode && /^user(1[0-9]|2[1-5]|30|31|32|40)$/.test(r.userCode) && !r.confirmationState);
    expect(free.length).toBeGreaterThanOrEqual(2);
    const people = free.slice(0, 2);

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/staffChange/index');
    await page.getByRole('tab', { name: /转正管理/ }).click();
    for (const p of people) {
      await page.getByPlaceholder('姓名 / 工号').fill(p.name);
      await page
        .getByRole('button', { name: /查\s*询|搜\s*索/ })
        .first()
        .click();
      const row = rows(page).filter({ hasText: p.name }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.locator('.ant-checkbox-input').check();
    }
    await page.getByTestId('bulk-regular').click();
    const bulk = dialog(page);
    await bulk.getByText('批量发起转正（2人）').waitFor();
    await bulk.getByRole('button', { name: /发\s*起/ }).click();
    await bulk.getByText('请选择转正类型').waitFor();
    // The first option of each list, by keyboard (the first list's closing dropdown is still in the page).
    for (const label of ['转正类型', '考核方式']) {
      await bulk.getByLabel(label).click();
      await page.keyboard.press('Enter');
    }
    await bulk.getByLabel('转正意见').fill('试用期表现良好，同意转正');
    await bulk.getByLabel('优点').fill('学习能力强');
    await bulk.getByLabel('待改进点').fill('加强沟通');
    await bulk.getByRole('button', { name: /发\s*起/ }).click();
    await expect.poll(() => page.getByText('已发起 2 个转正申请').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const after = await apiCall<{ records: Array<{ id: number; confirmationState: string | null }> }>(
      '/hr_api/hrm/api/employee/getFormalPage',
      { pageSize: 100 },
      hr,
    );
    for (const p of people) expect(after.data.records.find((r) => r.id === p.id)?.confirmationState).toBe('approving');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('working-hours white list (员工管理, hr01)', () => {
  it('puts a chosen employee on the white list with a start date and a reason, both required', async () => {
    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/staffManagement/index');
    await page.getByLabel('关键字').fill('user31');
    await page.getByLabel('关键字').press('Enter');
    // The account is not a column: the search by it leaves one row.
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await rows(page).first().locator('.ant-checkbox-input').check();
    await page.getByTestId('hour-whitelist').click();
    const dlg = dialog(page);
    await dlg.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dlg.getByText('请选择开始日期').waitFor();
    await dlg.getByText('请输入原因').waitFor();
    await pickDate(page, 'startDate', day(1));
    await dlg.getByLabel('原因').fill('驻场客户现场，考勤由客户管理');
    await dlg.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => page.getByText('已将 1 人加入考勤白名单').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
