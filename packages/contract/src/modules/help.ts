import { z } from 'zod';
import { isoDateTime, pageOf, ZPageRequest } from '../common';
import { defineCall } from '../define';

/**
 * Help centre (/helpCenter/*, issue 20): articles are data an administrator edits (sanitised rich
 * text, categories, attachments), searched with PostgreSQL full-text search over jieba-segmented
 * words; the Xiaode assistant answers from them and from the asker's own records. Model:
 * docs/domain/help.md.
 */

export const HELP_PERM = { manage: 'help:article:manage' } as const;

export const HELP_MSG = {
  categoryMissing: '帮助分类不存在',
  categoryInUse: '该分类下还有帮助文章，不能删除',
  categoryCodeTaken: '分类编码已存在',
  articleMissing: '该帮助不存在或已删除',
  emptyContent: '请输入正文',
  badPath: '关联页面必须是本系统的页面路径，例如 /backlog/index',
  aiFailed: 'AI 服务暂时不可用，以下是帮助中心中最相关的内容',
} as const;

/** A screen of this app (hash route), never an outside address. */
const screenPath = () =>
  z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^\/[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_=&%-]*)?$/.test(v), HELP_MSG.badPath);

export const ZHelpCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  summary: z.string(),
  /** Where the category's screens start (a route of this app), or ''. */
  path: z.string(),
  sort: z.number().int(),
  /** Published articles (all articles for managers). */
  articleCount: z.number().int(),
});
export type HelpCategory = z.output<typeof ZHelpCategory>;

/**
 * A question that found nothing (issue 37): in the search box (`search`) or put to 小德 (`xiaode`),
 * kept for the help managers to write the missing article; who asked is not kept.
 */
export const ZHelpUnanswered = z.object({
  id: z.number().int(),
  question: z.string(),
  source: z.enum(['search', 'xiaode']),
  askedCount: z.number().int(),
  firstAskedAt: isoDateTime(),
  lastAskedAt: isoDateTime(),
});
export type HelpUnanswered = z.output<typeof ZHelpUnanswered>;

export const ZHelpArticleItem = z.object({
  id: z.number().int(),
  /** Stable key of a seeded article (links like /helpCenter/detail?id=process-todo keep working). */
  slug: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  /** Plain text, the first ~120 characters, or the best passage of a search with <mark> around hits (HTML-escaped). */
  snippet: z.string(),
  path: z.string(),
  published: z.boolean(),
  updatedAt: isoDateTime(),
  /** Search only: the rank (higher is better); 0 when listed without a query. */
  rank: z.number(),
});
export type HelpArticleItem = z.output<typeof ZHelpArticleItem>;

export const ZHelpArticle = ZHelpArticleItem.extend({
  /** Sanitised HTML. */
  content: z.string(),
  sort: z.number().int(),
  /** Attachment group of the file module ('' when none). */
  fileGroupId: z.string(),
  updatedByName: z.string(),
});
export type HelpArticle = z.output<typeof ZHelpArticle>;

/** One passage the assistant found: an article, the passage itself (plain text) and the same with <mark>. */
export const ZXiaodePassage = z.object({
  articleId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  text: z.string(),
  highlighted: z.string(),
  link: z.string(),
});
export type XiaodePassage = z.output<typeof ZXiaodePassage>;

/** A figure from the asker's own records (never anyone else's). */
export const ZXiaodeFact = z.object({
  kind: z.enum(['leave', 'request', 'payslip']),
  label: z.string(),
  value: z.string(),
  link: z.string(),
});
export type XiaodeFact = z.output<typeof ZXiaodeFact>;

export const ZXiaodeAnswer = z.object({
  question: z.string(),
  /** The answer text (plain text; from the AI endpoint when configured, else composed from the retrieval). */
  answer: z.string(),
  passages: z.array(ZXiaodePassage),
  facts: z.array(ZXiaodeFact),
  /** How the answer was made. */
  source: z.enum(['ai', 'retrieval']),
});
export type XiaodeAnswer = z.output<typeof ZXiaodeAnswer>;

const H = (p: string) => `/base_api/base/help/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;

const question = () => z.string({ error: '请输入问题' }).trim().min(1, '请输入问题').max(200, '问题不能超过200个字符');

export const helpCalls = {
  helpCategories: defineCall({
    ...json,
    path: H('category/list'),
    request: z.object({}),
    data: z.array(ZHelpCategory),
    permission: 'login',
    summary: 'Help categories in order, with their article counts',
  }),
  helpCategorySave: defineCall({
    ...json,
    path: H('category/save'),
    request: z.object({
      id: z.number().int().positive().optional(),
      code: z
        .string({ error: '请输入分类编码' })
        .trim()
        .regex(/^[a-z][a-z0-9-]{0,39}$/, '分类编码只能是小写字母、数字和-，以字母开头，最多40个字符'),
      name: z.string({ error: '请输入分类名称' }).trim().min(1, '请输入分类名称').max(40, '分类名称不能超过40个字符'),
      summary: z.string().trim().max(200, '简介不能超过200个字符').default(''),
      path: screenPath().default(''),
      sort: z.number().int().min(0).max(9999).default(0),
    }),
    data: ZHelpCategory,
    permission: HELP_PERM.manage,
    write: true,
    summary: 'Adds or changes a help category',
  }),
  helpCategoryDelete: defineCall({
    ...json,
    path: H('category/delete'),
    request: z.object({ id: z.number().int().positive() }),
    data: z.null(),
    permission: HELP_PERM.manage,
    write: true,
    summary: 'Deletes an empty help category',
  }),
  helpArticlePage: defineCall({
    ...json,
    path: H('article/page'),
    request: ZPageRequest.extend({
      categoryId: z.number().int().positive().optional(),
      /** Full-text query: ranked, with highlighted passages. */
      keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
      /** Managers only: include drafts. */
      drafts: z.boolean().optional(),
    }),
    data: pageOf(ZHelpArticleItem),
    permission: 'login',
    summary: 'Help articles of a category or matching a query (ranked, highlighted)',
  }),
  helpSearch: defineCall({
    ...json,
    path: H('search'),
    request: z.object({
      q: z.string({ error: '请输入关键字' }).trim().min(1, '请输入关键字').max(100, '关键字不能超过100个字符'),
      limit: z.number().int().min(1).max(20).default(8),
    }),
    data: z.array(ZHelpArticleItem),
    permission: 'login',
    summary: 'The best published articles for a query, with their best passage highlighted',
  }),
  helpArticleDetail: defineCall({
    ...json,
    path: H('article/detail'),
    /** A numeric id or a seeded article's slug. */
    request: z.object({ id: z.union([z.number().int().positive(), z.string().trim().min(1).max(64)]) }),
    data: ZHelpArticle,
    permission: 'login',
    summary: 'One help article (drafts only for managers)',
  }),
  helpArticleSave: defineCall({
    ...json,
    path: H('article/save'),
    request: z.object({
      id: z.number().int().positive().optional(),
      categoryId: z.number({ error: '请选择分类' }).int().positive('请选择分类'),
      title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题不能超过100个字符'),
      content: z.string({ error: '请输入正文' }).max(100_000, '正文不能超过100000个字符'),
      path: screenPath().default(''),
      published: z.boolean().default(true),
      sort: z.number().int().min(0).max(9999).default(0),
      fileGroupId: z.string().trim().max(32).default(''),
    }),
    data: ZHelpArticle,
    permission: HELP_PERM.manage,
    write: true,
    summary: 'Adds or changes a help article (HTML sanitised on the server)',
  }),
  helpArticleDelete: defineCall({
    ...json,
    path: H('article/delete'),
    request: z.object({ id: z.number().int().positive() }),
    data: z.null(),
    permission: HELP_PERM.manage,
    write: true,
    summary: 'Removes a help article',
  }),
  helpScreenArticles: defineCall({
    ...json,
    path: H('screen/articles'),
    request: z.object({}),
    data: z.array(z.object({ path: z.string(), slug: z.string(), title: z.string() })),
    permission: 'login',
    summary: "Each screen's help article (the first published one naming the screen), for the ? in its header",
  }),
  helpUnansweredPage: defineCall({
    ...json,
    path: H('unanswered/page'),
    request: ZPageRequest.extend({ keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional() }),
    data: pageOf(ZHelpUnanswered),
    permission: HELP_PERM.manage,
    summary: 'Questions that found no help article, most asked first',
  }),
  helpUnansweredDelete: defineCall({
    ...json,
    path: H('unanswered/delete'),
    request: z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
    data: z.null(),
    permission: HELP_PERM.manage,
    write: true,
    summary: 'Removes answered questions from the list',
  }),
  xiaodeAsk: defineCall({
    ...json,
    path: H('xiaode/ask'),
    request: z.object({ question: question() }),
    data: ZXiaodeAnswer,
    permission: 'login',
    summary: "Xiaode answers a question from the help articles and the asker's own records",
  }),
  /**
   * The same answer as server-sent events: `context` (passages and facts, JSON), then `delta`
   * (text pieces as the AI endpoint streams them), then `done` (the whole answer, JSON).
   */
  xiaodeStream: defineCall({
    ...json,
    path: H('xiaode/stream'),
    responseKind: 'blob',
    request: z.object({ question: question() }),
    data: z.null(),
    permission: 'login',
    summary: 'Xiaode answers as a stream of server-sent events',
  }),
};
