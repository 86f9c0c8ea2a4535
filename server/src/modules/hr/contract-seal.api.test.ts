import type { ContractArchiveRecord, ContractFacts, ContractSealRecord, DocumentSaved, Page } from '@erp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { employees, users, wfTasks } from '../../db/schema';

/** 合同用印 and 合同归档 (/ContractSealList): the requests, their checks, approval and files. */
let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const call = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(`/hr_api/hrm/${path}`, body, await token(who));

async function holder(instanceId: number): Promise<{ code: string; taskId: number }> {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])));
  if (!t) throw new Error(`no open task on ${instanceId}`);
  const [u] = await s.db
    .select({ code: users.userCode })
    .from(users)
    .where(eq(users.id, t.assigneeUserId ?? (t.candidateUserIds[0] as number)));
  return { code: u?.code as string, taskId: t.id };
}

async function upload(who: string): Promise<{ id: number; fileId: string }> {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%contract\n'))], { type: 'application/pdf' }), '劳动合同.pdf');
  f.append('moduleName', 'hrContract');
  const res = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${await token(who)}` } });
  expect(res.code, JSON.stringify(res)).toBe('200');
  return res.data as { id: number; fileId: string };
}

let employeeId = 0;
beforeAll(async () => {
  s = await startTestServer();
  const [e] = await s.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'emp01'));
  employeeId = e?.id as number;
});
afterAll(() => s.close());

const sealForm = (fileGroupId: string, extra: Record<string, unknown> = {}) => ({
  employeeId,
  contractType: '001',
  contractStart: '2026-01-01',
  contractEnd: '2028-12-31',
  copies: 2,
  sealType: '002',
  purpose: '劳动合同续签盖章',
  fileGroupId,
  ...extra,
});

describe('合同用印 and 合同归档', () => {
  it('refuse bad input with the rule broken, someone else’s file, and people without the permission', async () => {
    const mine = await upload('hr01');
    const theirs = await upload('emp02');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ fileGroupId: '' }, 400, '请上传合同文件'],
      [{ contractEnd: null }, 400, '固定期限合同请填写合同终止日期'],
      [{ contractEnd: '2025-12-31' }, 400, '合同终止日期不能早于合同起始日期'],
      [{ copies: 0 }, 400, '份数至少为1'],
      [{ sealType: '9' }, 400, '请选择印章类型'],
      [{ purpose: '   ' }, 400, '请输入用印事由'],
      [{ fileGroupId: theirs.fileId }, 403, '只能附上自己上传的文件'],
      [{ fileGroupId: '../../etc/passwd' }, 400, '附件编号不正确'],
    ];
    for (const [extra, status, text] of cases) {
      const r = await call('hr01', 'contractSeal/add', sealForm(mine.fileId, extra));
      expect(r.status, JSON.stringify(extra)).toBe(status);
      expect(r.message).toContain(text);
    }
    expect((await call('emp01', 'contractSeal/add', sealForm(mine.fileId))).status).toBe(403);
    expect((await call('emp01', 'contractSeal/selectPage', {})).status).toBe(403);
  });

  it('seal: HR director approves, the seal keeper seals; one open request per person; approvers open the file, others cannot', async () => {
    const file = await upload('hr01');
    const r = await call<DocumentSaved>('hr01', 'contractSeal/add', sealForm(file.fileId));
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.state).toBe('approving');
    expect(r.data.documentNo).toMatch(/^YY\d{8}/);
    const again = await call('hr01', 'contractSeal/add', sealForm((await upload('hr01')).fileId));
    expect(again.status).toBe(409);
    expect(again.message).toBe('该员工已有进行中的用印申请');

    const first = await holder(r.data.processInstanceId as number);
    expect(first.code).toBe('hrd01');
    const preview = async (who: string) => s.post('/file_api/file/fileUrl/previewFile', { id: file.id }, await token(who));
    expect((await preview('hrd01')).code).toBe('200');
    expect((await preview('emp02')).status).toBeGreaterThanOrEqual(403);
    // Someone who does not hold the task cannot pass it.
    expect((await call('emp02', 'contractSeal/approvalPass', { taskId: first.taskId })).status).toBeGreaterThanOrEqual(400);
    expect((await call(first.code, 'contractSeal/approvalPass', { taskId: first.taskId, message: '同意' })).code).toBe('200');
    const keeper = await holder(r.data.processInstanceId as number);
    expect((await call(keeper.code, 'contractSeal/approvalPass', { taskId: keeper.taskId })).code).toBe('200');

    const detail = await call<ContractSealRecord>('hr01', 'contractSeal/select', { id: r.data.id });
    expect(detail.data).toMatchObject({ state: 'passed', sealType: '002', copies: 2, contractEnd: '2028-12-31', fileGroupId: file.fileId });
    expect(detail.data.sealedAt).not.toBeNull();
    const byBpm = await call<ContractSealRecord>('hrd01', 'contractSeal/selectByBpmId', { processInstanceId: r.data.processInstanceId });
    expect(byBpm.data.id).toBe(r.data.id);
    // The employee sees their own; a colleague gets nothing.
    expect((await call('emp01', 'contractSeal/select', { id: r.data.id })).code).toBe('200');
    expect((await call('emp02', 'contractSeal/select', { id: r.data.id })).status).toBe(404);

    const page = await call<Page<ContractSealRecord>>('hr01', 'contractSeal/selectPage', { keyword: r.data.documentNo });
    expect(page.data.records.map((x) => x.id)).toEqual([r.data.id]);
    const xlsx = await call('hr01', 'contractSeal/downloadList', {});
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheet');
  });

  it('archive: starts from the passed seal, files it once; a second archive of the same seal is refused', async () => {
    const facts = await call<ContractFacts>('hr01', 'contractSeal/getContract', { employeeId });
    expect(facts.data).toMatchObject({ contractType: '001', contractStart: '2026-01-01', contractEnd: '2028-12-31' });
    expect(facts.data.sealId).not.toBeNull();
    const form = {
      employeeId,
      contractType: '001',
      contractStart: '2026-01-01',
      contractEnd: '2028-12-31',
      copies: 1,
      location: '档案室 B-3 柜',
      sealId: facts.data.sealId,
      fileGroupId: (await upload('hr01')).fileId,
    };
    const r = await call<DocumentSaved>('hr01', 'contractArchive/add', form);
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.documentNo).toMatch(/^HTGD\d{8}/);
    const h = await holder(r.data.processInstanceId as number);
    expect((await call(h.code, 'contractArchive/approvalPass', { taskId: h.taskId })).code).toBe('200');
    const detail = await call<ContractArchiveRecord>('hr01', 'contractArchive/select', { id: r.data.id });
    expect(detail.data).toMatchObject({ state: 'passed', location: '档案室 B-3 柜' });
    expect(detail.data.sealDocumentNo).toMatch(/^YY/);
    expect(detail.data.archivedAt).not.toBeNull();

    const twice = await call('hr01', 'contractArchive/add', { ...form, fileGroupId: (await upload('hr01')).fileId });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('该合同已归档');
    const stranger = await call('hr01', 'contractArchive/add', { ...form, sealId: 999999, fileGroupId: (await upload('hr01')).fileId });
    expect(stranger.status).toBe(400);
    expect((await call<ContractFacts>('hr01', 'contractSeal/getContract', { employeeId })).data.sealId).toBeNull();
  });

  it('a rejected seal ends; the demo data has requests in several states', async () => {
    const r = await call<DocumentSaved>('hr01', 'contractSeal/add', sealForm((await upload('hr01')).fileId, { contractType: '002', contractEnd: null }));
    expect(r.code, JSON.stringify(r)).toBe('200');
    const h = await holder(r.data.processInstanceId as number);
    expect((await call(h.code, 'contractSeal/approvalFail', { taskId: h.taskId, message: '' })).status).toBe(400);
    expect((await call(h.code, 'contractSeal/approvalFail', { taskId: h.taskId, message: '合同版本不对' })).code).toBe('200');
    expect((await call<ContractSealRecord>('hr01', 'contractSeal/select', { id: r.data.id })).data.state).toBe('rejected');
    const states = (await call<Page<ContractSealRecord>>('hr01', 'contractSeal/selectPage', { pageSize: 50 })).data.records.map((x) => x.state);
    expect(states).toEqual(expect.arrayContaining(['passed', 'approving', 'returned', 'rejected']));
  });
});
