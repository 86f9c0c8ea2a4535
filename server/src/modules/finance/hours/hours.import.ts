import { HOURS_MSG, type ImportResult, ZDayHours } from '@erp/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { users } from '../../../db/schema';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';
import type { UploadedFile } from '../../../platform/http/multipart';
import type { Platform } from '../../../platform/platform';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../../platform/resource/xlsx-import';
import { finProjectPeople, finProjects } from '../project/project.schema';
import { daysOfMonth, dayType, holidaysOfMonth, splitMinutes } from './calendar';
import { finHourDays, finHourSheets } from './hours.schema';
import { assertMonthOpen } from './hours.service';

interface Row {
  userId: number;
  employeeId: number | null;
  workDate: string;
  minutes: number;
  remark: string | null;
}

const COLUMNS = [
  { key: 'userCode', header: '工号', aliases: ['Code'], required: true },
  { key: 'workDate', header: '日期', aliases: ['Date'], required: true },
  { key: 'hours', header: '工时', aliases: ['Hours'], required: true },
  { key: 'remark', header: '备注', aliases: ['Remark'] },
];
const EDITABLE = ['draft', 'returned', 'rejected', 'revoked'];

export function sendHourTemplate(reply: FastifyReply): Promise<FastifyReply> {
  return sendTemplate(reply, { sheet: '项目工时', columns: COLUMNS }, '项目工时导入模板.xlsx', ['user01', '2026-11-02', '8', '']);
}

/** A day as typed in a sheet: 2026-11-02, 2026/11/2 or 20261102. */
function normaliseDate(text: string): string | null {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?$/.exec(text.trim());
  if (!m) return null;
  return `${m[1]}-${String(m[2]).padStart(2, '0')}-${String(m[3]).padStart(2, '0')}`;
}

async function spec(db: Db, importer: Principal, projectId: number, month: number): Promise<ImportSpec<Row>> {
  const [project] = await db
    .select({ id: finProjects.id, deptId: finProjects.deptId, startDate: finProjects.startDate, endDate: finProjects.endDate })
    .from(finProjects)
    .where(and(eq(finProjects.id, projectId), isNull(finProjects.deletedAt)));
  if (!project) throw badRequest('项目不存在');
  const team = await db
    .select({
      userId: finProjectPeople.userId,
      code: sql<string>`lower(${users.userCode})`,
      joinDate: finProjectPeople.joinDate,
      leaveDate: finProjectPeople.leaveDate,
      employeeId: sql<number | null>`(SELECT id FROM employees e WHERE e.user_id = ${users.id})`,
    })
    .from(finProjectPeople)
    .innerJoin(users, eq(users.id, finProjectPeople.userId))
    .where(eq(finProjectPeople.projectId, projectId));
  const byCode = new Map(team.map((t) => [t.code, t]));
  const known = new Set((await db.select({ code: sql<string>`lower(${users.userCode})` }).from(users)).map((u) => u.code));
  const locked = new Set(
    (
      await db
        .select({ userId: finHourSheets.userId, state: finHourSheets.state })
        .from(finHourSheets)
        .where(and(eq(finHourSheets.projectId, projectId), eq(finHourSheets.month, month), isNull(finHourSheets.deletedAt)))
    )
      .filter((s) => !EDITABLE.includes(s.state))
      .map((s) => s.userId),
  );
  const monthDays = new Set(daysOfMonth(month));
  const holidays = await holidaysOfMonth(db, month);
  return {
    sheet: '项目工时',
    columns: COLUMNS,
    async parse(cells) {
      const errors: RowError[] = [];
      const code = (cells.userCode ?? '').trim().toLowerCase();
      const member = byCode.get(code);
      if (!code) errors.push({ field: 'userCode', message: '请填写工号' });
      else if (!known.has(code)) errors.push({ field: 'userCode', message: `员工不存在：${cells.userCode}` });
      else if (!member) errors.push({ field: 'userCode', message: `${cells.userCode} ${HOURS_MSG.notMember.replace('您', '')}` });
      else if (locked.has(member.userId)) errors.push({ field: 'userCode', message: '该员工本月工时单已提交或已通过，不能导入覆盖' });
      const day = normaliseDate(cells.workDate ?? '');
      if (!day) errors.push({ field: 'workDate', message: '日期格式为YYYY-MM-DD' });
      else if (!monthDays.has(day)) errors.push({ field: 'workDate', message: HOURS_MSG.dayOutsideMonth });
      else if ((project.startDate && day < project.startDate) || (project.endDate && day > project.endDate))
        errors.push({ field: 'workDate', message: HOURS_MSG.dayOutsideProject });
      else if (member && ((member.joinDate && day < member.joinDate) || (member.leaveDate && day > member.leaveDate)))
        errors.push({ field: 'workDate', message: HOURS_MSG.dayOutsideTeam });
      const hours = ZDayHours.safeParse(cells.hours ?? '');
      if (!cells.hours?.trim() || !hours.success) errors.push({ field: 'hours', message: hours.error?.issues[0]?.message ?? '请填写工时' });
      if (errors.length || !member || !day || !hours.success) return { errors };
      return {
        errors,
        value: {
          userId: member.userId,
          employeeId: member.employeeId,
          workDate: day,
          minutes: Math.round(hours.data * 60),
          remark: cells.remark?.trim().slice(0, 200) || null,
        },
      };
    },
    uniqueKeys: (v) => [{ field: 'workDate', key: `${v.userId}|${v.workDate}`, message: HOURS_MSG.duplicateDay }],
    async write(tx, rows) {
      const byUser = new Map<number, Row[]>();
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
      for (const [userId, list] of byUser) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7318, ${userId})`);
        const days = list
          .filter((r) => r.minutes > 0)
          .map((r) => ({ workDate: r.workDate, minutes: r.minutes, dayType: dayType(r.workDate, holidays), remark: r.remark }));
        const [existing] = await tx
          .select()
          .from(finHourSheets)
          .where(and(eq(finHourSheets.userId, userId), eq(finHourSheets.projectId, projectId), eq(finHourSheets.month, month), isNull(finHourSheets.deletedAt)))
          .for('update');
        if (existing && !EDITABLE.includes(existing.state)) throw badRequest('导入期间有员工提交了工时单，请重新导入');
        const others = new Map<string, number>();
        const rowsOther = (await tx.execute(sql`SELECT d.work_date::text AS day, sum(d.minutes)::int AS minutes FROM fin_hour_days d
            JOIN fin_hour_sheets s ON s.id = d.sheet_id AND s.deleted_at IS NULL
            WHERE d.user_id = ${userId} AND s.month = ${month} AND d.sheet_id <> ${existing?.id ?? 0} GROUP BY d.work_date`)) as unknown as {
          rows: Array<{ day: string; minutes: number }>;
        };
        for (const r of rowsOther.rows) others.set(r.day, Number(r.minutes));
        for (const d of days) if (d.minutes + (others.get(d.workDate) ?? 0) > 1440) throw badRequest(`${d.workDate}：${HOURS_MSG.dayTooLong}（含其他项目）`);
        const split = splitMinutes(days, others);
        const totals = {
          totalMinutes: split.total,
          normalMinutes: split.normal,
          otWorkdayMinutes: split.otWorkday,
          otRestdayMinutes: split.otRestday,
          otHolidayMinutes: split.otHoliday,
          updatedAt: new Date(),
          updatedBy: importer.userId,
        };
        let sheetId = existing?.id;
        if (sheetId) await tx.update(finHourSheets).set(totals).where(eq(finHourSheets.id, sheetId));
        else {
          const [created] = await tx
            .insert(finHourSheets)
            .values({
              userId,
              employeeId: list[0]?.employeeId ?? null,
              projectId,
              deptId: project.deptId,
              month,
              remark: '导入',
              createdBy: importer.userId,
              ...totals,
            })
            .returning({ id: finHourSheets.id });
          sheetId = created?.id;
        }
        if (!sheetId) throw new Error('sheet insert failed');
        await tx.delete(finHourDays).where(eq(finHourDays.sheetId, sheetId));
        if (days.length) await tx.insert(finHourDays).values(days.map((d) => ({ sheetId: sheetId as number, userId, ...d })));
      }
    },
  };
}

/**
 * The import of a project's month: every row checked first; with `confirm` and a clean file, one
 * draft sheet per person is created or replaced in one transaction. A file with errors writes nothing.
 */
export async function importHours(
  platform: Platform,
  user: Principal,
  file: UploadedFile | undefined,
  q: { projectId: number; month: number; confirm: boolean },
): Promise<ImportResult> {
  await assertMonthOpen(platform.db, q.month);
  const s = await spec(platform.db, user, q.projectId, q.month);
  const checked = await runImport(platform, user, s, file, false);
  if (!q.confirm || checked.errors.length) return checked;
  return runImport(platform, user, s, file, true);
}
