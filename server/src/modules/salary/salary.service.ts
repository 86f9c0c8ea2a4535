import {
  type CityRateInput,
  type CityRateRecord,
  type Page,
  type PayMemberRecord,
  type PayMergeRow,
  type PayRunRecord,
  type PaySlipDetail,
  type PaySlipRecord,
  PERSONAL_FIELDS,
  SALARY_MSG,
  type SpecialDeductionInput,
  type SpecialDeductionRecord,
} from '@erp/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import { orgSubtreeIds } from '../../platform/auth/org-subtree';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { recordListRead, recordPersonalRead } from '../../platform/privacy/personal-data';
import { likePattern } from '../../platform/resource/filters';
import { monthEnd, monthStart, normaliseRun, runSelect } from './payroll';

/** Reads of payroll months and payslips, rates and special deductions (docs/domain/hours-pay.md). */

type Row = Record<string, unknown>;
const stampSql = (c: SQL) => sql`to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A page of a statement that carries `count(*) OVER () AS total`. */
export async function sqlPage<T>(db: Db, statement: SQL, pageIndex: number, pageSize: number, map: (r: Row) => T): Promise<Page<T>> {
  const rows = await queryRows<Row>(db, sql`${statement} LIMIT ${pageSize} OFFSET ${(pageIndex - 1) * pageSize}`);
  return { records: rows.map(map), total: Number(rows[0]?.total ?? 0), pageIndex, pageSize };
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// ---- Payroll months --------------------------------------------------------------------------------

export function runPage(db: Db, input: { pageIndex: number; pageSize: number; state?: string; year?: number | null }): Promise<Page<PayRunRecord>> {
  const where = [sql`true`];
  if (input.state) where.push(sql`r.state = ${input.state}`);
  if (input.year) where.push(sql`r.month BETWEEN ${input.year * 100 + 1} AND ${input.year * 100 + 12}`);
  return sqlPage(db, runSelect(sql.join(where, sql` AND `), sql`ORDER BY r.month DESC`), input.pageIndex, input.pageSize, (r) =>
    normaliseRun(r as unknown as PayRunRecord),
  );
}

// ---- Payslips --------------------------------------------------------------------------------------

const SLIP_SELECT = sql`s.id, s.month, s.user_id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", s.org_id AS "orgId", o.name AS "orgName",
  s.base_pay AS "basePay", s.allowance, s.overtime_pay AS "overtimePay", s.leave_deduction AS "leaveDeduction", s.other_income AS "otherIncome",
  s.gross, s.social_insurance AS "socialInsurance", s.housing_fund AS "housingFund",
  s.employer_social_insurance AS "employerSocialInsurance", s.employer_housing_fund AS "employerHousingFund", s.special_deduction AS "specialDeduction", s.tax,
  s.other_deductions AS "otherDeductions", s.net, r.state AS "runState"`;
const SLIP_FROM = sql`FROM pay_slips s JOIN users u ON u.id = s.user_id LEFT JOIN org_units o ON o.id = s.org_id JOIN pay_runs r ON r.id = s.run_id`;

function slipRecord(r: Row): PaySlipRecord {
  return {
    id: n(r.id),
    month: n(r.month),
    userId: n(r.userId),
    userCode: String(r.userCode ?? ''),
    realName: String(r.realName ?? ''),
    orgId: nn(r.orgId),
    orgName: (r.orgName as string | null) ?? null,
    basePay: n(r.basePay),
    allowance: n(r.allowance),
    overtimePay: n(r.overtimePay),
    leaveDeduction: n(r.leaveDeduction),
    otherIncome: n(r.otherIncome),
    gross: n(r.gross),
    socialInsurance: n(r.socialInsurance),
    housingFund: n(r.housingFund),
    employerSocialInsurance: n(r.employerSocialInsurance),
    employerHousingFund: n(r.employerHousingFund),
    specialDeduction: n(r.specialDeduction),
    tax: n(r.tax),
    otherDeductions: n(r.otherDeductions),
    net: n(r.net),
    runState: String(r.runState ?? ''),
  };
}

function slipDetailOf(r: Row): PaySlipDetail {
  return {
    ...slipRecord(r),
    taxMonth: n(r.taxMonth),
    cumIncome: n(r.cumIncome),
    cumDeductions: n(r.cumDeductions),
    cumTaxable: n(r.cumTaxable),
    cumTax: n(r.cumTax),
    lines: (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as PaySlipDetail['lines'],
  };
}

const DETAIL_SELECT = sql`${SLIP_SELECT}, s.tax_month AS "taxMonth", s.cum_income AS "cumIncome", s.cum_deductions AS "cumDeductions",
  s.cum_taxable AS "cumTaxable", s.cum_tax AS "cumTax", s.lines`;

export interface SlipFilters {
  month: number;
  keyword?: string;
  orgId?: number | null;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

function slipWhere(user: Principal, f: SlipFilters): SQL {
  const where = [sql`s.month = ${f.month}`, dataScopeCondition(user, { orgId: sql`s.org_id`, ownerUserId: sql`s.user_id` })];
  if (f.keyword) where.push(sql`(u.real_name ILIKE ${likePattern(f.keyword)} OR u.user_code ILIKE ${likePattern(f.keyword)})`);
  if (f.orgId) where.push(sql`s.org_id IN (${orgSubtreeIds(Number(f.orgId))})`);
  return sql.join(where, sql` AND `);
}

const SLIP_SORT: Record<string, SQL> = { gross: sql`s.gross`, tax: sql`s.tax`, net: sql`s.net` };
function slipOrder(f: SlipFilters): SQL {
  const column = f.sortField ? SLIP_SORT[f.sortField] : undefined;
  if (!column) return sql`ORDER BY s.user_id`;
  return sql`ORDER BY ${column} ${f.sortOrder === 'ascend' ? sql`ASC` : sql`DESC`}, s.id`;
}

export async function slipPage(db: Db, user: Principal, input: SlipFilters & { pageIndex: number; pageSize: number }): Promise<Page<PaySlipRecord>> {
  const page = await sqlPage(
    db,
    sql`SELECT ${SLIP_SELECT}, count(*) OVER () AS total ${SLIP_FROM} WHERE ${slipWhere(user, input)} ${slipOrder(input)}`,
    input.pageIndex,
    input.pageSize,
    slipRecord,
  );
  await recordSlipsRead(db, user, page.records, input);
  return page;
}

/** The payslips of a month in pages of 5,000 (keyset on the user id): the export streams them. */
export async function* slipBatches(db: Db, user: Principal, f: SlipFilters): AsyncGenerator<PaySlipRecord[]> {
  let after = 0;
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`SELECT ${SLIP_SELECT} ${SLIP_FROM} WHERE ${slipWhere(user, f)} AND s.user_id > ${after} ORDER BY s.user_id LIMIT 5000`,
    );
    if (!rows.length) return;
    after = n(rows.at(-1)?.userId);
    const slips = rows.map(slipRecord);
    await recordSlipsRead(db, user, slips, f);
    yield slips;
    if (rows.length < 5000) return;
  }
}

export async function slipDetail(db: Db, user: Principal, id: number): Promise<PaySlipDetail> {
  const [r] = await queryRows<Row>(
    db,
    sql`SELECT ${DETAIL_SELECT} ${SLIP_FROM} WHERE s.id = ${id} AND ${dataScopeCondition(user, { orgId: sql`s.org_id`, ownerUserId: sql`s.user_id` })}`,
  );
  if (!r) throw notFound(SALARY_MSG.slipMissing);
  await recordPersonalRead(db, user, { subjectUserId: n(r.userId), fields: [PERSONAL_FIELDS.pay] });
  return slipDetailOf(r);
}

/** A list or export of others' payslips (issue 34 §5). */
const recordSlipsRead = (db: Db, user: Principal, slips: Array<{ userId: number }>, filter: unknown) =>
  recordListRead(db, user, { userIds: slips.map((s) => s.userId), fields: [PERSONAL_FIELDS.pay], filter });

/** Totals of a month per department, client company or contribution city (薪资合并). */
export async function merge(db: Db, user: Principal, month: number, groupBy: 'org' | 'client' | 'city'): Promise<{ rows: PayMergeRow[]; total: PayMergeRow }> {
  const key =
    groupBy === 'org'
      ? { key: sql`coalesce(o.id::text, '')`, name: sql`coalesce(o.name, '（无部门）')` }
      : groupBy === 'client'
        ? { key: sql`coalesce(c.id::text, '')`, name: sql`coalesce(c.name, '（本公司员工）')` }
        : { key: sql`coalesce(e.social_city, '')`, name: sql`coalesce(e.social_city, '（未设置）')` };
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${key.key} AS key, ${key.name} AS name, count(*)::int AS people, sum(s.gross) AS gross, sum(s.social_insurance) AS si,
        sum(s.housing_fund) AS hf, sum(s.tax) AS tax, sum(s.other_deductions) AS other, sum(s.net) AS net,
        sum(s.employer_social_insurance) AS er_si, sum(s.employer_housing_fund) AS er_hf
      FROM pay_slips s JOIN users u ON u.id = s.user_id LEFT JOIN org_units o ON o.id = s.org_id
      LEFT JOIN employees e ON e.id = s.employee_id LEFT JOIN org_units c ON c.id = e.client_company_id
      WHERE s.month = ${month} AND ${dataScopeCondition(user, { orgId: sql`s.org_id`, ownerUserId: sql`s.user_id` })}
      GROUP BY 1, 2 ORDER BY sum(s.gross) DESC LIMIT 500`,
  );
  const out = rows.map(
    (r): PayMergeRow => ({
      key: String(r.key),
      name: String(r.name),
      people: n(r.people),
      gross: n(r.gross),
      socialInsurance: n(r.si),
      housingFund: n(r.hf),
      tax: n(r.tax),
      otherDeductions: n(r.other),
      net: n(r.net),
      employerSocialInsurance: n(r.er_si),
      employerHousingFund: n(r.er_hf),
    }),
  );
  const total: PayMergeRow = {
    key: 'total',
    name: '合计',
    people: 0,
    gross: 0,
    socialInsurance: 0,
    housingFund: 0,
    tax: 0,
    otherDeductions: 0,
    net: 0,
    employerSocialInsurance: 0,
    employerHousingFund: 0,
  };
  for (const r of out) {
    total.people += r.people;
    total.gross += r.gross;
    total.socialInsurance += r.socialInsurance;
    total.housingFund += r.housingFund;
    total.tax += r.tax;
    total.otherDeductions += r.otherDeductions;
    total.net += r.net;
    total.employerSocialInsurance += r.employerSocialInsurance;
    total.employerHousingFund += r.employerHousingFund;
  }
  return { rows: out, total };
}

/** Employees paid in a month and their pay parameters (团队成员). */
export function memberPage(
  db: Db,
  user: Principal,
  input: { month: number; keyword?: string; pageIndex: number; pageSize: number },
): Promise<Page<PayMemberRecord>> {
  const from = monthStart(input.month);
  const to = monthEnd(input.month);
  const where = [
    sql`e.user_id IS NOT NULL`,
    sql`(e.entry_date IS NULL OR e.entry_date <= ${to})`,
    sql`(e.leave_date IS NULL OR e.leave_date >= ${from})`,
    sql`(e.employ_state <> '005' OR e.leave_date IS NOT NULL)`,
    dataScopeCondition(user, { orgId: sql`u.org_id`, ownerUserId: sql`u.id` }),
  ];
  if (input.keyword) where.push(sql`(u.real_name ILIKE ${likePattern(input.keyword)} OR u.user_code ILIKE ${likePattern(input.keyword)})`);
  return sqlPage(
    db,
    sql`SELECT u.id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", o.name AS "orgName", e.position_name AS "positionName",
        e.person_category AS "personCategory", s.lines->0->>'formula' AS "postStandard", coalesce(s.base_pay, e.salary_cents, 0) AS "monthlySalary",
        e.social_city AS "socialCity", e.social_base_cents AS "socialBase", e.fund_city AS "fundCity", e.fund_base_cents AS "fundBase",
        (SELECT coalesce(sum(monthly_amount), 0) FROM pay_special_deductions d WHERE d.user_id = u.id AND d.from_month <= ${input.month}
           AND (d.to_month IS NULL OR d.to_month >= ${input.month})) AS "specialMonthly",
        e.entry_date::text AS "entryDate", count(*) OVER () AS total
      FROM employees e JOIN users u ON u.id = e.user_id LEFT JOIN org_units o ON o.id = u.org_id
      LEFT JOIN pay_slips s ON s.month = ${input.month} AND s.user_id = u.id
      WHERE ${sql.join(where, sql` AND `)} ORDER BY u.id`,
    input.pageIndex,
    input.pageSize,
    (r) => ({
      userId: n(r.userId),
      userCode: String(r.userCode),
      realName: String(r.realName),
      orgName: (r.orgName as string | null) ?? null,
      positionName: (r.positionName as string | null) ?? null,
      personCategory: (r.personCategory as string | null) ?? null,
      postStandard: r.postStandard ? String(r.postStandard).replace(/ [\d.]+$/, '') : null,
      monthlySalary: n(r.monthlySalary),
      socialCity: (r.socialCity as string | null) ?? null,
      socialBase: nn(r.socialBase),
      fundCity: (r.fundCity as string | null) ?? null,
      fundBase: nn(r.fundBase),
      specialMonthly: n(r.specialMonthly),
      entryDate: (r.entryDate as string | null) ?? null,
    }),
  );
}

// ---- City rates --------------------------------------------------------------------------------------

const RATE_SELECT = sql`id, city, year, pension_bp AS "pensionBp", medical_bp AS "medicalBp", medical_fixed AS "medicalFixed", unemployment_bp AS "unemploymentBp",
  housing_bp AS "housingBp", employer_pension_bp AS "employerPensionBp", employer_medical_bp AS "employerMedicalBp",
  employer_unemployment_bp AS "employerUnemploymentBp", employer_injury_bp AS "employerInjuryBp", employer_maternity_bp AS "employerMaternityBp",
  employer_housing_bp AS "employerHousingBp", si_base_min AS "siBaseMin", si_base_max AS "siBaseMax", hf_base_min AS "hfBaseMin", hf_base_max AS "hfBaseMax",
  ${stampSql(sql`updated_at`)} AS "updatedAt"`;
const rateOf = (r: Row): CityRateRecord => ({
  id: n(r.id),
  city: String(r.city),
  year: n(r.year),
  pensionBp: n(r.pensionBp),
  medicalBp: n(r.medicalBp),
  medicalFixed: n(r.medicalFixed),
  unemploymentBp: n(r.unemploymentBp),
  housingBp: n(r.housingBp),
  employerPensionBp: n(r.employerPensionBp),
  employerMedicalBp: n(r.employerMedicalBp),
  employerUnemploymentBp: n(r.employerUnemploymentBp),
  employerInjuryBp: n(r.employerInjuryBp),
  employerMaternityBp: n(r.employerMaternityBp),
  employerHousingBp: n(r.employerHousingBp),
  siBaseMin: n(r.siBaseMin),
  siBaseMax: n(r.siBaseMax),
  hfBaseMin: n(r.hfBaseMin),
  hfBaseMax: n(r.hfBaseMax),
  updatedAt: String(r.updatedAt),
});

export function cityRatePage(db: Db, input: { city?: string; year?: number | null; pageIndex: number; pageSize: number }): Promise<Page<CityRateRecord>> {
  const where = [sql`true`];
  if (input.city) where.push(sql`city ILIKE ${likePattern(input.city)}`);
  if (input.year) where.push(sql`year = ${input.year}`);
  return sqlPage(
    db,
    sql`SELECT ${RATE_SELECT}, count(*) OVER () AS total FROM pay_city_rates WHERE ${sql.join(where, sql` AND `)} ORDER BY year DESC, city`,
    input.pageIndex,
    input.pageSize,
    rateOf,
  );
}

export async function cityRateSave(db: Db, userId: number, input: CityRateInput & { id?: number | null }): Promise<CityRateRecord> {
  const v = input as Required<CityRateInput> & { id?: number | null; medicalFixed: number };
  const [dup] = await queryRows<{ id: number }>(db, sql`SELECT id FROM pay_city_rates WHERE city = ${v.city} AND year = ${v.year} AND id <> ${v.id ?? 0}`);
  if (dup) throw conflict(SALARY_MSG.rateExists);
  // An employer rate left out keeps its stored value on a change; on a new row the social insurance
  // items are 0 and the housing fund is the employee's rate (the usual rule: both pay the same).
  const employer = (given: unknown, column: string, fresh: unknown) => {
    const rate = typeof given === 'number' ? given : null;
    return v.id ? sql`coalesce(${rate}::int, ${sql.raw(column)})` : sql`${rate ?? fresh}`;
  };
  const values = sql`${v.city}, ${v.year}, ${v.pensionBp}, ${v.medicalBp}, ${v.medicalFixed ?? 0}, ${v.unemploymentBp}, ${v.housingBp},
    ${employer(v.employerPensionBp, 'employer_pension_bp', 0)}, ${employer(v.employerMedicalBp, 'employer_medical_bp', 0)},
    ${employer(v.employerUnemploymentBp, 'employer_unemployment_bp', 0)}, ${employer(v.employerInjuryBp, 'employer_injury_bp', 0)},
    ${employer(v.employerMaternityBp, 'employer_maternity_bp', 0)}, ${employer(v.employerHousingBp, 'employer_housing_bp', v.housingBp)},
    ${v.siBaseMin}, ${v.siBaseMax}, ${v.hfBaseMin}, ${v.hfBaseMax}`;
  const columns = sql.raw(
    'city, year, pension_bp, medical_bp, medical_fixed, unemployment_bp, housing_bp, employer_pension_bp, employer_medical_bp, employer_unemployment_bp, employer_injury_bp, employer_maternity_bp, employer_housing_bp, si_base_min, si_base_max, hf_base_min, hf_base_max',
  );
  let rows: Row[];
  if (v.id) {
    rows = await queryRows<Row>(
      db,
      sql`UPDATE pay_city_rates SET (${columns}) = (${values}), updated_at = now(), updated_by = ${userId} WHERE id = ${v.id} RETURNING ${RATE_SELECT}`,
    );
    if (!rows.length) throw notFound('费率不存在');
  } else {
    try {
      rows = await queryRows<Row>(
        db,
        sql`INSERT INTO pay_city_rates (${columns}, created_by, updated_by)
          VALUES (${values}, ${userId}, ${userId}) RETURNING ${RATE_SELECT}`,
      );
    } catch (err) {
      // Two saves of the same city and year at once: the unique index decides.
      if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505') throw conflict(SALARY_MSG.rateExists);
      throw err;
    }
  }
  return rateOf(rows[0] as Row);
}

export async function cityRateDelete(db: Db, id: number): Promise<Row> {
  const rows = await queryRows<Row>(db, sql`DELETE FROM pay_city_rates WHERE id = ${id} RETURNING ${RATE_SELECT}`);
  if (!rows.length) throw notFound('费率不存在');
  return rows[0] as Row;
}

// ---- Special additional deductions ----------------------------------------------------------------

const SPECIAL_SELECT = sql`d.id, d.user_id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", d.kind, d.monthly_amount AS "monthlyAmount",
  d.from_month AS "fromMonth", d.to_month AS "toMonth", ${stampSql(sql`d.updated_at`)} AS "updatedAt"`;
const specialOf = (r: Row): SpecialDeductionRecord => ({
  id: n(r.id),
  userId: n(r.userId),
  userCode: String(r.userCode),
  realName: String(r.realName),
  kind: String(r.kind),
  monthlyAmount: n(r.monthlyAmount),
  fromMonth: n(r.fromMonth),
  toMonth: nn(r.toMonth),
  updatedAt: String(r.updatedAt),
});
const specialScope = (user: Principal) => dataScopeCondition(user, { orgId: sql`u.org_id`, ownerUserId: sql`u.id` });

export function specialPage(
  db: Db,
  user: Principal,
  input: { keyword?: string; kind?: string; userId?: number | null; pageIndex: number; pageSize: number },
): Promise<Page<SpecialDeductionRecord>> {
  const where = [specialScope(user)];
  if (input.keyword) where.push(sql`(u.real_name ILIKE ${likePattern(input.keyword)} OR u.user_code ILIKE ${likePattern(input.keyword)})`);
  if (input.kind) where.push(sql`d.kind = ${input.kind}`);
  if (input.userId) where.push(sql`d.user_id = ${input.userId}`);
  return sqlPage(
    db,
    sql`SELECT ${SPECIAL_SELECT}, count(*) OVER () AS total FROM pay_special_deductions d JOIN users u ON u.id = d.user_id
      WHERE ${sql.join(where, sql` AND `)} ORDER BY u.user_code, d.kind, d.from_month`,
    input.pageIndex,
    input.pageSize,
    specialOf,
  );
}

async function latestClosedMonth(db: Db): Promise<number> {
  const [r] = await queryRows<{ m: number | null }>(db, sql`SELECT max(month) AS m FROM pay_runs WHERE state = 'closed'`);
  return n(r?.m);
}

async function specialRow(db: Db, user: Principal, id: number): Promise<SpecialDeductionRecord> {
  const [r] = await queryRows<Row>(
    db,
    sql`SELECT ${SPECIAL_SELECT} FROM pay_special_deductions d JOIN users u ON u.id = d.user_id WHERE d.id = ${id} AND ${specialScope(user)}`,
  );
  if (!r) throw notFound('专项附加扣除不存在');
  return specialOf(r);
}

/**
 * A deduction used by a closed month keeps its start, kind and amount (the closed payslips were
 * computed with them); only its end may move, and not into a closed month.
 */
export async function specialSave(db: Db, user: Principal, input: SpecialDeductionInput): Promise<SpecialDeductionRecord> {
  const v = input as { id?: number | null; userId: number; kind: string; monthlyAmount: number; fromMonth: number; toMonth?: number | null };
  const [person] = await queryRows<{ id: number }>(db, sql`SELECT u.id FROM users u WHERE u.id = ${v.userId} AND ${specialScope(user)}`);
  if (!person) throw notFound('员工不存在');
  const closed = await latestClosedMonth(db);
  if (v.toMonth && v.toMonth <= closed) throw conflict(`${SALARY_MSG.closed}：结束月份须晚于${closed}`);
  if (v.id) {
    const before = await specialRow(db, user, v.id);
    if (before.fromMonth <= closed) {
      if (before.userId !== v.userId || before.kind !== v.kind || before.monthlyAmount !== v.monthlyAmount || before.fromMonth !== v.fromMonth)
        throw conflict('该扣除已用于已关账月份，只能修改结束月份');
    } else if (v.fromMonth <= closed) throw conflict(`${SALARY_MSG.closed}：开始月份须晚于${closed}`);
    await db.execute(sql`UPDATE pay_special_deductions SET user_id = ${v.userId}, kind = ${v.kind}, monthly_amount = ${v.monthlyAmount},
      from_month = ${v.fromMonth}, to_month = ${v.toMonth ?? null}, updated_at = now(), updated_by = ${user.userId} WHERE id = ${v.id}`);
    return specialRow(db, user, v.id);
  }
  if (v.fromMonth <= closed) throw conflict(`${SALARY_MSG.closed}：开始月份须晚于${closed}`);
  const [r] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO pay_special_deductions (user_id, kind, monthly_amount, from_month, to_month, created_by, updated_by)
      VALUES (${v.userId}, ${v.kind}, ${v.monthlyAmount}, ${v.fromMonth}, ${v.toMonth ?? null}, ${user.userId}, ${user.userId}) RETURNING id`,
  );
  return specialRow(db, user, n(r?.id));
}

export async function specialDelete(db: Db, user: Principal, id: number): Promise<SpecialDeductionRecord> {
  const before = await specialRow(db, user, id);
  if (before.fromMonth <= (await latestClosedMonth(db))) throw conflict('该扣除已用于已关账月份，不能删除，请设置结束月份');
  await db.execute(sql`DELETE FROM pay_special_deductions WHERE id = ${id}`);
  return before;
}

// ---- My payslips ----------------------------------------------------------------------------------

/** The signed-in user's password entered again; failures count like failed sign-ins. */
export async function checkPassword(platform: Platform, user: Principal, ip: string, password: string): Promise<void> {
  await platform.loginLimiter.beforeAttempt(user.userCode, ip);
  const [row] = await platform.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.userId));
  if (!row?.hash || !(await verifyPassword(row.hash, password))) {
    await platform.loginLimiter.recordFailure(user.userCode, ip);
    throw badRequest(SALARY_MSG.wrongPassword);
  }
}

/** My payslips of closed months; a code other than mine is refused before anything is read. */
export async function myPayslips(db: Db, user: Principal, input: { userCode?: string; month?: number; year?: number }): Promise<PaySlipDetail[]> {
  if (input.userCode && input.userCode.toLowerCase() !== user.userCode.toLowerCase()) throw forbidden(SALARY_MSG.otherPayslip);
  const where = [sql`s.user_id = ${user.userId}`, sql`r.state = 'closed'`];
  if (input.month) where.push(sql`s.month = ${input.month}`);
  if (input.year) where.push(sql`s.month BETWEEN ${input.year * 100 + 1} AND ${input.year * 100 + 12}`);
  const rows = await queryRows<Row>(db, sql`SELECT ${DETAIL_SELECT} ${SLIP_FROM} WHERE ${sql.join(where, sql` AND `)} ORDER BY s.month DESC LIMIT 36`);
  return rows.map(slipDetailOf);
}

export async function myMonths(db: Db, user: Principal): Promise<Array<{ id: number; month: number; closedAt: string | null }>> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT s.id, s.month, ${stampSql(sql`r.closed_at`)} AS "closedAt" FROM pay_slips s JOIN pay_runs r ON r.id = s.run_id
      WHERE s.user_id = ${user.userId} AND r.state = 'closed' ORDER BY s.month DESC LIMIT 36`,
  );
  return rows.map((r) => ({ id: n(r.id), month: n(r.month), closedAt: (r.closedAt as string | null) ?? null }));
}

/** One of my own payslips of a closed month (for the PDF); anyone else's answers as missing. */
export async function myPayslip(db: Db, user: Principal, id: number): Promise<PaySlipDetail> {
  const [r] = await queryRows<Row>(db, sql`SELECT ${DETAIL_SELECT} ${SLIP_FROM} WHERE s.id = ${id}`);
  if (!r) throw notFound(SALARY_MSG.slipMissing);
  if (n(r.userId) !== user.userId) throw forbidden(SALARY_MSG.otherPayslip);
  if (r.runState !== 'closed') throw notFound(SALARY_MSG.slipMissing);
  return slipDetailOf(r);
}
