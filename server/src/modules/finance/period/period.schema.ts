import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../db/columns';

/**
 * Accounting periods (issue 34 §2, docs/domain/controls.md): a row per month finance has closed
 * at least once; a month without a row is open. `state` is what the guards read, in the writing
 * transaction (FOR SHARE), so a close waits for a write in flight and the write sees the close.
 */
export const finAccountingPeriods = pgTable('fin_accounting_periods', {
  /** yyyymm. */
  month: integer('month').primaryKey(),
  /** open · closed. */
  state: varchar('state', { length: 8 }).notNull(),
  closedBy: integer('closed_by'),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  ...auditColumns,
});

/** Every close and reopen of a month, with the reopen's reason: the period's history. */
export const finPeriodEvents = pgTable(
  'fin_period_events',
  {
    id: serial('id').primaryKey(),
    month: integer('month').notNull(),
    /** close · reopen. */
    action: varchar('action', { length: 8 }).notNull(),
    reason: varchar('reason', { length: 200 }),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fin_period_events_month_idx').on(t.month, t.at)],
);
