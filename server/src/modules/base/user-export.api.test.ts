import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { orgUnits } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { userResource } from './base.resources';

/**
 * Exports read the ids first and then the rows slice by slice (no OFFSET). These tests hold the
 * exported rows to what the list gives in one query: same rows, same order, for every sort order,
 * across slice boundaries and inside the data scope.
 */
let s: TestServer;
let admin: string;
let hr: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, hr] = await Promise.all([s.login('admin'), s.login('hr01')]);
});
afterAll(() => s.close());

interface Page<T> {
  records: T[];
  total: number;
}

async function collect<T>(batches: AsyncIterable<T[]>): Promise<{ rows: T[]; sizes: number[] }> {
  const rows: T[] = [];
  const sizes: number[] = [];
  for await (const b of batches) {
    rows.push(...b);
    sizes.push(b.length);
  }
  return { rows, sizes };
}

async function exportSheet(body: Record<string, unknown>, token: string): Promise<ExcelJS.Worksheet> {
  const res = await fetch(`${s.url}/base_api/base/api/user/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb.worksheets[0] as ExcelJS.Worksheet;
}

describe('resource batches (exports)', () => {
  it.each([
    ['the default order', {}],
    ['name descending', { sortField: 'realName', sortOrder: 'descend' as const }],
    ['department name ascending (a joined column)', { sortField: 'orgName', sortOrder: 'ascend' as const }],
    ['a keyword filter', { keyword: 'e' }],
    ['a sort field that is not allowed (falls back)', { sortField: 'passwordHash', sortOrder: 'descend' as const }],
  ])('%s: slices of 7 give the rows of one list query, in its order', async (_, req) => {
    const viewer = (await s.platform.sessions.resolve(admin)) as Principal;
    const list = await userResource.list(s.db, req, viewer, { limit: 10_000 });
    const { rows, sizes } = await collect(userResource.batches(s.db, req, viewer, 7));
    expect(list.length).toBeGreaterThan(7);
    expect(rows).toEqual(list);
    expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
  });

  it('nothing matching gives no batch', async () => {
    const viewer = (await s.platform.sessions.resolve(admin)) as Principal;
    expect((await collect(userResource.batches(s.db, { keyword: '没有这个人' }, viewer, 7))).sizes).toEqual([]);
  });

  it('stays inside the data scope of the caller', async () => {
    const hrViewer = (await s.platform.sessions.resolve(hr)) as Principal;
    const all = await userResource.list(s.db, {}, hrViewer, { limit: 10_000 });
    const [{ id: d004 } = { id: 0 }] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, 'D004'));
    const viewer: Principal = { ...hrViewer, dataScope: { kind: 'dept_and_below', orgId: d004 } };
    const list = await userResource.list(s.db, {}, viewer, { limit: 10_000 });
    const { rows } = await collect(userResource.batches(s.db, {}, viewer, 5));
    expect(rows.length).toBeGreaterThan(5);
    expect(rows).toEqual(list);
    expect(rows.length).toBeLessThan(all.length);
  });
});

describe('user export file', () => {
  it('has the rows of the page call in its order, a bold header, numbers and text as typed', async () => {
    const body = { sortField: 'userCode', sortOrder: 'descend' };
    const page = await s.post<Page<{ userCode: string; realName: string; phone: string | null }>>(
      '/base_api/base/api/user/page',
      { ...body, pageIndex: 1, pageSize: 500 },
      hr,
    );
    const ws = await exportSheet(body, hr);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getRow(2).font?.bold).toBeFalsy();
    const header = (ws.getRow(1).values as string[]).slice(1);
    const code = header.indexOf('用户账号') + 1;
    const name = header.indexOf('姓名') + 1;
    const phone = header.indexOf('手机号') + 1;
    const rows: Array<{ userCode: string; realName: string; phone: string | null }> = [];
    ws.eachRow((r, n) => {
      if (n === 1) return;
      const p = r.getCell(phone).value;
      rows.push({ userCode: String(r.getCell(code).value), realName: String(r.getCell(name).value), phone: p === null ? null : String(p) });
    });
    expect(rows).toEqual(page.data.records.map((r) => ({ userCode: r.userCode, realName: r.realName, phone: r.phone ?? null })));
    expect(rows).toHaveLength(page.data.total);
  });
});
