import type { ClaimDetail, ClaimRecord, ExpenseInvoice, FileEntry, HistoryEntry, Page, ProjectDetail, SignedLink } from '@erp/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { queryRows } from '../../../platform/db';
import { storageFromConfig } from '../../file/file-storage';
import { attachInvoicePhotos } from './reimburse.photos';

let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
let emp2: string;
let admin: string;
const PI = (n: string) => `/finance_api/finance/personInvoice/${n}`;
const RB = (n: string) => `/finance_api/finance/reimburse/${n}`;
const BPM = (n: string) => `/bpm_api/bpm/camunda/${n}`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
let serial = 0;

async function upload(token: string): Promise<FileEntry> {
  const form = new FormData();
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'invoice.png');
  form.set('moduleName', 'reimburse');
  const res = (await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })) as {
    code: string;
    data: FileEntry;
  };
  expect(res.code).toBe('200');
  return res.data;
}

/** A valid invoice body with a fresh number and an uploaded photo. */
async function invoiceBody(token: string, over: Record<string, unknown> = {}) {
  serial++;
  const file = await upload(token);
  return {
    kind: '002',
    invoiceCode: '031002600111',
    invoiceNo: String(70_000_000 + serial),
    invoiceDate: daysAgo(5),
    seller: '上海某某餐饮有限公司',
    amountExclTax: 100_00,
    tax: 6_00,
    total: 106_00,
    fileId: file.fileId,
    ...over,
  };
}

async function addInvoice(token: string, over: Record<string, unknown> = {}): Promise<ExpenseInvoice> {
  const res = await s.post<ExpenseInvoice>(PI('add'), await invoiceBody(token, over), token);
  expect(res.code, res.message).toBe('200');
  return res.data;
}

const line = (invoiceIds: number[], amount: number, category = '003') => ({ category, expenseDate: daysAgo(3), amount, description: '项目加班餐', invoiceIds });

beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr, emp, emp2, admin] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01'), s.login('emp02'), s.login('admin')]);
});
afterAll(() => s.close());

describe('personal invoice folder', () => {
  it('adds, lists, filters, edits and deletes my invoices; others never see them', async () => {
    const inv = await addInvoice(emp, { seller: '北京测试酒店有限公司' });
    expect(inv).toMatchObject({ state: '001', total: 106_00, claimId: null });
    expect(inv.files).toHaveLength(1);
    const page = await s.post<Page<ExpenseInvoice>>(PI('page'), { keyword: '北京测试酒店', state: '001' }, emp);
    expect(page.data.records.map((r) => r.id)).toContain(inv.id);
    const ranged = await s.post<Page<ExpenseInvoice>>(PI('page'), { invoiceDateFrom: daysAgo(1), invoiceDateTo: today }, emp);
    expect(ranged.data.records.map((r) => r.id)).not.toContain(inv.id);
    // The demo folder has invoices in every state.
    for (const state of ['001', '002', '003']) expect((await s.post<Page<ExpenseInvoice>>(PI('page'), { state }, emp)).data.total).toBeGreaterThan(0);

    expect((await s.post(PI('detail'), { id: inv.id }, emp2)).status).toBe(404);
    expect((await s.post<Page<ExpenseInvoice>>(PI('page'), { keyword: '北京测试酒店' }, emp2)).data.total).toBe(0);
    const foreignEdit = await s.post(PI('update'), { id: inv.id, ...(await invoiceBody(emp2)) }, emp2);
    expect(foreignEdit.status).toBe(404);
    expect((await s.post(PI('delete'), { id: inv.id }, emp2)).status).toBe(404);

    const edited = await s.post<ExpenseInvoice>(
      PI('update'),
      { id: inv.id, ...(await invoiceBody(emp, { amountExclTax: 200_00, tax: 12_00, total: 212_00 })) },
      emp,
    );
    expect(edited.code, edited.message).toBe('200');
    expect(edited.data.total).toBe(212_00);
    expect((await s.post(PI('delete'), { id: inv.id }, emp)).code).toBe('200');
    expect((await s.post(PI('detail'), { id: inv.id }, emp)).status).toBe(404);
  });

  it('refuses bad invoices with clear messages', async () => {
    const bad = async (over: Record<string, unknown>, status = 400) => {
      const res = await s.post(PI('add'), await invoiceBody(emp, over), emp);
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(status);
      return res.message;
    };
    expect(await bad({ amountExclTax: 100_00, tax: 6_00, total: 107_00 })).toContain('价税合计须等于不含税金额加税额');
    expect(await bad({ amountExclTax: 0, tax: 0, total: 0 })).toContain('必须大于0');
    expect(await bad({ amountExclTax: -5_00, tax: 0, total: -5_00 })).toContain('必须大于0');
    expect(await bad({ amountExclTax: 2_000_000_00, tax: 0, total: 2_000_000_00 })).toContain('不能超过1000000元');
    expect(await bad({ amountExclTax: 100.5, tax: 0, total: 100.5 })).toContain('整数');
    expect(await bad({ invoiceDate: '2999-01-01' })).toContain('日期不能晚于今天');
    expect(await bad({ invoiceNo: '12' })).toContain('发票号码');
    expect(await bad({ invoiceCode: '123' })).toContain('发票代码');
    expect(await bad({ kind: '999' })).toBeTruthy();
    expect(await bad({ seller: 'x'.repeat(5000) })).toContain('销售方');
    expect(await bad({ remark: '长'.repeat(201) })).toContain('备注');
    expect(await bad({ fileId: '' })).toContain('请上传发票');
    // Someone else's file cannot be attached.
    const theirs = await upload(emp2);
    expect(await bad({ fileId: theirs.fileId })).toContain('发票文件不存在');
  });

  it('refuses the same code and number twice in the company, whoever owns the first', async () => {
    const first = await addInvoice(emp, { invoiceCode: '044031900111', invoiceNo: '88776655' });
    for (const token of [emp, emp2]) {
      const twice = await s.post(PI('add'), await invoiceBody(token, { invoiceCode: '044031900111', invoiceNo: '88776655' }), token);
      expect(twice.status).toBe(409);
      expect(twice.message).toBe('该发票已录入票夹（同一发票代码和号码不能重复录入）');
    }
    // Same number with another code is another invoice; after deletion the number is free again.
    expect((await s.post(PI('add'), await invoiceBody(emp, { invoiceCode: '044031900112', invoiceNo: '88776655' }), emp)).code).toBe('200');
    expect((await s.post(PI('delete'), { id: first.id }, emp)).code).toBe('200');
    expect((await s.post(PI('add'), await invoiceBody(emp2, { invoiceCode: '044031900111', invoiceNo: '88776655' }), emp2)).code).toBe('200');
  });
});

describe('expense claims', () => {
  it('goes draft → manager → finance → paid; invoices follow; the process centre passes it', async () => {
    const a = await addInvoice(emp);
    const b = await addInvoice(emp, { kind: '005', invoiceCode: null, amountExclTax: 35_00, tax: 0, total: 35_00 });
    const saved = await s.post<ClaimDetail>(RB('save'), { reason: '客户现场支持', lines: [line([a.id], 100_00), line([b.id], 35_00, '002')] }, emp);
    expect(saved.code, saved.message).toBe('200');
    expect(saved.data).toMatchObject({ state: 'draft', claimState: '001', total: 135_00, claimNo: null, lineCount: 2, invoiceCount: 2 });
    expect((await s.post<ExpenseInvoice>(PI('detail'), { id: a.id }, emp)).data).toMatchObject({ state: '002', claimId: saved.data.id });
    // A claimed invoice can be neither changed nor deleted.
    const locked = await s.post(PI('delete'), { id: a.id }, emp);
    expect(locked.status).toBe(409);
    expect(locked.message).toBe('该票据已用于报销，不能修改或删除');
    expect((await s.post(PI('update'), { id: a.id, ...(await invoiceBody(emp)) }, emp)).status).toBe(409);
    // Nobody else reads a draft.
    expect((await s.post(RB('detail'), { id: saved.data.id }, fin)).status).toBe(404);

    const submitted = await s.post<ClaimDetail>(RB('submit'), { id: saved.data.id }, emp);
    expect(submitted.code, submitted.message).toBe('200');
    expect(submitted.data.claimNo).toMatch(/^BX\d{12}$/);
    expect(submitted.data).toMatchObject({ state: 'approving', claimState: '002' });
    // A second submit (double click, retry) starts nothing.
    const again = await s.post<ClaimDetail>(RB('submit'), { id: saved.data.id }, emp);
    expect(again.code).toBe('200');
    const [{ n }] = (await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM wf_instances WHERE process_key = 'ExpenseClaim_Process' AND business_id = ${String(saved.data.id)}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // Not editable while in approval; another employee cannot read it.
    expect((await s.post(RB('save'), { id: saved.data.id, reason: 'x', lines: [line([a.id], 100_00)] }, emp)).status).toBe(409);
    expect((await s.post(RB('detail'), { id: saved.data.id }, emp2)).status).toBe(404);

    // The direct manager (mgr01 leads emp01's unit) has the task; finance may not pay yet.
    const forMgr = await s.post<ClaimDetail>(RB('detail'), { instanceId: submitted.data.processInstanceId }, mgr);
    expect(forMgr.code, forMgr.message).toBe('200');
    expect(forMgr.data.taskId).toBeGreaterThan(0);
    expect((await s.post(RB('pay'), { id: saved.data.id, paidDate: today }, fin)).status).toBe(409);
    expect((await s.post(BPM('task/pass'), { taskId: forMgr.data.taskId, message: '同意' }, mgr)).code).toBe('200');
    const forFin = await s.post<ClaimDetail>(RB('detail'), { id: saved.data.id }, fin);
    expect(forFin.data.taskId).toBeGreaterThan(0);
    expect((await s.post(BPM('task/pass'), { taskId: forFin.data.taskId }, fin)).code).toBe('200');
    const toPay = await s.post<ClaimDetail>(RB('detail'), { id: saved.data.id }, fin);
    expect(toPay.data).toMatchObject({ state: 'passed', claimState: '004', canPay: true });
    // The manager, having approved it, still reads it and the invoice photo.
    expect((await s.post(RB('detail'), { id: saved.data.id }, mgr)).code).toBe('200');
    const photo = toPay.data.lines[0]?.invoices[0]?.files[0];
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: photo?.id }, mgr)).code).toBe('200');
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: photo?.id }, emp2)).status).toBe(404);

    // Paying: finance only, not in the future, once.
    expect((await s.post(RB('pay'), { id: saved.data.id, paidDate: today }, emp)).status).toBe(403);
    expect((await s.post(RB('pay'), { id: saved.data.id, paidDate: '2999-01-01' }, fin)).status).toBe(400);
    const paid = await s.post<ClaimDetail>(RB('pay'), { id: saved.data.id, paidDate: today, remark: '网银转账' }, fin);
    expect(paid.code, paid.message).toBe('200');
    expect(paid.data).toMatchObject({ claimState: '005', paidDate: today, paidByName: expect.any(String) });
    const twice = await s.post(RB('pay'), { id: saved.data.id, paidDate: today }, fin);
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('该报销单已付款');
    expect((await s.post<ExpenseInvoice>(PI('detail'), { id: a.id }, emp)).data.state).toBe('003');
    const mine = await s.post<ClaimDetail>(RB('detail'), { id: saved.data.id }, emp);
    expect(mine.data.claimState).toBe('005');
  });

  it('checks the lines: invoice by category, amount within invoices, one open claim per invoice, bounds', async () => {
    const inv = await addInvoice(emp);
    const bad = async (body: Record<string, unknown>, token = emp) => {
      const res = await s.post(RB('save'), { reason: '出差', ...body }, token);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBeGreaterThanOrEqual(400);
      return res.message;
    };
    expect(await bad({ lines: [] })).toContain('请至少添加一条费用明细');
    expect(await bad({ lines: [line([], 50_00, '003')] })).toContain('「餐费」类费用须关联发票');
    expect(await bad({ lines: [line([inv.id], 107_00)] })).toContain('费用金额不能超过所关联票据的价税合计');
    expect(await bad({ lines: [line([inv.id], 0)] })).toContain('必须大于0');
    expect(await bad({ lines: [line([inv.id], -1)] })).toContain('必须大于0');
    expect(await bad({ lines: [line([], 2_000_000_00, '002')] })).toContain('不能超过1000000元');
    expect(await bad({ lines: [line([inv.id], 50_00), line([inv.id], 50_00)] })).toContain('同一张票据不能用于多条费用明细');
    expect(await bad({ lines: [{ ...line([], 10_00, '002'), expenseDate: '2999-01-01' }] })).toContain('日期不能晚于今天');
    expect(await bad({ reason: 'x'.repeat(100_000), lines: [line([], 10_00, '002')] })).toContain('报销事由');
    expect(await bad({ lines: [{ ...line([], 10_00, '002'), description: 'y'.repeat(201) }] })).toContain('费用说明');
    expect(await bad({ lines: Array.from({ length: 51 }, () => line([], 1_00, '002')) })).toContain('费用明细最多50条');
    expect(await bad({ projectId: 999_999, lines: [line([], 10_00, '002')] })).toContain('所选项目不存在');
    // Someone else's invoice.
    expect(await bad({ lines: [line([inv.id], 50_00)] }, emp2)).toContain('所选票据已在其他报销单中，或不属于您');
    // Transport may go without an invoice; a project may bear it.
    const projects = await s.post<Array<{ id: number }>>(RB('projects'), {}, emp);
    expect(projects.data.length).toBeGreaterThan(0);
    const ok = await s.post<ClaimDetail>(RB('save'), { reason: '地铁', projectId: projects.data[0]?.id, lines: [line([], 12_00, '002')] }, emp);
    expect(ok.code, ok.message).toBe('200');
    expect(ok.data.projectName).toBeTruthy();
    // An invoice on one open claim only.
    const first = await s.post<ClaimDetail>(RB('save'), { reason: '加班餐', lines: [line([inv.id], 106_00)] }, emp);
    expect(first.code).toBe('200');
    const second = await s.post(RB('save'), { reason: '加班餐', lines: [line([inv.id], 106_00)] }, emp);
    expect(second.status).toBe(409);
    expect(second.message).toBe('所选票据已在其他报销单中，或不属于您');
    // Editing the draft keeps its own invoice; dropping it frees it.
    expect((await s.post(RB('save'), { id: first.data.id, reason: '加班餐', lines: [line([inv.id], 100_00)] }, emp)).code).toBe('200');
    expect((await s.post(RB('save'), { id: first.data.id, reason: '加班餐', lines: [line([], 5_00, '008')] }, emp)).code).toBe('200');
    expect((await s.post<ExpenseInvoice>(PI('detail'), { id: inv.id }, emp)).data.state).toBe('001');
    // Another user's claim, by id: not readable, not editable, not submittable, not deletable.
    expect((await s.post(RB('detail'), { id: first.data.id }, emp2)).status).toBe(404);
    expect((await s.post(RB('save'), { id: first.data.id, reason: 'x', lines: [line([], 5_00, '002')] }, emp2)).status).toBe(404);
    expect((await s.post(RB('submit'), { id: first.data.id }, emp2)).status).toBe(404);
    expect((await s.post(RB('delete'), { id: first.data.id }, emp2)).status).toBe(404);
    expect((await s.post(RB('revoke'), { id: first.data.id }, emp2)).status).toBe(404);
    // Deleting a draft frees its invoices.
    const withInv = await s.post<ClaimDetail>(RB('save'), { reason: '餐费', lines: [line([inv.id], 106_00)] }, emp);
    expect((await s.post(RB('delete'), { id: withInv.data.id }, emp)).code).toBe('200');
    expect((await s.post<ExpenseInvoice>(PI('detail'), { id: inv.id }, emp)).data.state).toBe('001');
    expect((await s.post(RB('detail'), { id: withInv.data.id }, emp)).status).toBe(404);
  });

  it('a rejection or a withdrawal returns the invoices; a sent-back claim is edited and resubmitted', async () => {
    const inv = await addInvoice(emp);
    const rejected = await s.post<ClaimDetail>(RB('save'), { reason: '驳回测试', submit: true, lines: [line([inv.id], 106_00)] }, emp);
    expect(rejected.data.state).toBe('approving');
    const task = (await s.post<ClaimDetail>(RB('detail'), { id: rejected.data.id }, mgr)).data.taskId;
    expect((await s.post(BPM('task/reject'), { taskId: task, message: '票据不清晰' }, mgr)).code).toBe('200');
    expect((await s.post<ClaimDetail>(RB('detail'), { id: rejected.data.id }, emp)).data.claimState).toBe('006');
    expect((await s.post<ExpenseInvoice>(PI('detail'), { id: inv.id }, emp)).data).toMatchObject({ state: '001', claimId: null });
    expect((await s.post(RB('submit'), { id: rejected.data.id }, emp)).status).toBe(409);

    const withdrawn = await s.post<ClaimDetail>(RB('save'), { reason: '撤回测试', submit: true, lines: [line([inv.id], 106_00)] }, emp);
    expect(withdrawn.code, withdrawn.message).toBe('200');
    const revoked = await s.post<ClaimDetail>(RB('revoke'), { id: withdrawn.data.id }, emp);
    expect(revoked.code, revoked.message).toBe('200');
    expect(revoked.data.claimState).toBe('007');
    expect((await s.post<ExpenseInvoice>(PI('detail'), { id: inv.id }, emp)).data.state).toBe('001');
    expect((await s.post(RB('revoke'), { id: withdrawn.data.id }, emp)).status).toBe(409);

    const back = await s.post<ClaimDetail>(RB('save'), { reason: '退回测试', submit: true, lines: [line([inv.id], 106_00)] }, emp);
    const backTask = (await s.post<ClaimDetail>(RB('detail'), { id: back.data.id }, mgr)).data.taskId;
    const rolled = await s.post(BPM('task/rollback'), { taskId: backTask, message: '请补充说明' }, mgr);
    expect(rolled.code, rolled.message).toBe('200');
    expect((await s.post<ClaimDetail>(RB('detail'), { id: back.data.id }, emp)).data.claimState).toBe('003');
    const resubmitted = await s.post<ClaimDetail>(
      RB('save'),
      { id: back.data.id, reason: '退回测试（已补充）', submit: true, lines: [line([inv.id], 100_00)] },
      emp,
    );
    expect(resubmitted.code, resubmitted.message).toBe('200');
    expect(resubmitted.data).toMatchObject({ state: 'approving', total: 100_00, claimNo: back.data.claimNo });
  });

  it('two submits at once start one approval', async () => {
    const draft = await s.post<ClaimDetail>(RB('save'), { reason: '并发提交', lines: [line([], 8_00, '002')] }, emp);
    const both = await Promise.all([
      s.post<ClaimDetail>(RB('submit'), { id: draft.data.id }, emp),
      s.post<ClaimDetail>(RB('submit'), { id: draft.data.id }, emp),
    ]);
    expect(both.map((r) => r.code)).toEqual(['200', '200']);
    const rows = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM wf_instances WHERE process_key = 'ExpenseClaim_Process' AND business_id = ${String(draft.data.id)}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('lists mine and (finance) all, filters by state and keyword, exports xlsx', async () => {
    const mine = await s.post<Page<ClaimRecord>>(RB('page'), {}, emp);
    expect(mine.data.total).toBeGreaterThan(3);
    expect(mine.data.records.every((r) => r.userCode === 'emp01')).toBe(true);
    for (const claimState of ['001', '002', '004', '005', '006']) {
      const page = await s.post<Page<ClaimRecord>>(RB('page'), { claimState }, emp);
      expect(page.data.total, claimState).toBeGreaterThan(0);
      expect(page.data.records.every((r) => r.claimState === claimState)).toBe(true);
    }
    expect((await s.post(RB('page'), { scope: 'all' }, emp)).status).toBe(403);
    const all = await s.post<Page<ClaimRecord>>(RB('page'), { scope: 'all', pageSize: 100 }, fin);
    expect(all.data.total).toBeGreaterThanOrEqual(20);
    expect(all.data.records.some((r) => r.state === 'draft')).toBe(false);
    expect(new Set(all.data.records.map((r) => r.userId)).size).toBeGreaterThan(5);
    const toPay = await s.post<Page<ClaimRecord>>(RB('page'), { scope: 'all', claimState: '004' }, fin);
    expect(toPay.data.total).toBeGreaterThan(0);
    const byNo = await s.post<Page<ClaimRecord>>(RB('page'), { scope: 'all', keyword: toPay.data.records[0]?.claimNo }, fin);
    expect(byNo.data.total).toBe(1);
    // Finance has claims waiting for its approval in the process centre.
    expect(all.data.records.some((r) => r.taskId)).toBe(true);

    const res = await fetch(`${s.url}${RB('export')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'all', claimState: '005' }),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).values).toContain('报销单号');
    expect((ws?.rowCount ?? 0) - 1).toBe((await s.post<Page<ClaimRecord>>(RB('page'), { scope: 'all', claimState: '005' }, fin)).data.total);
    expect(JSON.stringify(ws?.getRow(2).values)).toContain('已付款');
  });

  it('demo claims are charged only to projects whose team has the claimant', async () => {
    const strays = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT c.id FROM fin_expense_claims c WHERE c.project_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM fin_project_people pp WHERE pp.project_id = c.project_id AND pp.user_id = c.user_id)`,
    );
    expect(strays).toEqual([]);
    const [charged] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM fin_expense_claims WHERE project_id IS NOT NULL`);
    expect(charged?.n).toBeGreaterThan(5);
  });

  it('the administrator may change the process: it is a seeded definition', async () => {
    const [def] = await queryRows<{ key: string }>(s.db, sql`SELECT key FROM wf_definitions WHERE key = 'ExpenseClaim_Process'`);
    expect(def?.key).toBe('ExpenseClaim_Process');
    expect((await s.post(RB('page'), {}, admin)).code).toBe('200');
  });
});

describe('the project that bears a claim: only one whose team has the claimant', () => {
  type Pick = { id: number; projectNo: string | null; name: string };
  const userId = async (code: string) => (await queryRows<{ id: number }>(s.db, sql`SELECT id FROM users WHERE user_code = ${code}`))[0]?.id as number;
  /** The running top-level projects a user is on, from the tables themselves. */
  const teamOf = async (code: string) =>
    (
      await queryRows<{ id: number }>(
        s.db,
        sql`SELECT DISTINCT p.id FROM fin_project_people pp JOIN users u ON u.id = pp.user_id JOIN fin_projects p ON p.id = pp.project_id
          WHERE u.user_code = ${code} AND p.parent_id IS NULL AND p.deleted_at IS NULL AND p.phase IN ('001', '002') ORDER BY p.id`,
      )
    ).map((r) => Number(r.id));
  const picks = async (token: string, keyword?: string) => {
    const res = await s.post<Pick[]>(RB('projects'), keyword ? { keyword } : {}, token);
    expect(res.code, res.message).toBe('200');
    return res.data;
  };
  /** A running project emp01 is not on. */
  const notMine = async () => {
    const [p] = await queryRows<{ id: number; name: string }>(
      s.db,
      sql`SELECT p.id, p.name FROM fin_projects p WHERE p.parent_id IS NULL AND p.deleted_at IS NULL AND p.phase = '002'
        AND NOT EXISTS (SELECT 1 FROM fin_project_people pp JOIN users u ON u.id = pp.user_id WHERE pp.project_id = p.id AND u.user_code = 'emp01')
        ORDER BY p.id LIMIT 1`,
    );
    if (!p) throw new Error('no running project without emp01');
    return { id: Number(p.id), name: String(p.name) };
  };
  const claimCount = async () => (await s.post<Page<ClaimRecord>>(RB('page'), {}, emp)).data.total;

  it('the picker offers the running projects I am on, and no other', async () => {
    const mine = await picks(emp);
    expect(mine.map((p) => p.id).sort((a, b) => a - b)).toEqual(await teamOf('emp01'));
    expect(mine.length).toBeGreaterThan(0);
    const [running] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM fin_projects WHERE parent_id IS NULL AND deleted_at IS NULL AND phase IN ('001', '002')`,
    );
    expect(running?.n).toBeGreaterThan(mine.length);
    // Another member sees their own projects; someone on no team sees none.
    expect((await picks(emp2)).map((p) => p.id).sort((a, b) => a - b)).toEqual(await teamOf('emp02'));
    expect(await teamOf('hrd01')).toEqual([]);
    expect(await picks(await s.login('hrd01'))).toEqual([]);
    // The keyword searches within mine: a project I am not on is not found by its name either.
    const first = mine[0] as Pick;
    expect((await picks(emp, first.name)).map((p) => p.id)).toContain(first.id);
    const other = await notMine();
    expect((await picks(emp, other.name)).map((p) => p.id)).not.toContain(other.id);
  });

  it('a save refuses a project I am not on, one not running and a subproject; a subproject team counts for its parent', async () => {
    const other = await notMine();
    const before = await claimCount();
    for (const submit of [false, true]) {
      const res = await s.post(RB('save'), { reason: '项目差旅', projectId: other.id, submit, lines: [line([], 20_00, '002')] }, emp);
      expect([res.status, res.message]).toEqual([400, '您不是所选项目的项目成员，不能将费用计入该项目']);
    }
    expect(await claimCount()).toBe(before);

    // On the team of one of its subprojects: the parent is offered and accepted.
    const me = await userId('emp01');
    const [sub] = await queryRows<{ id: number }>(
      s.db,
      sql`INSERT INTO fin_projects (name, parent_id, phase, state) VALUES ('报销测试子项目', ${other.id}, '002', 'passed') RETURNING id`,
    );
    const subId = Number(sub?.id);
    await s.db.execute(sql`INSERT INTO fin_project_people (project_id, user_id, role) VALUES (${subId}, ${me}, '004')`);
    expect((await picks(emp)).map((p) => p.id)).toContain(other.id);
    const ok = await s.post<ClaimDetail>(RB('save'), { reason: '子项目差旅', projectId: other.id, lines: [line([], 20_00, '002')] }, emp);
    expect(ok.code, ok.message).toBe('200');
    expect(ok.data.projectId).toBe(other.id);
    // The subproject itself is not a project a claim is charged to (the picker never offers it).
    const direct = await s.post(RB('save'), { reason: '子项目差旅', projectId: subId, lines: [line([], 20_00, '002')] }, emp);
    expect([direct.status, direct.message]).toEqual([400, '所选项目不存在']);
    await s.db.execute(sql`DELETE FROM fin_project_people WHERE project_id = ${subId}`);
    await s.db.execute(sql`DELETE FROM fin_projects WHERE id = ${subId}`);
    expect((await s.post(RB('delete'), { id: ok.data.id }, emp)).code).toBe('200');

    // A closed project keeps its team but bears no new claims.
    const [closed] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT id FROM fin_projects WHERE parent_id IS NULL AND deleted_at IS NULL AND phase = '004' ORDER BY id LIMIT 1`,
    );
    const closedId = Number(closed?.id);
    await s.db.execute(sql`INSERT INTO fin_project_people (project_id, user_id, role) VALUES (${closedId}, ${me}, '004') ON CONFLICT DO NOTHING`);
    expect((await picks(emp)).map((p) => p.id)).not.toContain(closedId);
    const late = await s.post(RB('save'), { reason: '结项后费用', projectId: closedId, lines: [line([], 20_00, '002')] }, emp);
    expect([late.status, late.message]).toEqual([400, '所选项目不在执行中，不能承担报销费用']);
    await s.db.execute(sql`DELETE FROM fin_project_people WHERE project_id = ${closedId} AND user_id = ${me}`);
    expect(await claimCount()).toBe(before);
  });

  it('a draft or a sent-back claim is not submitted onto a project whose team the claimant has left', async () => {
    const me = await userId('emp01');
    const project = (await picks(emp))[0] as Pick;
    const [row] = await queryRows<{ role: string; join: string | null }>(
      s.db,
      sql`SELECT role, join_date::text AS join FROM fin_project_people WHERE project_id = ${project.id} AND user_id = ${me}`,
    );
    const leave = () => s.db.execute(sql`DELETE FROM fin_project_people WHERE project_id = ${project.id} AND user_id = ${me}`);
    const rejoin = () =>
      s.db.execute(
        sql`INSERT INTO fin_project_people (project_id, user_id, role, join_date) VALUES (${project.id}, ${me}, ${row?.role ?? '004'}, ${row?.join ?? null})`,
      );
    const left = [400, '您不是所选项目的项目成员，不能将费用计入该项目'];

    const draft = await s.post<ClaimDetail>(RB('save'), { reason: '项目出差', projectId: project.id, lines: [line([], 30_00, '002')] }, emp);
    expect(draft.code, draft.message).toBe('200');
    await leave();
    try {
      const refused = await s.post(RB('submit'), { id: draft.data.id }, emp);
      expect([refused.status, refused.message]).toEqual(left);
      expect((await s.post<ClaimDetail>(RB('detail'), { id: draft.data.id }, emp)).data).toMatchObject({ state: 'draft', processInstanceId: null });
    } finally {
      await rejoin();
    }
    const submitted = await s.post<ClaimDetail>(RB('submit'), { id: draft.data.id }, emp);
    expect(submitted.code, submitted.message).toBe('200');

    // Sent back; the claimant leaves the team; the process centre's resubmission is refused too.
    const task = (await s.post<ClaimDetail>(RB('detail'), { id: draft.data.id }, mgr)).data.taskId;
    expect((await s.post(BPM('task/rollback'), { taskId: task, message: '请补充行程单' }, mgr)).code).toBe('200');
    const [back] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT id FROM wf_tasks WHERE instance_id = ${submitted.data.processInstanceId} AND status = 'pending' AND kind = 'resubmit'`,
    );
    await leave();
    try {
      const generic = await s.post(BPM('task/resubmit'), { taskId: back?.id }, emp);
      expect([generic.status, generic.message]).toEqual(left);
      const viaSave = await s.post(
        RB('save'),
        { id: draft.data.id, reason: '项目出差', projectId: project.id, submit: true, lines: [line([], 30_00, '002')] },
        emp,
      );
      expect([viaSave.status, viaSave.message]).toEqual(left);
      expect((await s.post<ClaimDetail>(RB('detail'), { id: draft.data.id }, emp)).data.claimState).toBe('003');
    } finally {
      await rejoin();
    }
    const again = await s.post(BPM('task/resubmit'), { taskId: back?.id }, emp);
    expect(again.code, again.message).toBe('200');
    expect((await s.post<ClaimDetail>(RB('detail'), { id: draft.data.id }, emp)).data.claimState).toBe('002');
  });
});

describe('a claim within its project budget (issue 34 §3)', () => {
  const CS = (n: string) => `/base_api/base/api/controls/${n}`;
  const setMode = async (claimBudget: 'off' | 'warn' | 'refuse') =>
    expect((await s.post(CS('saveSettings'), { fourEyes: true, claimBudget }, admin)).code).toBe('200');

  it('shows the overrun on the claim to its claimant and approver, and refuses its submission when the company says so', async () => {
    const [project] = (await s.post<Array<{ id: number }>>(RB('projects'), {}, emp)).data;
    const pid = project?.id as number;
    const [subject] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_budget_subjects WHERE code = 'EXP01'`);
    // 差旅费 (EXP01) budget of this project: what it has used so far plus 50.00.
    await s.db.execute(sql`DELETE FROM fin_project_actuals WHERE project_id = ${pid} AND subject_id = ${subject?.id}`);
    const [used] = await queryRows<{ amount: number }>(
      s.db,
      sql`SELECT coalesce(sum(l.amount), 0)::int AS amount FROM fin_expense_claims c JOIN fin_expense_claim_lines l ON l.claim_id = c.id
        WHERE c.project_id = ${pid} AND c.deleted_at IS NULL AND c.state IN ('approving', 'returned', 'passed') AND l.category IN ('001', '002', '003', '004')`,
    );
    const usedFen = Number(used?.amount);
    await s.db.execute(sql`DELETE FROM fin_budget_in_force WHERE project_id = ${pid} AND subject_id = ${subject?.id}`);
    await s.db.execute(
      sql`INSERT INTO fin_budget_in_force (project_id, subject_id, budget_type, month, amount) VALUES (${pid}, ${subject?.id}, '003', 202612, ${usedFen + 50_00})`,
    );

    const within = await s.post<{ id: number }>(RB('save'), { reason: '预算内出差', projectId: pid, lines: [line([], 30_00, '002')] }, emp);
    expect(within.code, within.message).toBe('200');
    expect((await s.post<ClaimDetail>(RB('detail'), { id: within.data.id }, emp)).data.budgetNotice).toBeNull();

    const over = await s.post<{ id: number }>(
      RB('save'),
      { reason: '超预算出差', projectId: pid, lines: [line([], 80_00, '002'), line([], 9_00, '008')] },
      emp,
    );
    expect(over.code, over.message).toBe('200');
    const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const notice = `差旅费超出项目预算：预算${yuan(usedFen + 50_00)}元，已报销（含审批中）${yuan(usedFen)}元，本单80.00元，超出30.00元`;
    expect((await s.post<ClaimDetail>(RB('detail'), { id: over.data.id }, emp)).data.budgetNotice).toBe(notice);

    await setMode('refuse');
    try {
      const refused = await s.post<unknown>(RB('submit'), { id: over.data.id }, emp);
      expect([refused.status, refused.message]).toEqual([409, `${notice}，请先调整项目预算或联系财务`]);
      expect((refused.data as { errors?: Array<{ field: string }> } | null)?.errors?.[0]?.field).toBe('projectId');
      expect((await s.post<ClaimDetail>(RB('detail'), { id: over.data.id }, emp)).data).toMatchObject({ state: 'draft', processInstanceId: null });
      // Within budget it goes in; the one over budget still cannot.
      expect((await s.post(RB('submit'), { id: within.data.id }, emp)).code).toBe('200');
      await setMode('off');
      expect((await s.post<ClaimDetail>(RB('detail'), { id: over.data.id }, emp)).data.budgetNotice).toBeNull();
      const submitted = await s.post(RB('submit'), { id: over.data.id }, emp);
      expect(submitted.code, submitted.message).toBe('200');
    } finally {
      await setMode('warn');
    }
    // The approver reads the same notice (the other claim, submitted before, is now counted as used).
    const approverView = await s.post<ClaimDetail>(RB('detail'), { id: over.data.id }, mgr);
    expect(approverView.data.budgetNotice).toContain('差旅费超出项目预算');
  });

  it("follows a project's own setting over the company's, set only by who sets the company's, and in the project's history", async () => {
    // The project of the test above: its 差旅费 budget is spent, so any travel claim on it is over.
    const [project] = (await s.post<Array<{ id: number }>>(RB('projects'), {}, emp)).data;
    const pid = project?.id as number;
    const P = (n: string) => `/finance_api/finance/project/${n}`;
    const setProject = (claimBudget: string, token = admin) => s.post<ProjectDetail>(P('saveClaimBudget'), { id: pid, claimBudget }, token);
    expect((await setProject('refuse', mgr)).status).toBe(403);
    expect((await setProject('refuse', emp)).status).toBe(403);
    const bad = await setProject('strict');
    expect([bad.status, bad.message]).toEqual([400, expect.stringContaining('请选择报销超预算的处理方式')]);
    const refusing = await setProject('refuse');
    expect(refusing.code, refusing.message).toBe('200');
    expect(refusing.data).toMatchObject({ claimBudget: 'refuse', claimBudgetInForce: 'refuse' });
    try {
      const claim = await s.post<{ id: number }>(RB('save'), { reason: '项目禁止超预算', projectId: pid, lines: [line([], 10_00, '002')] }, emp);
      expect(claim.code, claim.message).toBe('200');
      const refused = await s.post(RB('submit'), { id: claim.data.id }, emp);
      expect([refused.status, refused.message]).toEqual([409, expect.stringContaining('差旅费超出项目预算')]);
      expect((await setProject('off')).data).toMatchObject({ claimBudget: 'off', claimBudgetInForce: 'off' });
      expect((await s.post<ClaimDetail>(RB('detail'), { id: claim.data.id }, emp)).data.budgetNotice).toBeNull();
      expect((await s.post(RB('submit'), { id: claim.data.id }, emp)).code).toBe('200');
      const history = await s.post<HistoryEntry[]>('/base_api/base/api/history/list', { kind: 'project', id: pid }, admin);
      expect(history.data.flatMap((e) => e.changes).filter((c) => c.label === '报销超预算')).toEqual(
        expect.arrayContaining([expect.objectContaining({ from: null, to: '禁止提交' }), expect.objectContaining({ from: '禁止提交', to: '不控制' })]),
      );
    } finally {
      expect((await setProject('company')).data).toMatchObject({ claimBudget: null, claimBudgetInForce: 'warn' });
    }
  });
});

describe('demo invoice photos', () => {
  const missing = async () =>
    (await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM fin_expense_invoices WHERE file_group_id IS NULL AND deleted_at IS NULL`))[0]?.n ??
    0;

  it('every demo invoice gets its photo through the file service, once; the owner, the approver and finance open it, nobody else', async () => {
    // The tests' template is seeded without a file storage: its demo invoices have no photo yet.
    const before = await missing();
    expect(before).toBeGreaterThan(50);
    const storage = storageFromConfig(s.platform.config);
    expect(await attachInvoicePhotos(s.db, storage)).toBe(before);
    expect(await missing()).toBe(0);
    expect(await attachInvoicePhotos(s.db, storage)).toBe(0);

    const folder = await s.post<Page<ExpenseInvoice>>(PI('page'), { pageSize: 200 }, emp);
    expect(folder.data.records.length).toBeGreaterThan(10);
    expect(folder.data.records.every((i) => i.files.length === 1)).toBe(true);

    // emp01's demo claim waiting for mgr01: its lines show the photos, which mgr01 opens.
    const waiting = await s.post<Page<ClaimRecord>>(RB('page'), { claimState: '002', pageSize: 50 }, emp);
    const demo = waiting.data.records.find((r) => r.reason.endsWith('等费用报销') && r.invoiceCount > 0);
    const detail = await s.post<ClaimDetail>(RB('detail'), { id: demo?.id }, mgr);
    expect(detail.code, detail.message).toBe('200');
    const photo = detail.data.lines[0]?.invoices[0]?.files[0] as FileEntry;
    expect(photo).toMatchObject({ fileSuffix: 'png', fileType: 'image', moduleName: 'reimburse' });
    const link = await s.post<SignedLink>('/file_api/file/fileUrl/previewFile', { id: photo.id }, mgr);
    expect(link.code, link.message).toBe('200');
    expect(link.data.inline).toBe(true);
    const res = await fetch(s.url + link.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBe(photo.fileSize);
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: photo.id }, emp)).code).toBe('200');
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: photo.id }, emp2)).status).toBe(404);

    // Finance opens the photos of a colleague's claim waiting for payment.
    const toPay = await s.post<Page<ClaimRecord>>(RB('page'), { scope: 'all', claimState: '004', pageSize: 50 }, fin);
    const theirs = toPay.data.records.find((r) => r.userCode !== 'emp01' && r.invoiceCount > 0);
    const finDetail = await s.post<ClaimDetail>(RB('detail'), { id: theirs?.id }, fin);
    const finPhoto = finDetail.data.lines[0]?.invoices[0]?.files[0] as FileEntry;
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: finPhoto.id }, fin)).code).toBe('200');
  });
});
