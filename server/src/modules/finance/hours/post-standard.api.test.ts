import type { ImportResult, Page, PostStandardRecord } from '@erp/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';

let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
const P = (n: string) => `/finance_api/finance/PostStandard/${n}`;

beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr, emp] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01')]);
});
afterAll(() => s.close());

async function upload(rows: Array<Array<string | number>>, confirm: boolean, token = fin) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('岗位标准');
  for (const r of rows) ws.addRow(r);
  const form = new FormData();
  form.set('confirm', String(confirm));
  form.set('file', new Blob([await wb.xlsx.writeBuffer()]), 'post.xlsx');
  return s.raw(P('upload'), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }) as Promise<{
    status: number;
    code: string;
    message: string;
    data: ImportResult;
  }>;
}
const HEADER = ['岗位', '地区类别', '职级', '月标准工资（元）', '固定津贴（元）', '结算单价（元/小时）', '备注'];

describe('post standards', () => {
  it('lists 48 demo standards with filters, options and the permission', async () => {
    const page = await s.post<Page<PostStandardRecord>>(P('selectPage'), { pageSize: 100 }, mgr);
    expect(page.code, page.message).toBe('200');
    expect(page.data.total).toBe(48);
    const dev = await s.post<Page<PostStandardRecord>>(P('selectPage'), { postName: '软件', regionCategory: '001', rankLevel: '002' }, fin);
    expect(dev.data.records).toEqual([expect.objectContaining({ postName: '软件工程师', monthlySalary: 18_000_00, allowance: 800_00 })]);
    expect((await s.post(P('selectPage'), {}, emp)).status).toBe(403);
    const posts = await s.post<string[]>(P('getPostListList'), {}, emp);
    expect(posts.data).toHaveLength(8);
    expect((await s.post<Array<{ code: string }>>(P('getRegionCategoryList'), {}, emp)).data.map((r) => r.code)).toEqual(['001', '002', '003']);
    expect((await s.post<Array<{ code: string }>>(P('getRankLevelList'), {}, emp)).data).toHaveLength(5);
  });

  it('imports only a clean file, replacing the standard of the same post, region and rank', async () => {
    const template = await fetch(s.url + P('template'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fin}` },
      body: '{}',
    });
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
    expect((await upload([HEADER], false, mgr)).status).toBe(403);
    const bad = await upload(
      [
        HEADER,
        ['软件工程师', '一类地区（北上广深）', '高级', '25000', '1000', '200.5', ''],
        ['软件工程师', '火星', '高级', '25000', '', '200', ''],
        ['测试工程师', '001', '003', '-1', '', '150', ''],
        ['测试工程师', '001', '003', '12.345', '', '150', ''],
        ['软件工程师', '001', '003', '26000', '', '200', ''],
      ],
      true,
    );
    expect(bad.code, bad.message).toBe('200');
    expect(bad.data.written).toBe(0);
    expect(new Set(bad.data.errors.map((e) => e.row))).toEqual(new Set([3, 4, 5, 6]));
    const good = await upload(
      [HEADER, ['软件工程师', '一类地区（北上广深）', '高级', '25,000', '1000', '200.5', '新增'], ['软件工程师', '001', '002', '19000', '800', '150', '调薪']],
      true,
    );
    expect(good.data).toMatchObject({ written: 2, confirmed: true });
    const page = await s.post<Page<PostStandardRecord>>(P('selectPage'), { postName: '软件工程师', regionCategory: '001', pageSize: 10 }, fin);
    expect(page.data.records.map((r) => [r.rankLevel, r.monthlySalary, r.hourlyBillRate])).toEqual([
      ['001', 14_400_00, expect.any(Number)],
      ['002', 19_000_00, 150_00],
      ['003', 25_000_00, 200_50],
    ]);
  });
});
