import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, baseUrl, launchBrowser } from './harness';
import { chooseOption, go, recordedToasts, recordToasts, signedIn } from './shell-helpers';

/**
 * 合同用印 (/ContractSealList): hr01 applies to seal emp02's contract with the file, hrd01 passes
 * it from the detail screen; the list shows the demo requests; a request hrd01 sends back is resubmitted
 * by hr01 from its to-do. Accounts: hr01, hrd01, emp02's record and one without a seal request.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('contract seal requests', () => {
  it('hr01 applies with the contract file, hrd01 passes it on the detail screen', async () => {
    const hr = await apiLogin('hr01');
    const options = await apiCall<Array<{ id: number; code: string; name: string; userName: string }>>(
      '/hr_api/hrm/api/employee/getEmployeeList',
      { keyword: 'emp02', limit: 5 },
      hr.access_token,
    );
    expect(options.code, JSON.stringify(options)).toBe('200');
    const emp = options.data.find((o) => o.userName === 'emp02') ?? options.data[0];
    expect(emp, JSON.stringify(options)).toBeTruthy();

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await recordToasts(page);
    await go(page, '/ContractSealList/index?tab=seals');
    // The demo requests are there, in several states.
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await page.getByRole('button', { name: '申请用印' }).click();
    await page.waitForURL(/applyContractSealList/);

    const picker = page.locator('#contract-seal-form_employeeId');
    await chooseOption(page, picker, `（${emp?.code}）`, { type: emp?.name ?? '' });
    // Submitting without the file names what is missing.
    await page.locator('form#contract-seal-form').getByRole('button', { name: '提交审批' }).click();
    await expect.poll(() => page.getByText('请上传合同文件').isVisible(), { timeout: 10_000 }).toBe(true);
    await chooseOption(page, page.locator('#contract-seal-form_contractType'), '无固定期限');
    await page.locator('#contract-seal-form_contractStart').fill('2026-01-01');
    await page.keyboard.press('Enter');
    await page.locator('#contract-seal-form_purpose').fill('劳动合同续签盖章');
    await page
      .locator('form#contract-seal-form input[type=file]')
      .setInputFiles({ name: '劳动合同.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect.poll(async () => (await recordedToasts(page)).some((t) => t.includes('上传成功')), { timeout: 15_000 }).toBe(true);
    await page.locator('form#contract-seal-form').getByRole('button', { name: '提交审批' }).click();
    await page.waitForURL(/ContractSealListDetails\?id=\d+/, { timeout: 15_000 });
    const detail = page.getByTestId('contract-detail');
    await expect.poll(() => detail.getByText('劳动合同续签盖章').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => detail.getByText('人力资源总监审批').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => detail.getByText('劳动合同.pdf').isVisible(), { timeout: 10_000 }).toBe(true);
    const detailUrl = page.url();
    expect(errors).toEqual([]);
    await context.close();

    const director = await signedIn(browser, 'hrd01');
    await recordToasts(director.page);
    await go(director.page, new URL(detailUrl).hash.slice(1));
    const card = director.page.getByTestId('contract-detail');
    await card.getByRole('button', { name: /通\s*过/ }).click();
    await director.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await expect.poll(async () => (await recordedToasts(director.page)).includes('已通过'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => card.getByText('印章管理员用印').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(director.errors).toEqual([]);
    await director.context.close();
  });

  it('hr01 opens a request hrd01 sent back: the dialog says so and 重新提交 sends it to hrd01 again', async () => {
    const hr = await apiLogin('hr01');
    const hrd = await apiLogin('hrd01');
    // An employee without any seal request yet (one request in flight per employee; the demo has some).
    const seals = await apiCall<{ records: Array<{ employeeId: number }> }>(
      '/hr_api/hrm/contractSeal/selectPage',
      { pageIndex: 1, pageSize: 100 },
      hr.access_token,
    );
    const sealed = new Set(seals.data.records.map((r) => r.employeeId));
    const options = await apiCall<Array<{ id: number; userName: string }>>(
      '/hr_api/hrm/api/employee/getEmployeeList',
      { keyword: 'user', limit: 50 },
      hr.access_token,
    );
    const employeeId = options.data.find((o) => /^user\d+$/.test(o.userName) && !sealed.has(o.id))?.id;
    expect(employeeId, JSON.stringify(options)).toBeTruthy();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), '劳动合同.pdf');
    form.append('moduleName', 'hrContract');
    const up = await fetch(`${baseUrl()}/file_api/file/fileUrl/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${hr.access_token}` },
    });
    const fileId = ((await up.json()) as { data: { fileId: string } }).data.fileId;
    const saved = await apiCall<{ processInstanceId: number }>(
      '/hr_api/hrm/contractSeal/add',
      {
        employeeId,
        contractType: '001',
        contractStart: '2026-01-01',
        contractEnd: '2028-12-31',
        copies: 1,
        sealType: '002',
        purpose: '退回后原样重新提交',
        fileGroupId: fileId,
      },
      hr.access_token,
    );
    expect(saved.code, saved.message).toBe('200');
    const instanceId = saved.data.processInstanceId;
    const flowOf = (token: string) =>
      apiCall<{ taskId: number | null; taskKind: string | null }>('/bpm_api/bpm/camunda/common/getFlowData', { instanceId }, token);
    const back = await apiCall(
      '/hr_api/hrm/contractSeal/rollback',
      { taskId: (await flowOf(hrd.access_token)).data.taskId, sort: 0, message: '请核对份数' },
      hrd.access_token,
    );
    expect(back.code, back.message).toBe('200');
    expect((await flowOf(hr.access_token)).data.taskKind).toBe('resubmit');

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await recordToasts(page);
    await go(page, `/DetailsPage?processKey=ContractSeal_Process&processInstanceId=${instanceId}&mode=approve`);
    const box = page.getByRole('dialog', { name: '用印申请详情' });
    await box.getByTestId('document-returned').waitFor({ timeout: 20_000 });
    await box.getByTestId('document-resubmit').click();
    await expect.poll(async () => (await recordedToasts(page)).includes('提交成功'), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await flowOf(hrd.access_token)).data.taskKind, { timeout: 10_000 }).toBe('approve');
    expect(errors).toEqual([]);
    await context.close();
  });
});
