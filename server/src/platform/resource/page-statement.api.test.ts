import type { PageRequest, ResourceMeta, UserRecord } from '@erp/contract';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { orgUnits, users } from '../../db/schema';
import { userResource } from '../../modules/base/base.resources';
import { queryRows } from '../db';
import { orderFor, pageWindow } from '../http/paging';
import { PageStatement, type Readable } from './page-statement';
import { defineResource } from './resource';

/**
 * The page statement (fixed parts rendered once, total read along) answers exactly what Drizzle's
 * select and a count answer. A twin of the user list whose one extra field carries a parameter keeps
 * its select list as SQL, rendered on every call: it must agree on every page too.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const withParameter = defineResource<UserRecord & { marker: string }, typeof users>({
  ...userResource.spec,
  meta: userResource.spec.meta as ResourceMeta<UserRecord & { marker: string }>,
  select: { ...userResource.spec.select, marker: sql<string>`${'marker'}::text` },
});

describe('page statement', () => {
  it('refuses a join that carries a parameter when the list is declared', () => {
    const org = alias(orgUnits, 'org');
    expect(() =>
      PageStatement.of({ select: { id: users.id }, table: users, joins: [{ table: org, on: sql`${org.id} = ${users.orgId} AND ${org.type} = ${'team'}` }] }),
    ).toThrow('a list join carries parameters');
  });

  const admin = { userId: 1, dataScope: { kind: 'all' } } as never;

  /** The page as Drizzle's own select and a separate count give it. */
  async function drizzlePage(request: PageRequest & Record<string, unknown>) {
    const where = userResource.conditions(request, admin);
    let select = s.db.select(userResource.spec.select).from(users).$dynamic();
    let count = s.db.select({ n: sql<number>`count(*)::int` }).from(users).$dynamic();
    for (const join of userResource.spec.joins ?? []) {
      select = select.leftJoin(join.table, join.on);
      count = count.leftJoin(join.table, join.on);
    }
    const order = orderFor(request, userResource.spec.sortable ?? {}, [...userResource.spec.defaultOrder, users.id as unknown as SQL]);
    const { limit, offset } = pageWindow(request);
    const rows = await select
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [total] = await count.where(where);
    const records = rows.map((r) => ({ ...r, createdAt: (r.createdAt as unknown as Date).toISOString() }));
    return { records, total: total?.n, pageIndex: request.pageIndex, pageSize: request.pageSize };
  }
  it.each<[string, Partial<PageRequest> & Record<string, unknown>]>([
    ['the first page', { pageIndex: 1, pageSize: 10 }],
    ['a later page, sorted by name descending', { pageIndex: 3, pageSize: 7, sortField: 'realName', sortOrder: 'descend' }],
    ['a keyword of one character', { pageIndex: 1, pageSize: 5, keyword: '王' }],
    ['a department and below, sorted by department name', { pageIndex: 1, pageSize: 50, orgId: 2, sortField: 'orgName' }],
    ['a page past the end', { pageIndex: 40, pageSize: 10 }],
    ['nothing matching', { pageIndex: 1, pageSize: 10, realName: '不存在的名字' }],
    ['nothing matching, a later page', { pageIndex: 2, pageSize: 10, realName: '不存在的名字' }],
  ])('answers %s as Drizzle’s select does, with or without a parameter in the select list', async (_, req) => {
    const request = { pageIndex: 1, pageSize: 20, ...req } as PageRequest & Record<string, unknown>;
    const expected = await drizzlePage(request);
    const viaStatement = await userResource.page(s.db, request, admin);
    const viaParameter = await withParameter.page(s.db, request, admin);
    expect(viaStatement).toEqual(expected);
    expect(viaParameter.records.every((r) => r.marker === 'marker')).toBe(true);
    expect({ ...viaParameter, records: viaParameter.records.map(({ marker: _, ...rest }) => rest) }).toEqual(expected);
    expect(typeof viaStatement.total).toBe('number');
  });

  it('reads timestamps as ISO strings and counts the whole list', async () => {
    const page = await userResource.page(s.db, { pageIndex: 1, pageSize: 3 } as PageRequest, admin);
    expect(page.records[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(page.total).toBe(n);
  });

  it('reads lookups as sub-selects and counts over the joins the filter reads, answering as the joined select does', async () => {
    // A lookup (the unit), a join read by another join (the unit's parent, a chain), a join an SQL field
    // reads (the company) and a filter naming a joined column: every kind of join a list has.
    const unit = alias(orgUnits, 'unit');
    const parent = alias(orgUnits, 'parent_unit');
    const company = alias(orgUnits, 'user_company');
    const select: Record<string, Readable> = {
      id: users.id,
      unitName: unit.name,
      parentName: parent.name,
      companyLabel: sql<string>`coalesce(${company.name}, '-')`,
    };
    const joins = [
      { table: unit, on: eq(unit.id, users.orgId) },
      { table: parent, on: eq(parent.id, unit.parentId) },
      { table: company, on: eq(company.id, users.companyId) },
    ];
    const statement = PageStatement.of({ select, table: users, joins, key: users.id });
    const cases: Array<{ where: SQL | undefined; order: SQL[]; limit: number; offset: number }> = [
      { where: undefined, order: [asc(users.id)], limit: 7, offset: 0 },
      { where: undefined, order: [desc(parent.name), asc(users.id)], limit: 9, offset: 4 },
      { where: sql`${unit.name} like ${'%部%'}`, order: [asc(unit.name), asc(users.id)], limit: 5, offset: 0 },
      { where: sql`${company.name} is not null`, order: [asc(users.id)], limit: 50, offset: 0 },
    ];
    for (const c of cases) {
      let q = s.db.select(select).from(users).$dynamic();
      for (const j of joins) q = q.leftJoin(j.table, j.on);
      const expected = await q
        .where(c.where)
        .orderBy(...c.order)
        .limit(c.limit)
        .offset(c.offset);
      let count = s.db.select({ n: sql<number>`count(*)::int` }).from(users).$dynamic();
      for (const j of joins) count = count.leftJoin(j.table, j.on);
      const [total] = await count.where(c.where);
      const got = await statement.page(s.db, c);
      expect(got.rows).toEqual(expected);
      expect(got.counts.total).toBe(total?.n);
    }
    expect(statement.countOf(undefined)).toBeDefined();
  });
});
