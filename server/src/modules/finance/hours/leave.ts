import { HOURS_MSG, type ImportResult, type LeaveRecord, leaveCalls, leaveMeta } from '@erp/contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dictItems, orgUnits, users } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';
import { implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { UploadedFile } from '../../../platform/http/multipart';
import type { Platform } from '../../../platform/platform';
import { anyContains, equals } from '../../../platform/resource/filters';
import { exportColumns } from '../../../platform/resource/labels';
import { defineResource } from '../../../platform/resource/resource';
import { attachment, sendXlsx, workbookBuffer, XLSX_TYPE } from '../../../platform/resource/xlsx-export';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../../platform/resource/xlsx-import';
import { daysOfMonth, dayType, holidaysBetween } from './calendar';
import { finLeaveRecords as t } from './hours.schema';

/** Leave records (请假): the list, the monthly summary, the checks against reported hours and the import. */

const person = alias(users, 'lv_user');
const org = alias(orgUnits, 'lv_org');
const bounds = (month: number) => {
  const days = daysOfMonth(month);
  return { first: days[0] as string, last: days.at(-1) as string };
};
const touching = (v: unknown): SQL | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const { first, last } = bounds(Number(v));
  return sql`(${t.startDate} <= ${last} AND ${t.endDate} >= ${first})`;
};

export const leaveResource = defineResource<LeaveRecord, typeof t>({
  meta: leaveMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    userId: t.userId,
    userCode: sql<string>`coalesce(${person.userCode}, '')`,
    realName: sql<string>`coalesce(${person.realName}, '')`,
    orgName: org.name,
    leaveType: t.leaveType,
    startDate: t.startDate,
    endDate: t.endDate,
    hours: sql<number>`(${t.minutes}::float8 / 60)`,
    source: t.source,
    remark: t.remark,
    createdAt: t.createdAt,
  },
  joins: [
    { table: person, on: eq(person.id, t.userId) },
    { table: org, on: eq(org.id, person.orgId) },
  ],
  filters: { keyword: anyContains(person.realName, person.userCode), leaveType: equals(t.leaveType), month: touching },
  sortable: { startDate: t.startDate },
  defaultOrder: [desc(t.startDate), desc(t.id)],
  scope: { orgId: person.orgId, ownerUserId: t.userId },
  softDelete: t.deletedAt,
});

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const scopeSql = (user: Principal) => dataScopeCondition(user, { orgId: sql`u.org_id`, ownerUserId: sql`u.id` });

async function summary(db: Db, user: Principal, month: number, keyword?: string) {
  const { first, last } = bounds(month);
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = rowsOf<{
    user_id: number;
    user_code: string;
    real_name: string;
    org_name: string | null;
    records: number;
    total: number;
    personal: number;
    sick: number;
  }>(
    await db.execute(sql`SELECT u.id AS user_id, u.user_code, u.real_name, o.name AS org_name, count(*)::int AS records,
        sum(l.minutes)::int AS total, sum(CASE WHEN l.leave_type = '002' THEN l.minutes ELSE 0 END)::int AS personal,
        sum(CASE WHEN l.leave_type = '003' THEN l.minutes ELSE 0 END)::int AS sick
      FROM fin_leave_records l JOIN users u ON u.id = l.user_id LEFT JOIN org_units o ON o.id = u.org_id
      WHERE l.deleted_at IS NULL AND l.start_date <= ${last} AND l.end_date >= ${first} AND ${scopeSql(user)}
        ${like ? sql`AND (u.real_name ILIKE ${like} OR u.user_code ILIKE ${like})` : sql``}
      GROUP BY u.id, u.user_code, u.real_name, o.name ORDER BY u.user_code`),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    userCode: r.user_code,
    realName: r.real_name,
    orgName: r.org_name,
    month,
    records: r.records,
    totalHours: r.total / 60,
    paidHours: (r.total - r.personal - r.sick) / 60,
    personalHours: r.personal / 60,
    sickHours: r.sick / 60,
  }));
}

/** Days with leave and reported hours at once. */
async function conflicts(db: Db, user: Principal, month: number) {
  const { first, last } = bounds(month);
  const rows = rowsOf<{ user_id: number; user_code: string; real_name: string; work_date: string; minutes: number; leave_type: string }>(
    await db.execute(sql`SELECT u.id AS user_id, u.user_code, u.real_name, d.work_date::text AS work_date, sum(d.minutes)::int AS minutes, min(l.leave_type) AS leave_type
      FROM fin_hour_days d JOIN fin_hour_sheets s ON s.id = d.sheet_id AND s.deleted_at IS NULL
      JOIN fin_leave_records l ON l.user_id = d.user_id AND l.deleted_at IS NULL AND d.work_date BETWEEN l.start_date AND l.end_date
      JOIN users u ON u.id = d.user_id
      WHERE d.work_date BETWEEN ${first} AND ${last} AND ${scopeSql(user)}
      GROUP BY u.id, u.user_code, u.real_name, d.work_date ORDER BY u.user_code, d.work_date LIMIT 1000`),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    userCode: r.user_code,
    realName: r.real_name,
    workDate: r.work_date,
    hours: r.minutes / 60,
    leaveType: r.leave_type,
  }));
}

/** Working days without hours or leave, for everyone with a timesheet in the month (inside their team dates is not checked). */
async function missing(db: Db, user: Principal, month: number) {
  const { first, last } = bounds(month);
  const holidays = await holidaysBetween(db, first, last);
  const working = daysOfMonth(month).filter((d) => dayType(d, holidays) === 'W');
  const people = rowsOf<{ user_id: number; user_code: string; real_name: string; days: string[] | null; leaves: Array<{ s: string; e: string }> | null }>(
    await db.execute(sql`SELECT u.id AS user_id, u.user_code, u.real_name,
        (SELECT array_agg(DISTINCT d.work_date::text) FROM fin_hour_days d JOIN fin_hour_sheets s2 ON s2.id = d.sheet_id AND s2.deleted_at IS NULL
          WHERE d.user_id = u.id AND d.work_date BETWEEN ${first} AND ${last}) AS days,
        (SELECT json_agg(json_build_object('s', l.start_date, 'e', l.end_date)) FROM fin_leave_records l
          WHERE l.user_id = u.id AND l.deleted_at IS NULL AND l.start_date <= ${last} AND l.end_date >= ${first}) AS leaves
      FROM users u WHERE u.id IN (SELECT user_id FROM fin_hour_sheets WHERE month = ${month} AND deleted_at IS NULL) AND ${scopeSql(user)}
      ORDER BY u.user_code`),
  );
  const out: Array<{ userId: number; userCode: string; realName: string; workDate: string; hours: number; leaveType: string | null }> = [];
  for (const p of people) {
    const reported = new Set(p.days ?? []);
    for (const d of working) {
      if (reported.has(d) || (p.leaves ?? []).some((l) => l.s <= d && d <= l.e)) continue;
      out.push({ userId: p.user_id, userCode: p.user_code, realName: p.real_name, workDate: d, hours: 0, leaveType: null });
      if (out.length >= 1000) return out;
    }
  }
  return out;
}

const COLUMNS = [
  { key: 'userCode', header: '工号', aliases: ['Code'], required: true },
  { key: 'leaveType', header: '请假类型', aliases: ['Type'], required: true },
  { key: 'startDate', header: '开始日期', aliases: ['From'], required: true },
  { key: 'endDate', header: '结束日期', aliases: ['To'], required: true },
  { key: 'hours', header: '请假小时', aliases: ['Hours'] },
  { key: 'remark', header: '备注', aliases: ['Remark'] },
];
type Value = typeof t.$inferInsert;
const dateOf = (text: string | undefined) => {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec((text ?? '').trim());
  if (!m) return null;
  const iso = `${m[1]}-${String(m[2]).padStart(2, '0')}-${String(m[3]).padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
};

async function importSpec(db: Db, user: Principal): Promise<ImportSpec<Value>> {
  const people = new Map(
    (
      await db
        .select({ id: users.id, code: sql<string>`lower(${users.userCode})` })
        .from(users)
        .where(dataScopeCondition(user, { orgId: users.orgId, ownerUserId: users.id }))
    ).map((u) => [u.code, u.id]),
  );
  const types = new Map(
    (await db.select({ code: dictItems.code, name: dictItems.codeName }).from(dictItems).where(eq(dictItems.codeType, 'LEAVETYPE'))).flatMap((d) => [
      [d.code, d.code],
      [d.name, d.code],
    ]),
  );
  const holidays = await holidaysBetween(db, '2000-01-01', '2100-12-31');
  const existing = await db.select({ userId: t.userId, s: t.startDate, e: t.endDate }).from(t).where(isNull(t.deletedAt));
  // A leave counts in the payroll of the month it starts: a closed month takes no more.
  const closed = new Set(
    ((await db.execute(sql`SELECT month FROM pay_runs WHERE state = 'closed'`)) as unknown as { rows: Array<{ month: number }> }).rows.map((r) =>
      Number(r.month),
    ),
  );
  return {
    sheet: '请假明细',
    columns: COLUMNS,
    async parse(cells) {
      const errors: RowError[] = [];
      const userId = people.get((cells.userCode ?? '').trim().toLowerCase());
      if (!userId) errors.push({ field: 'userCode', message: `员工不存在或不在您的数据范围内：${cells.userCode ?? ''}` });
      const leaveType = types.get((cells.leaveType ?? '').trim());
      if (!leaveType) errors.push({ field: 'leaveType', message: `请假类型不正确：${cells.leaveType ?? ''}` });
      const startDate = dateOf(cells.startDate);
      const endDate = dateOf(cells.endDate);
      if (!startDate) errors.push({ field: 'startDate', message: '开始日期格式为YYYY-MM-DD' });
      if (!endDate) errors.push({ field: 'endDate', message: '结束日期格式为YYYY-MM-DD' });
      if (startDate && endDate && endDate < startDate) errors.push({ field: 'endDate', message: '结束日期不能早于开始日期' });
      if (startDate && closed.has(Number(startDate.slice(0, 4)) * 100 + Number(startDate.slice(5, 7))))
        errors.push({ field: 'startDate', message: HOURS_MSG.payrollClosed });
      if (startDate && endDate && (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 > 366)
        errors.push({ field: 'endDate', message: '一次请假不能超过一年' });
      if (userId && startDate && endDate && existing.some((x) => x.userId === userId && x.s <= endDate && startDate <= x.e))
        errors.push({ field: 'startDate', message: '请假时间与已有请假重叠' });
      let minutes = 0;
      if (!errors.length && startDate && endDate) {
        const workingDays = [];
        for (let d = Date.parse(startDate); d <= Date.parse(endDate); d += 86_400_000) {
          const day = new Date(d).toISOString().slice(0, 10);
          if (dayType(day, holidays) === 'W') workingDays.push(day);
        }
        const typed = (cells.hours ?? '').trim();
        if (typed) {
          const h = Number(typed);
          if (!Number.isFinite(h) || h <= 0 || !Number.isInteger(h * 2) || h > workingDays.length * 8)
            errors.push({ field: 'hours', message: `请假小时须为0.5的倍数，且不超过期间工作日的${workingDays.length * 8}小时` });
          else minutes = h * 60;
        } else minutes = workingDays.length * 480;
        if (!errors.length && !minutes) errors.push({ field: 'startDate', message: '请假期间没有工作日' });
      }
      if (errors.length || !userId || !leaveType || !startDate || !endDate) return { errors };
      return {
        errors,
        value: { userId, leaveType, startDate, endDate, minutes, source: 'import', remark: cells.remark?.trim().slice(0, 200) || null, createdBy: user.userId },
      };
    },
    async write(tx, rows) {
      for (const r of rows) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7318, ${r.userId})`);
        const [clash] = await tx
          .select({ id: t.id })
          .from(t)
          .where(and(eq(t.userId, r.userId), isNull(t.deletedAt), sql`${t.startDate} <= ${r.endDate} AND ${t.endDate} >= ${r.startDate}`));
        if (clash) throw badRequest('导入期间有新的请假记录与文件重叠，请重新导入');
        await tx.insert(t).values(r);
      }
    },
  };
}

/** Rows of one person in the file must not overlap each other: checked on the whole file before any write. */
async function importLeave(platform: Platform, user: Principal, file: UploadedFile | undefined, confirm: boolean): Promise<ImportResult> {
  const spec = await importSpec(platform.db, user);
  const seen: Array<{ userId: number; s: string; e: string; row: number }> = [];
  let row = 1;
  const checking: ImportSpec<Value> = {
    ...spec,
    async parse(cells, db) {
      row++;
      const r = await spec.parse(cells, db);
      const v = r.value;
      if (v && !r.errors.length) {
        const other = seen.find((x) => x.userId === v.userId && x.s <= v.endDate && v.startDate <= x.e);
        if (other) return { errors: [{ field: 'startDate', message: `请假时间与第${other.row}行重叠` }] };
        seen.push({ userId: v.userId, s: v.startDate, e: v.endDate, row });
      }
      return r;
    },
  };
  const checked = await runImport(platform, user, checking, file, false);
  if (!confirm || checked.errors.length) return checked;
  seen.length = 0;
  row = 1;
  return runImport(platform, user, checking, file, true);
}

export function leaveRoutes(platform: Platform): Route[] {
  const db = platform.db;
  return implement(leaveCalls, {
    downloadTemplate: (_input, ctx) =>
      sendTemplate(ctx.reply, { sheet: '请假明细', columns: COLUMNS }, '请假导入模板.xlsx', ['user01', '年假', '2026-11-02', '2026-11-03', '', '']),
    selectDetailPage: (input, ctx) => leaveResource.page(db, input, ctx.user),
    detailDownload: async (input, ctx) =>
      sendXlsx(ctx.reply, {
        filename: '请假明细.xlsx',
        sheet: '请假明细',
        columns: await exportColumns(platform, leaveMeta, langOf(ctx.req)),
        batches: leaveResource.batches(db, input, ctx.user),
      }),
    selectPage: async (input, ctx) => {
      const all = await summary(db, ctx.user, input.month, input.keyword);
      const start = (input.pageIndex - 1) * input.pageSize;
      return { records: all.slice(start, start + input.pageSize), total: all.length, pageIndex: input.pageIndex, pageSize: input.pageSize };
    },
    download: async (input, ctx) => {
      const rows = await summary(db, ctx.user, input.month, input.keyword);
      const buffer = await workbookBuffer(
        '请假汇总',
        ['工号', '姓名', '部门', '月份', '请假次数', '请假小时', '带薪假小时', '事假小时', '病假小时'],
        rows.map((r) => [r.userCode, r.realName, r.orgName, r.month, r.records, r.totalHours, r.paidHours, r.personalHours, r.sickHours]),
      );
      return ctx.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('请假汇总.xlsx')).send(buffer);
    },
    checkLeaveData: (input, ctx) => conflicts(db, ctx.user, input.month),
    checkReportingData: (input, ctx) => missing(db, ctx.user, input.month),
    importFunctionLeave: (input, ctx) => importLeave(platform, ctx.user, ctx.files[0], input.confirm),
  });
}
