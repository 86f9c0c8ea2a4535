import type { MoveRecord, Page, QuitRecord, TaskListItem } from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { employeeEvents, employees, orgUnits, users } from '../../../db/schema';
import { registerHoldingsProvider } from '../departure-holdings';
import { applyDueChanges, businessToday, setBusinessDay } from './documents';
import { employeeQuits, employeeTransfers } from './lifecycle.schema';

let s: TestServer;
const tokens: Record<string, string> = {};
const H = '/hr_api/hrm/api/';
const call = <T = unknown>(who: string | null, path: string, body: unknown = {}) => s.post<T>(H + path, body, who ? tokens[who] : null);
const emp = new Map<string, typeof employees.$inferSelect>();
const org = new Map<string, number>();

async function todo(who: string, processKey: string) {
  return (await s.post<Page<TaskListItem>>('/bpm_api/bpm/camunda/getUserTaskSort', { processKey, pageSize: 100 }, tokens[who])).data.records;
}
async function taskOf(who: string, processKey: string, instanceId: number) {
  const t = (await todo(who, processKey)).find((r) => r.processInstanceId === instanceId);
  if (!t) throw new Error(`${who} has no task of ${instanceId}`);
  return t.taskId as number;
}
async function reload(code: string) {
  const [row] = await s.db
    .select()
    .from(employees)
    .where(eq(employees.id, emp.get(code)?.id as number));
  return row as typeof employees.$inferSelect;
}
const day = (offset: number) => {
  const d = new Date(`${businessToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** The demo people hold approvals and processes; these flows are tested as if nothing were held (the holdings refusal has its own test, the registry its own in handover). */
const nothingHeld = async () => [];

beforeAll(async () => {
  s = await startTestServer();
  registerHoldingsProvider(nothingHeld);
  for (const u of ['admin', 'emp01', 'emp02', 'mgr01', 'hr01', 'hrd01', 'fin01', 'user01', 'user05', 'user30', 'user47', 'user48'])
    tokens[u] = await s.login(u);
  const rows = await s.db.select({ e: employees, code: users.userCode }).from(employees).innerJoin(users, eq(users.id, employees.userId));
  for (const r of rows) emp.set(r.code, r.e);
  for (const o of await s.db.select({ id: orgUnits.id, code: orgUnits.code }).from(orgUnits)) org.set(o.code, o.id);
});
afterAll(() => registerHoldingsProvider(null));
afterAll(() => s.close());

describe('transfer (调动) and adjustment (调岗调薪)', () => {
  it('refuses bad requests and writes nothing', async () => {
    const before = (await s.db.select({ n: sql<number>`count(*)::int` }).from(employeeTransfers))[0]?.n;
    const base = { employeeId: emp.get('emp01')?.id, effectiveDate: day(0), reason: '业务调整' };
    const same = await call('hr01', 'instance/startTransferInstance', { ...base, toOrgId: emp.get('emp01')?.orgId });
    expect([same.status, same.message]).toEqual([400, '调入部门不能与当前部门相同']);
    const client = await call('hr01', 'instance/startTransferInstance', { ...base, toOrgId: org.get('D003'), toClientCompanyId: org.get('D003') });
    expect(client.message).toBe('所选客户单位不存在');
    const nothing = await call('hr01', 'instance/startTransferInstance', { ...base, changeType: '004' });
    expect(nothing.message).toBe('调岗调薪至少需要调整岗位、职级或薪资中的一项');
    const missing = await call('hr01', 'instance/startTransferInstance', { ...base, toOrgId: 999999 });
    expect(missing.message).toBe('调入部门不存在');
    const badBody = await call('hr01', 'instance/startTransferInstance', { employeeId: 'x', toOrgId: [], effectiveDate: '2026-02-30' });
    expect(badBody.status).toBe(400);
    expect((await call('emp01', 'instance/startTransferInstance', { ...base, toOrgId: org.get('D003') })).status).toBe(403);
    expect((await call('mgr01', 'instance/startTransferInstance', { ...base, toOrgId: org.get('D003') })).status).toBe(403);
    expect((await call('hr01', 'instance/startTransferInstance', { ...base, employeeId: 999999, toOrgId: org.get('D003') })).status).toBe(404);
    expect((await s.db.select({ n: sql<number>`count(*)::int` }).from(employeeTransfers))[0]?.n).toBe(before);
  });

  it('runs old manager → new manager → HR, with send back and resubmit; the pass moves the employee and writes the change history', async () => {
    const started = await call<{ id: number; documentNo: string; processInstanceId: number }>('hr01', 'instance/startTransferInstance', {
      employeeId: emp.get('emp01')?.id,
      toOrgId: org.get('D003'),
      toPositionName: '会计',
      effectiveDate: day(0),
      reason: '业务调整',
    });
    expect(started.code).toBe('200');
    expect(started.data.documentNo).toMatch(/^DD\d{8}\d{4}$/);
    const { processInstanceId: inst, id } = started.data;
    const twice = await call('hr01', 'instance/startTransferInstance', {
      employeeId: emp.get('emp01')?.id,
      toOrgId: org.get('D005'),
      effectiveDate: day(0),
      reason: 'x',
    });
    expect([twice.status, twice.message]).toEqual([409, '该员工已有进行中的调动/调岗调薪申请']);

    // old manager passes; the new manager sends it back to HR (the applicant)
    await call('mgr01', 'instance/dealAgency', { taskId: await taskOf('mgr01', 'Transfer_Process', inst), message: '同意' });
    const back = await call('fin01', 'instance/rollback', { taskId: await taskOf('fin01', 'Transfer_Process', inst), message: '生效日期请再确认' });
    expect(back.code).toBe('200');
    const info = await call<{ record: MoveRecord; flow: { taskKind: string; taskId: number } }>('hr01', 'business/getTransferInstanceInfo', { id });
    expect(info.data.record.state).toBe('returned');
    expect(info.data.flow.taskKind).toBe('resubmit');
    expect((await call('hr01', 'instance/againSubmit', { taskId: info.data.flow.taskId, form: { effectiveDate: 'bad' } })).status).toBe(400);
    const again = await call('hr01', 'instance/againSubmit', { taskId: info.data.flow.taskId, message: '已确认', form: { reason: '业务调整（已确认）' } });
    expect(again.code).toBe('200');

    await call('mgr01', 'instance/dealAgency', { taskId: await taskOf('mgr01', 'Transfer_Process', inst) });
    await call('fin01', 'instance/dealAgency', { taskId: await taskOf('fin01', 'Transfer_Process', inst) });
    // HR's step: hr01 applied, so it is not hr01's (segregation of duties) but their superior's; nobody off the flow passes it
    const hrTask = await taskOf('hrd01', 'Transfer_Process', inst);
    expect((await todo('hr01', 'Transfer_Process')).map((r) => r.processInstanceId)).not.toContain(inst);
    expect((await call('user01', 'instance/dealAgency', { taskId: hrTask })).status).toBeGreaterThanOrEqual(400);
    const own = await call('hr01', 'instance/dealAgency', { taskId: hrTask });
    expect([own.status, own.message]).toEqual([403, '不能审批本人提交的单据']);
    expect((await call('hrd01', 'instance/dealAgency', { taskId: hrTask })).code).toBe('200');
    expect((await call('hrd01', 'instance/dealAgency', { taskId: hrTask })).status).toBe(409);

    const after = await reload('emp01');
    expect(after.orgId).toBe(org.get('D003'));
    expect(after.positionName).toBe('会计');
    const events = await s.db
      .select()
      .from(employeeEvents)
      .where(and(eq(employeeEvents.employeeId, after.id), eq(employeeEvents.kind, '003')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromOrgId: org.get('T004'), toOrgId: org.get('D003'), documentNo: started.data.documentNo });
    const done = await call<{ record: MoveRecord }>('emp01', 'business/getTransferInstanceInfo', { processInstanceId: inst });
    expect(done.data.record).toMatchObject({ state: 'passed', status: '001', toOrgName: '财务部', reason: '业务调整（已确认）' });
    expect(done.data.record.appliedAt).not.toBeNull();
    // someone unrelated does not see it
    expect((await call('user05', 'business/getTransferInstanceInfo', { id })).status).toBe(404);
    const page = await call<Page<MoveRecord>>('hr01', 'employee/getTransferPage', { keyword: after.name });
    expect(page.data.records.map((r) => r.id)).toContain(id);
  });

  it('an adjustment dated later leaves the employee 调动中 until the clock applies it, exactly once', async () => {
    const started = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startTransferInstance', {
      employeeId: emp.get('user47')?.id,
      changeType: '004',
      toSalary: 23456.78,
      toPositionName: '高级顾问',
      effectiveDate: day(10),
      reason: '年度调薪',
    });
    expect(started.code).toBe('200');
    const inst = started.data.processInstanceId;
    for (const who of ['hr01']) {
      // walk the flow with whoever holds the pending task
      for (let i = 0; i < 3; i++) {
        const [task] = await s.db
          .execute<{ id: number; assignee: number | null; cands: number[] | null }>(
            sql`SELECT id, assignee_user_id AS assignee, candidate_user_ids AS cands FROM wf_tasks WHERE instance_id = ${inst} AND status = 'pending' AND kind = 'approve' LIMIT 1`,
          )
          .then((r) => (r as unknown as { rows: Array<{ id: number; assignee: number | null; cands: number[] | null }> }).rows);
        if (!task) break;
        const userId = task.assignee ?? task.cands?.[0];
        const [u] = await s.db
          .select({ code: users.userCode })
          .from(users)
          .where(eq(users.id, userId as number));
        const token = tokens[u?.code as string] ?? (await s.login(u?.code as string));
        expect((await s.post(`${H}instance/dealAgency`, { taskId: task.id }, token)).code).toBe('200');
      }
      expect(who).toBe('hr01');
    }
    expect((await reload('user47')).employState).toBe('003');
    expect((await reload('user47')).positionName).not.toBe('高级顾问');
    const later = day(10);
    const restore = setBusinessDay(() => later);
    try {
      const [first, second] = await Promise.all([applyDueChanges(s.db), applyDueChanges(s.db)]);
      expect((first?.transfers ?? 0) + (second?.transfers ?? 0)).toBeGreaterThanOrEqual(1);
    } finally {
      setBusinessDay(restore);
    }
    const after = await reload('user47');
    expect(after.positionName).toBe('高级顾问');
    expect(after.salaryCents).toBe(2345678);
    expect(after.employState).not.toBe('003');
    const events = await s.db
      .select()
      .from(employeeEvents)
      .where(and(eq(employeeEvents.employeeId, after.id), eq(employeeEvents.kind, '004'), eq(employeeEvents.toPosition, '高级顾问')));
    expect(events).toHaveLength(1);
    const adj = await call<Page<MoveRecord>>('hr01', 'employee/getAdjustmentPage', { keyword: after.employeeCode });
    expect(adj.data.records[0]).toMatchObject({ changeType: '004', toSalary: 23456.78 });
    // pay is not shown to readers without the sensitive permission
    const asMgr = await call<Page<MoveRecord>>('admin', 'employee/getAdjustmentPage', { keyword: after.employeeCode });
    expect(asMgr.data.records[0]?.toSalary).toBe(23456.78);
  });

  it('exports the filtered transfers and gives the batch template; the import checks every row and writes all or nothing', async () => {
    const res = await fetch(`${s.url}${H}employee/getTransferExport`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.hr01}` },
      body: JSON.stringify({ changeType: '003' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const tpl = await fetch(`${s.url}${H}employee/downloadTemplate`, { headers: { authorization: `Bearer ${tokens.hr01}` } });
    expect(tpl.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('批量调动');
    sheet.addRow(['*工号', '*调入部门编码', '新岗位', '新职级编码', '*生效日期', '*调动原因']);
    sheet.addRow([emp.get('user48')?.employeeCode, 'D005', '交付专员', 'P3', day(0), '项目需要']);
    sheet.addRow([emp.get('user48')?.employeeCode, 'D005', '', '', day(0), '重复']);
    sheet.addRow(['E99999', 'D005', '', '', day(0), '不存在']);
    sheet.addRow([emp.get('emp02')?.employeeCode, 'NOPE', '', 'P99', day(0), '部门不存在']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const upload = async (confirm: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([buffer]), 'transfers.xlsx');
      form.append('confirm', String(confirm));
      const r = await fetch(`${s.url}${H}employee/importReceiveList`, { method: 'POST', headers: { authorization: `Bearer ${tokens.hr01}` }, body: form });
      return (await r.json()) as { code: string; data: { total: number; valid: number; written: number; errors: Array<{ row: number; message: string }> } };
    };
    const check = await upload(false);
    expect(check.code).toBe('200');
    if (check.data.valid !== 1) console.log(JSON.stringify(check.data.errors));
    expect(check.data).toMatchObject({ total: 4, valid: 1, written: 0 });
    const messages = check.data.errors.map((e) => e.message).join('|');
    expect(messages).toContain('工号重复');
    expect(messages).toContain('员工不存在：E99999');
    expect(messages).toContain('部门不存在：NOPE');
    expect(messages).toContain('职级不存在：P99');
    const written = await upload(true);
    expect(written.data.written).toBe(1);
    const [row] = await s.db
      .select()
      .from(employeeTransfers)
      .where(eq(employeeTransfers.employeeId, emp.get('user48')?.id as number));
    expect(row).toMatchObject({ state: 'approving', toPositionName: '交付专员' });
  });
});

describe('resignation (离职申请) and departure (离职办理)', () => {
  it('refuses a last working day before the entry date, and nothing is written', async () => {
    const e = await reload('emp02');
    const before = (await s.db.select({ n: sql<number>`count(*)::int` }).from(employeeQuits))[0]?.n;
    const res = await call('emp02', 'instance/startQuitApplyInstance', { quitType: '001', reason: '个人发展', lastWorkDate: '2000-01-01' });
    expect([res.status, res.message]).toEqual([400, '最后工作日不能早于入职日期']);
    const check = await call<{ ok: boolean; messages: string[] }>('emp02', 'quit/check', { lastWorkDate: '2000-01-01' });
    expect(check.data).toMatchObject({ ok: false, messages: ['最后工作日不能早于入职日期'] });
    expect((await call('emp02', 'instance/startQuitApplyInstance', { quitType: '009', reason: '', lastWorkDate: 'x' })).status).toBe(400);
    expect((await s.db.select({ n: sql<number>`count(*)::int` }).from(employeeQuits))[0]?.n).toBe(before);
    expect(e.entryDate).not.toBeNull();
  });

  it('lets a leaver who still holds work apply: the holdings are a notice, not a stop (issue 39)', async () => {
    const leaver = emp.get('user30') as typeof employees.$inferSelect;
    // user30 still leads a project and two bills (the registry's answer is replaced in this file).
    registerHoldingsProvider(async (_db, userId) =>
      userId === leaver.userId
        ? [
            { kind: 'project', label: '负责的项目', count: 1 },
            { kind: 'bill', label: '负责的结算单', count: 2 },
          ]
        : [],
    );
    try {
      const check = await call<{ ok: boolean; messages: string[]; notice: string | null }>('user30', 'quit/check', { lastWorkDate: day(20) });
      expect(check.data).toEqual({
        ok: true,
        messages: [],
        holdings: expect.any(Array),
        notice:
          '尚有未交接的事项：负责的项目1项、负责的结算单2项。可以先提交离职申请，审批期间由部门负责人或人力资源指定接手人完成交接，交接完成后才能确认离职',
      });
      const held = await call<{ userId: number; total: number }>('hr01', 'quit/checkQuitScaler', { employeeId: leaver.id });
      expect(held.data).toMatchObject({ userId: leaver.userId, total: 3 });
      const started = await call<{ documentNo: string }>('user30', 'instance/startQuitApplyInstance', {
        quitType: '001',
        reason: '个人发展',
        lastWorkDate: day(20),
      });
      expect(started.code, started.message).toBe('200');
      expect(started.data.documentNo).toMatch(/^LZ/);
      // Still refused, as before: a second open request.
      const again = await call<{ ok: boolean; messages: string[] }>('user30', 'quit/check', { lastWorkDate: day(20) });
      expect(again.data.ok).toBe(false);
    } finally {
      registerHoldingsProvider(nothingHeld);
    }
  });

  it('runs manager → HR → hand-over with send back and resubmit; resigning until the last day, then resigned and signed out', async () => {
    const started = await call<{ id: number; documentNo: string; processInstanceId: number }>('emp02', 'instance/startQuitApplyInstance', {
      quitType: '001',
      reason: '个人发展',
      lastWorkDate: day(5),
      handoverUserCode: 'user01',
      handoverNote: '客户资料已整理',
    });
    expect(started.code).toBe('200');
    expect(started.data.documentNo).toMatch(/^LZ/);
    const inst = started.data.processInstanceId;
    expect((await call('emp02', 'instance/startQuitApplyInstance', { quitType: '001', reason: '再次', lastWorkDate: day(6) })).status).toBe(409);
    const self = await call<{ current: QuitRecord; flow: { status: string } }>('emp02', 'business/getQuitSelfInfo');
    expect(self.data.current).toMatchObject({ id: started.data.id, state: 'approving', handoverUserName: expect.any(String) });

    const mgr = await s.db.execute(sql`SELECT 1`);
    expect(mgr).toBeTruthy();
    // manager of 项目一组 (T101) → whoever leads up the tree; walk with the pending task's holder
    const holder = async () => {
      const r = (await s.db.execute(
        sql`SELECT t.id, coalesce(t.assignee_user_id, t.candidate_user_ids[1]) AS uid, t.kind FROM wf_tasks t WHERE t.instance_id = ${inst} AND t.status = 'pending' AND t.kind IN ('approve','resubmit') LIMIT 1`,
      )) as unknown as { rows: Array<{ id: number; uid: number; kind: string }> };
      const t = r.rows[0];
      if (!t) return null;
      const [u] = await s.db.select({ code: users.userCode }).from(users).where(eq(users.id, t.uid));
      return { taskId: t.id, kind: t.kind, token: tokens[u?.code as string] ?? (await s.login(u?.code as string)) };
    };
    let h = await holder();
    expect((await s.post(`${H}instance/dealAgency`, { taskId: h?.taskId }, h?.token)).code).toBe('200');
    h = await holder();
    // HR sends it back to the employee, who moves the last day and resubmits
    expect((await s.post(`${H}instance/rollback`, { taskId: h?.taskId, message: '请与部门确认最后工作日' }, h?.token)).code).toBe('200');
    h = await holder();
    expect(h?.kind).toBe('resubmit');
    expect((await call('emp02', 'instance/againSubmit', { taskId: h?.taskId, form: { lastWorkDate: '2000-01-01' } })).message).toBe(
      '最后工作日不能早于入职日期',
    );
    expect((await call('emp02', 'instance/againSubmit', { taskId: h?.taskId, form: { lastWorkDate: day(3) } })).code).toBe('200');
    for (let i = 0; i < 3; i++) {
      h = await holder();
      if (!h) break;
      expect((await s.post(`${H}instance/dealAgency`, { taskId: h.taskId }, h.token)).code).toBe('200');
    }
    const resigning = await reload('emp02');
    expect(resigning).toMatchObject({ employState: '004', status: '004', leaveDate: day(3) });
    const later = day(4);
    const restore = setBusinessDay(() => later);
    try {
      await applyDueChanges(s.db);
      await applyDueChanges(s.db);
    } finally {
      setBusinessDay(restore);
    }
    const left = await reload('emp02');
    expect(left).toMatchObject({ employState: '005', status: '005', leaveDate: day(3) });
    const [account] = await s.db
      .select({ enabled: users.enabled })
      .from(users)
      .where(eq(users.id, left.userId as number));
    expect(account?.enabled).toBe(false);
    const departures = await s.db
      .select()
      .from(employeeEvents)
      .where(and(eq(employeeEvents.employeeId, left.id), eq(employeeEvents.kind, '005')));
    expect(departures).toHaveLength(1);
    const page = await call<Page<{ id: number; employState: string; documentNo: string }>>('hr01', 'employee/getDeparturePage', { keyword: left.employeeCode });
    expect(page.data.records[0]).toMatchObject({ id: left.id, employState: '005', documentNo: started.data.documentNo });
    const quits = await call<Page<QuitRecord>>('hr01', 'employee/getQuitPage', { keyword: left.employeeCode });
    expect(quits.data.records[0]).toMatchObject({ state: 'passed', quitKind: 'apply', lastWorkDate: day(3) });
  });

  it('HR starts a dismissal; the hand-over step refuses while the leaver still holds something', async () => {
    const target = emp.get('user05') as typeof employees.$inferSelect;
    expect((await call('emp01', 'instance/startQuitInstance', { employeeId: target.id, quitType: '003', reason: 'x', lastWorkDate: day(1) })).status).toBe(403);
    const started = await call<{ id: number; processInstanceId: number }>('hr01', 'instance/startQuitInstance', {
      employeeId: target.id,
      quitType: '003',
      reason: '严重违反公司规章制度',
      lastWorkDate: day(-1),
    });
    expect(started.code).toBe('200');
    const inst = started.data.processInstanceId;
    const held = { on: true };
    registerHoldingsProvider(async (_db, userId) => (held.on && userId === target.userId ? [{ kind: 'task', label: '待办任务', count: 2 }] : []));
    try {
      const scaler = await call<{ total: number }>('hr01', 'quit/checkQuitScaler', { employeeId: target.id });
      expect(scaler.data.total).toBe(2);
      const step = async () => {
        const r = (await s.db.execute(
          sql`SELECT t.id, coalesce(t.assignee_user_id, t.candidate_user_ids[1]) AS uid FROM wf_tasks t WHERE t.instance_id = ${inst} AND t.status = 'pending' AND t.kind = 'approve' LIMIT 1`,
        )) as unknown as { rows: Array<{ id: number; uid: number }> };
        const t = r.rows[0];
        if (!t) return null;
        const [u] = await s.db.select({ code: users.userCode }).from(users).where(eq(users.id, t.uid));
        return s.post(`${H}instance/dealAgency`, { taskId: t.id }, tokens[u?.code as string] ?? (await s.login(u?.code as string)));
      };
      expect((await step())?.code).toBe('200');
      expect((await step())?.code).toBe('200');
      const refused = await step();
      expect(refused?.message).toBe('该员工仍有未交接的事项：待办任务2项');
      expect((await reload('user05')).employState).not.toBe('004');
      held.on = false;
      expect((await step())?.code).toBe('200');
    } finally {
      registerHoldingsProvider(nothingHeld);
    }
    // the last working day is already over: left at once
    expect(await reload('user05')).toMatchObject({ employState: '005', status: '005' });
  });
});
