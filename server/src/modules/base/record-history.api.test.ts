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
const { newBill, financeTask } = billingFixtures(() => ({ s, fin, mgr }));

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
      const phones = forMgr.data.flatMap((x) => x.changes.filter((c) => c.field === 'phone').map((c) => c.to));
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
