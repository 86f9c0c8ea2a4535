import { randomBytes } from 'node:crypto';
import { HELP_MSG, HELP_PERM, type HelpArticle, type HelpArticleItem, type HelpCategory, type HelpUnanswered, type Page } from '@erp/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { pageOfRows, pageWindow, rowCountLiteral } from '../../platform/http/paging';
import { assertOwnFileGroup } from '../file/file-groups';
import { sanitizeMessageHtml } from '../msg/sanitize';
import { helpArticles, helpCategories, helpUnanswered } from './help.schema';
import { HelpIndex, type IndexedArticle } from './help-index';
import { bestPassage, documentWords, highlight, htmlToText } from './help-text';

/** Help centre: categories, articles, search (docs/domain/help.md). */

export const isHelpManager = (user: Principal | null) => Boolean(user && hasPermission(user, HELP_PERM.manage));

/** An article as listed: the index's fields, with the search's rank. */
type ArticleRow = Omit<IndexedArticle, 'sort'> & { rank: number };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const ARTICLE_COLUMNS = sql`a.id, a.slug, a.category_id AS "categoryId", coalesce(c.name, '') AS "categoryName", a.title, a.body_text AS "bodyText",
  a.path, a.published, a.updated_at AS "updatedAt"`;

function toItem(r: ArticleRow, words: string[]): HelpArticleItem {
  let snippet: string;
  if (words.length) snippet = highlight(bestPassage(r.bodyText, words, 120).text, words);
  else {
    const plain = r.bodyText.replace(/\n/g, ' ');
    snippet = highlight(plain.length > 120 ? `${plain.slice(0, 119)}…` : plain, []);
  }
  return {
    id: r.id,
    slug: r.slug,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    title: r.title,
    snippet,
    path: r.path,
    published: r.published,
    updatedAt: iso(r.updatedAt),
    rank: Number(r.rank ?? 0),
  };
}

/** The tsvector of an article, from its title and plain text. */
export function searchDocSql(title: string, text: string): SQL {
  const w = documentWords(title, text);
  return sql`setweight(to_tsvector('simple', ${w.title}), 'A') || setweight(to_tsvector('simple', ${w.body}), 'B')`;
}

export async function listCategories(db: Db, user: Principal): Promise<HelpCategory[]> {
  const visible = isHelpManager(user) ? sql`true` : sql`a.published`;
  return queryRows<HelpCategory>(
    db,
    sql`SELECT c.id, c.code, c.name, c.summary, c.path, c.sort,
               (SELECT count(*)::int FROM help_articles a WHERE a.category_id = c.id AND a.deleted_at IS NULL AND ${visible}) AS "articleCount"
        FROM help_categories c ORDER BY c.sort, c.id`,
  );
}

export async function saveCategory(
  db: Db,
  user: Principal,
  input: { id?: number; code: string; name: string; summary: string; path: string; sort: number },
): Promise<HelpCategory> {
  const [taken] = await db
    .select({ id: helpCategories.id })
    .from(helpCategories)
    .where(and(eq(helpCategories.code, input.code), input.id ? sql`${helpCategories.id} <> ${input.id}` : undefined));
  if (taken) throw conflict(HELP_MSG.categoryCodeTaken);
  const values = {
    code: input.code,
    name: input.name,
    summary: input.summary,
    path: input.path,
    sort: input.sort,
    updatedBy: user.userId,
    updatedAt: new Date(),
  };
  let id = input.id;
  if (id) {
    const [row] = await db.update(helpCategories).set(values).where(eq(helpCategories.id, id)).returning({ id: helpCategories.id });
    if (!row) throw notFound(HELP_MSG.categoryMissing);
  } else {
    const [row] = await db
      .insert(helpCategories)
      .values({ ...values, createdBy: user.userId })
      .returning({ id: helpCategories.id });
    id = row?.id;
  }
  const found = (await listCategories(db, user)).find((c) => c.id === id);
  if (!found) throw notFound(HELP_MSG.categoryMissing);
  return found;
}

export async function deleteCategory(db: Db, id: number): Promise<null> {
  const [used] = await db
    .select({ id: helpArticles.id })
    .from(helpArticles)
    .where(and(eq(helpArticles.categoryId, id), isNull(helpArticles.deletedAt)))
    .limit(1);
  if (used) throw conflict(HELP_MSG.categoryInUse);
  const [row] = await db.delete(helpCategories).where(eq(helpCategories.id, id)).returning({ id: helpCategories.id });
  if (!row) throw notFound(HELP_MSG.categoryMissing);
  return null;
}

/** The search index of each database, rebuilt when its articles or categories change (help-index.ts). */
const indexes = new WeakMap<Db, { key: string; index: Promise<HelpIndex> }>();

async function helpIndex(db: Db): Promise<HelpIndex> {
  // A cheap fingerprint read at every search: another process (or an edit here) changes it.
  const [state] = await queryRows<{ key: string }>(
    db,
    sql`SELECT concat_ws('|', count(*), max(updated_at), count(deleted_at),
                 (SELECT concat_ws('|', count(*), max(updated_at)) FROM help_categories)) AS key FROM help_articles`,
  );
  const key = state?.key ?? '';
  const cached = indexes.get(db);
  if (cached?.key === key) return cached.index;
  const index = (async () => {
    const rows = await queryRows<IndexedArticle>(
      db,
      sql`SELECT ${ARTICLE_COLUMNS}, a.sort FROM help_articles a LEFT JOIN help_categories c ON c.id = a.category_id WHERE a.deleted_at IS NULL`,
    );
    return new HelpIndex(rows);
  })();
  indexes.set(db, { key, index });
  index.catch(() => indexes.delete(db));
  return index;
}

export async function screenArticles(db: Db): Promise<Array<{ path: string; slug: string; title: string }>> {
  return (await helpIndex(db)).screenArticles();
}

export interface SearchFound {
  rows: HelpArticleItem[];
  total: number;
  /** The words marked in the snippets (the query's words and what they were found as). */
  words: string[];
  bodies: Map<number, string>;
  /** Per article id: the share of the question it answers (help-index.ts). */
  coverage: Map<number, number>;
}

/**
 * Published articles matching a query, best first (help-index.ts: BM25 with synonyms and typo
 * corrections), question words dropped. The search box lists only articles holding a good part of
 * what the best one holds; `meaningful` (the assistant) keeps every hit for its own judgement (xiaode.ts).
 */
export async function searchArticles(
  db: Db,
  user: Principal | null,
  q: string,
  opts: { limit: number; meaningful?: boolean; drafts?: boolean; categoryId?: number; offset?: number; withTotal?: boolean },
): Promise<SearchFound> {
  const index = await helpIndex(db);
  const terms = index.terms(q);
  const manager = opts.drafts && isHelpManager(user);
  const hits = index.search(terms, {
    focused: !opts.meaningful,
    visible: (a) => (manager || a.published) && (!opts.categoryId || a.categoryId === opts.categoryId),
  });
  const words = index.markWords(terms);
  const offset = opts.offset ?? 0;
  const page = hits.slice(offset, offset + opts.limit);
  return {
    rows: page.map((h) => toItem({ ...h.article, rank: h.score }, words)),
    total: hits.length,
    words,
    bodies: new Map(page.map((h) => [h.article.id, h.article.bodyText])),
    coverage: new Map(page.map((h) => [h.article.id, h.coverage])),
  };
}

export async function articlePage(
  db: Db,
  user: Principal,
  req: { pageIndex: number; pageSize: number; categoryId?: number; keyword?: string; drafts?: boolean },
): Promise<Page<HelpArticleItem>> {
  const { limit, offset } = pageWindow(req);
  if (req.keyword) {
    const found = await searchArticles(db, user, req.keyword, { limit, offset, drafts: req.drafts, categoryId: req.categoryId });
    return pageOfRows(found.rows, found.total, req);
  }
  const visible = req.drafts && isHelpManager(user) ? sql`true` : sql`a.published`;
  const category = req.categoryId ? sql`AND a.category_id = ${req.categoryId}` : sql``;
  const rows = await queryRows<ArticleRow & { total: number }>(
    db,
    sql`SELECT ${ARTICLE_COLUMNS}, 0 AS rank, count(*) OVER ()::int AS total
        FROM help_articles a LEFT JOIN help_categories c ON c.id = a.category_id
        WHERE a.deleted_at IS NULL AND ${visible} ${category}
        ORDER BY c.sort, a.category_id, a.sort, a.id LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
  );
  return pageOfRows(
    rows.map((r) => toItem(r, [])),
    Number(rows[0]?.total ?? 0),
    req,
  );
}

export async function articleDetail(db: Db, user: Principal, key: number | string): Promise<HelpArticle> {
  const byKey = typeof key === 'number' || /^\d+$/.test(key) ? sql`a.id = ${Number(key)}` : sql`a.slug = ${key}`;
  const visible = isHelpManager(user) ? sql`true` : sql`a.published`;
  const [row] = await queryRows<ArticleRow & { content: string; sort: number; fileGroupId: string | null; updatedByName: string }>(
    db,
    sql`SELECT ${ARTICLE_COLUMNS}, 0 AS rank, a.content, a.sort, a.file_group_id AS "fileGroupId", coalesce(u.real_name, '') AS "updatedByName"
        FROM help_articles a LEFT JOIN help_categories c ON c.id = a.category_id LEFT JOIN users u ON u.id = a.updated_by
        WHERE ${byKey} AND a.deleted_at IS NULL AND ${visible}`,
  );
  if (!row) throw notFound(HELP_MSG.articleMissing);
  return { ...toItem(row, []), content: row.content, sort: row.sort, fileGroupId: row.fileGroupId ?? '', updatedByName: row.updatedByName };
}

export interface ArticleInput {
  id?: number;
  categoryId: number;
  title: string;
  content: string;
  path: string;
  published: boolean;
  sort: number;
  fileGroupId: string;
}

/** Stores an article: HTML sanitised, its text and words written with it, so the index never lags. */
export async function saveArticle(db: Db, user: Principal, input: ArticleInput, slug?: string): Promise<HelpArticle> {
  const content = sanitizeMessageHtml(input.content);
  const text = htmlToText(content);
  if (!text) throw badRequest(HELP_MSG.emptyContent);
  const [category] = await db.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.id, input.categoryId));
  if (!category) throw badRequest(HELP_MSG.categoryMissing);
  const values = {
    categoryId: input.categoryId,
    title: input.title,
    content,
    bodyText: text,
    path: input.path,
    published: input.published,
    sort: input.sort,
    searchDoc: searchDocSql(input.title, text),
    updatedBy: user.userId,
    updatedAt: new Date(),
  };
  let id = input.id;
  if (id) {
    const [old] = await db
      .select({ fileGroupId: helpArticles.fileGroupId })
      .from(helpArticles)
      .where(and(eq(helpArticles.id, id), isNull(helpArticles.deletedAt)));
    if (!old) throw notFound(HELP_MSG.articleMissing);
    // Keeping the group it already has is fine whoever uploaded it; a new one must be the editor's own uploads.
    const group = input.fileGroupId || null;
    if (group && group !== old.fileGroupId) await assertOwnFileGroup(db, user, group);
    await db
      .update(helpArticles)
      .set({ ...values, fileGroupId: group })
      .where(eq(helpArticles.id, id));
  } else {
    await assertOwnFileGroup(db, user, input.fileGroupId || null);
    const [row] = await db
      .insert(helpArticles)
      .values({ ...values, slug: slug ?? `a-${randomBytes(6).toString('hex')}`, fileGroupId: input.fileGroupId || null, createdBy: user.userId })
      .returning({ id: helpArticles.id });
    id = row?.id;
  }
  return articleDetail(db, user, id as number);
}

export async function deleteArticle(db: Db, user: Principal, id: number): Promise<null> {
  const [row] = await db
    .update(helpArticles)
    .set({ deletedAt: new Date(), updatedBy: user.userId, updatedAt: new Date() })
    .where(and(eq(helpArticles.id, id), isNull(helpArticles.deletedAt)))
    .returning({ id: helpArticles.id });
  if (!row) throw notFound(HELP_MSG.articleMissing);
  return null;
}

/** Files of a help article: whoever may read the article (published, or a manager). */
export async function canReadHelpFile(db: Db, user: Principal, groupId: string | null): Promise<boolean> {
  if (!groupId) return false;
  const visible = isHelpManager(user) ? sql`true` : sql`published`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM help_articles WHERE file_group_id = ${groupId} AND deleted_at IS NULL AND ${visible} LIMIT 1`,
  );
  return rows.length > 0;
}

/** At most this many different questions are kept: a flood of nonsense cannot fill the database. */
const MAX_UNANSWERED = 5000;

/**
 * Remembers a question that found nothing (issue 37). Best effort: a failure here never fails the
 * search or the answer it follows.
 */
export async function recordUnanswered(db: Db, source: 'search' | 'xiaode', question: string, log?: (err: unknown) => void): Promise<void> {
  const q = question.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!q) return;
  try {
    await db.execute(
      sql`INSERT INTO help_unanswered (question, source)
          SELECT ${q}, ${source} WHERE (SELECT count(*) FROM help_unanswered) < ${MAX_UNANSWERED}
          ON CONFLICT (source, question) DO UPDATE SET asked_count = help_unanswered.asked_count + 1, last_asked_at = now()`,
    );
  } catch (err) {
    log?.(err);
  }
}

export async function unansweredPage(db: Db, req: { pageIndex: number; pageSize: number; keyword?: string }): Promise<Page<HelpUnanswered>> {
  const { limit, offset } = pageWindow(req);
  const like = req.keyword ? sql`WHERE question ILIKE ${`%${req.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const rows = await queryRows<HelpUnanswered & { total: number }>(
    db,
    sql`SELECT id, question, source, asked_count AS "askedCount", first_asked_at AS "firstAskedAt", last_asked_at AS "lastAskedAt", count(*) OVER ()::int AS total
        FROM help_unanswered ${like} ORDER BY asked_count DESC, last_asked_at DESC, id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
  );
  return pageOfRows(
    rows.map(({ total: _total, ...r }) => ({ ...r, firstAskedAt: iso(r.firstAskedAt), lastAskedAt: iso(r.lastAskedAt) })),
    Number(rows[0]?.total ?? 0),
    req,
  );
}

export async function deleteUnanswered(db: Db, ids: number[]): Promise<null> {
  await db.delete(helpUnanswered).where(inArray(helpUnanswered.id, ids));
  return null;
}
