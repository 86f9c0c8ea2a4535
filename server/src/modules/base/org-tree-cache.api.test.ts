import type { OrgTreeNode } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { orgUnits, users } from '../../db/schema';
import { queryRows } from '../../platform/db';
import { localize } from '../../platform/http/i18n';
import { findUnit } from './org-tree.fixture';

/**
 * org/tree is cached per process and keyed by org_version, which database triggers bump. Every change
 * that shows in the tree must show in the next call, whether it came through a service or straight
 * from SQL (another process, another module, an import).
 */
let s: TestServer;
let admin: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, emp] = await Promise.all([s.login('admin'), s.login('emp01')]);
});
afterAll(() => s.close());

type Node = OrgTreeNode;
const find = findUnit;
const tree = async (body: Record<string, unknown> = {}) => {
  const res = await s.post<Node[]>('/base_api/base/api/org/tree', body, emp);
  expect(res.code).toBe('200');
  return res.data;
};
const node = async (code: string, body: Record<string, unknown> = {}) => find(await tree(body), code);
const idOf = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;
const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;
const version = async () => Number((await queryRows<{ version: string }>(s.db, sql`SELECT version FROM org_version WHERE id = 1`))[0]?.version);

describe('organisation tree cache', () => {
  it('reads do not bump the version; a user change the tree does not show (e-mail) does not either', async () => {
    const v = await version();
    await tree();
    await tree({ includeClient: true });
    expect(await version()).toBe(v);
    await s.db
      .update(users)
      .set({ email: 'other@example.com' })
      .where(eq(users.id, await userId('emp02')));
    expect(await version()).toBe(v);
  });

  it('a unit added, renamed, moved, disabled and deleted through the calls shows at once', async () => {
    await tree();
    const t004 = await idOf('T004');
    const added = await s.post<{ id: number }>('/base_api/base/api/org/add', { parentId: t004, code: 'CACHE1', name: '缓存组', type: 'team' }, admin);
    expect(added.code).toBe('200');
    expect((await node('CACHE1'))?.name).toBe('缓存组');
    expect((await node('T004'))?.children.map((c) => c.code)).toContain('CACHE1');

    await s.post('/base_api/base/api/org/update', { id: added.data.id, name: '缓存二组', type: 'team' }, admin);
    expect((await node('CACHE1'))?.name).toBe('缓存二组');

    await s.post('/base_api/base/api/org/move', { id: added.data.id, parentId: await idOf('T005') }, admin);
    expect((await node('T005'))?.children.map((c) => c.code)).toContain('CACHE1');
    expect((await node('T004'))?.children.map((c) => c.code)).not.toContain('CACHE1');

    await s.post('/base_api/base/api/org/update', { id: added.data.id, name: '缓存二组', type: 'team', enabled: false }, admin);
    expect(await node('CACHE1')).toBeUndefined();
    expect((await node('CACHE1', { includeDisabled: true }))?.enabled).toBe(false);

    expect((await s.post('/base_api/base/api/org/delete', { id: added.data.id }, admin)).code).toBe('200');
    expect(await node('CACHE1', { includeDisabled: true })).toBeUndefined();
  });

  it('a new leader, and the leader renamed, show at once', async () => {
    const d004 = await idOf('D004');
    await tree();
    await s.post('/base_api/base/api/org/update', { id: d004, name: '信息技术部', type: 'dept', leaderUserId: await userId('emp02') }, admin);
    const emp02 = await s.db.select({ realName: users.realName }).from(users).where(eq(users.userCode, 'emp02'));
    expect((await node('D004'))?.leaderName).toBe(emp02[0]?.realName);
    await s.post('/base_api/base/api/user/update', { id: await userId('emp02'), realName: '改名的负责人', orgId: await idOf('T004') }, admin);
    expect((await node('D004'))?.leaderName).toBe('改名的负责人');
  });

  it('member counts follow users added, moved and disabled', async () => {
    const before = (await node('T005'))?.memberCount ?? -1;
    const added = await s.post<{ id: number }>(
      '/base_api/base/api/user/add',
      { userCode: 'cache01', realName: '计数', orgId: await idOf('T005'), password: 'Cache@2026x' },
      admin,
    );
    expect(added.code).toBe('200');
    expect((await node('T005'))?.memberCount).toBe(before + 1);
    await s.post('/base_api/base/api/user/changeStatus', { id: added.data.id, enabled: false }, admin);
    expect((await node('T005'))?.memberCount).toBe(before);
    await s.post('/base_api/base/api/user/changeStatus', { id: added.data.id, enabled: true }, admin);
    await s.post('/base_api/base/api/user/update', { id: added.data.id, realName: '计数', orgId: await idOf('T004') }, admin);
    expect((await node('T005'))?.memberCount).toBe(before);
  });

  it('a change written by another process (plain SQL) shows on the next call', async () => {
    await tree();
    await s.db.update(orgUnits).set({ name: '别的进程改的' }).where(eq(orgUnits.code, 'D005'));
    expect((await node('D005'))?.name).toBe('别的进程改的');
    const t004 = await idOf('T004');
    const before = (await node('T004'))?.memberCount ?? -1;
    await s.db
      .update(users)
      .set({ orgId: t004 })
      .where(eq(users.id, await userId('emp01')));
    const after = (await node('T004'))?.memberCount;
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM users WHERE org_id = ${t004} AND enabled`);
    expect(after).toBe(n);
    expect(after).toBeGreaterThanOrEqual(before);
  });

  it("answers the kept JSON in the usual envelope, the message in the caller's language", async () => {
    const zh = await s.post<Node[]>('/base_api/base/api/org/tree', {}, emp);
    expect(zh).toMatchObject({ status: 200, code: '200', message: '操作成功' });
    expect(zh.headers.get('content-type')).toContain('application/json');
    expect(zh.headers.get('x-request-id')).toBeTruthy();
    const en = await s.post<Node[]>('/base_api/base/api/org/tree', {}, emp, { headers: { 'accept-language': 'en-US' } });
    expect(en.message).toBe(localize('操作成功', 'en'));
    expect(en.data).toEqual(zh.data);
  });

  it('concurrent first calls share one build and answer the same tree; a missing subtree is not cached', async () => {
    await s.db.update(orgUnits).set({ sort: 1 }).where(eq(orgUnits.code, 'D005'));
    const answers = await Promise.all(Array.from({ length: 5 }, () => tree()));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect((await s.post('/base_api/base/api/org/tree', { id: 999999 }, emp)).status).toBe(404);
    expect((await s.post('/base_api/base/api/org/tree', { id: 999999 }, emp)).status).toBe(404);
  });
});
