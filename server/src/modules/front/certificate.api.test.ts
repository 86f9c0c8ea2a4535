import type { Page, ProveDetail, ProveRecord, ProveVerified } from '@erp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { employees, users, wfTasks } from '../../db/schema';
import { pdfText } from '../../platform/pdf/pdf-text';
import { proveRequests } from './front.schema';

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const P = '/hr_api/hrm/proveApply/';
const call = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(P + path, body, await token(who));
const verify = (code: unknown) => s.post<ProveVerified>('/hr_api/hrm/api/anon/proveVerify', { code }, null);

async function taskOf(instanceId: number) {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve'])));
  if (!t) throw new Error('no open task');
  return t.id;
}

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('certificates (proveApply)', () => {
  let id = 0;
  let instanceId = 0;
  let code = '';

  it('refuses bad input', async () => {
    const bad = async (body: unknown, text: string) => {
      const r = await call('emp01', 'add', body);
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad({ certType: '009', purpose: '办理签证' }, '请选择证明类型');
    await bad({ certType: '001', purpose: ' ' }, '请输入用途');
    await bad({ certType: '001', purpose: 'x'.repeat(201) }, '用途不能超过200个字符');
    await bad({ certType: 1, purpose: '签证' }, 'certType');
  });

  it('request → HR approval → a certificate with a code; one open request of a type at a time', async () => {
    const r = await call<{ id: number; documentNo: string; processInstanceId: number }>('emp01', 'add', { certType: '002', purpose: '办理房屋贷款' });
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.documentNo).toMatch(/^ZM\d{12}$/);
    id = r.data.id;
    instanceId = r.data.processInstanceId;
    const twice = await call('emp01', 'add', { certType: '002', purpose: '办理房屋贷款' });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('已有同类证明在审批中，请勿重复申请');
    const before = await call<ProveDetail>('emp01', 'info', { id });
    expect(before.data.content).toBeNull();
    expect((await call('emp02', 'info', { id })).status).toBe(404);
    const taskId = await taskOf(instanceId);
    expect((await call('emp02', 'pass', { taskId })).status).toBeGreaterThanOrEqual(400);
    expect((await call('hr01', 'reject', { taskId, message: '' })).status).toBe(400);
    const byIns = await call<ProveDetail>('hr01', 'getProveByProIns', { processInstanceId: instanceId });
    expect(byIns.data.certType).toBe('002');
    expect((await call('hr01', 'pass', { taskId, message: '同意' })).code).toBe('200');
    const after = await call<ProveDetail>('emp01', 'info', { id });
    expect(after.data.state).toBe('passed');
    const c = after.data.content;
    expect(c?.verifyCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const [e] = await s.db.select().from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'emp01'));
    expect(c?.annualIncome).toBe((e?.employees.salaryCents ?? 0) * 12);
    expect(c?.name).toBe(e?.employees.name);
    expect(c?.idNoMasked).not.toContain(e?.employees.idCardNo?.slice(6, 14) ?? 'never');
    code = c?.verifyCode as string;
  });

  it('gives the issued certificate as a PDF with its words, code and seal; not before issue, not to others', async () => {
    const pdf = async (who: string, pdfId: number) =>
      fetch(`${s.url}${P}pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await token(who)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: pdfId }),
      });
    const res = await pdf('emp01', id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const content = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/ /g, '');
    const detail = (await call<ProveDetail>('emp01', 'info', { id })).data;
    expect(content).toContain('收入证明');
    expect(content).toContain(detail.content?.name);
    expect(content).toContain(code);
    expect(content).toContain('人事专用章');
    expect(content).toContain(`本证明仅用于“办理房屋贷款”`);
    expect((await pdf('emp02', id)).status).toBe(404);
    const open = await call<{ id: number }>('emp01', 'add', { certType: '001', purpose: '办理签证' });
    const notYet = await pdf('emp01', open.data.id);
    expect(notYet.status).toBe(400);
    expect(((await notYet.json()) as { message: string }).message).toBe('证明尚未开具');
  });

  it('anyone verifies a real code without signing in; a forged one is refused clearly', async () => {
    const ok = await verify(code);
    expect(ok.code, JSON.stringify(ok)).toBe('200');
    expect(ok.data).toMatchObject({ valid: true, message: '证明真实有效', certType: '002' });
    expect(ok.data.nameMasked).toContain('*');
    expect((await verify(code.replaceAll('-', '').toLowerCase())).data.valid).toBe(true);
    const forged = await verify('ABCD-EFGH-JKLM-NPQR');
    expect(forged.status).toBe(404);
    expect(forged.message).toBe('证明编号不存在，请核对后重试');
    expect((await verify("' OR 1=1 --")).status).toBe(404);
    expect((await verify('x'.repeat(5000))).status).toBe(400);
    expect((await verify('')).status).toBe(400);
    // Past its validity it is shown as expired, not as valid.
    await s.db.update(proveRequests).set({ validUntil: '2020-01-01' }).where(eq(proveRequests.id, id));
    const old = await verify(code);
    expect(old.data).toMatchObject({ valid: false, message: '该证明已超过有效期' });
  });

  it('refuses a resigned employee', async () => {
    const [e] = await s.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'emp02'));
    await s.db
      .update(employees)
      .set({ employState: '005' })
      .where(eq(employees.id, e?.id as number));
    const r = await call('emp02', 'add', { certType: '001', purpose: '办理签证' });
    expect(r.status).toBe(400);
    expect(r.message).toBe('该员工已离职，不能开具证明');
    await s.db
      .update(employees)
      .set({ employState: '002' })
      .where(eq(employees.id, e?.id as number));
  });

  it('refuses the approval of someone who resigned while the request waited: nothing issued; HR rejects it with a message', async () => {
    const r = await call<{ id: number; processInstanceId: number }>('emp02', 'add', { certType: '001', purpose: '办理居住证' });
    expect(r.code, JSON.stringify(r)).toBe('200');
    const [e] = await s.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'emp02'));
    const taskId = await taskOf(r.data.processInstanceId);
    const setState = (employState: string, leaveDate: string | null) =>
      s.db
        .update(employees)
        .set({ employState, leaveDate })
        .where(eq(employees.id, e?.id as number));
    // Resigned by state, then by a leave date that has passed: the same refusal.
    for (const [state, leave] of [
      ['005', null],
      ['002', '2020-01-01'],
    ] as const) {
      await setState(state, leave);
      const refused = await call('hr01', 'pass', { taskId, message: '同意' });
      expect(refused.status, JSON.stringify(refused)).toBe(400);
      expect(refused.message).toBe('该员工已离职，不能开具证明');
      const [row] = await s.db.select().from(proveRequests).where(eq(proveRequests.id, r.data.id));
      expect(row).toMatchObject({ state: 'approving', verifyCode: null, issuedAt: null, snapshot: null });
      const [task] = await s.db.select().from(wfTasks).where(eq(wfTasks.id, taskId));
      expect(task?.status).toBe('pending');
    }
    // The process centre's own pass is refused the same way.
    const generic = await s.post('/bpm_api/bpm/camunda/task/pass', { taskId, message: '同意' }, await token('hr01'));
    expect(generic.status).toBe(400);
    expect(generic.message).toBe('该员工已离职，不能开具证明');
    const rejected = await call('hr01', 'reject', { taskId, message: '员工已离职，不予开具' });
    expect(rejected.code, JSON.stringify(rejected)).toBe('200');
    const after = await call<ProveDetail>('emp02', 'info', { id: r.data.id });
    expect(after.data).toMatchObject({ state: 'rejected', content: null });
    const [task] = await s.db.select().from(wfTasks).where(eq(wfTasks.id, taskId));
    expect(task).toMatchObject({ outcome: 'reject', message: '员工已离职，不予开具' });
    expect((await call('hr01', 'pass', { taskId })).status).toBe(409);
    await setState('002', null);
  });

  it('reject: needs a message; the request is closed without a certificate and a new one may be asked', async () => {
    const r = await call<{ id: number; processInstanceId: number }>('mgr01', 'add', { certType: '001', purpose: '子女入学' });
    expect(r.code, JSON.stringify(r)).toBe('200');
    const taskId = await taskOf(r.data.processInstanceId);
    const empty = await call('hr01', 'reject', { taskId, message: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.message).toContain('请输入签字意见');
    expect((await call('mgr01', 'reject', { taskId, message: '撤销' })).status).toBe(403);
    const done = await call('hr01', 'reject', { taskId, message: '请写明入学学校名称' });
    expect(done.code, JSON.stringify(done)).toBe('200');
    const info = await call<ProveDetail>('mgr01', 'info', { id: r.data.id });
    expect(info.data).toMatchObject({ state: 'rejected', content: null, issuedAt: null });
    const [row] = await s.db.select().from(proveRequests).where(eq(proveRequests.id, r.data.id));
    expect(row?.verifyCode).toBeNull();
    // The closed request no longer blocks a new one of the type.
    expect((await call('mgr01', 'add', { certType: '001', purpose: '子女入学（北京市第一中学）' })).code).toBe('200');
  });

  it('lists my own; HR sees all (the demo has 20+)', async () => {
    const mine = await call<Page<ProveRecord>>('emp01', 'page', {});
    expect(mine.data.records.every((r) => r.userName === mine.data.records[0]?.userName)).toBe(true);
    const all = await call<Page<ProveRecord>>('hr01', 'page', {});
    expect(all.data.total).toBeGreaterThanOrEqual(20);
    const mineOnly = await call<Page<ProveRecord>>('hr01', 'page', { mine: true });
    expect(mineOnly.data.total).toBeLessThan(all.data.total);
  });
});
