import type { ApprovalStep, RequestDetail } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { seedMinimal, upgradeExisting } from '../../db/seed';
import { openPglite, queryRows } from '../../platform/db';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const B = '/bpm_api/bpm/camunda/';
let s: TestServer;
const tokens: Record<string, string> = {};
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(B + path, body, tokens[who]);

async function upload(who: string, moduleName = 'bpm'): Promise<number> {
  const f = new FormData();
  f.set('moduleName', moduleName);
  f.append('file', new Blob([PDF], { type: 'application/pdf' }), '合同.pdf');
  const res = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${tokens[who]}` } });
  expect(res.code).toBe('200');
  return (res.data as { id: number }).id;
}

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'emp01', 'mgr01', 'hr01', 'fin01', 'user05']) tokens[u] = await s.login(u);
});
afterAll(() => s.close());

const leave = { leaveType: '002', startDate: '2026-12-01', endDate: '2026-12-05', days: 5, reason: '回老家办理户口' };

describe('general requests out of the box', () => {
  it('lists 通用申请, 请假 and 用印 as startable, and hides processes bound to a document', async () => {
    const defs = await s.get<Array<{ key: string; name: string }>>(`${B}getProDefList`, tokens.emp01);
    expect(defs.data.map((d) => d.name)).toEqual(expect.arrayContaining(['通用申请', '请假申请', '用印申请', '转正申请']));
    expect(defs.data.map((d) => d.key)).not.toContain('EmployeeInfo_Process');
  });

  it('checks the form field by field and refuses unknown fields, wrong types and dates out of order', async () => {
    const missing = await call<{ errors: Array<{ field: string; message: string }> }>('emp01', 'start', {
      processKey: 'Leave_Process',
      title: '请假',
      form: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.data.errors.map((e) => e.field)).toEqual(['form.leaveType', 'form.startDate', 'form.endDate', 'form.days', 'form.reason']);
    expect(missing.message).toBe('请假类型：请选择');
    const wrong = await call<{ errors: Array<{ field: string; message: string }> }>('emp01', 'start', {
      processKey: 'Leave_Process',
      title: '请假',
      form: { ...leave, leaveType: '999', days: 0.3, endDate: '2026-11-01', extra: 'x' },
    });
    expect(wrong.data.errors.map((e) => e.message)).toEqual([
      '不支持的字段 extra',
      '请假类型：请选择列表中的值',
      '请假天数：不能小于0.5',
      '结束日期不能早于开始日期',
    ]);
    const badDate = await call('emp01', 'start', { processKey: 'Leave_Process', title: '请假', form: { ...leave, startDate: '2026-02-30' } });
    expect(badDate.message).toBe('开始日期：日期格式应为 YYYY-MM-DD');
    const noFile = await call('emp01', 'start', {
      processKey: 'Seal_Process',
      title: '用印',
      form: { sealType: '001', documentName: '合同', copies: 2, useDate: '2026-12-01', takeOut: '002', reason: '签约' },
    });
    expect(noFile.message).toBe('附件：请上传文件');
  });

  it('routes a leave of more than 3 days to HR after the department leader; the approver reads the form and opens the attachment', async () => {
    const fileId = await upload('emp01');
    const started = await call<{ processInstanceId: number }>('emp01', 'start', {
      processKey: 'Leave_Process',
      title: '事假5天',
      form: { ...leave, attachments: [fileId] },
    });
    expect(started.code).toBe('200');
    const id = started.data.processInstanceId;
    const steps = await call<ApprovalStep[]>('emp01', 'viewApprovalInfo', { processInstanceId: id });
    expect(steps.data.map((st) => st.taskName)).toEqual(expect.arrayContaining(['部门负责人审批', '人力资源审批']));
    const detail = await call<RequestDetail>('mgr01', 'requestDetail', { instanceId: id });
    expect(detail.code).toBe('200');
    expect(detail.data).toMatchObject({ title: '事假5天', processName: '请假申请', initiatorCode: 'emp01', form: { days: 5, leaveType: '002' } });
    expect(detail.data.files.map((f) => f.fileName)).toEqual(['合同.pdf']);
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: fileId }, tokens.mgr01)).code).toBe('200');
    // Someone outside the request reads neither the request nor its attachment.
    expect((await call('user05', 'requestDetail', { instanceId: id })).status).toBe(403);
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: fileId }, tokens.user05)).status).toBe(404);
    expect((await call('user05', 'requestDetail', { instanceId: 999999 })).status).toBe(404);
    // The to-do notice reaches mgr01 as a message, but 消息管理 does not list it as anyone's publication.
    await expect
      .poll(async () => (await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM messages WHERE title = '请假申请待审批'`))[0]?.n ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const managed = await s.post<{ records: Array<{ title: string }> }>('/msg_api/msg/api/message/managePage', { pageIndex: 1, pageSize: 100 }, tokens.admin);
    expect(managed.data.records.map((r) => r.title)).not.toContain('请假申请待审批');
  });

  it("refuses someone else's file and files of another module as attachments", async () => {
    const hrFile = await upload('hr01');
    const foreign = await call('emp01', 'start', { processKey: 'General_Request', title: '申请', form: { content: '借用会议室', attachments: [hrFile] } });
    expect(foreign.message).toBe('附件不存在或不属于当前用户');
    const msgFile = await upload('emp01', 'msg');
    const other = await call('emp01', 'start', { processKey: 'General_Request', title: '申请', form: { content: '借用会议室', attachments: [msgFile] } });
    expect(other.message).toBe('附件不存在或不属于当前用户');
    const ok = await call('emp01', 'start', { processKey: 'General_Request', title: '申请', form: { content: '借用会议室' } });
    expect(ok.code).toBe('200');
  });

  it('sends the finance seal through finance, other seals straight to the seal keeper', async () => {
    const preview = async (sealType: string) =>
      (await call<ApprovalStep[]>('emp01', 'preview', { processKey: 'Seal_Process', form: { sealType } })).data.map((st) => st.taskName);
    expect(await preview('003')).toEqual(expect.arrayContaining(['财务审批', '印章管理员用印']));
    expect(await preview('001')).not.toContain('财务审批');
  });
});

it('deploys the general requests on a new database and on upgrade, keeping an administrator’s switch-off', async () => {
  const database = await openPglite();
  try {
    await database.migrate();
    await seedMinimal(database.db, 'Str0ng#Pass1', { mustChangePassword: false });
    const keys = async () =>
      (
        await queryRows<{ key: string; enabled: boolean }>(
          database.db,
          sql`SELECT key, bool_or(enabled) AS enabled FROM wf_definitions GROUP BY key ORDER BY key`,
        )
      ).map((r) => `${r.key}:${r.enabled}`);
    expect(await keys()).toEqual(expect.arrayContaining(['General_Request:true', 'Leave_Process:true', 'Seal_Process:true']));
    // An earlier version had none of them; an administrator switched one off since.
    await database.db.execute(sql`DELETE FROM wf_definitions WHERE key IN ('General_Request', 'Leave_Process')`);
    await database.db.execute(sql`UPDATE wf_definitions SET enabled = false WHERE key = 'Seal_Process'`);
    await upgradeExisting(database.db);
    expect(await keys()).toEqual(expect.arrayContaining(['General_Request:true', 'Leave_Process:true', 'Seal_Process:false']));
    const [versions] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM wf_definitions WHERE key = 'General_Request'`);
    await upgradeExisting(database.db);
    const [again] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM wf_definitions WHERE key = 'General_Request'`);
    expect(again?.n).toBe(versions?.n);
  } finally {
    await database.close();
  }
}, 120_000);

describe('fields an approver may edit on pass (erp:editableFields)', () => {
  it('deploy checks them against the form; a pass saves only those, validated, and logs old and new values', async () => {
    const { lineXml } = await import('../../workflow/bpmn-builder');
    const xml = (editable: string) =>
      lineXml('Leave_Process', [
        { assigneeType: 'superior', editableFields: editable },
        { assigneeType: 'users', assigneeValue: 'hr01' },
      ]);
    const unknown = await call('admin', 'definition/deploy', { xml: xml('days,bonus,attachments') });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('可编辑字段 "bonus" 不在「请假申请」的表单中');
    expect(unknown.message).toContain('附件字段 "attachments" 不能设为审批时可编辑');
    expect((await call('admin', 'definition/deploy', { xml: xml('days,endDate') })).code).toBe('200');
    const started = await call<{ processInstanceId: number }>('emp01', 'start', { processKey: 'Leave_Process', title: '请假-可编辑', form: leave });
    const id = started.data.processInstanceId;
    const flow = await call<{ taskId: number }>('mgr01', 'common/getFlowData', { instanceId: id });
    const taskId = flow.data.taskId;
    expect(taskId).toBeTruthy();
    expect((await call<{ editableFields: string[] }>('mgr01', 'task/options', { taskId })).data.editableFields).toEqual(['days', 'endDate']);
    expect((await call('mgr01', 'task/pass', { taskId, form: { leaveType: '001' } })).message).toBe('以下字段在此节点不可修改：leaveType');
    expect((await call('mgr01', 'task/pass', { taskId, form: { days: 1000 } })).message).toBe('请假天数：不能大于365');
    expect((await call('mgr01', 'task/pass', { taskId, form: { endDate: '2026-11-01' } })).message).toBe('结束日期不能早于开始日期');
    expect((await call('mgr01', 'task/pass', { taskId, form: { days: 'x' } })).message).toBe('请假天数：应为数字');
    expect((await call('mgr01', 'task/pass', { taskId, form: { days: 3, endDate: '2026-12-03' }, message: '改为3天' })).code).toBe('200');
    const detail = await call<RequestDetail>('hr01', 'requestDetail', { instanceId: id });
    expect(detail.data.form).toMatchObject({ days: 3, endDate: '2026-12-03', leaveType: '002' });
    const [edit] = await queryRows<{ message: string }>(s.db, sql`SELECT message FROM wf_events WHERE instance_id = ${id} AND action = 'editForm'`);
    expect(edit?.message).toBe('修改表单：days 5 → 3；endDate 2026-12-05 → 2026-12-03');
    // The next node declares nothing editable.
    const next = await call<{ taskId: number }>('hr01', 'common/getFlowData', { instanceId: id });
    expect((await call('hr01', 'task/pass', { taskId: next.data.taskId, form: { days: 1 } })).message).toBe('以下字段在此节点不可修改：days');
  });
});
