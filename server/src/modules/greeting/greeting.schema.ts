import { date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../db/columns';

/** A personal time-capsule note (≤ 100 characters), at most one per user and year. */
export const timeCapsules = pgTable(
  'time_capsules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    employeeId: integer('employee_id'),
    year: integer('year').notNull(),
    content: varchar('content', { length: 100 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('time_capsules_user_year_uq').on(t.userId, t.year)],
);

/** Sessions that were already greeted: the birthday/anniversary dialogs show once per session. */
export const greetedSessions = pgTable('greeted_sessions', {
  sessionId: integer('session_id').primaryKey(),
  userId: integer('user_id').notNull(),
  day: date('day').notNull(),
});

/** A birthday blessing, one per sender, receiver and day. */
export const birthdayBlessings = pgTable(
  'birthday_blessings',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    day: date('day').notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('birthday_blessings_uq').on(t.fromUserId, t.toUserId, t.day), index('birthday_blessings_to_idx').on(t.toUserId, t.day)],
);

/** Employee materials by category (040 = avatar), each pointing at a file group. */
export const employeeMaterials = pgTable(
  'employee_materials',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    category: varchar('category', { length: 8 }).notNull(),
    fileId: varchar('file_id', { length: 32 }).notNull(),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [index('employee_materials_emp_idx').on(t.employeeId, t.category)],
);
