import type { BillDetail, BillRecord, InvoiceRecord, Page, VoidRecord } from '@erp/contract';
import { formatFen } from '@erp/contract/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { orgUnits } from '../../../db/schema';
import { queryRows } from '../../../platform/db';
import { pdfText } from '../../../platform/pdf/pdf-text';
import { finBills } from './billing.schema';
import { billingFixtures } from './billing-test-support';

let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
let hr: string;
beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr, emp, hr] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01'), s.login('hr01')]);
});
afterAll(() => s.close());

const NB = (n: string) => `/finance_api/finance/newbill/${n}`;
const IV = (n: string) => `/finance_api/finance/invoiceInfo/${n}`;
const SO = (n: string) => `/finance_api/finance/settleorg/${n}`;
const B = (n: string) => `/finance_api/finance/borrow/${n}`;

const { userId, projectAndMonth, lines, newBill, financeTask, approvedBill, invoicedBill } = billingFixtures(() => ({ s, fin, mgr }));

describe('demo data', () => {
  it('lists at least 20 bills in every invoice, payment and write-off status, and they all reconcile', async () => {
    const page = await s.post<Page<BillRecord>>(NB('getBillInfoPage'), { pageIndex: 1, pageSize: 20 }, fin);
    expect(page.code).toBe('200');
    expect(page.data.total).toBeGreaterThanOrEqual(20);
    expect(page.data.records).toHaveLength(20);
    const statuses = await queryRows<{ s: string }>(
      s.db,
      sql`SELECT DISTINCT invoice_status AS s FROM fin_bills UNION SELECT DISTINCT payment_status FROM fin_bills UNION SELECT DISTINCT writeoff_status FROM fin_bills`,
    );
    expect(statuses.map((r) => r.s).sort()).toEqual(['007', '008', '009', '010', '011', '012', '013', '014', '015', '016']);
    const voided = await s.post<Page<VoidRecord>>(IV('voiceCancelList'), { state: 'passed' }, fin);
    expect(voided.data.total).toBe(2);
    expect((await s.post(NB('getReconciliation'), {}, fin)).data).toEqual([]);
    // Numbers are gap-free per company and year.
    const numbers = await queryRows<{ settle_org_id: number; y: number; n: number; max: number }>(
      s.db,
      sql`SELECT settle_org_id, month / 100 AS y, count(*)::int AS n, max(right(bill_no, 5)::int) AS max FROM fin_bills WHERE bill_no IS NOT NULL GROUP BY 1, 2`,
    );
    for (const r of numbers) expect(r.max).toBe(r.n);
  });
});

describe('settlement parties and statuses', () => {
  it('answers first and second parties, settlement organisations and departments, and the statuses', async () => {
    const first = await s.post<Array<{ code: string }>>(SO('getFirstPartyData'), {}, mgr);
    expect(first.data.map((o) => o.code)).toContain('C900');
    expect(first.data.map((o) => o.code)).not.toContain('C001');
    const second = await s.post<Array<{ code: string }>>(SO('getSecondPartyData'), { keyword: 'C00' }, mgr);
    expect(second.data.map((o) => o.code)).toEqual(expect.arrayContaining(['C001', 'C002']));
    expect((await s.post<unknown[]>(SO('getSettleOrgData'), {}, mgr)).data.length).toBe(
      first.data.length + (await s.post<unknown[]>(SO('getSecondPartyData'), {}, mgr)).data.length,
    );
    const [c001] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, 'C001'));
    const depts = await s.post<Array<{ code: string }>>(SO('getSettleDepartmentData'), { settleOrgId: c001?.id }, mgr);
    expect(depts.data.map((d) => d.code)).toContain('D004');
    expect((await s.post(SO('getSettleDepartmentData'), { settleOrgId: 99999 }, mgr)).status).toBe(404);
    expect((await s.post(SO('getFirstPartyData'), { keyword: 'x'.repeat(65) }, mgr)).status).toBe(400);
    const st = await s.post<Array<{ code: string; group: string }>>('/finance_api/finance/billing/getStatus', { group: 'invoice' }, emp);
    expect(st.data.map((x) => x.code)).toEqual(['007', '008', '009', '010', '011']);
    expect((await s.post('/finance_api/finance/billing/getStatus', { group: 'nope' }, emp)).status).toBe(400);
    expect((await s.post(SO('getFirstPartyData'), {}, null)).status).toBe(401);
  });
});

describe('bills', () => {
  it('computes every line once and the totals as the sums of the lines', async () => {
    const bill = await newBill(0);
    expect(bill.state).toBe('draft');
    expect(bill.invoiceStatus).toBe('007');
    expect(bill.billNo).toBeNull();
    expect(bill.lines).toHaveLength(3);
    for (const l of bill.lines) expect(l.amountExcl + l.taxAmount).toBe(l.amountIncl);
    // 176.5 h × 123.45 = 21788.93 (half up), tax 6 % = 1307.34
    expect(bill.lines[0]).toMatchObject({ amountExcl: 2178893, taxAmount: 130734, amountIncl: 2309627 });
    expect(bill.amountExcl).toBe(bill.lines.reduce((t, l) => t + l.amountExcl, 0));
    expect(bill.taxAmount).toBe(bill.lines.reduce((t, l) => t + l.taxAmount, 0));
    expect(bill.amountIncl).toBe(bill.amountExcl + bill.taxAmount);
    expect(bill.amountInWords).toMatch(/元.*(分|整)$/);
    // The same project and month again: refused.
    const again = await s.post(
      NB('saveBill'),
      { projectId: bill.projectId, billType: '001', settleMethod: '001', month: bill.month, taxRateBp: 600, lines: await lines() },
      mgr,
    );
    expect(again.status).toBe(409);
    expect(again.message).toBe('该项目该月份已有同类结算单');
    // Update then delete the draft.
    const updated = await s.post<BillDetail>(
      NB('saveBill'),
      { id: bill.id, projectId: bill.projectId, billType: '001', settleMethod: '002', month: bill.month, taxRateBp: 300, lines: (await lines()).slice(0, 1) },
      mgr,
    );
    expect(updated.data.lines).toHaveLength(1);
    expect(updated.data.taxRateBp).toBe(300);
    expect((await s.post(NB('deleteBill'), { id: bill.id }, emp)).status).toBe(403);
    expect((await s.post(NB('deleteBill'), { id: bill.id }, mgr)).code).toBe('200');
    expect((await s.post(NB('getBillInfo'), { id: bill.id }, fin)).status).toBe(404);
  });

  it('refuses bad input, other roles and projects outside the scope', async () => {
    const { projectId, month } = await projectAndMonth(1);
    const base = { projectId, billType: '001', settleMethod: '001', month, taxRateBp: 600, lines: await lines() };
    const bad = async (patch: Record<string, unknown>, token = mgr) => s.post(NB('saveBill'), { ...base, ...patch }, token);
    expect((await bad({ taxRateBp: 700 })).message).toContain('税率只能是6%、3%、1%或0%');
    expect((await bad({ taxRateBp: 'abc' })).status).toBe(400);
    expect((await bad({ lines: [] })).message).toContain('请至少填写一行结算明细');
    expect((await bad({ lines: [{ description: 'x', quantityX100: 1.5, unitPrice: 100 }] })).status).toBe(400);
    expect((await bad({ lines: [{ description: 'x', quantityX100: 100, unitPrice: -1 }] })).status).toBe(400);
    expect((await bad({ lines: [{ description: 'x', quantityX100: 100, unitPrice: 1e14 }] })).status).toBe(400);
    expect((await bad({ lines: [{ description: 'x'.repeat(201), quantityX100: 100, unitPrice: 1 }] })).status).toBe(400);
    expect((await bad({ lines: Array.from({ length: 2001 }, () => ({ description: 'x', quantityX100: 100, unitPrice: 1 })) })).status).toBe(400);
    expect((await bad({ month: 202613 })).status).toBe(400);
    expect((await bad({ month: 203001 })).message).toBe('结算月份不在项目周期内');
    expect((await bad({ projectId: 'x' })).status).toBe(400);
    expect((await bad({ projectId: 999999 })).status).toBe(404);
    expect((await bad({}, emp)).status).toBe(403);
    expect((await bad({}, hr)).status).toBe(403);
    // A manager cannot bill a project of another department.
    const [other] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT p.id FROM fin_projects p JOIN org_units o ON o.id = p.dept_id WHERE o.code <> 'D004' AND p.phase = '002' ORDER BY p.id LIMIT 1`,
    );
    expect((await bad({ projectId: other?.id })).status).toBe(403);
    // Nor read or list another department's bills.
    const [foreign] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT b.id FROM fin_bills b JOIN org_units o ON o.id = b.dept_id WHERE o.code <> 'D004' AND b.manager_user_id <> ${await userId('mgr01')} LIMIT 1`,
    );
    expect((await s.post(NB('getBillInfo'), { id: foreign?.id }, mgr)).status).toBe(404);
    expect((await s.post(NB('getBillInfo'), { id: foreign?.id }, fin)).code).toBe('200');
    expect((await s.post(NB('getBillInfo'), {}, fin)).status).toBe(400);
    const mine = await s.post<Page<BillRecord>>(NB('getBillInfoPage'), { pageSize: 500 }, mgr);
    const d004 = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, 'D004'));
    expect(mine.data.records.every((b) => b.deptId === d004[0]?.id)).toBe(true);
    expect((await s.post(NB('getBillInfoPage'), { pageSize: 501 }, fin)).status).toBe(400);
    expect((await s.post(NB('getBillInfoPage'), {}, emp)).status).toBe(403);
  });

  it('numbers bills gap-free per company and year at submission; finance approves through the engine', async () => {
    const a = await newBill(2);
    const b = await newBill(3);
    const sa = await s.post<BillDetail>(NB('submitBill'), { id: a.id }, mgr);
    const sb = await s.post<BillDetail>(NB('submitBill'), { id: b.id }, mgr);
    expect(sa.data.state).toBe('approving');
    const na = sa.data.billNo as string;
    const nb = sb.data.billNo as string;
    expect(na).toMatch(/^JS[A-Z0-9]+\d{4}\d{5}$/);
    if (Math.floor(a.month / 100) === Math.floor(b.month / 100)) expect(Number(nb.slice(-5))).toBe(Number(na.slice(-5)) + 1);
    // Submitting twice is refused; editing an approving bill too.
    expect((await s.post(NB('submitBill'), { id: a.id }, mgr)).status).toBe(409);
    expect((await s.post(NB('deleteBill'), { id: a.id }, mgr)).status).toBe(409);
    // The applicant cannot apply for an invoice before approval.
    expect((await s.post(NB('applyInvoice'), { billId: a.id, invoiceType: '001', buyerName: '客户' }, mgr)).message).toBe('结算单未审批通过');
    await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: await financeTask(sa.data.processInstanceId as number) }, fin);
    const after = (await s.post<BillDetail>(NB('getBillInfo'), { id: a.id }, mgr)).data;
    expect(after.state).toBe('passed');
    expect(after.invoiceStatus).toBe('008');
    // Rejected: stays pending push, may be edited and resubmitted with its number.
    await s.post('/bpm_api/bpm/camunda/task/reject', { taskId: await financeTask(sb.data.processInstanceId as number), message: '工时与考勤不符' }, fin);
    const rejected = (await s.post<BillDetail>(NB('getBillInfo'), { id: b.id }, mgr)).data;
    expect(rejected.state).toBe('rejected');
    expect(rejected.invoiceStatus).toBe('007');
    const re = await s.post<BillDetail>(NB('submitBill'), { id: b.id }, mgr);
    expect(re.data.billNo).toBe(nb);
  });
});

describe('invoicing', () => {
  it('a bill cannot be invoiced twice, even by two simultaneous applications or issues', async () => {
    const bill = await approvedBill(4);
    const body = { billId: bill.id, invoiceType: '001', buyerName: bill.clientName };
    const both = await Promise.all([s.post<InvoiceRecord>(NB('applyInvoice'), body, mgr), s.post<InvoiceRecord>(NB('applyInvoice'), body, fin)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const invoice = (both.find((r) => r.status === 200) as { data: InvoiceRecord }).data;
    expect(invoice).toMatchObject({ state: 'applied', amountIncl: bill.amountIncl, amountExcl: bill.amountExcl, taxAmount: bill.taxAmount });
    expect((await s.post<BillDetail>(NB('getBillInfo'), { id: bill.id }, fin)).data.invoiceStatus).toBe('009');
    // Only finance issues.
    const issue = { invoiceId: invoice.id, invoiceNo: '31000000123456', invoiceDate: '2026-11-10' };
    expect((await s.post(NB('issueInvoice'), issue, mgr)).status).toBe(403);
    expect((await s.post(NB('issueInvoice'), { ...issue, invoiceNo: '12AB' }, fin)).status).toBe(400);
    expect((await s.post(NB('issueInvoice'), { ...issue, invoiceDate: '2026-02-30' }, fin)).status).toBe(400);
    const issued = await Promise.all([s.post<InvoiceRecord>(NB('issueInvoice'), issue, fin), s.post<InvoiceRecord>(NB('issueInvoice'), issue, fin)]);
    expect(issued.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = (await s.post<BillDetail>(NB('getBillInfo'), { id: bill.id }, fin)).data;
    expect(after).toMatchObject({ invoiceStatus: '010', invoicedAmount: bill.amountIncl, invoiceDate: '2026-11-10' });
    expect(after.dueDate).not.toBeNull();
    expect((await s.post(NB('applyInvoice'), body, mgr)).status).toBe(409);
    // The same invoice number on another bill is refused.
    const other = await approvedBill(5);
    const applied = await s.post<InvoiceRecord>(NB('applyInvoice'), { ...body, billId: other.id }, mgr);
    expect((await s.post(NB('issueInvoice'), { ...issue, invoiceId: applied.data.id }, fin)).message).toBe('发票号码已存在');
    // Refused: the bill shows it and a new application may be made.
    expect((await s.post(NB('refuseInvoice'), { invoiceId: applied.data.id, reason: '' }, fin)).status).toBe(400);
    const refused = await s.post<InvoiceRecord>(NB('refuseInvoice'), { invoiceId: applied.data.id, reason: '购方信息有误' }, fin);
    expect(refused.data.state).toBe('refused');
    expect((await s.post<BillDetail>(NB('getBillInfo'), { id: other.id }, fin)).data.invoiceStatus).toBe('011');
    expect((await s.post(NB('refuseInvoice'), { invoiceId: applied.data.id, reason: '再次驳回' }, fin)).status).toBe(409);
    expect((await s.post(NB('applyInvoice'), { ...body, billId: other.id }, mgr)).code).toBe('200');
    const list = await s.post<Page<InvoiceRecord>>(IV('invoiceInfoCnlList'), { billId: other.id }, fin);
    expect(list.data.records.map((i) => i.state).sort()).toEqual(['applied', 'refused']);
    expect((await s.post(IV('invoiceInfoCnlList'), {}, emp)).status).toBe(403);
    const detail = await s.post<InvoiceRecord & { bill: BillRecord }>(IV('invoiceInfoDetail'), { id: invoice.id }, fin);
    expect(detail.data.bill.id).toBe(bill.id);
    expect((await s.post(IV('invoiceInfoDetail'), { id: 'abc' }, fin)).status).toBe(400);
  });
});

describe('collections', () => {
  it('never exceed the invoiced amount, even when two arrive at once; a bank serial counts once', async () => {
    const { bill } = await invoicedBill(6);
    const half = Math.floor(bill.amountIncl / 2) + 1;
    const body = (serial: string, amount = half) => ({ billId: bill.id, amount, collectedOn: '2026-11-20', bankSerial: serial, payerName: bill.clientName });
    expect((await s.post(NB('saveBillReturnMoney'), body('S-0', bill.amountIncl + 1), fin)).message).toBe('回款金额不能超过已开票金额');
    expect((await s.post(NB('saveBillReturnMoney'), body('S-0', 0), fin)).status).toBe(400);
    expect((await s.post(NB('saveBillReturnMoney'), body('S-0', 12.5), fin)).status).toBe(400);
    expect((await s.post(NB('saveBillReturnMoney'), body('S-0'), mgr)).status).toBe(403);
    const both = await Promise.all([s.post(NB('saveBillReturnMoney'), body('S-1'), fin), s.post(NB('saveBillReturnMoney'), body('S-2'), fin)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const rest = bill.amountIncl - half;
    const dup = await s.post(NB('saveBillReturnMoney'), body(both[0]?.status === 200 ? 'S-1' : 'S-2', rest), fin);
    expect(dup.status).toBe(409);
    const done = await s.post<BillRecord>(NB('saveBillReturnMoney'), body('S-3', rest), fin);
    expect(done.data).toMatchObject({ collectedAmount: bill.amountIncl, paymentStatus: '013' });
    const page = await s.post<Page<{ amount: number }>>(NB('getBillReturnMoneyPage'), { billId: bill.id }, mgr);
    expect(page.data.total).toBe(2);
    expect(page.data.records.reduce((t, r) => t + r.amount, 0)).toBe(bill.amountIncl);
    expect((await s.post(NB('getBillReturnMoneyPage'), {}, emp)).status).toBe(403);
    expect((await s.post(NB('getReconciliation'), {}, fin)).data).toEqual([]);
  });

  it('one-click payment settles all bills chosen or none', async () => {
    const a = await invoicedBill(7);
    const b = await invoicedBill(8);
    const draft = await newBill(9);
    const refused = await s.post(NB('oneClickPayment'), { billIds: [a.bill.id, b.bill.id, draft.id], collectedOn: '2026-11-21', bankSerial: 'BATCH-1' }, fin);
    expect(refused.status).toBe(400);
    const untouched = await s.db.select({ c: finBills.collectedAmount }).from(finBills).where(eq(finBills.id, a.bill.id));
    expect(untouched[0]?.c).toBe(0);
    expect((await s.post(NB('oneClickPayment'), { billIds: [], collectedOn: '2026-11-21', bankSerial: 'B' }, fin)).status).toBe(400);
    expect(
      (await s.post(NB('oneClickPayment'), { billIds: Array.from({ length: 201 }, (_, i) => i + 1), collectedOn: '2026-11-21', bankSerial: 'B' }, fin)).status,
    ).toBe(400);
    expect((await s.post(NB('oneClickPayment'), { billIds: [a.bill.id], collectedOn: '2026-11-21', bankSerial: 'B' }, mgr)).status).toBe(403);
    const ok = await s.post<{ count: number; amount: number }>(
      NB('oneClickPayment'),
      { billIds: [a.bill.id, b.bill.id], collectedOn: '2026-11-21', bankSerial: 'BATCH-2' },
      fin,
    );
    expect(ok.data).toMatchObject({ count: 2, amount: a.bill.amountIncl + b.bill.amountIncl });
    // A second click finds nothing open and stores nothing.
    expect((await s.post(NB('oneClickPayment'), { billIds: [a.bill.id, b.bill.id], collectedOn: '2026-11-21', bankSerial: 'BATCH-3' }, fin)).status).toBe(400);
    const paid = await s.post<BillDetail>(NB('getBillInfo'), { id: b.bill.id }, fin);
    expect(paid.data).toMatchObject({ paymentStatus: '013', collectedAmount: b.bill.amountIncl });
    // Write-off: pushed, approved by finance, and the bill is fully written off.
    const pushed = await s.post<{ cancellationId: number; cancellationNo: string }>(NB('pushCancellation'), { billId: b.bill.id }, mgr);
    expect(pushed.data.cancellationNo).toMatch(/^HX\d{12}$/);
    expect((await s.post(NB('pushCancellation'), { billId: b.bill.id }, mgr)).status).toBe(409);
    const [x] = await queryRows<{ process_instance_id: number }>(
      s.db,
      sql`SELECT process_instance_id FROM fin_cancellation_bills WHERE id = ${pushed.data.cancellationId}`,
    );
    expect((await s.post(B('CancellationBillPass'), { taskId: await financeTask(x?.process_instance_id as number) }, fin)).code).toBe('200');
    const off = await s.post<BillDetail>(NB('getBillInfo'), { id: b.bill.id }, fin);
    expect(off.data).toMatchObject({ writeoffStatus: '016', writtenOffAmount: b.bill.amountIncl });
    expect((await s.post(NB('pushCancellation'), { billId: b.bill.id }, mgr)).message).toBe('结算单没有可核销的回款');
    expect((await s.post(NB('getReconciliation'), {}, fin)).data).toEqual([]);
  });

  it('moves a collection booked on the wrong bill to another invoiced bill of the client, once', async () => {
    const a = await invoicedBill(10);
    const b = await invoicedBill(11);
    const amount = Math.min(a.bill.amountIncl, b.bill.amountIncl);
    await s.post(NB('saveBillReturnMoney'), { billId: a.bill.id, amount, collectedOn: '2026-11-24', bankSerial: 'MOVE-1' }, fin);
    const [c] = (await s.post<Page<{ id: number }>>(NB('getBillReturnMoneyPage'), { billId: a.bill.id }, fin)).data.records;
    const move = (body: Record<string, unknown>, token = fin) =>
      s.post<BillRecord>(NB('moveReturnMoney'), { id: c?.id, remark: '客户付错结算单', ...body }, token);
    expect((await move({ toBillId: a.bill.id })).message).toBe('不能转移到同一张结算单');
    expect((await move({ toBillId: b.bill.id, remark: ' ' })).status).toBe(400);
    expect((await move({ toBillId: b.bill.id }, mgr)).status).toBe(403);
    const draft = await newBill(12);
    expect((await move({ toBillId: draft.id })).message).toBe('结算单未开票，不能登记回款');
    // Two clicks at once: one move.
    const both = await Promise.all([move({ toBillId: b.bill.id }), move({ toBillId: b.bill.id })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const from = (await s.post<BillDetail>(NB('getBillInfo'), { id: a.bill.id }, fin)).data;
    const to = (await s.post<BillDetail>(NB('getBillInfo'), { id: b.bill.id }, fin)).data;
    expect(from.collectedAmount).toBe(0);
    expect(from.collections.map((x) => x.state)).toEqual(['moved']);
    expect(to.collectedAmount).toBe(amount);
    expect(to.collections.map((x) => [x.state, x.bankSerial, x.amount])).toEqual([['valid', 'MOVE-1', amount]]);
    expect((await s.post(NB('getReconciliation'), {}, fin)).data).toEqual([]);
  });
});

describe('invoice voiding', () => {
  it('needs the collections refunded first; a passed void returns the bill to pending invoicing', async () => {
    const { bill, invoice } = await invoicedBill(10);
    await s.post(NB('saveBillReturnMoney'), { billId: bill.id, amount: 100, collectedOn: '2026-11-22', bankSerial: 'V-1' }, fin);
    expect((await s.post(IV('voiceCancel'), { invoiceId: invoice.id, reason: '购方税号错误' }, mgr)).message).toBe(
      '该发票对应的结算单已有回款，请先退款或转移回款',
    );
    const [c] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_bill_collections WHERE bank_serial = 'V-1'`);
    expect((await s.post(NB('refundReturnMoney'), { id: c?.id, remark: '原路退回' }, fin)).data).toMatchObject({ collectedAmount: 0 });
    expect((await s.post(NB('refundReturnMoney'), { id: c?.id, remark: '原路退回' }, fin)).status).toBe(409);
    expect((await s.post(IV('voiceCancel'), { invoiceId: invoice.id, reason: '' }, mgr)).status).toBe(400);
    expect((await s.post(IV('voiceCancel'), { invoiceId: invoice.id, reason: 'x'.repeat(501) }, mgr)).status).toBe(400);
    const both = await Promise.all([
      s.post<VoidRecord>(IV('voiceCancel'), { invoiceId: invoice.id, reason: '购方税号错误' }, mgr),
      s.post<VoidRecord>(IV('voiceCancel'), { invoiceId: invoice.id, reason: '购方税号错误' }, mgr),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const v = (both.find((r) => r.status === 200) as { data: VoidRecord }).data;
    expect(v.voidNo).toMatch(/^FPZF\d{12}$/);
    // Only finance decides; only the applicant withdraws.
    expect((await s.post(IV('voiceCancelPass'), { id: v.id }, mgr)).status).toBe(403);
    expect((await s.post(IV('voiceCancelRm'), { id: v.id }, fin)).status).toBe(404);
    const detail = await s.post<VoidRecord & { invoice: InvoiceRecord }>(IV('voiceCancelDetail'), { id: v.id }, mgr);
    expect(detail.data.invoice.id).toBe(invoice.id);
    const passed = await Promise.all([s.post(IV('voiceCancelPass'), { id: v.id, message: '同意' }, fin), s.post(IV('voiceCancelPass'), { id: v.id }, fin)]);
    expect(passed.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = (await s.post<BillDetail>(NB('getBillInfo'), { id: bill.id }, fin)).data;
    expect(after).toMatchObject({ invoiceStatus: '008', invoicedAmount: 0 });
    expect(after.invoices.find((i) => i.id === invoice.id)?.state).toBe('voided');
    // Invoiced again, then a second void refused and a third withdrawn.
    const again = await s.post<InvoiceRecord>(NB('applyInvoice'), { billId: bill.id, invoiceType: '002', buyerName: bill.clientName }, mgr);
    await s.post(NB('issueInvoice'), { invoiceId: again.data.id, invoiceNo: '31000000999999', invoiceDate: '2026-11-25' }, fin);
    const v2 = await s.post<VoidRecord>(IV('voiceCancel'), { invoiceId: again.data.id, reason: '金额有误' }, mgr);
    expect((await s.post(IV('voiceCancelRefuse'), { id: v2.data.id, message: '' }, fin)).status).toBe(400);
    expect((await s.post<VoidRecord>(IV('voiceCancelRefuse'), { id: v2.data.id, message: '金额无误' }, fin)).data.state).toBe('refused');
    const v3 = await s.post<VoidRecord>(IV('voiceCancel'), { invoiceId: again.data.id, reason: '金额有误' }, mgr);
    expect((await s.post(IV('voiceCancelRm'), { id: v3.data.id }, mgr)).code).toBe('200');
    expect((await s.post(IV('voiceCancelRm'), { id: v3.data.id }, mgr)).status).toBe(409);
    const list = await s.post<Page<VoidRecord>>(IV('voiceCancelList'), { keyword: v.voidNo }, mgr);
    expect(list.data.records.map((r) => r.state)).toEqual(['passed']);
    expect((await s.post(IV('voiceCancelList'), {}, emp)).status).toBe(403);
    expect((await s.post(NB('getReconciliation'), {}, fin)).data).toEqual([]);
  });
});

describe('delivery bills, RPO bills, exports, reconciliation and signing', () => {
  it('lists the delivery bills of my projects and exports the filtered bills', async () => {
    const page = await s.post<Page<BillRecord>>(NB('getDeliveryBillInfoPage'), { pageSize: 100 }, mgr);
    expect(page.code).toBe('200');
    expect(page.data.total).toBeGreaterThan(0);
    const res = await s.raw(NB('export'), {
      method: 'POST',
      headers: { authorization: `Bearer ${fin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ invoiceStatus: '010' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const delivery = await s.raw(NB('exportDeliveryBill'), {
      method: 'POST',
      headers: { authorization: `Bearer ${mgr}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(delivery.status).toBe(200);
    expect(
      (await s.raw(NB('export'), { method: 'POST', headers: { authorization: `Bearer ${emp}`, 'content-type': 'application/json' }, body: '{}' })).status,
    ).toBe(403);
  });

  it('prints an approved bill as a PDF with the total in Chinese capitals; a draft or another department’s bill is refused', async () => {
    const pdf = async (id: number, token: string) =>
      fetch(s.url + NB('billPdf'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      });
    const bill = await approvedBill(7);
    const res = await pdf(bill.id, mgr);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`结算单-${bill.billNo}.pdf`));
    const content = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/ /g, '');
    expect(content).toContain(bill.amountInWords);
    expect(content).toContain(bill.billNo as string);
    expect(content).toContain(formatFen(bill.amountIncl));
    expect(content).toContain('第1页/共1页');
    const draft = await newBill(8);
    expect((await pdf(draft.id, mgr)).status).toBe(400);
    const [foreign] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT b.id FROM fin_bills b JOIN org_units o ON o.id = b.dept_id WHERE o.code <> 'D004' AND b.manager_user_id <> ${await userId('mgr01')} LIMIT 1`,
    );
    expect((await pdf(foreign?.id as number, mgr)).status).toBe(404);
  });

  it('reads an RPO bill only as one', async () => {
    const [rpo] = await s.db.select({ id: finBills.id }).from(finBills).where(eq(finBills.billType, '002')).limit(1);
    const [item] = await s.db.select({ id: finBills.id }).from(finBills).where(eq(finBills.billType, '001')).limit(1);
    const r = await s.post<BillDetail>(NB('getRpoBillInfo'), { id: rpo?.id }, fin);
    expect(r.data.billType).toBe('002');
    expect((await s.post(NB('getRpoBillInfo'), { id: item?.id }, fin)).message).toBe('该结算单不是RPO结算单');
  });

  it('lists a bill whose amounts were tampered with', async () => {
    const [b] = await s.db.select({ id: finBills.id }).from(finBills).where(eq(finBills.invoiceStatus, '010')).limit(1);
    await s.db.execute(sql`UPDATE fin_bills SET collected_amount = collected_amount + 1 WHERE id = ${b?.id}`);
    const rows = await s.post<Array<{ billId: number; problems: string[] }>>(NB('getReconciliation'), {}, fin);
    expect(rows.data.map((r) => r.billId)).toEqual([b?.id]);
    expect(rows.data[0]?.problems).toContain('已回款金额与回款记录不符');
    await s.db.execute(sql`UPDATE fin_bills SET collected_amount = collected_amount - 1 WHERE id = ${b?.id}`);
    expect((await s.post(NB('getReconciliation'), { limit: 5000 }, fin)).status).toBe(400);
  });

  it('signs an approved bill once with the digital signature', async () => {
    const bill = await approvedBill(11);
    const SSL = '/base_api/base/api/invokeSsl';
    const token = await s.post<{ accessToken: string }>(`${SSL}/qryAccessToken`, {}, mgr);
    await s.post(`${SSL}/sendVerificationCode`, { accessToken: token.data.accessToken }, mgr);
    const [mail] = await queryRows<{ payload: { text: string } }>(
      s.db,
      sql`SELECT payload FROM outbox WHERE topic = 'mail' AND payload->>'subject' = '电子签章验证码' ORDER BY id DESC LIMIT 1`,
    );
    const validCode = /验证码为 (\d{6})/.exec(mail?.payload.text ?? '')?.[1] as string;
    const signed = await s.post<{ serialNumber: string }>(
      '/finance_api/finance/invokeSsl/getSerialNumber',
      { billId: bill.id, accessToken: token.data.accessToken, validCode },
      mgr,
    );
    expect(signed.code).toBe('200');
    expect((await s.post<BillDetail>(NB('getBillInfo'), { id: bill.id }, mgr)).data.serialNumber).toBe(signed.data.serialNumber);
    expect(
      (await s.post('/finance_api/finance/invokeSsl/getSerialNumber', { billId: bill.id, accessToken: token.data.accessToken, validCode }, mgr)).status,
    ).toBe(409);
    expect((await s.post('/finance_api/finance/invokeSsl/getSerialNumber', { billId: bill.id, accessToken: 'short', validCode: '12' }, mgr)).status).toBe(400);
  });
});

describe('cancellation (write-off) bills', () => {
  const CB = (n: string) => `/finance_api/finance/cancellationBillInfo/${n}`;
  interface Cancellation {
    id: number;
    cancellationNo: string | null;
    amount: number;
    state: string;
    processInstanceId: number | null;
    fileId: string | null;
  }

  it('adds, numbers, attaches, lists, rejects, deletes and passes write-offs within the collected amount', async () => {
    const { bill } = await invoicedBill(12);
    await s.post(NB('saveBillReturnMoney'), { billId: bill.id, amount: bill.amountIncl, collectedOn: '2026-11-23', bankSerial: 'CB-1' }, fin);
    const preview = await s.post<{ cancellationNo: string; preview: boolean }>(CB('getCancellationNo'), {}, mgr);
    expect(preview.data).toMatchObject({ preview: true });
    expect(preview.data.cancellationNo).toMatch(/^HX\d{12}$/);
    const body = { billId: bill.id, amount: 1000, reason: '部分回款核销' };
    expect((await s.post(CB('add'), { ...body, amount: bill.amountIncl + 1 }, mgr)).message).toBe('核销金额必须大于0且不超过已回款未核销金额');
    expect((await s.post(CB('add'), { ...body, amount: 0 }, mgr)).status).toBe(400);
    expect((await s.post(CB('add'), { ...body, reason: '' }, mgr)).status).toBe(400);
    expect((await s.post(CB('add'), body, emp)).status).toBe(403);
    const added = await s.post<Cancellation>(CB('add'), body, mgr);
    expect(added.data).toMatchObject({ amount: 1000, state: 'approving', cancellationNo: preview.data.cancellationNo });
    expect((await s.post(CB('add'), body, mgr)).status).toBe(409);
    expect((await s.post(CB('getCancellationNo'), { id: added.data.id }, mgr)).data).toEqual({ cancellationNo: added.data.cancellationNo, preview: false });
    const file = await s.post<Cancellation>(CB('updateFileId'), { id: added.data.id, fileId: 'grp-abc' }, mgr);
    expect(file.data.fileId).toBe('grp-abc');
    expect((await s.post(CB('updateFileId'), { id: added.data.id, fileId: 'x'.repeat(65) }, mgr)).status).toBe(400);
    const byInstance = await s.post<Cancellation & { bill: BillRecord }>(CB('select'), { instanceId: added.data.processInstanceId }, fin);
    expect(byInstance.data.bill.id).toBe(bill.id);
    expect((await s.post(CB('select'), {}, fin)).status).toBe(400);
    expect((await s.post(CB('delete'), { id: added.data.id }, mgr)).status).toBe(409);
    // Sent back by finance, then revoked by the applicant: deletable.
    const back = await s.post(
      B('CancellationBillRollback'),
      { taskId: await financeTask(added.data.processInstanceId as number), message: '请补充银行回单' },
      fin,
    );
    expect(back.code).toBe('200');
    expect((await s.post<Cancellation>(CB('select'), { id: added.data.id }, mgr)).data.state).toBe('returned');
    expect((await s.post('/bpm_api/bpm/camunda/instance/revoke', { processInstanceId: added.data.processInstanceId }, mgr)).code).toBe('200');
    expect((await s.post<Cancellation>(CB('select'), { id: added.data.id }, mgr)).data.state).toBe('revoked');
    expect((await s.post(CB('delete'), { id: added.data.id }, mgr)).code).toBe('200');
    // Rejected by finance: deletable, and a new one may be made.
    const second = await s.post<Cancellation>(CB('add'), body, mgr);
    expect((await s.post(B('CancellationBillReject'), { taskId: await financeTask(second.data.processInstanceId as number), message: '' }, fin)).status).toBe(
      400,
    );
    await s.post(B('CancellationBillReject'), { taskId: await financeTask(second.data.processInstanceId as number), message: '附件不全' }, fin);
    expect((await s.post<Cancellation>(CB('select'), { id: second.data.id }, mgr)).data.state).toBe('rejected');
    expect((await s.post(CB('delete'), { id: second.data.id }, mgr)).code).toBe('200');
    const whole = await s.post<Cancellation>(CB('add'), { ...body, amount: bill.amountIncl }, mgr);
    await s.post(B('CancellationBillPass'), { taskId: await financeTask(whole.data.processInstanceId as number) }, fin);
    const list = await s.post<Cancellation[]>(CB('getCancellationBillList'), { billId: bill.id }, mgr);
    expect(list.data.map((c) => c.state)).toEqual(['passed']);
    expect((await s.post<BillDetail>(NB('getBillInfo'), { id: bill.id }, mgr)).data).toMatchObject({
      writeoffStatus: '016',
      writtenOffAmount: bill.amountIncl,
    });
    const page = await s.post<Page<Cancellation>>(CB('selectPage'), { keyword: whole.data.cancellationNo }, fin);
    expect(page.data.total).toBe(1);
    expect((await s.post<Page<Cancellation>>(CB('selectDeliveryPage'), { billId: bill.id }, mgr)).data.total).toBe(1);
    expect((await s.post(CB('selectPage'), {}, emp)).status).toBe(403);
    for (const [path, token] of [
      [CB('export'), fin],
      [CB('exportDelivery'), mgr],
    ] as const) {
      const res = await s.raw(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
    }
    expect((await s.post(NB('getReconciliation'), {}, fin)).data).toEqual([]);
  });
});

describe('staffing economics', () => {
  const E = '/finance_api/finance/economics/getEconomics';
  interface Econ {
    totals: { billed: number; cost: number; margin: number; pay: number; socialInsurance: number; housingFund: number; marginRateBp: number };
    rows: Page<{ key: string; name: string; billed: number; cost: number; margin: number }>;
    ageing: Array<{ bucket: string; amount: number; bills: number }>;
  }
  const year = new Date().getFullYear();
  const range = { monthFrom: (year - 1) * 100 + 1, monthTo: year * 100 + 12 };

  it('adds up: every grouping sums to the approved bills, margin = billed − cost, ageing = the open receivables', async () => {
    const [bills] = await queryRows<{ billed: string; open: string }>(
      s.db,
      sql`SELECT coalesce(sum(amount_excl) FILTER (WHERE state = 'passed' AND month BETWEEN ${range.monthFrom} AND ${range.monthTo}), 0) AS billed,
          coalesce(sum(invoiced_amount - collected_amount) FILTER (WHERE invoice_status = '010'), 0) AS open
          FROM fin_bills WHERE deleted_at IS NULL`,
    );
    for (const groupBy of ['project', 'client', 'month', 'employee']) {
      const r = await s.post<Econ>(E, { ...range, groupBy, pageSize: 500 }, fin);
      expect(r.code).toBe('200');
      expect(r.data.totals.billed).toBe(Number(bills?.billed));
      expect(r.data.rows.records.reduce((t, x) => t + x.billed, 0)).toBe(Number(bills?.billed));
      for (const x of r.data.rows.records) expect(x.margin).toBe(x.billed - x.cost);
      if (groupBy !== 'employee') expect(r.data.rows.records.reduce((t, x) => t + x.cost, 0)).toBe(r.data.totals.cost);
    }
    const r = await s.post<Econ>(E, { ...range, groupBy: 'project', pageSize: 5 }, fin);
    expect(r.data.rows.records).toHaveLength(5);
    expect(r.data.rows.total).toBeGreaterThan(5);
    const t = r.data.totals;
    expect(t.cost).toBe(t.pay + t.socialInsurance + t.housingFund);
    expect(t.margin).toBe(t.billed - t.cost);
    expect(t.cost).toBeGreaterThan(0);
    expect(r.data.ageing.map((a) => a.bucket)).toEqual(['0-30', '31-90', '91-180', '180+']);
    expect(r.data.ageing.reduce((s2, a) => s2 + a.amount, 0)).toBe(Number(bills?.open));
    // A manager sees his department only.
    const mine = await s.post<Econ>(E, { ...range, groupBy: 'project' }, mgr);
    expect(mine.data.totals.billed).toBeLessThan(t.billed);
    // Drill-down: one project's employees sum to its row.
    const top = r.data.rows.records[0] as { key: string; billed: number };
    const people = await s.post<Econ>(E, { ...range, groupBy: 'employee', projectId: Number(top.key), pageSize: 500 }, fin);
    expect(people.data.rows.records.reduce((x, y) => x + y.billed, 0)).toBe(top.billed);
  });

  it('refuses bad ranges, groupings and roles; exports xlsx', async () => {
    expect((await s.post(E, { monthFrom: 202612, monthTo: 202601, groupBy: 'project' }, fin)).message).toContain('结束月份不能早于开始月份');
    expect((await s.post(E, { monthFrom: 202001, monthTo: 202612, groupBy: 'project' }, fin)).message).toContain('统计区间最多36个月');
    expect((await s.post(E, { ...range, groupBy: 'dept' }, fin)).status).toBe(400);
    expect((await s.post(E, { ...range, groupBy: 'project', pageSize: 501 }, fin)).status).toBe(400);
    expect((await s.post(E, { ...range, groupBy: 'project' }, emp)).status).toBe(403);
    expect((await s.post(E, { ...range, groupBy: 'project' }, hr)).status).toBe(403);
    const res = await s.raw('/finance_api/finance/economics/exportEconomics', {
      method: 'POST',
      headers: { authorization: `Bearer ${fin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...range, groupBy: 'client' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('company invoicing details', () => {
  const CBI = (n: string) => `/finance_api/finance/companyBillingInfo/${n}`;
  it('lists ours and the clients’ details and replaces one company’s; refuses bad numbers and other roles', async () => {
    const page = await s.post<Page<{ orgCode: string; isClient: boolean; creditDays: number }>>(CBI('page'), { pageSize: 100 }, mgr);
    expect(page.data.total).toBeGreaterThanOrEqual(8);
    expect(page.data.records.some((r) => r.isClient)).toBe(true);
    const [c900] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, 'C900'));
    const body = { orgId: c900?.id, taxNo: '91310000MA1FL8XQ3K', bankAccount: '6225880123456789', creditDays: 60 };
    expect((await s.post(CBI('save'), body, mgr)).status).toBe(403);
    expect((await s.post(CBI('save'), { ...body, taxNo: 'abc' }, fin)).message).toContain('纳税人识别号为15-20位数字或大写字母');
    expect((await s.post(CBI('save'), { ...body, creditDays: 400 }, fin)).status).toBe(400);
    expect((await s.post(CBI('save'), { ...body, bankAccount: '62-25' }, fin)).status).toBe(400);
    const [dept] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, 'D004'));
    expect((await s.post(CBI('save'), { ...body, orgId: dept?.id }, fin)).message).toBe('请选择公司（我方公司或客户单位）');
    const saved = await s.post<{ taxNo: string; creditDays: number; orgCode: string }>(CBI('save'), body, fin);
    expect(saved.data).toMatchObject({ taxNo: body.taxNo, creditDays: 60, orgCode: 'C900' });
    const again = await s.post<Page<{ taxNo: string }>>(CBI('page'), { keyword: 'C900' }, fin);
    expect(again.data.records.map((r) => r.taxNo)).toEqual([body.taxNo]);
    expect((await s.post(CBI('page'), {}, emp)).status).toBe(403);
  });
});
