import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { wfEvents, wfInstances, wfTasks } from '../db/schema';
import { AppError } from '../platform/errors';
import { lineXml } from './bpmn-builder';
import * as engine from './engine';
import { failure, loadUserIds } from './engine-test-support';
import { instanceSteps } from './steps';

/** Delegate (委派), remove an added signer (减签), cc chosen on pass, an administrator's terminate and reassign. */
let s: TestServer;
const ids = new Map<string, number>();
const uid = (code: string) => ids.get(code) as number;
let seq = 0;

beforeAll(async () => {
  s = await startTestServer();
  await loadUserIds(s.db, ids);
  await engine.deploy(
    s.db,
    lineXml('Actions', [
      { assigneeType: 'users', assigneeValue: 'mgr01' },
      { assigneeType: 'users', assigneeValue: 'hr01' },
    ]),
    uid('admin'),
  );
  await engine.deploy(s.db, lineXml('ActionsSign', [{ assigneeType: 'users', assigneeValue: 'user01,user02', mode: 'all' }]), uid('admin'));
});
afterAll(() => s.close());

const start = (key = 'Actions') => engine.start(s.db, { processKey: key, businessId: `A${++seq}`, title: `${key} 操作`, initiatorUserId: uid('emp01') });
async function open(instanceId: number) {
  return s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, 'approve'), inArray(wfTasks.status, ['pending', 'waiting'])))
    .orderBy(wfTasks.seq, wfTasks.id);
}
async function task(id: number) {
  const [row] = await s.db.select().from(wfTasks).where(eq(wfTasks.id, id));
  return row as engine.TaskRow;
}
async function statusOf(id: number) {
  const [row] = await s.db.select({ status: wfInstances.status }).from(wfInstances).where(eq(wfInstances.id, id));
  return row?.status;
}
async function events(id: number, action: string) {
  return s.db
    .select()
    .from(wfEvents)
    .where(and(eq(wfEvents.instanceId, id), eq(wfEvents.action, action)));
}
const winners = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === 'fulfilled').length;
const only409 = (results: PromiseSettledResult<unknown>[]) =>
  results.every((r) => r.status === 'fulfilled' || (r.reason instanceof AppError && [403, 409].includes(r.reason.status)));

describe('delegate (委派)', () => {
  it('the delegate acts, the task returns to the owner, who then passes as usual', async () => {
    const { instance, tasks } = await start();
    const t = tasks[0]?.id as number;
    expect((await failure(engine.delegate(s.db, { taskId: t, userId: uid('mgr01'), toUserId: uid('mgr01') }))).message).toBe(engine.MSG.delegateSelf);
    expect((await failure(engine.delegate(s.db, { taskId: t, userId: uid('user01'), toUserId: uid('user02') }))).status).toBe(403);
    await engine.delegate(s.db, { taskId: t, userId: uid('mgr01'), toUserId: uid('user01'), message: '请先核对' });
    expect(await task(t)).toMatchObject({ assigneeUserId: uid('user01'), ownerUserId: uid('mgr01'), status: 'pending' });
    // The owner no longer holds it; the delegate may only hand it back.
    expect((await failure(engine.pass(s.db, { taskId: t, userId: uid('mgr01') }))).status).toBe(403);
    expect((await failure(engine.reject(s.db, { taskId: t, userId: uid('user01'), message: '不行' }))).message).toBe(engine.MSG.delegatedOnlyPass);
    expect((await failure(engine.transfer(s.db, { taskId: t, userId: uid('user01'), toUserId: uid('user02'), remark: 'x' }))).message).toBe(
      engine.MSG.delegatedOnlyPass,
    );
    expect((await failure(engine.delegate(s.db, { taskId: t, userId: uid('user01'), toUserId: uid('user02') }))).message).toBe(engine.MSG.delegatedTwice);
    await engine.pass(s.db, { taskId: t, userId: uid('user01'), message: '已核对无误' });
    expect(await task(t)).toMatchObject({ assigneeUserId: uid('mgr01'), ownerUserId: null, status: 'pending' });
    expect((await open(instance.id)).map((x) => x.nodeId)).toEqual(['t1']);
    const steps = await instanceSteps(s.db, instance.id);
    expect(steps.find((st) => st.taskName.includes('委派处理'))).toMatchObject({ approvalUserCode: 'user01', approvalMessage: '已核对无误', approvalFlag: 1 });
    expect(steps.find((st) => st.id === `t:${t}`)?.transferDTOS[0]).toMatchObject({ remark: '请先核对' });
    await engine.pass(s.db, { taskId: t, userId: uid('mgr01') });
    expect((await open(instance.id)).map((x) => x.nodeId)).toEqual(['t2']);
  });

  it('10 concurrent delegations of one task: one winner; delegate racing a pass: one winner', async () => {
    const { instance, tasks } = await start();
    const t = tasks[0]?.id as number;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => engine.delegate(s.db, { taskId: t, userId: uid('mgr01'), toUserId: uid('user01') })),
    );
    expect(winners(results)).toBe(1);
    expect(only409(results)).toBe(true);
    expect(await events(instance.id, 'delegate')).toHaveLength(1);
    for (let i = 0; i < 4; i++) {
      const x = await start();
      const id = x.tasks[0]?.id as number;
      const race = await Promise.allSettled([
        engine.delegate(s.db, { taskId: id, userId: uid('mgr01'), toUserId: uid('user01') }),
        engine.pass(s.db, { taskId: id, userId: uid('mgr01') }),
      ]);
      expect(winners(race)).toBe(1);
      const now = await task(id);
      if (race[0].status === 'fulfilled') expect(now).toMatchObject({ status: 'pending', assigneeUserId: uid('user01') });
      else expect(now).toMatchObject({ status: 'done', completedBy: uid('mgr01') });
    }
  });
});

describe('remove an added signer (减签)', () => {
  it('before me: removing the signer makes my task due again; after me: the node goes on without them', async () => {
    const { instance, tasks } = await start();
    const mine = tasks[0]?.id as number;
    await engine.addSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user02'), position: 'before' });
    expect((await open(instance.id)).map((t) => [t.assigneeUserId, t.status])).toEqual([
      [uid('user02'), 'pending'],
      [uid('mgr01'), 'waiting'],
    ]);
    // Only who added a signer may remove them, and only a signer actually added.
    expect((await failure(engine.removeSigner(s.db, { taskId: mine, userId: uid('hr01'), signerUserId: uid('user02') }))).message).toBe(
      engine.MSG.signerNotAdded,
    );
    expect((await failure(engine.removeSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user03') }))).message).toBe(
      engine.MSG.signerNotAdded,
    );
    await engine.removeSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user02'), message: '不需要了' });
    expect((await open(instance.id)).map((t) => [t.assigneeUserId, t.status])).toEqual([[uid('mgr01'), 'pending']]);
    expect((await events(instance.id, 'removeSigner'))[0]?.message).toBe('减签：不需要了');
    // Twice: the signer is no longer open.
    expect((await failure(engine.removeSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user02') }))).status).toBe(409);

    await engine.addSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user03'), position: 'after' });
    await engine.pass(s.db, { taskId: mine, userId: uid('mgr01') });
    expect((await open(instance.id)).map((t) => [t.nodeId, t.assigneeUserId])).toEqual([['t1', uid('user03')]]);
    await engine.removeSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user03') });
    expect((await open(instance.id)).map((t) => [t.nodeId, t.assigneeUserId])).toEqual([['t2', uid('hr01')]]);
  });

  it('a signer who already acted cannot be removed; removal racing the signer’s pass has one winner', async () => {
    for (let i = 0; i < 5; i++) {
      const { instance, tasks } = await start();
      const mine = tasks[0]?.id as number;
      await engine.addSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user02'), position: 'before' });
      const signerTask = (await open(instance.id)).find((t) => t.assigneeUserId === uid('user02'))?.id as number;
      const race = await Promise.allSettled([
        engine.removeSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user02') }),
        engine.pass(s.db, { taskId: signerTask, userId: uid('user02') }),
      ]);
      expect(winners(race)).toBe(1);
      expect(only409(race)).toBe(true);
      // Either way my task is due once, and nothing else is open.
      expect((await open(instance.id)).map((t) => [t.id, t.status])).toEqual([[mine, 'pending']]);
      if (race[1].status === 'fulfilled')
        expect((await failure(engine.removeSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user02') }))).message).toBe(
          engine.MSG.signerActed,
        );
    }
  });
});

describe('cc chosen when passing', () => {
  it('the chosen people get a cc task like the process’s own copies', async () => {
    const { instance, tasks } = await start();
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01'), ccUserIds: [uid('fin01'), uid('rec01'), uid('fin01')] });
    const cc = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instance.id), eq(wfTasks.kind, 'cc')));
    expect(cc.map((t) => [t.nodeId, t.assigneeUserId, t.status])).toEqual([
      ['t1', uid('fin01'), 'pending'],
      ['t1', uid('rec01'), 'pending'],
    ]);
    const steps = await instanceSteps(s.db, instance.id);
    expect(steps.filter((st) => st.operateType === 2 && !st.predicted).map((st) => st.approvalUserCode)).toEqual(['fin01', 'rec01']);
    expect(await engine.finishCc(s.db, { userId: uid('fin01'), instanceId: instance.id })).toBe(1);
  });
});

describe("an administrator's terminate and reassign", () => {
  it('terminate ends any running instance with a reason; twice is a conflict; the flow shows it', async () => {
    const { instance } = await start();
    expect((await failure(engine.terminate(s.db, { instanceId: instance.id, userId: uid('admin'), reason: ' ' }))).message).toBe(engine.MSG.terminateReason);
    await engine.terminate(s.db, { instanceId: instance.id, userId: uid('admin'), reason: '申请人已离职' });
    expect(await statusOf(instance.id)).toBe('terminated');
    expect(await open(instance.id)).toHaveLength(0);
    expect((await failure(engine.terminate(s.db, { instanceId: instance.id, userId: uid('admin'), reason: 'x' }))).status).toBe(409);
    const steps = await instanceSteps(s.db, instance.id);
    expect(steps.at(-1)).toMatchObject({ taskName: '管理员终止', approvalFlag: 2, approvalMessage: '申请人已离职', approvalUserCode: 'admin' });
  });

  it('terminate racing a pass: one winner, consistent state', async () => {
    for (let i = 0; i < 4; i++) {
      const { instance, tasks } = await start();
      const race = await Promise.allSettled([
        engine.terminate(s.db, { instanceId: instance.id, userId: uid('admin'), reason: '终止' }),
        engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') }),
      ]);
      const status = await statusOf(instance.id);
      if (race[0].status === 'fulfilled') {
        expect(status).toBe('terminated');
        expect(await open(instance.id)).toHaveLength(0);
      } else expect(race[0].reason instanceof AppError && race[0].reason.status).toBe(409);
      if (race[1].status === 'rejected') expect(race[1].reason instanceof AppError && race[1].reason.status).toBe(409);
    }
  });

  it('reassign gives an open task to someone else; concurrent reassigns of one task each leave exactly one holder', async () => {
    const { instance, tasks } = await start();
    const t = tasks[0]?.id as number;
    expect((await failure(engine.reassign(s.db, { taskId: t, userId: uid('admin'), toUserId: uid('mgr01'), reason: 'x' }))).message).toBe(
      engine.MSG.reassignSame,
    );
    expect((await failure(engine.reassign(s.db, { taskId: t, userId: uid('admin'), toUserId: uid('user01'), reason: '' }))).message).toBe(
      engine.MSG.reassignReason,
    );
    const results = await Promise.allSettled(
      ['user01', 'user02', 'user03'].map((u) => engine.reassign(s.db, { taskId: t, userId: uid('admin'), toUserId: uid(u), reason: '原审批人休假' })),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const now = await task(t);
    expect(now.status).toBe('pending');
    expect(now.candidateUserIds).toEqual([now.assigneeUserId]);
    expect(await events(instance.id, 'reassign')).toHaveLength(3);
    await engine.pass(s.db, { taskId: t, userId: now.assigneeUserId as number });
    expect((await failure(engine.reassign(s.db, { taskId: t, userId: uid('admin'), toUserId: uid('user04'), reason: 'x' }))).status).toBe(409);
  });
});
