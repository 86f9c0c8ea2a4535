import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Background work (mail, notifications, exports): written in the same transaction as the change
 * that causes it, claimed by any process with FOR UPDATE SKIP LOCKED, so each item is done once.
 * status: pending | done | failed.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    topic: varchar('topic', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: varchar('last_error', { length: 1000 }),
  },
  (t) => [index('outbox_pending_idx').on(t.topic, t.status, t.availableAt)],
);
