import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Session tokens: only the SHA-256 of the 256-bit random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per key ("user:<name>" or "ip:<address>") in a sliding window, and the lock. */
export const loginAttempts = pgTable('login_attempts', {
  key: varchar('key', { length: 200 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userCode: varchar('user_code', { length: 64 }),
    call: varchar('call', { length: 255 }).notNull(),
    recordId: varchar('record_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_user_idx').on(t.userId)],
);

/**
 * Single sign-on attempts between the redirect to the provider and its callback: each is used
 * once (deleted by the callback, so a replayed `state` finds nothing) and only by the browser that
 * started it (the hash of a cookie it was given), within ten minutes.
 */
export const ssoLogins = pgTable('sso_logins', {
  stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
  browserHash: varchar('browser_hash', { length: 64 }).notNull(),
  nonce: varchar('nonce', { length: 128 }).notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  /** The callback address sent to the provider; the token request must repeat it exactly. */
  redirectUri: varchar('redirect_uri', { length: 500 }).notNull(),
  /** The in-app page to land on afterwards. */
  landing: varchar('landing', { length: 500 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The provider's ID token of a session started by single sign-on: the hint of its logout at the provider. */
export const ssoSessions = pgTable('sso_sessions', {
  sessionId: integer('session_id').primaryKey(),
  idToken: text('id_token').notNull(),
  subject: varchar('subject', { length: 255 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
