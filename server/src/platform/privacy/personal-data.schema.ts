import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Who read whose sensitive personal data (issue 34 §5, PIPL): one row per read of another person's
 * full ID number, phone, bank account, pay or emergency contact, or one row per bulk read (an export,
 * a list) naming how many people and the filter. Written in the reading call; kept for the retention
 * of system_state `privacy.read_log_days` (docs/domain/controls.md §5).
 */
export const personalDataReads = pgTable(
  'personal_data_reads',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    readerUserId: integer('reader_user_id').notNull(),
    /** The person read; null for a bulk read. */
    subjectEmployeeId: integer('subject_employee_id'),
    /** How many people the read revealed (1 for one person). */
    subjectCount: integer('subject_count').notNull().default(1),
    /** The fields revealed, as the forms name them (身份证号、银行账号…). */
    fields: varchar('fields', { length: 200 }).notNull(),
    /** What was asked for: the call, and for a bulk read its filter. */
    call: varchar('call', { length: 200 }).notNull(),
    filter: varchar('filter', { length: 500 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('personal_data_reads_subject_idx').on(t.subjectEmployeeId, t.at),
    index('personal_data_reads_reader_idx').on(t.readerUserId, t.at),
    index('personal_data_reads_at_idx').on(t.at),
  ],
);
