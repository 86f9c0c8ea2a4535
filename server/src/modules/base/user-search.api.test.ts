import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';

/**
 * dimQueryUser and the user page's keyword read a keyword of one or two characters from the pieces
 * table (user_search_pieces) instead of the ILIKEs. These tests hold the answers to what the ILIKEs
 * alone give, for keywords of one, two and more characters, in every page, and check that the
 * pieces follow every write.
 */
let s: TestServer;
let admin: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, emp] = await Promise.all([s.login('admin'), s.login('emp01')]);
  const add = (userCode: string, realName: string, phone: string) =>
    s.post('/base_api/base/api/user/add', { userCode, realName, phone, orgId: 1, password: 'Search@2026x' }, admin);
  for (const [code, name, phone] of [
    ['ouyang1', '欧阳娜娜', '13912345678'],
    ['Wang_Wei', '王伟', '13812340000'],
    ['pct100', '百分之百', '13700001000'],
    ['zs.mixed', '张三丰', '13600000001'],
    ['zs', '赵顺', '13500000002'],
  ] as const) {
    const res = await add(code, name, phone);
    expect(res.code).toBe('200');
  }
});
afterAll(() => s.close());

interface Option {
  userCode: string;
  realName: string;
  orgId: number | null;
  orgName: string | null;
}
interface Page<T> {
  records: T[];
  total: number;
}

const search = (keyword: string, page: { pageIndex?: number; pageSize?: number; orgId?: number } = {}) =>
  s.post<Page<Option>>('/base_api/base/api/user/dimQueryUser', { keyword, pageIndex: 1, pageSize: 500, ...page }, emp);

/** What the four ILIKEs alone find (no token prefilter), in dimQueryUser's order. */
async function byIlikeAlone(keyword: string): Promise<string[]> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{ user_code: string }>(
    s.db,
    sql`SELECT user_code FROM users WHERE enabled AND (real_name ILIKE ${pattern} OR user_code ILIKE ${pattern} OR name_pinyin ILIKE ${pattern} OR phone ILIKE ${pattern})
        ORDER BY CASE WHEN lower(user_code) = ${keyword.toLowerCase()} OR real_name = ${keyword} THEN 0 ELSE 1 END, real_name, id`,
  );
  return rows.map((r) => r.user_code);
}

describe('person search (dimQueryUser) through the pieces', () => {
  it.each([
    ['one Chinese character', '王'],
    ['one letter', 'W'],
    ['one digit', '9'],
    ['an exact name of two characters (listed first)', '王伟'],
    ['an exact code of two characters, other case (listed first)', 'ZS'],
    ['two Chinese characters', '欧阳'],
    ['two pinyin initials, upper case', 'ZS'],
    ['two characters across a word boundary', '阳娜'],
    ['three characters', '张三丰'],
    ['a long code, mixed case', 'wang_WEI'],
    ['a phone fragment', '1234'],
    ['LIKE wildcards match themselves', '_'],
    ['a percent sign', '%'],
    ['nothing matches', '不存在的人'],
  ])('%s (%s): the same people in the same order as the ILIKEs alone', async (_, keyword) => {
    const res = await search(keyword);
    expect(res.code).toBe('200');
    const expected = await byIlikeAlone(keyword);
    expect(res.data.records.map((r) => r.userCode)).toEqual(expected);
    expect(res.data.total).toBe(expected.length);
  });

  it('finds by 1, 2 and 3+ characters of a name, of the pinyin initials and of the phone', async () => {
    const codes = async (k: string) => (await search(k)).data.records.map((r) => r.userCode);
    expect(await codes('娜')).toContain('ouyang1');
    expect(await codes('欧阳')).toContain('ouyang1');
    expect(await codes('欧阳娜娜')).toEqual(['ouyang1']);
    const [org] = await queryRows<{ name: string }>(s.db, sql`SELECT name FROM org_units WHERE id = 1`);
    expect((await search('娜娜')).data.records[0]).toMatchObject({
      userCode: 'ouyang1',
      realName: '欧阳娜娜',
      orgId: 1,
      orgName: org?.name,
      // An employee sees colleagues' phones masked (issue 25).
      phone: '139****5678',
    });
    expect(await codes('oynn')).toEqual(['ouyang1']);
    expect(await codes('Wang_W')).toEqual(['Wang_Wei']);
    expect(await codes('1234567')).toEqual(['ouyang1']);
    expect(await codes('_')).toEqual(expect.arrayContaining(['Wang_Wei']));
    expect(await codes('_')).not.toContain('ouyang1');
  });

  it.each([
    ['王', 7],
    ['zs', 1],
    ['1', 9],
  ])('pages through %s %i at a time: the pages add up to the whole list, past the end is empty with the total', async (keyword, pageSize) => {
    const whole = (await search(keyword)).data;
    const pages: string[] = [];
    for (let pageIndex = 1; pageIndex <= Math.ceil(whole.total / pageSize) + 1; pageIndex++) {
      const page = (await search(keyword, { pageIndex, pageSize })).data;
      expect(page.total).toBe(whole.total);
      pages.push(...page.records.map((r) => r.userCode));
    }
    expect(pages).toEqual(whole.records.map((r) => r.userCode));
    expect(whole.total).toBe(whole.records.length);
  });

  it('lists everybody enabled by name without a keyword, and combines a keyword with the department filter', async () => {
    const all = (await s.post<Page<Option>>('/base_api/base/api/user/dimQueryUser', { pageIndex: 1, pageSize: 500 }, emp)).data;
    const rows = await queryRows<{ user_code: string }>(s.db, sql`SELECT user_code FROM users WHERE enabled ORDER BY real_name, id`);
    expect(all.records.map((r) => r.userCode)).toEqual(rows.map((r) => r.user_code));
    expect(all.total).toBe(rows.length);

    const inOrg = (await search('王', { orgId: 1 })).data;
    const expected = await queryRows<{ user_code: string }>(
      s.db,
      sql`SELECT user_code FROM users WHERE enabled AND org_id IN (SELECT id FROM org_units WHERE path LIKE (SELECT path FROM org_units WHERE id = 1) || '%')
          AND (real_name ILIKE '%王%' OR user_code ILIKE '%王%' OR name_pinyin ILIKE '%王%' OR phone ILIKE '%王%') ORDER BY real_name, id`,
    );
    expect(inOrg.records.map((r) => r.userCode)).toEqual(expected.map((r) => r.user_code));
    expect(inOrg.total).toBe(expected.length);
  });

  it('follows a renamed user, a changed phone and a disabled user (triggers)', async () => {
    const [user] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM users WHERE user_code = 'pct100'`);
    const id = (user as { id: number }).id;
    const update = await s.post('/base_api/base/api/user/update', { id, realName: '司马懿', phone: '13755556666', orgId: 1 }, admin);
    expect(update.code).toBe('200');
    expect((await search('百分')).data.total).toBe(0);
    expect((await search('司马')).data.records.map((r) => r.userCode)).toEqual(['pct100']);
    expect((await search('smy')).data.records.map((r) => r.userCode)).toEqual(['pct100']);
    expect((await search('5555')).data.records.map((r) => r.userCode)).toEqual(['pct100']);
    expect((await search('1000')).data.records.map((r) => r.userCode)).not.toContain('pct100');
    await s.post('/base_api/base/api/user/changeStatus', { id, enabled: false }, admin);
    expect((await search('司马')).data.total).toBe(0);
  });

  it.each([
    ['userName', '欧', ['real_name', 'name_pinyin']],
    ['userName', 'oy', ['real_name', 'name_pinyin']],
    ['userCode', 'g_', ['user_code']],
    ['userCode', 'WANG', ['user_code']],
  ] as const)('the %s filter (%s) matches what its ILIKEs alone match', async (field, value, columns) => {
    const res = await s.post<Page<Option>>('/base_api/base/api/user/dimQueryUser', { [field]: value, pageIndex: 1, pageSize: 500 }, emp);
    const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = sql.join(
      columns.map((c) => sql`${sql.identifier(c)} ILIKE ${pattern}`),
      sql` OR `,
    );
    const rows = await queryRows<{ user_code: string }>(s.db, sql`SELECT user_code FROM users WHERE enabled AND (${match}) ORDER BY real_name, id`);
    expect(res.data.records.map((r) => r.userCode)).toEqual(rows.map((r) => r.user_code));
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each([
    ['realName', '阳'],
    ['phone', '34'],
    ['userCode', 'W'],
  ])('the user page filter %s (%s) counts what its ILIKE alone counts', async (field, value) => {
    const column = { realName: 'real_name', phone: 'phone', userCode: 'user_code' }[field] as string;
    const page = await s.post<Page<{ userCode: string }>>('/base_api/base/api/user/page', { [field]: value, pageIndex: 1, pageSize: 500 }, admin);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM users WHERE ${sql.identifier(column)} ILIKE ${`%${value}%`}`,
    );
    expect(page.data.total).toBe(n);
    expect(n).toBeGreaterThan(0);
  });

  it('the user page keyword uses the same match', async () => {
    const page = await s.post<Page<{ userCode: string }>>('/base_api/base/api/user/page', { keyword: '阳', pageIndex: 1, pageSize: 500 }, admin);
    expect(page.code).toBe('200');
    expect(page.data.records.map((r) => r.userCode)).toContain('ouyang1');
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM users WHERE real_name ILIKE '%阳%' OR user_code ILIKE '%阳%' OR name_pinyin ILIKE '%阳%' OR phone ILIKE '%阳%'`,
    );
    expect(page.data.total).toBe(n);
  });

  it('every user has exactly the pieces of its texts (migration, seed, adds, updates)', async () => {
    const [row] = await queryRows<{ wrong: number }>(
      s.db,
      sql`SELECT count(*)::int AS wrong FROM (
            (SELECT u.id, p.piece, u.real_name, u.enabled FROM users u, unnest(text_search_tokens(u.real_name, u.user_code, u.name_pinyin, u.phone)) AS p(piece)
             EXCEPT SELECT user_id, piece, real_name, enabled FROM user_search_pieces)
            UNION ALL
            (SELECT user_id, piece, real_name, enabled FROM user_search_pieces
             EXCEPT SELECT u.id, p.piece, u.real_name, u.enabled FROM users u, unnest(text_search_tokens(u.real_name, u.user_code, u.name_pinyin, u.phone)) AS p(piece))
          ) AS difference`,
    );
    expect(row?.wrong).toBe(0);
  });
});
