import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { dictItems, orgUnits, users } from '../../db/schema';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s.close());

const orgId = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;

describe('duplicate clicks and hostile input', () => {
  it('ten identical user creations at once write one user; the others get the duplicate message', async () => {
    const body = { userCode: 'twice', realName: '重复点击', orgId: await orgId('D004'), password: 'Twice@2026' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.post('/base_api/base/api/user/add', body, admin)));
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== '200')) {
      expect(a.status).toBe(409);
      expect(a.message).toBe('用户账号已存在');
    }
    expect(await s.db.select().from(users).where(eq(users.userCode, 'twice'))).toHaveLength(1);
  });

  it('concurrent dictionary value additions with one code keep one value', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.post('/base_api/base/dictType/item/add', { codeType: 'YESNO', code: '009', codeName: `并发${i}` }, admin)),
    );
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    const rows = await s.db.select().from(dictItems).where(sql`${dictItems.codeType} = 'YESNO' AND ${dictItems.code} = '009'`);
    expect(rows).toHaveLength(1);
  });

  it('two crossing moves (A under B, B under A) never make a cycle', async () => {
    const a = await orgId('T006');
    const b = await orgId('T007');
    await Promise.all([
      s.post('/base_api/base/api/org/move', { id: a, parentId: b }, admin),
      s.post('/base_api/base/api/org/move', { id: b, parentId: a }, admin),
    ]);
    const rows = await s.db.select().from(orgUnits).where(sql`${orgUnits.id} IN (${a}, ${b})`);
    const [ra, rb] = [rows.find((r) => r.id === a), rows.find((r) => r.id === b)];
    // At most one of them is below the other, and each path ends with its own id.
    expect(ra?.path.endsWith(`/${a}/`)).toBe(true);
    expect(rb?.path.endsWith(`/${b}/`)).toBe(true);
    expect(ra?.path.includes(`/${b}/`) && rb?.path.includes(`/${a}/`)).toBe(false);
  });

  it('refuses huge, wrongly typed and malformed bodies without changing anything', async () => {
    const before = await s.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const huge = await s.post('/base_api/base/api/user/add', { userCode: 'x'.repeat(5000), realName: '长', orgId: 1, password: 'Huge@2026x' }, admin);
    expect(huge.status).toBe(400);
    const typed = await s.post('/base_api/base/api/user/page', { pageIndex: 'abc', pageSize: 100000 }, admin);
    expect(typed.status).toBe(400);
    const sort = await s.post<{ records: unknown[] }>(
      '/base_api/base/api/user/page',
      { sortField: 'password_hash; DROP TABLE users', sortOrder: 'ascend' },
      admin,
    );
    expect(sort.code).toBe('200');
    const raw = await s.raw('/base_api/base/api/user/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: '{"ROOT":',
    });
    expect(raw.status).toBe(400);
    const ids = await s.post('/base_api/base/api/org/getOrgNameByIds', { ids: Array.from({ length: 600 }, (_, i) => i + 1) }, admin);
    expect(ids.status).toBe(400);
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });
});
