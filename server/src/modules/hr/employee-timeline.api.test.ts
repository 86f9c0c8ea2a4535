import type { TimelineEntry } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';

/** Issue 39: 员工时间线 — a person's events in time order, for them and for HR in scope only. */
let s: TestServer;
let hr: string;
let emp: string;
let other: string;
let empId: number;
beforeAll(async () => {
  s = await startTestServer();
  [hr, emp, other] = await Promise.all([s.login('hr01'), s.login('emp01'), s.login('emp02')]);
  const [row] = await queryRows<{ id: number }>(s.db, sql`SELECT e.id FROM employees e JOIN users u ON u.id = e.user_id WHERE u.user_code = 'emp01'`);
  empId = Number(row?.id);
});
afterAll(() => s.close());

const T = '/hr_api/hrm/api/roster/getRosterTimeline';

describe('the employee timeline', () => {
  it('puts entry, certificates, rewards and leave in time order, newest first, each named as the product names it', async () => {
    await s.db.execute(sql`INSERT INTO employee_certificates (employee_id, name, issuer, issue_date, expire_date)
      VALUES (${empId}, '时间线测试证书', '人社局', '2026-03-05', '2029-03-04')`);
    await s.db.execute(sql`INSERT INTO employee_awards (employee_id, name, award_date) VALUES (${empId}, '时间线测试奖励', '2026-01-20')`);
    const mine = await s.post<TimelineEntry[]>(T, {}, emp);
    expect(mine.code, mine.message).toBe('200');
    const dates = mine.data.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(mine.data.find((e) => e.title === '取得资格证书「时间线测试证书」')).toMatchObject({
      kind: 'certificate',
      date: '2026-03-05',
      detail: '发证机构 人社局，有效期至 2029-03-04',
      link: '/PersonalCenter/EditCertificate',
    });
    expect(mine.data.find((e) => e.title === '获得奖励「时间线测试奖励」')?.date).toBe('2026-01-20');
    expect(mine.data.some((e) => e.kind === 'lifecycle' && e.title === '入职')).toBe(true);
    // Pay is never part of it.
    expect(JSON.stringify(mine.data)).not.toMatch(/salary|薪资|月薪/);
  });

  it('is read by HR in scope (without the personal centre links) and by nobody else', async () => {
    const byHr = await s.post<TimelineEntry[]>(T, { employeeId: empId }, hr);
    expect(byHr.code, byHr.message).toBe('200');
    expect(byHr.data.find((e) => e.kind === 'certificate')?.link).toBeNull();
    expect((await s.post(T, { employeeId: empId }, other)).status).toBe(404);
    expect((await s.post(T, { employeeId: 'x' }, hr)).status).toBe(400);
  });
});
