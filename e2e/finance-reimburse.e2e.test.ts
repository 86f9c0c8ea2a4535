import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { chooseOption, closeNotices, go, openOptions, recordedToasts, recordToasts, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const OK = /^(确\s*定|OK)$/;
const stamp = String(Date.now()).slice(-9);
const invoiceNo = `E2E${stamp}`;
const reason = `E2E客户拜访餐费${stamp}`;
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function choose(page: Page, selector: string, option: string | RegExp, type?: string) {
  await chooseOption(page, page.locator(selector), option, { type });
}

/** Opens the claim's to-do in the process centre and passes it. */
async function passInProcessCentre(page: Page) {
  await go(page, '/backlog/index');
  await recordToasts(page);
  await closeNotices(page);
  const row = page.locator('.ant-table-row:visible').filter({ hasText: reason }).first();
  await row.waitFor({ timeout: 20_000 });
  await closeNotices(page);
  await row.getByTestId('backlog-open').click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '报销单详情' });
  await dialog.getByText(invoiceNo).first().waitFor({ timeout: 15_000 });
  await dialog.getByTestId('flow-steps').waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: /^通\s*过$/ }).click();
  await page
    .getByRole('dialog', { name: '审批通过' })
    .getByRole('button', { name: /^通\s*过$/ })
    .click();
  await expect.poll(() => recordedToasts(page), { timeout: 15_000 }).toContain('已通过');
}

describe('expense claim in the browser', () => {
  it("the claim form offers only the projects emp01 is on; a demo claim shows its invoice photo in the detail and in mgr01's approval", async () => {
    const emp = await signedIn(browser, 'emp01');
    // emp01's projects, from the timesheets (the running projects whose team has emp01 this month).
    const ym = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date()).replace('-', '');
    const mine = (
      await apiCall<Array<{ projectName: string }>>('/finance_api/finance/functionHourInfo/selectProjectInfo', { month: Number(ym) }, emp.token)
    ).data.map((p) => p.projectName);
    expect(mine.length).toBeGreaterThan(0);
    const fin = await apiLogin('fin01');
    const running = await apiCall<{ total: number }>(
      '/finance_api/finance/project/selectProjectList',
      { phase: '002', pageIndex: 1, pageSize: 10 },
      fin.access_token,
    );
    expect(running.data.total).toBeGreaterThan(mine.length);

    await go(emp.page, '/Reimburse/addReimburse');
    await emp.page.locator('#claimForm_projectId').click();
    const options = openOptions(emp.page);
    // Read as one poll: the list re-renders while its options load, and a count then a read apart
    // once saw the list between two renders (CI).
    const offered = async () => (await options.allTextContents()).map((l) => mine.find((name) => l.includes(name)) ?? l).sort();
    await expect.poll(offered, { timeout: 15_000 }).toEqual([...mine].sort());
    await emp.page.keyboard.press('Escape');

    // emp01's demo claim waiting for mgr01: the detail previews the invoice's photo.
    const waiting = await apiCall<{ records: Array<{ id: number; reason: string; invoiceCount: number }> }>(
      '/finance_api/finance/reimburse/page',
      { claimState: '002', pageIndex: 1, pageSize: 50 },
      emp.token,
    );
    const demo = waiting.data.records.find((r) => r.reason.endsWith('等费用报销') && r.invoiceCount > 0);
    expect(demo).toBeTruthy();
    const photoShows = async (page: Page, scope: ReturnType<Page['locator']>) => {
      await scope
        .getByTestId('claim-invoice')
        .first()
        .getByRole('button', { name: /^预\s*览$/ })
        .click();
      const img = page.locator('.ant-modal:visible img[alt$=".png"]');
      await img.waitFor({ timeout: 15_000 });
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(380);
      await page.keyboard.press('Escape');
    };
    await go(emp.page, `/Reimburse/reimburseDetails?id=${demo?.id}`);
    await expect.poll(async () => (await emp.page.getByTestId('claim-state').textContent()) ?? '', { timeout: 15_000 }).toContain('审批中');
    await photoShows(emp.page, emp.page.locator('body'));
    expect(emp.errors).toEqual([]);
    await emp.context.close();

    const mgr = await signedIn(browser, 'mgr01');
    await go(mgr.page, '/backlog/index');
    await closeNotices(mgr.page);
    const row = mgr.page
      .locator('.ant-table-row:visible')
      .filter({ hasText: demo?.reason ?? '' })
      .first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('backlog-open').click();
    const dialog = mgr.page.locator('.ant-modal:visible').filter({ hasText: '报销单详情' });
    await dialog.getByTestId('claim-invoice').first().waitFor({ timeout: 15_000 });
    await photoShows(mgr.page, dialog);
    expect(mgr.errors).toEqual([]);
    await mgr.context.close();
  });

  it('emp01 files an invoice and claims it, mgr01 and finance pass it in the process centre, finance pays it, the detail shows 已付款', async () => {
    const emp = await signedIn(browser, 'emp01');
    await go(emp.page, '/PersonInvoiceFolder/index');
    await recordToasts(emp.page);
    // The demo folder is not empty.
    await expect.poll(() => emp.page.locator('.ant-table-tbody tr.ant-table-row:visible').count(), { timeout: 20_000 }).toBeGreaterThan(2);

    await emp.page.getByRole('button', { name: '录入票据' }).click();
    const modal = emp.page.locator('.ant-modal:visible').filter({ hasText: '录入票据' });
    await modal.locator('input[type=file]').setInputFiles({ name: '餐费发票.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => modal.locator('.ant-upload-list-item-done').count(), { timeout: 15_000 }).toBe(1);
    await choose(emp.page, '#invoiceForm_kind', '增值税普通发票');
    await emp.page.locator('#invoiceForm_invoiceNo').fill(invoiceNo);
    await emp.page.locator('#invoiceForm_invoiceDate').fill(yesterday);
    await emp.page.locator('#invoiceForm_invoiceDate').press('Enter');
    await emp.page.locator('#invoiceForm_seller').fill('上海测试餐饮有限公司');
    await emp.page.locator('#invoiceForm_amountExclTax').fill('300');
    await emp.page.locator('#invoiceForm_tax').fill('18');
    await emp.page.locator('#invoiceForm_total').fill('318');
    await modal.getByRole('button', { name: OK }).click();
    await expect.poll(() => recordedToasts(emp.page), { timeout: 15_000 }).toContain('票据已保存');
    const row = emp.page.locator('.ant-table-row:visible').filter({ hasText: invoiceNo });
    await row.first().waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await row.first().textContent()) ?? '').toContain('未报销');

    await go(emp.page, '/Reimburse/addReimburse');
    await emp.page.locator('#claimForm_reason').fill(reason);
    await choose(emp.page, '#claimForm_lines_0_category', '餐费');
    await choose(emp.page, '#claimForm_lines_0_invoiceIds', invoiceNo, invoiceNo);
    await emp.page.keyboard.press('Escape');
    await emp.page.locator('#claimForm_lines_0_description').fill('客户拜访午餐');
    await expect.poll(async () => (await emp.page.getByTestId('claim-total').textContent()) ?? '').toContain('318.00');
    await emp.page.getByRole('button', { name: /^提\s*交$/ }).click();
    await expect.poll(() => recordedToasts(emp.page), { timeout: 15_000 }).toContain('报销单已提交，等待审批');
    await emp.page.waitForURL(/reimburseDetails\?id=\d+/, { timeout: 15_000 });
    const detailPath = `/Reimburse/reimburseDetails?id=${/id=(\d+)/.exec(emp.page.url())?.[1]}`;
    await expect.poll(async () => (await emp.page.getByTestId('claim-state').textContent()) ?? '', { timeout: 15_000 }).toContain('审批中');
    expect(emp.errors).toEqual([]);

    const mgr = await signedIn(browser, 'mgr01');
    await passInProcessCentre(mgr.page);
    expect(mgr.errors).toEqual([]);
    await mgr.context.close();

    const fin = await signedIn(browser, 'fin01');
    await passInProcessCentre(fin.page);
    await go(fin.page, detailPath);
    await expect.poll(async () => (await fin.page.getByTestId('claim-state').textContent()) ?? '', { timeout: 15_000 }).toContain('待付款');
    await fin.page.getByRole('button', { name: /^付\s*款$/ }).click();
    await fin.page.locator('.ant-modal:visible').filter({ hasText: '报销付款' }).getByRole('button', { name: OK }).click();
    await expect.poll(() => recordedToasts(fin.page), { timeout: 15_000 }).toContain('已登记付款');
    await expect.poll(async () => (await fin.page.getByTestId('claim-state').textContent()) ?? '', { timeout: 15_000 }).toContain('已付款');
    expect(fin.errors).toEqual([]);
    await fin.context.close();

    await go(emp.page, detailPath);
    await emp.page.reload();
    await expect.poll(async () => (await emp.page.getByTestId('claim-state').textContent()) ?? '', { timeout: 15_000 }).toContain('已付款');
    await emp.page.getByText('客户拜访午餐').first().waitFor();
    await go(emp.page, '/PersonInvoiceFolder/index');
    const claimed = emp.page.locator('.ant-table-row:visible').filter({ hasText: invoiceNo });
    await expect.poll(async () => (await claimed.first().textContent()) ?? '', { timeout: 15_000 }).toContain('已报销');
    expect(emp.errors).toEqual([]);
    await emp.context.close();
    // Three people in turn and four screens: about 55 s on a busy 2-core machine, too close to the default 60.
  }, 150_000);
});
