import { pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** Secrets every server process must share (signing keys), created by whichever process asks first. */
export const sharedSecrets = pgTable('shared_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  secret: text('secret').notNull(),
});
