import type {
  CityRateRecord,
  ImportResult,
  LoanRecord,
  Page,
  PayAccessionRecord,
  PayMemberRecord,
  PayMergeRow,
  PayRunRecord,
  PaySlipDetail,
  PaySlipRecord,
  SpecialDeductionRecord,
} from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { systemState } from '../../db/schema';
import { FOUR_EYES_KEY } from '../../platform/controls/four-eyes';
import { queryRows } from '../../platform/db';
import { daysOfMonth, dayType, holidaysOfMonth } from '../finance/hours/calendar';
import { addMonths } from './payroll';

let s: TestServer;
let fin: string;
let hr: string;
let mgr: string;
let emp: string;
let emp2: string;
const P = (n: string) => `/salary_api/salary/payroll/${n}`;
const S = (n: string) => `/salary_api/salary/salary/${n}`;
const MH = (n: string) => `/finance_api/finance/manHour/${n}`;
const L = (n: string) => `/finance_api/finance/loan/${n}`;
const now = new Date();
const thisMonth = now.getFullYear() * 100 + now.getMonth() + 1;
const lastMonth = addMonths(thisMonth, -1);
const one = async <T>(statement: ReturnType<typeof sql>) => (await queryRows<T>(s.db, statement))[0] as T;
const userId = async (code: string) => Number((await one<{ id: number }>(sql`SELECT id FROM users WHERE user_code = ${code}`)).id);

beforeAll(async () => {
  s = await startTestServer();
  [fin, hr, mgr, emp, emp2] = await Promise.all([s.login('fin01'), s.login('hr01'), s.login('mgr01'), s.login('emp01'), s.login('emp02')]);
});
afterAll(() => s.close());

async function multipart<T>(path: string, fields: Record<string, string>, token: string, file?: { rows: Array<Array<string | number>>; name?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('工资核算');
    for (const r of file.rows) ws.addRow(r);
    form.set('file', new Blob([await wb.xlsx.writeBuffer()]), file.name ?? 'pay.xlsx');
  }
  return s.raw(path, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }) as Promise<{
    status: number;
    code: string;
    message: string;
    data: T;
  }>;
}

describe('demo payroll', () => {
  it('has six months, the first five closed, with payslips whose lines add up', async () => {
    const runs = await s.post<Page<PayRunRecord>>(P('runPage'), { pageSize: 20 }, fin);
    expect(runs.code, runs.message).toBe('200');
    expect(runs.data.records.map((r) => r.month).slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5].map((i) => addMonths(lastMonth, -i)));
    expect(runs.data.records[0]?.state).toBe('open');
    expect(runs.data.records.slice(1, 6).every((r) => r.state === 'closed' && r.closedAt)).toBe(true);
    const latest = runs.data.records[0] as PayRunRecord;
    expect(latest.employeeCount).toBeGreaterThan(30);
    const slips = await s.post<Page<PaySlipRecord>>(P('slipPage'), { month: lastMonth, pageSize: 500 }, fin);
    expect(slips.data.total).toBe(latest.employeeCount);
    expect(slips.data.records.reduce((t, r) => t + r.net, 0)).toBe(latest.netTotal);
    for (const r of slips.data.records) {
      expect(r.gross).toBe(r.basePay + r.allowance + r.overtimePay - r.leaveDeduction + r.otherIncome);
      expect(r.net).toBe(r.gross - r.socialInsurance - r.housingFund - r.tax - r.otherDeductions);
    }
    const withOvertime = slips.data.records.find((r) => r.overtimePay > 0) as PaySlipRecord;
    expect(withOvertime, 'someone worked overtime').toBeDefined();
    const detail = await s.post<PaySlipDetail>(P('slipDetail'), { id: withOvertime.id }, fin);
    const codes = detail.data.lines.map((l) => l.code);
    expect(codes).toEqual(expect.arrayContaining(['base', 'overtime', 'gross', 'pension', 'medical', 'unemployment', 'housingFund', 'tax', 'net']));
    expect(detail.data.lines.find((l) => l.code === 'overtime')?.formula).toContain('21.75');
    expect(detail.data.lines.find((l) => l.code === 'tax')?.formula).toContain('累计应纳税所得额');
    expect(detail.data.taxMonth).toBeGreaterThanOrEqual(1);
  });

  it('lists the merge, the team members, the city rates and the special deductions', async () => {
    const merged = await s.post<{ rows: PayMergeRow[]; total: PayMergeRow }>(P('merge'), { month: lastMonth, groupBy: 'city' }, fin);
    expect(merged.code, merged.message).toBe('200');
    expect(merged.data.rows.length).toBeGreaterThan(3);
    expect(merged.data.rows.reduce((t, r) => t + r.net, 0)).toBe(merged.data.total.net);
    for (const groupBy of ['org', 'client']) expect((await s.post(P('merge'), { month: lastMonth, groupBy }, hr)).code).toBe('200');
    expect((await s.post(P('merge'), { month: lastMonth, groupBy: 'x' }, fin)).status).toBe(400);
    const members = await s.post<Page<PayMemberRecord>>(P('memberPage'), { month: lastMonth, pageSize: 100 }, fin);
    expect(members.data.total).toBeGreaterThan(30);
    expect(members.data.records.some((m) => m.specialMonthly > 0)).toBe(true);
    const rates = await s.post<Page<CityRateRecord>>(P('cityRatePage'), { year: 2026 }, hr);
    expect(rates.data.total).toBeGreaterThanOrEqual(9);
    expect(rates.data.records.find((r) => r.city === '上海')).toMatchObject({
      pensionBp: 800,
      housingBp: 700,
      employerPensionBp: 1600,
      employerHousingBp: 700,
    });
    const special = await s.post<Page<SpecialDeductionRecord>>(P('specialPage'), { pageSize: 100 }, fin);
    expect(special.data.total).toBeGreaterThan(10);
  });

  it('refuses people without the payroll permissions (employees, managers) and HR’s writes', async () => {
    expect((await s.post(P('runPage'), {}, emp)).status).toBe(403);
    expect((await s.post(P('slipPage'), { month: lastMonth }, mgr)).status).toBe(403);
    expect((await s.post(P('slipPage'), { month: lastMonth }, emp)).status).toBe(403);
    expect((await s.post(P('compute'), { month: lastMonth }, hr)).status).toBe(403);
    expect((await s.post(P('close'), { month: lastMonth }, hr)).status).toBe(403);
    expect((await s.post(P('cityRateSave'), {}, hr)).status).toBe(403);
    expect((await s.post(MH('getPayAccessionPageList'), { month: lastMonth }, emp)).status).toBe(403);
    expect((await s.post(P('runPage'), {}, null)).status).toBe(401);
    expect((await s.post(P('slipPage'), {}, fin)).status).toBe(400);
  });
});

describe('computing and closing a month', () => {
  it('computes one person’s month from the post standard, approved hours, leave, rates and uploads', async () => {
    // A person with a known month: salary 17,400 (hourly wage 100), 10 h workday, 8 h rest-day and
    // 8 h holiday overtime, one day of personal leave and one of sick leave, an upload of 300 / 100.
    const uid = await userId('user07');
    await s.db.execute(sql`UPDATE employees SET position_name = '无标准岗位', salary_cents = 1740000, social_city = '上海', social_base_cents = NULL,
      fund_city = '上海', fund_base_cents = NULL, entry_date = '2020-01-01', leave_date = NULL, employ_state = '002' WHERE user_id = ${uid}`);
    const holidays = await holidaysOfMonth(s.db, thisMonth);
    const workdays = daysOfMonth(thisMonth).filter((d) => dayType(d, holidays) === 'W');
    const project = await one<{ id: number }>(sql`SELECT id FROM fin_projects ORDER BY id LIMIT 1`);
    await s.db.execute(sql`DELETE FROM fin_man_hours WHERE month = ${thisMonth} AND user_id = ${uid}`);
    await s.db.execute(sql`DELETE FROM fin_leave_records WHERE user_id = ${uid} AND start_date >= ${`${daysOfMonth(thisMonth)[0]}`}`);
    await s.db.execute(sql`INSERT INTO fin_man_hours (month, user_id, project_id, normal_minutes, ot_workday_minutes, ot_restday_minutes, ot_holiday_minutes)
      VALUES (${thisMonth}, ${uid}, ${project.id}, ${(workdays.length - 2) * 480}, 600, 480, 480)`);
    await s.db.execute(sql`INSERT INTO fin_leave_records (user_id, leave_type, start_date, end_date, minutes) VALUES
      (${uid}, '002', ${workdays[0]}, ${workdays[0]}, 480), (${uid}, '003', ${workdays[1]}, ${workdays[1]}, 480)`);
    await s.db.execute(sql`DELETE FROM pay_special_deductions WHERE user_id = ${uid}`);
    const upload = await multipart<ImportResult>(MH('payAccessionUpload'), { confirm: 'true' }, fin, {
      rows: [
        ['工号', '月份', '其他收入（元）', '其他扣款（元）', '备注'],
        ['user07', thisMonth, '300', '100.5', '测试'],
      ],
    });
    expect(upload.code, upload.message).toBe('200');
    expect(upload.data.written).toBe(1);

    const run = await s.post<PayRunRecord>(P('runAdd'), { month: thisMonth }, fin);
    expect(run.code, run.message).toBe('200');
    expect(run.data.state).toBe('open');
    expect((await s.post(P('runAdd'), { month: thisMonth }, fin)).status).toBe(409);
    const page = await s.post<Page<PaySlipRecord>>(P('slipPage'), { month: thisMonth, keyword: 'user07' }, fin);
    const slip = page.data.records[0] as PaySlipRecord;
    expect(slip.basePay).toBe(17_400_00);
    expect(slip.overtimePay).toBe(5_500_00); // 100 × (1.5 × 10 + 2 × 8 + 3 × 8)
    expect(slip.leaveDeduction).toBe(960_00); // 8 h personal + 20 % of 8 h sick
    expect(slip.otherIncome).toBe(300_00);
    expect(slip.gross).toBe(17_400_00 + 5_500_00 - 960_00 + 300_00);
    const shanghai = await one<{ min: string }>(
      sql`SELECT si_base_min AS min FROM pay_city_rates WHERE city = '上海' AND year = ${Math.floor(thisMonth / 100)}`,
    );
    expect(Number(shanghai.min)).toBeLessThan(17_400_00);
    expect(slip.socialInsurance).toBe(1_392_00 + 348_00 + 87_00);
    expect(slip.housingFund).toBe(1_218_00);
    // The employer's part on the same base (Shanghai: 16 %, 10 %, 0.5 %, 0.2 %; housing fund 7 %).
    expect(slip.employerSocialInsurance).toBe(2_784_00 + 1_740_00 + 87_00 + 34_80);
    expect(slip.employerHousingFund).toBe(1_218_00);
    expect(slip.otherDeductions).toBe(100_50);
    expect(slip.net).toBe(slip.gross - slip.socialInsurance - slip.housingFund - slip.tax - 100_50);
    // The tax of the month is the cumulative tax less what earlier payslips of the year withheld.
    const detail = await s.post<PaySlipDetail>(P('slipDetail'), { id: slip.id }, fin);
    const before = await one<{ n: number; tax: string | null; income: string | null }>(
      sql`SELECT count(*)::int AS n, sum(tax) AS tax, sum(gross) AS income FROM pay_slips WHERE user_id = ${uid} AND month >= ${Math.floor(thisMonth / 100) * 100 + 1} AND month < ${thisMonth}`,
    );
    expect(detail.data.taxMonth).toBe(before.n + 1);
    expect(detail.data.cumIncome).toBe(Number(before.income ?? 0) + slip.gross);
    expect(detail.data.cumTax - Number(before.tax ?? 0)).toBe(slip.tax);
    expect(detail.data.lines.find((l) => l.code === 'attendance')?.formula).toContain('事假 8');
  });

  it('deducts an approved salary advance in monthly installments; one open advance per person', async () => {
    const user07 = await s.login('user07');
    expect((await s.post(L('apply'), { amount: 60_000_00, installments: 3, firstMonth: thisMonth, reason: '太多' }, user07)).status).toBe(400);
    expect((await s.post(L('apply'), { amount: 3_000_00, installments: 13, firstMonth: thisMonth, reason: 'x' }, user07)).status).toBe(400);
    const closedEarlier = await s.post(L('apply'), { amount: 3_000_00, installments: 3, firstMonth: addMonths(thisMonth, -2), reason: '备用金' }, user07);
    expect(closedEarlier.status).toBe(400);
    expect(closedEarlier.message).toContain('首次还款月份须晚于已关账的月份');
    const applied = await s.post<LoanRecord>(L('apply'), { amount: 3_000_00, installments: 3, firstMonth: thisMonth, reason: '医疗费用' }, user07);
    expect(applied.code, applied.message).toBe('200');
    expect(applied.data).toMatchObject({ state: 'approving', monthlyRepayment: 1_000_00, lastMonth: addMonths(thisMonth, 2) });
    expect(applied.data.loanNo).toMatch(/^JK\d{12}$/);
    const twice = await s.post(L('apply'), { amount: 1_000_00, installments: 1, firstMonth: thisMonth, reason: '再借' }, user07);
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('您有审批中或未还清的借款，不能再次申请');
    // emp01's demo advance waits for finance; another employee cannot read it.
    expect((await s.post(L('apply'), { amount: 1_000_00, installments: 1, firstMonth: addMonths(thisMonth, 1), reason: 'x' }, emp)).status).toBe(409);
    expect((await s.post(L('detail'), { id: applied.data.id }, emp)).status).toBe(404);
    const todo = await s.post<Page<LoanRecord>>(L('page'), { todo: true }, fin);
    const mine = todo.data.records.find((r) => r.id === applied.data.id) as LoanRecord;
    expect(mine?.taskId).toBeGreaterThan(0);
    expect((await s.post(L('pass'), { taskId: mine.taskId }, emp)).status).toBeGreaterThanOrEqual(400);
    expect((await s.post(L('pass'), { taskId: mine.taskId }, fin)).code).toBe('200');
    expect((await s.post<LoanRecord>(L('detail'), { id: applied.data.id }, user07)).data.state).toBe('passed');
    expect((await s.post(L('pass'), { taskId: mine.taskId }, fin)).status).toBe(409);

    expect((await s.post(P('compute'), { month: thisMonth }, fin)).code).toBe('200');
    const page = await s.post<Page<PaySlipRecord>>(P('slipPage'), { month: thisMonth, keyword: 'user07' }, fin);
    const slip = page.data.records[0] as PaySlipRecord;
    expect(slip.otherDeductions).toBe(100_50 + 1_000_00);
    expect(slip.net).toBe(slip.gross - slip.socialInsurance - slip.housingFund - slip.tax - slip.otherDeductions);
    const detail = await s.post<PaySlipDetail>(P('slipDetail'), { id: slip.id }, fin);
    expect(detail.data.lines.find((l) => l.code === 'loan')).toMatchObject({
      amount: -1_000_00,
      formula: expect.stringContaining(`${applied.data.loanNo} 第1/3期`),
    });
    // The demo advances are being repaid from the closed months.
    const user03 = await s.login('user03');
    const theirs = await s.post<Page<LoanRecord>>(L('page'), {}, user03);
    expect(theirs.data.records[0]?.repaid).toBeGreaterThan(0);
  });

  it('refuses a future month, a close out of order and any change to a closed month', async () => {
    expect((await s.post(P('compute'), { month: addMonths(thisMonth, 1) }, fin)).status).toBe(400);
    expect((await s.post(P('compute'), { month: 202613 }, fin)).status).toBe(400);
    if (Math.floor(lastMonth / 100) === Math.floor(thisMonth / 100)) {
      const early = await s.post(P('close'), { month: thisMonth }, fin);
      expect(early.status).toBe(409);
      expect(early.message).toContain('请先关账之前月份的工资');
    }
    // hr01 computed last month in the demo data: finance closes it.
    expect((await s.post(P('close'), { month: lastMonth }, fin)).code).toBe('200');
    // Four-eyes: fin01 computed this month above, so fin01 may not close it, unless the company switches the rule off.
    const own = await s.post(P('close'), { month: thisMonth }, fin);
    expect([own.status, own.message]).toEqual([403, '不能关账本人核算的工资月份，请由其他财务人员复核后关账']);
    // 内控设置 is the administrator's: others are refused, a wrong type is a 400, and the switch applies to the next check.
    const CS = (n: string) => `/base_api/base/api/controls/${n}`;
    const admin = await s.login('admin');
    expect((await s.post(CS('saveSettings'), { fourEyes: false, claimBudget: 'warn' }, fin)).status).toBe(403);
    expect((await s.post(CS('saveSettings'), { fourEyes: 'off', claimBudget: 'warn' }, admin)).status).toBe(400);
    expect((await s.post(CS('saveSettings'), { fourEyes: false, claimBudget: 'sometimes' }, admin)).status).toBe(400);
    expect((await s.post(CS('settings'), {}, admin)).data).toEqual({ fourEyes: true, claimBudget: 'warn' });
    expect((await s.post(CS('saveSettings'), { fourEyes: false, claimBudget: 'warn' }, admin)).data).toEqual({ fourEyes: false, claimBudget: 'warn' });
    const closed = await s.post<PayRunRecord>(P('close'), { month: thisMonth }, fin);
    expect((await s.post(CS('saveSettings'), { fourEyes: true, claimBudget: 'warn' }, admin)).code).toBe('200');
    const [stored] = await s.db.select().from(systemState).where(eq(systemState.key, FOUR_EYES_KEY));
    expect(stored?.value).toBe('on');
    expect(closed.code, closed.message).toBe('200');
    expect(closed.data).toMatchObject({ state: 'closed', closedByName: expect.any(String) });
    const again = await s.post(P('compute'), { month: thisMonth }, fin);
    expect(again.status).toBe(409);
    expect(again.message).toBe('该月工资已关账，不能修改');
    expect((await s.post(P('close'), { month: thisMonth }, fin)).status).toBe(409);
    expect((await s.post(P('compute'), { month: lastMonth }, fin)).status).toBe(409);
    // The month's timesheets, man-hours and uploads are locked too.
    const upload = await multipart<ImportResult>(MH('payAccessionUpload'), { confirm: 'true' }, fin, {
      rows: [
        ['工号', '月份', '其他收入（元）', '其他扣款（元）', '备注'],
        ['user07', thisMonth, '1', '', ''],
      ],
    });
    expect(upload.data.written).toBe(0);
    expect(upload.data.errors[0]?.message).toBe('该月工资已关账，不能修改');
    const mh = await one<{ id: number }>(sql`SELECT id FROM fin_man_hours WHERE month = ${thisMonth} LIMIT 1`);
    const put = await s.raw(MH('listUpdate'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fin}` },
      body: JSON.stringify({ rows: [{ id: mh.id, remark: 'x' }] }),
    });
    expect(put.status).toBe(409);
    const special = await s.post(P('specialSave'), { userId: await userId('user07'), kind: '002', monthlyAmount: 400_00, fromMonth: thisMonth }, fin);
    expect(special.status).toBe(409);
    const slips = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM pay_slips WHERE month = ${thisMonth}`);
    expect(slips.n).toBeGreaterThan(30);
  });
});

describe('two computes at once', () => {
  it('serialise on the month: one set of payslips, totals matching', async () => {
    // Two years back: no later month of that year is closed (the demo closes the last months only).
    const month = addMonths(thisMonth, -24);
    const [a, b] = await Promise.all([s.post<PayRunRecord>(P('compute'), { month }, fin), s.post<PayRunRecord>(P('compute'), { month }, fin)]);
    expect([a.code, b.code]).toEqual(['200', '200']);
    const t = await one<{ n: number; dup: number; net: string }>(
      sql`SELECT count(*)::int AS n, (count(*) - count(DISTINCT user_id))::int AS dup, sum(net) AS net FROM pay_slips WHERE month = ${month}`,
    );
    expect(t.dup).toBe(0);
    const run = await s.post<Page<PayRunRecord>>(P('runPage'), { pageSize: 50 }, fin);
    const row = run.data.records.find((r) => r.month === month) as PayRunRecord;
    expect(row.employeeCount).toBe(t.n);
    expect(row.netTotal).toBe(Number(t.net));
  });
});

describe('city rates and special deductions', () => {
  it('adds, refuses duplicates and bad figures, changes and removes a city’s rates', async () => {
    const input = {
      city: '苏州',
      year: 2026,
      pensionBp: 800,
      medicalBp: 200,
      unemploymentBp: 50,
      housingBp: 800,
      siBaseMin: 4_494_00,
      siBaseMax: 24_042_00,
      hfBaseMin: 2_490_00,
      hfBaseMax: 36_300_00,
    };
    const added = await s.post<CityRateRecord>(P('cityRateSave'), input, fin);
    expect(added.code, added.message).toBe('200');
    expect(added.data.medicalFixed).toBe(0);
    // No employer rates given: the social insurance items are 0, the housing fund the employee's rate.
    expect(added.data).toMatchObject({ employerPensionBp: 0, employerInjuryBp: 0, employerHousingBp: 800 });
    const employer = {
      employerPensionBp: 1600,
      employerMedicalBp: 900,
      employerUnemploymentBp: 50,
      employerInjuryBp: 20,
      employerMaternityBp: 80,
      employerHousingBp: 1000,
    };
    const withEmployer = await s.post<CityRateRecord>(P('cityRateSave'), { ...input, id: added.data.id, ...employer }, fin);
    expect(withEmployer.data).toMatchObject(employer);
    expect((await s.post(P('cityRateSave'), { ...input, id: added.data.id, employerHousingBp: 1300 }, fin)).message).toContain('单位公积金比例为5%至12%');
    expect((await s.post(P('cityRateSave'), { ...input, id: added.data.id, employerPensionBp: 3001 }, fin)).status).toBe(400);
    // A change that leaves them out keeps them.
    expect((await s.post<CityRateRecord>(P('cityRateSave'), { ...input, id: added.data.id, pensionBp: 810 }, fin)).data).toMatchObject({
      pensionBp: 810,
      ...employer,
    });
    const dup = await s.post(P('cityRateSave'), input, fin);
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('该城市该年度的费率已存在');
    expect((await s.post(P('cityRateSave'), { ...input, year: 2027, housingBp: 1500 }, fin)).message).toContain('5%至12%');
    expect((await s.post(P('cityRateSave'), { ...input, year: 2027, siBaseMin: 30_000_00 }, fin)).message).toContain('下限不能高于上限');
    expect((await s.post(P('cityRateSave'), { ...input, year: 2027, pensionBp: -1 }, fin)).status).toBe(400);
    const changed = await s.post<CityRateRecord>(P('cityRateSave'), { ...input, id: added.data.id, housingBp: 1000 }, fin);
    expect(changed.data.housingBp).toBe(1000);
    expect((await s.post(P('cityRateDelete'), { id: added.data.id }, fin)).code).toBe('200');
    expect((await s.post(P('cityRateDelete'), { id: added.data.id }, fin)).status).toBe(404);
  });

  it('keeps deductions used by closed months and checks the amounts', async () => {
    const uid = await userId('user09');
    const next = addMonths(thisMonth, 1);
    const added = await s.post<SpecialDeductionRecord>(P('specialSave'), { userId: uid, kind: '002', monthlyAmount: 400_00, fromMonth: next }, fin);
    expect(added.code, added.message).toBe('200');
    expect((await s.post(P('specialSave'), { userId: uid, kind: '002', monthlyAmount: 500_00, fromMonth: next }, fin)).message).toContain(
      '每月扣除金额超过该项目的标准',
    );
    expect((await s.post(P('specialSave'), { userId: uid, kind: '005', monthlyAmount: 100_00, fromMonth: next, toMonth: thisMonth }, fin)).message).toContain(
      '结束月份不能早于开始月份',
    );
    expect((await s.post(P('specialSave'), { userId: uid, kind: '009', monthlyAmount: 100_00, fromMonth: next }, fin)).status).toBe(400);
    expect((await s.post(P('specialDelete'), { id: added.data.id }, fin)).code).toBe('200');
    // A demo deduction started in a closed month: only its end may move, and it cannot be removed.
    const used = await one<{ id: number; user_id: number; kind: string; monthly_amount: string; from_month: number }>(
      sql`SELECT id, user_id, kind, monthly_amount, from_month FROM pay_special_deductions WHERE from_month <= ${addMonths(thisMonth, -2)} LIMIT 1`,
    );
    const base = { id: used.id, userId: used.user_id, kind: used.kind, monthlyAmount: Number(used.monthly_amount), fromMonth: used.from_month };
    expect((await s.post(P('specialSave'), { ...base, monthlyAmount: 1_00 }, fin)).status).toBe(409);
    expect((await s.post(P('specialDelete'), { id: used.id }, fin)).status).toBe(409);
    const ended = await s.post<SpecialDeductionRecord>(P('specialSave'), { ...base, toMonth: addMonths(thisMonth, 2) }, fin);
    expect(ended.code, ended.message).toBe('200');
    expect(ended.data.toMonth).toBe(addMonths(thisMonth, 2));
  });
});

describe('pay accession', () => {
  it('lists a month, gives the template and imports nothing from a file with a wrong row', async () => {
    const page = await s.post<Page<PayAccessionRecord>>(MH('getPayAccessionPageList'), { month: lastMonth, pageSize: 50 }, fin);
    expect(page.code, page.message).toBe('200');
    expect(page.data.total).toBeGreaterThan(5);
    expect(page.data.records.some((r) => r.normalHours > 0)).toBe(true);
    expect(page.data.records.some((r) => r.otherIncome > 0 || r.otherDeduction > 0)).toBe(true);
    const template = await fetch(`${s.url}${MH('payAccessionTemplate')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fin}` },
      body: '{}',
    });
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
    const month = addMonths(thisMonth, -13);
    const bad = await multipart<ImportResult>(MH('payAccessionUpload'), { confirm: 'true' }, fin, {
      rows: [
        ['工号', '月份', '其他收入（元）', '其他扣款（元）', '备注'],
        ['user11', month, '100', '', ''],
        ['nobody', month, '100', '', ''],
        ['user12', month, '-5', '', ''],
        ['user13', 'x', '1.234', '', ''],
        ['user11', month, '1', '', ''],
      ],
    });
    expect(bad.code, bad.message).toBe('200');
    expect(bad.data.written).toBe(0);
    expect(bad.data.errors.map((e) => e.row).sort()).toEqual([3, 4, 5, 5, 6]);
    const none = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM pay_accessions WHERE month = ${month}`);
    expect(none.n).toBe(0);
    expect((await multipart(MH('payAccessionUpload'), { confirm: 'true' }, emp, { rows: [['工号']] })).status).toBe(403);
  });
});

describe('my payslips', () => {
  it('shows my closed months without amounts, and the payslips after my password', async () => {
    const months = await s.post<Array<{ id: number; month: number }>>(S('myMonths'), {}, emp2);
    expect(months.code, months.message).toBe('200');
    expect(Object.keys(months.data[0] ?? {})).not.toContain('net');
    const mine = await multipart<PaySlipDetail[]>(S('selectByUserCode'), { password: 'Demo@123', userCode: 'emp02' }, emp2);
    expect(mine.code, mine.message).toBe('200');
    expect(mine.data.length).toBe(months.data.length);
    const emp2Id = await userId('emp02');
    expect(mine.data.every((p) => p.userId === emp2Id && p.runState === 'closed')).toBe(true);
    if (mine.data[0]) {
      expect(mine.data[0].lines.find((l) => l.code === 'net')).toMatchObject({ amount: mine.data[0].net });
      // The employer's part follows net as information (单位缴纳).
      expect(mine.data[0].lines.at(-1)).toMatchObject({ code: 'employer', amount: mine.data[0].employerSocialInsurance + mine.data[0].employerHousingFund });
    }
    const fins = await multipart<PaySlipDetail[]>(S('selectByUserCode'), { password: 'Demo@123' }, fin);
    expect(fins.data.length).toBeGreaterThanOrEqual(5);
    const oneMonth = await multipart<PaySlipDetail[]>(S('selectByUserCode'), { password: 'Demo@123', month: String(addMonths(lastMonth, -1)) }, fin);
    expect(oneMonth.data.map((p) => p.month)).toEqual([addMonths(lastMonth, -1)]);
  });

  it('refuses a wrong password, another employee’s code and another employee’s PDF', async () => {
    const wrong = await multipart(S('selectByUserCode'), { password: 'nope' }, emp);
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('密码不正确');
    const other = await multipart(S('selectByUserCode'), { password: 'Demo@123', userCode: 'fin01' }, emp);
    expect(other.status).toBe(403);
    expect(other.message).toBe('只能查看本人的工资条');
    expect((await multipart(S('selectByUserCode'), {}, emp)).status).toBe(400);
    expect((await multipart(S('selectByUserCode'), { password: 'Demo@123' }, '')).status).toBe(401);
    const finSlip = await one<{ id: number }>(
      sql`SELECT s.id FROM pay_slips s JOIN pay_runs r ON r.id = s.run_id JOIN users u ON u.id = s.user_id WHERE u.user_code = 'fin01' AND r.state = 'closed' LIMIT 1`,
    );
    const pdf = (id: number, password: string, token: string) =>
      fetch(`${s.url}${S('payslipPdf')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id, password }),
      });
    expect((await pdf(finSlip.id, 'Demo@123', emp)).status).toBe(403);
    expect((await pdf(finSlip.id, 'wrong', fin)).status).toBe(400);
    const ok = await pdf(finSlip.id, 'Demo@123', fin);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await ok.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(400_000);
    const open = await one<{ id: number }>(
      sql`SELECT s.id FROM pay_slips s JOIN pay_runs r ON r.id = s.run_id JOIN users u ON u.id = s.user_id WHERE u.user_code = 'fin01' AND r.state = 'open' LIMIT 1`,
    );
    if (open) expect((await pdf(open.id, 'Demo@123', fin)).status).toBe(404);
  });
});
