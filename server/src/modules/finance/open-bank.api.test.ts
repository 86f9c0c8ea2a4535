import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { openBankRows } from './open-bank.seed';

let s: TestServer;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  emp = await s.login('emp01');
});
afterAll(() => s.close());

const PATH = '/finance_api/finance/openBank/getOpenBank';
type Branch = { bankCode: string; bankName: string; branchName: string; cnapsCode: string; city: string };

describe('open bank lookup', () => {
  it('the sample list: unique 12-digit CNAPS codes, every bank in every city', () => {
    const rows = openBankRows();
    expect(rows.length).toBeGreaterThan(500);
    expect(new Set(rows.map((r) => r.cnapsCode)).size).toBe(rows.length);
    expect(rows.every((r) => /^\d{12}$/.test(r.cnapsCode))).toBe(true);
    expect(new Set(rows.map((r) => r.branchName)).size).toBe(rows.length);
  });

  it('finds branches by words of the name, bounded, city branches first', async () => {
    const found = await s.post<Branch[]>(PATH, { keyword: '建设银行 北京' }, emp);
    expect(found.code).toBe('200');
    expect(found.data).toHaveLength(3);
    expect(found.data.every((b) => b.bankCode === 'CCB' && b.city === '北京')).toBe(true);
    const beijing = await s.post<Branch[]>(PATH, { keyword: '工商', city: '北京' }, emp);
    expect(beijing.data[0]?.branchName).toBe('中国工商银行股份有限公司北京分行');
    const many = await s.post<Branch[]>(PATH, { keyword: '银行' }, emp);
    expect(many.data).toHaveLength(20);
    const more = await s.post<Branch[]>(PATH, { keyword: '银行', limit: 50 }, emp);
    expect(more.data).toHaveLength(50);
    // Old clients send the typed text as openBankName; a LIKE wildcard matches itself only.
    const old = await s.post<Branch[]>(PATH, { openBankName: '招商银行' }, emp);
    expect(old.data.every((b) => b.bankCode === 'CMB')).toBe(true);
    expect((await s.post<Branch[]>(PATH, { keyword: '%' }, emp)).data).toEqual([]);
  });

  it('finds a branch by its CNAPS code or a prefix, the exact one first', async () => {
    const some = (await s.post<Branch[]>(PATH, { keyword: '招商 深圳 南山' }, emp)).data[0] as Branch;
    const exact = await s.post<Branch[]>(PATH, { keyword: some.cnapsCode }, emp);
    expect(exact.data).toEqual([expect.objectContaining({ cnapsCode: some.cnapsCode, branchName: some.branchName })]);
    const prefix = await s.post<Branch[]>(PATH, { keyword: '3085840', limit: 50 }, emp);
    expect(prefix.data.length).toBe(3);
    expect(prefix.data.every((b) => b.city === '深圳' && b.bankCode === 'CMB')).toBe(true);
  });

  it('refuses bad input and callers without a session', async () => {
    const tooMany = await s.post(PATH, { keyword: '银行', limit: 500 }, emp);
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toContain('limit');
    expect((await s.post(PATH, { keyword: 'x'.repeat(65) }, emp)).status).toBe(400);
    expect((await s.post(PATH, { keyword: '银行' })).status).toBe(401);
  });
});
