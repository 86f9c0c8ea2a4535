import type { CardFace, CardRecord, Page } from '@erp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { employees, users, wfTasks } from '../../db/schema';

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const call = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(`/base_api/base/cardApply/${path}`, body, await token(who));

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('business cards (cardApply)', () => {
  it('takes the card from the employee record and refuses bad input', async () => {
    const d = await call<CardFace>('emp01', 'defaults');
    expect(d.code, JSON.stringify(d)).toBe('200');
    expect(d.data.name).toBe('叶子豪');
    expect(d.data.companyName).not.toBe('');
    expect(d.data.email).toContain('@');
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await call('emp01', 'add', { boxes: 1, ...body });
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad({ boxes: 0 }, '至少1盒');
    await bad({ boxes: 6 }, '一次最多5盒');
    await bad({ englishName: '<script>' }, '英文名只能包含英文字母');
    await bad({ address: 'x'.repeat(101) }, '地址不能超过100个字符');
  });

  it('asks once, administration approves in the process centre; others do not see it', async () => {
    const r = await call<{ id: number; documentNo: string; processInstanceId: number }>('emp01', 'add', {
      boxes: 2,
      englishName: 'Zihao Ye',
      address: '北京市朝阳区望京街10号',
    });
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.documentNo).toMatch(/^MP\d{12}$/);
    expect((await call('emp01', 'add', { boxes: 1 })).message).toBe('已有名片申请在审批中，请勿重复申请');
    expect((await call('emp02', 'info', { id: r.data.id })).status).toBe(404);
    const byIns = await call<CardRecord>('hr01', 'getCardByProIns', { processInstanceId: r.data.processInstanceId });
    expect(byIns.data).toMatchObject({ name: '叶子豪', englishName: 'Zihao Ye', boxes: 2 });
    const [task] = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, r.data.processInstanceId), eq(wfTasks.status, 'pending')));
    expect((await call('emp02', 'pass', { taskId: task?.id })).status).toBeGreaterThanOrEqual(400);
    expect((await call('hr01', 'pass', { taskId: task?.id, message: '已送印' })).code).toBe('200');
    expect((await call<CardRecord>('emp01', 'info', { id: r.data.id })).data.state).toBe('passed');
    const all = await call<Page<CardRecord>>('hr01', 'page', {});
    expect(all.data.total).toBeGreaterThanOrEqual(20);
    const mine = await call<Page<CardRecord>>('emp01', 'page', {});
    expect(mine.data.records.every((x) => x.name === '叶子豪')).toBe(true);
  });

  it('reject: needs a message; the request is closed and a new one may be asked', async () => {
    const r = await call<{ id: number; processInstanceId: number }>('mgr01', 'add', { boxes: 1, englishName: 'Guoqiang Ma' });
    expect(r.code, JSON.stringify(r)).toBe('200');
    const [task] = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, r.data.processInstanceId), eq(wfTasks.status, 'pending')));
    const taskId = task?.id as number;
    const empty = await call('hr01', 'reject', { taskId, message: '' });
    expect(empty.status).toBe(400);
    expect(empty.message).toContain('请输入签字意见');
    expect((await call('emp01', 'reject', { taskId, message: '不同意' })).status).toBeGreaterThanOrEqual(400);
    const done = await call('hr01', 'reject', { taskId, message: '职位信息待更新后再申请' });
    expect(done.code, JSON.stringify(done)).toBe('200');
    expect((await call<CardRecord>('mgr01', 'info', { id: r.data.id })).data.state).toBe('rejected');
    const [closed] = await s.db.select().from(wfTasks).where(eq(wfTasks.id, taskId));
    expect(closed).toMatchObject({ outcome: 'reject', message: '职位信息待更新后再申请' });
    expect((await call('hr01', 'pass', { taskId })).status).toBe(409);
    expect((await call('mgr01', 'add', { boxes: 1 })).code).toBe('200');
  });

  it('refuses a resigned employee', async () => {
    const [e] = await s.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'emp02'));
    await s.db
      .update(employees)
      .set({ employState: '005' })
      .where(eq(employees.id, e?.id as number));
    const r = await call('emp02', 'add', { boxes: 1 });
    expect(r.message).toBe('该员工已离职，不能申请名片');
  });
});
