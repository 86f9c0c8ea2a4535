import type { DepartureRecord, MoveRecord, OnboardingRecord, QuitRecord } from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { employees, files, orgUnits, users, wfInstances, wfTasks } from '../../../db/schema';
import type { Principal } from '../../../platform/auth/principal';
import { registerHoldingsProvider } from '../departure-holdings';
import { businessToday } from './documents';
import { contractRenewals, employeeQuits, employeeTransfers, onboardings } from './lifecycle.schema';
import { createOuterChain, ONBOARDING_LINK_TTL_MS, rowOfToken } from './onboarding.service';

/**
 * Send back and resubmit of the lifecycle requests not covered by lifecycle.api.test.ts (onboarding,
 * dismissal, adjustment); the process centre's generic resubmission checked like the lifecycle's
 * own; the detail and file calls of these documents; a correctly signed link past its expiry.
 */

let s: TestServer;
const tokens: Record<string, string> = {};
const H = '/hr_api/hrm/api/';
const GENERIC = '/bpm_api/bpm/camunda/task/resubmit';
const signIn = async (code: string) => {
  tokens[code] ??= await s.login(code);
  return tokens[code] as string;
};
const call = async <T = unknown>(who: string | null, path: string, body: unknown = {}) => s.post<T>(H + path, body, who ? await signIn(who) : null);
const emp = new Map<string, typeof employees.$inferSelect>();
const org = new Map<string, number>();
const day = (offset: number) => {
  const d = new Date(`${businessToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** The open task (approve or resubmit) of an instance and who holds it. */
async function pending(inst: number) {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, inst), eq(wfTasks.status, 'pending'), sql`${wfTasks.kind} IN ('approve', 'resubmit')`))
    .orderBy(wfTasks.id)
    .limit(1);
  if (!t) return null;
  const [u] = await s.db
    .select({ code: users.userCode })
    .from(users)
    .where(eq(users.id, (t.assigneeUserId ?? t.candidateUserIds[0]) as number));
  return { taskId: t.id, kind: t.kind, code: u?.code as string };
}

/** The holder of the open task acts on it through a lifecycle call (instance/*). */
async function act(inst: number, path = 'instance/dealAgency', body: Record<string, unknown> = {}) {
  const p = await pending(inst);
  if (!p) throw new Error(`nothing pending on ${inst}`);
  return { ...p, answer: await call(p.code, path, { taskId: p.taskId, ...body }) };
}

/** The holder of the (resubmission) task resubmits through the process centre's generic call. */
async function genericResubmit(inst: number, body: Record<string, unknown> = {}) {
  const p = await pending(inst);
  if (p?.kind !== 'resubmit') throw new Error(`${inst} is not waiting for a resubmission`);
  return s.post(GENERIC, { taskId: p.taskId, ...body }, await signIn(p.code));
}

async function reloadEmployee(code: string) {
  const [row] = await s.db
    .select()
    .from(employees)
    .where(eq(employees.id, emp.get(code)?.id as number));
  return row as typeof employees.$inferSelect;
}

/** An uploaded file of `code` (the id the lifecycle file calls take). */
async function ownFile(code: string) {
  const [u] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code));
  const [f] = await s.db
    .insert(files)
    .values({
      groupId: `g${Math.random().toString(16).slice(2, 18)}`,
      storageKey: `test/${Math.random()}`,
      fileName: 'signed.pdf',
      fileSuffix: 'pdf',
      fileType: 'document',
      mimeType: 'application/pdf',
      size: 10,
      sha256: 'x'.repeat(64),
      ownerId: u?.id as number,
      moduleName: 'hr',
    })
    .returning();
  return f as typeof files.$inferSelect;
}

/** A person who has left nothing open in the demo data (no open transfer, departure or renewal). */
async function freePerson(exclude: string[]) {
  const rows = (await s.db.execute(sql`
    SELECT u.user_code AS code FROM employees e JOIN users u ON u.id = e.user_id
    WHERE u.user_code LIKE 'user%' AND e.status = '003' AND e.employ_state IN ('001', '002') AND e.entry_date IS NOT NULL AND e.org_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM employee_transfers t WHERE t.employee_id = e.id AND t.state IN ('draft', 'approving', 'returned'))
      AND NOT EXISTS (SELECT 1 FROM employee_quits q WHERE q.employee_id = e.id)
      AND NOT EXISTS (SELECT 1 FROM contract_renewals r WHERE r.employee_id = e.id AND r.state IN ('draft', 'approving', 'returned'))
    ORDER BY u.user_code DESC`)) as unknown as { rows: Array<{ code: string }> };
  const code = rows.rows.map((r) => r.code).find((c) => !exclude.includes(c));
  if (!code) throw new Error('no free person in the demo data');
  exclude.push(code);
  return code;
}

/** The demo people hold approvals and records; these flows are tested as if nothing were held (handover has its own tests). */
const nothingHeld = async () => [];
const taken: string[] = ['user43', 'user46', 'user47', 'user48', 'user49', 'user50'];

beforeAll(async () => {
  s = await startTestServer();
  registerHoldingsProvider(nothingHeld);
  const rows = await s.db.select({ e: employees, code: users.userCode }).from(employees).innerJoin(users, eq(users.id, employees.userId));
  for (const r of rows) emp.set(r.code, r.e);
  for (const o of await s.db.select({ id: orgUnits.id, code: orgUnits.code }).from(orgUnits)) org.set(o.code, o.id);
});
afterAll(() => registerHoldingsProvider(null));
afterAll(() => s.close());

/** Documents the later tests read. */
const made = { onboardingId: 0, quitId: 0, quitInstance: 0, dismissed: '', adjustmentId: 0, resignationId: 0, resignationInstance: 0 };

describe('send back and resubmit: onboarding, dismissal, adjustment', () => {
  it('onboarding (Induction_Process): the unit manager sends it back to HR, a bad correction is refused, a good one goes on to the hire', async () => {
    const added = await call<{ id: number }>('hr01', 'employee/addOnboarding', {
      name: '退回测试',
      phone: '13912340001',
      idType: '001',
      idNumber: '110105199203070011',
      orgId: org.get('D004'),
      positionName: '测试工程师',
      plannedEntryDate: day(3),
      probationMonths: 3,
      salary: 10000,
      userCode: 'tuihuics',
    });
    expect(added.code, added.message).toBe('200');
    const id = added.data.id;
    made.onboardingId = id;
    const link = await call<{ token: string }>('hr01', 'employee/createOuterChain', { id });
    expect(
      (await call(null, 'employee/saveOnDutyBase', { token: link.data.token, info: { emergencyContact: '退回父', emergencyPhone: '13800003333' } })).code,
    ).toBe('200');
    const started = await call<{ processInstanceId: number }>('hr01', 'employee/confirmOnDuty', { id });
    expect(started.code, started.message).toBe('200');
    const inst = started.data.processInstanceId;

    const back = await act(inst, 'instance/rollback', { message: '入职日期请与部门确认' });
    expect(back.answer.code, back.answer.message).toBe('200');
    const info = await call<{ record: OnboardingRecord; flow: { taskKind: string | null } }>('hr01', 'employee/getOnDutyInfo', { id });
    expect(info.data.record).toMatchObject({ state: 'returned', stage: 'confirming' });
    expect(info.data.flow.taskKind).toBe('resubmit');

    const before = (await s.db.select().from(onboardings).where(eq(onboardings.id, id)))[0];
    expect((await act(inst, 'instance/againSubmit', { form: { plannedEntryDate: '2026-02-30' } })).answer.status).toBe(400);
    const months = await act(inst, 'instance/againSubmit', { form: { probationMonths: 9 } });
    expect([months.answer.status, months.answer.message]).toEqual([400, expect.stringContaining('试用期（月）')]);
    expect((await s.db.select().from(onboardings).where(eq(onboardings.id, id)))[0]).toMatchObject({
      state: 'returned',
      plannedEntryDate: before?.plannedEntryDate,
      probationMonths: before?.probationMonths,
    });

    const again = await act(inst, 'instance/againSubmit', { message: '已确认', form: { plannedEntryDate: day(10), probationMonths: 2, name: '改名无效' } });
    expect(again.answer.code, again.answer.message).toBe('200');
    expect((await s.db.select().from(onboardings).where(eq(onboardings.id, id)))[0]).toMatchObject({
      state: 'approving',
      plannedEntryDate: day(10),
      probationMonths: 2,
      name: '退回测试',
    });
    expect((await act(inst)).answer.code).toBe('200');
    expect((await act(inst)).answer.code).toBe('200');
    const [row] = await s.db.select().from(onboardings).where(eq(onboardings.id, id));
    expect(row).toMatchObject({ state: 'passed', stage: 'onboarded' });
    const [hire] = await s.db
      .select()
      .from(employees)
      .where(eq(employees.id, row?.employeeId as number));
    expect(hire).toMatchObject({ entryDate: day(10), probationMonths: 2 });
  });

  it('dismissal (Quit_Process): the HR director sends it back to HR; a last day before entry is refused, a corrected one passes', async () => {
    const who = await freePerson(taken);
    made.dismissed = who;
    const target = emp.get(who) as typeof employees.$inferSelect;
    const started = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startQuitInstance', {
      employeeId: target.id,
      quitType: '002',
      reason: '协商解除',
      lastWorkDate: day(10),
    });
    expect(started.code, started.message).toBe('200');
    const inst = started.data.processInstanceId;
    made.quitId = started.data.id;
    made.quitInstance = inst;
    expect((await act(inst)).answer.code).toBe('200');
    const back = await act(inst, 'instance/rollback', { message: '补偿方案未附' });
    expect(back.code).toBe('hrd01');
    expect(back.answer.code, back.answer.message).toBe('200');
    const info = await call<{ record: QuitRecord; flow: { taskKind: string | null } }>('hr01', 'business/getQuitInstanceInfo', { processInstanceId: inst });
    expect(info.data.record).toMatchObject({ state: 'returned', quitKind: 'dismiss' });
    expect(info.data.flow.taskKind).toBe('resubmit');

    const early = await act(inst, 'instance/againSubmit', { form: { lastWorkDate: '2000-01-01' } });
    expect([early.answer.status, early.answer.message]).toEqual([400, '最后工作日不能早于入职日期']);
    const empty = await act(inst, 'instance/againSubmit', { form: { reason: ' ' } });
    expect([empty.answer.status, empty.answer.message]).toEqual([400, '原因：请输入离职原因']);
    expect((await s.db.select().from(employeeQuits).where(eq(employeeQuits.id, made.quitId)))[0]).toMatchObject({
      state: 'returned',
      lastWorkDate: day(10),
      reason: '协商解除',
    });

    const again = await act(inst, 'instance/againSubmit', { form: { lastWorkDate: day(12), reason: '协商一致解除，补偿方案已附' } });
    expect(again.answer.code, again.answer.message).toBe('200');
    expect((await s.db.select().from(employeeQuits).where(eq(employeeQuits.id, made.quitId)))[0]).toMatchObject({
      state: 'approving',
      lastWorkDate: day(12),
      reason: '协商一致解除，补偿方案已附',
    });
    for (let i = 0; i < 3; i++) expect((await act(inst)).answer.code).toBe('200');
    expect(await pending(inst)).toBeNull();
    expect(await reloadEmployee(who)).toMatchObject({ employState: '004', status: '004', leaveDate: day(12) });
  });

  it('adjustment (调岗调薪): the old manager sends it back; a correction that changes nothing is refused, a new salary passes', async () => {
    const who = await freePerson(taken);
    const target = await reloadEmployee(who);
    const started = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startTransferInstance', {
      employeeId: target.id,
      changeType: '004',
      toSalary: 25000,
      effectiveDate: day(0),
      reason: '年度调薪',
    });
    expect(started.code, started.message).toBe('200');
    made.adjustmentId = started.data.id;
    const inst = started.data.processInstanceId;
    expect((await act(inst, 'instance/rollback', { message: '调薪幅度请再评估' })).answer.code).toBe('200');
    const info = await call<{ record: MoveRecord; flow: { taskKind: string | null } }>('hr01', 'employee/getAdjustmentInfo', { id: made.adjustmentId });
    expect(info.data.record).toMatchObject({ state: 'returned', changeType: '004', toSalary: 25000 });
    expect(info.data.flow.taskKind).toBe('resubmit');

    const early = await act(inst, 'instance/againSubmit', { form: { effectiveDate: '1990-01-01' } });
    expect([early.answer.status, early.answer.message]).toEqual([400, '生效日期不能早于入职日期']);
    expect((await act(inst, 'instance/againSubmit', { form: { toSalary: -1 } })).answer.status).toBe(400);
    const same = await act(inst, 'instance/againSubmit', { form: { toSalary: (target.salaryCents ?? 0) / 100 } });
    expect([same.answer.status, same.answer.message]).toEqual([400, '调岗调薪至少需要调整岗位、职级或薪资中的一项']);
    expect((await s.db.select().from(employeeTransfers).where(eq(employeeTransfers.id, made.adjustmentId)))[0]).toMatchObject({
      state: 'returned',
      toSalaryCents: 2500000,
    });

    expect((await act(inst, 'instance/againSubmit', { form: { toSalary: 23000.5 } })).answer.code).toBe('200');
    expect((await s.db.select().from(employeeTransfers).where(eq(employeeTransfers.id, made.adjustmentId)))[0]).toMatchObject({
      state: 'approving',
      toSalaryCents: 2300050,
    });
    for (let i = 0; i < 3 && (await pending(inst)); i++) expect((await act(inst)).answer.code).toBe('200');
    expect((await reloadEmployee(who)).salaryCents).toBe(2300050);
  });
});

describe('the process centre’s resubmission (task/resubmit) is checked like instance/againSubmit', () => {
  it('resignation: a bad last day, a field that routes the request, or a record no longer valid is refused on both paths; nothing is written', async () => {
    const who = await freePerson(taken);
    const target = await reloadEmployee(who);
    const started = await call<{ id: number; processInstanceId: number }>(who, 'instance/startQuitApplyInstance', {
      quitType: '001',
      reason: '个人发展',
      lastWorkDate: day(20),
    });
    expect(started.code, started.message).toBe('200');
    const inst = started.data.processInstanceId;
    made.resignationId = started.data.id;
    made.resignationInstance = inst;
    expect((await act(inst, 'instance/rollback', { message: '请再确认' })).answer.code).toBe('200');
    const varsBefore = (await s.db.select({ vars: wfInstances.vars }).from(wfInstances).where(eq(wfInstances.id, inst)))[0]?.vars;
    const unchanged = async () => {
      expect((await s.db.select().from(employeeQuits).where(eq(employeeQuits.id, made.resignationId)))[0]).toMatchObject({
        state: 'returned',
        lastWorkDate: day(20),
      });
      const [i] = await s.db.select().from(wfInstances).where(eq(wfInstances.id, inst));
      expect(i).toMatchObject({ status: 'returned', vars: varsBefore });
      expect((await pending(inst))?.kind).toBe('resubmit');
    };

    for (const path of ['generic', 'againSubmit'] as const) {
      const resubmit = (form?: Record<string, unknown>) =>
        path === 'generic' ? genericResubmit(inst, form ? { form } : {}) : act(inst, 'instance/againSubmit', form ? { form } : {}).then((r) => r.answer);
      const early = await resubmit({ lastWorkDate: '2000-01-01' });
      expect([path, early.status, early.message]).toEqual([path, 400, '最后工作日不能早于入职日期']);
      await unchanged();
      // The entry date moved after the last day while the request was back with the employee.
      await s.db
        .update(employees)
        .set({ entryDate: day(30) })
        .where(eq(employees.id, target.id));
      const stale = await resubmit();
      expect([path, stale.status, stale.message]).toEqual([path, 400, '最后工作日不能早于入职日期']);
      await s.db.update(employees).set({ entryDate: target.entryDate }).where(eq(employees.id, target.id));
      await unchanged();
    }
    // Through the process centre the form would become the process's variables, which route it.
    const reroute = await genericResubmit(inst, { form: { orgId: org.get('D001'), lastWorkDate: day(21) } });
    expect([reroute.status, reroute.message]).toEqual([400, '重新提交时不能修改：orgId']);
    await unchanged();

    const ok = await genericResubmit(inst, { form: { lastWorkDate: day(25) }, message: '已与部门确认' });
    expect(ok.code, ok.message).toBe('200');
    // The record says what goes to approval (not left as it was).
    const info = await call<{ record: QuitRecord }>(who, 'business/getQuitApplyInfo', { id: made.resignationId });
    expect(info.data.record).toMatchObject({ state: 'approving', lastWorkDate: day(25), quitKind: 'apply' });
  });

  it('transfer and renewal: refused alike on both paths; a good generic resubmission updates the record', async () => {
    const who = await freePerson(taken);
    const target = await reloadEmployee(who);
    const toOrg = [org.get('D003'), org.get('D005')].find((o) => o !== target.orgId) as number;
    const transfer = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startTransferInstance', {
      employeeId: target.id,
      toOrgId: toOrg,
      effectiveDate: day(5),
      reason: '项目需要',
    });
    expect(transfer.code, transfer.message).toBe('200');
    const inst = transfer.data.processInstanceId;
    expect((await act(inst, 'instance/rollback', { message: '日期不对' })).answer.code).toBe('200');
    const generic = await genericResubmit(inst, { form: { effectiveDate: '1990-01-01' } });
    const own = (await act(inst, 'instance/againSubmit', { form: { effectiveDate: '1990-01-01' } })).answer;
    expect([generic.status, generic.message]).toEqual([400, '生效日期不能早于入职日期']);
    expect([own.status, own.message]).toEqual([400, '生效日期不能早于入职日期']);
    expect((await genericResubmit(inst, { form: { toOrgId: target.orgId } })).message).toBe('重新提交时不能修改：toOrgId');
    expect((await s.db.select().from(employeeTransfers).where(eq(employeeTransfers.id, transfer.data.id)))[0]).toMatchObject({
      state: 'returned',
      effectiveDate: day(5),
    });
    const ok = await genericResubmit(inst, { form: { effectiveDate: day(7), reason: '项目需要（日期已改）' } });
    expect(ok.code, ok.message).toBe('200');
    expect((await s.db.select().from(employeeTransfers).where(eq(employeeTransfers.id, transfer.data.id)))[0]).toMatchObject({
      state: 'approving',
      effectiveDate: day(7),
      reason: '项目需要（日期已改）',
    });

    const renewing = await freePerson(taken);
    const r = await reloadEmployee(renewing);
    await s.db
      .update(employees)
      .set({ contractEndDate: day(20) })
      .where(eq(employees.id, r.id));
    const renewal = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startRenewalInstance', {
      employeeId: r.id,
      newStartDate: day(21),
      newEndDate: day(21 + 1095),
      contractType: '001',
    });
    expect(renewal.code, renewal.message).toBe('200');
    const rInst = renewal.data.processInstanceId;
    expect((await act(rInst, 'instance/rollback', { message: '期限改两年' })).answer.code).toBe('200');
    for (const answer of [
      await genericResubmit(rInst, { form: { newEndDate: day(21) } }),
      (await act(rInst, 'instance/againSubmit', { form: { newEndDate: day(21) } })).answer,
    ])
      expect([answer.status, answer.message]).toEqual([400, '新合同结束日期必须晚于开始日期']);
    const beforeEnd = await genericResubmit(rInst, { form: { newStartDate: day(10), newEndDate: day(15) } });
    expect([beforeEnd.status, beforeEnd.message]).toEqual([400, '新合同到期日必须晚于原合同到期日']);
    expect((await s.db.select().from(contractRenewals).where(eq(contractRenewals.id, renewal.data.id)))[0]).toMatchObject({
      state: 'returned',
      newEndDate: day(21 + 1095),
    });
    expect((await genericResubmit(rInst, { form: { newEndDate: day(21 + 730) } })).code).toBe('200');
    expect((await s.db.select().from(contractRenewals).where(eq(contractRenewals.id, renewal.data.id)))[0]).toMatchObject({
      state: 'approving',
      newEndDate: day(21 + 730),
    });
  });
});

describe('detail and file calls of these documents', () => {
  it('business/getQuitInstanceInfo, business/getQuitApplyInfo, employee/getQuitInfo, employee/getAdjustmentInfo', async () => {
    const dismissal = await call<{ record: QuitRecord; flow: { status: string } }>('hr01', 'business/getQuitInstanceInfo', {
      processInstanceId: made.quitInstance,
    });
    expect(dismissal.data.record).toMatchObject({ id: made.quitId, quitKind: 'dismiss', state: 'passed' });
    expect(dismissal.data.flow.status).toBe('passed');
    expect((await call('hr01', 'business/getQuitInstanceInfo', { processInstanceId: 'x' })).status).toBe(400);
    expect((await call('hr01', 'business/getQuitInstanceInfo', {})).message).toBe('id 或 processInstanceId 必须提供一个');
    // Someone neither HR in scope, nor the person, nor on the flow.
    expect((await call('emp01', 'business/getQuitInstanceInfo', { processInstanceId: made.quitInstance })).status).toBe(404);

    const apply = await call<{ record: QuitRecord }>('hr01', 'business/getQuitApplyInfo', { processInstanceId: made.resignationInstance });
    expect(apply.data.record).toMatchObject({ id: made.resignationId, quitKind: 'apply' });
    expect((await call('hr01', 'business/getQuitApplyInfo', { id: 99999999 })).status).toBe(404);

    const quit = await call<{ record: QuitRecord }>('hr01', 'employee/getQuitInfo', { id: made.quitId });
    expect(quit.data.record).toMatchObject({ id: made.quitId, lastWorkDate: day(12) });
    expect((await call('hr01', 'employee/getQuitInfo', { id: -1 })).status).toBe(400);

    const adjustment = await call<{ record: MoveRecord; flow: { status: string } }>('hr01', 'employee/getAdjustmentInfo', { id: made.adjustmentId });
    expect(adjustment.data.record).toMatchObject({ id: made.adjustmentId, changeType: '004', state: 'passed', toSalary: 23000.5 });
    expect((await call('hr01', 'employee/getAdjustmentInfo', { id: 'abc' })).status).toBe(400);
    expect((await call('hr01', 'employee/getAdjustmentInfo', { processInstanceId: 99999999 })).status).toBe(404);
  });

  it('employee/getDepartureInfo: a leaver with their departure documents', async () => {
    const id = emp.get(made.dismissed)?.id as number;
    const info = await call<{ departure: DepartureRecord; quits: QuitRecord[] }>('hr01', 'employee/getDepartureInfo', { employeeId: id });
    expect(info.code, info.message).toBe('200');
    expect(info.data.departure).toMatchObject({ id, employState: '004', leaveDate: day(12) });
    expect(info.data.quits.map((q) => q.id)).toContain(made.quitId);
    expect((await call('hr01', 'employee/getDepartureInfo', { employeeId: 'x' })).status).toBe(400);
    expect((await call('emp01', 'employee/getDepartureInfo', { employeeId: id })).status).toBe(403);
  });

  it('quit/addDismissFile attaches HR’s own upload to an open departure; a closed one, or another’s file, is refused', async () => {
    const mine = await ownFile('hr01');
    const added = await call<{ fileIds: number[] }>('hr01', 'quit/addDismissFile', { id: made.resignationId, fileId: mine.id });
    expect(added.code, added.message).toBe('200');
    expect(added.data.fileIds).toContain(mine.id);
    const theirs = await ownFile('emp01');
    expect((await call('hr01', 'quit/addDismissFile', { id: made.resignationId, fileId: theirs.id })).message).toBe('附件不存在或已删除');
    expect((await call('hr01', 'quit/addDismissFile', { id: made.quitId, fileId: mine.id })).message).toBe('离职申请已结束，不能再添加附件');
    expect((await call('hr01', 'quit/addDismissFile', { id: made.resignationId, fileId: 'x' })).status).toBe(400);
    expect((await call('emp01', 'quit/addDismissFile', { id: made.resignationId, fileId: mine.id })).status).toBe(403);
  });

  it('employee/uploadSignFile files the signed form on an onboarding; not on one still at the offer, not another’s file', async () => {
    const mine = await ownFile('hr01');
    expect((await call('hr01', 'employee/uploadSignFile', { id: made.onboardingId, fileId: mine.id })).code).toBe('200');
    const [row] = await s.db.select().from(onboardings).where(eq(onboardings.id, made.onboardingId));
    expect(row?.signFileId).toBe(mine.id);
    const theirs = await ownFile('emp01');
    expect((await call('hr01', 'employee/uploadSignFile', { id: made.onboardingId, fileId: theirs.id })).message).toBe('附件不存在或已删除');
    const offer = await call<{ id: number }>('hr01', 'employee/addOnboarding', {
      name: '尚未发链接',
      phone: '13912340002',
      orgId: org.get('D004'),
      plannedEntryDate: day(5),
    });
    expect((await call('hr01', 'employee/uploadSignFile', { id: offer.data.id, fileId: mine.id })).message).toBe('当前入职状态不能上传签署文件');
    expect((await call('hr01', 'employee/uploadSignFile', { id: made.onboardingId })).status).toBe(400);
  });
});

describe('the on-duty link', () => {
  it('a correctly signed link past its expiry: the expired message, and nothing is written', async () => {
    const added = await call<{ id: number }>('hr01', 'employee/addOnboarding', {
      name: '过期链接',
      phone: '13912340003',
      orgId: org.get('D004'),
      plannedEntryDate: day(5),
    });
    const id = added.data.id;
    const [hr] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'hr01'));
    const principal = { userId: hr?.id, isAdmin: false, roleCodes: ['hr'], permissions: new Set<string>(), dataScope: { kind: 'all' } } as unknown as Principal;
    // Issued eight days ago with the real signing key: a week's validity ended a day ago.
    const issued = Date.now() - ONBOARDING_LINK_TTL_MS - 86_400_000;
    const link = await createOuterChain(s.db, principal, id, issued);
    const expires = issued + ONBOARDING_LINK_TTL_MS;
    expect(Date.parse(link.expiresAt)).toBe(expires);
    // The signature is good: the same link opened before its expiry is accepted.
    expect((await rowOfToken(s.db, link.token, expires - 1000)).id).toBe(id);
    const [before] = await s.db.select().from(onboardings).where(eq(onboardings.id, id));

    const open = await call(null, 'employee/getOnDutyBase', { token: link.token });
    expect([open.status, open.message]).toEqual([410, '入职链接已失效或已使用，请联系人事专员']);
    const save = await call(null, 'employee/saveOnDutyBase', { token: link.token, info: { emergencyContact: '过期父', emergencyPhone: '13800004444' } });
    expect([save.status, save.message]).toEqual([410, '入职链接已失效或已使用，请联系人事专员']);
    const [after] = await s.db.select().from(onboardings).where(eq(onboardings.id, id));
    expect(after).toMatchObject({ stage: 'invited', info: before?.info, filledAt: null });
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });
});
