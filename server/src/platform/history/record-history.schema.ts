import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every version of a business record (issue 34 §4): written by a database trigger on the record's
 * table in the transaction of the change itself (migration 0036), so no change can exist without
 * its row, whatever wrote it (a screen, an approval, an import). `snapshot` is the row as stored
 * (timestamps left out); the history screen compares consecutive snapshots field by field.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The registered kind (bill, employee…): the trigger's argument. */
    kind: varchar('kind', { length: 32 }).notNull(),
    recordId: integer('record_id').notNull(),
    /** For a part of a record (a bill's invoice, an employee's education row): the record it belongs to (migration 0037). */
    parentId: integer('parent_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The row's updated_by (created_by on insert): who made the change. */
    userId: integer('user_id'),
    /** insert · update · delete · baseline. */
    action: varchar('action', { length: 8 }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [
    index('record_versions_record_idx').on(t.kind, t.recordId, t.id),
    index('record_versions_parent_idx').on(t.kind, t.parentId, t.id).where(sql`parent_id IS NOT NULL`),
  ],
);
