import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every business table carries: who created/updated it and when (UTC). */
export const auditColumns = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
};

/** Soft delete, for records users expect to be able to restore. */
export const softDelete = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};
