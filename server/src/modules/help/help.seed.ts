import { eq, sql } from 'drizzle-orm';
import { systemState } from '../../db/schema';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import { sanitizeMessageHtml } from '../msg/sanitize';
import { warmSegmenter } from '../recruit/resume-text';
import { helpArticles, helpCategories } from './help.schema';
import { searchDocSql } from './help.service';
import { type HelpArticleFile, loadHelpArticles } from './help-articles';
import { htmlToText } from './help-text';

/**
 * The help centre's categories, and its articles from the repo's Markdown files (help-articles.ts,
 * `articles/<category>/<slug>.md`), given to every database.
 */

interface SeedCategory {
  code: string;
  name: string;
  summary: string;
  path: string;
}

export const HELP_SEED_CATEGORIES: SeedCategory[] = [
  { code: 'workbench', name: '工作台', summary: '前台应用、快捷入口、公告与待办概览。', path: '/WorkBench/index' },
  { code: 'process', name: '流程中心', summary: '审批待办、抄送、我发起的流程与审批进度。', path: '/backlog/index' },
  { code: 'messages', name: '消息中心', summary: '系统通知、公告与待办提醒，未读数显示在铃铛上。', path: '/MessageCenter/index' },
  { code: 'personal', name: '个人中心', summary: '个人资料、工作与教育经历、银行卡、请假与年假等信息。', path: '/PersonalCenter/index' },
  { code: 'back-office', name: '后台管理', summary: '组织、用户、角色、菜单、字典等基础数据（有权限的用户可见）。', path: '/WorkBench/home' },
  { code: 'account', name: '账号与使用', summary: '登录退出、忘记密码、语言切换、页签与快捷键、小德助手。', path: '' },
  { code: 'requests', name: '申请与报销', summary: '离职申请、费用报销、个人票夹等前台申请。', path: '/WorkBench/index' },
  { code: 'pay', name: '工资与工时', summary: '工资条与工时填报。', path: '/Salary/index' },
  { code: 'hr', name: '人力资源', summary: '离职交接、操作记录等人力资源的后台工作。', path: '/staffManagement/index' },
  { code: 'finance', name: '财务', summary: '项目、预算、结算开票、会计期间、内控设置等财务的后台工作。', path: '' },
  { code: 'recruit', name: '招聘', summary: '招聘需求、人才库、面试、录用与入职。', path: '/RecruitCenter/TalentPool' },
  { code: 'assets', name: '资产', summary: '资产领用、采购、归还、登记与盘点。', path: '' },
];

/** What a database had before the help centre remembered what it was given (issue 37). */
const FIRST_GIVEN = {
  categories: ['workbench', 'process', 'messages', 'personal', 'back-office', 'account'],
  articles: [
    'workbench-apps',
    'process-todo',
    'process-mine',
    'process-time-limit',
    'messages',
    'personal',
    'leave',
    'back-office',
    'sign-in',
    'tabs',
    'language',
    'xiaode',
  ],
};

/**
 * The codes of one kind of help content this database was ever given (system_state
 * `help.<kind>_given`), so that what an administrator deleted is not brought back at the next start.
 */
async function given(ctx: SeedContext, kind: keyof typeof FIRST_GIVEN, hasAny: boolean): Promise<Set<string>> {
  const [kept] = await ctx.db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, `help.${kind}_given`));
  return new Set(kept ? kept.value.split(',').filter(Boolean) : hasAny ? FIRST_GIVEN[kind] : []);
}

async function remember(ctx: SeedContext, kind: keyof typeof FIRST_GIVEN, codes: Iterable<string>): Promise<void> {
  const value = [...new Set(codes)].join(',');
  await ctx.db
    .insert(systemState)
    .values({ key: `help.${kind}_given`, value })
    .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: new Date() } });
}

/**
 * Idempotent (reference data, run at every start of an existing database): a category or an article
 * (by its slug) this database was never given is added; nothing an administrator has edited or
 * deleted is touched or brought back.
 */
async function seedHelp(ctx: SeedContext): Promise<void> {
  const articles = loadHelpArticles();
  const haveCategories = await ctx.db.select({ id: helpCategories.id, code: helpCategories.code }).from(helpCategories);
  const ids = new Map(haveCategories.map((c) => [c.code, c.id]));
  const givenCategories = await given(ctx, 'categories', haveCategories.length > 0);
  for (const [i, c] of HELP_SEED_CATEGORIES.entries()) {
    if (ids.has(c.code) || givenCategories.has(c.code)) continue;
    const [row] = await ctx.db
      .insert(helpCategories)
      .values({ ...c, sort: (i + 1) * 10 })
      .onConflictDoNothing()
      .returning({ id: helpCategories.id });
    if (row) ids.set(c.code, row.id);
  }
  await remember(ctx, 'categories', [...givenCategories, ...HELP_SEED_CATEGORIES.map((c) => c.code)]);

  const have = await ctx.db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      title: helpArticles.title,
      content: helpArticles.content,
      path: helpArticles.path,
      untouched: sql<boolean>`${helpArticles.updatedBy} IS NULL AND ${helpArticles.deletedAt} IS NULL`,
    })
    .from(helpArticles);
  const known = new Set(have.map((r) => r.slug));
  await refreshUntouched(ctx, articles, have);
  const givenArticles = await given(ctx, 'articles', haveCategories.length > 0);
  // A category an administrator removed takes no new articles (they are given if it comes back).
  const missing = articles.filter((a) => !known.has(a.slug) && !givenArticles.has(a.slug) && ids.has(a.category));
  if (missing.length) {
    await warmSegmenter();
    const rows = missing.map((a, i) => {
      const content = sanitizedOf(a);
      const text = htmlToText(content);
      return {
        slug: a.slug,
        categoryId: ids.get(a.category) as number,
        title: a.title,
        content,
        bodyText: text,
        path: a.route,
        published: true,
        sort: a.sort ?? (i + 1) * 10,
        searchDoc: searchDocSql(a.title, text),
      };
    });
    await ctx.db.insert(helpArticles).values(rows).onConflictDoNothing();
  }
  const added = new Set(missing.map((a) => a.slug));
  await remember(ctx, 'articles', [...givenArticles, ...articles.filter((a) => known.has(a.slug) || added.has(a.slug)).map((a) => a.slug)]);
}

const sanitized = new WeakMap<HelpArticleFile, string>();

/** Sanitised as an administrator's edit is (the same content rules for every article), once per process. */
function sanitizedOf(a: HelpArticleFile): string {
  let html = sanitized.get(a);
  if (html === undefined) {
    html = sanitizeMessageHtml(a.html);
    sanitized.set(a, html);
  }
  return html;
}

/**
 * An article as the repo gave it, never edited or deleted by anyone (updated_by is still empty),
 * follows the repo's corrections; one an administrator touched is theirs.
 */
async function refreshUntouched(
  ctx: SeedContext,
  articles: HelpArticleFile[],
  have: Array<{ id: number; slug: string; title: string; content: string; path: string; untouched: boolean }>,
): Promise<void> {
  const bySlug = new Map(have.filter((r) => r.untouched).map((r) => [r.slug, r]));
  for (const a of articles) {
    const row = bySlug.get(a.slug);
    if (!row) continue;
    const content = sanitizedOf(a);
    if (row.content === content && row.title === a.title && row.path === a.route) continue;
    await warmSegmenter();
    const text = htmlToText(content);
    await ctx.db
      .update(helpArticles)
      .set({ title: a.title, content, bodyText: text, path: a.route, searchDoc: searchDocSql(a.title, text), updatedAt: new Date() })
      .where(eq(helpArticles.id, row.id));
  }
}

/** Every database gets the help content (reference data); the demo adds nothing more. */
export const helpSeed: ModuleSeed = { name: 'help', reference: seedHelp };
