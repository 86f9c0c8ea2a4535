import { HOURS_MSG, NORMAL_DAY_MINUTES, type PayRunRecord, PERSON_CATEGORY, SALARY_MSG } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { requireSecondPerson } from '../../platform/controls/four-eyes';
import type { Db } from '../../platform/db';
import { queryRows } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { daysOfMonth, dayType, holidaysOfMonth } from '../finance/hours/calendar';
import { type CityRates, computePay, type YearToDate } from './pay-formula';

/**
 * The payroll run of a month (docs/domain/hours-pay.md, "Payroll months"): the inputs of a batch
 * of employees are read in one statement (post standard, approved hours, leave, uploads, special
 * deductions, the year so far), computed with the one pay formula, and written back in one
 * statement, so 50,000 people never sit in memory at once. The whole run is one transaction
 * holding the month's row lock: a second compute or a close waits, and readers see the old
 * payslips until the new ones are complete.
 */

const BATCH = 1000;

/** Region categories (REGIONCATEGORY) of cities: 一类 the four first-tier cities, 二类 capitals, municipalities and cities under separate state planning. */
const FIRST_TIER = ['北京', '上海', '广州', '深圳'];
const SECOND_TIER = [
  '天津',
  '重庆',
  '石家庄',
  '太原',
  '呼和浩特',
  '沈阳',
  '长春',
  '哈尔滨',
  '南京',
  '杭州',
  '合肥',
  '福州',
  '南昌',
  '济南',
  '郑州',
  '武汉',
  '长沙',
  '南宁',
  '海口',
  '成都',
  '贵阳',
  '昆明',
  '拉萨',
  '西安',
  '兰州',
  '西宁',
  '银川',
  '乌鲁木齐',
  '大连',
  '青岛',
  '宁波',
  '厦门',
];

export function regionOfCity(city: string | null | undefined): string {
  const c = (city ?? '').replace(/市$/, '');
  if (FIRST_TIER.includes(c)) return '001';
  if (SECOND_TIER.includes(c)) return '002';
  return '003';
}

const list = (names: string[]) =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
/** The same mapping in SQL, for the post-standard join. */
const regionSql = (city: SQL) =>
  sql`CASE WHEN regexp_replace(coalesce(${city}, ''), '市$', '') IN (${list(FIRST_TIER)}) THEN '001'
    WHEN regexp_replace(coalesce(${city}, ''), '市$', '') IN (${list(SECOND_TIER)}) THEN '002' ELSE '003' END`;
/** Grade level → RANKLEVEL: P1–P2 初级, P3–P4 中级, P5–P6 高级, P7–P8 资深, management 专家; no grade 中级. */
const rankSql = (level: SQL) =>
  sql`CASE WHEN ${level} IS NULL THEN '002' WHEN ${level} <= 2 THEN '001' WHEN ${level} <= 4 THEN '002' WHEN ${level} <= 6 THEN '003' WHEN ${level} <= 8 THEN '004' ELSE '005' END`;

/** Months since year 0 (yyyymm → a count), for installments. */
export const monthIndex = (m: number) => Math.floor(m / 100) * 12 + (m % 100) - 1;
export const monthStart = (m: number) => `${Math.floor(m / 100)}-${String(m % 100).padStart(2, '0')}-01`;
export const monthEnd = (m: number) => daysOfMonth(m).at(-1) as string;
export const addMonths = (ym: number, n: number) => {
  const t = Math.floor(ym / 100) * 12 + (ym % 100) - 1 + n;
  return Math.floor(t / 12) * 100 + (t % 12) + 1;
};

interface RateRow {
  city: string;
  year: number;
  pension_bp: number;
  medical_bp: number;
  medical_fixed: string | number;
  unemployment_bp: number;
  housing_bp: number;
  employer_pension_bp: number;
  employer_medical_bp: number;
  employer_unemployment_bp: number;
  employer_injury_bp: number;
  employer_maternity_bp: number;
  employer_housing_bp: number;
  si_base_min: string | number;
  si_base_max: string | number;
  hf_base_min: string | number;
  hf_base_max: string | number;
}

/** Each city's rates for a year: that year's row, else the city's latest earlier one. */
async function ratesOfYear(db: Db, year: number): Promise<Map<string, CityRates>> {
  const rows = await queryRows<RateRow>(db, sql`SELECT DISTINCT ON (city) * FROM pay_city_rates WHERE year <= ${year} ORDER BY city, year DESC`);
  return new Map(
    rows.map((r) => [
      r.city,
      {
        pensionBp: Number(r.pension_bp),
        medicalBp: Number(r.medical_bp),
        medicalFixed: Number(r.medical_fixed),
        unemploymentBp: Number(r.unemployment_bp),
        housingBp: Number(r.housing_bp),
        employerPensionBp: Number(r.employer_pension_bp),
        employerMedicalBp: Number(r.employer_medical_bp),
        employerUnemploymentBp: Number(r.employer_unemployment_bp),
        employerInjuryBp: Number(r.employer_injury_bp),
        employerMaternityBp: Number(r.employer_maternity_bp),
        employerHousingBp: Number(r.employer_housing_bp),
        siBaseMin: Number(r.si_base_min),
        siBaseMax: Number(r.si_base_max),
        hfBaseMin: Number(r.hf_base_min),
        hfBaseMax: Number(r.hf_base_max),
      },
    ]),
  );
}

interface InputRow {
  employee_id: number;
  user_id: number;
  org_id: number | null;
  entry_date: string | null;
  leave_date: string | null;
  salary_cents: number | null;
  social_city: string | null;
  social_base: string | null;
  fund_city: string | null;
  fund_base: string | null;
  post_name: string | null;
  post_region: string | null;
  post_rank: string | null;
  post_salary: string | null;
  post_allowance: string | null;
  mh_rows: number;
  normal: number;
  ot_w: number;
  ot_r: number;
  ot_h: number;
  leave_all: number;
  leave_personal: number;
  leave_sick: number;
  other_income: string | null;
  other_deduction: string | null;
  special: string | null;
  loan_repay: string | null;
  loan_nos: string | null;
  ytd_months: number;
  ytd_income: string | null;
  ytd_contributions: string | null;
  ytd_special: string | null;
  ytd_tax: string | null;
}

/** The inputs of the next batch of employees paid in the month, after user id `after`. */
function inputBatch(month: number, after: number): SQL {
  const from = monthStart(month);
  const to = monthEnd(month);
  const yearStart = Math.floor(month / 100) * 100 + 1;
  return sql`
    SELECT e.id AS employee_id, e.user_id, u.org_id, e.entry_date::text AS entry_date, e.leave_date::text AS leave_date, e.salary_cents,
      e.social_city, e.social_base_cents AS social_base, e.fund_city, e.fund_base_cents AS fund_base,
      ps.post_name, ps.region_category AS post_region, ps.rank_level AS post_rank, ps.monthly_salary AS post_salary, ps.allowance AS post_allowance,
      mh.n AS mh_rows, mh.normal, mh.ot_w, mh.ot_r, mh.ot_h,
      lv.all_minutes AS leave_all, lv.personal AS leave_personal, lv.sick AS leave_sick,
      acc.other_income, acc.other_deduction, sp.special, ln.repay AS loan_repay, ln.nos AS loan_nos,
      ytd.n AS ytd_months, ytd.income AS ytd_income, ytd.contributions AS ytd_contributions, ytd.special AS ytd_special, ytd.tax AS ytd_tax
    FROM employees e
    JOIN users u ON u.id = e.user_id
    LEFT JOIN grades g ON g.id = e.grade_id
    LEFT JOIN LATERAL (SELECT p.post_name, p.region_category, p.rank_level, p.monthly_salary, p.allowance FROM fin_post_standards p
      WHERE p.post_name = e.position_name AND p.region_category = ${regionSql(sql`e.social_city`)} AND p.rank_level = ${rankSql(sql`g.level`)} LIMIT 1) ps ON true
    LEFT JOIN LATERAL (SELECT count(*)::int AS n, coalesce(sum(normal_minutes), 0)::int AS normal, coalesce(sum(ot_workday_minutes), 0)::int AS ot_w,
        coalesce(sum(ot_restday_minutes), 0)::int AS ot_r, coalesce(sum(ot_holiday_minutes), 0)::int AS ot_h
      FROM fin_man_hours m WHERE m.month = ${month} AND m.user_id = e.user_id) mh ON true
    LEFT JOIN LATERAL (SELECT coalesce(sum(minutes), 0)::int AS all_minutes,
        coalesce(sum(minutes) FILTER (WHERE leave_type = '002'), 0)::int AS personal,
        coalesce(sum(minutes) FILTER (WHERE leave_type = '003'), 0)::int AS sick
      FROM fin_leave_records l WHERE l.user_id = e.user_id AND l.deleted_at IS NULL AND l.start_date >= ${from} AND l.start_date <= ${to}) lv ON true
    LEFT JOIN pay_accessions acc ON acc.month = ${month} AND acc.user_id = e.user_id
    LEFT JOIN LATERAL (SELECT sum(monthly_amount) AS special FROM pay_special_deductions d
      WHERE d.user_id = e.user_id AND d.from_month <= ${month} AND (d.to_month IS NULL OR d.to_month >= ${month})) sp ON true
    LEFT JOIN LATERAL (SELECT sum(CASE WHEN x.k = l.installments - 1 THEN l.amount - l.monthly_repayment * (l.installments - 1) ELSE l.monthly_repayment END) AS repay,
        string_agg(l.loan_no || ' 第' || (x.k + 1) || '/' || l.installments || '期', '、' ORDER BY l.id) AS nos
      FROM pay_loans l CROSS JOIN LATERAL (SELECT ${monthIndex(month)}::int - ((l.first_month / 100) * 12 + l.first_month % 100 - 1) AS k) x
      WHERE l.user_id = e.user_id AND l.state = 'passed' AND x.k >= 0 AND x.k < l.installments) ln ON true
    LEFT JOIN LATERAL (SELECT count(*)::int AS n, sum(gross) AS income, sum(social_insurance + housing_fund) AS contributions,
        sum(special_deduction) AS special, sum(tax) AS tax
      FROM pay_slips s WHERE s.user_id = e.user_id AND s.month >= ${yearStart} AND s.month < ${month}) ytd ON true
    WHERE e.user_id > ${after}
      AND (e.entry_date IS NULL OR e.entry_date <= ${to})
      AND (e.leave_date IS NULL OR e.leave_date >= ${from})
      AND (e.employ_state <> '005' OR e.leave_date IS NOT NULL)
    ORDER BY e.user_id
    LIMIT ${BATCH}`;
}

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

/** Working days (W) of the month, as a sorted list. */
async function workingDays(db: Db, month: number): Promise<string[]> {
  const holidays = await holidaysOfMonth(db, month);
  return daysOfMonth(month).filter((d) => dayType(d, holidays) === 'W');
}

function slipOf(month: number, runId: number, row: InputRow, workdays: string[], rates: Map<string, CityRates>, userId: number | null) {
  const from = row.entry_date && row.entry_date > monthStart(month) ? row.entry_date : null;
  const to = row.leave_date && row.leave_date < monthEnd(month) ? row.leave_date : null;
  const inWindow = workdays.filter((d) => (!from || d >= from) && (!to || d <= to)).length;
  // Working days before joining or after leaving are not paid; someone with approved hours is paid
  // for the working time those hours and the leave cover, the rest of the month counts as absence.
  const outside = (workdays.length - inWindow) * NORMAL_DAY_MINUTES;
  const uncovered = row.mh_rows > 0 ? Math.max(0, inWindow * NORMAL_DAY_MINUTES - row.normal - row.leave_all) : 0;
  const post = row.post_salary !== null;
  const salary = post ? num(row.post_salary) : num(row.salary_cents);
  const ytd: YearToDate = {
    months: row.ytd_months,
    income: num(row.ytd_income),
    contributions: num(row.ytd_contributions),
    special: num(row.ytd_special),
    otherDeductions: 0,
    tax: num(row.ytd_tax),
  };
  const siCity = row.social_city ?? null;
  const hfCity = row.fund_city ?? siCity;
  const r = computePay({
    monthlySalary: salary,
    allowance: post ? num(row.post_allowance) : 0,
    otherIncome: num(row.other_income),
    otherDeductions: num(row.other_deduction),
    otWorkdayMinutes: row.ot_w,
    otRestdayMinutes: row.ot_r,
    otHolidayMinutes: row.ot_h,
    unpaidMinutes: row.leave_personal + outside + uncovered,
    sickMinutes: row.leave_sick,
    socialBase: row.social_base === null ? null : num(row.social_base),
    fundBase: row.fund_base === null ? null : num(row.fund_base),
    rates: siCity ? (rates.get(siCity) ?? null) : null,
    fundRates: hfCity ? (rates.get(hfCity) ?? null) : null,
    socialCity: siCity,
    fundCity: hfCity,
    salarySource: post ? `岗位标准（${row.post_name}·${row.post_region}·${row.post_rank}）月工资` : '员工档案月工资',
    special: num(row.special),
    loanRepayment: num(row.loan_repay),
    loanNote: row.loan_nos ? `借款 ${row.loan_nos}` : undefined,
    ytd,
  });
  const minutesNote = [
    row.mh_rows ? `已审批正常工时 ${row.normal / 60} 小时` : null,
    row.leave_all ? `请假 ${row.leave_all / 60} 小时（事假 ${row.leave_personal / 60}，病假 ${row.leave_sick / 60}）` : null,
    outside ? `入离职前后工作日 ${outside / 60} 小时` : null,
    uncovered ? `无工时无请假的工作日 ${uncovered / 60} 小时` : null,
  ].filter(Boolean);
  if (minutesNote.length)
    r.lines.splice(1, 0, { code: 'attendance', label: '考勤', amount: 0, formula: `本月工作日 ${workdays.length} 天；${minutesNote.join('；')}` });
  return {
    run_id: runId,
    month,
    user_id: row.user_id,
    employee_id: row.employee_id,
    org_id: row.org_id,
    base_pay: r.basePay,
    allowance: r.allowance,
    overtime_pay: r.overtime,
    leave_deduction: r.leave,
    other_income: r.otherIncome,
    gross: r.gross,
    social_insurance: r.socialInsurance,
    housing_fund: r.housingFund,
    employer_social_insurance: r.employerSocialInsurance,
    employer_housing_fund: r.employerHousingFund,
    special_deduction: r.special,
    tax: r.tax,
    other_deductions: num(row.other_deduction) + num(row.loan_repay),
    net: r.net,
    tax_month: r.cumulative.months,
    cum_income: r.cumulative.income,
    cum_deductions: r.cumulative.contributions + r.cumulative.special + 500_000 * r.cumulative.months,
    cum_taxable: r.cumulativeTaxable,
    cum_tax: r.cumulative.tax,
    lines: r.lines,
    created_by: userId,
  };
}

const SLIP_COLUMNS = sql.raw(
  'run_id, month, user_id, employee_id, org_id, base_pay, allowance, overtime_pay, leave_deduction, other_income, gross, social_insurance, housing_fund, employer_social_insurance, employer_housing_fund, special_deduction, tax, other_deductions, net, tax_month, cum_income, cum_deductions, cum_taxable, cum_tax, lines, created_by',
);
const SLIP_TYPES = sql.raw(
  'run_id int, month int, user_id int, employee_id int, org_id int, base_pay bigint, allowance bigint, overtime_pay bigint, leave_deduction bigint, other_income bigint, gross bigint, social_insurance bigint, housing_fund bigint, employer_social_insurance bigint, employer_housing_fund bigint, special_deduction bigint, tax bigint, other_deductions bigint, net bigint, tax_month int, cum_income bigint, cum_deductions bigint, cum_taxable bigint, cum_tax bigint, lines jsonb, created_by int',
);

interface RunRow {
  id: number;
  month: number;
  state: string;
}

/** The month's run, locked for the rest of the transaction; created open when asked. */
async function lockRun(tx: Db, month: number, create: boolean, userId: number | null): Promise<RunRow | undefined> {
  if (create) await tx.execute(sql`INSERT INTO pay_runs (month, created_by) VALUES (${month}, ${userId}) ON CONFLICT (month) DO NOTHING`);
  const [run] = await queryRows<RunRow>(tx, sql`SELECT id, month, state FROM pay_runs WHERE month = ${month} FOR UPDATE`);
  return run;
}

export interface ComputeOptions {
  /** The current month of the business calendar: later months are refused. */
  currentMonth: number;
  userId: number | null;
}

/** Computes (or recomputes) every payslip of a month. */
export async function computeMonth(db: Db, month: number, opts: ComputeOptions): Promise<void> {
  if (month > opts.currentMonth) throw badRequest(SALARY_MSG.future);
  const workdays = await workingDays(db, month);
  const rates = await ratesOfYear(db, Math.floor(month / 100));
  await db.transaction(async (tx) => {
    const run = (await lockRun(tx, month, true, opts.userId)) as RunRow;
    if (run.state === 'closed') throw conflict(SALARY_MSG.closed);
    const [later] = await queryRows<{ month: number }>(
      tx,
      sql`SELECT month FROM pay_runs WHERE month > ${month} AND month <= ${Math.floor(month / 100) * 100 + 12} AND state = 'closed' LIMIT 1`,
    );
    if (later) throw conflict(SALARY_MSG.laterClosed);
    await tx.execute(sql`DELETE FROM pay_slips WHERE month = ${month}`);
    let after = 0;
    for (;;) {
      const rows = await queryRows<InputRow>(tx, inputBatch(month, after));
      if (!rows.length) break;
      const slips = rows.map((r) => slipOf(month, run.id, r, workdays, rates, opts.userId));
      after = (rows.at(-1) as InputRow).user_id;
      await tx.execute(sql`INSERT INTO pay_slips (${SLIP_COLUMNS})
        SELECT ${SLIP_COLUMNS} FROM jsonb_to_recordset(${JSON.stringify(slips)}::jsonb) AS x(${SLIP_TYPES})`);
      if (rows.length < BATCH) break;
    }
    await tx.execute(sql`UPDATE pay_runs r SET employee_count = t.n, gross_total = t.gross, contribution_total = t.contributions,
        employer_contribution_total = t.employer, tax_total = t.tax, net_total = t.net, computed_at = now(), updated_at = now(), updated_by = ${opts.userId}
      FROM (SELECT count(*)::int AS n, coalesce(sum(gross), 0) AS gross, coalesce(sum(social_insurance + housing_fund), 0) AS contributions,
              coalesce(sum(employer_social_insurance + employer_housing_fund), 0) AS employer,
              coalesce(sum(tax), 0) AS tax, coalesce(sum(net), 0) AS net FROM pay_slips WHERE month = ${month}) t
      WHERE r.id = ${run.id}`);
  });
}

/** Creates a payroll month (新增工资表); an existing one is refused. */
export async function addRun(db: Db, month: number, opts: ComputeOptions): Promise<void> {
  if (month > opts.currentMonth) throw badRequest(SALARY_MSG.future);
  const [exists] = await queryRows<{ id: number }>(db, sql`SELECT id FROM pay_runs WHERE month = ${month}`);
  if (exists) throw conflict(SALARY_MSG.runExists);
  await computeMonth(db, month, opts);
}

/** Closes a computed month; months must be closed in order within a year. */
export async function closeMonth(db: Db, month: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, month, false, userId);
    if (!run) throw notFound(SALARY_MSG.runMissing);
    if (run.state === 'closed') throw conflict(SALARY_MSG.alreadyClosed);
    // updated_by is who computed it last: only a computation writes an open month's row.
    const [computed] = await queryRows<{ at: string | null; by: number | null }>(
      tx,
      sql`SELECT computed_at AS at, updated_by AS by FROM pay_runs WHERE id = ${run.id}`,
    );
    if (!computed?.at) throw conflict(SALARY_MSG.notComputed);
    const [earlier] = await queryRows<{ month: number }>(
      tx,
      sql`SELECT month FROM pay_runs WHERE month < ${month} AND month >= ${Math.floor(month / 100) * 100 + 1} AND state <> 'closed' LIMIT 1`,
    );
    if (earlier) throw conflict(`${SALARY_MSG.earlierOpen}（${earlier.month}）`);
    await requireSecondPerson(tx, userId, [computed.by], SALARY_MSG.closeOwn);
    await tx.execute(
      sql`UPDATE pay_runs SET state = 'closed', closed_at = now(), closed_by = ${userId}, updated_at = now(), updated_by = ${userId} WHERE id = ${run.id}`,
    );
    await writeProjectActuals(tx, month, userId);
  });
}

/** Where a payslip's cost goes: the pay by the person's category, the employer's part by its subject. */
const PAY_SUBJECT = { outsourced: 'OUT04', other: 'OUT01', employerSocialInsurance: 'OUT02', employerHousingFund: 'OUT03' } as const;

/**
 * The month's people cost per project, as project actuals (source `payroll`), in the closing
 * transaction: each payslip's gross (OUT04 for outsourced staff, person category 003, else OUT01),
 * employer social insurance (OUT02) and housing fund (OUT03) split over the projects the person
 * has approved hours on that month, in proportion to normal + overtime minutes, by largest
 * remainder so the parts add up to the fen. People without project hours cost no project. One
 * statement for the whole month (50,000 payslips); the kept sums of the staffing economics
 * follow through the triggers on fin_project_actuals (migration 0029).
 */
async function writeProjectActuals(tx: Db, month: number, userId: number): Promise<void> {
  // A month is closed once; its rows are replaced should it ever be written again.
  await tx.execute(sql`DELETE FROM fin_project_actuals WHERE month = ${month} AND source = 'payroll'`);
  await tx.execute(sql`
    WITH hours AS (
      SELECT m.user_id, m.project_id, (m.normal_minutes + m.ot_workday_minutes + m.ot_restday_minutes + m.ot_holiday_minutes)::bigint AS w
      FROM fin_man_hours m
      WHERE m.month = ${month} AND m.normal_minutes + m.ot_workday_minutes + m.ot_restday_minutes + m.ot_holiday_minutes > 0
    ),
    weighted AS (
      SELECT h.user_id, h.project_id, h.w, sum(h.w) OVER (PARTITION BY h.user_id) AS total FROM hours h
    ),
    amounts AS (
      SELECT s.user_id, a.code, a.amount
      FROM pay_slips s LEFT JOIN employees e ON e.id = s.employee_id
      CROSS JOIN LATERAL (VALUES
        (CASE WHEN e.person_category = ${PERSON_CATEGORY.outsourced} THEN ${PAY_SUBJECT.outsourced} ELSE ${PAY_SUBJECT.other} END, s.gross),
        (${PAY_SUBJECT.employerSocialInsurance}, s.employer_social_insurance),
        (${PAY_SUBJECT.employerHousingFund}, s.employer_housing_fund)) AS a(code, amount)
      WHERE s.month = ${month} AND a.amount <> 0
    ),
    shares AS (
      SELECT w.project_id, a.user_id, a.code, a.amount,
        floor((a.amount * w.w)::numeric / w.total)::bigint AS part,
        a.amount * w.w - floor((a.amount * w.w)::numeric / w.total)::bigint * w.total AS rest
      FROM amounts a JOIN weighted w ON w.user_id = a.user_id
    ),
    ranked AS (
      SELECT project_id, code, part, amount - sum(part) OVER (PARTITION BY user_id, code) AS short,
        row_number() OVER (PARTITION BY user_id, code ORDER BY rest DESC, project_id) AS k
      FROM shares
    )
    INSERT INTO fin_project_actuals (project_id, subject_id, budget_type, month, amount, source, created_by)
    SELECT r.project_id, b.id, b.budget_type, ${month}, sum(r.part + CASE WHEN r.k <= r.short THEN 1 ELSE 0 END), 'payroll', ${userId}
    FROM ranked r JOIN fin_budget_subjects b ON b.code = r.code
    GROUP BY r.project_id, b.id, b.budget_type
    HAVING sum(r.part + CASE WHEN r.k <= r.short THEN 1 ELSE 0 END) <> 0`);
}

/** Refuses a change to a month whose payroll is closed (the hours module has its own copy for timesheets). */
export async function assertPayrollOpen(db: Db, month: number): Promise<void> {
  const [run] = await queryRows<{ state: string }>(db, sql`SELECT state FROM pay_runs WHERE month = ${month}`);
  if (run?.state === 'closed') throw conflict(HOURS_MSG.payrollClosed);
}

export async function runRecord(db: Db, month: number): Promise<PayRunRecord> {
  const [r] = await queryRows<PayRunRecord>(db, runSelect(sql`r.month = ${month}`));
  if (!r) throw notFound(SALARY_MSG.runMissing);
  return normaliseRun(r);
}

export function runSelect(where: SQL, tail: SQL = sql``): SQL {
  return sql`SELECT r.id, r.month, r.state, r.employee_count AS "employeeCount", r.gross_total AS "grossTotal", r.contribution_total AS "contributionTotal",
      r.employer_contribution_total AS "employerContributionTotal",
      r.tax_total AS "taxTotal", r.net_total AS "netTotal", to_char(r.computed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "computedAt",
      to_char(r.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "closedAt", u.real_name AS "closedByName", count(*) OVER () AS total
    FROM pay_runs r LEFT JOIN users u ON u.id = r.closed_by WHERE ${where} ${tail}`;
}

export function normaliseRun(r: PayRunRecord): PayRunRecord {
  return {
    id: r.id,
    month: r.month,
    state: r.state,
    employeeCount: Number(r.employeeCount),
    grossTotal: Number(r.grossTotal),
    contributionTotal: Number(r.contributionTotal),
    employerContributionTotal: Number(r.employerContributionTotal),
    taxTotal: Number(r.taxTotal),
    netTotal: Number(r.netTotal),
    computedAt: r.computedAt,
    closedAt: r.closedAt,
    closedByName: r.closedByName,
  };
}
