import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../db/columns';

/** PostgreSQL tsvector (Drizzle has no built-in type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A help category (平台功能分区): the help centre's sections, in `sort` order. */
export const helpCategories = pgTable(
  'help_categories',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    /** The screen the category's features start at (a route of the app), or ''. */
    path: varchar('path', { length: 200 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...auditColumns,
  },
  (t) => [uniqueIndex('help_categories_code_uq').on(t.code)],
);

/**
 * A help article. `content` is sanitised HTML; `body_text` its plain text (passages, highlights);
 * `search_doc` the jieba words of title (weight A) and text (weight B) in the `simple`
 * configuration, written by the service with the row (help.service.ts), so Chinese is searchable
 * on PGlite and PostgreSQL alike.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    /** Stable key of seeded articles (old links /helpCenter/detail?id=process-todo); generated for new ones. */
    slug: varchar('slug', { length: 64 }).notNull(),
    categoryId: integer('category_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    bodyText: text('body_text').notNull(),
    path: varchar('path', { length: 200 }).notNull().default(''),
    published: boolean('published').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    fileGroupId: varchar('file_group_id', { length: 32 }),
    searchDoc: tsvector('search_doc').notNull(),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('help_articles_slug_uq').on(t.slug),
    index('help_articles_search_idx').using('gin', t.searchDoc),
    index('help_articles_category_idx').on(t.categoryId, t.sort, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * Questions that found nothing (issue 37), one row per question and where it was asked, with how
 * often: what the help managers should write next. The asker is not kept (a question may name
 * anyone); the list is bounded (help.service.ts).
 */
export const helpUnanswered = pgTable(
  'help_unanswered',
  {
    id: serial('id').primaryKey(),
    question: varchar('question', { length: 100 }).notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    askedCount: integer('asked_count').notNull().default(1),
    firstAskedAt: timestamp('first_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_unanswered_question_uq').on(t.source, t.question), index('help_unanswered_count_idx').on(t.askedCount, t.lastAskedAt)],
);
