import type { BillDetail, HistoryEntry } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';
import { billingFixtures } from '../finance/billing/billing-test-support';

/** Issue 34 §4: a record's 操作记录 — field changes with labels and formatted values, merged with its approval steps. */
let s: TestServer;
let fin: string;
let mgr: string;
let hr: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr, hr, emp] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('hr01'), s.login('emp01')]);
});
afterAll(() => s.close());

const H = (n: string) => `/base_api/base/api/history/${n}`;
const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
const { newBill, financeTask, invoicedBill } = billingFixtures(() => ({ s, fin, mgr }));

describe('a bill', () => {
  it('shows its creation, each change of amounts with the figures as the bill shows them, and its approval, newest first', async () => {
    const draft = await newBill();
    const changed = await s.post<BillDetail>(
      NB('saveBill'),
      {
        id: draft.id,
        projectId: draft.projectId,
        billType: '001',
        settleMethod: '004',
        month: draft.month,
        taxRateBp: 600,
        remark: '按合同固定金额结算',
        lines: [{ description: '固定服务费', quantityX100: 100, unitPrice: 1_000_000 }],
      },
      mgr,
    );
    expect(changed.code).toBe('200');
    const submitted = await s.post<BillDetail>(NB('submitBill'), { id: draft.id }, mgr);
    const passed = await s.post(
      '/bpm_api/bpm/camunda/task/pass',
      { taskId: await financeTask(submitted.data.processInstanceId as number), message: '金额无误' },
      fin,
    );
    expect(passed.code).toBe('200');

    const history = await s.post<HistoryEntry[]>(H('list'), { kind: 'bill', id: draft.id }, mgr);
    expect(history.code).toBe('200');
    const entries = history.data;
    expect(entries.at(-1)).toMatchObject({ type: 'created', action: '创建' });
    const amounts = entries.find((e) => e.changes.some((c) => c.field === 'amount_incl' && c.to === '10,600.00'));
    expect(amounts?.changes).toEqual(
      expect.arrayContaining([
        { field: 'amount_incl', label: '含税金额', from: expect.stringMatching(/^\d{1,3}(,\d{3})*\.\d\d$/), to: '10,600.00' },
        { field: 'settle_method', label: '结算方式', from: expect.any(String), to: expect.not.stringMatching(/^00\d$/) },
        { field: 'remark', label: '备注', from: null, to: '按合同固定金额结算' },
      ]),
    );
    expect(amounts?.userName).toEqual(expect.any(String));
    const approval = entries.find((e) => e.type === 'approval');
    expect(approval).toMatchObject({ action: expect.stringContaining('：通过'), comment: '金额无误' });
    const states = entries.flatMap((e) => e.changes.filter((c) => c.field === 'state').map((c) => `${c.from}→${c.to}`));
    expect(states).toEqual(expect.arrayContaining(['草稿→审批中', '审批中→已通过']));
    // Newest first.
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const xlsx = await s.raw(H('export'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${mgr}` },
      body: JSON.stringify({ ROOT: { header: {}, body: { kind: 'bill', id: draft.id } } }),
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheet');
  });

  it('is read only by who may read the bill; an unknown kind or id is refused', async () => {
    const [bill] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_bills ORDER BY id LIMIT 1`);
    const refused = await s.post(H('list'), { kind: 'bill', id: bill?.id }, emp);
    expect(refused.status).toBe(404);
    expect((await s.post(H('list'), { kind: 'nope', id: 1 }, fin)).status).toBe(400);
    expect((await s.post(H('list'), { kind: 'bill', id: 'x' }, fin)).status).toBe(400);
    expect((await s.post(H('list'), { kind: 'bill', id: 99_999_999 }, fin)).status).toBe(404);
  });
});

describe('an employee', () => {
  it('shows a contact change to HR in full, to a manager masked, and to the employee themself', async () => {
    const [e] = await queryRows<{ id: number; phone: string | null }>(
      s.db,
      sql`SELECT e.id, e.phone FROM employees e JOIN users u ON u.id = e.user_id WHERE u.user_code = 'emp01'`,
    );
    const id = Number(e?.id);
    const link = await s.post<Record<string, unknown>>('/hr_api/hrm/api/roster/getRosterLinkInfo', { employeeId: id }, hr);
    const { masked: _masked, ...current } = link.data;
    const saved = await s.post('/hr_api/hrm/api/roster/saveRosterLink', { ...current, id, phone: '13912345678', email: 'emp01.new@example.com' }, hr);
    expect(saved.code).toBe('200');
    const forHr = await s.post<HistoryEntry[]>(H('list'), { kind: 'employee', id }, hr);
    const change = forHr.data.find((x) => x.changes.some((c) => c.field === 'phone'));
    expect(change?.changes.find((c) => c.field === 'phone')).toEqual({ field: 'phone', label: '手机号', from: e?.phone ?? null, to: '13912345678' });
    expect(change?.changes.find((c) => c.field === 'email')?.to).toBe('emp01.new@example.com');
    const own = await s.post<HistoryEntry[]>(H('list'), { kind: 'employee', id }, emp);
    expect(own.data.find((x) => x.changes.some((c) => c.to === '13912345678'))).toBeDefined();
    const forMgr = await s.post<HistoryEntry[]>(H('list'), { kind: 'employee', id }, mgr);
    if (forMgr.code === '200') {
      const phones = forMgr.data.filter((x) => x.part === null).flatMap((x) => x.changes.filter((c) => c.field === 'phone').map((c) => c.to));
      expect(phones).not.toContain('13912345678');
      expect(phones.every((p) => p === null || p.includes('*'))).toBe(true);
    } else expect(forMgr.status).toBe(404);
  });
});

describe('a project and an expense claim', () => {
  it("shows a project's approved change of its contract amount, and a claim's creation and approval", async () => {
    const [project] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_projects WHERE version_no = 2 AND deleted_at IS NULL ORDER BY id LIMIT 1`);
    const history = await s.post<HistoryEntry[]>(H('list'), { kind: 'project', id: project?.id }, fin);
    expect(history.code).toBe('200');
    expect(history.data.flatMap((e) => e.changes.map((c) => c.label))).toContain('合同金额');
    const [claim] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT id FROM fin_expense_claims WHERE state = 'passed' AND deleted_at IS NULL
        AND user_id NOT IN (SELECT id FROM users WHERE user_code = 'emp01') ORDER BY id LIMIT 1`,
    );
    const claimHistory = await s.post<HistoryEntry[]>(H('list'), { kind: 'claim', id: claim?.id }, fin);
    expect(claimHistory.code).toBe('200');
    expect(claimHistory.data.map((e) => e.type)).toEqual(expect.arrayContaining(['created']));
    expect((await s.post(H('list'), { kind: 'claim', id: claim?.id }, emp)).status).toBe(404);
  });
});

describe("a record's parts", () => {
  it("shows a bill's invoice as it was applied and issued, named by its number", async () => {
    const { bill, invoice } = await invoicedBill(3);
    const history = await s.post<HistoryEntry[]>(H('list'), { kind: 'bill', id: bill.id }, fin);
    expect(history.code).toBe('200');
    const invoiceEntries = history.data.filter((e) => e.part?.startsWith('发票'));
    const created = invoiceEntries.find((e) => e.type === 'created');
    expect(created?.changes).toEqual(expect.arrayContaining([{ field: 'state', label: '发票状态', from: null, to: '已申请' }]));
    const issued = invoiceEntries.find((e) => e.changes.some((c) => c.field === 'invoice_no'));
    expect(issued).toMatchObject({ type: 'changed', part: `发票 ${invoice.invoiceNo}` });
    expect(issued?.changes).toEqual(expect.arrayContaining([{ field: 'state', label: '发票状态', from: '已申请', to: '已开票' }]));
  });

  it("shows an employee's record section rows as HR added, changed and deleted them, with the bank account masked for a manager", async () => {
    const [e] = await queryRows<{ id: number }>(s.db, sql`SELECT e.id FROM employees e JOIN users u ON u.id = e.user_id WHERE u.user_code = 'emp02'`);
    const id = Number(e?.id);
    const R = (n: string) => `/hr_api/hrm/api/${n}`;
    const added = await s.post<{ id: number }>(R('workerHistory/add'), { employeeId: id, data: { company: '星河科技有限公司', position: '测试' } }, hr);
    expect(added.code).toBe('200');
    const row = added.data.id;
    expect((await s.post(R('workerHistory/update'), { id: row, data: { company: '星河科技有限公司', position: '测试组长' } }, hr)).code).toBe('200');
    expect((await s.post(R('workerHistory/delete'), { id: row }, hr)).code).toBe('200');
    const bank = await s.post(
      R('bank/update'),
      { employeeId: id, data: { bankCode: 'CMB', accountName: '员工二', accountNo: '6225880287654321', salaryCard: false } },
      hr,
    );
    expect(bank.code).toBe('200');

    const forHr = (await s.post<HistoryEntry[]>(H('list'), { kind: 'employee', id }, hr)).data;
    const work = forHr.filter((x) => x.part === '工作经历 星河科技有限公司');
    expect(work.map((x) => x.type)).toEqual(['deleted', 'changed', 'created']);
    expect(work[1]?.changes).toEqual([{ field: 'position', label: '职位', from: '测试', to: '测试组长' }]);
    expect(work[0]?.changes).toEqual(expect.arrayContaining([{ field: 'company', label: '工作单位', from: '星河科技有限公司', to: null }]));
    expect(work.every((x) => x.userName !== null)).toBe(true);
    const card = forHr.find((x) => x.part?.startsWith('银行卡信息') && x.type === 'created');
    expect(card?.changes.find((c) => c.field === 'account_no')?.to).toBe('6225880287654321');

    const forMgr = await s.post<HistoryEntry[]>(H('list'), { kind: 'employee', id }, mgr);
    if (forMgr.code === '200') {
      const accounts = forMgr.data.flatMap((x) => x.changes.filter((c) => c.field === 'account_no').map((c) => c.to));
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts).not.toContain('6225880287654321');
    } else expect(forMgr.status).toBe(404);
  });
});

describe('an asset, a timesheet and a payroll month', () => {
  it("shows an asset's change of keeper by name to who reads the register, and to no one else", async () => {
    const [asset] = await queryRows<{ id: number; name: string; location: string; keeper_user_id: number | null }>(
      s.db,
      sql`SELECT id, name, location, keeper_user_id FROM assets ORDER BY id LIMIT 1`,
    );
    const [keeper] = await queryRows<{ id: number; real_name: string }>(
      s.db,
      sql`SELECT id, real_name FROM users WHERE user_code IN ('hr01', 'fin01') AND id IS DISTINCT FROM ${asset?.keeper_user_id ?? null} ORDER BY user_code DESC LIMIT 1`,
    );
    const up = await s.post(
      '/assets_api/assets/asset/update',
      { id: asset?.id, name: `${asset?.name}（研发）`, keeperUserId: keeper?.id, location: asset?.location },
      hr,
    );
    expect(up.message).toBe('操作成功');
    const history = await s.post<HistoryEntry[]>(H('list'), { kind: 'asset', id: asset?.id }, hr);
    expect(history.code).toBe('200');
    const change = history.data.find((x) => x.changes.some((c) => c.field === 'name'));
    expect(change?.changes.find((c) => c.field === 'name')).toMatchObject({ label: '资产名称', to: `${asset?.name}（研发）` });
    const keeperChange = history.data.flatMap((x) => x.changes).find((c) => c.field === 'keeper_user_id');
    expect(keeperChange).toMatchObject({ label: '保管人', to: keeper?.real_name });
    expect((await s.post(H('list'), { kind: 'asset', id: asset?.id }, emp)).status).toBe(404);
  });

  it("shows a timesheet's change to its owner, not to another employee, with hours as hours", async () => {
    const [sheet] = await queryRows<{ id: number; user_code: string; user_id: number; total_minutes: number }>(
      s.db,
      sql`SELECT h.id, u.user_code, h.user_id, h.total_minutes FROM fin_hour_sheets h JOIN users u ON u.id = h.user_id
        WHERE h.deleted_at IS NULL AND u.user_code NOT IN ('emp01') ORDER BY h.id LIMIT 1`,
    );
    // Whatever writes the table (here a correction in the database) leaves its version.
    await s.db.execute(
      sql`UPDATE fin_hour_sheets SET total_minutes = total_minutes + 90, remark = '补录', updated_by = ${sheet?.user_id} WHERE id = ${sheet?.id}`,
    );
    const owner = await s.login(sheet?.user_code as string);
    const history = await s.post<HistoryEntry[]>(H('list'), { kind: 'timesheet', id: sheet?.id }, owner);
    expect(history.code).toBe('200');
    const total = history.data.flatMap((x) => x.changes).find((c) => c.field === 'total_minutes');
    expect(total).toMatchObject({ label: '合计工时', to: `${Math.round(((Number(sheet?.total_minutes) + 90) / 60) * 100) / 100} 小时` });
    expect((await s.post(H('list'), { kind: 'timesheet', id: sheet?.id }, emp)).status).toBe(404);
  });

  it('shows who computed a payroll month and how its totals moved, to payroll readers only', async () => {
    const [run] = await queryRows<{ id: number; month: number }>(s.db, sql`SELECT id, month FROM pay_runs WHERE state = 'open' ORDER BY month DESC LIMIT 1`);
    expect((await s.post('/salary_api/salary/payroll/compute', { month: run?.month }, fin)).code).toBe('200');
    const history = await s.post<HistoryEntry[]>(H('list'), { kind: 'payroll', id: run?.id }, fin);
    expect(history.code).toBe('200');
    const computed = history.data.find((x) => x.changes.some((c) => c.field === 'computed_at'));
    expect(computed?.userName).toEqual(expect.any(String));
    expect(computed?.changes.find((c) => c.field === 'computed_at')?.to).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect((await s.post(H('list'), { kind: 'payroll', id: run?.id }, emp)).status).toBe(404);
  });
});
