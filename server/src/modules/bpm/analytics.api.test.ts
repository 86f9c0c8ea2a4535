import type { AnalyticsApprover, AnalyticsInstance, AnalyticsNode, AnalyticsOverview, Page } from '@erp/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { wfInstances, wfTasks } from '../../db/schema';
import { queryRows } from '../../platform/db';
import { lineXml } from '../../workflow/bpmn-builder';
import { remindOverdue } from './analytics';

let s: TestServer;
const tokens: Record<string, string> = {};
const B = '/bpm_api/bpm/camunda/';
const A = '/bpm_api/bpm/analytics/';
const bpm = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(B + path, body, tokens[who]);
const stats = <T = unknown>(path: string, body: unknown, who = 'admin') => s.post<T>(A + path, body, tokens[who]);
const period = { fromMonth: '2026-03', toMonth: '2026-04', processKey: 'Stat' };
const ids: Record<string, number> = {};

async function openTask(instanceId: number) {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending')))
    .orderBy(asc(wfTasks.id));
  return t as typeof wfTasks.$inferSelect;
}

/** Puts an instance's approval tasks (in creation order) at known times: [created, completed | null]. */
async function retime(instanceId: number, started: string, ended: string | null, times: Array<[string, string | null]>) {
  await s.db
    .update(wfInstances)
    .set({ startedAt: new Date(started), endedAt: ended ? new Date(ended) : null })
    .where(eq(wfInstances.id, instanceId));
  const tasks = await s.db
    .select({ id: wfTasks.id })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, 'approve')))
    .orderBy(asc(wfTasks.id));
  expect(tasks).toHaveLength(times.length);
  for (const [i, [created, completed]] of times.entries())
    await s.db
      .update(wfTasks)
      .set({ createdAt: new Date(created), completedAt: completed ? new Date(completed) : null })
      .where(eq(wfTasks.id, (tasks[i] as { id: number }).id));
}

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'emp01', 'mgr01', 'hr01']) tokens[u] = await s.login(u);
  const bad = await bpm('admin', 'definition/deploy', { xml: lineXml('StatBad', [{ assigneeType: 'users', assigneeValue: 'mgr01', timeLimitHours: 0 }]) });
  expect(bad.status).toBe(400);
  expect(bad.message).toContain('办理时限（timeLimitHours）应为 1–8760 的整数小时');
  const dep = await bpm('admin', 'definition/deploy', {
    xml: lineXml('Stat', [
      { assigneeType: 'users', assigneeValue: 'mgr01', timeLimitHours: 24, name: '经理审批' },
      { assigneeType: 'users', assigneeValue: 'hr01', name: '人事审批' },
    ]),
  });
  expect(dep.code).toBe('200');
  const start = async (title: string) =>
    (await bpm<{ processInstanceId: number }>('emp01', 'start', { processKey: 'Stat', title, form: {} })).data.processInstanceId;
  for (const k of ['A', 'B', 'C', 'D']) ids[k] = await start(`统计${k}`);
  const a = ids.A as number;
  expect((await bpm('mgr01', 'task/pass', { taskId: (await openTask(a)).id })).code).toBe('200');
  expect((await bpm('hr01', 'task/pass', { taskId: (await openTask(a)).id })).code).toBe('200');
  expect((await bpm('mgr01', 'task/reject', { taskId: (await openTask(ids.B as number)).id, message: '不同意' })).code).toBe('200');
  expect((await bpm('mgr01', 'task/rollback', { taskId: (await openTask(ids.C as number)).id, sort: 0, message: '请补充' })).code).toBe('200');
  expect((await bpm('emp01', 'task/resubmit', { taskId: (await openTask(ids.C as number)).id, form: {} })).code).toBe('200');
  // Known times (UTC; March and April in Shanghai too).
  await retime(a, '2026-03-10T00:00:00Z', '2026-03-11T16:00:00Z', [
    ['2026-03-10T00:00:00Z', '2026-03-10T10:00:00Z'],
    ['2026-03-10T10:00:00Z', '2026-03-11T16:00:00Z'],
  ]);
  await retime(ids.B as number, '2026-03-12T00:00:00Z', '2026-03-13T12:00:00Z', [['2026-03-12T00:00:00Z', '2026-03-13T12:00:00Z']]);
  await retime(ids.C as number, '2026-03-15T00:00:00Z', null, [
    ['2026-03-15T00:00:00Z', '2026-03-15T02:00:00Z'],
    ['2026-03-16T00:00:00Z', null],
  ]);
  await retime(ids.D as number, '2026-04-02T00:00:00Z', null, [['2026-04-02T00:00:00Z', null]]);
});
afterAll(() => s.close());

describe('approval analytics', () => {
  it('counts instances, tasks, overdue, send-backs and rejections per process and month', async () => {
    const r = await stats<AnalyticsOverview>('overview', period);
    expect(r.code).toBe('200');
    expect(r.data.processes).toEqual([
      {
        processKey: 'Stat',
        processName: 'Stat',
        started: 4,
        finished: 2,
        passed: 1,
        rejected: 1,
        medianHours: 38,
        p90Hours: 39.6,
        tasks: 6,
        overdue: 3,
        sendBackRate: 25,
        rejectRate: 25,
      },
    ]);
    expect(r.data.months).toEqual([
      { month: '2026-03', started: 3, finished: 2, tasks: 5, overdue: 2, medianHours: 20 },
      { month: '2026-04', started: 1, finished: 0, tasks: 1, overdue: 1, medianHours: null },
    ]);
  });

  it('per node: median and p90 hours, the time limit from the designer, overdue and rates', async () => {
    const r = await stats<AnalyticsNode[]>('nodes', period);
    expect(r.data).toEqual([
      {
        nodeId: 't1',
        nodeName: '经理审批',
        timeLimitHours: 24,
        tasks: 5,
        done: 3,
        open: 2,
        medianHours: 10,
        p90Hours: 30.8,
        overdue: 3,
        sendBackRate: 33.3,
        rejectRate: 33.3,
      },
      {
        nodeId: 't2',
        nodeName: '人事审批',
        timeLimitHours: null,
        tasks: 1,
        done: 1,
        open: 0,
        medianHours: 30,
        p90Hours: 30,
        overdue: 0,
        sendBackRate: 0,
        rejectRate: 0,
      },
    ]);
  });

  it('the slowest approvers first', async () => {
    const r = await stats<AnalyticsApprover[]>('approvers', period);
    expect(r.data.map((a) => [a.userName, a.tasks, a.medianHours, a.p90Hours, a.overdue, a.sendBacks, a.rejects])).toEqual([
      ['马国强', 5, 10, 30.8, 3, 1, 1],
      ['何丽', 1, 30, 30, 0, 0, 0],
    ]);
    expect((await stats<AnalyticsApprover[]>('approvers', { ...period, nodeId: 't2' })).data.map((a) => a.userName)).toEqual(['何丽']);
  });

  it('drills down from a figure to its instances', async () => {
    const drill = async (body: Record<string, unknown>) =>
      (await stats<Page<AnalyticsInstance>>('instances', { ...period, pageIndex: 1, pageSize: 20, ...body })).data;
    const overdue = await drill({ figure: 'overdue', nodeId: 't1' });
    expect(overdue.total).toBe(3);
    expect(overdue.records.map((x) => x.processInstanceId).sort()).toEqual([ids.B, ids.C, ids.D].sort());
    expect(overdue.records.every((x) => x.overdue && x.nodeName === '经理审批' && x.approverName === '马国强')).toBe(true);
    const april = await drill({ figure: 'started', month: '2026-04' });
    expect(april.records.map((x) => x.title)).toEqual(['统计D']);
    const rejected = await drill({ figure: 'reject' });
    expect(rejected.records).toMatchObject([{ processInstanceId: ids.B, taskHours: 36, outcome: 'reject', initiatorName: '叶子豪' }]);
    expect((await drill({ figure: 'finished' })).total).toBe(2);
  });

  it('is for holders of bpm:analytics:view; bad periods are refused', async () => {
    expect((await stats('overview', period, 'emp01')).status).toBe(403);
    const bad = await stats('overview', { fromMonth: '2026-13', toMonth: '2026-04' });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('月份格式应为 YYYY-MM');
    expect((await stats('overview', { fromMonth: '2026-05', toMonth: '2026-04' })).message).toContain('开始月份不能晚于结束月份');
    expect((await stats('overview', { fromMonth: '2020-01', toMonth: '2026-04' })).message).toContain('统计区间最长36个月');
  });

  it('has demo history: months of general and leave requests', async () => {
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 1));
    const r = await stats<AnalyticsOverview>('overview', { fromMonth: from.toISOString().slice(0, 7), toMonth: now.toISOString().slice(0, 7) });
    const general = r.data.processes.find((p) => p.processKey === 'General_Request');
    expect(general?.started).toBeGreaterThanOrEqual(40);
    expect(general?.overdue).toBeGreaterThan(0);
    expect(r.data.months.filter((m) => m.started > 0).length).toBeGreaterThanOrEqual(5);
  });
});

describe('daily reminder of overdue tasks', () => {
  const reminders = async () =>
    (
      await queryRows<{ topic: string; n: number }>(
        s.db,
        sql`SELECT topic, count(*)::int AS n FROM outbox WHERE payload->>'subject' LIKE '审批超时提醒：Stat「%' OR payload->>'title' LIKE '审批超时提醒：Stat「%' GROUP BY topic ORDER BY topic`,
      )
    ).map((r) => [r.topic, r.n]);

  it('reminds each holder once a day, even with two sweeps at once', async () => {
    const now = new Date();
    await Promise.all([remindOverdue(s.db, { now, timeZone: 'Asia/Shanghai' }), remindOverdue(s.db, { now, timeZone: 'Asia/Shanghai' })]);
    const [mgr] = await queryRows<{ email: string | null }>(s.db, sql`SELECT email FROM users WHERE user_code = 'mgr01'`);
    const once = mgr?.email
      ? [
          ['mail', 2],
          ['notify', 2],
        ]
      : [['notify', 2]];
    expect(await reminders()).toEqual(once);
    await remindOverdue(s.db, { now, timeZone: 'Asia/Shanghai' });
    expect(await reminders()).toEqual(once);
    await remindOverdue(s.db, { now: new Date(now.getTime() + 86_400_000), timeZone: 'Asia/Shanghai' });
    expect(await reminders()).toEqual(once.map(([topic, n]) => [topic, (n as number) * 2]));
    const [note] = await queryRows<{ payload: { title: string; content: string; link: string } }>(
      s.db,
      sql`SELECT payload FROM outbox WHERE topic = 'notify' AND payload->>'title' LIKE '审批超时提醒：Stat「%' ORDER BY id LIMIT 1`,
    );
    expect(note?.payload.link).toBe('/backlog/index');
    expect(note?.payload.content).toContain('超过办理时限 24 小时');
  });
});
