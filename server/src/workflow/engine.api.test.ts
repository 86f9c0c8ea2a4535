import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { orgUnits, outbox, wfEvents, wfInstances, wfTasks } from '../db/schema';
import { AppError } from '../platform/errors';
import { lineXml, sketchXml } from './bpmn-builder';
import * as engine from './engine';
import { failure, loadUserIds } from './engine-test-support';
import { registerWorkflowHooks } from './hooks';
import { instanceSteps, previewSteps } from './steps';

let s: TestServer;
const ids = new Map<string, number>();
const uid = (code: string) => ids.get(code) as number;
let seq = 0;
const businessId = () => `B${++seq}`;

beforeAll(async () => {
  s = await startTestServer();
  await loadUserIds(s.db, ids);
});
afterAll(() => s.close());

async function deploy(xml: string) {
  return engine.deploy(s.db, xml, uid('admin'));
}
async function start(key: string, initiator: string, vars: Record<string, unknown> = {}, chosen?: Record<string, number[]>) {
  return engine.start(s.db, { processKey: key, businessId: businessId(), title: `${key} test`, initiatorUserId: uid(initiator), vars, chosen });
}
async function openTasks(instanceId: number, kind = 'approve') {
  return s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, kind), eq(wfTasks.status, 'pending')))
    .orderBy(wfTasks.id);
}
async function instance(id: number) {
  const [row] = await s.db.select().from(wfInstances).where(eq(wfInstances.id, id));
  return row as engine.InstanceRow;
}
async function events(id: number, action?: string) {
  const rows = await s.db.select().from(wfEvents).where(eq(wfEvents.instanceId, id)).orderBy(wfEvents.id);
  return action ? rows.filter((r) => r.action === action) : rows;
}

describe('definitions', () => {
  it('versions a key; a running instance keeps its version', async () => {
    const v1 = await deploy(lineXml('Versioned', [{ assigneeType: 'users', assigneeValue: 'mgr01' }]));
    const { instance: inst } = await start('Versioned', 'emp01');
    const v2 = await deploy(
      lineXml('Versioned', [
        { assigneeType: 'users', assigneeValue: 'hr01' },
        { assigneeType: 'users', assigneeValue: 'hrd01' },
      ]),
    );
    expect([v1.version, v2.version]).toEqual([1, 2]);
    expect(inst.definitionId).toBe(v1.id);
    const [t] = await openTasks(inst.id);
    await engine.pass(s.db, { taskId: t?.id as number, userId: uid('mgr01') });
    expect((await instance(inst.id)).status).toBe('passed');
    const { instance: newer } = await start('Versioned', 'emp01');
    expect(newer.definitionId).toBe(v2.id);
  });

  it('does not start a disabled or unknown key, nor two live processes for one record', async () => {
    expect((await failure(engine.start(s.db, { processKey: 'Nope', businessId: 'x', title: 't', initiatorUserId: uid('emp01') }))).message).toBe(
      engine.MSG.noDefinition,
    );
    await deploy(lineXml('Once', [{ assigneeType: 'users', assigneeValue: 'mgr01' }]));
    await engine.start(s.db, { processKey: 'Once', businessId: 'same', title: 't', initiatorUserId: uid('emp01') });
    const e = await failure(engine.start(s.db, { processKey: 'Once', businessId: 'same', title: 't', initiatorUserId: uid('emp01') }));
    expect(e.status).toBe(409);
  });
});

describe('assignees', () => {
  it('resolves department leader, n levels up, superior, role, users, initiator and chosen', async () => {
    const [t004] = await s.db.select().from(orgUnits).where(eq(orgUnits.code, 'T004'));
    await deploy(
      lineXml('Rules', [
        { assigneeType: 'deptLeader' },
        { assigneeType: 'deptLeader', assigneeOrgField: 'orgId', assigneeLevels: 2 },
        { assigneeType: 'superior' },
        { assigneeType: 'role', assigneeValue: 'hrDirector' },
        { assigneeType: 'users', assigneeValue: 'fin01,rec01', mode: 'all' },
        { assigneeType: 'initiator' },
        { assigneeType: 'chosen' },
      ]),
    );
    const vars = { orgId: t004?.id };
    const preview = await previewSteps(
      s.db,
      (await engine.modelOf(s.db, (await engine.latestDefinition(s.db, 'Rules'))?.id as number)) as never,
      uid('emp01'),
      vars,
      { t7: [uid('user01')] },
    );
    const names = preview.filter((p) => p.operateType === 1).map((p) => p.approvalUserCode);
    expect(names).toEqual(['mgr01', 'mgr01', 'mgr01', 'hrd01', 'fin01', 'emp01', 'user01']);
    const all = preview.find((p) => p.nodeId === 't5');
    expect(all?.taskType).toBe(2);
    expect(all?.groupUserList.map((g) => g.userCode)).toEqual(['fin01', 'rec01']);
  });

  it('falls back to the process administrator, never to nobody', async () => {
    await deploy(lineXml('Fallback', [{ assigneeType: 'users', assigneeValue: 'nobody-here' }], { fallbackUser: 'hrd01' }));
    const { instance: inst } = await start('Fallback', 'emp01');
    const [t] = await openTasks(inst.id);
    expect(t?.assigneeUserId).toBe(uid('hrd01'));
    await deploy(lineXml('Fallback2', [{ assigneeType: 'deptLeader', assigneeOrgField: 'orgId' }]));
    const { instance: i2 } = await start('Fallback2', 'emp01', { orgId: 999999 });
    expect((await openTasks(i2.id))[0]?.assigneeUserId).toBe(uid('admin'));
  });
});

describe('commands', () => {
  it('start → pass → pass ends passed, with events, notifications and cc', async () => {
    await deploy(
      lineXml(
        'Simple',
        [
          { assigneeType: 'users', assigneeValue: 'mgr01' },
          { assigneeType: 'users', assigneeValue: 'hr01', ccType: 'users', ccValue: 'fin01' },
        ],
        { ccType: 'superior' },
      ),
    );
    const before = await s.db.select({ n: sql<number>`count(*)::int`, id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
    const { instance: inst, tasks } = await start('Simple', 'emp01', { amount: 1 });
    expect(tasks.map((t) => t.assigneeUserId)).toEqual([uid('mgr01')]);
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01'), message: '同意' });
    const [t2] = await openTasks(inst.id);
    expect(t2?.assigneeUserId).toBe(uid('hr01'));
    await engine.pass(s.db, { taskId: t2?.id as number, userId: uid('hr01') });
    const done = await instance(inst.id);
    expect(done.status).toBe('passed');
    expect(done.endedAt).not.toBeNull();
    expect((await events(inst.id)).map((e) => [e.action, e.operateType, e.approvalFlag])).toEqual([
      ['start', 0, 1],
      ['pass', 1, 1],
      ['pass', 1, 1],
    ]);
    const cc = await openTasks(inst.id, 'cc');
    expect(cc.map((c) => c.assigneeUserId).sort()).toEqual([uid('fin01'), uid('mgr01')].sort());
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(5); // mgr01, hr01, node cc, end cc, the result to emp01
    // To-dos link to the backlog (act there); copies and the result to the record's detail page.
    const notices = await s.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.topic} = 'notify' AND ${outbox.id} > ${Number(before[0]?.id ?? 0)} AND ${outbox.payload}->'todo'->>'theme' = ${inst.title}`);
    // The popup shows no internal ids (issue 36): its memo is for people.
    expect(notices.map((n) => (n.payload as { todo: { memo?: string } }).todo.memo ?? '').join('')).not.toMatch(/processInstanceId|\d{3,}/);
    const detail = `/DetailsPage?processKey=Simple&processInstanceId=${inst.id}`;
    expect(notices.map((n) => (n.payload as { link: string }).link).sort()).toEqual([
      `${detail}&mode=cc`,
      `${detail}&mode=cc`,
      '/backlog/index',
      '/backlog/index',
    ]);
    const [result] = await s.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.topic} = 'notify' AND ${outbox.payload}->>'link' = ${detail}`);
    expect(result?.payload).toMatchObject({ receiverUserIds: [uid('emp01')], title: expect.stringMatching(/已通过$/), link: detail });
    const steps = await instanceSteps(s.db, inst.id);
    expect(steps.map((x) => [x.operateType, x.approvalFlag])).toEqual([
      [0, 1],
      [1, 1],
      [1, 1],
      [2, 0],
      [2, 0],
    ]);
    expect(steps[1]?.approvalMessage).toBe('同意');
    expect(await engine.finishCc(s.db, { userId: uid('fin01'), instanceId: inst.id })).toBe(1);
    expect(await engine.finishCc(s.db, { userId: uid('fin01'), instanceId: inst.id })).toBe(0);
  });

  it('only the holder may act; a closed task answers conflict and changes nothing', async () => {
    const { tasks } = await start('Simple', 'emp01');
    const task = tasks[0] as engine.TaskRow;
    expect((await failure(engine.pass(s.db, { taskId: task.id, userId: uid('hr01') }))).status).toBe(403);
    await engine.pass(s.db, { taskId: task.id, userId: uid('mgr01') });
    const again = await failure(engine.pass(s.db, { taskId: task.id, userId: uid('mgr01') }));
    expect(again.status).toBe(409);
    expect(again.message).toBe(engine.MSG.taskClosed);
    expect((await failure(engine.reject(s.db, { taskId: task.id, userId: uid('mgr01'), message: 'x' }))).status).toBe(409);
    expect((await events(task.instanceId, 'pass')).length).toBe(1);
    expect((await failure(engine.pass(s.db, { taskId: 99999999, userId: uid('mgr01') }))).status).toBe(404);
  });

  it('reject needs a message and ends the process', async () => {
    const { instance: inst, tasks } = await start('Simple', 'emp01');
    const taskId = tasks[0]?.id as number;
    expect((await failure(engine.reject(s.db, { taskId, userId: uid('mgr01'), message: '  ' }))).message).toBe(engine.MSG.rejectMessage);
    await engine.reject(s.db, { taskId, userId: uid('mgr01'), message: '材料不全' });
    expect((await instance(inst.id)).status).toBe('rejected');
    // The initiator is told, with a link to the record.
    const [told] = await s.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.topic} = 'notify' AND ${outbox.payload}->>'link' = ${`/DetailsPage?processKey=Simple&processInstanceId=${inst.id}`}`);
    expect(told?.payload).toMatchObject({ receiverUserIds: [uid('emp01')], senderUserId: uid('mgr01'), title: expect.stringMatching(/已驳回$/) });
    expect(await openTasks(inst.id)).toHaveLength(0);
    const steps = await instanceSteps(s.db, inst.id);
    expect(steps.at(-1)).toMatchObject({ approvalFlag: 2, approvalMessage: '材料不全', operateType: 1 });
  });

  it('sends back to an earlier node, or to the initiator who resubmits', async () => {
    await deploy(
      lineXml('Back', [
        { assigneeType: 'users', assigneeValue: 'mgr01' },
        { assigneeType: 'users', assigneeValue: 'hr01' },
        { assigneeType: 'users', assigneeValue: 'hrd01' },
      ]),
    );
    const { instance: inst, tasks } = await start('Back', 'emp01', { reason: 'a' });
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') });
    let [t] = await openTasks(inst.id);
    await engine.pass(s.db, { taskId: t?.id as number, userId: uid('hr01') });
    [t] = await openTasks(inst.id);
    const targets = await engine.backTargets(s.db, inst.id, 't3');
    expect(targets.map((x) => [x.nodeId, x.sort])).toEqual([
      ['s', 0],
      ['t1', 1],
      ['t2', 2],
    ]);
    // to the manager again
    await engine.rollback(s.db, { taskId: t?.id as number, userId: uid('hrd01'), targetNodeId: 't1', message: '请再确认' });
    [t] = await openTasks(inst.id);
    expect(t?.nodeId).toBe('t1');
    expect((await events(inst.id, 'rollback'))[0]).toMatchObject({ approvalFlag: 3, operateType: 1 });
    // manager sends it back to the initiator (sort 0)
    expect((await failure(engine.rollback(s.db, { taskId: t?.id as number, userId: uid('mgr01'), sort: 7 }))).message).toBe(engine.MSG.rollbackTarget);
    await engine.rollback(s.db, { taskId: t?.id as number, userId: uid('mgr01'), sort: 0 });
    expect((await instance(inst.id)).status).toBe('returned');
    const [back] = await openTasks(inst.id, 'resubmit');
    expect(back?.assigneeUserId).toBe(uid('emp01'));
    expect((await failure(engine.resubmit(s.db, { taskId: back?.id as number, userId: uid('mgr01') }))).status).toBe(403);
    await engine.resubmit(s.db, { taskId: back?.id as number, userId: uid('emp01'), vars: { reason: 'b' } });
    const again = await instance(inst.id);
    expect(again.status).toBe('running');
    expect(again.vars.reason).toBe('b');
    [t] = await openTasks(inst.id);
    expect(t?.nodeId).toBe('t1');
    for (const code of ['mgr01', 'hr01', 'hrd01']) {
      const [cur] = await openTasks(inst.id);
      await engine.pass(s.db, { taskId: cur?.id as number, userId: uid(code) });
    }
    expect((await instance(inst.id)).status).toBe('passed');
  });

  it('transfers to another person with a reason; never to oneself', async () => {
    const { instance: inst, tasks } = await start('Simple', 'emp01');
    const taskId = tasks[0]?.id as number;
    expect((await failure(engine.transfer(s.db, { taskId, userId: uid('mgr01'), toUserId: uid('mgr01'), remark: 'x' }))).message).toBe(engine.MSG.transferSelf);
    expect((await failure(engine.transfer(s.db, { taskId, userId: uid('mgr01'), toUserId: uid('user01'), remark: ' ' }))).message).toBe(
      engine.MSG.transferReason,
    );
    await engine.transfer(s.db, { taskId, userId: uid('mgr01'), toUserId: uid('user01'), remark: '出差' });
    expect((await failure(engine.pass(s.db, { taskId, userId: uid('mgr01') }))).status).toBe(403);
    await engine.pass(s.db, { taskId, userId: uid('user01') });
    const steps = await instanceSteps(s.db, inst.id);
    expect(steps[1]).toMatchObject({ isTransfer: 1, approvalUserCode: 'user01' });
    expect(steps[1]?.transferDTOS[0]).toMatchObject({ transferUserName: expect.any(String), remark: '出差' });
  });

  it('adds a signer before or after the current approver', async () => {
    const { instance: inst, tasks } = await start('Simple', 'emp01');
    const mine = tasks[0]?.id as number;
    await engine.addSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user02'), position: 'before' });
    let open = await openTasks(inst.id);
    expect(open.map((t) => t.assigneeUserId)).toEqual([uid('user02')]);
    // The flow shows the added signer as the one who must act, the parked owner after (issue 21).
    const waiting = (await instanceSteps(s.db, inst.id)).filter((st) => st.approvalFlag === 0 && st.operateType === 1 && !st.predicted);
    expect(waiting.map((st) => st.approvalUserCode)).toEqual(['user02', 'mgr01']);
    await engine.pass(s.db, { taskId: open[0]?.id as number, userId: uid('user02') });
    open = await openTasks(inst.id);
    expect(open.map((t) => t.id)).toEqual([mine]);
    await engine.addSigner(s.db, { taskId: mine, userId: uid('mgr01'), signerUserId: uid('user03'), position: 'after' });
    await engine.pass(s.db, { taskId: mine, userId: uid('mgr01') });
    open = await openTasks(inst.id);
    expect(open.map((t) => [t.nodeId, t.assigneeUserId])).toEqual([['t1', uid('user03')]]);
    await engine.pass(s.db, { taskId: open[0]?.id as number, userId: uid('user03') });
    expect((await openTasks(inst.id))[0]?.nodeId).toBe('t2');
  });

  it('countersign (all) waits for everyone; sequential goes one by one; any-one is a group task', async () => {
    await deploy(
      lineXml('Modes', [
        { assigneeType: 'users', assigneeValue: 'user01,user02', mode: 'all' },
        { assigneeType: 'users', assigneeValue: 'user03,user04', mode: 'seq' },
        { assigneeType: 'users', assigneeValue: 'user05,user06', mode: 'any' },
      ]),
    );
    const { instance: inst } = await start('Modes', 'emp01');
    let open = await openTasks(inst.id);
    expect(open.map((t) => t.assigneeUserId)).toEqual([uid('user01'), uid('user02')]);
    await engine.pass(s.db, { taskId: open[0]?.id as number, userId: uid('user01') });
    expect((await openTasks(inst.id)).map((t) => t.nodeId)).toEqual(['t1']);
    await engine.pass(s.db, { taskId: open[1]?.id as number, userId: uid('user02') });
    open = await openTasks(inst.id);
    expect(open.map((t) => t.assigneeUserId)).toEqual([uid('user03')]);
    await engine.pass(s.db, { taskId: open[0]?.id as number, userId: uid('user03') });
    open = await openTasks(inst.id);
    expect(open.map((t) => t.assigneeUserId)).toEqual([uid('user04')]);
    await engine.pass(s.db, { taskId: open[0]?.id as number, userId: uid('user04') });
    open = await openTasks(inst.id);
    expect(open).toHaveLength(1);
    expect(open[0]?.assigneeUserId).toBeNull();
    expect(open[0]?.candidateUserIds).toEqual([uid('user05'), uid('user06')]);
    const steps = await instanceSteps(s.db, inst.id);
    expect(steps.at(-1)).toMatchObject({ taskType: 2, approvalFlag: 0 });
    await engine.pass(s.db, { taskId: open[0]?.id as number, userId: uid('user06') });
    expect((await instance(inst.id)).status).toBe('passed');
  });

  it('revoke: only the initiator, only while no one acted (or anytime when the definition says so)', async () => {
    const { instance: a } = await start('Simple', 'emp01');
    expect((await failure(engine.revoke(s.db, { instanceId: a.id, userId: uid('mgr01') }))).status).toBe(403);
    await engine.revoke(s.db, { instanceId: a.id, userId: uid('emp01') });
    expect((await instance(a.id)).status).toBe('revoked');
    expect(await openTasks(a.id)).toHaveLength(0);
    const { instance: b, tasks } = await start('Simple', 'emp01');
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') });
    expect((await failure(engine.revoke(s.db, { instanceId: b.id, userId: uid('emp01') }))).message).toBe(engine.MSG.revokeLate);
    await deploy(
      lineXml(
        'Anytime',
        [
          { assigneeType: 'users', assigneeValue: 'mgr01' },
          { assigneeType: 'users', assigneeValue: 'hr01' },
        ],
        { revocable: 'anytime' },
      ),
    );
    const { instance: c, tasks: ct } = await start('Anytime', 'emp01');
    await engine.pass(s.db, { taskId: ct[0]?.id as number, userId: uid('mgr01') });
    await engine.revoke(s.db, { instanceId: c.id, userId: uid('emp01') });
    expect((await instance(c.id)).status).toBe('revoked');
    expect((await failure(engine.revoke(s.db, { instanceId: c.id, userId: uid('emp01') }))).message).toBe(engine.MSG.ended);
  });

  it('urge reminds the current approvers, at most once per 10 minutes', async () => {
    const { instance: inst } = await start('Simple', 'emp01');
    expect(await engine.urge(s.db, { instanceId: inst.id, userId: uid('emp01'), message: '请尽快' })).toBe(1);
    expect((await failure(engine.urge(s.db, { instanceId: inst.id, userId: uid('emp01') }))).message).toBe(engine.MSG.urgeOften);
    expect((await failure(engine.urge(s.db, { instanceId: inst.id, userId: uid('hr01') }))).status).toBe(403);
  });

  it('hooks run inside the command and undo it when they fail', async () => {
    await deploy(lineXml('Hooked', [{ assigneeType: 'users', assigneeValue: 'mgr01' }]));
    const seen: string[] = [];
    registerWorkflowHooks('Hooked', {
      onStart: async (_tx, e) => void seen.push(`start:${e.businessId}`),
      onStep: async (_tx, e) => {
        seen.push(`step:${e.action}`);
        if (e.vars.boom) throw new Error('business rule failed');
      },
      onEnd: async (_tx, e) => void seen.push(`end:${e.status}`),
    });
    const { instance: inst, tasks } = await engine.start(s.db, { processKey: 'Hooked', businessId: 'H1', title: 't', initiatorUserId: uid('emp01') });
    await expect(engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01'), vars: { boom: true } })).rejects.toThrow('business rule failed');
    expect((await openTasks(inst.id)).map((t) => t.id)).toEqual([tasks[0]?.id]);
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') });
    expect(seen).toEqual(['start:H1', 'step:pass', 'step:pass', 'end:passed']);
  });
});

describe('gateways', () => {
  it('exclusive: first true condition, else the default; no way out is refused', async () => {
    await deploy(
      sketchXml({
        key: 'Excl',
        nodes: [
          { id: 's', type: 'startEvent' },
          { id: 'g', type: 'exclusiveGateway', default: 'low' },
          { id: 'big', type: 'userTask', name: '大额', erp: { assigneeType: 'users', assigneeValue: 'hrd01' } },
          { id: 'small', type: 'userTask', name: '小额', erp: { assigneeType: 'users', assigneeValue: 'hr01' } },
          { id: 'e', type: 'endEvent' },
        ],
        flows: [
          ['f0', 's', 'g'],
          ['high', 'g', 'big', { field: 'amount', op: 'gte', value: 1000 }],
          ['low', 'g', 'small'],
          ['f1', 'big', 'e'],
          ['f2', 'small', 'e'],
        ],
      }),
    );
    const big = await start('Excl', 'emp01', { amount: '5000' });
    expect(big.tasks[0]?.nodeId).toBe('big');
    const small = await start('Excl', 'emp01', { amount: 10 });
    expect(small.tasks[0]?.nodeId).toBe('small');
    await deploy(
      sketchXml({
        key: 'NoWay',
        nodes: [
          { id: 's', type: 'startEvent' },
          { id: 'g', type: 'exclusiveGateway' },
          { id: 'e', type: 'endEvent' },
        ],
        flows: [
          ['f0', 's', 'g'],
          ['a', 'g', 'e', { field: 'x', op: 'eq', value: 1 }],
        ],
      }),
    );
    expect((await failure(start('NoWay', 'emp01', { x: 2 }))).status).toBe(400);
    expect(await s.db.select().from(wfInstances).where(eq(wfInstances.processKey, 'NoWay'))).toHaveLength(0);
  });

  it('parallel: split into branches, the join waits for all of them', async () => {
    await deploy(parallelXml('Par'));
    const { instance: inst, tasks } = await start('Par', 'emp01');
    expect(tasks.map((t) => t.nodeId).sort()).toEqual(['b1', 'b2', 'b3']);
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('user01') });
    await engine.pass(s.db, { taskId: tasks[1]?.id as number, userId: uid('user02') });
    expect((await openTasks(inst.id)).map((t) => t.nodeId)).toEqual(['b3']);
    await engine.pass(s.db, { taskId: tasks[2]?.id as number, userId: uid('user03') });
    const after = await openTasks(inst.id);
    expect(after.map((t) => t.nodeId)).toEqual(['last']);
    await engine.pass(s.db, { taskId: after[0]?.id as number, userId: uid('hr01') });
    expect((await instance(inst.id)).status).toBe('passed');
  });
});

function parallelXml(key: string) {
  return sketchXml({
    key,
    nodes: [
      { id: 's', type: 'startEvent' },
      { id: 'split', type: 'parallelGateway' },
      { id: 'b1', type: 'userTask', erp: { assigneeType: 'users', assigneeValue: 'user01' } },
      { id: 'b2', type: 'userTask', erp: { assigneeType: 'users', assigneeValue: 'user02' } },
      { id: 'b3', type: 'userTask', erp: { assigneeType: 'users', assigneeValue: 'user03' } },
      { id: 'join', type: 'parallelGateway' },
      { id: 'last', type: 'userTask', erp: { assigneeType: 'users', assigneeValue: 'hr01' } },
      { id: 'e', type: 'endEvent' },
    ],
    flows: [
      ['f0', 's', 'split'],
      ['f1', 'split', 'b1'],
      ['f2', 'split', 'b2'],
      ['f3', 'split', 'b3'],
      ['f4', 'b1', 'join'],
      ['f5', 'b2', 'join'],
      ['f6', 'b3', 'join'],
      ['f7', 'join', 'last'],
      ['f8', 'last', 'e'],
    ],
  });
}

describe('concurrency', () => {
  it('30 concurrent passes of one task: one success, 29 conflicts, one event', async () => {
    await deploy(
      lineXml('Race', [
        { assigneeType: 'users', assigneeValue: 'mgr01' },
        { assigneeType: 'users', assigneeValue: 'hr01' },
      ]),
    );
    const { instance: inst, tasks } = await start('Race', 'emp01');
    const taskId = tasks[0]?.id as number;
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => engine.pass(s.db, { taskId, userId: uid('mgr01') })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const conflicts = results.filter((r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.status === 409);
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(29);
    expect(await events(inst.id, 'pass')).toHaveLength(1);
    expect(await openTasks(inst.id)).toHaveLength(1);
  });

  it('three parallel branches completed at once: the join fires exactly once', async () => {
    await deploy(parallelXml('ParRace'));
    const { instance: inst, tasks } = await start('ParRace', 'emp01');
    const byNode = new Map(tasks.map((t) => [t.nodeId, t.id]));
    await Promise.all([
      engine.pass(s.db, { taskId: byNode.get('b1') as number, userId: uid('user01') }),
      engine.pass(s.db, { taskId: byNode.get('b2') as number, userId: uid('user02') }),
      engine.pass(s.db, { taskId: byNode.get('b3') as number, userId: uid('user03') }),
    ]);
    const after = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.nodeId, 'last')));
    expect(after).toHaveLength(1);
    expect((await instance(inst.id)).state.joins.join).toBe(0);
  });

  it('transfer racing a pass by the same holder: the moved task is never passed by its former holder', async () => {
    for (let i = 0; i < 6; i++) {
      const { instance: inst, tasks } = await start('Race', 'emp01');
      const taskId = tasks[0]?.id as number;
      const [t, p] = await Promise.allSettled([
        engine.transfer(s.db, { taskId, userId: uid('mgr01'), toUserId: uid('hrd01'), remark: '出差' }),
        engine.pass(s.db, { taskId, userId: uid('mgr01') }),
      ]);
      expect([t.status, p.status].filter((x) => x === 'fulfilled')).toHaveLength(1);
      const [task] = await s.db.select().from(wfTasks).where(eq(wfTasks.id, taskId));
      if (t.status === 'fulfilled') {
        expect(p.status === 'rejected' && p.reason instanceof AppError && [403, 409].includes(p.reason.status)).toBe(true);
        expect(task).toMatchObject({ status: 'pending', assigneeUserId: uid('hrd01') });
        expect(await events(inst.id, 'pass')).toHaveLength(0);
      } else {
        expect(t.status === 'rejected' && t.reason instanceof AppError && t.reason.status).toBe(409);
        expect(task).toMatchObject({ status: 'done', completedBy: uid('mgr01') });
      }
    }
  });

  it('add signer after me racing my pass: never a waiting signer left behind a finished node', async () => {
    for (let i = 0; i < 6; i++) {
      const { instance: inst, tasks } = await start('Race', 'emp01');
      const taskId = tasks[0]?.id as number;
      const [a] = await Promise.allSettled([
        engine.addSigner(s.db, { taskId, userId: uid('mgr01'), signerUserId: uid('hrd01'), position: 'after' }),
        engine.pass(s.db, { taskId, userId: uid('mgr01') }),
      ]);
      const t1 = await s.db
        .select()
        .from(wfTasks)
        .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.nodeId, 't1'), inArray(wfTasks.status, ['pending', 'waiting'])));
      if (a.status === 'fulfilled') {
        // The signer was added first: my pass makes the signer's task due.
        expect(t1.map((t) => [t.assigneeUserId, t.status])).toEqual([[uid('hrd01'), 'pending']]);
      } else {
        expect(a.reason instanceof AppError && a.reason.status).toBe(409);
        expect(t1).toHaveLength(0);
        expect((await openTasks(inst.id)).map((t) => t.nodeId)).toEqual(['t2']);
      }
    }
  });

  it('pass racing revoke: exactly one wins and the state is consistent', async () => {
    for (let i = 0; i < 5; i++) {
      const { instance: inst, tasks } = await start('Race', 'emp01');
      const [p, r] = await Promise.allSettled([
        engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') }),
        engine.revoke(s.db, { instanceId: inst.id, userId: uid('emp01') }),
      ]);
      expect([p.status, r.status].filter((x) => x === 'fulfilled')).toHaveLength(1);
      const final = await instance(inst.id);
      const open = await openTasks(inst.id);
      if (p.status === 'fulfilled') {
        expect(final.status).toBe('running');
        expect(open.map((t) => t.nodeId)).toEqual(['t2']);
      } else {
        expect(final.status).toBe('revoked');
        expect(open).toHaveLength(0);
        expect(await events(inst.id, 'pass')).toHaveLength(0);
      }
    }
  });
});
