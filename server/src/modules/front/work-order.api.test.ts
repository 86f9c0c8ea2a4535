import type { Page, WorkOrderRecord } from '@erp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { users, wfTasks, workOrders } from '../../db/schema';
import { autoCloseWorkOrders, WORK_ORDER_AUTO_CLOSED } from './work-order';

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const call = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(`/base_api/base/workOrder/${path}`, body, await token(who));
const idOf = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;
const pending = async (instanceId: number) =>
  s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending')));

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('work orders', () => {
  let order: WorkOrderRecord;

  it('refuses bad input', async () => {
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await call('emp01', 'add', { orderType: '001', title: '电脑蓝屏', description: '开机蓝屏', ...body });
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad({ orderType: '003' }, '请选择工单类型');
    await bad({ title: '' }, '请输入标题');
    await bad({ description: 'x'.repeat(2001) }, '问题描述不能超过2000个字符');
    await bad({ priority: 9 }, 'priority');
  });

  it('report → assign (the handler gets a to-do) → reassign → start → resolve (the to-do closes) → close with a rating', async () => {
    const r = await call<WorkOrderRecord>('emp01', 'add', {
      orderType: '001',
      priority: '003',
      title: '电脑蓝屏',
      description: '开机蓝屏，代码 0x0000007B',
      place: '12层A区',
    });
    expect(r.code, JSON.stringify(r)).toBe('200');
    order = r.data;
    expect(order.orderNo).toMatch(/^GD\d{12}$/);
    expect(order.status).toBe('001');
    expect((await call('emp01', 'assign', { id: order.id, handlerUserId: await idOf('mgr01') })).status).toBe(403);
    const a = await call<WorkOrderRecord>('hr01', 'assign', { id: order.id, handlerUserId: await idOf('user05') });
    expect(a.code, JSON.stringify(a)).toBe('200');
    expect(a.data.status).toBe('002');
    const tasks = await pending(a.data.processInstanceId as number);
    expect(tasks.map((t) => t.assigneeUserId)).toEqual([await idOf('user05')]);
    expect((await call('hr01', 'assign', { id: order.id, handlerUserId: await idOf('user05') })).message).toBe('该工单已由此人处理');
    // Handed over: the to-do moves, the old handler may no longer act.
    const b = await call<WorkOrderRecord>('hr01', 'assign', { id: order.id, handlerUserId: await idOf('mgr01') });
    expect(b.data.handlerName).toBe('马国强');
    expect((await pending(order.processInstanceId ?? (b.data.processInstanceId as number))).map((t) => t.assigneeUserId)).toEqual([await idOf('mgr01')]);
    expect((await call('user05', 'start', { id: order.id })).status).toBe(404);
    const byIns = await call<WorkOrderRecord>('mgr01', 'getWorkOrderByProIns', { processInstanceId: b.data.processInstanceId });
    expect(byIns.data.id).toBe(order.id);
    const handling = await call<Page<WorkOrderRecord>>('mgr01', 'page', { view: 'handling' });
    expect(handling.data.records.some((x) => x.id === order.id)).toBe(true);

    expect((await call('emp01', 'close', { id: order.id, rating: 5 })).message).toBe('工单未解决，不能关闭');
    expect((await call<WorkOrderRecord>('mgr01', 'start', { id: order.id })).data.status).toBe('003');
    expect((await call('emp01', 'resolve', { id: order.id, resolution: '重装驱动' })).status).toBe(403);
    const [r1, r2] = await Promise.all([
      call<WorkOrderRecord>('mgr01', 'resolve', { id: order.id, resolution: '更新硬盘驱动后正常' }),
      call<WorkOrderRecord>('mgr01', 'resolve', { id: order.id, resolution: '更新硬盘驱动后正常' }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect(await pending(b.data.processInstanceId as number)).toHaveLength(0);
    expect((await call('hr01', 'assign', { id: order.id, handlerUserId: await idOf('user05') })).message).toBe('工单已解决或关闭，不能分派');

    expect((await call('emp01', 'close', { id: order.id, rating: 6 })).message).toContain('评分为1到5的整数');
    expect((await call('emp02', 'close', { id: order.id, rating: 5 })).status).toBe(404);
    const closed = await call<WorkOrderRecord>('emp01', 'close', { id: order.id, rating: 5, ratingComment: '响应很快' });
    expect(closed.data).toMatchObject({ status: '005', rating: 5 });
    expect((await call('emp01', 'close', { id: order.id, rating: 5 })).status).toBe(409);
  });

  it('closes resolved orders left unrated for seven days, unrated and with a note; younger ones wait', async () => {
    const report = async (title: string) => {
      const r = await call<WorkOrderRecord>('emp01', 'add', { orderType: '002', priority: '001', title, description: '会议室投影仪无信号', place: '8层' });
      const id = r.data.id;
      await call('hr01', 'assign', { id, handlerUserId: await idOf('mgr01') });
      await call('mgr01', 'start', { id });
      expect((await call('mgr01', 'resolve', { id, resolution: '更换HDMI线' })).code).toBe('200');
      return id;
    };
    const old = await report('投影仪无信号（旧）');
    const fresh = await report('投影仪无信号（新）');
    await s.db
      .update(workOrders)
      .set({ resolvedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(workOrders.id, old));
    const [a, b] = await Promise.all([autoCloseWorkOrders(s.db), autoCloseWorkOrders(s.db)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const closed = await call<WorkOrderRecord>('emp01', 'info', { id: old });
    expect(closed.data).toMatchObject({ status: '005', rating: null, ratingComment: WORK_ORDER_AUTO_CLOSED });
    expect((await call<WorkOrderRecord>('emp01', 'info', { id: fresh })).data.status).toBe('004');
    // Closed by the system: the reporter can no longer rate it.
    expect((await call('emp01', 'close', { id: old, rating: 4 })).status).toBe(409);
  });

  it('takes photos of the problem that the handler can open and others cannot; someone else’s files are refused', async () => {
    const upload = async (who: string) => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%screen\n'))], { type: 'application/pdf' }), '报错截图.pdf');
      f.append('moduleName', 'workOrder');
      const res = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${await token(who)}` } });
      expect(res.code, JSON.stringify(res)).toBe('200');
      return res.data as { id: number; fileId: string };
    };
    const mine = await upload('emp01');
    const theirs = await upload('emp02');
    const form = { orderType: '001', priority: '002', title: '打印机卡纸', description: '3楼打印机反复卡纸', place: '3层' };
    const foreign = await call('emp01', 'add', { ...form, fileGroupId: theirs.fileId });
    expect(foreign.status).toBe(403);
    const r = await call<WorkOrderRecord>('emp01', 'add', { ...form, fileGroupId: mine.fileId });
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.fileGroupId).toBe(mine.fileId);
    await call('hr01', 'assign', { id: r.data.id, handlerUserId: await idOf('mgr01') });
    const open = async (who: string) => s.post('/file_api/file/fileUrl/previewFile', { id: mine.id }, await token(who));
    expect((await open('mgr01')).code).toBe('200');
    expect((await open('emp02')).status).toBeGreaterThanOrEqual(403);
  });

  it('shows each person only their own; dispatchers see all, with 20+ demo orders and open ones', async () => {
    expect((await call('emp02', 'info', { id: order.id })).status).toBe(404);
    const mine = await call<Page<WorkOrderRecord>>('emp01', 'page', { view: 'all' });
    expect(mine.data.records.every((x) => x.reporterName === '叶子豪')).toBe(true);
    const all = await call<Page<WorkOrderRecord>>('hr01', 'page', { view: 'all' });
    expect(all.data.total).toBeGreaterThanOrEqual(20);
    expect((await call<Page<WorkOrderRecord>>('hr01', 'page', { view: 'all', status: '001' })).data.total).toBeGreaterThan(0);
  });
});
