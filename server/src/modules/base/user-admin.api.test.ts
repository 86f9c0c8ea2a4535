import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog, users } from '../../db/schema';

let s: TestServer;
let admin: string;
let hr: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, hr, emp] = await Promise.all([s.login('admin'), s.login('hr01'), s.login('emp01')]);
});
afterAll(() => s.close());

interface Page<T> {
  records: T[];
  total: number;
}
interface UserRow {
  id: number;
  userCode: string;
  realName: string;
  orgName: string | null;
  enabled: boolean;
  roleNames: string;
}

const orgId = async (code: string) => {
  const tree = await s.post<Array<{ id: number; code: string; children: unknown[] }>>('/base_api/base/api/org/tree', {}, admin);
  const walk = (nodes: Array<{ id: number; code: string; children: unknown[] }>): number | undefined => {
    for (const n of nodes) {
      if (n.code === code) return n.id;
      const hit = walk(n.children as typeof nodes);
      if (hit) return hit;
    }
  };
  return walk(tree.data) as number;
};

async function xlsx(rows: Array<Array<string | number>>): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}

async function upload(path: string, file: Blob, fields: Record<string, string>, token: string, name = 'users.xlsx') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', file, name);
  return s.raw(path, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
}

describe('user administration', () => {
  it('pages users with filters, sort and the keyword (name, code, pinyin, phone)', async () => {
    const page = await s.post<Page<UserRow>>('/base_api/base/api/user/page', { pageIndex: 1, pageSize: 5, sortField: 'userCode', sortOrder: 'descend' }, hr);
    expect(page.code).toBe('200');
    expect(page.data.records).toHaveLength(5);
    expect(page.data.total).toBeGreaterThan(55);
    const codes = page.data.records.map((r) => r.userCode);
    expect([...codes].sort().reverse()).toEqual(codes);
    const byName = await s.post<Page<UserRow>>('/base_api/base/api/user/page', { keyword: '马国强' }, hr);
    expect(byName.data.records.map((r) => r.userCode)).toEqual(['mgr01']);
    const byPinyin = await s.post<Page<UserRow>>('/base_api/base/api/user/page', { keyword: 'mgq' }, hr);
    expect(byPinyin.data.records.map((r) => r.userCode)).toContain('mgr01');
    const inDept = await s.post<Page<UserRow>>('/base_api/base/api/user/page', { orgId: await orgId('D004'), pageSize: 100 }, hr);
    expect(inDept.data.records.map((r) => r.userCode)).toEqual(expect.arrayContaining(['mgr01', 'emp01']));
    expect(inDept.data.records.map((r) => r.userCode)).not.toContain('hr01');
    const wildcard = await s.post<Page<UserRow>>('/base_api/base/api/user/page', { keyword: '%' }, hr);
    expect(wildcard.data.total).toBe(0);
  });

  it('refuses every administration call to a regular employee', async () => {
    const calls: Array<[string, unknown]> = [
      ['/base_api/base/api/user/page', {}],
      ['/base_api/base/api/user/add', { userCode: 'x1', realName: 'x', orgId: 1, password: 'Abcdef1!' }],
      ['/base_api/base/api/user/changeStatus', { id: 1, enabled: false }],
      ['/base_api/base/api/user/resetPassword', { id: 1 }],
      ['/base_api/base/api/user/assignRoles', { id: 1, roleIds: [] }],
      ['/base_api/base/api/user/export', {}],
      ['/base_api/base/api/role/page', {}],
      ['/base_api/base/api/role/add', { code: 'x', name: 'x' }],
      ['/base_api/base/api/role/grantMenus', { id: 1, menuIds: [] }],
      ['/base_api/base/api/menu/tree', {}],
      ['/base_api/base/api/menu/add', { type: 'C', name: 'x', title: 'x', path: '/x' }],
      ['/base_api/base/api/org/add', { parentId: 1, code: 'X', name: 'x', type: 'dept' }],
      ['/base_api/base/api/org/move', { id: 2, parentId: 1 }],
      ['/base_api/base/dictType/page', {}],
      ['/base_api/base/dictType/add', { codeType: 'X', name: 'x' }],
      ['/base_api/base/api/audit/page', {}],
      ['/base_api/base/interviewer/getInterviewerPageList', {}],
      ['/base_api/base/demandSupply/selectPage', {}],
    ];
    for (const [path, body] of calls) {
      const res = await s.post(path, body, emp);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
  });

  it('creates a user, refuses a duplicate code (any case) and writes nothing', async () => {
    const d004 = await orgId('D004');
    const created = await s.post<UserRow>(
      '/base_api/base/api/user/add',
      { userCode: 'newbie', realName: '牛新', orgId: d004, password: 'Newbie@2026', phone: '13911112222' },
      admin,
    );
    expect(created.code).toBe('200');
    expect(created.data).toMatchObject({ userCode: 'newbie', orgName: '信息技术部', companyName: '鼎才人力资源有限公司', enabled: true });
    expect(await s.login('newbie', 'Newbie@2026')).toBeTruthy();
    const dup = await s.post('/base_api/base/api/user/add', { userCode: 'NEWBIE', realName: '重复', orgId: d004, password: 'Newbie@2026' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('用户账号已存在');
    const weak = await s.post('/base_api/base/api/user/add', { userCode: 'weak1', realName: '弱', orgId: d004, password: '123' }, admin);
    expect(weak.status).toBe(400);
    const rows = await s.db.select().from(users).where(eq(users.userCode, 'weak1'));
    expect(rows).toHaveLength(0);
    const bad = await s.post<{ errors: Array<{ field: string }> }>('/base_api/base/api/user/add', { userCode: 'a b', realName: '', orgId: 'x' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.data.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['userCode', 'realName', 'orgId']));
  });

  it('updates a user and records before/after in the audit log', async () => {
    const [row] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'user30'));
    const id = row?.id as number;
    const res = await s.post<UserRow>(
      '/base_api/base/api/user/update',
      { id, realName: '改名了', orgId: await orgId('D003'), personCategory: '001', outsource: '000' },
      admin,
    );
    expect(res.data).toMatchObject({ realName: '改名了', orgName: '财务部' });
    const [audit] = await s.db.select().from(auditLog).where(eq(auditLog.call, '/base_api/base/api/user/update'));
    expect(audit?.recordId).toBe(String(id));
    expect((audit?.before as { realName: string } | undefined)?.realName).not.toBe('改名了');
    expect((audit?.after as { realName: string } | undefined)?.realName).toBe('改名了');
    const log = await s.post<Page<{ call: string }>>('/base_api/base/api/audit/page', { call: 'user/update' }, admin);
    expect(log.data.total).toBeGreaterThan(0);
  });

  it('disables a user (sessions end at once) and refuses to disable the last administrator', async () => {
    const token = await s.login('user31');
    const [row] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'user31'));
    expect((await s.post('/base_api/base/api/user/changeStatus', { id: row?.id, enabled: false }, admin)).code).toBe('200');
    const after = await s.post('/base_api/base/dictType/getDict', { codeType: 'YESNO' }, token);
    expect(after.status).toBe(401);
    const [adminRow] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin'));
    const self = await s.post('/base_api/base/api/user/changeStatus', { id: adminRow?.id, enabled: false }, admin);
    expect(self.status).toBe(400);
    // A second administrator (hrd01 given the admin role) could disable admin, unless it is the last one.
    const roles = await s.post<Array<{ id: number; code: string }>>('/base_api/base/api/role/list', {}, admin);
    const adminRole = roles.data.find((r) => r.code === 'admin');
    const [hrd] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'hrd01'));
    expect((await s.post('/base_api/base/api/user/assignRoles', { id: hrd?.id, roleIds: [adminRole?.id] }, admin)).code).toBe('200');
    const hrdToken = await s.login('hrd01');
    expect((await s.post('/base_api/base/api/user/changeStatus', { id: adminRow?.id, enabled: false }, hrdToken)).code).toBe('200');
    // Now hrd01 is the last administrator: an admin disabling... nobody else can, and removing its admin role is refused.
    const last = await s.post('/base_api/base/api/user/assignRoles', { id: hrd?.id, roleIds: [] }, hrdToken);
    expect(last.status).toBe(409);
    expect(last.message).toContain('最后一个系统管理员');
    expect((await s.post('/base_api/base/api/user/changeStatus', { id: adminRow?.id, enabled: true }, hrdToken)).code).toBe('200');
    // Disabling ended admin's sessions; sign in again and give hrd01 its own roles back.
    admin = await s.login('admin');
    const own = roles.data.filter((r) => ['hrDirector', 'hr', 'employee'].includes(r.code)).map((r) => r.id);
    expect((await s.post('/base_api/base/api/user/assignRoles', { id: hrd?.id, roleIds: own }, admin)).code).toBe('200');
  });

  it('resets a password: the old one stops working, the answered one works', async () => {
    const [row] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'user32'));
    const res = await s.post<{ password: string }>('/base_api/base/api/user/resetPassword', { id: row?.id }, admin);
    expect(res.data.password.length).toBeGreaterThanOrEqual(8);
    await expect(s.login('user32')).rejects.toThrow();
    expect(await s.login('user32', res.data.password)).toBeTruthy();
  });

  it('assigning roles applies on the user’s next call, not next login', async () => {
    const token = await s.login('user33');
    expect((await s.post('/base_api/base/dictType/page', {}, token)).status).toBe(403);
    const roles = await s.post<Array<{ id: number; code: string }>>('/base_api/base/api/role/list', {}, admin);
    const hrRole = roles.data.find((r) => r.code === 'hr');
    const [row] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'user33'));
    const assigned = await s.post<Array<{ code: string }>>('/base_api/base/api/user/assignRoles', { id: row?.id, roleIds: [hrRole?.id] }, admin);
    expect(assigned.data.map((r) => r.code)).toEqual(['hr']);
    expect((await s.post('/base_api/base/dictType/page', {}, token)).code).toBe('200');
    // hr01 (not an administrator) may not hand out the administrator role.
    const adminRole = roles.data.find((r) => r.code === 'admin');
    const hrEdit = await s.post('/base_api/base/api/user/assignRoles', { id: row?.id, roleIds: [adminRole?.id] }, hr);
    expect(hrEdit.status).toBe(403);
  });

  it('getUserInfoByCode and getRoleByUserCode: oneself always, others only with the permission', async () => {
    const own = await s.post<{ userCode: string; roles: unknown[] }>('/base_api/base/api/user/getUserInfoByCode', { userCode: 'emp01' }, emp);
    expect(own.data.userCode).toBe('emp01');
    expect((await s.post('/base_api/base/api/user/getUserInfoByCode', { userCode: 'hr01' }, emp)).status).toBe(403);
    const other = await s.post<Array<{ code: string }>>('/base_api/base/api/user/getRoleByUserCode', { userCode: 'hrd01' }, hr);
    expect(other.data.map((r) => r.code)).toContain('hrDirector');
  });

  it('dimQueryUser finds colleagues by name, code, pinyin or phone and can leave people out', async () => {
    const res = await s.post<Page<{ userCode: string; realName: string }>>(
      '/base_api/base/api/user/dimQueryUser',
      { keyword: 'emp', excludeUserCodes: ['emp01'] },
      emp,
    );
    expect(res.code).toBe('200');
    expect(res.data.records.map((r) => r.userCode)).toEqual(['emp02']);
    const byPhone = await s.post<Page<{ userCode: string }>>('/base_api/base/api/user/dimQueryUser', { keyword: '138' }, emp);
    expect(byPhone.data.total).toBeGreaterThan(10);
  });

  it('exports the filtered users as xlsx', async () => {
    const res = await fetch(`${s.url}/base_api/base/api/user/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hr}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: await orgId('D004') }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(1).value).toBe('用户账号');
    const codes: string[] = [];
    ws?.eachRow((r, n) => {
      if (n > 1) codes.push(String(r.getCell(1).value));
    });
    expect(codes).toEqual(expect.arrayContaining(['mgr01', 'emp01']));
    expect(codes).not.toContain('hr01');
    const header = ws?.getRow(1).values as string[];
    const category = header.indexOf('人员类别');
    expect(String(ws?.getRow(2).getCell(category).value)).toMatch(/员工|实习/);
  });

  it('imports users: a wrong template is refused, errors are reported per row, valid rows are written only on confirm', async () => {
    const wrong = await upload('/base_api/base/api/user/import', await xlsx([['姓名', '年龄']]), {}, admin);
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('缺少列');
    const notXlsx = await upload('/base_api/base/api/user/import', new Blob(['a,b']), {}, admin, 'users.csv');
    expect(notXlsx.status).toBe(400);

    const file = await xlsx([
      ['*用户账号', '*姓名', '*部门编码', '手机号', '邮箱', '人员类别', '是否外包', '角色编码'],
      ['imp01', '导入一', 'D004', '13700000001', 'imp01@example.com', '正式员工', '否', 'employee'],
      ['imp02', '导入二', 'NOPE', '', '', '', '', ''],
      ['imp03', '', 'D004', '', 'not-an-email', '', '', ''],
      ['imp01', '重复的', 'D004', '', '', '', '', ''],
      ['admin', '已存在', 'D004', '', '', '', '', ''],
      ['imp04', '导入四', 'T004', '', '', '派遣员工', '是', 'employee,manager'],
    ]);
    const check = await upload('/base_api/base/api/user/import', file, {}, admin);
    expect(check.code).toBe('200');
    const result = check.data as { total: number; valid: number; written: number; errors: Array<{ row: number; field: string }>; reportId: string };
    expect(result).toMatchObject({ total: 6, valid: 2, written: 0 });
    expect([...new Set(result.errors.map((e) => e.row))].sort()).toEqual([3, 4, 5, 6]);
    expect(await s.db.select().from(users).where(eq(users.userCode, 'imp01'))).toHaveLength(0);

    const report = await fetch(`${s.url}/base_api/base/api/import/report?id=${result.reportId}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(report.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await report.arrayBuffer());
    expect(wb.worksheets[0]?.rowCount).toBe(5);
    expect(String(wb.worksheets[0]?.getRow(1).getCell(9).value)).toBe('错误信息');
    // Somebody else's report is not found.
    const foreign = await fetch(`${s.url}/base_api/base/api/import/report?id=${result.reportId}`, { headers: { authorization: `Bearer ${hr}` } });
    expect(foreign.status).toBe(404);

    const confirmed = await upload('/base_api/base/api/user/import', file, { confirm: 'true' }, admin);
    expect(confirmed.data).toMatchObject({ written: 2, confirmed: true });
    const imported = await s.post<Page<UserRow>>('/base_api/base/api/user/page', { keyword: 'imp0' }, admin);
    expect(imported.data.records.map((r) => r.userCode).sort()).toEqual(['imp01', 'imp04']);
    expect(imported.data.records.find((r) => r.userCode === 'imp04')?.roleNames).toBe('部门经理,普通员工');
    // The imported people are found by the person search's pieces too (one keyword of two characters).
    const found = await s.post<Page<UserRow>>('/base_api/base/api/user/dimQueryUser', { keyword: '导入', pageIndex: 1, pageSize: 10 }, admin);
    expect(found.data.records.map((r) => r.userCode).sort()).toEqual(['imp01', 'imp04']);
    // The import is in the audit log.
    const [audit] = await s.db.select().from(auditLog).where(eq(auditLog.call, '/base_api/base/api/user/import'));
    expect(audit).toBeTruthy();
  });
});
