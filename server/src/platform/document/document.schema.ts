import { date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The last number given per document prefix and business day. Taken with an upsert in the
 * transaction that creates the document, so a rolled-back document gives its number back
 * (numbers stay gap-free) and two documents of one prefix and day wait for each other.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    prefix: varchar('prefix', { length: 8 }).notNull(),
    day: date('day').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.day] })],
);
