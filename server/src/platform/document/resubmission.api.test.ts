import type { AssetDocumentSaved, ClaimDetail, ConfirmationForm, ProjectDetail } from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { confirmations, employees, grades, orgUnits, users, wfInstances, wfTasks } from '../../db/schema';
import { BusinessCalendar } from '../business-time';

/**
 * A request sent back to its applicant and resubmitted, on documents of the kernel without
 * corrections of their own (转正申请, 采购需求) and with a record corrected while it is back
 * (项目立项, 报销单). The process centre's generic `task/resubmit` may not carry fields into the
 * process variables the route reads (the department whose leader approves, the grade change that
 * calls in the HR director, the amount); the record corrected through the document's own calls is
 * what routes, whichever call resubmits it.
 */

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const post = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(path, body, await token(who));
const bpm = <T = unknown>(who: string, path: string, body: unknown = {}) => post<T>(who, `/bpm_api/bpm/camunda/${path}`, body);
const today = new BusinessCalendar().day();

const orgId = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;
const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;

/** The open task of an instance (an approval or the applicant's resubmission) and who holds it. */
async function pending(instanceId: number): Promise<{ taskId: number; kind: string; code: string; nodeName: string }> {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])));
  if (!t) throw new Error(`nothing pending on ${instanceId}`);
  const [u] = await s.db
    .select({ code: users.userCode })
    .from(users)
    .where(eq(users.id, (t.assigneeUserId ?? t.candidateUserIds[0]) as number));
  return { taskId: t.id, kind: t.kind, code: u?.code as string, nodeName: t.nodeName };
}

const varsOf = async (instanceId: number) =>
  (await s.db.select({ vars: wfInstances.vars }).from(wfInstances).where(eq(wfInstances.id, instanceId)))[0]?.vars as Record<string, unknown>;

/** The approver holding the instance sends it back to the applicant. */
async function sendBack(instanceId: number) {
  const p = await pending(instanceId);
  expect(p.kind).toBe('approve');
  const r = await bpm(p.code, 'task/rollback', { taskId: p.taskId, sort: 0, message: '请修改后重新提交' });
  expect(r.code, r.message).toBe('200');
  const back = await pending(instanceId);
  expect(back.kind).toBe('resubmit');
  return back;
}

/** The applicant resubmits through the process centre (the generic call), with or without a form. */
async function genericResubmit(instanceId: number, form?: Record<string, unknown>) {
  const p = await pending(instanceId);
  expect(p.kind).toBe('resubmit');
  return bpm(p.code, 'task/resubmit', { taskId: p.taskId, ...(form ? { form } : {}) });
}

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('resubmitting a document sent back: the route is the record’s', () => {
  it('HR (转正申请): a grade change or unit sent with the generic resubmission is refused; without, it routes as submitted, HR director included', async () => {
    const [emp] = await s.db
      .select({ id: employees.id, orgId: employees.orgId })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.userCode, 'emp01'));
    const [p5] = await s.db.select({ id: grades.id }).from(grades).where(eq(grades.code, 'P5'));
    const form: ConfirmationForm = {
      employeeId: emp?.id as number,
      confirmType: '001',
      preConfirmateTime: '2026-12-01',
      confirmateTime: '2026-12-01',
      isReport: '002',
      isChangeGrade: '001',
      newGrade: p5?.id,
      isChangeSalary: '002',
      assessModel: '001',
      opinion: '表现良好',
    };
    const started = await post<Array<{ id: number; processInstanceId: number }>>('hr01', '/hr_api/hrm/positive/startProcess', { list: [form] });
    expect(started.code, started.message).toBe('200');
    const { id, processInstanceId: inst } = started.data[0] as { id: number; processInstanceId: number };
    expect(await pending(inst)).toMatchObject({ code: 'mgr01', nodeName: '部门经理审批' });
    expect(await sendBack(inst)).toMatchObject({ code: 'hr01' });

    // "No grade change" would skip the HR director while the record still changes the grade; another unit, another manager.
    const noDirector = await genericResubmit(inst, { isChangeGrade: '002' });
    expect(noDirector.status).toBe(400);
    expect(noDirector.message).toBe('重新提交时不能修改：isChangeGrade');
    const otherUnit = await genericResubmit(inst, { orgId: await orgId('D002'), opinion: '同意' });
    expect(otherUnit.message).toBe('重新提交时不能修改：orgId、opinion');
    expect(await varsOf(inst)).toMatchObject({ isChangeGrade: '001', orgId: emp?.orgId });
    expect((await s.db.select().from(confirmations).where(eq(confirmations.id, id)))[0]?.status).toBe('returned');
    expect((await pending(inst)).kind).toBe('resubmit');

    // A normal resubmission goes the way the record says: manager, HR, then the HR director.
    const again = await genericResubmit(inst);
    expect(again.code, again.message).toBe('200');
    expect((await s.db.select().from(confirmations).where(eq(confirmations.id, id)))[0]?.status).toBe('approving');
    for (const node of ['部门经理审批', '人力资源审批']) {
      const p = await pending(inst);
      expect(p.nodeName).toBe(node);
      expect((await bpm(p.code, 'task/pass', { taskId: p.taskId, message: '同意' })).code).toBe('200');
    }
    expect(await pending(inst)).toMatchObject({ code: 'hrd01', nodeName: '人力资源总监审批' });
  });

  it('asset (采购需求): another unit or amount sent with the generic resubmission is refused; the own correction and a plain resubmission route as the record says', async () => {
    const added = await post<AssetDocumentSaved>('emp01', '/assets_api/assets/purchase/add', {
      category: '002',
      itemName: '显示器',
      quantity: 1,
      unitPrice: 199900,
      reason: '研发双屏办公',
      expectedDate: today,
    });
    expect(added.code, added.message).toBe('200');
    const { id } = added.data;
    const inst = added.data.processInstanceId as number;
    expect((await pending(inst)).code).toBe('mgr01');
    await sendBack(inst);
    const before = await varsOf(inst);

    // 人力资源部 would put its leader (hrd01) in place of the applicant's own manager.
    const elsewhere = await genericResubmit(inst, { orgId: await orgId('D002') });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.message).toBe('重新提交时不能修改：orgId');
    expect((await genericResubmit(inst, { amount: 1 })).message).toBe('重新提交时不能修改：amount');
    expect(await varsOf(inst)).toEqual(before);
    expect((await post<{ state: string }>('emp01', '/assets_api/assets/purchase/info', { id })).data.state).toBe('returned');

    // Corrected through the document's own call: resubmitted with the amount of the record.
    const fixed = await post<AssetDocumentSaved>('emp01', '/assets_api/assets/purchase/update', {
      id,
      category: '002',
      itemName: '显示器',
      quantity: 3,
      unitPrice: 199900,
      reason: '研发三屏办公',
      expectedDate: today,
    });
    expect(fixed.code, fixed.message).toBe('200');
    expect(fixed.data.state).toBe('approving');
    expect(await varsOf(inst)).toMatchObject({ orgId: before.orgId, amount: 3 * 199900 });
    expect((await pending(inst)).code).toBe('mgr01');

    // Sent back again and resubmitted as it stands from the process centre.
    await sendBack(inst);
    const plain = await genericResubmit(inst);
    expect(plain.code, plain.message).toBe('200');
    expect((await pending(inst)).code).toBe('mgr01');
    expect((await post<{ state: string }>('emp01', '/assets_api/assets/purchase/info', { id })).data.state).toBe('approving');
  });

  it('finance (项目立项): the department cannot be sent with the resubmission; a corrected project is checked as on submission and goes to its new department’s leader', async () => {
    const P = (n: string) => `/finance_api/finance/project/${n}`;
    const subject = async (code: string) =>
      Number(((await s.db.execute(sql`SELECT id FROM fin_budget_subjects WHERE code = ${code}`)) as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);
    const in01 = await subject('IN01');
    const project = async (deptCode: string) => ({
      name: '退回重提项目',
      projectType: '001',
      clientOrgId: await orgId('C900'),
      settleOrgId: await orgId('C001'),
      deptId: await orgId(deptCode),
      managerUserId: await userId('mgr01'),
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      contractAmount: 120_000_00,
      stages: [{ name: '全年', startDate: '2026-01-01', endDate: '2026-12-31', amount: 120_000_00 }],
      people: [{ userId: await userId('mgr01'), role: '001' }],
      budget: [{ subjectId: in01, month: 202601, amount: 120_000_00 }],
    });
    const saved = await post<ProjectDetail>('fin01', P('addProjectInfo'), await project('D004'));
    expect(saved.code, saved.message).toBe('200');
    const id = saved.data.id;
    const submitted = await post<ProjectDetail>('fin01', P('saveProjectInfo'), { ...(await project('D004')), id });
    expect(submitted.code, submitted.message).toBe('200');
    const inst = submitted.data.processInstanceId as number;
    expect(await pending(inst)).toMatchObject({ code: 'mgr01', nodeName: '部门负责人审批' });
    expect(await sendBack(inst)).toMatchObject({ code: 'fin01' });

    // 财务部 is led by the applicant: the project would be approved by the one who asks for it.
    const own = await genericResubmit(inst, { deptId: await orgId('D003') });
    expect(own.status).toBe(400);
    expect(own.message).toBe('重新提交时不能修改：deptId');
    expect((await varsOf(inst)).deptId).toBe(await orgId('D004'));

    // A temporary save leaves it incomplete: the resubmission is refused as a submission would be.
    expect((await post('fin01', P('tempSaveProject'), { id, name: '退回重提项目' })).code).toBe('200');
    const incomplete = await genericResubmit(inst);
    expect(incomplete.status).toBe(400);
    expect(incomplete.message).toBe('项目信息不完整，请补全项目类型、甲乙方、所属部门、项目经理和项目周期后再提交');
    expect((await pending(inst)).kind).toBe('resubmit');

    // Corrected to 人力资源部 and resubmitted from the process centre: its leader approves, not the old one.
    const moved = await post<ProjectDetail>('fin01', P('updateProjectInfo'), { ...(await project('D002')), id });
    expect(moved.code, moved.message).toBe('200');
    expect(moved.data.state).toBe('returned');
    const again = await genericResubmit(inst);
    expect(again.code, again.message).toBe('200');
    expect(await pending(inst)).toMatchObject({ code: 'hrd01', nodeName: '部门负责人审批' });
    expect(await varsOf(inst)).toMatchObject({ deptId: await orgId('D002'), projectId: id, contractAmount: 120_000_00 });

    // Sent back once more, corrected and submitted from the project form (提交): resubmitted, not refused.
    await sendBack(inst);
    const resent = await post<ProjectDetail>('fin01', P('saveProjectInfo'), { ...(await project('D004')), id });
    expect(resent.code, resent.message).toBe('200');
    expect(resent.data.state).toBe('approving');
    expect(resent.data.processInstanceId).toBe(inst);
    expect((await pending(inst)).code).toBe('mgr01');
  });

  it('finance (报销单): a claim saved with another amount while sent back routes by that amount, however it is resubmitted', async () => {
    const RB = (n: string) => `/finance_api/finance/reimburse/${n}`;
    // A version that sends claims over 1,000.00 yuan to the general manager instead of the superior.
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:erp="http://erp.local/schema/bpmn" id="defs_claim" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="ExpenseClaim_Process" name="费用报销审批" isExecutable="true" erp:fallbackUser="admin" erp:revocable="untouched" erp:category="FINANCE">
    <bpmn:startEvent id="start" name="提交报销" />
    <bpmn:exclusiveGateway id="size" name="金额" default="small" />
    <bpmn:userTask id="manager" name="直属上级审批" erp:assigneeType="superior" />
    <bpmn:userTask id="boss" name="总经理审批" erp:assigneeType="users" erp:assigneeValue="admin" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="size" />
    <bpmn:sequenceFlow id="big" sourceRef="size" targetRef="boss"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">{"field":"amount","op":"gt","value":100000}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="small" sourceRef="size" targetRef="manager" />
    <bpmn:sequenceFlow id="f2" sourceRef="manager" targetRef="end" />
    <bpmn:sequenceFlow id="f3" sourceRef="boss" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;
    const deployed = await bpm('admin', 'definition/deploy', { xml });
    expect(deployed.code, deployed.message).toBe('200');
    const line = (amount: number) => ({ category: '002', expenseDate: today, amount, description: '市内交通', invoiceIds: [] });
    const claim = await post<ClaimDetail>('emp01', RB('save'), { reason: '客户拜访交通', submit: true, lines: [line(50_00)] });
    expect(claim.code, claim.message).toBe('200');
    const id = claim.data.id;
    const inst = (await post<ClaimDetail>('emp01', RB('detail'), { id })).data.processInstanceId as number;
    expect(await pending(inst)).toMatchObject({ code: 'mgr01', nodeName: '直属上级审批' });
    await sendBack(inst);

    // Saved with 2,000.00 yuan, not resubmitted yet; a resubmission that says "1 fen" is refused.
    const bigger = await post<ClaimDetail>('emp01', RB('save'), { id, reason: '客户拜访交通（补全）', lines: [line(2_000_00)] });
    expect(bigger.code, bigger.message).toBe('200');
    const small = await genericResubmit(inst, { amount: 1 });
    expect(small.status).toBe(400);
    expect(small.message).toBe('重新提交时不能修改：amount');

    // Resubmitted as it stands from the process centre: the route reads the claim's amount now.
    const plain = await genericResubmit(inst);
    expect(plain.code, plain.message).toBe('200');
    expect((await varsOf(inst)).amount).toBe(2_000_00);
    expect(await pending(inst)).toMatchObject({ code: 'admin', nodeName: '总经理审批' });
  });
});
