import type { AdminInstanceItem, ApprovalStep, FlowData, Page, TaskListItem } from '@erp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog, wfEvents, wfInstances, wfTasks } from '../../db/schema';
import { lineXml } from '../../workflow/bpmn-builder';
import { POSITIVE_PROCESS_XML } from './definitions/positive-process';

let s: TestServer;
const tokens: Record<string, string> = {};
const B = '/bpm_api/bpm/camunda/';
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(B + path, body, tokens[who]);

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'emp01', 'mgr01', 'hr01', 'hrd01', 'user01', 'user02', 'fin01']) tokens[u] = await s.login(u);
  const dep = await call('admin', 'definition/deploy', {
    xml: lineXml('Leave', [{ assigneeType: 'superior' }, { assigneeType: 'users', assigneeValue: 'hr01', ccType: 'users', ccValue: 'fin01' }], {
      category: 'OA',
    }),
  });
  expect(dep.code).toBe('200');
});
afterAll(() => s.close());

async function startLeave(title = '请假3天', who = 'emp01') {
  const res = await call<{ processInstanceId: number; businessId: string }>(who, 'start', { processKey: 'Leave', title, form: { days: 3 } });
  expect(res.code).toBe('200');
  return res.data.processInstanceId;
}
async function todo(who: string, body: Record<string, unknown> = {}) {
  return (await call<Page<TaskListItem>>(who, 'getUserTaskSort', { pageIndex: 1, pageSize: 50, ...body })).data;
}

describe('definitions', () => {
  it('deploys versions, lists them, returns the XML and disables a key', async () => {
    const v2 = await call<{ version: number; key: string }>('admin', 'definition/deploy', {
      xml: lineXml('Leave', [{ assigneeType: 'superior' }, { assigneeType: 'users', assigneeValue: 'hr01', ccType: 'users', ccValue: 'fin01' }], {
        category: 'OA',
      }),
    });
    expect(v2.data).toMatchObject({ key: 'Leave', version: 2 });
    const page = await call<Page<{ key: string; version: number }>>('admin', 'definition/page', { pageIndex: 1, pageSize: 100 });
    expect(page.data.records.map((r) => r.key)).toEqual(expect.arrayContaining(['Leave', 'Positive_Process']));
    const versions = await call<Page<{ version: number }>>('admin', 'definition/page', { key: 'Leave', allVersions: true });
    expect(versions.data.records.map((r) => r.version)).toEqual([2, 1]);
    const xml = await call<{ xml: string; version: number }>('admin', 'definition/xml', { key: 'Positive_Process' });
    expect(xml.data.xml).toContain('Positive_Process');
    const defs = await s.get<Array<{ key: string }>>(`${B}getProDefList`, tokens.emp01);
    expect(defs.data.map((d) => d.key)).toContain('Leave');
    expect((await call<Array<{ key: string }>>('emp01', 'getSonkeyByMkey', { mkey: 'OA' })).data).toContainEqual({ key: 'Leave', name: 'Leave' });
    await call('admin', 'definition/deploy', { xml: lineXml('Temp', [{ assigneeType: 'initiator' }]) });
    expect((await call<{ changed: number }>('admin', 'definition/setEnabled', { key: 'Temp', enabled: false })).data.changed).toBe(1);
    const refused = await call('emp01', 'start', { processKey: 'Temp', title: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('流程未部署或已停用');
  });

  it('refuses invalid definitions with a message naming the element, and deploys nothing', async () => {
    const bad = lineXml('Broken', [{ assigneeType: 'role' }]);
    const res = await call('admin', 'definition/deploy', { xml: bad });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/t1/);
    const check = await call<{ valid: boolean; message: string }>('admin', 'definition/validate', { xml: '<nope' });
    expect(check.data.valid).toBe(false);
    expect((await call<{ valid: boolean }>('admin', 'definition/validate', { xml: POSITIVE_PROCESS_XML })).data.valid).toBe(true);
    expect((await call<Page<unknown>>('admin', 'definition/page', { key: 'Broken' })).data.total).toBe(0);
  });

  it('keeps definition management to administrators', async () => {
    expect((await call('emp01', 'definition/deploy', { xml: POSITIVE_PROCESS_XML })).status).toBe(403);
    expect((await call('hr01', 'definition/page', {})).status).toBe(403);
    expect((await call('emp01', 'definition/setEnabled', { key: 'Leave', enabled: false })).status).toBe(403);
  });
});

describe('process centre', () => {
  it('start → to-do of the superior, badge, flow data, pass, done list, cc list and finishCc', async () => {
    const before = (await call<{ sum: number; ccTotal: number }>('mgr01', 'getAllUserTaskTotal')).data;
    const id = await startLeave('请假-流程中心');
    const badge = (await call<{ sum: number; ccTotal: number }>('mgr01', 'getAllUserTaskTotal')).data;
    expect(badge.sum).toBe(before.sum + 1);
    const list = await todo('mgr01', { keyword: '流程中心' });
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ processInstanceId: id, processKey: 'Leave', initiatorCode: 'emp01', status: 'running', taskName: '任务1' });
    const flow = (await call<FlowData>('mgr01', 'common/getFlowData', { instanceId: id })).data;
    expect(flow.taskId).toBe(list.records[0]?.taskId);
    expect(flow.steps.map((x) => [x.operateType, x.approvalFlag, x.predicted])).toEqual([
      [0, 1, false],
      [1, 0, false],
      [1, 0, true],
      [2, 0, true],
    ]);
    const byBusiness = (await call<FlowData>('emp01', 'common/getFlowData', { businessId: flow.businessId, instanceType: 'Leave' })).data;
    expect(byBusiness.processInstanceId).toBe(id);
    expect(byBusiness.canRevoke).toBe(true);
    expect(byBusiness.taskId).toBeNull();

    expect((await call('mgr01', 'task/pass', { taskId: flow.taskId, message: '同意' })).code).toBe('200');
    const again = await call('mgr01', 'task/pass', { taskId: flow.taskId });
    expect(again.status).toBe(409);
    expect(again.message).toBe('该任务已被处理，请刷新后查看');
    const done = (await call<Page<TaskListItem>>('mgr01', 'getUserHiTaskSort', { keyword: '流程中心' })).data;
    expect(done.records[0]).toMatchObject({ processInstanceId: id, outcome: 'pass' });
    const hrTask = (await todo('hr01', { keyword: '流程中心' })).records[0];
    await call('hr01', 'task/pass', { taskId: hrTask?.taskId });
    const closed = (await call<Page<TaskListItem>>('emp01', 'getUserClosedTaskSort', { keyword: '流程中心' })).data;
    // 已办结's 结果: the decision that closed it, its step and who took it.
    expect(closed.records[0]).toMatchObject({ processInstanceId: id, status: 'passed', outcome: 'pass', currentNodes: expect.stringMatching(/ · /) });
    const cc = (await call<Page<TaskListItem>>('fin01', 'getUserCCTaskSort', { keyword: '流程中心' })).data;
    expect(cc.records[0]).toMatchObject({ processInstanceId: id, ccRead: false });
    const ccBadge = (await call<{ ccTotal: number }>('fin01', 'getAllUserTaskTotal')).data.ccTotal;
    expect((await call<{ finished: number }>('fin01', 'taskOver/finishCcTask', { processInstanceId: id })).data.finished).toBe(1);
    expect((await call<{ ccTotal: number }>('fin01', 'getAllUserTaskTotal')).data.ccTotal).toBe(ccBadge - 1);
    const steps = (await call<ApprovalStep[]>('emp01', 'viewApprovalInfo', { processInstanceId: id })).data;
    expect(steps.map((x) => x.approvalFlag)).toEqual([1, 1, 1, 1]);
    expect(steps[1]?.approvalMessage).toBe('同意');
    expect(steps[3]?.operateType).toBe(2);
  });

  it('filters, sorts and pages the to-do list', async () => {
    for (const t of ['筛选A', '筛选B', '筛选C']) await startLeave(t);
    const page1 = await todo('mgr01', { keyword: '筛选', pageSize: 2, sortField: 'title', sortOrder: 'ascend' });
    expect(page1.total).toBe(3);
    expect(page1.records.map((r) => r.title)).toEqual(['筛选A', '筛选B']);
    expect((await todo('mgr01', { keyword: '筛选', initiator: 'emp01', processKey: 'Leave' })).total).toBe(3);
    expect((await todo('mgr01', { keyword: '筛选', initiator: 'nobody' })).total).toBe(0);
    expect((await todo('mgr01', { keyword: '筛选', startTimeBegin: '2000-01-01', startTimeEnd: '2999-12-31' })).total).toBe(3);
    expect((await todo('mgr01', { keyword: '筛选', startTimeEnd: '2000-01-01' })).total).toBe(0);
    expect((await todo('mgr01', { keyword: '%' })).total).toBe(0);
    const bad = await call('mgr01', 'getUserTaskSort', { pageSize: 100000 });
    expect(bad.status).toBe(400);
    const conds = await s.get<{ processes: unknown[]; statuses: unknown[] }>(`${B}getQueryListCondition`, tokens.mgr01);
    expect(conds.data.statuses).toHaveLength(6);
  });

  it('the unfiltered to-do list merges personal and group tasks newest first, paged like the filtered list', async () => {
    for (const [key, erp] of [
      ['GroupTodo', { assigneeType: 'users', assigneeValue: 'user02,hrd01', mode: 'any' }],
      ['OwnTodo', { assigneeType: 'users', assigneeValue: 'user02' }],
    ] as const)
      expect((await call('admin', 'definition/deploy', { xml: lineXml(key, [erp]) })).code).toBe('200');
    for (let i = 0; i < 3; i++)
      for (const processKey of ['GroupTodo', 'OwnTodo'])
        expect((await call('emp01', 'start', { processKey, title: `合并${processKey}${i}`, form: {} })).code).toBe('200');
    const badge = (await call<{ sum: number }>('user02', 'getAllUserTaskTotal')).data.sum;
    // A filter that keeps everything takes the general query: both must answer the same pages.
    const everything = { startTimeBegin: '2000-01-01' };
    const seen: number[] = [];
    for (const pageIndex of [1, 2, 3, 9]) {
      const fast = await todo('user02', { pageIndex, pageSize: 4 });
      const general = await todo('user02', { pageIndex, pageSize: 4, ...everything });
      expect(fast.total).toBe(badge);
      expect(general.total).toBe(badge);
      expect(fast.records).toEqual(general.records);
      seen.push(...fast.records.map((r) => r.taskId as number));
    }
    expect(badge).toBeGreaterThanOrEqual(6);
    expect(new Set(seen).size).toBe(badge);
    const times = (await todo('user02', { pageSize: 50 })).records.map((r) => r.taskTime ?? '');
    expect(times).toEqual([...times].sort().reverse());
    expect((await todo('hrd01', { keyword: '合并GroupTodo' })).total).toBe(3);
  });

  it('reject, send back and resubmit, revoke and urge over HTTP', async () => {
    const a = await startLeave('驳回测试');
    const ta = (await todo('mgr01', { keyword: '驳回测试' })).records[0]?.taskId;
    const noMsg = await call('mgr01', 'task/reject', { taskId: ta, message: '' });
    expect(noMsg.status).toBe(400);
    expect(noMsg.message).toContain('请输入签字意见');
    expect((await call('mgr01', 'task/reject', { taskId: ta, message: 'x'.repeat(201) })).status).toBe(400);
    expect((await call('mgr01', 'task/reject', { taskId: ta, message: '不同意' })).code).toBe('200');
    expect((await call<FlowData>('emp01', 'common/getFlowData', { instanceId: a })).data.status).toBe('rejected');

    const b = await startLeave('退回测试');
    const tb = (await todo('mgr01', { keyword: '退回测试' })).records[0]?.taskId;
    const nodes = (await call<Array<{ sort: number; nodeName: string }>>('mgr01', 'taskOver/nodeList', { taskId: tb })).data;
    expect(nodes).toEqual([{ nodeId: 's', nodeName: '发起人', sort: 0 }]);
    expect((await call<unknown[]>('hr01', 'taskOver/nodeList', { taskId: tb })).data).toEqual([]);
    expect((await call('mgr01', 'task/rollback', { taskId: tb, sort: 0, message: '请补充' })).code).toBe('200');
    const mine = (await call<Page<{ processInstanceId: number; taskId: number | null; status: string }>>('emp01', 'myInstances', { keyword: '退回测试' })).data
      .records[0];
    expect(mine).toMatchObject({ processInstanceId: b, status: 'returned' });
    const emp = (await todo('emp01', { keyword: '退回测试' })).records[0];
    expect(emp?.taskId).toBe(mine?.taskId);
    expect((await call('emp01', 'task/resubmit', { taskId: mine?.taskId, form: { days: 2 } })).code).toBe('200');
    const flow = (await call<FlowData>('emp01', 'common/getFlowData', { instanceId: b })).data;
    expect(flow.steps.map((x) => x.approvalFlag)).toEqual([1, 3, 1, 0, 0, 0]);

    expect((await call('mgr01', 'instance/revoke', { processInstanceId: b })).status).toBe(403);
    expect((await call('emp01', 'instance/urge', { processInstanceId: b, message: '急' })).data).toEqual({ notified: 1 });
    expect((await call('emp01', 'instance/urge', { processInstanceId: b })).status).toBe(409);
    expect((await call('emp01', 'instance/revoke', { processInstanceId: b })).code).toBe('200');
    expect((await call<FlowData>('emp01', 'common/getFlowData', { instanceId: b })).data).toMatchObject({ status: 'revoked', canRevoke: false });
  });

  it('transfer and add signer: the dialog rules hold on the server', async () => {
    const id = await startLeave('转办测试');
    const t = (await todo('mgr01', { keyword: '转办测试' })).records[0]?.taskId;
    expect((await call('mgr01', 'transferTask', { taskId: t, transferUserCode: '', remark: 'x' })).message).toContain('请选择转办对象');
    expect((await call('mgr01', 'transferTask', { taskId: t, transferUserCode: 'user01', remark: ' ' })).message).toContain('请输入转办理由');
    expect((await call('mgr01', 'transferTask', { taskId: t, transferUserCode: 'user01', remark: 'y'.repeat(201) })).status).toBe(400);
    expect((await call('mgr01', 'transferTask', { taskId: t, transferUserCode: 'mgr01', remark: '自己' })).message).toBe('不能转办给自己');
    expect((await call('mgr01', 'transferTask', { taskId: t, transferUserCode: 'ghost', remark: 'r' })).message).toBe('请选择转办对象');
    expect((await call('user01', 'transferTask', { taskId: t, transferUserCode: 'user02', remark: 'r' })).status).toBe(403);
    expect((await call('mgr01', 'transferTask', { taskId: t, transferUserCode: 'user01', remark: '休假' })).code).toBe('200');
    const steps = (await call<ApprovalStep[]>('user01', 'viewApprovalInfo', { processInstanceId: id })).data;
    expect(steps[1]).toMatchObject({ isTransfer: 1, approvalUserCode: 'user01' });
    expect(steps[1]?.transferDTOS[0]).toMatchObject({ remark: '休假' });
    expect((await call('user01', 'task/addSigner', { taskId: t, userCode: 'user02', position: 'after', message: 'r'.repeat(201) })).status).toBe(400);
    expect((await call('user01', 'task/addSigner', { taskId: t, userCode: '', position: 'after' })).message).toContain('请选择加签人');
    expect((await call('user01', 'task/addSigner', { taskId: t, userCode: 'user01', position: 'after' })).message).toBe('不能给自己加签');
    expect((await call('user01', 'task/addSigner', { taskId: t, userCode: 'user02', position: 'after', message: ' 请协助 ' })).code).toBe('200');
    const added = await s.db
      .select()
      .from(wfEvents)
      .where(and(eq(wfEvents.instanceId, id), eq(wfEvents.action, 'addSigner')));
    expect(added.map((e) => e.message)).toEqual(['后加签：请协助']);
    expect((await call('user01', 'task/pass', { taskId: t })).code).toBe('200');
    expect((await todo('user02', { keyword: '转办测试' })).total).toBe(1);
    const people = (await call<Array<{ code: string }>>('mgr01', 'candidateUsers', { keyword: 'mgr' })).data;
    expect(people.map((p) => p.code)).not.toContain('mgr01');
  });

  it('delegate, remove signer and cc on pass over HTTP: bad input refused with 400 and a message', async () => {
    const id = await startLeave('委派测试');
    const t = (await todo('mgr01', { keyword: '委派测试' })).records[0]?.taskId;
    expect((await call('mgr01', 'task/delegate', { taskId: t, userCode: '' })).message).toContain('请选择委派对象');
    expect((await call('mgr01', 'task/delegate', { taskId: t, userCode: 'ghost' })).message).toBe('请选择委派对象');
    expect((await call('mgr01', 'task/delegate', { taskId: t, userCode: 'mgr01' })).message).toBe('不能委派给自己');
    expect((await call('mgr01', 'task/delegate', { taskId: 'x', userCode: 'user01' })).status).toBe(400);
    expect((await call('user02', 'task/delegate', { taskId: t, userCode: 'user01' })).status).toBe(403);
    expect((await call('mgr01', 'task/delegate', { taskId: t, userCode: 'user01', message: '先看一下' })).code).toBe('200');
    expect((await call('mgr01', 'task/delegate', { taskId: t, userCode: 'user01' })).status).toBe(403);
    expect((await todo('user01', { keyword: '委派测试' })).total).toBe(1);
    type Options = { editableFields: string[]; delegatedBy: { userCode: string } | null; removableSigners: Array<{ userCode: string }> };
    expect((await call<Options>('user01', 'task/options', { taskId: t })).data).toMatchObject({ delegatedBy: { userCode: 'mgr01' }, removableSigners: [] });
    expect((await call('hr01', 'task/options', { taskId: t })).status).toBe(403);
    expect((await call('user01', 'task/reject', { taskId: t, message: '不同意' })).message).toBe(
      '委派给您的任务只能处理后交还委派人，不能驳回、退回、转办或加签',
    );
    expect((await call('user01', 'task/pass', { taskId: t, message: '没问题' })).code).toBe('200');
    expect((await todo('mgr01', { keyword: '委派测试' })).total).toBe(1);
    // Back with the owner: add a signer before me, then take them off again.
    expect((await call('mgr01', 'task/addSigner', { taskId: t, userCode: 'user02', position: 'before' })).code).toBe('200');
    const parked = (await call<Options>('mgr01', 'task/options', { taskId: t })).data;
    expect(parked).toMatchObject({ delegatedBy: null, removableSigners: [{ userCode: 'user02' }] });
    expect((await call('mgr01', 'task/removeSigner', { taskId: t, userCode: '' })).message).toContain('请选择要减签的人');
    expect((await call('mgr01', 'task/removeSigner', { taskId: t, userCode: 'hr01' })).message).toBe('该人员不是您在此节点加签的审批人');
    expect((await call('mgr01', 'task/removeSigner', { taskId: t, userCode: 'user02', message: '无需会签' })).code).toBe('200');
    expect((await call('mgr01', 'task/removeSigner', { taskId: t, userCode: 'user02' })).status).toBe(409);
    // Pass with chosen copies: unknown people are refused, naming them, and nothing happens.
    expect((await call('mgr01', 'task/pass', { taskId: t, ccUserCodes: ['fin01', 'ghost'] })).message).toBe('抄送人不存在或已停用：ghost');
    expect((await call('mgr01', 'task/pass', { taskId: t, ccUserCodes: Array.from({ length: 21 }, (_, i) => `u${i}`) })).message).toContain('抄送人最多20人');
    expect((await todo('mgr01', { keyword: '委派测试' })).total).toBe(1);
    expect((await call('mgr01', 'task/pass', { taskId: t, ccUserCodes: ['user02'] })).code).toBe('200');
    const cc = (await call<Page<TaskListItem>>('user02', 'getUserCCTaskSort', { pageIndex: 1, pageSize: 10, keyword: '委派测试' })).data;
    expect(cc.records.map((r) => r.processInstanceId)).toEqual([id]);
    const audited = await s.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(t)));
    expect(audited.map((a) => a.call).sort()).toEqual(expect.arrayContaining([expect.stringContaining('delegate'), expect.stringContaining('removeSigner')]));
  });

  it('terminate and reassign: administrators only (403 for an employee), reasons required, audited', async () => {
    const id = await startLeave('终止测试');
    const t = (await todo('mgr01', { keyword: '终止测试' })).records[0]?.taskId;
    expect((await call('emp01', 'instance/terminate', { processInstanceId: id, reason: '不要了' })).status).toBe(403);
    expect((await call('emp01', 'instance/page', {})).status).toBe(403);
    const listed = (await call<Page<AdminInstanceItem>>('admin', 'instance/page', { keyword: '终止测试' })).data;
    expect(listed.records.map((r) => [r.processInstanceId, r.status, r.initiatorCode])).toEqual([[id, 'running', 'emp01']]);
    expect(listed.records[0]?.openTasks).toEqual([
      { taskId: t, taskName: expect.any(String), kind: 'approve', holders: [expect.objectContaining({ userCode: 'mgr01' })] },
    ]);
    expect((await call('admin', 'instance/page', { status: 'bogus' })).status).toBe(400);
    expect((await call('mgr01', 'instance/reassign', { taskId: t, userCode: 'user01', reason: '休假' })).status).toBe(403);
    expect((await call('admin', 'instance/reassign', { taskId: t, userCode: 'user01', reason: ' ' })).message).toContain('请输入改派原因');
    expect((await call('admin', 'instance/reassign', { taskId: t, userCode: 'ghost', reason: '休假' })).message).toBe('请选择改派对象');
    expect((await call('admin', 'instance/reassign', { taskId: t, userCode: 'user01', reason: '休假' })).code).toBe('200');
    expect((await todo('user01', { keyword: '终止测试' })).total).toBe(1);
    expect((await call('admin', 'instance/terminate', { processInstanceId: id })).message).toContain('请输入终止原因');
    expect((await call('admin', 'instance/terminate', { processInstanceId: id, reason: '重复申请' })).code).toBe('200');
    expect((await call('admin', 'instance/terminate', { processInstanceId: id, reason: '重复申请' })).status).toBe(409);
    const [inst] = await s.db.select().from(wfInstances).where(eq(wfInstances.id, id));
    expect(inst?.status).toBe('terminated');
    const open = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, id), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')));
    expect(open).toHaveLength(0);
    const audited = await s.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(id)));
    expect(audited.find((a) => a.call.includes('terminate'))?.after).toMatchObject({ status: 'terminated', reason: '重复申请' });
    const reassigned = await s.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(t)));
    expect(reassigned.find((a) => a.call.includes('reassign'))?.after).toMatchObject({ reassignTo: 'user01', reason: '休假' });
    expect((await call<Page<AdminInstanceItem>>('admin', 'instance/page', { keyword: '终止测试' })).data.total).toBe(0);
    expect((await call<Page<AdminInstanceItem>>('admin', 'instance/page', { keyword: '终止测试', status: 'terminated' })).data.total).toBe(1);
    const closed = (await call<Page<TaskListItem>>('emp01', 'getUserClosedTaskSort', { pageIndex: 1, pageSize: 10, keyword: '终止测试' })).data;
    expect(closed.records.map((r) => r.status)).toEqual(['terminated']);
    expect(closed.records[0]?.outcome).toBeNull();
  });

  it('keeps other people out of a flow', async () => {
    const id = await startLeave('隐私测试');
    expect((await call('user01', 'viewApprovalInfo', { processInstanceId: id })).status).toBe(403);
    expect((await call('user01', 'common/getFlowData', { instanceId: id })).status).toBe(403);
    expect((await call('admin', 'viewApprovalInfo', { processInstanceId: id })).code).toBe('200');
    expect((await call('user01', 'viewApprovalInfo', { processInstanceId: 99999999 })).status).toBe(404);
    expect((await s.post(`${B}getAllUserTaskTotal`, {})).status).toBe(401);
  });

  it('previews the steps of a form before submission', async () => {
    const steps = (await call<ApprovalStep[]>('emp01', 'preview', { processKey: 'Positive_Process', form: { orgId: null, isChangeGrade: '001' } })).data;
    expect(steps.map((x) => x.taskName)).toEqual(['发起人', '部门经理审批', '人力资源审批', '人力资源总监审批']);
    const noGrade = (await call<ApprovalStep[]>('emp01', 'preview', { processKey: 'Positive_Process', form: { isChangeGrade: '002' } })).data;
    expect(noGrade.map((x) => x.taskName)).toEqual(['发起人', '部门经理审批', '人力资源审批']);
    expect(noGrade[1]?.approvalUserCode).toBe('admin'); // no unit given: the process administrator
    expect(noGrade[2]).toMatchObject({ taskType: 2 });
  });

  it('answers the helper calls', async () => {
    expect((await call('mgr01', 'common/isOrd', {})).data).toEqual({ isOrd: false });
    expect((await call('emp01', 'common/isOrd', {})).data).toEqual({ isOrd: true });
    expect((await call<{ userCode: string }>('emp01', 'common/getSuperiorRole', {})).data?.userCode).toBe('mgr01');
    const names = await call('emp01', 'inquire/getValueName', { type: 'user', values: ['mgr01', 'ghost'] });
    expect(names.data).toEqual([
      { value: 'mgr01', name: expect.any(String) },
      { value: 'ghost', name: '' },
    ]);
    const id = await startLeave('发起人角色');
    const form = new FormData();
    form.set('processInstanceId', String(id));
    const sponsor = await s.raw(`${B}common/getSponsorRole`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.mgr01}` } });
    expect(sponsor.data).toMatchObject({ userCode: 'emp01', isSponsor: false });
    const resign = await call<FlowData>('emp01', 'common/getFlowDataOnResign', { businessId: 'none', instanceType: 'Resign_Process' });
    expect(resign.data).toMatchObject({ processInstanceId: null, steps: [] });
  });

  it('30 concurrent passes over HTTP: one success, 29 conflicts', async () => {
    const id = await startLeave('并发测试');
    const t = (await todo('mgr01', { keyword: '并发测试' })).records[0]?.taskId;
    const results = await Promise.all(Array.from({ length: 30 }, () => call('mgr01', 'task/pass', { taskId: t })));
    expect(results.filter((r) => r.code === '200')).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(29);
    const steps = (await call<ApprovalStep[]>('emp01', 'viewApprovalInfo', { processInstanceId: id })).data;
    expect(steps.filter((x) => x.operateType === 1 && x.approvalFlag === 1)).toHaveLength(1);
  });

  it('refuses malformed and oversized bodies without changing anything', async () => {
    expect((await call('mgr01', 'task/pass', { taskId: 'abc' })).status).toBe(400);
    expect((await call('mgr01', 'task/pass', {})).status).toBe(400);
    expect((await call('mgr01', 'task/pass', { taskId: -1 })).status).toBe(400);
    expect((await call('mgr01', 'task/reject', { taskId: 1, message: ['x'] })).status).toBe(400);
    expect((await call('emp01', 'start', { processKey: 'Leave', title: 't', form: { nested: { deep: true } } })).status).toBe(400);
    expect((await call('emp01', 'start', { processKey: 'Leave', title: 'x'.repeat(201) })).status).toBe(400);
    expect((await call('admin', 'definition/deploy', { xml: 'x'.repeat(1_000_001) })).status).toBe(400);
    const raw = await s.raw(`${B}task/pass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.mgr01}` },
      body: '{"ROOT":',
    });
    expect(raw.status).toBe(400);
    expect((await call<Page<unknown>>('emp01', 'myInstances', { keyword: "'; DROP TABLE wf_tasks; --" })).code).toBe('200');
  });
});
