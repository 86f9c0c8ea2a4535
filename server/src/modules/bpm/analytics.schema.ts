import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Daily reminders of overdue approval tasks (bpm analytics): one row per task, business day and person reminded.
 * The sweep inserts with ON CONFLICT DO NOTHING and reminds only for the rows it inserted, so two
 * processes sweeping at once remind once.
 */
export const wfOverdueReminders = pgTable(
  'wf_overdue_reminders',
  {
    taskId: integer('task_id').notNull(),
    day: date('day').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.day, t.userId] })],
);
