import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { outbox, users, wfEvents, wfInstances, wfTasks, wfTimers } from '../db/schema';
import { AppError } from '../platform/errors';
import { resolveRule } from './assignees';
import { addDuration, parseDuration } from './durations';
import * as engine from './engine';
import { ModelError } from './model';
import { fireDueTimers, TimerPoller } from './timers';

let s: TestServer;
const ids = new Map<string, number>();
const uid = (code: string) => ids.get(code) as number;
let seq = 0;
const HOUR = 3600_000;
/** The injectable clock: "now" plus some hours (timers are due relative to the real creation time). */
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  s = await startTestServer();
  for (const u of await s.db.select({ id: users.id, code: users.userCode }).from(users)) ids.set(u.code, u.id);
});
afterAll(() => s.close());

interface TimerSpec {
  duration?: string;
  action?: string;
  interrupting?: boolean;
  /** Raw inner XML of the timer definition instead of a duration. */
  definition?: string;
}

/** start → t1 (with timers) → t2 → end; t1 may be a countersign of several users. */
function timerXml(key: string, t1: { users: string; multi?: boolean }, timers: TimerSpec[]): string {
  const boundaries = timers
    .map(
      (t, i) => `<bpmn:boundaryEvent id="limit${i}" name="时限${i}" attachedToRef="t1"${t.interrupting === false ? ' cancelActivity="false"' : ''}${
        t.action ? ` erp:timerAction="${t.action}"` : ''
      }>
      <bpmn:timerEventDefinition>${t.definition ?? `<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${t.duration}</bpmn:timeDuration>`}</bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>`,
    )
    .join('\n    ');
  const assignee = t1.multi
    ? `erp:assigneeType="users" erp:assigneeValue="${t1.users}" erp:mode="all"`
    : `erp:assigneeType="users" erp:assigneeValue="${t1.users}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:erp="http://erp.local/schema/bpmn" id="d_${key}" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${key}" name="${key}" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:userTask id="t1" name="经理审批" ${assignee} />
    <bpmn:userTask id="t2" name="人事审批" erp:assigneeType="users" erp:assigneeValue="hr01" />
    <bpmn:endEvent id="e" />
    ${boundaries}
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" />
    <bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="t2" />
    <bpmn:sequenceFlow id="f3" sourceRef="t2" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;
}

async function start(key: string, initiator = 'emp01') {
  return engine.start(s.db, { processKey: key, businessId: `T${++seq}`, title: `${key} 时限`, initiatorUserId: uid(initiator) });
}
async function open(instanceId: number) {
  return s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, 'approve'), eq(wfTasks.status, 'pending')))
    .orderBy(wfTasks.id);
}
async function timersOf(instanceId: number) {
  return s.db.select().from(wfTimers).where(eq(wfTimers.instanceId, instanceId)).orderBy(wfTimers.id);
}
async function statusOf(instanceId: number) {
  const [row] = await s.db.select({ status: wfInstances.status }).from(wfInstances).where(eq(wfInstances.id, instanceId));
  return row?.status;
}
async function eventsOf(instanceId: number, action: string) {
  return s.db
    .select()
    .from(wfEvents)
    .where(and(eq(wfEvents.instanceId, instanceId), eq(wfEvents.action, action)));
}
/** Fires everything due by `now` (the poller's loop, without its interval). */
async function fireAll(now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await fireDueTimers(s.db, { now });
    total += n;
    if (n < 50) return total;
  }
}

describe('ISO 8601 durations', () => {
  it('reads days, hours, weeks and calendar months; refuses zero, nonsense and more than five years', () => {
    const from = new Date('2026-01-31T00:00:00Z');
    expect(addDuration(from, parseDuration('PT24H') as never).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(addDuration(from, parseDuration('P1DT12H30M') as never).toISOString()).toBe('2026-02-01T12:30:00.000Z');
    expect(addDuration(from, parseDuration('P1W') as never).toISOString()).toBe('2026-02-07T00:00:00.000Z');
    expect(addDuration(new Date('2026-01-15T00:00:00Z'), parseDuration('P1M') as never).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    for (const bad of ['PT0S', 'P', 'PT', '24H', 'P1H', 'P10Y', 'PT-1H', '$' + '{limit}']) expect(parseDuration(bad), bad).toBeUndefined();
  });
});

describe('deploying timer boundary events', () => {
  it('refuses fixed dates, cycles, non-timer boundaries, flows from a boundary and a missing action, all at once, naming each element', async () => {
    const xml = timerXml('TimerBad', { users: 'mgr01' }, [
      { definition: '<bpmn:timeDate xsi:type="bpmn:tFormalExpression">2026-12-01T00:00:00Z</bpmn:timeDate>', action: 'remind' },
      { definition: '<bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R3/PT1H</bpmn:timeCycle>', action: 'remind' },
      { duration: 'PT24H' },
      { duration: 'PT24H', action: 'pass', interrupting: false },
      { duration: 'soon', action: 'remind' },
      { duration: 'PT1H', action: 'explode' },
    ]).replace(
      '<bpmn:sequenceFlow id="f3"',
      '<bpmn:boundaryEvent id="msg" attachedToRef="t2"><bpmn:messageEventDefinition /></bpmn:boundaryEvent><bpmn:sequenceFlow id="fx" sourceRef="limit2" targetRef="t2" /><bpmn:sequenceFlow id="f3"',
    );
    let err: unknown;
    try {
      await engine.deploy(s.db, xml, uid('admin'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ModelError);
    const problems = (err as ModelError).problems.join('\n');
    expect(problems).toMatch(/limit0.*timeDate/);
    expect(problems).toMatch(/limit1.*timeCycle/);
    expect(problems).toMatch(/limit2.*erp:timerAction/);
    expect(problems).toMatch(/limit3.*非中断/);
    expect(problems).toMatch(/limit4.*"soon"/);
    expect(problems).toMatch(/limit5.*"explode"/);
    expect(problems).toMatch(/msg.*只支持定时边界事件/);
    expect(problems).toMatch(/fx.*边界事件不能有连线/);
  });

  it('keeps the timers in the model', async () => {
    const def = await engine.deploy(
      s.db,
      timerXml('TimerModel', { users: 'mgr01' }, [
        { duration: 'PT24H', action: 'remind', interrupting: false },
        { duration: 'P2D', action: 'pass' },
      ]),
      uid('admin'),
    );
    expect(def.model.nodes.t1?.timers).toEqual([
      { id: 'limit0', name: '时限0', duration: 'PT24H', action: 'remind', interrupting: false },
      { id: 'limit1', name: '时限1', duration: 'P2D', action: 'pass', interrupting: true },
    ]);
  });
});

describe('firing time limits (injectable clock)', () => {
  it('remind: nothing before the limit; once due, a message to the holder through the outbox, the task stays', async () => {
    await engine.deploy(s.db, timerXml('TimerRemind', { users: 'mgr01' }, [{ duration: 'PT24H', interrupting: false }]), uid('admin'));
    const { instance } = await start('TimerRemind');
    const [row] = await timersOf(instance.id);
    expect(row).toMatchObject({ status: 'pending', action: 'remind', nodeId: 't1' });
    expect(Math.abs((row?.dueAt.getTime() ?? 0) - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
    await fireAll(later(23));
    expect((await timersOf(instance.id))[0]?.status).toBe('pending');
    const before = await s.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(sql`${outbox.payload}->>'title' = ${'超时提醒：TimerRemind'}`);
    await fireAll(later(25));
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(sql`${outbox.payload}->>'title' = ${'超时提醒：TimerRemind'}`);
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(1);
    const [notice] = await s.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'title' = ${'超时提醒：TimerRemind'}`)
      .orderBy(sql`${outbox.id} DESC`)
      .limit(1);
    expect((notice?.payload as { receiverUserIds: number[] } | undefined)?.receiverUserIds).toEqual([uid('mgr01')]);
    expect((await open(instance.id)).map((t) => t.assigneeUserId)).toEqual([uid('mgr01')]);
    expect((await timersOf(instance.id))[0]?.status).toBe('fired');
    // Fired once: a later round finds nothing.
    await fireAll(later(50));
    expect(await eventsOf(instance.id, 'timerRemind')).toHaveLength(1);
  });

  it('pass: the node passes for its holder and the next one is due; the flow shows it', async () => {
    await engine.deploy(s.db, timerXml('TimerPass', { users: 'mgr01' }, [{ duration: 'P1D', action: 'pass' }]), uid('admin'));
    const { instance } = await start('TimerPass');
    await fireAll(later(25));
    expect((await open(instance.id)).map((t) => [t.nodeId, t.assigneeUserId])).toEqual([['t2', uid('hr01')]]);
    const [ev] = await eventsOf(instance.id, 'timeout');
    expect(ev).toMatchObject({ nodeId: 't1', approvalFlag: 1, userId: uid('mgr01') });
    const flow = await import('./steps').then((m) => m.instanceSteps(s.db, instance.id));
    expect(flow.find((st) => st.nodeId === 't1' && st.approvalFlag === 1)?.approvalMessage).toMatch(/超时自动通过/);
    // A node passed by its time limit can be sent back to like any passed node.
    const [t2] = await open(instance.id);
    expect((await engine.backTargets(s.db, instance.id, 't2')).map((b) => b.nodeId)).toEqual(['s', 't1']);
    await engine.rollback(s.db, { taskId: t2?.id as number, userId: uid('hr01'), targetNodeId: 't1' });
    expect((await open(instance.id)).map((t) => t.nodeId)).toEqual(['t1']);
    // The new arrival has its own time limit; the old one is spent.
    expect((await timersOf(instance.id)).map((t) => t.status)).toEqual(['fired', 'pending']);
  });

  it('reject: the process ends rejected', async () => {
    await engine.deploy(s.db, timerXml('TimerReject', { users: 'mgr01' }, [{ duration: 'PT2H', action: 'reject' }]), uid('admin'));
    const { instance } = await start('TimerReject');
    await fireAll(later(3));
    expect(await statusOf(instance.id)).toBe('rejected');
    expect(await open(instance.id)).toHaveLength(0);
  });

  it("escalate: the task goes to the holder's manager, shown like a transfer, and the manager can pass it", async () => {
    await engine.deploy(s.db, timerXml('TimerEscalate', { users: 'user01' }, [{ duration: 'PT8H', action: 'escalate', interrupting: false }]), uid('admin'));
    const [manager] = await resolveRule(s.db, { type: 'superior' }, { initiatorUserId: uid('user01'), vars: {}, chosen: {}, nodeId: 't1' });
    const expected = manager ?? uid('admin');
    const { instance } = await start('TimerEscalate');
    await fireAll(later(9));
    const [t] = await open(instance.id);
    expect(t).toMatchObject({ nodeId: 't1', assigneeUserId: expected });
    expect(await eventsOf(instance.id, 'escalate')).toHaveLength(1);
    const flow = await import('./steps').then((m) => m.instanceSteps(s.db, instance.id));
    expect(flow.find((st) => st.id === `t:${t?.id}`)?.isTransfer).toBe(1);
    await engine.pass(s.db, { taskId: t?.id as number, userId: expected });
    expect((await open(instance.id)).map((x) => x.nodeId)).toEqual(['t2']);
  });

  it('a timer of a task completed before it was due does nothing', async () => {
    const { instance, tasks } = await start('TimerPass');
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') });
    await fireAll(later(25));
    expect((await timersOf(instance.id))[0]?.status).toBe('skipped');
    expect(await eventsOf(instance.id, 'timeout')).toHaveLength(0);
    expect((await open(instance.id)).map((t) => t.nodeId)).toEqual(['t2']);
    // Revoked or sent back: the old arrival's timer does nothing either.
    const { instance: i2 } = await start('TimerPass');
    await engine.revoke(s.db, { instanceId: i2.id, userId: uid('emp01') });
    await fireAll(later(25));
    expect((await timersOf(i2.id))[0]?.status).toBe('skipped');
    expect(await statusOf(i2.id)).toBe('revoked');
  });

  it('countersign: the timer passes the open tasks of the arrival and the node completes once', async () => {
    await engine.deploy(s.db, timerXml('TimerMulti', { users: 'user01,user02,user03', multi: true }, [{ duration: 'PT24H', action: 'pass' }]), uid('admin'));
    const { instance, tasks } = await start('TimerMulti');
    expect(tasks).toHaveLength(3);
    expect(await timersOf(instance.id)).toHaveLength(1);
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('user01') });
    await fireAll(later(25));
    expect(await eventsOf(instance.id, 'timeout')).toHaveLength(2);
    expect((await open(instance.id)).map((t) => t.nodeId)).toEqual(['t2']);
  });

  it('timers racing approvers and a second poller: every timer fires at most once, never on a task already passed', async () => {
    const started = await Promise.all(Array.from({ length: 12 }, () => start('TimerPass')));
    const now = later(30);
    const results = await Promise.allSettled([
      fireAll(now),
      fireAll(now),
      ...started.slice(0, 6).map((x) => engine.pass(s.db, { taskId: x.tasks[0]?.id as number, userId: uid('mgr01') })),
    ]);
    for (const x of started) {
      const passes = (await eventsOf(x.instance.id, 'pass')).filter((e) => e.nodeId === 't1');
      const timeouts = await eventsOf(x.instance.id, 'timeout');
      // One way or the other, t1 closed exactly once and t2 is due exactly once.
      expect(passes.length + timeouts.length).toBe(1);
      expect((await open(x.instance.id)).map((t) => t.nodeId)).toEqual(['t2']);
      const [timer] = await timersOf(x.instance.id);
      expect(timer?.status).toBe(timeouts.length ? 'fired' : 'skipped');
    }
    // The approvers who lost to the timer got a conflict, never a 500.
    for (const r of results.slice(2)) if (r.status === 'rejected') expect(r.reason instanceof AppError && r.reason.status).toBe(409);
  });
});

describe('two server processes (PostgreSQL)', () => {
  // Two connection pools on one database stand for two server processes: SKIP LOCKED hands each due timer to one of them.
  it.skipIf(!process.env.TEST_DATABASE_URL)('fire every timer exactly once between them', async () => {
    const started = await Promise.all(Array.from({ length: 40 }, () => start('TimerPass')));
    const current = (await s.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: Array<{ name: string }> };
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${current.rows[0]?.name}`;
    const { openPostgres } = await import('../platform/db');
    const other = await openPostgres(url.toString(), 4);
    try {
      const now = later(30);
      const loop = async (db: typeof s.db) => {
        let total = 0;
        for (;;) {
          const n = await fireDueTimers(db, { now, limit: 5 });
          total += n;
          if (!n) return total;
        }
      };
      const [a, b] = await Promise.all([loop(s.db), loop(other.db)]);
      expect(a + b).toBeGreaterThanOrEqual(40);
      for (const x of started) {
        expect(await eventsOf(x.instance.id, 'timeout')).toHaveLength(1);
        expect((await open(x.instance.id)).map((t) => t.nodeId)).toEqual(['t2']);
      }
    } finally {
      await other.close();
    }
  });
});

describe('the poller', () => {
  it('keeps working through a database outage: failures are logged, never thrown, and the next round fires', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    let down = 2;
    const fire = vi.fn(async () => {
      if (down-- > 0) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return 3;
    });
    const poller = new TimerPoller(fire, log, 60_000, 50);
    await expect(poller.tick()).resolves.toBe(0);
    await expect(poller.tick()).resolves.toBe(0);
    expect(log.warn).toHaveBeenCalledTimes(2);
    await expect(poller.tick()).resolves.toBe(3);
    expect(log.info).toHaveBeenCalledWith({ timers: 3 }, expect.any(String));
    await poller.stop();
  });

  it('against a database that does not answer: the round fails, is logged, and the poller is still there for the next tick', async () => {
    const { openPostgres } = await import('../platform/db');
    const down = await openPostgres('postgres://postgres@127.0.0.1:1/nowhere', 1);
    const log = { warn: vi.fn(), info: vi.fn() };
    const poller = new TimerPoller(() => fireDueTimers(down.db), log, 60_000);
    try {
      await expect(poller.tick()).resolves.toBe(0);
      await expect(poller.tick()).resolves.toBe(0);
      expect(log.warn).toHaveBeenCalledTimes(2);
      expect(String(log.warn.mock.calls[0]?.[0]?.err)).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await poller.stop();
      await down.close();
    }
  });

  it('a round keeps claiming batches until none is full (thousands due at once)', async () => {
    const sizes = [50, 50, 7];
    const poller = new TimerPoller(async () => sizes.shift() ?? 0, { warn: vi.fn(), info: vi.fn() }, 60_000, 50);
    await expect(poller.tick()).resolves.toBe(107);
  });

  it('a timer whose action fails is retried later and does not undo the others in its batch', async () => {
    await engine.deploy(s.db, timerXml('TimerRetry', { users: 'mgr01' }, [{ duration: 'PT1H', action: 'pass' }]), uid('admin'));
    const a = await start('TimerRetry');
    const b = await start('TimerRetry');
    // A broken timer row: it points at an instance that does not exist, so its action fails.
    // Due in an hour: only the injected clock sees it (the server's own poller runs on real time).
    await s.db.insert(wfTimers).values({ instanceId: 99_999_999, nodeId: 't1', activation: 1, timerId: 'limit0', action: 'pass', dueAt: later(1) });
    await fireAll(later(2));
    const [broken] = await s.db.select().from(wfTimers).where(eq(wfTimers.instanceId, 99_999_999));
    expect(broken).toMatchObject({ status: 'pending', attempts: 1 });
    expect(broken?.lastError).toMatch(/流程实例不存在/);
    expect((await open(a.instance.id)).map((t) => t.nodeId)).toEqual(['t2']);
    expect((await open(b.instance.id)).map((t) => t.nodeId)).toEqual(['t2']);
  });
});
