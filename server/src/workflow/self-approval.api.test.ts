import type { ApprovalStep, ClaimDetail, ExpenseInvoice, FileEntry } from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, startTestServer, type TestServer } from '../../test/harness';
import { orgUnits, roles, userRoles, users, wfEvents, wfInstances, wfTasks } from '../db/schema';
import { queryRows } from '../platform/db';
import { AppError } from '../platform/errors';
import { lineXml } from './bpmn-builder';
import * as engine from './engine';
import { failure, loadUserIds } from './engine-test-support';
import { MSG } from './messages';
import { instanceSteps } from './steps';

/*
 * Segregation of duties, engine-wide (issue 34 §1): whoever the request belongs to never decides it,
 * whatever the document and however the task would reach them.
 */

let s: TestServer;
const ids = new Map<string, number>();
const uid = (code: string) => ids.get(code) as number;
let seq = 0;

beforeAll(async () => {
  s = await startTestServer();
  await loadUserIds(s.db, ids);
});
afterAll(() => s.close());

const openTasks = (instanceId: number) =>
  s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, 'approve'), eq(wfTasks.status, 'pending')))
    .orderBy(wfTasks.id);
const holders = (t: engine.TaskRow) => (t.assigneeUserId ? [t.assigneeUserId] : t.candidateUserIds);
const start = (key: string, initiator: string, extra: Partial<engine.StartInput> = {}) =>
  engine.start(s.db, { processKey: key, businessId: `sod-${++seq}`, title: `${key} test`, initiatorUserId: uid(initiator), ...extra });

describe('routing around the applicant', () => {
  it('a group step leaves the applicant out; a step with only the applicant follows the process rule', async () => {
    // hr01 holds the role hr; so do others: the group simply goes without hr01.
    await engine.deploy(s.db, lineXml('SodGroup', [{ assigneeType: 'role', assigneeValue: 'hr', mode: 'any' }]), uid('admin'));
    const { tasks } = await start('SodGroup', 'hr01');
    expect(tasks[0]?.candidateUserIds.length).toBeGreaterThan(0);
    expect(holders(tasks[0] as engine.TaskRow)).not.toContain(uid('hr01'));

    // Only the applicant named: default rule, the applicant's superior (mgr01 leads emp01's unit).
    await engine.deploy(s.db, lineXml('SodOnly', [{ assigneeType: 'users', assigneeValue: 'emp01' }]), uid('admin'));
    const sup = await start('SodOnly', 'emp01');
    expect(holders(sup.tasks[0] as engine.TaskRow)).toEqual([uid('mgr01')]);
    const [routed] = await s.db
      .select()
      .from(wfEvents)
      .where(and(eq(wfEvents.instanceId, sup.instance.id), eq(wfEvents.action, 'selfRoute')));
    expect(routed).toMatchObject({ userId: uid('emp01'), targetUserId: uid('mgr01'), message: '审批人是申请人本人，已转交上级' });
    // The flow widget shows it on the task, like a transfer.
    const steps: ApprovalStep[] = await instanceSteps(s.db, sup.instance.id);
    const open = steps.find((x) => x.id.startsWith('t:'));
    expect(open?.transferDTOS[0]).toMatchObject({ transferUserName: expect.any(String), remark: '审批人是申请人本人，已转交上级' });

    // A named alternate; the process administrator; skip (recorded, never silent).
    await engine.deploy(
      s.db,
      lineXml('SodAlt', [{ assigneeType: 'users', assigneeValue: 'emp01' }], { selfApproval: 'alternate', selfAlternate: 'hr01' }),
      uid('admin'),
    );
    expect(holders((await start('SodAlt', 'emp01')).tasks[0] as engine.TaskRow)).toEqual([uid('hr01')]);
    await engine.deploy(
      s.db,
      lineXml('SodAdm', [{ assigneeType: 'users', assigneeValue: 'emp01' }], { selfApproval: 'admin', fallbackUser: 'hrd01' }),
      uid('admin'),
    );
    expect(holders((await start('SodAdm', 'emp01')).tasks[0] as engine.TaskRow)).toEqual([uid('hrd01')]);
    await engine.deploy(
      s.db,
      lineXml(
        'SodSkip',
        [
          { assigneeType: 'users', assigneeValue: 'emp01' },
          { assigneeType: 'users', assigneeValue: 'hr01' },
        ],
        { selfApproval: 'skip' },
      ),
      uid('admin'),
    );
    const skipped = await start('SodSkip', 'emp01');
    expect(skipped.tasks.map((t) => t.nodeName)).toEqual(['任务2']);
    const [skip] = await s.db
      .select()
      .from(wfEvents)
      .where(and(eq(wfEvents.instanceId, skipped.instance.id), eq(wfEvents.action, 'selfSkip')));
    expect(skip?.message).toBe('审批人是申请人本人，按流程规则跳过此节点');

    // Nobody but the applicant anywhere: refused, nothing started.
    await engine.deploy(s.db, lineXml('SodNobody', [{ assigneeType: 'users', assigneeValue: 'admin' }], { selfApproval: 'admin' }), uid('admin'));
    await s.db
      .update(users)
      .set({ orgId: null })
      .where(eq(users.id, uid('admin')));
    const nobody = await failure(start('SodNobody', 'admin'));
    expect(nobody.message).toContain(MSG.nobodyOutside);
    expect(await s.db.select().from(wfInstances).where(eq(wfInstances.processKey, 'SodNobody'))).toEqual([]);
  });

  it('the record’s preparer is a party too; a deputy who is a party does not stand in', async () => {
    await engine.deploy(s.db, lineXml('SodParty', [{ assigneeType: 'users', assigneeValue: 'hr01,hrd01', mode: 'any' }]), uid('admin'));
    const { tasks } = await start('SodParty', 'emp01', { parties: [uid('hr01')] });
    expect(holders(tasks[0] as engine.TaskRow)).toEqual([uid('hrd01')]);
    const refused = await failure(engine.pass(s.db, { taskId: tasks[0]?.id as number, userId: uid('hr01') }));
    expect(refused.message).toBe(MSG.selfDecision);
  });

  it('no transfer, delegation, added signer or reassignment hands the task to a party', async () => {
    await engine.deploy(s.db, lineXml('SodMove', [{ assigneeType: 'users', assigneeValue: 'mgr01' }]), uid('admin'));
    const { tasks } = await start('SodMove', 'emp01');
    const taskId = tasks[0]?.id as number;
    const to = uid('emp01');
    // One after another: each is a command on the same task (and none may reject unobserved).
    for (const command of [
      () => engine.transfer(s.db, { taskId, userId: uid('mgr01'), toUserId: to, remark: '请本人处理' }),
      () => engine.delegate(s.db, { taskId, userId: uid('mgr01'), toUserId: to }),
      () => engine.addSigner(s.db, { taskId, userId: uid('mgr01'), signerUserId: to, position: 'before' }),
      () => engine.reassign(s.db, { taskId, userId: uid('admin'), toUserId: to, reason: '调整' }),
    ]) {
      const e = await failure(command());
      expect([e.status, e.message]).toEqual([400, MSG.toParty]);
    }
    const [t] = await s.db.select().from(wfTasks).where(eq(wfTasks.id, taskId));
    expect(holders(t as engine.TaskRow)).toEqual([uid('mgr01')]);
  });

  it('the applicant and the rightful approver click at the same moment: the approver passes once, the applicant is refused', async () => {
    await engine.deploy(s.db, lineXml('SodRace', [{ assigneeType: 'users', assigneeValue: 'mgr01' }]), uid('admin'));
    const { instance, tasks } = await start('SodRace', 'emp01');
    const taskId = tasks[0]?.id as number;
    // A task from before the rule (or a role granted later) may still list the applicant: the command refuses all the same.
    await s.db
      .update(wfTasks)
      .set({ assigneeUserId: null, candidateUserIds: [uid('mgr01'), uid('emp01')] })
      .where(eq(wfTasks.id, taskId));
    const [applicant, approver] = await Promise.allSettled([
      engine.pass(s.db, { taskId, userId: uid('emp01') }),
      engine.pass(s.db, { taskId, userId: uid('mgr01') }),
    ]);
    expect(applicant.status).toBe('rejected');
    expect((applicant as PromiseRejectedResult).reason.message).toBe(MSG.selfDecision);
    expect(approver.status).toBe('fulfilled');
    const passes = await s.db
      .select()
      .from(wfEvents)
      .where(and(eq(wfEvents.instanceId, instance.id), inArray(wfEvents.action, ['pass', 'autoPass'])));
    expect(passes.map((e) => e.userId)).toEqual([uid('mgr01')]);
  });
});

describe('the documents where it was seen', () => {
  it('fin01 cannot pass the finance step of their own expense claim, by the process centre or any call', async () => {
    const fin = await s.tokenOf('fin01');
    const RB = (n: string) => `/finance_api/finance/reimburse/${n}`;
    // A claim of fin01's own: an invoice photo, the invoice, one line.
    const form = new FormData();
    form.set('file', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], { type: 'image/png' }), 'invoice.png');
    form.set('moduleName', 'reimburse');
    const file = (await s.raw('/file_api/file/fileUrl/upload', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${fin}` },
    })) as Answer<FileEntry>;
    const expenseDate = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const invoice = await s.post<ExpenseInvoice>(
      '/finance_api/finance/personInvoice/add',
      {
        kind: '005',
        invoiceCode: null,
        invoiceNo: '79000001',
        invoiceDate: expenseDate,
        seller: '上海某某餐饮有限公司',
        amountExclTax: 35_00,
        tax: 0,
        total: 35_00,
        fileId: file.data.fileId,
      },
      fin,
    );
    expect(invoice.code, invoice.message).toBe('200');
    const saved = await s.post<ClaimDetail>(
      RB('save'),
      { reason: '客户现场支持', lines: [{ category: '002', expenseDate, amount: 35_00, description: '交通', invoiceIds: [invoice.data.id] }] },
      fin,
    );
    expect(saved.code, saved.message).toBe('200');
    const claimId = saved.data.id;
    const submitted = await s.post<ClaimDetail>(RB('submit'), { id: claimId }, fin);
    expect(submitted.code, submitted.message).toBe('200');
    // Pass every step fin01 does not hold until none is left; fin01 is refused on each.
    for (let i = 0; i < 6; i++) {
      const open = await openTasks(submitted.data.processInstanceId as number);
      if (!open.length) break;
      for (const t of open) {
        expect(holders(t)).not.toContain(uid('fin01'));
        const own = await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: t.id, message: '同意' }, fin);
        expect([own.status, own.message]).toEqual([403, MSG.selfDecision]);
      }
      const t = open[0] as engine.TaskRow;
      const [holder] = await s.db
        .select({ code: users.userCode })
        .from(users)
        .where(eq(users.id, holders(t)[0] as number));
      const passed = await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: t.id, message: '同意' }, await s.tokenOf(holder?.code as string));
      expect(passed.code, passed.message).toBe('200');
    }
    expect((await s.post<ClaimDetail>(RB('detail'), { id: claimId }, fin)).data.state).toBe('passed');
    // Four-eyes on paying: not by the claimant, though they hold the finance role.
    const today = new Date().toISOString().slice(0, 10);
    const payOwn = await s.post(RB('pay'), { id: claimId, paidDate: today }, fin);
    expect([payOwn.status, payOwn.message]).toEqual([403, '不能为本人的报销单付款，请由其他财务人员付款']);
    expect((await s.post(RB('pay'), { id: claimId, paidDate: today }, await s.tokenOf('admin'))).code).toBe('200');
  });

  it('fin01 cannot pass their own salary advance with loan/pass', async () => {
    const fin = await s.tokenOf('fin01');
    const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1));
    const applied = await s.post(
      '/finance_api/finance/loan/apply',
      { amount: 1_000_00, installments: 2, firstMonth: next.getUTCFullYear() * 100 + next.getUTCMonth() + 1, reason: '家中急用' },
      fin,
    );
    // fin01 may already have an open advance in the demo data: that one is checked then.
    expect([200, 409], applied.message).toContain(applied.status);
    const [inst] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT process_instance_id AS id FROM pay_loans WHERE user_id = ${uid('fin01')} AND state = 'approving' ORDER BY id DESC LIMIT 1`,
    );
    expect(inst?.id, 'fin01 has an advance in approval').toBeGreaterThan(0);
    const open = await openTasks(inst?.id as number);
    for (const t of open) {
      expect(holders(t)).not.toContain(uid('fin01'));
      const own = await s.post('/finance_api/finance/loan/pass', { taskId: t.id, message: '同意' }, fin);
      expect([own.status, own.message]).toEqual([403, MSG.selfDecision]);
    }
    expect(open.length).toBeGreaterThan(0);
  });
});

describe('the employee a document is about', () => {
  it('is a party: HR transferring a department leader does not send the old leader’s step to that leader', async () => {
    const [mgr] = await queryRows<{ id: number; orgId: number }>(
      s.db,
      sql`SELECT e.id, e.org_id AS "orgId" FROM employees e WHERE e.user_id = ${uid('mgr01')}`,
    );
    const [other] = await queryRows<{ id: number }>(
      s.db,
      sql`SELECT id FROM org_units WHERE code IN ('D003', 'D005') AND id <> ${mgr?.orgId as number} ORDER BY code LIMIT 1`,
    );
    const started = await s.post<{ processInstanceId: number }>(
      '/hr_api/hrm/api/instance/startTransferInstance',
      { employeeId: mgr?.id, toOrgId: other?.id, effectiveDate: new Date().toISOString().slice(0, 10), reason: '轮岗' },
      await s.tokenOf('hr01'),
    );
    expect(started.code, started.message).toBe('200');
    const [inst] = await s.db.select().from(wfInstances).where(eq(wfInstances.id, started.data.processInstanceId));
    expect(inst?.state.parties).toContain(uid('mgr01'));
    for (const t of await openTasks(started.data.processInstanceId)) expect(holders(t)).not.toContain(uid('mgr01'));
  });
});

// Last: it makes fin01 an approver of everything.
describe('every process the product runs', () => {
  it('never gives a deciding task to an applicant who holds every approving role and leads every unit', async () => {
    // fin01 becomes everything an approver can be: every role, the leader of every unit.
    const omni = uid('fin01');
    const allRoles = await s.db.select({ id: roles.id }).from(roles);
    await s.db
      .insert(userRoles)
      .values(allRoles.map((r) => ({ userId: omni, roleId: r.id })))
      .onConflictDoNothing();
    await s.db.update(orgUnits).set({ leaderUserId: omni });
    const keys = await queryRows<{ key: string }>(s.db, sql`SELECT DISTINCT key FROM wf_definitions WHERE enabled ORDER BY key`);
    expect(keys.length).toBeGreaterThan(20);
    const walked: string[] = [];
    let checked = 0;
    for (const { key } of keys) {
      // Form fields every branch of the product's processes reads, with values that take the longest way.
      const vars = { amount: 9_999_999, total: 9_999_999, orgId: 1, isChangeGrade: '001', days: 30, leaveDays: 30, type: '001' };
      // A business id no record has: the documents' hooks find nothing to move.
      const businessId = String(900_000 + ++seq);
      const started = await engine.start(s.db, { processKey: key, businessId, title: key, initiatorUserId: omni, vars }).catch((e: unknown) => e);
      if (started instanceof Error) {
        if (!(started instanceof AppError)) throw started;
        // A process that needs a form field the walk does not know is still refused for the applicant's sake, never routed to them.
        expect(started.message, key).not.toContain(MSG.selfDecision);
        continue;
      }
      const { instance } = started as Awaited<ReturnType<typeof engine.start>>;
      for (let step = 0; step < 40; step++) {
        const open = await openTasks(instance.id);
        if (!open.length) break;
        for (const t of open) {
          expect(holders(t), `${key} ${t.nodeName}`).not.toContain(omni);
          const refused = await failure(engine.pass(s.db, { taskId: t.id, userId: omni }));
          expect([refused.status, refused.message], `${key} ${t.nodeName}`).toEqual([403, MSG.selfDecision]);
        }
        checked += open.length;
        const t = open[0] as engine.TaskRow;
        // A document's hook may refuse to pass without its record: what was checked up to there stands.
        const passed = await engine.pass(s.db, { taskId: t.id, userId: holders(t)[0] as number, message: '同意' }).catch(() => null);
        if (!passed) break;
      }
      walked.push(key);
    }
    // Nearly every process starts with these fields; the rest are covered by their documents' own tests.
    expect(walked.length).toBeGreaterThan(keys.length * 0.8);
    expect(checked).toBeGreaterThan(keys.length);
  }, 120_000);
});
