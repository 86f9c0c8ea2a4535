import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { users, wfEvents, wfInstances, wfTasks } from '../db/schema';
import { lineXml } from './bpmn-builder';
import * as engine from './engine';
import { registerServiceHook } from './hooks';
import { ModelError } from './model';

/**
 * The corpus: BPMN files as Camunda Modeler (7 and 8), Flowable, Activiti, bpmn.io and our designer
 * write them. Each is deployed and driven to its end: every open task is passed by a person who
 * holds it, and the nodes that were passed must be the ones the form leads through.
 */
const DIR = join(import.meta.dirname, 'corpus');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.bpmn') || f.endsWith('.xml'));

interface Case {
  file: string;
  vars?: Record<string, unknown>;
  /** Node ids with a pass, sorted. */
  passed: string[];
}

const CASES: Case[] = [
  { file: 'camunda-01-assignee.bpmn', passed: ['Activity_approve'] },
  { file: 'camunda-02-candidate-groups.bpmn', passed: ['Task_hr', 'Task_mixed'] },
  { file: 'camunda-03-exclusive-expression.bpmn', vars: { amount: 1500, dept: 'IT' }, passed: ['Task_director'] },
  { file: 'camunda-03-exclusive-expression.bpmn', vars: { amount: '1500', dept: 'HR' }, passed: ['Task_manager'] },
  { file: 'camunda-04-initiator.bpmn', vars: { manager: 'mgr01' }, passed: ['Task_confirm', 'Task_mgr'] },
  { file: 'camunda-05-multi-parallel.bpmn', vars: { approvers: ['mgr01', 'hr01', 'fin01'] }, passed: ['Task_sign', 'Task_sign', 'Task_sign'] },
  { file: 'camunda-06-multi-ratio.bpmn', vars: { reviewers: ['mgr01', 'hr01', 'fin01', 'hrd01'] }, passed: ['Task_vote', 'Task_vote'] },
  { file: 'camunda-07-multi-sequential.bpmn', vars: { signers: 'hr01,mgr01' }, passed: ['Task_chain', 'Task_chain'] },
  { file: 'camunda-08-inclusive.bpmn', vars: { cost: 8000, abroad: true }, passed: ['Task_finance', 'Task_hr'] },
  { file: 'camunda-08-inclusive.bpmn', vars: { cost: 100 }, passed: ['Task_mgr'] },
  { file: 'camunda-09-subprocess.bpmn', passed: ['Sub_hr', 'Task_mgr'] },
  { file: 'camunda-10-manual-tasks.bpmn', passed: ['Task_mgr'] },
  { file: 'camunda-11-parallel.bpmn', passed: ['Task_a', 'Task_b', 'Task_c'] },
  { file: 'camunda-12-collaboration.bpmn', passed: ['Task_fin', 'Task_hr'] },
  { file: 'flowable-13-leave.bpmn20.xml', vars: { days: 5 }, passed: ['hrApprove', 'managerApprove'] },
  { file: 'flowable-13-leave.bpmn20.xml', vars: { days: 2 }, passed: ['managerApprove'] },
  { file: 'flowable-14-expense.bpmn20.xml', vars: { amount: 800, reason: '客户招待' }, passed: ['directorCheck', 'financeCheck', 'starterConfirm'] },
  { file: 'flowable-14-expense.bpmn20.xml', vars: { amount: 200 }, passed: ['financeCheck', 'starterConfirm'] },
  { file: 'flowable-15-countersign.bpmn20.xml', vars: { assigneeList: ['mgr01', 'hr01'] }, passed: ['countersign', 'countersign', 'legal'] },
  { file: 'flowable-16-cardinality.bpmn20.xml', passed: ['hrPair', 'hrPair'] },
  { file: 'flowable-17-inclusive-parallel.bpmn20.xml', vars: { needA: true, needB: true }, passed: ['a1', 'a2', 'b', 'last'] },
  { file: 'flowable-17-inclusive-parallel.bpmn20.xml', vars: { needA: false, needB: true }, passed: ['b', 'last'] },
  { file: 'flowable-17-inclusive-parallel.bpmn20.xml', vars: { needA: true }, passed: ['a1', 'a2', 'last'] },
  { file: 'activiti-18-assignee.bpmn20.xml', passed: ['hr', 'mgr'] },
  { file: 'zeebe-19-assignment.bpmn', vars: { amount: 2000 }, passed: ['Task_high'] },
  { file: 'zeebe-19-assignment.bpmn', vars: { amount: 10 }, passed: ['Task_low'] },
  { file: 'bpmnio-20-plain.bpmn', passed: [] },
  { file: 'bpmnio-21-erp-attributes.bpmn', vars: { salaryChange: '1', grade: 6 }, passed: ['fin', 'hrTeam', 'hrTeam', 'lead'] },
  { file: 'bpmnio-21-erp-attributes.bpmn', vars: { salaryChange: '0' }, passed: ['fin', 'lead'] },
  { file: 'erp-22-seq-and-inclusive-json.bpmn', vars: { level: 'A', urgent: true }, passed: ['x', 'x', 'y'] },
  { file: 'erp-22-seq-and-inclusive-json.bpmn', vars: { level: 'C' }, passed: ['y'] },
  { file: 'camunda-23-service-hook.bpmn', vars: { amount: 900 }, passed: ['Task_high'] },
  { file: 'camunda-23-service-hook.bpmn', vars: { amount: 10 }, passed: ['Task_low'] },
  // A non-interrupting timer without erp:timerAction: a reminder after 24 hours (the test passes before it is due).
  { file: 'camunda-24-timer-reminder.bpmn', passed: ['Task_review'] },
];

let s: TestServer;
const ids = new Map<string, number>();
const uid = (code: string) => ids.get(code) as number;
let seq = 0;
const deployed = new Map<string, string>();

// A server hook a service task runs: it reads the form and answers a field the gateway then reads.
registerServiceHook('corpusScore', async (_tx, e) => ({ score: Number(e.vars.amount ?? 0) / 10 }));

beforeAll(async () => {
  s = await startTestServer();
  for (const u of await s.db.select({ id: users.id, code: users.userCode }).from(users)) ids.set(u.code, u.id);
});
afterAll(() => s.close());

async function deployFile(file: string): Promise<string> {
  const known = deployed.get(file);
  if (known) return known;
  const def = await engine.deploy(s.db, readFileSync(join(DIR, file), 'utf8'), uid('admin'));
  deployed.set(file, def.key);
  return def.key;
}

/** Passes every open task (as a holder of it) until the instance ends; answers the passed node ids. */
async function drive(instanceId: number): Promise<{ status: string; passed: string[] }> {
  for (let round = 0; round < 50; round++) {
    const [inst] = await s.db.select().from(wfInstances).where(eq(wfInstances.id, instanceId));
    if (inst?.status !== 'running') break;
    const open = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, 'approve'), eq(wfTasks.status, 'pending')))
      .orderBy(wfTasks.id);
    expect(open.length, 'a running instance always has a task someone can act on').toBeGreaterThan(0);
    const t = open[0] as engine.TaskRow;
    await engine.pass(s.db, { taskId: t.id, userId: t.assigneeUserId ?? (t.candidateUserIds[0] as number) });
  }
  const [inst] = await s.db.select().from(wfInstances).where(eq(wfInstances.id, instanceId));
  const passes = await s.db
    .select({ nodeId: wfEvents.nodeId })
    .from(wfEvents)
    .where(and(eq(wfEvents.instanceId, instanceId), eq(wfEvents.action, 'pass')));
  return { status: inst?.status ?? '', passed: passes.map((p) => p.nodeId ?? '').sort() };
}

describe('BPMN corpus from other modellers', () => {
  it('holds at least 20 files, each one used by a case', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(20);
    for (const f of FILES)
      expect(
        CASES.some((c) => c.file === f),
        f,
      ).toBe(true);
  });

  for (const c of CASES) {
    it(`${c.file} ${JSON.stringify(c.vars ?? {})} runs to its end`, async () => {
      const key = await deployFile(c.file);
      const { instance } = await engine.start(s.db, {
        processKey: key,
        businessId: `corpus-${++seq}`,
        title: c.file,
        initiatorUserId: uid('emp01'),
        vars: c.vars ?? {},
      });
      const result = await drive(instance.id);
      expect(result).toEqual({ status: 'passed', passed: c.passed });
      const open = await s.db
        .select({ id: wfTasks.id })
        .from(wfTasks)
        .where(and(eq(wfTasks.instanceId, instance.id), inArray(wfTasks.status, ['pending', 'waiting']), eq(wfTasks.kind, 'approve')));
      expect(open).toEqual([]);
    });
  }

  it('gives initiator-variable assignees to the initiator and form-field assignees to the user the form names', async () => {
    const key = await deployFile('camunda-04-initiator.bpmn');
    const { tasks } = await engine.start(s.db, {
      processKey: key,
      businessId: `corpus-${++seq}`,
      title: 't',
      initiatorUserId: uid('emp02'),
      vars: { manager: 'hr01' },
    });
    expect(tasks.map((t) => t.assigneeUserId)).toEqual([uid('emp02')]);
    const next = await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('emp02') });
    const [mgr] = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, next.id), eq(wfTasks.status, 'pending')));
    expect(mgr?.assigneeUserId).toBe(uid('hr01'));
  });

  it('completes a pass-ratio countersign early and cancels the remaining votes', async () => {
    const key = await deployFile('camunda-06-multi-ratio.bpmn');
    const { instance, tasks } = await engine.start(s.db, {
      processKey: key,
      businessId: `corpus-${++seq}`,
      title: 't',
      initiatorUserId: uid('emp01'),
      vars: { reviewers: ['mgr01', 'hr01', 'fin01', 'hrd01'] },
    });
    expect(tasks.map((t) => t.assigneeUserId)).toEqual([uid('mgr01'), uid('hr01'), uid('fin01'), uid('hrd01')]);
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') });
    await engine.pass(s.db, { taskId: tasks[1]?.id as number, userId: uid('hr01') });
    const rows = await s.db.select({ status: wfTasks.status }).from(wfTasks).where(eq(wfTasks.instanceId, instance.id)).orderBy(wfTasks.id);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'cancelled', 'cancelled']);
    const late = await engine.pass(s.db, { taskId: tasks[2]?.id as number, userId: uid('fin01') }).catch((e: Error) => e);
    expect(late).toBeInstanceOf(Error);
  });

  it('sends back into an inclusive block and still finishes, waiting only for the branches taken', async () => {
    const key = await deployFile('flowable-17-inclusive-parallel.bpmn20.xml');
    for (const vars of [{ needA: true, needB: true }, { needA: true }]) {
      const { instance } = await engine.start(s.db, { processKey: key, businessId: `corpus-${++seq}`, title: 't', initiatorUserId: uid('emp01'), vars });
      const pending = async () =>
        s.db
          .select()
          .from(wfTasks)
          .where(and(eq(wfTasks.instanceId, instance.id), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')))
          .orderBy(wfTasks.id);
      // Pass everything until the last step is open.
      for (let open = await pending(); !open.some((t) => t.nodeId === 'last'); open = await pending()) {
        const t = open[0] as engine.TaskRow;
        await engine.pass(s.db, { taskId: t.id, userId: t.assigneeUserId as number });
      }
      const last = (await pending())[0] as engine.TaskRow;
      const targets = await engine.backTargets(s.db, instance.id, 'last');
      expect(targets.map((t) => t.nodeId)).toContain('a1');
      await engine.rollback(s.db, { taskId: last.id, userId: uid('hrd01'), targetNodeId: 'a1', message: '重做' });
      expect((await pending()).map((t) => t.nodeId)).toEqual(['a1']);
      const result = await drive(instance.id);
      expect(result.status).toBe('passed');
    }
  });

  it('refuses at deploy a service task whose hook no module registered', async () => {
    const xml = readFileSync(join(DIR, 'camunda-23-service-hook.bpmn'), 'utf8').replace('corpusScore', 'noSuchHook');
    const err = await engine.deploy(s.db, xml, uid('admin')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).message).toMatch(/"Task_score".*"noSuchHook" 不存在/);
  });

  it('refuses at deploy a user or role this system does not know, naming the element', async () => {
    const xml = readFileSync(join(DIR, 'camunda-02-candidate-groups.bpmn'), 'utf8')
      .replace('camunda:candidateGroups="hr"', 'camunda:candidateGroups="nosuchgroup"')
      .replace('camunda:candidateUsers="mgr01"', 'camunda:candidateUsers="ghost01"');
    const err = await engine.deploy(s.db, xml, uid('admin')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    const msg = (err as ModelError).message;
    expect(msg).toContain('"Task_hr"');
    expect(msg).toContain('"nosuchgroup"');
    expect(msg).toContain('"Task_mixed"');
    expect(msg).toContain('"ghost01"');
    expect((err as ModelError).problems).toHaveLength(2);
  });
});

describe('automatic pass (erp:autoPass)', () => {
  it("passes the initiator's own step and a repeat approver's later step by themselves, and still lets the initiator revoke", async () => {
    await engine.deploy(
      s.db,
      lineXml(
        'AutoPassBoth',
        [
          { assigneeType: 'initiator', name: '本人确认' },
          { assigneeType: 'users', assigneeValue: 'mgr01', name: '经理' },
          { assigneeType: 'users', assigneeValue: 'mgr01,hr01', mode: 'all', name: '会签' },
        ],
        { autoPass: 'both' },
      ),
      uid('admin'),
    );
    const { instance, tasks } = await engine.start(s.db, {
      processKey: 'AutoPassBoth',
      businessId: `auto-${++seq}`,
      title: 't',
      initiatorUserId: uid('emp01'),
    });
    expect(tasks.map((t) => [t.nodeId, t.assigneeUserId])).toEqual([['t2', uid('mgr01')]]);
    expect(await engine.canRevoke(s.db, instance)).toBe(true);
    await engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('mgr01') });
    // The countersign asks only hr01: mgr01 already approved this submission.
    const open = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instance.id), eq(wfTasks.status, 'pending')));
    expect(open.map((t) => [t.nodeId, t.assigneeUserId])).toEqual([['t3', uid('hr01')]]);
    const result = await drive(instance.id);
    expect(result).toEqual({ status: 'passed', passed: ['t2', 't3'] });
    const autos = await s.db
      .select()
      .from(wfEvents)
      .where(and(eq(wfEvents.instanceId, instance.id), eq(wfEvents.action, 'autoPass')))
      .orderBy(wfEvents.id);
    expect(autos.map((e) => [e.nodeId, e.userId])).toEqual([
      ['t1', uid('emp01')],
      ['t3', uid('mgr01')],
    ]);
  });

  it('is off unless the definition asks for it, and refuses an unknown value', async () => {
    await engine.deploy(s.db, lineXml('AutoPassOff', [{ assigneeType: 'initiator' }]), uid('admin'));
    const { tasks } = await engine.start(s.db, { processKey: 'AutoPassOff', businessId: `auto-${++seq}`, title: 't', initiatorUserId: uid('emp01') });
    expect(tasks.map((t) => t.assigneeUserId)).toEqual([uid('emp01')]);
    const err = await engine
      .deploy(s.db, lineXml('AutoPassBad', [{ assigneeType: 'initiator' }], { autoPass: 'always' }), uid('admin'))
      .catch((e: unknown) => e);
    expect((err as ModelError).message).toMatch(/autoPass/);
  });
});
