import { bigint, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../db/columns';

/**
 * Stored files. The bytes live in the storage backend under `storage_key`, a name the server
 * generates; the client's file name is only kept as a label. Deletes are soft.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** Group of files uploaded together or added to one list (the spec's fileId). */
    groupId: varchar('group_id', { length: 32 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSuffix: varchar('file_suffix', { length: 16 }).notNull(),
    /** image | document | archive */
    fileType: varchar('file_type', { length: 16 }).notNull(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    moduleName: varchar('module_name', { length: 64 }),
    functionName: varchar('function_name', { length: 64 }),
    ownerId: integer('owner_id').notNull(),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [uniqueIndex('files_storage_key_uq').on(t.storageKey), index('files_group_idx').on(t.groupId), index('files_owner_idx').on(t.ownerId)],
);

/** The secret that signs short-lived file links, shared by every server process through the database. */
export const fileLinkKeys = pgTable('file_link_keys', {
  id: integer('id').primaryKey(),
  secret: text('secret').notNull(),
});

export type FileRow = typeof files.$inferSelect;
