import type { PageRequest, ResourceMeta, UserRecord } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { users } from '../../db/schema';
import { userResource } from '../../modules/base/base.resources';
import { queryRows } from '../db';
import { PageStatement } from './page-statement';
import { defineResource } from './resource';

/**
 * The page statement (fixed parts rendered once, total read along) answers exactly what Drizzle's
 * select answers. A twin of the user list whose one extra field carries a parameter cannot be
 * rendered once, so it is read through the select: both must agree on every page.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const throughSelect = defineResource<UserRecord & { marker: string }, typeof users>({
  ...userResource.spec,
  meta: userResource.spec.meta as ResourceMeta<UserRecord & { marker: string }>,
  select: { ...userResource.spec.select, marker: sql<string>`${'marker'}::text` },
});

describe('page statement', () => {
  it('is made for fields without parameters and refused for a field with one', () => {
    expect(PageStatement.of({ select: { id: users.id, name: users.realName }, table: users, joins: [] })).not.toBeNull();
    expect(PageStatement.of({ select: { id: users.id, marker: sql`${1}::int` }, table: users, joins: [] })).toBeNull();
  });

  const admin = { userId: 1, dataScope: { kind: 'all' } } as never;
  it.each<[string, Partial<PageRequest> & Record<string, unknown>]>([
    ['the first page', { pageIndex: 1, pageSize: 10 }],
    ['a later page, sorted by name descending', { pageIndex: 3, pageSize: 7, sortField: 'realName', sortOrder: 'descend' }],
    ['a keyword of one character', { pageIndex: 1, pageSize: 5, keyword: '王' }],
    ['a department and below, sorted by department name', { pageIndex: 1, pageSize: 50, orgId: 2, sortField: 'orgName' }],
    ['a page past the end', { pageIndex: 40, pageSize: 10 }],
    ['nothing matching', { pageIndex: 1, pageSize: 10, realName: '不存在的名字' }],
    ['nothing matching, a later page', { pageIndex: 2, pageSize: 10, realName: '不存在的名字' }],
  ])('answers %s as Drizzle’s select does', async (_, req) => {
    const request = { pageIndex: 1, pageSize: 20, ...req } as PageRequest & Record<string, unknown>;
    const viaStatement = await userResource.page(s.db, request, admin);
    const viaSelect = await throughSelect.page(s.db, request, admin);
    expect(viaSelect.records.every((r) => r.marker === 'marker')).toBe(true);
    expect(viaStatement).toEqual({ ...viaSelect, records: viaSelect.records.map(({ marker: _, ...rest }) => rest) });
    expect(typeof viaStatement.total).toBe('number');
  });

  it('reads timestamps as ISO strings and counts the whole list', async () => {
    const page = await userResource.page(s.db, { pageIndex: 1, pageSize: 3 } as PageRequest, admin);
    expect(page.records[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(page.total).toBe(n);
  });
});
