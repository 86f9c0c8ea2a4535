import type { BillDetail } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { queryRows } from '../../../platform/db';
import { billingFixtures } from './billing-test-support';

/** Issue 34 §3: a bill is held to what is left of its project's contract, unless allowed with a reason. */
let s: TestServer;
let fin: string;
let mgr: string;
beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr] = await Promise.all([s.login('fin01'), s.login('mgr01')]);
});
afterAll(() => s.close());

const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
const { projectAndMonth, financeTask } = billingFixtures(() => ({ s, fin, mgr }));

/** What the project's other live bills bill, and its contract set to that plus `left` fen. */
async function leaveOnContract(projectId: number, left: number): Promise<{ billed: number; contract: number }> {
  const [row] = await queryRows<{ billed: string }>(
    s.db,
    sql`SELECT coalesce(sum(amount_incl), 0)::bigint AS billed FROM fin_bills
      WHERE project_id = ${projectId} AND deleted_at IS NULL AND state IN ('approving', 'returned', 'passed')`,
  );
  const billed = Number(row?.billed ?? 0);
  await s.db.execute(sql`UPDATE fin_projects SET contract_amount = ${billed + left} WHERE id = ${projectId}`);
  return { billed, contract: billed + left };
}

/** The next month of the project's period without a bill of the type the tests use. */
async function freeMonth(projectId: number): Promise<number> {
  const [row] = await queryRows<{ month: number }>(
    s.db,
    sql`SELECT (extract(year FROM g) * 100 + extract(month FROM g))::int AS month
      FROM fin_projects p CROSS JOIN LATERAL generate_series(date_trunc('month', p.start_date), p.end_date, interval '1 month') g
      WHERE p.id = ${projectId} AND NOT EXISTS (SELECT 1 FROM fin_bills b WHERE b.project_id = p.id AND b.deleted_at IS NULL AND b.bill_type = '001'
        AND b.month = (extract(year FROM g) * 100 + extract(month FROM g))::int AND b.state NOT IN ('rejected', 'revoked'))
      ORDER BY g LIMIT 1`,
  );
  if (!row) throw new Error(`no free month on project ${projectId}`);
  return Number(row.month);
}

/** One line of `fen` fen excluding tax, at 0 % so the amount is exactly that. */
const bill = (projectId: number, month: number, fen: number, extra: Record<string, unknown> = {}) => ({
  projectId,
  billType: '001',
  settleMethod: '004',
  month,
  taxRateBp: 0,
  lines: [{ description: '固定服务费', quantityX100: 100, unitPrice: fen }],
  ...extra,
});

describe('bills against the contract', () => {
  it('refuses a bill beyond the rest with the figures; a manager cannot override; finance can with a reason, kept on the bill', async () => {
    const { projectId, month } = await projectAndMonth();
    const { billed, contract } = await leaveOnContract(projectId, 500_000);
    const over = await s.post(NB('saveBill'), bill(projectId, month, 600_000), mgr);
    expect(over.status).toBe(400);
    const yuan = (f: number) => (f / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(over.message).toContain(`合同金额${yuan(contract)}元`);
    expect(over.message).toContain(`已结算（含审批中）${yuan(billed)}元`);
    expect(over.message).toContain('剩余5,000.00元，本单6,000.00元');
    // A reason from someone without the permission changes nothing.
    expect((await s.post(NB('saveBill'), bill(projectId, month, 600_000, { overContractReason: '客户追加' }), mgr)).status).toBe(400);
    // Finance without a reason: still refused.
    expect((await s.post(NB('saveBill'), bill(projectId, month, 600_000), fin)).status).toBe(400);
    const allowed = await s.post<BillDetail>(
      NB('saveBill'),
      bill(projectId, month, 600_000, { overContractReason: '客户书面确认追加服务，合同补充协议签署中' }),
      fin,
    );
    expect(allowed.code).toBe('200');
    expect(allowed.data.overContractReason).toBe('客户书面确认追加服务，合同补充协议签署中');
    expect(allowed.data.overContractByName).toEqual(expect.any(String));
    // Submitted: it is allowed, it was recorded.
    const submitted = await s.post<BillDetail>(NB('submitBill'), { id: allowed.data.id }, fin);
    expect(submitted.code).toBe('200');
    // Within the rest, nothing is asked or recorded.
    await leaveOnContract(projectId, 10_000_000);
    const fits = await s.post<BillDetail>(NB('saveBill'), bill(projectId, await freeMonth(projectId), 100_000), mgr);
    expect(fits.code).toBe('200');
    expect(fits.data.overContractReason).toBeNull();
  });

  it('checks again at submission: a draft that fitted is refused once another bill took the rest; no contract amount, no limit', async () => {
    const { projectId, month } = await projectAndMonth();
    await leaveOnContract(projectId, 1_000_000);
    const first = await s.post<BillDetail>(NB('saveBill'), bill(projectId, month, 700_000), mgr);
    expect(first.code).toBe('200');
    const other = await s.post<BillDetail>(NB('saveBill'), bill(projectId, await freeMonth(projectId), 700_000), mgr);
    expect(other.code).toBe('200');
    const otherSubmitted = await s.post<BillDetail>(NB('submitBill'), { id: other.data.id }, mgr);
    expect(otherSubmitted.code).toBe('200');
    const late = await s.post(NB('submitBill'), { id: first.data.id }, mgr);
    expect(late.status).toBe(400);
    expect(late.message).toContain('剩余3,000.00元，本单7,000.00元');
    // A rejected bill no longer counts: after finance rejects the other, the first goes through.
    const rejected = await s.post(
      '/bpm_api/bpm/camunda/task/reject',
      { taskId: await financeTask(otherSubmitted.data.processInstanceId as number), message: '金额有误' },
      fin,
    );
    expect(rejected.code).toBe('200');
    expect((await s.post(NB('submitBill'), { id: first.data.id }, mgr)).code).toBe('200');
    await s.db.execute(sql`UPDATE fin_projects SET contract_amount = 0 WHERE id = ${projectId}`);
    expect((await s.post(NB('saveBill'), bill(projectId, await freeMonth(projectId), 99_999_999), mgr)).code).toBe('200');
  });

  it('two bills submitted at the same moment that together pass the rest: one goes through', async () => {
    const { projectId, month } = await projectAndMonth();
    await leaveOnContract(projectId, 1_000_000);
    const a = await s.post<BillDetail>(NB('saveBill'), bill(projectId, month, 600_000), mgr);
    const b = await s.post<BillDetail>(NB('saveBill'), bill(projectId, await freeMonth(projectId), 600_000), mgr);
    const results = await Promise.all([a, b].map((x) => s.post(NB('submitBill'), { id: x.data.id }, mgr)));
    expect(results.map((r) => r.code).sort()).toEqual(['200', '400']);
  });
});
