import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { menus, roles, users } from '../../db/schema';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s.close());

interface MenuNode {
  id: number;
  type: string;
  path: string;
  perms: string | null;
  title: string;
  children: MenuNode[];
}
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const roleId = async (code: string) => (await s.db.select({ id: roles.id }).from(roles).where(eq(roles.code, code)))[0]?.id as number;
const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;

describe('roles', () => {
  it('pages roles with user counts and creates one; duplicate codes are refused', async () => {
    const page = await s.post<{ records: Array<{ code: string; userCount: number }> }>(
      '/base_api/base/api/role/page',
      { sortField: 'userCount', sortOrder: 'descend' },
      admin,
    );
    expect(page.data.records[0]?.code).toBe('employee');
    const created = await s.post<{ id: number; dataScope: string }>(
      '/base_api/base/api/role/add',
      { code: 'auditor', name: '审计员', dataScope: 'dept' },
      admin,
    );
    expect(created.data.dataScope).toBe('dept');
    const dup = await s.post('/base_api/base/api/role/add', { code: 'AUDITOR', name: '重复' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('角色编码已存在');
  });

  it('refuses to delete a role still assigned, naming the number of users', async () => {
    const res = await s.post('/base_api/base/api/role/delete', { id: await roleId('manager') }, admin);
    expect(res.status).toBe(409);
    expect(res.message).toBe('该角色已分配给1个用户，不能删除');
    expect((await s.post('/base_api/base/api/role/delete', { id: await roleId('admin') }, admin)).status).toBe(400);
    expect((await s.post('/base_api/base/api/role/delete', { id: await roleId('auditor') }, admin)).code).toBe('200');
  });

  it('menu grants and data scope apply on the user’s next call', async () => {
    const token = await s.login('mgr01');
    expect((await s.post('/base_api/base/api/user/page', {}, token)).status).toBe(403);
    const tree = await s.post<MenuNode[]>('/base_api/base/api/menu/tree', {}, admin);
    const all = flat(tree.data);
    const userScreen = all.find((m) => m.path === '/BaseCenter/user');
    const listButton = userScreen?.children.find((b) => b.perms === 'base:user:list');
    const manager = await roleId('manager');
    const info = await s.post<{ menuIds: number[] }>('/base_api/base/api/role/info', { id: manager }, admin);
    const granted = await s.post<number[]>(
      '/base_api/base/api/role/grantMenus',
      { id: manager, menuIds: [...info.data.menuIds, userScreen?.id, listButton?.id] },
      admin,
    );
    expect(granted.code).toBe('200');
    // Data scope dept_and_below: mgr01 (信息技术部) sees only its department and teams.
    const page = await s.post<{ records: Array<{ userCode: string; orgName: string }>; total: number }>(
      '/base_api/base/api/user/page',
      { pageSize: 200 },
      token,
    );
    expect(page.code).toBe('200');
    expect(page.data.records.map((r) => r.userCode)).toEqual(expect.arrayContaining(['mgr01', 'emp01']));
    expect(page.data.records.map((r) => r.userCode)).not.toContain('hr01');
    expect(new Set(page.data.records.map((r) => r.orgName))).toEqual(new Set(['信息技术部', '研发一组', '研发二组']));
    expect((await s.post('/base_api/base/api/user/info', { id: await userId('hr01') }, token)).status).toBe(404);
    // Narrowed to self, on the next call.
    const scoped = await s.post<{ dataScope: string }>('/base_api/base/api/role/dataScope', { id: manager, dataScope: 'self' }, admin);
    expect(scoped.data.dataScope).toBe('self');
    const self = await s.post<{ records: Array<{ userCode: string }> }>('/base_api/base/api/user/page', {}, token);
    expect(self.data.records.map((r) => r.userCode)).toEqual(['mgr01']);
    // Custom departments.
    const [d003] = await s
      .post<Array<{ id: number }>>('/base_api/base/api/org/getOrgNameByIds', { ids: [] }, admin)
      .then(() => s.db.select({ id: users.orgId }).from(users).where(eq(users.userCode, 'fin01')));
    await s.post('/base_api/base/api/role/dataScope', { id: manager, dataScope: 'custom', orgIds: [d003?.id] }, admin);
    const custom = await s.post<{ records: Array<{ userCode: string }> }>('/base_api/base/api/user/page', { pageSize: 100 }, token);
    expect(custom.data.records.map((r) => r.userCode)).toEqual(expect.arrayContaining(['fin01', 'mgr01']));
    expect((await s.post('/base_api/base/api/role/dataScope', { id: manager, dataScope: 'custom', orgIds: [] }, admin)).status).toBe(400);
    // Disabling the role takes the grant away on the next call.
    await s.post('/base_api/base/api/role/changeStatus', { id: manager, enabled: false }, admin);
    expect((await s.post('/base_api/base/api/user/page', {}, token)).status).toBe(403);
  });
});

describe('menus', () => {
  it('adds a screen with a button, refuses duplicate paths and permission codes', async () => {
    const base = flat((await s.post<MenuNode[]>('/base_api/base/api/menu/tree', {}, admin)).data).find((m) => m.path === '/BaseCenter');
    const screen = await s.post<{ id: number; component: string }>(
      '/base_api/base/api/menu/add',
      { parentId: base?.id, type: 'C', name: 'Settlements', title: '合同台账', path: '/BaseCenter/position', component: 'base/position' },
      admin,
    );
    expect(screen.code).toBe('200');
    const dupPath = await s.post(
      '/base_api/base/api/menu/add',
      { parentId: base?.id, type: 'C', name: 'P2', title: '重复', path: '/BaseCenter/position', component: 'x' },
      admin,
    );
    expect(dupPath.status).toBe(409);
    expect(dupPath.message).toBe('菜单路径已存在');
    const button = await s.post(
      '/base_api/base/api/menu/add',
      { parentId: screen.data.id, type: 'F', name: 'pos:list', title: '查看', perms: 'base:position:list' },
      admin,
    );
    expect(button.code).toBe('200');
    const dupPerm = await s.post(
      '/base_api/base/api/menu/add',
      { parentId: screen.data.id, type: 'F', name: 'x', title: 'x', perms: 'BASE:POSITION:LIST' },
      admin,
    );
    expect(dupPerm.status).toBe(409);
    const noPerm = await s.post('/base_api/base/api/menu/add', { parentId: screen.data.id, type: 'F', name: 'x', title: 'x' }, admin);
    expect(noPerm.status).toBe(400);
    const cycle = await s.post(
      '/base_api/base/api/menu/update',
      { id: base?.id, parentId: screen.data.id, type: 'M', name: 'BaseCenter', title: '基础数据', path: '/BaseCenter' },
      admin,
    );
    expect(cycle.status).toBe(400);
    const withKids = await s.post('/base_api/base/api/menu/delete', { id: screen.data.id }, admin);
    expect(withKids.status).toBe(409);
    // A title only this test's screen has (other modules' menus may contain 台账).
    const filtered = await s.post<MenuNode[]>('/base_api/base/api/menu/tree', { title: '合同台账' }, admin);
    expect(flat(filtered.data).map((m) => m.title)).toEqual(['基础数据', '合同台账', '查看']);
    const [row] = await s.db.select().from(menus).where(eq(menus.path, '/BaseCenter/position'));
    expect(row?.component).toBe('base/position');
  });
});
