import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, approverOf, callsSettled, launchBrowser } from './harness';
import { go, openOptions, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
interface Bill {
  id: number;
  billNo: string | null;
  month: number;
  state: string;
  processInstanceId: number | null;
  invoiceStatus: string;
  paymentStatus: string;
  amountIncl: number;
  collectedAmount: number;
  invoices: Array<{ id: number; state: string }>;
}

const dialog = (page: Page, title: RegExp | string) => page.getByRole('dialog', { name: title });
async function ok(page: Page, title: RegExp | string) {
  await dialog(page, title)
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await dialog(page, title).waitFor({ state: 'hidden', timeout: 15_000 });
}
/** The first row of the bill list (the newest month first), after searching for the project. */
const firstRow = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible').first();

describe('settlement: settle a month → approve → invoice → void → invoice again → collect → print', () => {
  it('fin01 goes through a bill from the settlement screen', async () => {
    const fin = await signedIn(browser, 'fin01');
    // A running project whose period covers next month (the demo bills stop at this month).
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const month = next.getUTCFullYear() * 100 + next.getUTCMonth() + 1;
    const monthText = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
    const projects = await apiCall<{ records: Array<{ id: number; name: string; projectNo: string; endDate: string }> }>(
      '/finance_api/finance/project/selectProjectList',
      { phase: '002', pageSize: 100 },
      fin.token,
    );
    const project = projects.data.records.find((p) => p.endDate >= `${monthText}-28`);
    expect(project).toBeDefined();
    const name = project?.name as string;

    await go(fin.page, '/Settlement/index');
    await fin.page.getByRole('button', { name: '新增结算单' }).click();
    const form = dialog(fin.page, '新增结算单');
    await form.waitFor();
    await form.getByRole('combobox').first().click();
    await form
      .getByRole('combobox')
      .first()
      .fill(project?.projectNo ?? name);
    await openOptions(fin.page).first().click();
    const picker = form.getByPlaceholder(/月份|month/i);
    await picker.click();
    await picker.fill(monthText);
    await picker.press('Enter');
    await form.getByLabel('人员').fill('张三');
    await form.getByLabel('结算内容').fill('Java开发工程师');
    await form.getByLabel('数量').fill('176.5');
    await form.getByLabel('单价').fill('123.45');
    // 176.5 × 123.45 = 21,788.93; tax 6 % = 1,307.34; total 23,096.27 (the server computes the same).
    await expect.poll(() => form.getByTestId('bill-preview').textContent()).toContain('23,096.27');
    await ok(fin.page, '新增结算单');

    await fin.page.getByPlaceholder('结算单号 / 项目 / 甲方').fill(name);
    await fin.page.getByPlaceholder('结算单号 / 项目 / 甲方').press('Enter');
    await expect.poll(() => firstRow(fin.page).textContent(), { timeout: 15_000 }).toContain('23,096.27');
    await firstRow(fin.page).getByRole('button', { name: '提交' }).click();
    await expect.poll(() => firstRow(fin.page).textContent(), { timeout: 15_000 }).toContain('审批中');

    const page = await apiCall<{ records: Bill[] }>(NB('getBillInfoPage'), { keyword: name, month }, fin.token);
    const bill = page.data.records[0] as Bill;
    expect(bill.billNo).toMatch(/^JS/);
    // fin01 prepared the bill, so fin01 does not approve it (segregation of duties): whoever holds the step does, in the process centre's pass.
    const tasksOf = (token: string) =>
      apiCall<{ records: Array<{ taskId: number; processInstanceId: number }> }>(
        '/bpm_api/bpm/camunda/getUserTaskSort',
        { pageIndex: 1, pageSize: 100, processKey: 'FinSettleBill_Process' },
        token,
      );
    expect((await tasksOf(fin.token)).data.records.map((t) => t.processInstanceId)).not.toContain(bill.processInstanceId);
    const approver = (await apiLogin(await approverOf(bill.processInstanceId as number, fin.token))).access_token;
    const task = (await tasksOf(approver)).data.records.find((t) => t.processInstanceId === bill.processInstanceId);
    expect(task).toBeDefined();
    expect((await apiCall('/bpm_api/bpm/camunda/task/pass', { taskId: task?.taskId }, approver)).code).toBe('200');

    // A fresh page, so the list is read again after calls made outside it.
    const reopen = async () => {
      await go(fin.page, '/Settlement/index');
      await fin.page.reload();
      await fin.page.getByPlaceholder('结算单号 / 项目 / 甲方').fill(name);
      await fin.page.getByPlaceholder('结算单号 / 项目 / 甲方').press('Enter');
      await expect.poll(() => firstRow(fin.page).textContent(), { timeout: 15_000 }).toContain('23,096.27');
    };
    const invoice = async (invoiceNo: string) => {
      await reopen();
      await firstRow(fin.page).getByRole('button', { name: '申请开票' }).click();
      await ok(fin.page, /申请开票/);
      await expect.poll(() => firstRow(fin.page).textContent(), { timeout: 15_000 }).toContain('开票中');
      await firstRow(fin.page).getByRole('button', { name: '开票', exact: true }).click();
      await dialog(fin.page, /开具发票/)
        .getByLabel('发票号码')
        .fill(invoiceNo);
      await ok(fin.page, /开具发票/);
      await expect.poll(() => firstRow(fin.page).textContent(), { timeout: 15_000 }).toContain('已开票');
    };
    await invoice(`31${String(Date.now()).slice(-10)}`);

    // The invoice was wrong: void it, finance passes, the bill is pending invoicing again.
    await firstRow(fin.page).getByRole('button', { name: '申请作废' }).click();
    await dialog(fin.page, /申请发票作废/)
      .getByLabel('作废原因')
      .fill('购方税号错误');
    await ok(fin.page, /申请发票作废/);
    await go(fin.page, '/invoiceVoid/index');
    await fin.page.getByPlaceholder('作废单号 / 发票号码 / 结算单号').fill(bill.billNo as string);
    await fin.page.getByPlaceholder('作废单号 / 发票号码 / 结算单号').press('Enter');
    await firstRow(fin.page).getByRole('button', { name: '通过' }).click();
    await fin.page
      .getByRole('button', { name: /确\s*定|OK/ })
      .last()
      .click();
    // The list shows open applications: the passed one leaves it, and the bill is pending invoicing again.
    await expect.poll(() => fin.page.locator('.ant-table-tbody tr.ant-table-row:visible').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => (await apiCall<Bill>(NB('getBillInfo'), { id: bill.id }, fin.token)).data.invoiceStatus, { timeout: 15_000 }).toBe('008');

    await invoice(`32${String(Date.now()).slice(-10)}`);
    await firstRow(fin.page).getByRole('button', { name: '登记回款' }).click();
    await dialog(fin.page, /登记回款/)
      .getByLabel('银行流水号')
      .fill(`E2E${Date.now()}`);
    await ok(fin.page, /登记回款/);
    await expect.poll(() => firstRow(fin.page).textContent(), { timeout: 15_000 }).toContain('已回款');
    const paid = await apiCall<Bill>(NB('getBillInfo'), { id: bill.id }, fin.token);
    expect(paid.data).toMatchObject({ paymentStatus: '013', collectedAmount: paid.data.amountIncl, amountIncl: 2309627 });
    expect(paid.data.invoices.map((i) => i.state).sort()).toEqual(['issued', 'voided']);

    // Print: A4 bill with the total in figures and in Chinese capitals.
    await go(fin.page, `/Settlement/BillDetail?id=${bill.id}`);
    await fin.page.getByText('贰万叁仟零玖拾陆元贰角柒分').first().waitFor({ timeout: 15_000 });
    await go(fin.page, '/Settlement/index');
    await fin.page.getByPlaceholder('结算单号 / 项目 / 甲方').fill(name);
    await fin.page.getByPlaceholder('结算单号 / 项目 / 甲方').press('Enter');
    await firstRow(fin.page).getByRole('button', { name: '打印' }).click();
    await fin.page.getByTestId('print-words').waitFor({ timeout: 15_000 });
    expect(await fin.page.getByTestId('print-total').textContent()).toBe('23,096.27');
    expect(await fin.page.getByTestId('print-words').textContent()).toContain('贰万叁仟零玖拾陆元贰角柒分');
    // The same bill as a PDF made on the server (its text is checked in the API test).
    const [file] = await Promise.all([fin.page.waitForEvent('download'), fin.page.getByRole('button', { name: '下载 PDF' }).click()]);
    expect(file.suggestedFilename()).toBe(`结算单-${bill.billNo}.pdf`);
    const saved = await file.path();
    expect((await import('node:fs')).readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    expect(fin.errors).toEqual([]);
    await fin.context.close();
  }, 240_000);

  it('fin01 reads the staffing economics with its chart and drills into a project’s employees and bills', async () => {
    const fin = await signedIn(browser, 'fin01');
    await go(fin.page, '/Settlement/economics');
    await fin.page.getByText('结算收入（不含税）').waitFor({ timeout: 20_000 });
    await expect.poll(() => fin.page.locator('[data-testid="budget-chart"] canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await fin.page.locator('.ant-table-tbody tr.ant-table-row:visible').first().getByRole('button', { name: '明细' }).click();
    const drawer = fin.page.locator('.ant-drawer:visible');
    await expect.poll(() => drawer.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await drawer.getByRole('tab', { name: '结算单' }).click();
    await expect.poll(() => drawer.getByText(/^JS/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await fin.page.keyboard.press('Escape');
    await fin.page.getByRole('tab', { name: '对账差异' }).click();
    await fin.page.getByText('开票、回款与核销金额全部一致').waitFor({ timeout: 20_000 });
    expect(fin.errors).toEqual([]);
    await fin.context.close();
  }, 120_000);

  it('fin01 works a bill from the action pages a link lands on: correct a draft, apply for its invoice, read a void application', async () => {
    const fin = await signedIn(browser, 'fin01');
    const bills = await apiCall<{ records: Bill[] }>(NB('getBillInfoPage'), { pageSize: 200 }, fin.token);
    const draft = bills.data.records.find((b) => b.state === 'draft');
    expect(draft).toBeDefined();
    await go(fin.page, `/ItemSettle/UpdateDocumentSettlement?id=${draft?.id}`);
    await fin.page
      .getByText(/修改结算单/)
      .first()
      .waitFor({ timeout: 15_000 });
    await fin.page.getByLabel('备注').fill('按客户确认的工时修改');
    await fin.page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await fin.page.waitForURL(/\/Settlement\/BillDetail\?id=/, { timeout: 15_000 });
    // Saved, the page stays on the bill it saved (it once also went back a page, racing the link).
    await callsSettled(fin.page);
    expect(fin.page.url()).toMatch(/\/Settlement\/BillDetail\?id=/);
    expect((await apiCall<Bill & { remark: string }>(NB('getBillInfo'), { id: draft?.id }, fin.token)).data.remark).toBe('按客户确认的工时修改');

    const pending = bills.data.records.find((b) => b.state === 'passed' && b.invoiceStatus === '008');
    expect(pending).toBeDefined();
    // A bill that cannot be voided says why instead of showing the form.
    await go(fin.page, `/Settlement/BillBackApply?id=${pending?.id}`);
    await fin.page.getByText('该结算单当前不能申请作废（须已开票且没有回款）').waitFor({ timeout: 15_000 });
    await go(fin.page, `/ItemSettleBill/BillingApply?id=${pending?.id}`);
    await fin.page.getByLabel('购方名称').waitFor({ timeout: 15_000 });
    await fin.page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await fin.page.waitForURL(/\/Settlement\/BillDetail\?id=/, { timeout: 15_000 });
    await callsSettled(fin.page);
    expect(fin.page.url()).toMatch(/\/Settlement\/BillDetail\?id=/);
    await expect.poll(async () => (await apiCall<Bill>(NB('getBillInfo'), { id: pending?.id }, fin.token)).data.invoiceStatus).toBe('009');

    const voids = await apiCall<{ records: Array<{ id: number; voidNo: string }> }>(
      '/finance_api/finance/invoiceInfo/voiceCancelList',
      { pageSize: 20 },
      fin.token,
    );
    const v = voids.data.records[0];
    expect(v).toBeDefined();
    await go(fin.page, `/DeleteBill/DeleteBillDetails?id=${v?.id}`);
    await fin.page.getByText(`发票作废申请 ${v?.voidNo}`).waitFor({ timeout: 15_000 });
    await fin.page.getByRole('button', { name: '查看结算单' }).click();
    await fin.page.waitForURL(/\/Settlement\/BillDetail\?id=/, { timeout: 15_000 });
    expect(fin.errors).toEqual([]);
    await fin.context.close();
  }, 120_000);
});
