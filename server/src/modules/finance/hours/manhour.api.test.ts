import type { ImportResult, ManHourRecord, Page } from '@erp/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { payRuns } from '../../salary/salary.schema';

let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
const M = (n: string) => `/finance_api/finance/manHour/${n}`;

beforeAll(async () => {
  s = await startTestServer();
  // The demo's payroll months would lock the months these tests fill: they start from none.
  await s.db.execute(sql`DELETE FROM pay_slips`);
  await s.db.execute(sql`DELETE FROM pay_runs`);
  [fin, mgr, emp] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01')]);
});
afterAll(() => s.close());

async function put<T>(path: string, body: unknown, token: string) {
  const res = await fetch(s.url + path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ROOT: { header: {}, body } }),
  });
  return { status: res.status, ...((await res.json()) as { code: string; message: string; data: T }) };
}
async function xlsx(rows: Array<Array<string | number>>): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('工时汇总');
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}
async function upload(file: Blob, confirm: boolean, token = fin) {
  const form = new FormData();
  form.set('confirm', String(confirm));
  form.set('file', file, 'manhour.xlsx');
  return s.raw(M('manHourUpload'), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }) as Promise<{
    status: number;
    code: string;
    message: string;
    data: ImportResult;
  }>;
}

describe('man-hours', () => {
  it('lists the approved demo hours with filters and options, in the data scope', async () => {
    const page = await s.post<Page<ManHourRecord>>(M('getManHourPageList'), { pageSize: 20 }, fin);
    expect(page.code, page.message).toBe('200');
    expect(page.data.total).toBeGreaterThanOrEqual(20);
    const row = page.data.records[0] as ManHourRecord;
    expect(row.normalHours).toBeGreaterThan(0);
    const month = await s.post<Page<ManHourRecord>>(M('getManHourPageList'), { month: row.month, pageSize: 500 }, fin);
    expect(month.data.records.every((r) => r.month === row.month)).toBe(true);
    const mine = await s.post<Page<ManHourRecord>>(M('getManHourPageList'), { pageSize: 500 }, mgr);
    expect(mine.data.total).toBeGreaterThan(0);
    expect(mine.data.total).toBeLessThan(page.data.total);
    const depts = await s.post<Array<{ id: number; name: string }>>(M('getOrgNameList'), {}, fin);
    expect(depts.data.length).toBeGreaterThan(1);
    const clients = await s.post<Array<{ id: number; name: string }>>(M('getStationOrgName'), { keyword: '有限公司' }, fin);
    expect(clients.data.length).toBeGreaterThan(1);
    const methods = await s.get<Array<{ code: string; name: string }>>(M('getSettlementMethodList'), emp);
    expect(methods.data.map((m) => m.code)).toEqual(['001', '002', '003']);
    expect((await s.post(M('getManHourPageList'), {}, emp)).status).toBe(403);
    expect((await s.post(M('getStationOrgName'), {}, emp)).status).toBe(403);
  });

  it('corrects rows all or nothing, refuses managers and closed months', async () => {
    const page = await s.post<Page<ManHourRecord>>(M('getManHourPageList'), { pageSize: 3 }, fin);
    const [a, b] = page.data.records as [ManHourRecord, ManHourRecord];
    const one = await s.post<ManHourRecord>(M('getUpdateData'), { id: a.id }, fin);
    expect(one.data.id).toBe(a.id);
    expect((await s.post(M('getUpdateData'), { id: a.id }, mgr)).status).toBe(403);
    expect((await put(M('listUpdate'), { rows: [{ id: a.id, billAmount: 100 }] }, mgr)).status).toBe(403);
    const bad = await put(M('listUpdate'), { rows: [{ id: a.id, billAmount: -1 }] }, fin);
    expect(bad.status).toBe(400);
    const missing = await put(
      M('listUpdate'),
      {
        rows: [
          { id: a.id, billAmount: 1 },
          { id: 99_999_999, billAmount: 2 },
        ],
      },
      fin,
    );
    expect(missing.status).toBe(404);
    expect((await s.post<ManHourRecord>(M('getUpdateData'), { id: a.id }, fin)).data.billAmount).toBe(a.billAmount);
    const ok = await put<{ updated: number }>(
      M('listUpdate'),
      {
        rows: [
          { id: a.id, billAmount: 1_234_56, settlementMethod: '001', remark: '客户确认' },
          { id: b.id, remark: '已核对' },
        ],
      },
      fin,
    );
    expect(ok.code, ok.message).toBe('200');
    expect(ok.data.updated).toBe(2);
    expect((await s.post<ManHourRecord>(M('getUpdateData'), { id: a.id }, fin)).data).toMatchObject({
      billAmount: 1_234_56,
      settlementMethod: '001',
      remark: '客户确认',
    });
    expect((await put(M('listUpdate'), { rows: [{ id: a.id }, { id: a.id }] }, fin)).status).toBe(400);
    expect((await put(M('listUpdate'), { rows: Array.from({ length: 501 }, () => ({ id: a.id })) }, fin)).status).toBe(400);
    await s.db
      .insert(payRuns)
      .values({ month: a.month, state: 'closed' })
      .onConflictDoUpdate({ target: payRuns.month, set: { state: 'closed' } });
    const closed = await put(M('listUpdate'), { rows: [{ id: a.id, remark: 'x' }] }, fin);
    expect(closed.status).toBe(409);
    expect(closed.message).toBe('该月工资已关账，不能修改');
  });

  it('downloads the list and the template, and uploads client hours only from a clean file', async () => {
    for (const path of [M('manHourDownload'), M('templateDownload')]) {
      const res = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${fin}` }, body: '{}' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
    }
    const page = await s.post<Page<ManHourRecord>>(M('getManHourPageList'), { pageSize: 1, sortField: 'month', sortOrder: 'ascend' }, fin);
    const row = page.data.records[0] as ManHourRecord;
    const header = ['工号', '项目编号', '月份', '正常工时', '延时加班', '休息日加班', '节假日加班', '请假工时', '结算方式', '备注'];
    const bad = await xlsx([
      header,
      [row.userCode, row.projectNo ?? '', String(row.month), 160, 2, 0, 0, 8, '按天结算', '客户考勤'],
      ['nobody', row.projectNo ?? '', String(row.month), 160, 0, 0, 0, 0, '', ''],
      [row.userCode, 'XM000', String(row.month), 160, 0, 0, 0, 0, '', ''],
      [row.userCode, row.projectNo ?? '', '202613', 'abc', 0, 0, 0, 0, '月结', ''],
    ]);
    const checked = await upload(bad, true);
    expect(checked.code, checked.message).toBe('200');
    expect(checked.data.written).toBe(0);
    expect(new Set(checked.data.errors.map((e) => e.row))).toEqual(new Set([3, 4, 5]));
    expect((await upload(bad, true, mgr)).status).toBe(403);
    const good = await xlsx([header, [row.userCode, row.projectNo ?? '', String(row.month), 160, 2, 0, 0, 8, '按天结算', '客户考勤']]);
    const done = await upload(good, true);
    expect(done.data).toMatchObject({ written: 1, confirmed: true });
    const after = await s.post<ManHourRecord>(M('getUpdateData'), { id: row.id }, fin);
    expect(after.data).toMatchObject({ normalHours: 160, otWorkdayHours: 2, leaveHours: 8, settlementMethod: '002', remark: '客户考勤' });
  });
});

describe('function report', () => {
  const R = (n: string) => `/finance_api/finance/functionReport/${n}`;
  it('sums the man-hours per project and month, in scope, with the detail of one and both exports', async () => {
    type Row = { projectId: number; month: number; people: number; normalHours: number; billAmount: number };
    const page = await s.post<Page<Row>>(R('getInfoPage'), { pageSize: 50 }, fin);
    expect(page.code, page.message).toBe('200');
    expect(page.data.total).toBeGreaterThanOrEqual(20);
    const first = page.data.records[0] as Row;
    const info = await s.post<{ summary: Row; rows: ManHourRecord[] }>(R('getInfo'), { projectId: first.projectId, month: first.month }, fin);
    expect(info.data.rows).toHaveLength(first.people);
    expect(info.data.rows.reduce((t, r) => t + r.normalHours, 0)).toBeCloseTo(first.normalHours);
    expect(info.data.rows.reduce((t, r) => t + r.billAmount, 0)).toBe(first.billAmount);
    const mine = await s.post<Page<Row>>(R('getInfoPage'), { pageSize: 50 }, mgr);
    expect(mine.data.total).toBeLessThan(page.data.total);
    expect((await s.post(R('getInfoPage'), {}, emp)).status).toBe(403);
    expect((await s.post(R('getInfo'), { projectId: first.projectId, month: 199001 }, fin)).status).toBe(404);
    for (const [path, body] of [
      [R('exportInfo'), {}],
      [R('exportDetail'), { projectId: first.projectId, month: first.month }],
    ] as const) {
      const res = await fetch(s.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fin}` },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
    }
  });
});
