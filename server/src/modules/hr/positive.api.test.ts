import type { ApprovalStep, ConfirmationDetail, ConfirmationForm, Page, PersonCard, TaskListItem } from '@erp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { confirmations, employees, files, grades, users } from '../../db/schema';

let s: TestServer;
const tokens: Record<string, string> = {};
const H = '/hr_api/hrm/positive/';
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(H + path, body, tokens[who]);
const bpm = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(`/bpm_api/bpm/camunda/${path}`, body, tokens[who]);
const emp = new Map<string, typeof employees.$inferSelect>();
let p5 = 0;

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'emp01', 'emp02', 'mgr01', 'hr01', 'hrd01', 'user01']) tokens[u] = await s.login(u);
  const rows = await s.db.select({ e: employees, code: users.userCode }).from(employees).innerJoin(users, eq(users.id, employees.userId));
  for (const r of rows) emp.set(r.code, r.e);
  p5 = (await s.db.select().from(grades).where(eq(grades.code, 'P5')))[0]?.id as number;
});
afterAll(() => s.close());

const form = (code: string, extra: Partial<ConfirmationForm> = {}): ConfirmationForm => ({
  employeeId: emp.get(code)?.id as number,
  confirmType: '001',
  preConfirmateTime: '2026-12-01',
  confirmateTime: '2026-12-01',
  isReport: '002',
  isChangeGrade: '002',
  isChangeSalary: '002',
  assessModel: '001',
  opinion: '表现良好',
  ...extra,
});
async function todoOf(who: string, keyword: string) {
  return (await bpm<Page<TaskListItem>>(who, 'getUserTaskSort', { keyword, processKey: 'Positive_Process' })).data.records;
}
async function addFile(ownerCode: string, name: string) {
  const [row] = await s.db
    .insert(files)
    .values({
      groupId: 'g1',
      storageKey: `test/${name}-${Math.random()}`,
      fileName: name,
      fileSuffix: 'pdf',
      fileType: 'document',
      mimeType: 'application/pdf',
      size: 10,
      sha256: 'x'.repeat(64),
      ownerId: emp.get(ownerCode)?.userId as number,
      moduleName: 'hr',
    })
    .returning({ id: files.id });
  return row?.id as number;
}

describe('confirmation of employment (Positive_Process)', () => {
  it('lists only people on duty and on probation', async () => {
    const list = (await call<Page<{ userCode: string }>>('hr01', 'personList', { pageSize: 200 })).data;
    const codes = list.records.map((r) => r.userCode);
    expect(codes).toContain('emp01');
    expect(codes).toContain('emp02');
    expect(codes).not.toContain('mgr01');
    expect((await call<Page<{ userCode: string }>>('hr01', 'personList', { keyword: 'emp01' })).data.records.map((r) => r.userCode)).toEqual(['emp01']);
  });

  it('previews the flow before submission', async () => {
    const steps = (await call<ApprovalStep[]>('hr01', 'getFlow', { key: 'Positive_Process', employeeId: emp.get('emp01')?.id, isChangeGrade: '001' })).data;
    expect(steps.filter((x) => x.operateType !== 2).map((x) => [x.taskName, x.approvalUserCode])).toEqual([
      ['发起人', 'hr01'],
      ['部门经理审批', 'mgr01'],
      // hr01 applies, so the HR step is not theirs (segregation of duties): it goes to hr01's superior.
      ['人力资源审批', 'hrd01'],
      ['人力资源总监审批', 'hrd01'],
    ]);
    expect(steps.at(-1)).toMatchObject({ operateType: 2, approvalUserCode: 'mgr01' });
  });

  it('checks every form rule on the server and starts nothing on a bad form', async () => {
    const bad = async (f: ConfirmationForm, text: string) => {
      const res = await call('hr01', 'startProcess', { list: [f], userCode: 'hr01' });
      expect(res.status).toBe(400);
      expect(res.message).toContain(text);
    };
    await bad(form('emp01', { opinion: '' }), '请先正确填写表单：请输入转正意见');
    await bad(form('emp01', { isChangeGrade: '001' }), '请输入调整后职级');
    await bad(form('emp01', { isChangeSalary: '001' }), '请输入调整后薪资');
    await bad(form('emp01', { isReport: '001' }), '请上传转正评估表');
    await bad(form('emp01', { confirmType: '003' }), '请选择转正类型');
    await bad(form('emp01', { opinion: 'x'.repeat(1001) }), '1000');
    await bad(form('emp02', { opinion: '' }), '请输入优点');
    await bad(form('emp01', { isReport: '001', material: 999999, materials: [999998] }), '附件不存在');
    await bad({ ...form('emp01'), isReport: '' as '001' }, '请选择是否述职');
    const notProbation = await call('hr01', 'startProcess', { list: [form('mgr01')] });
    expect(notProbation.message).toBe('该员工不在试用期或不在职');
    expect((await call('user01', 'startProcess', { list: [form('emp01')] })).status).toBe(403);
    expect(await s.db.select().from(confirmations)).toHaveLength(0);
  });

  it('runs the whole flow: start by HR, manager passes, HR sends back, resubmit, passes to the end; the employee becomes regular', async () => {
    const material = await addFile('hr01', '评估表');
    const other = await addFile('hr01', '述职报告');
    const started = await call<Array<{ id: number; processInstanceId: number }>>('hr01', 'startProcess', {
      list: [form('emp01', { isChangeGrade: '001', newGrade: p5, isChangeSalary: '001', newSalary: 12345.67, isReport: '001', material, materials: [other] })],
      userCode: 'hr01',
    });
    expect(started.code).toBe('200');
    const { id, processInstanceId } = started.data[0] as { id: number; processInstanceId: number };
    const twice = await call('hr01', 'startProcess', { list: [form('emp01')] });
    expect(twice.status).toBe(409);

    // the department manager
    const [mgrTask] = await todoOf('mgr01', '转正申请');
    expect(mgrTask).toMatchObject({ processInstanceId, businessId: String(id), taskName: '部门经理审批' });
    const asMgr = (await call<ConfirmationDetail>('mgr01', 'getPositiveDetail', { instanceId: processInstanceId })).data;
    expect(asMgr).toMatchObject({
      editable: false,
      canRollback: true,
      record: { status: 'approving', isChangeGrade: '001', newGrade: p5, newSalary: 12345.67 },
    });
    expect(asMgr.record.materialFile?.fileName).toBe('评估表');
    expect(asMgr.record.materialFiles.map((f) => f.fileName)).toEqual(['述职报告']);
    // The approver may open the applicant's files; someone outside the flow may not.
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: material }, await s.login('mgr01'))).code).toBe('200');
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: other }, await s.login('user05'))).status).toBe(404);
    expect(asMgr.person).toMatchObject({ userCode: 'emp01', operatedCode: 'mgr01', bpmStatus: 'approving' });
    expect((await call<{ allowed: boolean }>('mgr01', 'canRollback', { instanceId: processInstanceId })).data.allowed).toBe(true);
    expect((await call<{ allowed: boolean }>('user01', 'canRollback', { instanceId: processInstanceId })).data.allowed).toBe(false);
    const finish = {
      finishTaskIndto: {
        key: 'Positive_Process',
        message: '同意转正',
        operatedCode: 'mgr01',
        taskId: asMgr.flow.taskId,
        userCode: 'mgr01',
        processId: processInstanceId,
      },
    };
    expect((await call('mgr01', 'finishTask', finish)).code).toBe('200');
    expect((await call('mgr01', 'finishTask', finish)).status).toBe(409);

    // HR sends it back to the applicant. hr01 applied, so the HR step went to hr01's superior, and hr01 may not decide it.
    expect(await todoOf('hr01', '转正申请')).toEqual([]);
    const [hrTask] = await todoOf('hrd01', '转正申请');
    expect(hrTask?.taskName).toBe('人力资源审批');
    const own = await call('hr01', 'rollback', { taskId: hrTask?.taskId, rejectOrNot: '001', sort: 0, message: '请补充意见' });
    expect([own.status, own.message]).toEqual([403, '不能审批本人提交的单据']);
    expect((await call('hrd01', 'rollback', { taskId: hrTask?.taskId, rejectOrNot: '001', sort: 0, message: '请补充意见' })).code).toBe('200');
    const returned = (await call<ConfirmationDetail>('hr01', 'getPositiveDetail', { businessId: id })).data;
    expect(returned).toMatchObject({ editable: true, record: { status: 'returned' } });
    expect((await s.db.select().from(confirmations).where(eq(confirmations.id, id)))[0]?.status).toBe('returned');
    // resubmit with a corrected opinion; an invalid correction is refused first
    const badFix = await call('hr01', 'finishTask', { finishTaskIndto: { taskId: returned.flow.taskId }, form: { opinion: '' } });
    expect(badFix.message).toContain('请输入转正意见');
    expect(
      (await call('hr01', 'finishTask', { finishTaskIndto: { taskId: returned.flow.taskId, message: '已补充' }, form: { opinion: '表现优秀，同意转正' } }))
        .code,
    ).toBe('200');
    expect((await s.db.select().from(confirmations).where(eq(confirmations.id, id)))[0]).toMatchObject({ status: 'approving', opinion: '表现优秀，同意转正' });

    // manager, HR, HR director
    for (const who of ['mgr01', 'hrd01', 'hrd01']) {
      const [t] = await todoOf(who, '转正申请');
      expect(t, who).toBeDefined();
      expect((await call(who, 'finishTask', { finishTaskIndto: { taskId: t?.taskId, message: '同意' } })).code).toBe('200');
    }
    const [after] = await s.db
      .select()
      .from(employees)
      .where(eq(employees.id, emp.get('emp01')?.id as number));
    expect(after).toMatchObject({ regularStatus: '010', gradeId: p5, salaryCents: 1234567 });
    const [record] = await s.db.select().from(confirmations).where(eq(confirmations.id, id));
    expect(record).toMatchObject({ status: 'passed', oldGradeId: emp.get('emp01')?.gradeId, oldSalaryCents: emp.get('emp01')?.salaryCents });

    const steps = (await call<ApprovalStep[]>('emp01', 'viewApprovalInfo', { processInstanceId })).data;
    expect(steps.filter((x) => x.operateType !== 2).map((x) => x.approvalFlag)).toEqual([1, 1, 3, 1, 1, 1, 1]);
    const cc = (await bpm<Page<TaskListItem>>('mgr01', 'getUserCCTaskSort', { processKey: 'Positive_Process' })).data.records;
    expect(cc.map((c) => c.processInstanceId)).toContain(processInstanceId);
    expect((await call<{ finished: number }>('mgr01', 'finishCcTask', { processInstanceId })).data.finished).toBe(1);
    expect((await call<Page<{ userCode: string }>>('hr01', 'personList', { keyword: 'emp01' })).data.total).toBe(0);
  });

  it('reject ends it and leaves the employee on probation; outsourced staff need advantage and improvement points', async () => {
    const started = await call<Array<{ processInstanceId: number; id: number }>>('hr01', 'startProcess', {
      list: [form('emp02', { opinion: '', advantage: '积极', improvePoint: '沟通' })],
    });
    expect(started.code).toBe('200');
    const { processInstanceId, id } = started.data[0] as { processInstanceId: number; id: number };
    const detail = (await call<ConfirmationDetail>('hr01', 'getPositiveDetail', { instanceId: processInstanceId })).data;
    const holder = detail.person.operatedCode;
    expect(holder).toBeTruthy();
    tokens[holder] ??= await s.login(holder);
    const taskId = (await call<ConfirmationDetail>(holder, 'getPositiveDetail', { instanceId: processInstanceId })).data.flow.taskId;
    expect((await call(holder, 'rejectTask', { taskId, message: '' })).status).toBe(400);
    expect((await call(holder, 'rejectTask', { taskId, message: '考核未通过' })).code).toBe('200');
    expect((await s.db.select().from(confirmations).where(eq(confirmations.id, id)))[0]?.status).toBe('rejected');
    expect(
      (
        await s.db
          .select()
          .from(employees)
          .where(eq(employees.id, emp.get('emp02')?.id as number))
      )[0]?.regularStatus,
    ).not.toBe('010');
  });

  it('revoke by the applicant, transfer, and who may read', async () => {
    const list = (await call<Page<{ employeeId: number; userCode: string }>>('hr01', 'personList', { pageSize: 100 })).data.records;
    const someone = list.find((r) => !['emp01', 'emp02'].includes(r.userCode));
    expect(someone).toBeDefined();
    const base = { ...form('emp01'), employeeId: someone?.employeeId as number };
    const a = (await call<Array<{ processInstanceId: number; id: number }>>('hr01', 'startProcess', { list: [base] })).data[0] as {
      processInstanceId: number;
      id: number;
    };
    expect((await call('user01', 'getPositiveDetail', { businessId: a.id })).status).toBe(403);
    expect((await call('emp01', 'revoke', { businessId: a.id })).status).toBe(403);
    expect((await call('hr01', 'revoke', { businessId: a.id })).code).toBe('200');
    expect((await s.db.select().from(confirmations).where(eq(confirmations.id, a.id)))[0]?.status).toBe('revoked');

    const b = (await call<Array<{ processInstanceId: number; id: number }>>('hr01', 'startProcess', { list: [base] })).data[0] as {
      processInstanceId: number;
      id: number;
    };
    const d = (await call<ConfirmationDetail>('hr01', 'getPositiveDetail', { businessId: b.id })).data;
    const holder = d.person.operatedCode;
    tokens[holder] ??= await s.login(holder);
    const taskId = (await call<ConfirmationDetail>(holder, 'getPositiveDetail', { businessId: b.id })).data.flow.taskId;
    expect((await call(holder, 'transfer', { taskId, transferUserCode: holder, remark: 'x' })).message).toBe('不能转办给自己');
    expect((await call(holder, 'transfer', { taskId, transferUserCode: 'user01', remark: '出差' })).code).toBe('200');
    const asUser01 = (await call<ConfirmationDetail>('user01', 'getPositiveDetail', { businessId: b.id })).data;
    expect(asUser01.flow.taskId).toBe(taskId);
    expect(asUser01.flow.steps.find((x) => x.isTransfer === 1)?.transferDTOS[0]?.remark).toBe('出差');
    // a bpm task of another process is refused by the confirmation calls
    expect((await call('hr01', 'rejectTask', { taskId: 99999999, message: 'x' })).status).toBe(404);
  });

  it('rank list, person card and certificate number', async () => {
    const ranks = (await call<Array<{ code: string }>>('hr01', 'rankList', { orgId: emp.get('emp01')?.orgId })).data;
    expect(ranks.map((r) => r.code)).toContain('P5');
    const card = (await call<PersonCard>('hr01', 'getPersonInfo', { employeeId: emp.get('emp02')?.id })).data;
    expect(card).toMatchObject({ userCode: 'emp02', probation: 3 });
    expect((await call('user01', 'getPersonInfo', { employeeId: emp.get('emp02')?.id })).status).toBe(403);
    await s.db
      .update(employees)
      .set({ idCardNo: '110101199003077777' })
      .where(eq(employees.id, emp.get('emp02')?.id as number));
    expect((await call<{ certificateNo: string }>('hr01', 'getCertificateNo', { employeeId: emp.get('emp02')?.id })).data.certificateNo).toBe(
      '110101199003077777',
    );
    // Someone without emp02 in their data scope learns nothing, not even part of the number.
    const outsider = await call<{ certificateNo: string }>('user01', 'getCertificateNo', { employeeId: emp.get('emp02')?.id });
    expect([outsider.status, outsider.data]).toEqual([404, null]);
    expect((await call<Page<{ userCode: string }>>('user01', 'personList', { pageSize: 200 })).data.records.map((r) => r.userCode)).not.toContain('emp02');
  });
});
