import type { BillDetail, InvoiceRecord } from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/harness';
import { users, wfTasks } from '../../../db/schema';
import { queryRows } from '../../../platform/db';

const NB = (n: string) => `/finance_api/finance/newbill/${n}`;

/**
 * Bills made the way their users make them (mgr01 prepares, fin01 approves and invoices), shared by
 * the billing API tests. `env` is read at each call: the server and tokens are set in beforeAll.
 */
export function billingFixtures(env: () => { s: TestServer; fin: string; mgr: string }) {
  const userId = async (code: string) => {
    const { s } = env();
    return (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;
  };

  /** A running demo project of mgr01's department (信息技术部, D004) and a month of its period without a bill. */
  async function projectAndMonth(_offset = 0): Promise<{ projectId: number; month: number }> {
    const { s } = env();
    const [free] = await queryRows<{ id: number; month: number }>(
      s.db,
      sql`SELECT p.id, (extract(year FROM g) * 100 + extract(month FROM g))::int AS month
        FROM fin_projects p JOIN org_units o ON o.id = p.dept_id
        CROSS JOIN LATERAL generate_series(date_trunc('month', p.start_date), p.end_date, interval '1 month') g
        WHERE o.code = 'D004' AND p.phase = '002' AND p.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM fin_bills b WHERE b.project_id = p.id AND b.deleted_at IS NULL AND b.bill_type = '001'
            AND b.month = (extract(year FROM g) * 100 + extract(month FROM g))::int AND b.state NOT IN ('rejected', 'revoked'))
        ORDER BY p.id, g LIMIT 1`,
    );
    if (!free) throw new Error('no free month');
    return { projectId: free.id, month: free.month };
  }

  const lines = async () => [
    { userId: await userId('emp01'), personName: '员工一', description: 'Java开发工程师', quantityX100: 17650, unitPrice: 12345 },
    { personName: '员工二', description: '测试工程师', quantityX100: 16800, unitPrice: 9999 },
    { description: '加班费', quantityX100: 1250, unitPrice: 8833 },
  ];

  async function newBill(offset = 0, overrides: Record<string, unknown> = {}): Promise<BillDetail> {
    const { s, mgr } = env();
    const { projectId, month } = await projectAndMonth(offset);
    const res = await s.post<BillDetail>(
      NB('saveBill'),
      { projectId, billType: '001', settleMethod: '001', month, taxRateBp: 600, lines: await lines(), ...overrides },
      mgr,
    );
    expect(res.message).toBe('操作成功');
    return res.data;
  }

  async function financeTask(instanceId: number) {
    const { s } = env();
    const [t] = await s.db
      .select({ id: wfTasks.id })
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')));
    return t?.id as number;
  }

  /** Draft → submitted → approved by finance. */
  async function approvedBill(offset = 0): Promise<BillDetail> {
    const { s, fin, mgr } = env();
    const draft = await newBill(offset);
    const submitted = await s.post<BillDetail>(NB('submitBill'), { id: draft.id }, mgr);
    expect(submitted.code).toBe('200');
    const passed = await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: await financeTask(submitted.data.processInstanceId as number) }, fin);
    expect(passed.code).toBe('200');
    return (await s.post<BillDetail>(NB('getBillInfo'), { id: draft.id }, fin)).data;
  }

  /** Approved, invoice applied and issued on `invoiceDate`. */
  async function invoicedBill(offset = 0, invoiceDate = '2026-11-10'): Promise<{ bill: BillDetail; invoice: InvoiceRecord }> {
    const { s, fin, mgr } = env();
    const bill = await approvedBill(offset);
    const applied = await s.post<InvoiceRecord>(NB('applyInvoice'), { billId: bill.id, invoiceType: '001', buyerName: bill.clientName }, mgr);
    expect(applied.code).toBe('200');
    const issued = await s.post<InvoiceRecord>(
      NB('issueInvoice'),
      { invoiceId: applied.data.id, invoiceNo: `8${String(Date.now()).slice(-9)}${offset}`, invoiceDate },
      fin,
    );
    expect(issued.code).toBe('200');
    return { bill: (await s.post<BillDetail>(NB('getBillInfo'), { id: bill.id }, fin)).data, invoice: issued.data };
  }

  return { userId, projectAndMonth, lines, newBill, financeTask, approvedBill, invoicedBill };
}
