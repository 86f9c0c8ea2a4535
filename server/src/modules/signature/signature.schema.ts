import { index, integer, pgSequence, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Digital signature (电子签章): a signing session (the access token a signing page holds, stored
 * hashed), the one-time confirmation code of that session, and the signatures confirmed with it,
 * each with its serial number — the proof a business record keeps.
 */
export const signatureSessions = pgTable(
  'signature_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signature_sessions_token_uq').on(t.tokenHash), index('signature_sessions_user_idx').on(t.userId, t.createdAt)],
);

export const signatureSerialSeq = pgSequence('signature_serial_seq', { startWith: 1 });

export const signatureRecords = pgTable(
  'signature_records',
  {
    id: serial('id').primaryKey(),
    serialNumber: varchar('serial_number', { length: 32 }).notNull(),
    userId: integer('user_id').notNull(),
    sessionId: integer('session_id').notNull(),
    bizType: varchar('biz_type', { length: 64 }),
    bizId: varchar('biz_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signature_records_serial_uq').on(t.serialNumber), index('signature_records_user_idx').on(t.userId, t.createdAt)],
);
