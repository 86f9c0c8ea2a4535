import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser } from './harness';
import { go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const H = '/hr_api/hrm/api/';
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible');
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal:not(.ant-modal-confirm)');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true }) : undefined;
const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper:visible');
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

interface Person {
  userCode: string;
  employeeId: number;
  employeeCode: string;
  name: string;
  orgId: number | null;
}
interface OrgNode {
  id: number;
  code: string;
  name: string;
  isClient?: boolean;
  children: OrgNode[];
}

/** Colleagues no other browser test moves (the bulk confirmation may pick them, which a transfer does not block). */
const CANDIDATES = ['user24', 'user25', 'user23', 'user22', 'user21'];

/** People of the candidates who are on duty and have no open transfer, in order. */
async function movablePeople(hr: string): Promise<Person[]> {
  const out: Person[] = [];
  for (const userCode of CANDIDATES) {
    const p = await apiCall<Person & { employState: string }>(`${H}employeeChange/getEmployeeByUserCode`, { userCode }, hr);
    if (p.code !== '200' || ['004', '005'].includes(p.data.employState)) continue;
    const open = await apiCall<{ records: Array<{ state: string }> }>(`${H}employee/getTransferPage`, { keyword: p.data.employeeCode, pageSize: 50 }, hr);
    if (open.data.records.some((r) => ['draft', 'approving', 'returned'].includes(r.state))) continue;
    out.push({ ...p.data, userCode });
  }
  return out;
}

/** Departments (not client companies) by code. */
async function departments(hr: string): Promise<Map<string, OrgNode>> {
  const tree = await apiCall<OrgNode[]>('/base_api/base/api/org/tree', {}, hr);
  const all = new Map<string, OrgNode>();
  const walk = (nodes: OrgNode[]) => {
    for (const n of nodes) {
      if (!n.isClient) all.set(n.code, n);
      walk(n.children ?? []);
    }
  };
  walk(tree.data);
  return all;
}
const otherUnit = (units: Map<string, OrgNode>, orgId: number | null) =>
  ['D003', 'D004', 'D005', 'D001'].map((c) => units.get(c)).find((u): u is OrgNode => !!u && u.id !== orgId) as OrgNode;

/** The holder of the pending step sends the request back to its applicant (instance/rollback). */
async function sendBack(instanceId: number, message: string) {
  const flow = await apiCall<{
    steps: Array<{ approvalFlag: number; operateType: number; approvalUserCode: string; groupUserList: Array<{ userCode: string }> }>;
  }>('/bpm_api/bpm/camunda/common/getFlowData', { instanceId }, await token('admin'));
  const pending = flow.data.steps.find((s) => s.approvalFlag === 0 && s.operateType === 1);
  const code = pending?.groupUserList[0]?.userCode || pending?.approvalUserCode;
  if (!code) throw new Error(`no pending step on ${instanceId}`);
  const t = await token(code);
  const mine = await apiCall<{ taskId: number | null }>('/bpm_api/bpm/camunda/common/getFlowData', { instanceId }, t);
  const res = await apiCall(`${H}instance/rollback`, { taskId: mine.data.taskId, message }, t);
  expect(res.code, res.message).toBe('200');
}

async function xlsxFile(data: Array<Array<string>>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('批量调动');
  for (const r of data) ws.addRow(r);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-transfer-')), 'transfers.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

describe('lifecycle details (hr01)', () => {
  it('opens a sent-back transfer in the process centre, corrects and resubmits it, then reads it from the transfer list', async () => {
    const hr = await token('hr01');
    const [person] = await movablePeople(hr);
    if (!person) throw new Error('no movable colleague among the candidates');
    const target = otherUnit(await departments(hr), person.orgId);
    const started = await apiCall<{ id: number; documentNo: string; processInstanceId: number }>(
      `${H}instance/startTransferInstance`,
      { employeeId: person.employeeId, changeType: '003', toOrgId: target.id, toPositionName: '实施顾问', effectiveDate: day(14), reason: '项目组调整' },
      hr,
    );
    expect(started.code, started.message).toBe('200');
    const { documentNo, processInstanceId } = started.data;
    await sendBack(processInstanceId, '请补充调动原因');

    const { page, context, errors } = await signedIn(browser, 'hr01');
    // 我发起的: the request sent back opens with its document and the fields the applicant may correct.
    await go(page, '/Initiate/index');
    const row = rows(page)
      .filter({ hasText: `${person.name} 调动申请` })
      .first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: '修改并提交' }).click();
    const dlg = dialog(page);
    await dlg.getByTestId('lifecycle-record').getByText(documentNo).waitFor({ timeout: 15_000 });
    expect(await dlg.getByTestId('lifecycle-record').textContent()).toContain(target.name);
    expect(await dlg.getByTestId('lifecycle-record').textContent()).toContain('调动详情');
    const reason = dlg.getByTestId('lifecycle-resubmit').getByLabel('调动原因');
    expect(await reason.inputValue()).toBe('项目组调整');
    // A blank reason is refused in the form and nothing is sent.
    await shot(page, 'transfer-resubmit-dialog');
    await reason.fill('');
    await dlg.getByTestId('request-resubmit').click();
    await dlg.getByText('请输入调动原因').waitFor({ timeout: 10_000 });
    await reason.fill('项目组调整，客户现场需要实施顾问');
    await dlg.getByTestId('request-resubmit').click();
    await expect.poll(() => dialog(page).count(), { timeout: 15_000 }).toBe(0);
    const info = await apiCall<{ record: { state: string; reason: string } }>(`${H}business/getTransferInstanceInfo`, { processInstanceId }, hr);
    expect(info.data.record).toMatchObject({ state: 'approving', reason: '项目组调整，客户现场需要实施顾问' });

    // 人事异动 → 调动管理: the same document's 详情 from the list, with its flow.
    await go(page, '/staffChange/index');
    await page.getByRole('tab', { name: /调动管理/ }).click();
    await page.getByPlaceholder('姓名 / 工号').fill(person.employeeCode);
    await page
      .getByRole('button', { name: /查\s*询|搜\s*索/ })
      .first()
      .click();
    const listed = rows(page).filter({ hasText: documentNo }).first();
    await listed.waitFor({ timeout: 15_000 });
    await listed.getByTestId('lifecycle-detail').click();
    const side = drawer(page);
    await side.getByTestId('lifecycle-record').getByText(documentNo).waitFor({ timeout: 15_000 });
    await shot(page, 'transfer-detail-drawer');
    const text = (await side.textContent()) ?? '';
    expect(text).toContain(target.name);
    expect(text).toContain('项目组调整，客户现场需要实施顾问');
    expect(text).toContain('原部门负责人审批');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('batch transfers from the template: one row refused with its reason, the valid one submitted', async () => {
    const hr = await token('hr01');
    const people = await movablePeople(hr);
    const person = people[people.length - 1];
    if (!person) throw new Error('no movable colleague among the candidates');
    const target = otherUnit(await departments(hr), person.orgId);

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/staffChange/index');
    await page.getByRole('tab', { name: /调动管理/ }).click();
    await page.getByTestId('batch-transfer').click();
    const dlg = dialog(page);
    await dlg.getByText('批量调动').first().waitFor();
    const [template] = await Promise.all([page.waitForEvent('download'), dlg.getByRole('button', { name: '下载导入模板' }).click()]);
    expect(template.suggestedFilename()).toBe('批量调动模板.xlsx');
    const file = await xlsxFile([
      ['*工号', '*调入部门编码', '新岗位', '新职级编码', '*生效日期', '*调动原因'],
      [person.employeeCode, target.code, '交付专员', '', day(21), '批量调动：项目交付'],
      ['E99999X', target.code, '', '', day(21), '批量调动：不存在的员工'],
    ]);
    await dlg.locator('input[type=file]').setInputFiles(file);
    await dlg.getByRole('button', { name: '校验数据' }).click();
    await expect.poll(() => dlg.getByText('共 2 行，有效 1 行，错误 1 行').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dlg.getByText('员工不存在：E99999X').isVisible()).toBe(true);
    await shot(page, 'batch-transfer-checked');
    await dlg.getByRole('button', { name: /确认导入有效的 1 行/ }).click();
    await expect.poll(() => page.getByText('已导入 1 个调动申请').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const after = await apiCall<{ records: Array<{ state: string; reason: string; toOrgName: string }> }>(
      `${H}employee/getTransferPage`,
      { keyword: person.employeeCode, pageSize: 50 },
      hr,
    );
    expect(after.data.records.find((r) => r.reason === '批量调动：项目交付')).toMatchObject({ state: 'approving', toOrgName: target.name });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('files a dismissal document on an open departure and a leaving document on a leaver, from their 详情', async () => {
    const hr = await token('hr01');
    const open = await apiCall<{ records: Array<{ id: number; documentNo: string; employeeCode: string; fileIds: number[] }> }>(
      `${H}employee/getQuitPage`,
      { state: 'approving', quitKind: 'dismiss', pageSize: 1 },
      hr,
    );
    const quit = open.data.records[0];
    if (!quit) throw new Error('no open departure in the demo data');
    const leavers = await apiCall<{ records: Array<{ id: number; employeeCode: string }> }>(`${H}employee/getDeparturePage`, { pageSize: 1 }, hr);
    const leaver = leavers.data.records[0];
    if (!leaver) throw new Error('no leaver in the demo data');
    const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });

    const { page, context, errors } = await signedIn(browser, 'hr01');
    await go(page, '/staffChange/index');
    await page.getByRole('tab', { name: /离职管理/ }).click();
    const search = async (code: string) => {
      await page.getByPlaceholder('姓名 / 工号').fill(code);
      await page
        .getByRole('button', { name: /查\s*询|搜\s*索/ })
        .first()
        .click();
    };
    await search(quit.employeeCode);
    const row = rows(page).filter({ hasText: quit.documentNo }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('lifecycle-detail').click();
    const side = drawer(page);
    await side.getByTestId('lifecycle-record').getByText(quit.documentNo).waitFor({ timeout: 15_000 });
    await side.getByTestId('dismiss-file-upload').locator('input[type=file]').setInputFiles(pdf('辞退通知书.pdf'));
    await expect.poll(() => page.getByText('已添加到离职单').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => side.getByTestId('quit-files').getByRole('button').count(), { timeout: 15_000 }).toBe(quit.fileIds.length + 1);
    const after = await apiCall<{ record: { fileIds: number[] } }>(`${H}employee/getQuitInfo`, { id: quit.id }, hr);
    expect(after.data.record.fileIds).toHaveLength(quit.fileIds.length + 1);
    await side.locator('.ant-drawer-close').click();

    await page.getByText('离职人员', { exact: true }).click();
    await search(leaver.employeeCode);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await rows(page).first().getByTestId('lifecycle-detail').click();
    await side.getByTestId('departure-record').waitFor({ timeout: 15_000 });
    await side.getByTestId('leaving-materials').locator('input[type=file]').last().setInputFiles(pdf('离职证明.pdf'));
    await expect.poll(() => page.getByText('离职材料已存档').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => side.getByTestId('leaving-materials').getByText('离职证明.pdf').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, 'leaver-materials');
    expect(errors).toEqual([]);
    await context.close();
  });
});
