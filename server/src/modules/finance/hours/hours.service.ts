import {
  type DayType,
  type FillableProject,
  HOURS_MSG,
  HOURS_PERM,
  type HourApproveRecord,
  type HourDayInput,
  type HourSheetDetail,
  NORMAL_DAY_MINUTES,
  type OneClickFill,
  type Page,
  PROJECT_PHASE,
} from '@erp/contract';
import { and, asc, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { users, wfTasks } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import { hasPermission, type Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { BusinessDocument } from '../../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import * as engine from '../../../workflow/engine';
import { isParticipant } from '../../bpm/bpm.repository';
import { payRuns } from '../../salary/salary.schema';
import { finProjects } from '../project/project.schema';
import { daysOfMonth, dayType, holidaysOfMonth, splitMinutes } from './calendar';
import { addToManHours, hourSheetDocument, sheetVars } from './hours.documents';
import { type Membership, membership } from './hours.membership';
import { dept, hourSheetResource, person, project, sheetFilters, sheetSelect } from './hours.resource';
import { finHourDays, finHourRevisions, finHourSheets, finLeaveRecords } from './hours.schema';

type SheetRow = typeof finHourSheets.$inferSelect;
/** States in which the owner may still change the sheet. */
const EDITABLE = ['draft', 'returned', 'rejected', 'revoked'];
const DELETABLE = ['draft', 'rejected', 'revoked'];
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const toHours = (minutes: number) => minutes / 60;

/** Refuses any change to a month whose payroll is closed. */
export async function assertMonthOpen(db: Db, month: number): Promise<void> {
  const [run] = await db.select({ state: payRuns.state }).from(payRuns).where(eq(payRuns.month, month));
  if (run?.state === 'closed') throw conflict(HOURS_MSG.payrollClosed);
}

/** The first and last day of the month on which the person may report on the project, or null. */
function window(m: Membership, month: number): { from: string; to: string } | null {
  const days = daysOfMonth(month);
  const from = [days[0] as string, m.startDate, m.joinDate]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1) as string;
  const to = [days[days.length - 1] as string, m.endDate, m.leaveDate].filter((d): d is string => !!d).sort()[0] as string;
  return from <= to ? { from, to } : null;
}

interface CheckedDay {
  workDate: string;
  minutes: number;
  dayType: DayType;
  remark: string | null;
}

/**
 * Checks the days of a sheet: inside the month, the project period and the person's team dates,
 * no repeats, at most 24 h a day with the person's other sheets of that day. Answers the stored
 * days (those with minutes) and the split into normal time and overtime.
 */
export async function checkDays(db: Db, userId: number, m: Membership, month: number, days: HourDayInput[], exceptSheetId: number | null) {
  const monthDays = new Set(daysOfMonth(month));
  const seen = new Set<string>();
  const holidays = await holidaysOfMonth(db, month);
  const checked: CheckedDay[] = [];
  for (const d of days) {
    if (seen.has(d.workDate)) throw badRequest(`${d.workDate}：${HOURS_MSG.duplicateDay}`);
    seen.add(d.workDate);
    const minutes = Math.round(Number(d.hours) * 60);
    if (!minutes) continue;
    if (!monthDays.has(d.workDate)) throw badRequest(`${d.workDate}：${HOURS_MSG.dayOutsideMonth}`);
    if ((m.startDate && d.workDate < m.startDate) || (m.endDate && d.workDate > m.endDate)) throw badRequest(`${d.workDate}：${HOURS_MSG.dayOutsideProject}`);
    if ((m.joinDate && d.workDate < m.joinDate) || (m.leaveDate && d.workDate > m.leaveDate)) throw badRequest(`${d.workDate}：${HOURS_MSG.dayOutsideTeam}`);
    checked.push({ workDate: d.workDate, minutes, dayType: dayType(d.workDate, holidays), remark: d.remark?.trim() || null });
  }
  checked.sort((a, b) => a.workDate.localeCompare(b.workDate));
  // The person's other sheets of these days (any project, any state but deleted).
  const others = new Map<string, number>();
  if (checked.length) {
    const rows = rowsOf<{ work_date: string; minutes: number }>(
      await db.execute(sql`SELECT d.work_date::text AS work_date, sum(d.minutes)::int AS minutes FROM fin_hour_days d
        JOIN fin_hour_sheets s ON s.id = d.sheet_id AND s.deleted_at IS NULL
        WHERE d.user_id = ${userId} AND d.work_date >= ${checked[0]?.workDate} AND d.work_date <= ${checked.at(-1)?.workDate}
          AND d.sheet_id <> ${exceptSheetId ?? 0}
        GROUP BY d.work_date`),
    );
    for (const r of rows) others.set(r.work_date, Number(r.minutes));
  }
  for (const d of checked) {
    if (d.minutes + (others.get(d.workDate) ?? 0) > 24 * 60) throw badRequest(`${d.workDate}：${HOURS_MSG.dayTooLong}（含其他项目）`);
  }
  return { days: checked, split: splitMinutes(checked, others, NORMAL_DAY_MINUTES) };
}

async function lockSheet(tx: Db, id: number): Promise<SheetRow> {
  const [row] = await tx
    .select()
    .from(finHourSheets)
    .where(and(eq(finHourSheets.id, id), isNull(finHourSheets.deletedAt)))
    .for('update');
  if (!row) throw notFound('工时单不存在');
  return row;
}

async function ownSheet(tx: Db, user: Principal, id: number): Promise<SheetRow> {
  const row = await lockSheet(tx, id);
  // Whether someone else's sheet exists is not told.
  if (row.userId !== user.userId) throw notFound('工时单不存在');
  return row;
}

async function writeDays(tx: Db, sheetId: number, userId: number, days: CheckedDay[], split: ReturnType<typeof splitMinutes>, by: number) {
  await tx.delete(finHourDays).where(eq(finHourDays.sheetId, sheetId));
  if (days.length) await tx.insert(finHourDays).values(days.map((d) => ({ sheetId, userId, ...d })));
  await tx
    .update(finHourSheets)
    .set({
      totalMinutes: split.total,
      normalMinutes: split.normal,
      otWorkdayMinutes: split.otWorkday,
      otRestdayMinutes: split.otRestday,
      otHolidayMinutes: split.otHoliday,
      updatedAt: new Date(),
      updatedBy: by,
    })
    .where(eq(finHourSheets.id, sheetId));
}

/** Submits a sheet (a returned one through its resubmit task), in the caller's transaction. */
async function submit(tx: Db, user: Principal, row: SheetRow, m: Pick<Membership, 'name' | 'managerUserId'>) {
  if (!row.totalMinutes) throw badRequest(HOURS_MSG.empty);
  const title = `职能工时：${user.realName} ${Math.floor(row.month / 100)}年${row.month % 100}月 ${m.name}`;
  const vars = sheetVars(row, m.managerUserId);
  if (row.state === 'returned' && row.processInstanceId) {
    const task = await engine.resubmitTaskOf(tx, row.processInstanceId);
    if (task) {
      await hourSheetDocument.resubmit(tx, { taskId: task.id, userId: user.userId, vars });
      return;
    }
  }
  await hourSheetDocument.submit(tx, { id: row.id, userId: user.userId, title, vars });
}

/** addList: a new sheet of my month on a project. */
export async function addSheet(
  db: Db,
  user: Principal,
  input: { projectId: number; month: number; days: HourDayInput[]; remark?: string | null; submit?: boolean },
): Promise<number> {
  await assertMonthOpen(db, input.month);
  const m = await membership(db, user.userId, input.projectId);
  return db.transaction(async (tx) => {
    // One writer per person at a time: the 24-hour rule reads the person's other sheets.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7318, ${user.userId})`);
    const [existing] = await tx
      .select({ id: finHourSheets.id })
      .from(finHourSheets)
      .where(
        and(
          eq(finHourSheets.userId, user.userId),
          eq(finHourSheets.projectId, input.projectId),
          eq(finHourSheets.month, input.month),
          isNull(finHourSheets.deletedAt),
        ),
      );
    if (existing) throw conflict(HOURS_MSG.exists, { id: existing.id });
    const { days, split } = await checkDays(tx, user.userId, m, input.month, input.days, null);
    const [row] = await tx
      .insert(finHourSheets)
      .values({
        userId: user.userId,
        employeeId: user.employeeId,
        projectId: input.projectId,
        deptId: m.deptId,
        month: input.month,
        remark: input.remark?.trim() || null,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning();
    if (!row) throw new Error('sheet insert failed');
    await writeDays(tx, row.id, user.userId, days, split, user.userId);
    if (input.submit) await submit(tx, user, await lockSheet(tx, row.id), m);
    return row.id;
  });
}

/** update: replaces the days of my editable sheet; submits when asked. */
export async function updateSheet(db: Db, user: Principal, input: { id: number; days: HourDayInput[]; remark?: string | null; submit?: boolean }) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7318, ${user.userId})`);
    const row = await ownSheet(tx, user, input.id);
    if (!EDITABLE.includes(row.state)) throw conflict(HOURS_MSG.notEditable);
    await assertMonthOpen(tx, row.month);
    const m = await membership(tx, user.userId, row.projectId);
    const { days, split } = await checkDays(tx, user.userId, m, row.month, input.days, row.id);
    if (input.remark !== undefined)
      await tx
        .update(finHourSheets)
        .set({ remark: input.remark?.trim() || null })
        .where(eq(finHourSheets.id, row.id));
    await writeDays(tx, row.id, user.userId, days, split, user.userId);
    if (input.submit) await submit(tx, user, await lockSheet(tx, row.id), m);
  });
}

/** modify: my approved sheet changes; the approved days are kept as a revision and taken out of the man-hours until approved again. */
export async function modifySheet(db: Db, user: Principal, input: { id: number; reason: string; days: HourDayInput[] }) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7318, ${user.userId})`);
    const row = await ownSheet(tx, user, input.id);
    if (row.state !== 'passed') throw conflict(HOURS_MSG.notPassed);
    await assertMonthOpen(tx, row.month);
    const m = await membership(tx, user.userId, row.projectId);
    const { days, split } = await checkDays(tx, user.userId, m, row.month, input.days, row.id);
    const before = await tx.select().from(finHourDays).where(eq(finHourDays.sheetId, row.id)).orderBy(asc(finHourDays.workDate));
    const same = before.length === days.length && before.every((b, i) => b.workDate === days[i]?.workDate && b.minutes === days[i]?.minutes);
    if (same) throw badRequest(HOURS_MSG.unchanged);
    await tx.insert(finHourRevisions).values({
      sheetId: row.id,
      revision: row.revision + 1,
      reason: input.reason,
      sheetNo: row.sheetNo,
      totalMinutes: row.totalMinutes,
      days: before.map((b) => ({ workDate: b.workDate, minutes: b.minutes, remark: b.remark })),
      createdBy: user.userId,
      updatedBy: user.userId,
    });
    await addToManHours(tx, row, -1, user.userId);
    await tx
      .update(finHourSheets)
      .set({ revision: row.revision + 1, state: 'draft', processInstanceId: null })
      .where(eq(finHourSheets.id, row.id));
    await writeDays(tx, row.id, user.userId, days, split, user.userId);
    await submit(tx, user, await lockSheet(tx, row.id), m);
  });
}

export async function deleteSheet(db: Db, user: Principal, id: number): Promise<SheetRow> {
  return db.transaction(async (tx) => {
    const row = await ownSheet(tx, user, id);
    if (!DELETABLE.includes(row.state)) throw conflict(HOURS_MSG.notDeletable);
    await assertMonthOpen(tx, row.month);
    await tx.update(finHourSheets).set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId }).where(eq(finHourSheets.id, id));
    await tx.delete(finHourDays).where(eq(finHourDays.sheetId, id));
    return row;
  });
}

/** A task command on a sheet: refused once the sheet's payroll month is closed. */
export async function sheetOfTask(db: Db, taskId: number): Promise<SheetRow> {
  const { row } = await hourSheetDocument.task(db, taskId);
  await assertMonthOpen(db, row.month);
  return row;
}

/** Who may read a sheet: its owner, anyone on its flow, or holders of the list permission in scope. */
export async function readableSheet(db: Db, user: Principal, id: number): Promise<HourSheetDetail> {
  const [row] = await db
    .select({ userId: finHourSheets.userId, instanceId: finHourSheets.processInstanceId })
    .from(finHourSheets)
    .where(and(eq(finHourSheets.id, id), isNull(finHourSheets.deletedAt)));
  if (!row) throw notFound('工时单不存在');
  let record: Awaited<ReturnType<typeof hourSheetResource.detail>> | undefined;
  if (row.userId === user.userId || (row.instanceId && (await isParticipant(db, row.instanceId, user.userId))))
    record = await hourSheetResource.detail(db, id, null);
  else if (hasPermission(user, HOURS_PERM.hourList)) record = await hourSheetResource.detail(db, id, user);
  else throw notFound('工时单不存在');
  const [project] = await db
    .select({ startDate: finProjects.startDate, endDate: finProjects.endDate })
    .from(finProjects)
    .where(eq(finProjects.id, record.projectId));
  const days = await db.select().from(finHourDays).where(eq(finHourDays.sheetId, id)).orderBy(asc(finHourDays.workDate));
  const task = record.processInstanceId ? await engine.myTask(db, record.processInstanceId, user.userId) : undefined;
  return {
    ...record,
    days: days.map((d) => ({ workDate: d.workDate, hours: toHours(d.minutes), dayType: d.dayType as DayType, remark: d.remark })),
    projectStart: project?.startDate ?? null,
    projectEnd: project?.endDate ?? null,
    taskId: task && task.kind === 'approve' ? task.id : null,
    editable: record.userId === user.userId && EDITABLE.includes(record.state),
  };
}

export async function sheetByInstance(db: Db, user: Principal, instanceId: number): Promise<HourSheetDetail> {
  const row = await hourSheetDocument.byInstance(db, instanceId);
  if (!row || row.deletedAt) throw notFound('工时单不存在');
  return readableSheet(db, user, row.id);
}

/** The projects I may report on in a month, with the sheet of that month. */
export async function fillableProjects(db: Db, user: Principal, month: number): Promise<FillableProject[]> {
  const days = daysOfMonth(month);
  const rows = rowsOf<{
    project_id: number;
    project_no: string | null;
    project_name: string;
    start_date: string | null;
    end_date: string | null;
    join_date: string | null;
    leave_date: string | null;
    manager_name: string | null;
    sheet_id: number | null;
    state: string | null;
  }>(
    await db.execute(sql`SELECT p.id AS project_id, p.project_no, p.name AS project_name, p.start_date::text, p.end_date::text,
        pp.join_date::text, pp.leave_date::text, u.real_name AS manager_name, s.id AS sheet_id, s.state
      FROM fin_project_people pp
      JOIN fin_projects p ON p.id = pp.project_id AND p.deleted_at IS NULL AND p.phase = ${PROJECT_PHASE.active}
      LEFT JOIN users u ON u.id = p.manager_user_id
      LEFT JOIN fin_hour_sheets s ON s.project_id = p.id AND s.user_id = pp.user_id AND s.month = ${month} AND s.deleted_at IS NULL
      WHERE pp.user_id = ${user.userId}
        AND (p.start_date IS NULL OR p.start_date <= ${days.at(-1)}) AND (p.end_date IS NULL OR p.end_date >= ${days[0]})
      ORDER BY p.project_no NULLS LAST, p.id`),
  );
  return rows.map((r) => ({
    projectId: r.project_id,
    projectNo: r.project_no,
    projectName: r.project_name,
    startDate: r.start_date,
    endDate: r.end_date,
    joinDate: r.join_date,
    leaveDate: r.leave_date,
    managerName: r.manager_name,
    sheetId: r.sheet_id,
    state: r.state,
    status: r.state ? BusinessDocument.statusCode(r.state) : null,
  }));
}

/** One-click fill: 8 h on every working day I may report on, none on days of leave. */
export async function oneClickFill(db: Db, user: Principal, projectId: number, month: number): Promise<OneClickFill> {
  const m = await membership(db, user.userId, projectId);
  const holidays = await holidaysOfMonth(db, month);
  const span = window(m, month);
  const all = daysOfMonth(month);
  const leave = rowsOf<{ start_date: string; end_date: string }>(
    await db.execute(sql`SELECT start_date::text, end_date::text FROM ${finLeaveRecords}
      WHERE user_id = ${user.userId} AND deleted_at IS NULL AND start_date <= ${all.at(-1)} AND end_date >= ${all[0]}`),
  );
  const onLeave = (d: string) => leave.some((l) => l.start_date <= d && d <= l.end_date);
  const days = all.map((d) => {
    const type = dayType(d, holidays);
    const inside = !!span && span.from <= d && d <= span.to;
    const hours = inside && type === 'W' && !onLeave(d) ? NORMAL_DAY_MINUTES / 60 : 0;
    return { workDate: d, hours, dayType: type, remark: null, fillable: inside, holidayName: holidays.get(d)?.name ?? null };
  });
  return {
    projectId,
    month,
    days,
    totalHours: days.reduce((t, d) => t + d.hours, 0),
    workingDays: days.filter((d) => d.hours > 0).length,
  };
}

/** The sheets waiting for my decision: pending approval tasks of the timesheet process I hold. */
export async function approvePage(
  db: Db,
  user: Principal,
  input: { pageIndex: number; pageSize: number } & Record<string, unknown>,
  limitAll = false,
): Promise<Page<HourApproveRecord>> {
  const mine: SQL = sql`${wfTasks.status} = 'pending' AND ${wfTasks.kind} = 'approve' AND ${wfTasks.candidateUserIds} @> ARRAY[${user.userId}]::integer[] AND (${wfTasks.assigneeUserId} IS NULL OR ${wfTasks.assigneeUserId} = ${user.userId})`;
  const filters = Object.entries(sheetFilters)
    .map(([k, f]) => f(input[k]))
    .filter((c): c is SQL => !!c);
  const where = and(isNull(finHourSheets.deletedAt), eq(finHourSheets.state, 'approving'), mine, ...filters);
  const rows = await db
    .select({ ...sheetSelect, taskId: wfTasks.id, taskCreatedAt: wfTasks.createdAt, total: sql<number>`count(*) OVER ()::int` })
    .from(finHourSheets)
    .innerJoin(wfTasks, eq(wfTasks.instanceId, finHourSheets.processInstanceId))
    .leftJoin(person, eq(person.id, finHourSheets.userId))
    .leftJoin(project, eq(project.id, finHourSheets.projectId))
    .leftJoin(dept, eq(dept.id, finHourSheets.deptId))
    .where(where)
    .orderBy(asc(wfTasks.createdAt), asc(wfTasks.id))
    .limit(limitAll ? 20000 : input.pageSize)
    .offset(limitAll ? 0 : (input.pageIndex - 1) * input.pageSize);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && input.pageIndex > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(finHourSheets)
      .innerJoin(wfTasks, eq(wfTasks.instanceId, finHourSheets.processInstanceId))
      .where(and(isNull(finHourSheets.deletedAt), eq(finHourSheets.state, 'approving'), mine));
    total = c?.n ?? 0;
  }
  return {
    records: rows.map(({ total: _t, ...r }) => ({ ...r, updatedAt: iso(r.updatedAt), taskCreatedAt: iso(r.taskCreatedAt) })),
    total,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
  };
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : d);

/** My own sheets (no data scope: only mine). */
export function ownPage(db: Db, user: Principal, input: Parameters<typeof hourSheetResource.page>[1]) {
  return hourSheetResource.page(db, input, null, eq(finHourSheets.userId, user.userId));
}

/** Sheets of the projects in my scope (drafts stay private to their owner). */
export function projectPage(db: Db, user: Principal, input: Parameters<typeof hourSheetResource.page>[1]) {
  return hourSheetResource.page(db, input, user, projectScope(user));
}
/** The project list's rows for an export, 5,000 at a time (drafts left out as in the list). */
export async function* projectBatches(db: Db, user: Principal, input: Record<string, unknown>) {
  for await (const batch of hourSheetResource.batches(db, input, user)) yield batch.filter((r) => r.state !== 'draft');
}
function projectScope(user: Principal): SQL | undefined {
  return and(ne(finHourSheets.state, 'draft'), dataScopeCondition(user, { orgId: finHourSheets.deptId }));
}

export async function revisions(db: Db, user: Principal, id: number) {
  await readableSheet(db, user, id);
  const rows = await db
    .select({
      id: finHourRevisions.id,
      revision: finHourRevisions.revision,
      reason: finHourRevisions.reason,
      sheetNo: finHourRevisions.sheetNo,
      totalMinutes: finHourRevisions.totalMinutes,
      days: finHourRevisions.days,
      createdByName: users.realName,
      createdAt: finHourRevisions.createdAt,
    })
    .from(finHourRevisions)
    .leftJoin(users, eq(users.id, finHourRevisions.createdBy))
    .where(eq(finHourRevisions.sheetId, id))
    .orderBy(desc(finHourRevisions.revision));
  return rows.map((r) => ({
    ...r,
    totalHours: toHours(r.totalMinutes),
    days: r.days.map((d) => ({ workDate: d.workDate, hours: toHours(d.minutes), remark: d.remark })),
    createdAt: iso(r.createdAt),
  }));
}
