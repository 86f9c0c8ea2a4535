import type { ChangeLogRecord, OnboardingRecord, Page, RenewalDueRecord, RenewalRecord } from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { confirmations, employeeEvents, employees, orgUnits, outbox, users, wfDefinitions } from '../../../db/schema';
import { upgradeExisting } from '../../../db/seed';
import { businessToday } from './documents';
import { onboardings } from './lifecycle.schema';

let s: TestServer;
const tokens: Record<string, string> = {};
const H = '/hr_api/hrm/api/';
const call = <T = unknown>(who: string | null, path: string, body: unknown = {}) => s.post<T>(H + path, body, who ? tokens[who] : null);
const emp = new Map<string, typeof employees.$inferSelect>();
const org = new Map<string, number>();
const day = (offset: number) => {
  const d = new Date(`${businessToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Whoever holds the pending task of the instance acts on it through the given call. */
async function act(inst: number, path = 'instance/dealAgency', body: Record<string, unknown> = {}) {
  const r = (await s.db.execute(
    sql`SELECT t.id, coalesce(t.assignee_user_id, t.candidate_user_ids[1]) AS uid, t.kind FROM wf_tasks t WHERE t.instance_id = ${inst} AND t.status = 'pending' AND t.kind IN ('approve', 'resubmit') ORDER BY t.id LIMIT 1`,
  )) as unknown as { rows: Array<{ id: number; uid: number; kind: string }> };
  const t = r.rows[0];
  if (!t) return null;
  const [u] = await s.db.select({ code: users.userCode }).from(users).where(eq(users.id, t.uid));
  const code = u?.code as string;
  tokens[code] ??= await s.login(code);
  return { code, kind: t.kind, answer: await s.post(H + path, { taskId: t.id, ...body }, tokens[code]) };
}

async function blob(who: string, path: string, body: unknown = {}) {
  const res = await fetch(s.url + H + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
    body: JSON.stringify(body),
  });
  // Read to the end: an unread body keeps the connection busy, and closing the server waits for it (72 s).
  await res.arrayBuffer();
  return { status: res.status, type: res.headers.get('content-type') ?? '' };
}

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'emp01', 'mgr01', 'hr01', 'hrd01', 'user49', 'user50']) tokens[u] = await s.login(u);
  const rows = await s.db.select({ e: employees, code: users.userCode }).from(employees).innerJoin(users, eq(users.id, employees.userId));
  for (const r of rows) emp.set(r.code, r.e);
  for (const o of await s.db.select({ id: orgUnits.id, code: orgUnits.code }).from(orgUnits)) org.set(o.code, o.id);
});
afterAll(() => s.close());

describe('onboarding (入职)', () => {
  const form = {
    name: '林晓岚',
    phone: '13912345678',
    email: 'linxl@example.com',
    idType: '001',
    idNumber: '110105199003070025',
    orgId: 0,
    positionName: '软件工程师',
    plannedEntryDate: '',
    probationMonths: 3,
    salary: 12000,
    userCode: 'linxl',
  };
  let id = 0;
  let token = '';

  it('HR records an offer; bad input is refused', async () => {
    const f = { ...form, orgId: org.get('D004'), plannedEntryDate: day(3) };
    expect((await call('emp01', 'employee/addOnboarding', f)).status).toBe(403);
    expect((await call('hr01', 'employee/addOnboarding', { ...f, phone: '123' })).message).toContain('手机号格式不正确');
    // The ID number is checked for its type as everywhere else (it becomes the employee's).
    expect((await call('hr01', 'employee/addOnboarding', { ...f, idNumber: '11010519900307002X' })).message).toContain('身份证号码校验位不正确');
    expect((await call('hr01', 'employee/addOnboarding', { ...f, idType: '002', idNumber: '12' })).message).toContain('护照号码格式不正确');
    expect((await call('hr01', 'employee/addOnboarding', { ...f, orgId: org.get('D901') })).message).toBe('入职部门不存在');
    expect((await call('hr01', 'employee/addOnboarding', { ...f, userCode: 'hr01' })).status).toBe(409);
    const added = await call<{ id: number }>('hr01', 'employee/addOnboarding', f);
    expect(added.code).toBe('200');
    id = added.data.id;
    expect((await call('hr01', 'employee/addOnboarding', f)).message).toBe('该证件号码已有进行中的入职或已是在职员工');
    const offers = await call<Page<OnboardingRecord>>('hr01', 'employee/getOfferPage', { keyword: '林晓岚' });
    expect(offers.data.records[0]).toMatchObject({ id, stage: 'offer', orgName: '信息技术部' });
    // HR cannot confirm before the hire filled in
    expect((await call('hr01', 'employee/confirmOnDuty', { id })).message).toBe('请先由新员工填写入职信息');
  });

  it('the hire fills the on-duty information through the signed link, without an account', async () => {
    const link = await call<{ token: string; url: string }>('hr01', 'employee/createOuterChain', { id });
    expect(link.code).toBe('200');
    token = link.data.token;
    expect(link.data.url).toContain('/onDutyInfo?token=');
    const open = await call<{ name: string; orgName: string }>(null, 'employee/getOnDutyBase', { token });
    expect(open.data).toMatchObject({ name: '林晓岚', orgName: '信息技术部' });
    const forged = await call(null, 'employee/getOnDutyBase', { token: `${token.slice(0, -2)}xx` });
    expect([forged.status, forged.message]).toEqual([410, '入职链接已失效或已使用，请联系人事专员']);
    const [idPart, , sig] = token.split('.');
    expect((await call(null, 'employee/getOnDutyBase', { token: `${idPart}.${Date.now() - 1000}.${sig}` })).status).toBe(410);
    expect((await call(null, 'employee/saveOnDutyBase', { token, info: { emergencyContact: '', emergencyPhone: '1' } })).status).toBe(400);
    const badId = await call(null, 'employee/saveOnDutyBase', {
      token,
      info: { idType: '001', idNumber: '110105199003070020', emergencyContact: '林父', emergencyPhone: '13800001111' },
    });
    expect([badId.status, badId.message]).toEqual([400, expect.stringContaining('身份证号码校验位不正确')]);
    const saved = await call(null, 'employee/saveOnDutyBase', {
      token,
      info: { gender: '2', emergencyContact: '林父', emergencyPhone: '13800001111', address: '上海市徐汇区漕溪北路1号', bankAccount: '6222020200112233445' },
    });
    expect(saved.code).toBe('200');
    const confirm = await call<{ checks: string[]; info: Record<string, string> }>('hr01', 'employee/getOnDutyConfirmInfo', { id });
    expect(confirm.data.checks).toEqual([]);
    expect(confirm.data.info.bankAccount).toBe('6222020200112233445');
    expect((await call<Page<OnboardingRecord>>('hr01', 'employee/getOnDutyPage', { keyword: '林晓岚' })).data.records[0]?.stage).toBe('filled');
    expect((await call('hr01', 'employee/saveOnDutyConfirmInfo', { id, plannedEntryDate: day(2), probationMonths: 2 })).code).toBe('200');
  });

  it('HR confirms; the unit manager and HR approve; the employee and the account exist, on probation; the link is dead', async () => {
    const started = await call<{ processInstanceId: number; documentNo: string }>('hr01', 'employee/confirmOnDuty', { id });
    expect(started.code).toBe('200');
    expect(started.data.documentNo).toMatch(/^RZ/);
    expect((await call('hr01', 'employee/confirmOnDuty', { id })).status).toBe(400);
    expect((await call(null, 'employee/saveOnDutyBase', { token, info: { emergencyContact: 'x', emergencyPhone: '13800001111' } })).status).toBe(410);
    const inst = started.data.processInstanceId;
    expect((await act(inst))?.code).toBe('mgr01');
    expect((await act(inst))?.answer.code).toBe('200');
    const [row] = await s.db.select().from(onboardings).where(eq(onboardings.id, id));
    expect(row).toMatchObject({ stage: 'onboarded', state: 'passed' });
    const [hire] = await s.db
      .select()
      .from(employees)
      .where(eq(employees.id, row?.employeeId as number));
    expect(hire).toMatchObject({
      name: '林晓岚',
      employState: '001',
      status: '003',
      entryDate: day(2),
      probationMonths: 2,
      salaryCents: 1200000,
      idCardNo: '110105199003070025',
      gender: '2',
    });
    const [account] = await s.db
      .select()
      .from(users)
      .where(eq(users.id, hire?.userId as number));
    expect(account?.userCode).toBe('linxl');
    const entry = await s.db
      .select()
      .from(employeeEvents)
      .where(and(eq(employeeEvents.employeeId, hire?.id as number), eq(employeeEvents.kind, '001')));
    expect(entry[0]?.documentNo).toBe(started.data.documentNo);
    expect((await call(null, 'employee/getOnDutyBase', { token })).status).toBe(410);
    const info = await call<{ record: OnboardingRecord; flow: { status: string } }>('hr01', 'business/getAdmissionInfo', { processInstanceId: inst });
    expect(info.data.flow.status).toBe('passed');
    expect((await call('user49', 'employee/getOnDutyInfo', { id })).status).toBe(404);
    expect((await call<Page<OnboardingRecord>>('hr01', 'employee/getInductionPage', { keyword: '林晓岚' })).data.records[0]?.stage).toBe('onboarded');
  });

  it('give up before and after filling; delete only what never went to approval', async () => {
    const a = await call<{ id: number }>('hr01', 'employee/addOnboarding', {
      ...form,
      idNumber: null,
      userCode: null,
      name: '放弃甲',
      orgId: org.get('D005'),
      plannedEntryDate: day(5),
    });
    expect((await call('hr01', 'employee/giveupInduction', { id: a.data.id, reason: '个人原因' })).message).toBe('当前入职状态不能放弃入职');
    expect((await call('hr01', 'employee/giveupOffer', { id: a.data.id, reason: '' })).status).toBe(400);
    expect((await call('hr01', 'employee/giveupOffer', { id: a.data.id, reason: '接受了其他offer' })).code).toBe('200');
    expect((await call('hr01', 'employee/giveupOffer', { id: a.data.id, reason: '再次' })).status).toBe(400);
    expect((await call('hr01', 'employee/delete', { id: a.data.id })).code).toBe('200');
    expect((await call('hr01', 'employee/delete', { id })).message).toBe('当前入职状态不能删除');
    const b = await call<{ id: number }>('hr01', 'employee/addOnboarding', {
      ...form,
      idNumber: null,
      userCode: null,
      name: '放弃乙',
      orgId: org.get('D005'),
      plannedEntryDate: day(5),
    });
    // A correction that leaves out pay and account keeps them; null clears.
    await s.db.update(onboardings).set({ salaryCents: 1234500, userCode: 'fangqiyi' }).where(eq(onboardings.id, b.data.id));
    const corrected = { name: '放弃乙', phone: form.phone, orgId: org.get('D005'), plannedEntryDate: day(6), personCategory: '001', probationMonths: 2 };
    expect((await call('hr01', 'employee/updateOnDuty', { ...corrected, id: b.data.id })).code).toBe('200');
    const [kept] = await s.db.select().from(onboardings).where(eq(onboardings.id, b.data.id));
    expect(kept).toMatchObject({ salaryCents: 1234500, userCode: 'fangqiyi', plannedEntryDate: day(6), probationMonths: 2 });
    expect((await call('hr01', 'employee/updateOnDuty', { ...corrected, id: b.data.id, salary: null, userCode: null })).code).toBe('200');
    const [cleared] = await s.db.select().from(onboardings).where(eq(onboardings.id, b.data.id));
    expect(cleared).toMatchObject({ salaryCents: null, userCode: null });
    const link = await call<{ token: string }>('hr01', 'employee/createOuterChain', { id: b.data.id });
    await call(null, 'employee/saveOnDutyBase', { token: link.data.token, info: { emergencyContact: '乙父', emergencyPhone: '13800002222' } });
    expect((await call('hr01', 'employee/giveupInduction', { id: b.data.id, reason: '家庭原因' })).code).toBe('200');
    expect((await call(null, 'employee/getOnDutyBase', { token: link.data.token })).status).toBe(410);
    expect(
      (
        await call('hr01', 'employee/updateOnDuty', {
          ...form,
          id: b.data.id,
          idNumber: null,
          userCode: null,
          orgId: org.get('D005'),
          plannedEntryDate: day(5),
        })
      ).status,
    ).toBe(400);
  });

  it('exports and the paper form', async () => {
    for (const p of ['employee/exportOnDutyUser', 'employee/getInductionExport', 'employee/exportSignData', 'employee/downOnDutyModel']) {
      const r = await blob('hr01', p);
      expect([p, r.status]).toEqual([p, 200]);
      expect(r.type).toContain('spreadsheetml');
    }
    expect((await blob('emp01', 'employee/getInductionExport')).status).toBe(403);
  });
});

describe('renewal (续签) and contracts', () => {
  it('lists contracts ending within 30/60/90 days; a renewal with send back, resubmit and pass moves the end date', async () => {
    expect((await call('hr01', 'employee/getRenewalPage', { days: 45 })).status).toBe(400);
    const due = await call<Page<RenewalDueRecord>>('hr01', 'employee/getRenewalPage', { days: 90, pageSize: 200 });
    expect(due.data.total).toBeGreaterThan(0);
    expect(due.data.records.every((r) => (r.contractEndDate ?? '') <= day(90))).toBe(true);
    const d30 = await call<Page<RenewalDueRecord>>('hr01', 'employee/getRenewalPage', { days: 30 });
    expect(d30.data.total).toBeLessThanOrEqual(due.data.total);
    const target = emp.get('user50') as typeof employees.$inferSelect;
    await s.db
      .update(employees)
      .set({ contractEndDate: day(20) })
      .where(eq(employees.id, target.id));
    const bad = await call('hr01', 'instance/startRenewalInstance', { employeeId: target.id, newStartDate: day(21), newEndDate: day(21), contractType: '001' });
    expect(bad.message).toContain('新合同结束日期必须晚于开始日期');
    const started = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startRenewalInstance', {
      employeeId: target.id,
      newStartDate: day(21),
      newEndDate: day(21 + 1095),
      contractType: '001',
      remark: '续签三年',
    });
    expect(started.code).toBe('200');
    expect(
      (await call('hr01', 'instance/startRenewalInstance', { employeeId: target.id, newStartDate: day(21), newEndDate: day(900), contractType: '001' }))
        .message,
    ).toBe('该员工已有进行中的续签申请');
    const inst = started.data.processInstanceId;
    expect((await act(inst, 'instance/rollback', { message: '请改为两年' }))?.answer.code).toBe('200');
    const resubmit = await act(inst, 'instance/againSubmit', { form: { newEndDate: day(21 + 730) } });
    expect(resubmit?.kind).toBe('resubmit');
    expect(resubmit?.answer.code).toBe('200');
    expect((await act(inst))?.answer.code).toBe('200');
    expect((await act(inst))?.answer.code).toBe('200');
    const [after] = await s.db.select().from(employees).where(eq(employees.id, target.id));
    expect(after?.contractEndDate).toBe(day(21 + 730));
    const info = await call<{ record: RenewalRecord }>('hr01', 'business/getRenewalInfo', { id: started.data.id });
    expect(info.data.record).toMatchObject({ state: 'passed', oldEndDate: day(20), newEndDate: day(21 + 730) });
    const page = await s.post<Page<RenewalRecord>>('/hr_api/hrm/contract/selectPage', { keyword: target.employeeCode }, tokens.hr01);
    expect(page.data.records[0]?.id).toBe(started.data.id);
    const contracts = await s.post<Page<RenewalDueRecord>>('/hr_api/hrm/contract/selectPage1', { keyword: target.employeeCode }, tokens.hr01);
    expect(contracts.data.records[0]).toMatchObject({ id: target.id, contractEndDate: day(21 + 730), renewalState: 'passed' });
    const events = await s.db
      .select()
      .from(employeeEvents)
      .where(and(eq(employeeEvents.employeeId, target.id), eq(employeeEvents.kind, '006')));
    expect(events).toHaveLength(1);
  });
});

describe('regularisation (转正)', () => {
  it('lists people on probation, starts confirmations in bulk (all or nothing), mails the notice once', async () => {
    const page = await call<Page<{ id: number; dueDate: string; name: string }>>('hr01', 'employee/getFormalPage', { pageSize: 200 });
    const ids = page.data.records.map((r) => r.id);
    expect(ids).toContain(emp.get('emp01')?.id);
    expect(page.data.records.find((r) => r.id === emp.get('emp01')?.id)?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const confirmForm = (employeeId: number) => ({
      employeeId,
      confirmType: '001',
      preConfirmateTime: day(0),
      confirmateTime: day(0),
      isReport: '002',
      isChangeGrade: '002',
      isChangeSalary: '002',
      assessModel: '001',
      opinion: '表现良好',
      advantage: '积极',
      improvePoint: '沟通',
    });
    const refused = await call('hr01', 'instance/startRegularInstances', {
      list: [confirmForm(emp.get('emp01')?.id as number), confirmForm(emp.get('mgr01')?.id as number)],
    });
    // The batch is refused as a whole, naming the person it is about.
    expect(refused.message).toBe(`${emp.get('mgr01')?.name}：该员工不在试用期或不在职`);
    expect(
      await s.db
        .select()
        .from(confirmations)
        .where(eq(confirmations.employeeId, emp.get('emp01')?.id as number)),
    ).toHaveLength(0);
    expect((await call('emp01', 'instance/startRegularInstances', { list: [confirmForm(emp.get('emp01')?.id as number)] })).status).toBe(403);
    const started = await call<Array<{ id: number; processInstanceId: number }>>('hr01', 'instance/startRegularInstances', {
      list: [confirmForm(emp.get('emp01')?.id as number)],
    });
    expect(started.code).toBe('200');
    const inst = started.data[0]?.processInstanceId as number;
    const info = await call<{ state: string; documentNo: string }>('hr01', 'business/getBecomeRegularInfo', { processInstanceId: inst });
    expect(info.data).toMatchObject({ state: 'approving' });
    expect(info.data.documentNo).toMatch(/^ZZ/);
    for (let i = 0; i < 3; i++) {
      const r = await s.db.execute(sql`SELECT 1 FROM wf_tasks WHERE instance_id = ${inst} AND status = 'pending' AND kind = 'approve'`);
      if (!(r as unknown as { rows: unknown[] }).rows.length) break;
      // the confirmation has its own pass call; the process centre's pass works for it too
      const t = (await s.db.execute(
        sql`SELECT t.id, coalesce(t.assignee_user_id, t.candidate_user_ids[1]) AS uid FROM wf_tasks t WHERE t.instance_id = ${inst} AND t.status = 'pending' AND t.kind = 'approve' LIMIT 1`,
      )) as unknown as { rows: Array<{ id: number; uid: number }> };
      const [u] = await s.db
        .select({ code: users.userCode })
        .from(users)
        .where(eq(users.id, t.rows[0]?.uid as number));
      tokens[u?.code as string] ??= await s.login(u?.code as string);
      expect((await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: t.rows[0]?.id }, tokens[u?.code as string])).code).toBe('200');
    }
    const receive = await call<Page<{ id: number; noticeSentAt: string | null }>>('hr01', 'employee/getFormalReceiveList', { sent: false, pageSize: 200 });
    expect(receive.data.records.map((r) => r.id)).toContain(emp.get('emp01')?.id);
    const first = await call<{ sent: number; skipped: number }>('hr01', 'employee/sendFormalMail', { employeeIds: [emp.get('emp01')?.id] });
    expect(first.data).toEqual({ sent: 1, skipped: 0 });
    const second = await call<{ sent: number; skipped: number }>('hr01', 'employee/sendFormalMail', { employeeIds: [emp.get('emp01')?.id] });
    expect(second.data.sent).toBe(0);
    const mails = await s.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail'), sql`${outbox.payload}->>'subject' = '转正通知'`));
    expect(mails).toHaveLength(1);
    expect((await blob('hr01', 'employee/exportFormalData')).status).toBe(200);
  });
});

describe('requests, change log and to-dos', () => {
  it('revoke, reject and the copy flag; other processes are refused', async () => {
    const a = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startTransferInstance', {
      employeeId: emp.get('user49')?.id,
      toOrgId: org.get('D001'),
      effectiveDate: day(1),
      reason: '项目需要',
    });
    expect(a.code).toBe('200');
    expect((await call('user50', 'instance/revoke', { processInstanceId: a.data.processInstanceId })).status).toBeGreaterThanOrEqual(400);
    expect((await call('hr01', 'instance/revoke', { processInstanceId: a.data.processInstanceId })).code).toBe('200');
    const b = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startTransferInstance', {
      employeeId: emp.get('user49')?.id,
      toOrgId: org.get('D001'),
      effectiveDate: day(1),
      reason: '项目需要',
    });
    expect(b.code).toBe('200');
    expect((await act(b.data.processInstanceId, 'instance/reject', { message: '' }))?.answer.status).toBe(400);
    expect((await act(b.data.processInstanceId, 'instance/reject', { message: '编制已满' }))?.answer.code).toBe('200');
    const [moved] = await s.db
      .select()
      .from(employees)
      .where(eq(employees.id, emp.get('user49')?.id as number));
    expect(moved?.orgId).toBe(emp.get('user49')?.orgId);
    expect((await call<{ isCc: boolean }>('hr01', 'instance/getIsCc', { processInstanceId: b.data.processInstanceId })).data.isCc).toBe(false);
    const foreignTask = (await s.db.execute(
      sql`SELECT t.id FROM wf_tasks t JOIN wf_instances i ON i.id = t.instance_id WHERE i.process_key = 'EmployeeInfo_Process' LIMIT 1`,
    )) as unknown as { rows: Array<{ id: number }> };
    expect(foreignTask.rows[0]).toBeDefined();
    expect((await call('hr01', 'instance/dealAgency', { taskId: foreignTask.rows[0]?.id })).message).toBe('该任务不是人事异动的任务');
    expect((await call('hr01', 'instance/dealAgency', { taskId: 99999999 })).status).toBe(404);
  });

  it('the change log, my own changes, a hand-recorded change, the hours white list and HR counts', async () => {
    const page = await call<Page<ChangeLogRecord>>('hr01', 'employeeChange/getEmployeePage', { kind: '001', pageSize: 5 });
    expect(page.data.total).toBeGreaterThan(5);
    expect((await call('emp01', 'employeeChange/getEmployeePage', {})).status).toBe(403);
    const mine = await call<ChangeLogRecord[]>('emp01', 'employeeChange/getEmployeeByUser');
    expect(mine.data.every((r) => r.employeeId === emp.get('emp01')?.id)).toBe(true);
    expect((await call<ChangeLogRecord[]>('hr01', 'employeeChange/getChangeByUserCode', { userCode: 'emp01' })).data.length).toBe(mine.data.length);
    expect((await call<{ name: string }>('hr01', 'employeeChange/getEmployeeByUserCode', { userCode: 'emp01' })).data.name).toBe(emp.get('emp01')?.name);
    expect((await call('hr01', 'employeeChange/getEmployeeByUserCode', { userCode: 'nobody' })).status).toBe(404);
    const saved = await call<{ id: number }>('hr01', 'employeeChange/saveEmployeeChangeInfo', {
      employeeId: emp.get('user49')?.id,
      kind: '004',
      effectiveDate: day(-1),
      remark: '历史调薪补录',
    });
    expect(saved.code).toBe('200');
    expect(
      (await call('hr01', 'employeeChange/saveEmployeeChangeInfo', { employeeId: emp.get('user49')?.id, kind: '009', effectiveDate: day(-1), remark: 'x' }))
        .status,
    ).toBe(400);
    const white = await call<{ saved: number }>('hr01', 'employeeChange/saveHourWhite', {
      employeeIds: [emp.get('user49')?.id, emp.get('user50')?.id],
      startDate: day(0),
      reason: '驻场',
    });
    expect(white.data.saved).toBe(2);
    expect(
      (await call('hr01', 'employeeChange/saveHourWhite', { employeeIds: [emp.get('user49')?.id], startDate: day(0), endDate: day(-1), reason: 'x' })).status,
    ).toBe(400);
    expect(
      (
        await call<{ saved: number }>('hr01', 'employeeChange/saveHourWhite', {
          employeeIds: [emp.get('user49')?.id],
          startDate: day(0),
          reason: '结束',
          remove: true,
        })
      ).data.saved,
    ).toBe(1);
    expect((await blob('hr01', 'employeeChange/exportEmpData', { kind: '003' })).status).toBe(200);
    const agency = await call<Record<string, number>>('hr01', 'employee/getHrmAgency');
    expect(agency.data.offers).toBeGreaterThan(0);
    expect(agency.data.contractsEnding).toBeGreaterThan(0);
    expect((await call('emp01', 'employee/getHrmAgency')).status).toBe(403);
    for (const p of ['employee/getQuitPage', 'employee/getDeparturePage', 'employee/getTransferPage', 'employee/getAdjustmentPage']) {
      const r = await call<Page<unknown>>('hr01', p, { pageSize: 5 });
      expect([p, r.code, r.data.total > 0]).toEqual([p, '200', true]);
    }
    for (const p of ['employee/exportQuitData', 'employee/getQuitExport']) expect((await blob('hr01', p)).status).toBe(200);
  });

  it('the upgrade deploys the lifecycle processes to a database that never had them, and leaves deployed ones alone', async () => {
    // (the last test: instances of the demo keep pointing at the removed version)
    await s.db.delete(wfDefinitions).where(eq(wfDefinitions.key, 'Renewal_Process'));
    const transfers = await s.db.select().from(wfDefinitions).where(eq(wfDefinitions.key, 'Transfer_Process'));
    await upgradeExisting(s.db);
    const renewal = await s.db.select().from(wfDefinitions).where(eq(wfDefinitions.key, 'Renewal_Process'));
    expect(renewal).toHaveLength(1);
    expect(await s.db.select().from(wfDefinitions).where(eq(wfDefinitions.key, 'Transfer_Process'))).toHaveLength(transfers.length);
  });
});
