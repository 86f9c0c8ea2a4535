import type { ExpiryItem, ExpirySettings, Page, RosterRecord } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { queryRows } from '../../../platform/db';
import { businessToday } from './documents';
import { remindExpiries } from './expiry';
import { addDays } from './lists.service';

/** Issue 39: 即将到期 — what ends, for HR in scope, and the reminders to HR and the employee. */
let s: TestServer;
let hr: string;
let emp: string;
let mgr: string;
let empId: number;
let empUserId: number;
let empName: string;
beforeAll(async () => {
  s = await startTestServer();
  [hr, emp, mgr] = await Promise.all([s.login('hr01'), s.login('emp01'), s.login('mgr01')]);
  const [row] = await queryRows<{ id: number; user_id: number; name: string }>(
    s.db,
    sql`SELECT e.id, e.user_id, e.name FROM employees e JOIN users u ON u.id = e.user_id WHERE u.user_code = 'emp01'`,
  );
  empId = Number(row?.id);
  empUserId = Number(row?.user_id);
  empName = String(row?.name);
});
afterAll(() => s.close());

const E = (n: string) => `/hr_api/hrm/api/expiry/${n}`;
const today = () => businessToday();
async function certificate(name: string, inDays: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    s.db,
    sql`INSERT INTO employee_certificates (employee_id, name, expire_date) VALUES (${empId}, ${name}, ${addDays(today(), inDays)}::date) RETURNING id`,
  );
  return Number(row?.id);
}
const notices = (receiver: number, like: string) =>
  queryRows<{ title: string; content: string }>(
    s.db,
    sql`SELECT payload->>'title' AS title, payload->>'content' AS content FROM outbox
      WHERE topic = 'notify' AND ${receiver} = ANY(SELECT jsonb_array_elements_text(payload->'receiverUserIds')::int) AND payload->>'content' LIKE ${`%${like}%`}`,
  );

describe('即将到期', () => {
  it('lists what ends within the days asked, and what has ended, to HR only; bad filters are refused in words', async () => {
    const soon = await certificate('叉车操作证', 20);
    await certificate('过期的健康证', -3);
    const page = await s.post<Page<ExpiryItem>>(E('page'), { days: 30, kind: 'certificate', keyword: empName, pageSize: 100 }, hr);
    expect(page.code, page.message).toBe('200');
    const rows = page.data.records.filter((r) => r.employeeId === empId);
    expect(rows.find((r) => r.key === `certificate:${soon}`)).toMatchObject({ kindName: '资格证书', itemName: '叉车操作证', daysLeft: 20 });
    expect(rows.find((r) => r.itemName === '过期的健康证')?.daysLeft).toBe(-3);
    const ahead = await s.post<Page<ExpiryItem>>(E('page'), { days: 30, kind: 'certificate', expired: false, keyword: empName }, hr);
    expect(ahead.data.records.map((r) => r.itemName)).not.toContain('过期的健康证');
    expect((await s.post<Page<ExpiryItem>>(E('page'), { days: 10, kind: 'certificate', expired: false, keyword: empName }, hr)).data.records).toEqual([]);
    // The roster flags the one past its date.
    const roster = await s.post<Page<RosterRecord>>('/hr_api/hrm/api/roster/getRosterPage', { keyword: empName }, hr);
    expect(roster.data.records.find((r) => r.id === empId)?.expiredCount).toBeGreaterThanOrEqual(1);

    expect((await s.post(E('page'), { days: 30 }, emp)).status).toBe(403);
    const bad = await s.post(E('page'), { days: 400 }, hr);
    expect([bad.status, bad.message]).toEqual([400, expect.stringContaining('提醒天数须为1至365之间的整数')]);
    expect((await s.post(E('page'), { kind: 'passport' }, hr)).message).toContain('不支持的到期类型');
    const xlsx = await s.raw(E('export'), {
      method: 'POST',
      body: JSON.stringify({ days: 30, kind: 'certificate' }),
      headers: { authorization: `Bearer ${hr}`, 'content-type': 'application/json' },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('keeps reminder days HR sets, refusing impossible ones', async () => {
    expect((await s.post<ExpirySettings>(E('settings'), {}, hr)).data).toEqual({ days: [90, 60, 30, 7] });
    for (const days of [[], [0], [30, 30], [1, 2, 3, 4, 5, 6, 7], ['x']]) {
      const refused = await s.post(E('saveSettings'), { days }, hr);
      expect(refused.status, JSON.stringify(days)).toBe(400);
      expect(refused.message).toMatch(/提醒天数/);
    }
    expect((await s.post(E('saveSettings'), { days: [30] }, mgr)).status).toBe(403);
    const saved = await s.post<ExpirySettings>(E('saveSettings'), { days: [7, 45] }, hr);
    expect(saved.data).toEqual({ days: [45, 7] });
    expect((await s.post<ExpirySettings>(E('settings'), {}, hr)).data).toEqual({ days: [45, 7] });
    expect((await s.post(E('saveSettings'), { days: [90, 60, 30, 7] }, hr)).code).toBe('200');
  });

  it('reminds the employee and HR once per period, for the shortest period first seen in, and again for a new date', async () => {
    const id = await certificate('特种作业操作证', 5);
    const [hrUser] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM users WHERE user_code = 'hr01'`);
    expect(await remindExpiries(s.db, today())).toBeGreaterThan(0);
    const mine = await notices(empUserId, '特种作业操作证');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.title).toBe(`到期提醒：您的资格证书「特种作业操作证」将于 ${addDays(today(), 5)} 到期`);
    expect(mine[0]?.content).toContain('还有 5 天');
    expect(await notices(Number(hrUser?.id), '特种作业操作证')).toHaveLength(1);
    // The same day again, or another process sweeping too: nothing more.
    const [again] = await Promise.all([remindExpiries(s.db, today()), remindExpiries(s.db, today())]);
    expect(await notices(empUserId, '特种作业操作证')).toHaveLength(1);
    expect(again).toBeGreaterThanOrEqual(0);
    // Renewed to a new date inside a period: reminded again for it.
    await s.db.execute(sql`UPDATE employee_certificates SET expire_date = ${addDays(today(), 25)}::date WHERE id = ${id}`);
    await remindExpiries(s.db, today());
    expect(await notices(empUserId, '特种作业操作证')).toHaveLength(2);
    // Past its date it is no longer reminded (the list shows it as 已过期).
    await s.db.execute(sql`UPDATE employee_certificates SET expire_date = ${addDays(today(), -1)}::date WHERE id = ${id}`);
    await remindExpiries(s.db, today());
    expect(await notices(empUserId, '特种作业操作证')).toHaveLength(2);
  });
});
