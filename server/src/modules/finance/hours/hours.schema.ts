import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../../db/columns';

/** Calendar, timesheets, leave, post standards and man-hours (docs/domain/hours-pay.md). */

const fen = (name: string) => bigint(name, { mode: 'number' });

/** Days that are not what their weekday says (HOLIDAYKIND 001 statutory · 002 rest day of a block · 003 adjusted working day). */
export const finHolidays = pgTable(
  'fin_holidays',
  {
    day: date('day').primaryKey(),
    year: integer('year').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    ...auditColumns,
  },
  (t) => [index('fin_holidays_year_idx').on(t.year)],
);

/** A timesheet (职能工时): one person, one project, one month; a document on the kernel. */
export const finHourSheets = pgTable(
  'fin_hour_sheets',
  {
    id: serial('id').primaryKey(),
    sheetNo: varchar('sheet_no', { length: 24 }),
    userId: integer('user_id').notNull(),
    employeeId: integer('employee_id'),
    projectId: integer('project_id').notNull(),
    /** The project's department (data scope). */
    deptId: integer('dept_id'),
    month: integer('month').notNull(),
    totalMinutes: integer('total_minutes').notNull().default(0),
    normalMinutes: integer('normal_minutes').notNull().default(0),
    otWorkdayMinutes: integer('ot_workday_minutes').notNull().default(0),
    otRestdayMinutes: integer('ot_restday_minutes').notNull().default(0),
    otHolidayMinutes: integer('ot_holiday_minutes').notNull().default(0),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    revision: integer('revision').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_hour_sheets_uq').on(t.userId, t.projectId, t.month).where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('fin_hour_sheets_no_uq').on(t.sheetNo),
    index('fin_hour_sheets_project_idx').on(t.projectId, t.month),
    index('fin_hour_sheets_dept_idx').on(t.deptId, t.month),
    index('fin_hour_sheets_instance_idx').on(t.processInstanceId),
  ],
);

/** The minutes of one day of a sheet (only days with minutes are stored). W working day · R rest day · H statutory holiday. */
export const finHourDays = pgTable(
  'fin_hour_days',
  {
    id: serial('id').primaryKey(),
    sheetId: integer('sheet_id').notNull(),
    userId: integer('user_id').notNull(),
    workDate: date('work_date').notNull(),
    minutes: integer('minutes').notNull(),
    dayType: varchar('day_type', { length: 1 }).notNull(),
    remark: varchar('remark', { length: 200 }),
  },
  (t) => [uniqueIndex('fin_hour_days_uq').on(t.sheetId, t.workDate), index('fin_hour_days_user_idx').on(t.userId, t.workDate)],
);

export interface HourDaySnapshot {
  workDate: string;
  minutes: number;
  remark: string | null;
}

/** The days of an approved sheet before a modification (修改记录). */
export const finHourRevisions = pgTable(
  'fin_hour_revisions',
  {
    id: serial('id').primaryKey(),
    sheetId: integer('sheet_id').notNull(),
    revision: integer('revision').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    sheetNo: varchar('sheet_no', { length: 24 }),
    totalMinutes: integer('total_minutes').notNull(),
    days: jsonb('days').$type<HourDaySnapshot[]>().notNull(),
    ...auditColumns,
  },
  (t) => [index('fin_hour_revisions_sheet_idx').on(t.sheetId)],
);

/** A leave of absence (请假) in working-day minutes. */
export const finLeaveRecords = pgTable(
  'fin_leave_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    employeeId: integer('employee_id'),
    /** LEAVETYPE. */
    leaveType: varchar('leave_type', { length: 8 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    minutes: integer('minutes').notNull(),
    source: varchar('source', { length: 16 }).notNull().default('manual'),
    remark: varchar('remark', { length: 200 }),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [index('fin_leave_records_user_idx').on(t.userId, t.startDate)],
);

/** A rate per post, region category and rank level (岗位标准). */
export const finPostStandards = pgTable(
  'fin_post_standards',
  {
    id: serial('id').primaryKey(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    /** REGIONCATEGORY. */
    regionCategory: varchar('region_category', { length: 8 }).notNull(),
    /** RANKLEVEL. */
    rankLevel: varchar('rank_level', { length: 8 }).notNull(),
    monthlySalary: fen('monthly_salary').notNull(),
    allowance: fen('allowance').notNull().default(0),
    hourlyBillRate: fen('hourly_bill_rate').notNull(),
    remark: varchar('remark', { length: 200 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('fin_post_standards_uq').on(t.postName, t.regionCategory, t.rankLevel)],
);

/** Approved hours per month, person and project (工时汇总), the input of the pay accession and the client bill. */
export const finManHours = pgTable(
  'fin_man_hours',
  {
    id: serial('id').primaryKey(),
    month: integer('month').notNull(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull(),
    deptId: integer('dept_id'),
    normalMinutes: integer('normal_minutes').notNull().default(0),
    otWorkdayMinutes: integer('ot_workday_minutes').notNull().default(0),
    otRestdayMinutes: integer('ot_restday_minutes').notNull().default(0),
    otHolidayMinutes: integer('ot_holiday_minutes').notNull().default(0),
    leaveMinutes: integer('leave_minutes').notNull().default(0),
    /** SETTLEMETHOD. */
    settlementMethod: varchar('settlement_method', { length: 8 }).notNull().default('003'),
    postStandardId: integer('post_standard_id'),
    billAmount: fen('bill_amount').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('fin_man_hours_uq').on(t.month, t.userId, t.projectId), index('fin_man_hours_dept_idx').on(t.deptId, t.month)],
);
