import {
  type CompensationData,
  type CompensationRecord,
  type DocumentSaved,
  EMPLOY_STATE,
  type Page,
  type PerformanceRecord,
  type TripleAgreementDetail,
  type TripleAgreementRecord,
} from '@erp/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { employees, personalDataReads, users, wfTasks } from '../../db/schema';
import { BusinessCalendar } from '../../platform/business-time';

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const H = '/hr_api/hrm/';
const call = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(H + path, body, await token(who));
const today = new BusinessCalendar().day();

/** The user code holding the open approval task of an instance, and the task. */
async function holder(instanceId: number): Promise<{ code: string; taskId: number; nodeId: string }> {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])));
  if (!t) throw new Error(`no open task on ${instanceId}`);
  const uid = t.assigneeUserId ?? (t.candidateUserIds[0] as number);
  const [u] = await s.db.select({ code: users.userCode }).from(users).where(eq(users.id, uid));
  return { code: u?.code as string, taskId: t.id, nodeId: t.nodeId };
}

let intern: { id: number; code: string; name: string };
let intern2: { id: number; code: string };
let emp01: typeof employees.$inferSelect;
let mgr01Id = 0;

beforeAll(async () => {
  s = await startTestServer();
  const rows = await s.db
    .select({ id: employees.id, code: users.userCode, name: employees.name, cat: employees.personCategory })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.personCategory, '004'))
    .orderBy(employees.id);
  intern = rows[0] as typeof intern;
  intern2 = rows[1] as typeof intern2;
  const [e] = await s.db.select({ e: employees }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'emp01'));
  emp01 = e?.e as typeof emp01;
  const [m] = await s.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'mgr01'));
  mgr01Id = m?.id as number;
});
afterAll(() => s.close());

const tripleForm = (extra: Record<string, unknown> = {}) => ({
  employeeId: intern.id,
  agreementType: '001',
  agreementNo: 'BJ2026-000123',
  school: '北京理工大学',
  major: '计算机科学与技术',
  education: '003',
  graduationDate: '2027-07-01',
  signDate: '2026-10-15',
  breachFee: 3000.5,
  ...extra,
});

describe('三方协议 (tripleAgreementInfo)', () => {
  let id = 0;
  let instanceId = 0;

  it('refuses bad input with the field and rule, and people who may not write', async () => {
    const bad = async (body: unknown, text: string, status = 400) => {
      const r = await call('hr01', 'tripleAgreementInfo/add', body);
      expect(r.status, `${JSON.stringify(body)} → ${JSON.stringify(r)}`).toBe(status);
      expect(r.message).toContain(text);
    };
    await bad(tripleForm({ school: '  ' }), '请输入学校');
    await bad(tripleForm({ agreementType: '009' }), '请选择协议类型');
    await bad(tripleForm({ graduationDate: '2027-02-30' }), '日期');
    await bad(tripleForm({ breachFee: -1 }), '金额不能为负数');
    await bad(tripleForm({ breachFee: 'abc' }), 'breachFee');
    await bad(tripleForm({ employeeId: 'x' }), 'employeeId');
    await bad(tripleForm({ signDate: '2099-01-01' }), '签订日期不能晚于今天');
    await bad(tripleForm({ employeeId: mgr01Id }), '三方协议只适用于实习生');
    await bad(tripleForm({ employeeId: 999999 }), '', 404);
    expect((await call('emp01', 'tripleAgreementInfo/add', tripleForm())).status).toBe(403);
    expect((await call('emp01', 'tripleAgreementInfo/selectPage', {})).status).toBe(403);
    expect((await call('hr01', 'tripleAgreementInfo/selectPage', {})).code).toBe('200');
  });

  it('keeps a draft, refuses a second agreement of the person, then submits the draft', async () => {
    const draft = await call<DocumentSaved>('hr01', 'tripleAgreementInfo/add', tripleForm({ submit: false }));
    expect(draft.code, draft.message).toBe('200');
    expect(draft.data).toMatchObject({ state: 'draft', documentNo: '', processInstanceId: null });
    id = draft.data.id;
    const twice = await call('hr01', 'tripleAgreementInfo/add', tripleForm({ agreementNo: 'OTHER-1' }));
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('该员工已有三方协议（审批中或已通过），不能重复提交');
    const taken = await call('hr01', 'tripleAgreementInfo/add', tripleForm({ employeeId: intern2.id }));
    expect(taken.status).toBe(409);
    expect(taken.message).toBe('协议编号已被其他三方协议使用');
    const rep = await call('hr01', 'tripleAgreementInfo/userCodeRepeat', { userCode: intern.code });
    expect(rep.data, rep.message).toEqual({ repeat: true, documentNo: '' });
    expect((await call('hr01', 'tripleAgreementInfo/userCodeRepeat', { userCode: intern.code, id })).data).toEqual({ repeat: false, documentNo: null });
    expect((await call('hr01', 'tripleAgreementInfo/userCodeRepeat', { userCode: 'nobody-here' })).data).toEqual({ repeat: false, documentNo: null });
    const submitted = await call<DocumentSaved>('hr01', 'tripleAgreementInfo/update', { ...tripleForm({ school: '清华大学' }), id });
    expect(submitted.code, submitted.message).toBe('200');
    expect(submitted.data.state).toBe('approving');
    expect(submitted.data.documentNo).toMatch(new RegExp(`^SF${today.replaceAll('-', '')}\\d{4}$`));
    instanceId = submitted.data.processInstanceId as number;
    const again = await call('hr01', 'tripleAgreementInfo/update', { ...tripleForm(), id });
    expect(again.message).toBe('只有草稿或退回的单据可以修改');
  });

  it('runs pass, send back to the applicant, correct and resubmit, pass to the end', async () => {
    const first = await holder(instanceId);
    // The approver reads it through the process centre.
    const byBpm = await call<TripleAgreementDetail>(first.code, 'tripleAgreementInfo/selectByBpmId', { processInstanceId: instanceId });
    expect(byBpm.code, byBpm.message).toBe('200');
    expect(byBpm.data).toMatchObject({ id, school: '清华大学', breachFee: 3000.5, status: '006', employeeName: intern.name });
    // Not the holder: refused, nothing moves.
    const stranger = first.code === 'user01' ? 'user02' : 'user01';
    expect((await call(stranger, 'tripleAgreementInfo/approvalPass', { taskId: first.taskId })).status).toBe(403);
    expect((await call(stranger, 'tripleAgreementInfo/select', { id })).status).toBe(404);
    expect((await call(first.code, 'tripleAgreementInfo/approvalFail', { taskId: first.taskId, message: ' ' })).message).toContain('请输入签字意见');
    const pass = await call(first.code, 'tripleAgreementInfo/approvalPass', { taskId: first.taskId, message: '同意' });
    expect(pass.code, pass.message).toBe('200');
    expect((await call(first.code, 'tripleAgreementInfo/approvalPass', { taskId: first.taskId })).status).toBe(409);
    const second = await holder(instanceId);
    const back = await call(second.code, 'tripleAgreementInfo/rollback', { taskId: second.taskId, sort: 0, message: '协议编号有误' });
    expect(back.code, back.message).toBe('200');
    expect((await call<TripleAgreementDetail>('hr01', 'tripleAgreementInfo/select', { id })).data.state).toBe('returned');
    const fixed = await call<DocumentSaved>('hr01', 'tripleAgreementInfo/update', { ...tripleForm({ agreementNo: 'BJ2026-000124' }), id });
    expect(fixed.code, fixed.message).toBe('200');
    expect(fixed.data).toMatchObject({ state: 'approving', processInstanceId: instanceId });
    for (let i = 0; i < 2; i++) {
      const h = await holder(instanceId);
      const r = await call(h.code, 'tripleAgreementInfo/approvalPass', { taskId: h.taskId });
      expect(r.code, r.message).toBe('200');
    }
    const done = await call<TripleAgreementDetail>('hr01', 'tripleAgreementInfo/select', { id });
    expect(done.data).toMatchObject({ state: 'passed', status: '001', agreementNo: 'BJ2026-000124', registerState: '001' });
  });

  it('registers the paper of passed agreements only, one by one or as a list', async () => {
    const logs = await call<Array<{ registerState: string; userName: string }>>('hr01', 'tripleAgreementInfo/registerLog', {
      id,
      registerState: '002',
      note: '已收到原件',
    });
    expect(logs.code, logs.message).toBe('200');
    expect(logs.data).toHaveLength(1);
    expect((await call('hr01', 'tripleAgreementInfo/registerLog', { id, registerState: '009' })).message).toContain('请选择登记状态');
    const other = await call<DocumentSaved>(
      'hr01',
      'tripleAgreementInfo/add',
      tripleForm({ employeeId: intern2.id, agreementNo: 'SH-1', agreementType: '002' }),
    );
    expect(other.code, other.message).toBe('200');
    expect((await call('hr01', 'tripleAgreementInfo/registerLog', { id: other.data.id, registerState: '002' })).message).toBe('只能登记已通过的三方协议');
    expect((await call('hr01', 'tripleAgreementInfo/updateList', { ids: [id, other.data.id], registerState: '004' })).message).toBe('只能登记已通过的三方协议');
    expect((await call('hr01', 'tripleAgreementInfo/updateList', { ids: [id] })).message).toContain('请填写要修改的内容');
    const list = await call('hr01', 'tripleAgreementInfo/updateList', { ids: [id], registerState: '004', archiveLocation: 'A柜-3层' });
    expect(list.data).toEqual({ updated: 1 });
    const d = (await call<TripleAgreementDetail>('hr01', 'tripleAgreementInfo/select', { id })).data;
    expect(d).toMatchObject({ registerState: '004', archiveLocation: 'A柜-3层' });
    expect(d.logs.map((l) => l.registerState)).toEqual(['002', '004']);
    // The list and its filters; the export of the same rows.
    const page = (await call<Page<TripleAgreementRecord>>('hr01', 'tripleAgreementInfo/selectPage', { registerState: '004', pageSize: 100 })).data;
    expect(page.records.map((r) => r.id)).toContain(id);
    expect(page.records.every((r) => r.registerState === '004')).toBe(true);
    const byName = (await call<Page<TripleAgreementRecord>>('hr01', 'tripleAgreementInfo/selectPage', { employeeName: intern.name })).data;
    expect(byName.records.some((r) => r.id === id)).toBe(true);
    const xlsx = await s.raw(`${H}tripleAgreementInfo/downloadList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token('hr01')}` },
      body: JSON.stringify({}),
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('补偿优化 (compensateInfo)', () => {
  it('computes N from the service and refuses a leave date before entry', async () => {
    const entry = emp01.entryDate as string;
    const data = await call<CompensationData>('hr01', 'compensateInfo/getData', { employeeId: emp01.id, leaveDate: today });
    expect(data.code, data.message).toBe('200');
    expect(data.data.entryDate).toBe(entry);
    expect(data.data.months).toBeGreaterThanOrEqual(0);
    const before = await call('hr01', 'compensateInfo/getData', { employeeId: emp01.id, leaveDate: '2000-01-01' });
    expect(before.message).toBe('离职日期不能早于入职日期');
    expect((await call('emp01', 'compensateInfo/getData', { employeeId: emp01.id, leaveDate: today })).status).toBe(403);
    // The monthly base answered is pay: HR's read is recorded (issue 34 §5) when it was shown.
    const reads = await s.db
      .select()
      .from(personalDataReads)
      .where(eq(personalDataReads.call, `${H}compensateInfo/getData`));
    expect(reads.map((r) => [r.subjectEmployeeId, r.fields])).toEqual(data.data.monthlyBase === null ? [] : [[emp01.id, '薪资']]);
    const page = await call<{ records: unknown[] }>('hr01', 'compensateInfo/selectPage', { pageIndex: 1, pageSize: 10 });
    expect(page.code, page.message).toBe('200');
  });

  it('runs a compensation through three approvals; a second open one is refused; a rejection ends it', async () => {
    const form = { employeeId: emp01.id, reason: '001', leaveDate: today, monthlyBase: 12000, noticePay: '001', extra: 500.25 };
    expect((await call('hr01', 'compensateInfo/add', { ...form, monthlyBase: 1.234 })).message).toContain('金额最多两位小数');
    expect((await call('hr01', 'compensateInfo/add', { ...form, noticePay: 'yes' })).message).toContain('请选择是或否');
    const added = await call<DocumentSaved>('hr01', 'compensateInfo/add', form);
    expect(added.code, added.message).toBe('200');
    expect(added.data.documentNo).toMatch(/^BC\d{12}$/);
    expect((await call('hr01', 'compensateInfo/add', form)).message).toBe('该员工已有进行中的补偿申请');
    const instanceId = added.data.processInstanceId as number;
    const rec = (await call<CompensationRecord>('hr01', 'compensateInfo/select', { id: added.data.id })).data;
    expect(rec.total).toBeCloseTo(12000 * rec.months + 12000 + 500.25, 2);
    const nodes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const h = await holder(instanceId);
      nodes.push(h.nodeId);
      const byBpm = await call<CompensationRecord>(h.code, 'compensateInfo/selectByBpmId', { processInstanceId: instanceId });
      expect(byBpm.data.id).toBe(added.data.id);
      if (i === 1) {
        // HR sends it back to the manager, who passes it again.
        const back = await call(h.code, 'compensateInfo/rollback', { taskId: h.taskId, sort: 1 });
        expect(back.code, back.message).toBe('200');
        const m = await holder(instanceId);
        expect(m.nodeId).toBe('deptManager');
        expect((await call(m.code, 'compensateInfo/approvalPass', { taskId: m.taskId })).code).toBe('200');
        const again = await holder(instanceId);
        expect((await call(again.code, 'compensateInfo/approvalPass', { taskId: again.taskId })).code).toBe('200');
        continue;
      }
      expect((await call(h.code, 'compensateInfo/approvalPass', { taskId: h.taskId })).code).toBe('200');
    }
    expect(nodes).toEqual(['deptManager', 'hrApprove', 'hrDirector']);
    expect((await call<CompensationRecord>('hr01', 'compensateInfo/select', { id: added.data.id })).data.state).toBe('passed');

    const [other] = await s.db
      .select()
      .from(employees)
      .where(and(eq(employees.personCategory, '002'), ne(employees.employState, EMPLOY_STATE.resigned)))
      .orderBy(employees.id)
      .limit(1);
    const second = await call<DocumentSaved>('hr01', 'compensateInfo/add', { ...form, employeeId: other?.id });
    expect(second.code, second.message).toBe('200');
    const h = await holder(second.data.processInstanceId as number);
    expect((await call(h.code, 'compensateInfo/approvalFail', { taskId: h.taskId, message: '补偿标准不符' })).code).toBe('200');
    const rejected = await call<CompensationRecord>('hr01', 'compensateInfo/select', { id: second.data.id });
    expect(rejected.data).toMatchObject({ state: 'rejected', status: '003' });
    const page = (await call<Page<CompensationRecord>>('hr01', 'compensateInfo/selectPage', { state: 'passed', pageSize: 100 })).data;
    expect(page.records.map((r) => r.id)).toContain(added.data.id);
    expect(page.records.map((r) => r.id)).not.toContain(second.data.id);
    expect((await call('mgr01', 'compensateInfo/selectPage', {})).status).toBe(403);

    // downloadList: the filtered list as xlsx; a bad filter or a reader without the export permission is refused.
    const download = async (who: string, body: unknown) => {
      const res = await fetch(`${s.url}${H}compensateInfo/downloadList`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(who)}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
    };
    const xlsx = await download('hr01', { state: 'passed' });
    expect([xlsx.status, xlsx.type]).toEqual([200, expect.stringContaining('spreadsheetml')]);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const cells = JSON.stringify(wb.worksheets[0]?.getSheetValues());
    const passed = (await call<CompensationRecord>('hr01', 'compensateInfo/select', { id: added.data.id })).data;
    expect(cells).toContain(passed.documentNo as string);
    expect(cells).not.toContain(rejected.data.documentNo as string);
    const bad = await download('hr01', { leaveDateFrom: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('json');
    expect((await download('mgr01', {})).status).toBe(403);
  });
});

describe('绩效考核 (hrPerformanceInfo)', () => {
  const month = new BusinessCalendar().month();
  const form = (extra: Record<string, unknown> = {}) => ({
    periodType: '001',
    period: month,
    items: [
      { name: '项目交付', weight: 60, target: '按期上线', selfScore: 90 },
      { name: '团队协作', weight: 40, target: '', selfScore: 80 },
    ],
    selfSummary: '本月完成了两个版本的交付',
    ...extra,
  });
  let id = 0;
  let instanceId = 0;

  it('refuses a bad self-evaluation', async () => {
    const bad = async (body: unknown, text: string) => {
      const r = await call('emp01', 'hrPerformanceInfo/add', body);
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad(form({ items: [{ name: 'a', weight: 50, selfScore: 90 }] }), '各考核项权重之和必须为100');
    await bad(form({ period: '2999-01' }), '考核期不能晚于当前月份');
    await bad(form({ period: '2026' }), '月度考核的考核期格式为 YYYY-MM');
    await bad(form({ period: '2026-13' }), '考核期格式');
    await bad(form({ items: [] }), '请至少填写一个考核项');
    await bad(form({ items: [{ name: 'a', weight: 100, selfScore: 101 }] }), '分数为0–100');
    await bad(form({ selfSummary: '' }), '请输入自评总结');
  });

  it('the judge scores, HR sends back to the judge, the judge scores again, HR passes', async () => {
    const added = await call<DocumentSaved>('emp01', 'hrPerformanceInfo/add', form());
    expect(added.code, added.message).toBe('200');
    id = added.data.id;
    instanceId = added.data.processInstanceId as number;
    expect((await call('emp01', 'hrPerformanceInfo/add', form())).message).toBe('该考核期已有绩效考核（审批中或已通过）');
    const j = await holder(instanceId);
    expect(j).toMatchObject({ code: 'mgr01', nodeId: 'judge' });
    expect((await call('mgr01', 'hrPerformanceInfo/pass', { taskId: j.taskId })).message).toBe('评分节点请使用评分审批');
    // The process centre's generic pass cannot skip the scores either (nothing passes, nothing written).
    const generic = await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: j.taskId }, await token('mgr01'));
    expect([generic.status, generic.message]).toEqual([400, '评分节点请使用评分审批']);
    expect((await holder(instanceId)).taskId).toBe(j.taskId);
    expect((await call('mgr01', 'hrPerformanceInfo/judgeApproval', { taskId: j.taskId, scores: [90], comment: '好' })).message).toBe('请为每个考核项评分');
    expect((await call('mgr01', 'hrPerformanceInfo/judgeApproval', { taskId: j.taskId, scores: [90, 70] })).message).toContain('comment');
    expect((await call('hr01', 'hrPerformanceInfo/judgeApproval', { taskId: j.taskId, scores: [90, 70], comment: '好' })).status).toBe(403);
    const judged = await call<{ judgeScore: number; grade: string }>('mgr01', 'hrPerformanceInfo/judgeApproval', {
      taskId: j.taskId,
      scores: [95, 70],
      comment: '交付及时',
    });
    expect(judged.code, judged.message).toBe('200');
    expect(judged.data).toEqual({ judgeScore: 85, grade: 'A' });
    expect((await call('mgr01', 'hrPerformanceInfo/judgeApproval', { taskId: j.taskId, scores: [95, 70], comment: '交付及时' })).status).toBe(409);
    const r = await holder(instanceId);
    expect(r.nodeId).toBe('hrReview');
    expect((await call(r.code, 'hrPerformanceInfo/judgeApproval', { taskId: r.taskId, scores: [1, 1], comment: 'x' })).message).toBe(
      '当前节点不是评分节点，请直接审批',
    );
    expect((await call(r.code, 'hrPerformanceInfo/rollback', { taskId: r.taskId, sort: 1, message: '请复核评分' })).code).toBe('200');
    const j2 = await holder(instanceId);
    expect(j2.nodeId).toBe('judge');
    // The send back asked for new scores: the earlier ones do not let a generic pass through.
    expect((await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: j2.taskId }, await token('mgr01'))).message).toBe('评分节点请使用评分审批');
    expect((await call('mgr01', 'hrPerformanceInfo/judgeApproval', { taskId: j2.taskId, scores: [95, 95], comment: '复核后' })).data).toEqual({
      judgeScore: 95,
      grade: 'S',
    });
    const r2 = await holder(instanceId);
    expect((await call(r2.code, 'hrPerformanceInfo/pass', { taskId: r2.taskId, message: '同意' })).code).toBe('200');
    const rec = (await call<PerformanceRecord>('emp01', 'hrPerformanceInfo/select', { id })).data;
    expect(rec).toMatchObject({ state: 'passed', selfScore: 86, judgeScore: 95, grade: 'S', judgeUserName: expect.any(String), judgeComment: '复核后' });
    expect(rec.items.map((i) => i.judgeScore)).toEqual([95, 95]);
  });

  it('lists my own without the permission and the department with it; rejection ends it; exports', async () => {
    const mine = (await call<Page<PerformanceRecord>>('emp01', 'hrPerformanceInfo/selectPage', {})).data;
    expect(mine.records.map((r) => r.id)).toContain(id);
    expect(mine.records.every((r) => r.userCode === 'emp01')).toBe(true);
    expect((await call('user01', 'hrPerformanceInfo/select', { id })).status).toBe(404);
    expect((await call<PerformanceRecord>('mgr01', 'hrPerformanceInfo/select', { processInstanceId: instanceId })).data.id).toBe(id);
    expect((await call('mgr01', 'hrPerformanceInfo/select', {})).message).toContain('id 或 processInstanceId');
    const year = await call<DocumentSaved>('emp01', 'hrPerformanceInfo/add', form({ periodType: '002', period: month.slice(0, 4) }));
    expect(year.code, year.message).toBe('200');
    const j = await holder(year.data.processInstanceId as number);
    expect((await call(j.code, 'hrPerformanceInfo/reject', { taskId: j.taskId, message: '年度考核尚未开始' })).code).toBe('200');
    expect((await call<PerformanceRecord>('emp01', 'hrPerformanceInfo/select', { id: year.data.id })).data.state).toBe('rejected');
    const hrList = (await call<Page<PerformanceRecord>>('hr01', 'hrPerformanceInfo/selectPage', { periodType: '001' })).data;
    expect(hrList.records.map((r) => r.id)).toContain(id);
    for (const [path, body] of [
      ['hrPerformanceInfo/export', {}],
      ['hrPerformanceInfo/exportMonth', { period: month }],
    ] as const) {
      const res = await s.raw(H + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await token('hr01')}` },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
    }
    expect((await call('hr01', 'hrPerformanceInfo/exportMonth', {})).message).toContain('period');
    expect((await call('hr01', 'hrPerformanceInfo/exportMonth', { period: '2026' })).message).toContain('请选择考核月份');
    expect((await call('emp01', 'hrPerformanceInfo/export', {})).status).toBe(403);
  });
});
