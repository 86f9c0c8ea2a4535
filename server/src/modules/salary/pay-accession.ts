import { HOURS_MSG, type ImportResult, type Page, type PayAccessionRecord } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { conflict } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { Platform } from '../../platform/platform';
import { likePattern } from '../../platform/resource/filters';
import { type ImportColumn, type ImportSpec, type RowError, runImport } from '../../platform/resource/xlsx-import';
import { monthEnd, monthStart } from './payroll';
import { sqlPage } from './salary.service';

/**
 * The pay accession (工资核算数据): per person and month, the approved hours and leave the payroll
 * reads, and the other income and deductions finance uploads (bonuses, back pay, fines, the
 * employee's share of a canteen card…). A person appears once they have approved hours or an upload.
 */

type Row = Record<string, unknown>;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const hours = (v: unknown) => Math.round((n(v) / 60) * 100) / 100;

export function payAccessionPage(
  db: Db,
  user: Principal,
  input: { month: number; keyword?: string; pageIndex: number; pageSize: number },
): Promise<Page<PayAccessionRecord>> {
  const m = input.month;
  const where = [dataScopeCondition(user, { orgId: sql`u.org_id`, ownerUserId: sql`u.id` })];
  if (input.keyword) where.push(sql`(u.real_name ILIKE ${likePattern(input.keyword)} OR u.user_code ILIKE ${likePattern(input.keyword)})`);
  return sqlPage(
    db,
    sql`WITH k AS (SELECT user_id FROM fin_man_hours WHERE month = ${m} UNION SELECT user_id FROM pay_accessions WHERE month = ${m})
      SELECT u.id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", o.name AS "orgName",
        mh.projects, mh.normal, mh.ot_w, mh.ot_r, mh.ot_h, lv.minutes AS leave,
        acc.other_income, acc.other_deduction, acc.remark, s.gross, s.net, count(*) OVER () AS total
      FROM k JOIN users u ON u.id = k.user_id LEFT JOIN org_units o ON o.id = u.org_id
      LEFT JOIN LATERAL (SELECT count(*)::int AS projects, sum(normal_minutes) AS normal, sum(ot_workday_minutes) AS ot_w,
          sum(ot_restday_minutes) AS ot_r, sum(ot_holiday_minutes) AS ot_h FROM fin_man_hours m WHERE m.month = ${m} AND m.user_id = u.id) mh ON true
      LEFT JOIN LATERAL (SELECT sum(minutes) AS minutes FROM fin_leave_records l WHERE l.user_id = u.id AND l.deleted_at IS NULL
          AND l.start_date >= ${monthStart(m)} AND l.start_date <= ${monthEnd(m)}) lv ON true
      LEFT JOIN pay_accessions acc ON acc.month = ${m} AND acc.user_id = u.id
      LEFT JOIN pay_slips s ON s.month = ${m} AND s.user_id = u.id
      WHERE ${sql.join(where, sql` AND `)} ORDER BY u.user_code`,
    input.pageIndex,
    input.pageSize,
    (r: Row): PayAccessionRecord => ({
      month: m,
      userId: n(r.userId),
      userCode: String(r.userCode),
      realName: String(r.realName),
      orgName: (r.orgName as string | null) ?? null,
      projects: n(r.projects),
      normalHours: hours(r.normal),
      otWorkdayHours: hours(r.ot_w),
      otRestdayHours: hours(r.ot_r),
      otHolidayHours: hours(r.ot_h),
      leaveHours: hours(r.leave),
      otherIncome: n(r.other_income),
      otherDeduction: n(r.other_deduction),
      remark: (r.remark as string | null) ?? null,
      gross: r.gross === null || r.gross === undefined ? null : n(r.gross),
      net: r.net === null || r.net === undefined ? null : n(r.net),
    }),
  );
}

export const PAY_ACCESSION_COLUMNS: ImportColumn[] = [
  { key: 'userCode', header: '工号', aliases: ['Code'], required: true },
  { key: 'month', header: '月份', aliases: ['Month'], required: true },
  { key: 'otherIncome', header: '其他收入（元）', aliases: ['其他收入', 'Other income'] },
  { key: 'otherDeduction', header: '其他扣款（元）', aliases: ['其他扣款', 'Other deductions'] },
  { key: 'remark', header: '备注', aliases: ['Remark'] },
];

interface UploadRow {
  userId: number;
  month: number;
  otherIncome: number;
  otherDeduction: number;
  remark: string | null;
}

/** Yuan with at most two decimals → fen; an error otherwise. */
export function yuanToFen(text: string | undefined, field: string, errors: RowError[]): number {
  const v = (text ?? '').replace(/,/g, '').trim();
  if (!v) return 0;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) {
    errors.push({ field, message: '金额必须是不小于0的数字，最多两位小数' });
    return 0;
  }
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

async function uploadSpec(db: Db, user: Principal): Promise<ImportSpec<UploadRow>> {
  const people = new Map(
    (
      await queryRows<{ id: number; code: string }>(
        db,
        sql`SELECT u.id, lower(u.user_code) AS code FROM users u WHERE ${dataScopeCondition(user, { orgId: sql`u.org_id`, ownerUserId: sql`u.id` })}`,
      )
    ).map((u) => [u.code, u.id]),
  );
  const closed = new Set((await queryRows<{ month: number }>(db, sql`SELECT month FROM pay_runs WHERE state = 'closed'`)).map((r) => Number(r.month)));
  return {
    sheet: '工资核算',
    columns: PAY_ACCESSION_COLUMNS,
    async parse(cells) {
      const errors: RowError[] = [];
      const userId = people.get((cells.userCode ?? '').trim().toLowerCase());
      if (!userId) errors.push({ field: 'userCode', message: `员工不存在或不在您的数据范围内：${cells.userCode ?? ''}` });
      const month = Number((cells.month ?? '').replace(/[-/年月\s]/g, ''));
      const okMonth = Number.isInteger(month) && month >= 200001 && month <= 210012 && month % 100 >= 1 && month % 100 <= 12;
      if (!okMonth) errors.push({ field: 'month', message: '月份格式为yyyymm' });
      else if (closed.has(month)) errors.push({ field: 'month', message: HOURS_MSG.payrollClosed });
      const otherIncome = yuanToFen(cells.otherIncome, 'otherIncome', errors);
      const otherDeduction = yuanToFen(cells.otherDeduction, 'otherDeduction', errors);
      const remark = (cells.remark ?? '').trim();
      if (remark.length > 200) errors.push({ field: 'remark', message: '备注不能超过200个字符' });
      if (errors.length || !userId) return { errors };
      return { errors, value: { userId, month, otherIncome, otherDeduction, remark: remark || null } };
    },
    uniqueKeys: (v) => [{ field: 'userCode', key: `${v.userId}|${v.month}`, message: '同一员工同一月份重复' }],
    async write(tx, rows) {
      // One statement for the whole file; a month closed meanwhile refuses it whole.
      const months = [...new Set(rows.map((r) => r.month))];
      const [nowClosed] = await queryRows<{ month: number }>(
        tx,
        sql`SELECT month FROM pay_runs WHERE state = 'closed' AND month IN (${sql.join(
          months.map((m) => sql`${m}`),
          sql`, `,
        )}) FOR SHARE`,
      );
      if (nowClosed) throw conflict(HOURS_MSG.payrollClosed);
      await tx.execute(sql`INSERT INTO pay_accessions (month, user_id, other_income, other_deduction, remark, created_by, updated_by)
        SELECT month, user_id, other_income, other_deduction, remark, ${user.userId}, ${user.userId}
        FROM jsonb_to_recordset(${JSON.stringify(
          rows.map((r) => ({ month: r.month, user_id: r.userId, other_income: r.otherIncome, other_deduction: r.otherDeduction, remark: r.remark })),
        )}::jsonb) AS x(month int, user_id int, other_income bigint, other_deduction bigint, remark text)
        ON CONFLICT (month, user_id) DO UPDATE SET other_income = EXCLUDED.other_income, other_deduction = EXCLUDED.other_deduction,
          remark = EXCLUDED.remark, updated_at = now(), updated_by = EXCLUDED.updated_by`);
    },
  };
}

export async function payAccessionUpload(platform: Platform, user: Principal, file: UploadedFile | undefined, confirm: boolean): Promise<ImportResult> {
  const spec = await uploadSpec(platform.db, user);
  const checked = await runImport(platform, user, spec, file, false);
  if (!confirm || checked.errors.length) return checked;
  return runImport(platform, user, spec, file, true);
}
