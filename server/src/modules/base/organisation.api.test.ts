import type { OrgTreeNode } from '@erp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { orgUnits, users } from '../../db/schema';
import { findUnit } from './org-tree.fixture';

let s: TestServer;
let admin: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, emp] = await Promise.all([s.login('admin'), s.login('emp01')]);
});
afterAll(() => s.close());

type Node = OrgTreeNode;
const idOf = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;
const find = findUnit;

describe('organisation reads', () => {
  it('answers the tree with leaders and member counts; client companies only on request', async () => {
    const tree = await s.post<Node[]>('/base_api/base/api/org/tree', {}, emp);
    expect(tree.code).toBe('200');
    expect(tree.data).toHaveLength(1);
    const d004 = find(tree.data, 'D004');
    expect(d004).toMatchObject({ name: '信息技术部', leaderName: '马国强' });
    expect(d004?.children.map((c) => c.code)).toEqual(['T004', 'T005']);
    expect(find(tree.data, 'C900')).toBeUndefined();
    const withClients = await s.post<Node[]>('/base_api/base/api/org/tree', { includeClient: true }, emp);
    expect(find(withClients.data, 'C900')).toBeTruthy();
    const sub = await s.post<Node[]>('/base_api/base/api/org/tree', { id: await idOf('D004') }, emp);
    expect(sub.data.map((n) => n.code)).toEqual(['D004']);
    const companiesOnly = await s.post<Node[]>('/base_api/base/api/org/tree', { maxType: 'company' }, emp);
    expect(find(companiesOnly.data, 'D004')).toBeUndefined();
  });

  it('answers the small org calls', async () => {
    const company = await s.post<{ name: string; deptName: string }>('/base_api/base/api/org/getUserCompany', {}, emp);
    expect(company.data).toMatchObject({ name: '鼎才人力资源有限公司', deptName: '研发一组' });
    const names = await s.post<Array<{ name: string }>>('/base_api/base/api/org/getOrgNameByIds', { ids: `${await idOf('D004')},${await idOf('T004')}` }, emp);
    expect(names.data.map((n) => n.name)).toEqual(['信息技术部', '研发一组']);
    const companies = await s.post<Array<{ code: string }>>('/base_api/base/api/org/getCompanyList', {}, emp);
    expect(companies.data.map((c) => c.code)).toEqual(['C001', 'C002']);
    const clients = await s.post<Array<{ code: string }>>('/base_api/base/api/org/getClientCompany', {}, emp);
    // Three from the organisation seed, five more from the finance demo (projects across 8 clients).
    expect(clients.data.map((c) => c.code)).toEqual(['C900', 'C901', 'C902', 'C903', 'C904', 'C905', 'C906', 'C907']);
    const dept = await s.post<{ parentName: string; memberCount: number; leaderName: string }>(
      '/base_api/base/api/org/getDeptById',
      { id: await idOf('T004') },
      emp,
    );
    expect(dept.data).toMatchObject({ parentName: '信息技术部', leaderName: '马国强' });
    expect(dept.data.memberCount).toBeGreaterThan(0);
    const station = await s.post<Array<{ code: string }>>('/base_api/base/api/org/getStationDept', {}, emp);
    expect(station.data.map((d) => d.code)).toEqual(expect.arrayContaining(['D001', 'T004']));
    expect(station.data.map((d) => d.code)).not.toContain('D101');
    const kids = await s.post<Array<{ code: string }>>('/base_api/base/api/org/getSubsetList', { id: await idOf('D002') }, emp);
    expect(kids.data.map((d) => d.code)).toEqual(['T001', 'T002']);
    const all = await s.post<Array<{ code: string }>>('/base_api/base/api/org/getDepartSubsetList', { id: await idOf('C001') }, emp);
    expect(all.data.map((d) => d.code)).toEqual(expect.arrayContaining(['C001', 'D002', 'T001', 'T007']));
    expect((await s.post('/base_api/base/api/org/getDeptById', { id: 999999 }, emp)).status).toBe(404);
  });
});

describe('organisation changes', () => {
  it('adds a department, refuses a duplicate code and a wrong level', async () => {
    const added = await s.post<{ id: number; path: string }>(
      '/base_api/base/api/org/add',
      { parentId: await idOf('D005'), code: 'T008', name: '交付三组', type: 'team' },
      admin,
    );
    expect(added.code).toBe('200');
    expect(added.data.path).toMatch(new RegExp(`/${await idOf('D005')}/${added.data.id}/$`));
    const dup = await s.post('/base_api/base/api/org/add', { parentId: await idOf('D005'), code: 'T008', name: '重复', type: 'team' }, admin);
    expect(dup.status).toBe(409);
    const level = await s.post('/base_api/base/api/org/add', { parentId: await idOf('T004'), code: 'X01', name: '公司', type: 'company' }, admin);
    expect(level.status).toBe(400);
  });

  it('moves a department with its subtree and the people’s company follows', async () => {
    const d005 = await idOf('D005');
    const moved = await s.post<{ path: string; depth: number }>('/base_api/base/api/org/move', { id: d005, parentId: await idOf('C002') }, admin);
    expect(moved.code).toBe('200');
    const [t006] = await s.db.select().from(orgUnits).where(eq(orgUnits.code, 'T006'));
    expect(t006?.path.startsWith(moved.data.path)).toBe(true);
    expect(t006?.depth).toBe(moved.data.depth + 1);
    const staff = await s.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.orgId, t006?.id as number));
    expect(staff.length).toBeGreaterThan(0);
    expect(new Set(staff.map((u) => u.companyId))).toEqual(new Set([await idOf('C002')]));
  });

  it('refuses to move a department under itself or its own child, changing nothing', async () => {
    const d004 = await idOf('D004');
    const before = await s.db.select().from(orgUnits).where(eq(orgUnits.id, d004));
    for (const target of [d004, await idOf('T004')]) {
      const res = await s.post('/base_api/base/api/org/move', { id: d004, parentId: target }, admin);
      expect(res.status).toBe(400);
      expect(res.message).toBe('不能将部门移动到其自身或下级部门之下');
    }
    expect(await s.db.select().from(orgUnits).where(eq(orgUnits.id, d004))).toEqual(before);
  });

  it('refuses to delete a unit with sub-units or members, deletes an empty one', async () => {
    const withKids = await s.post('/base_api/base/api/org/delete', { id: await idOf('D004') }, admin);
    expect(withKids.status).toBe(409);
    expect(withKids.message).toMatch(/2个下级组织/);
    const withPeople = await s.post('/base_api/base/api/org/delete', { id: await idOf('T004') }, admin);
    expect(withPeople.status).toBe(409);
    expect(withPeople.message).toMatch(/名用户/);
    expect((await s.post('/base_api/base/api/org/delete', { id: await idOf('T008') }, admin)).code).toBe('200');
  });

  it('updates name, leader and status', async () => {
    const [mgr] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'mgr01'));
    const res = await s.post<{ name: string; leaderName: string }>(
      '/base_api/base/api/org/update',
      { id: await idOf('T005'), name: '研发二组（新）', type: 'team', leaderUserId: mgr?.id },
      admin,
    );
    expect(res.data).toMatchObject({ name: '研发二组（新）', leaderName: '马国强' });
    const missingLeader = await s.post('/base_api/base/api/org/update', { id: await idOf('T005'), name: 'x', type: 'team', leaderUserId: 999999 }, admin);
    expect(missingLeader.status).toBe(400);
  });
});
