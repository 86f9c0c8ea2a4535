import type { ImportResult, LeaveRecord, Page } from '@erp/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';

let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
const L = (n: string) => `/finance_api/finance/functionLeaveInfo/${n}`;
const HEADER = ['工号', '请假类型', '开始日期', '结束日期', '请假小时', '备注'];

beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr, emp] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01')]);
});
afterAll(() => s.close());

async function upload(rows: Array<Array<string | number>>, confirm: boolean, token = fin) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('请假明细');
  for (const r of rows) ws.addRow(r);
  const form = new FormData();
  form.set('confirm', String(confirm));
  form.set('file', new Blob([await wb.xlsx.writeBuffer()]), 'leave.xlsx');
  return s.raw(L('importFunctionLeave'), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }) as Promise<{
    status: number;
    code: string;
    message: string;
    data: ImportResult;
  }>;
}
const lastMonth = () => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
};

describe('leave', () => {
  it('lists the demo leave in scope, sums a month and downloads both', async () => {
    const page = await s.post<Page<LeaveRecord>>(L('selectDetailPage'), { pageSize: 50 }, fin);
    expect(page.code, page.message).toBe('200');
    expect(page.data.total).toBeGreaterThanOrEqual(20);
    const mine = await s.post<Page<LeaveRecord>>(L('selectDetailPage'), { pageSize: 50 }, mgr);
    expect(mine.data.total).toBeLessThan(page.data.total);
    expect((await s.post(L('selectDetailPage'), {}, emp)).status).toBe(403);
    const month = lastMonth();
    const summary = await s.post<Page<{ totalHours: number; paidHours: number; personalHours: number; sickHours: number }>>(L('selectPage'), { month }, fin);
    expect(summary.data.total).toBeGreaterThan(0);
    for (const r of summary.data.records) expect(r.paidHours + r.personalHours + r.sickHours).toBeCloseTo(r.totalHours);
    for (const path of [L('detailDownload'), L('download'), L('downloadTemplate')]) {
      const res = await fetch(s.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fin}` },
        body: JSON.stringify({ month }),
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
    }
  });

  it('checks leave against reported hours: conflicts and missing reports', async () => {
    const month = 202610;
    const [row] = (
      (await s.db.execute(sql`SELECT d.user_id, d.work_date::text AS day FROM fin_hour_days d JOIN fin_hour_sheets h ON h.id = d.sheet_id
        WHERE h.month = ${month} AND h.deleted_at IS NULL AND d.day_type = 'W' ORDER BY d.id LIMIT 1`)) as unknown as {
        rows: Array<{ user_id: number; day: string }>;
      }
    ).rows;
    expect(row).toBeDefined();
    await s.db.execute(
      sql`INSERT INTO fin_leave_records (user_id, leave_type, start_date, end_date, minutes, source) VALUES (${row?.user_id}, '002', ${row?.day}, ${row?.day}, 480, 'manual')`,
    );
    const clash = await s.post<Array<{ userId: number; workDate: string; hours: number }>>(L('checkLeaveData'), { month }, fin);
    expect(clash.code, clash.message).toBe('200');
    expect(clash.data).toContainEqual(expect.objectContaining({ userId: row?.user_id, workDate: row?.day }));
    // Take a reported day away: it is missing unless on leave.
    await s.db.execute(sql`DELETE FROM fin_hour_days WHERE user_id = ${row?.user_id} AND work_date = ${row?.day}`);
    await s.db.execute(sql`DELETE FROM fin_leave_records WHERE user_id = ${row?.user_id} AND start_date = ${row?.day} AND source = 'manual'`);
    const gaps = await s.post<Array<{ userId: number; workDate: string }>>(L('checkReportingData'), { month }, fin);
    expect(gaps.data).toContainEqual(expect.objectContaining({ userId: row?.user_id, workDate: row?.day }));
    expect((await s.post(L('checkReportingData'), { month: 202613 }, fin)).status).toBe(400);
  });

  it('imports only a clean file: unknown people, bad types and dates, overlaps are row errors', async () => {
    expect((await upload([HEADER], true, emp)).status).toBe(403);
    const bad = await upload(
      [
        HEADER,
        ['emp02', '年假', '2026-12-07', '2026-12-08', '', '年底休假'],
        ['nobody', '年假', '2026-12-07', '2026-12-08', '', ''],
        ['emp02', '旅游假', '2026-12-09', '2026-12-09', '', ''],
        ['emp02', '事假', '2026-12-10', '2026-12-09', '', ''],
        ['emp02', '病假', '2026-12-08', '2026-12-10', '', ''],
        ['emp02', '事假', '2026-12-14', '2026-12-14', 9, ''],
      ],
      true,
    );
    expect(bad.code, bad.message).toBe('200');
    expect(bad.data.written).toBe(0);
    expect(new Set(bad.data.errors.map((e) => e.row))).toEqual(new Set([3, 4, 5, 6, 7]));
    expect(bad.data.errors.find((e) => e.row === 6)?.message).toContain('重叠');
    const good = await upload(
      [HEADER, ['emp02', '年假', '2026-12-07', '2026-12-08', '', '年底休假'], ['emp02', '事假', '2026-12-14', '2026-12-14', 4, '上午']],
      true,
    );
    expect(good.data).toMatchObject({ written: 2, confirmed: true });
    const page = await s.post<Page<LeaveRecord>>(L('selectDetailPage'), { keyword: 'emp02', month: 202612 }, fin);
    expect(page.data.records.map((r) => [r.startDate, r.hours]).sort()).toEqual([
      ['2026-12-07', 16],
      ['2026-12-14', 4],
    ]);
    const again = await upload([HEADER, ['emp02', '病假', '2026-12-08', '2026-12-08', '', '']], true);
    expect(again.data.written).toBe(0);
    expect(again.data.errors[0]?.message).toBe('请假时间与已有请假重叠');
  });
});
