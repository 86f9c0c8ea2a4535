import type { MyDataRead, Page, PersonalDataRead } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';

/** Issue 34 §5: every read of another person's sensitive personal data is recorded; the admin reads the log, the person sees who looked. */
let s: TestServer;
let admin: string;
let hr: string;
let mgr: string;
let emp: string;
let fin: string;
let empId: number;
beforeAll(async () => {
  s = await startTestServer();
  [admin, hr, mgr, emp, fin] = await Promise.all([s.login('admin'), s.login('hr01'), s.login('mgr01'), s.login('emp01'), s.login('fin01')]);
  const [row] = await queryRows<{ id: number }>(s.db, sql`SELECT e.id FROM employees e JOIN users u ON u.id = e.user_id WHERE u.user_code = 'emp01'`);
  empId = Number(row?.id);
});
afterAll(() => s.close());

const PV = (n: string) => `/base_api/base/api/privacy/${n}`;
const HR = (n: string) => `/hr_api/hrm/api/${n}`;

const reads = async () =>
  queryRows<{ reader: string; subject: number | null; count: number; fields: string; call: string; filter: string | null; ip: string | null }>(
    s.db,
    sql`SELECT u.user_code AS reader, r.subject_employee_id AS subject, r.subject_count AS count, r.fields, r.call, r.filter, r.ip
      FROM personal_data_reads r JOIN users u ON u.id = r.reader_user_id ORDER BY r.id`,
  );
const newReads = async (work: () => Promise<unknown>) => {
  const before = (await reads()).length;
  await work();
  return (await reads()).slice(before);
};

describe('recording reads', () => {
  it("records HR's read of another's ID number, contacts and bank account; not the person's own read, nor a masked one", async () => {
    const base = await newReads(() => s.post(HR('roster/getRosterBaseInfo'), { employeeId: empId }, hr));
    expect(base).toEqual([
      { reader: 'hr01', subject: empId, count: 1, fields: '身份证号', call: '/hr_api/hrm/api/roster/getRosterBaseInfo', filter: null, ip: expect.any(String) },
    ]);
    const link = await newReads(() => s.post(HR('roster/getRosterLinkInfo'), { employeeId: empId }, hr));
    expect(link.map((r) => r.fields)).toEqual([expect.stringContaining('手机号')]);
    const bank = await s.post<unknown[]>(HR('bank/getBankByEmployee'), { employeeId: empId }, hr);
    if (bank.data.length) expect((await reads()).at(-1)).toMatchObject({ reader: 'hr01', subject: empId, fields: '银行账号' });

    // Their own data: nothing recorded.
    expect(await newReads(() => s.post(HR('roster/getRosterBaseInfo'), { employeeId: null }, emp))).toEqual([]);
    // A manager reads the roster masked (no view-sensitive permission): nothing revealed, nothing recorded.
    const masked = await s.post<{ masked: boolean }>(HR('roster/getRosterBaseInfo'), { employeeId: empId }, mgr);
    if (masked.code === '200' && masked.data.masked) expect((await reads()).filter((r) => r.reader === 'mgr01')).toEqual([]);
  });

  it('records a list or an export as one row with how many people and the filter', async () => {
    const page = await newReads(() => s.post(HR('roster/getRosterPage'), { pageIndex: 1, pageSize: 20, name: '' }, hr));
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ reader: 'hr01', subject: null, fields: '身份证号、手机号' });
    expect(page[0]?.count).toBeGreaterThan(1);
    expect(page[0]?.filter).not.toContain('pageIndex');
    const slips = await newReads(async () => {
      const res = await s.post<Page<{ id: number }>>('/salary_api/salary/payroll/slipPage', { month: await lastSlipMonth(), pageSize: 50 }, fin);
      expect(res.code).toBe('200');
    });
    expect(slips).toEqual([expect.objectContaining({ reader: 'fin01', subject: null, fields: '薪资' })]);
  });

  it('records a payslip opened by finance against its person', async () => {
    const [slip] = await queryRows<{ id: number; employee: number }>(
      s.db,
      sql`SELECT s.id, e.id AS employee FROM pay_slips s JOIN employees e ON e.user_id = s.user_id
        WHERE s.user_id NOT IN (SELECT id FROM users WHERE user_code = 'fin01') ORDER BY s.id LIMIT 1`,
    );
    const got = await newReads(() => s.post('/salary_api/salary/payroll/slipDetail', { id: slip?.id }, fin));
    expect(got).toEqual([expect.objectContaining({ reader: 'fin01', subject: Number(slip?.employee), fields: '薪资' })]);
  });
});

async function lastSlipMonth(): Promise<number> {
  const [row] = await queryRows<{ month: number }>(s.db, sql`SELECT max(month) AS month FROM pay_slips`);
  return Number(row?.month);
}

describe('reading the log', () => {
  it('the administrator pages, filters and exports it; others are refused', async () => {
    await s.post(HR('roster/getRosterBaseInfo'), { employeeId: empId }, hr);
    const page = await s.post<Page<PersonalDataRead>>(PV('readLogPage'), { pageIndex: 1, pageSize: 10, readerName: '人事' }, admin);
    expect(page.code).toBe('200');
    const all = await s.post<Page<PersonalDataRead>>(PV('readLogPage'), { pageIndex: 1, pageSize: 100 }, admin);
    const mine = all.data.records.find((r) => r.subjectEmployeeId === empId && r.fields === '身份证号');
    expect(mine).toMatchObject({ readerCode: 'hr01', subjectCount: 1, call: '/hr_api/hrm/api/roster/getRosterBaseInfo' });
    expect(mine?.subjectName).toEqual(expect.any(String));
    const bySubject = await s.post<Page<PersonalDataRead>>(PV('readLogPage'), { pageIndex: 1, pageSize: 100, subjectName: mine?.subjectName }, admin);
    expect(bySubject.data.records.every((r) => r.subjectName === mine?.subjectName)).toBe(true);
    const xlsx = await s.raw(PV('readLogExport'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ ROOT: { header: {}, body: {} } }),
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheet');
    for (const token of [hr, emp, fin]) expect((await s.post(PV('readLogPage'), { pageIndex: 1, pageSize: 10 }, token)).status).toBe(403);
  });

  it('the employee sees who read their data, with the reader’s roles, and not their own reads', async () => {
    await s.post(HR('roster/getRosterBaseInfo'), { employeeId: null }, emp);
    const mine = await s.post<Page<MyDataRead>>(PV('myDataReads'), { pageIndex: 1, pageSize: 50 }, emp);
    expect(mine.code).toBe('200');
    expect(mine.data.total).toBeGreaterThan(0);
    expect(mine.data.records.every((r) => r.readerName !== null)).toBe(true);
    const hrRead = mine.data.records.find((r) => r.fields === '身份证号');
    expect(hrRead?.readerRoles).toEqual(expect.any(String));
    expect(hrRead?.readerRoles.length).toBeGreaterThan(0);
    // Someone nobody read sees none.
    const nobody = await s.post<Page<MyDataRead>>(PV('myDataReads'), { pageIndex: 1, pageSize: 10 }, admin);
    expect(nobody.data.records.filter((r) => r.readerName === '系统管理员')).toEqual([]);
  });

  it('keeps the log for the retention set: out of range is refused, a shorter one prunes older rows', async () => {
    expect((await s.post(PV('saveSettings'), { retentionDays: 30 }, admin)).status).toBe(400);
    expect((await s.post(PV('saveSettings'), { retentionDays: 'x' }, admin)).status).toBe(400);
    expect((await s.post<{ retentionDays: number }>(PV('settings'), {}, admin)).data.retentionDays).toBe(1095);
    await s.db.execute(sql`INSERT INTO personal_data_reads (at, reader_user_id, subject_employee_id, fields, call)
      SELECT now() - interval '400 days', id, ${empId}, '身份证号', 'old' FROM users WHERE user_code = 'hr01'`);
    const saved = await s.post<{ retentionDays: number }>(PV('saveSettings'), { retentionDays: 365 }, admin);
    expect(saved.data.retentionDays).toBe(365);
    expect((await reads()).filter((r) => r.call === 'old')).toEqual([]);
    expect((await reads()).length).toBeGreaterThan(0);
    expect((await s.post(PV('saveSettings'), { retentionDays: 365 }, hr)).status).toBe(403);
  });
});
