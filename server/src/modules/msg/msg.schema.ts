import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../db/columns';

/**
 * A message as published once: a notice, a to-do reminder, a greeting. Content is HTML that was
 * sanitised before it was stored. msg_type: 001 to-do, 002 warning, 003 notice, 004 system.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    msgType: varchar('msg_type', { length: 3 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    /** Plain-text excerpt for lists and search. */
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    senderId: integer('sender_id'),
    link: varchar('link', { length: 255 }),
    /** all | org | users: who it was addressed to (receivers are materialised in message_receivers). */
    receiverScope: varchar('receiver_scope', { length: 8 }).notNull().default('users'),
    receiverOrgId: integer('receiver_org_id'),
    receiverUserIds: jsonb('receiver_user_ids').$type<number[]>().notNull().default([]),
    /** With scope roles: the roles whose enabled holders receive it. */
    receiverRoleIds: jsonb('receiver_role_ids').$type<number[]>().notNull().default([]),
    /** A scheduled notice: its receivers get it at this time (an outbox item `msg.publish` fans it out); null: at creation. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** Leaves the workbench carousel at this time; null: never. */
    expireAt: timestamp('expire_at', { withTimezone: true }),
    /** File record ids attached to the message. */
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull().default([]),
    topFlag: boolean('top_flag').notNull().default(false),
    /** The to-do popup data of the live channel, kept for the record. */
    todo: jsonb('todo'),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [index('messages_type_created_idx').on(t.msgType, t.createdAt), index('messages_sender_idx').on(t.senderId)],
);

/**
 * One receiver's copy of a message: read status, own pin, own removal. msg_type and created_at are
 * copied from the message so the unread counts and the lists are answered from this table alone.
 */
export const messageReceivers = pgTable(
  'message_receivers',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').notNull(),
    userId: integer('user_id').notNull(),
    msgType: varchar('msg_type', { length: 3 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    topFlag: boolean('top_flag').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed from this receiver's list (or the message was withdrawn). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('message_receivers_unread_idx').on(t.userId, t.msgType).where(sql`${t.readAt} IS NULL AND ${t.deletedAt} IS NULL`),
    index('message_receivers_list_idx').on(t.userId, t.topFlag, t.createdAt),
    index('message_receivers_message_idx').on(t.messageId, t.userId),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
export type MessageReceiverRow = typeof messageReceivers.$inferSelect;
