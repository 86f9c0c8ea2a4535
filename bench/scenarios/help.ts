import { sql } from 'drizzle-orm';
import { type Answers, accuracyRows, type HelpQuestion, loadQuestions, misses, productAnswers } from '../help-accuracy';
import { type BenchContext, type DataSet, login, type Row, type Section, startProduct } from '../lib';
import { measureProbe, type Probe } from '../probe';

/**
 * Issues 20 and 37: the help centre's search (an in-memory index per process, help-index.ts; best
 * passage highlighted) and the Xiaode assistant's retrieval, at 32 connections, against a bare
 * Fastify route running the same SQL (the index's freshness check). Target: help search p99 ≤ 50 ms.
 * And the accuracy over the question set (help-accuracy.ts).
 */
const PROBES: Probe[] = [
  {
    name: 'help/search (忘记密码 → 重置密码, synonyms)',
    path: '/base_api/base/help/search',
    body: { q: '忘记密码怎么办', limit: 8 },
    target: 50,
    user: 'emp01',
  },
  { name: 'help/search (审批待办, 8 hits max)', path: '/base_api/base/help/search', body: { q: '审批待办', limit: 8 }, target: 50, user: 'emp01' },
  {
    name: 'help/search (no hit for every word → any word)',
    path: '/base_api/base/help/search',
    body: { q: '怎么 切换 英文 界面', limit: 8 },
    target: 50,
    user: 'emp01',
  },
  {
    name: 'help/xiaode/ask (年假, offline retrieval)',
    path: '/base_api/base/help/xiaode/ask',
    body: { question: '我还有几天年假？' },
    target: 100,
    user: 'emp01',
  },
];

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const rows: Row[] = [];
  for (const probe of PROBES) rows.push(...(await measureProbe(db, probe, duration)));
  return {
    title: `Help centre search and the Xiaode assistant on ${label}`,
    issue: 20,
    rows,
    notes: [
      'Calls as emp01 (a regular employee), ROOT-wrapped bodies. The help articles are the seeded ones (every database gets them); the words of a query are cut by jieba in the server process, the same way as the index.',
      'A search ranks in memory (BM25; synonyms and corrections as alternatives of a word) after one statement that checks the index is current (count and last change of the articles and categories); it asks for every word and, when no article holds them all, for any word. The third probe measures the fallback.',
      'The assistant without AI_BASE_URL answers from retrieval alone: the search (any word, question words dropped) and, for a question about leave, the asker’s own annual-leave figures (their employee row and their leave requests).',
      'Baseline: bare Fastify route running the same SQL statements (captured with LOG_SQL_FILE: the freshness check) through the same driver; what ours adds is the ranking in memory.',
    ],
  };
}

/**
 * The search before issue 37, as the baseline of the accuracy figures: PostgreSQL full text over the
 * stored jieba words (help_articles.search_doc, title A, body B), ts_rank, every word and else any;
 * the assistant cited its first three, whatever they were.
 */
async function previousAnswers(db: DataSet, questions: HelpQuestion[]): Promise<Answers> {
  const { openPglite, openPostgres, queryRows } = await import('../../server/src/platform/db');
  const { warmSegmenter } = await import('../../server/src/modules/recruit/resume-text');
  const { searchWords, tsQuery } = await import('../../server/src/modules/help/help-text');
  await warmSegmenter();
  const database = db.pgUrl ? await openPostgres(db.pgUrl, 2) : await openPglite(db.pgliteDir);
  const slugs = async (q: string, meaningful: boolean, limit: number) => {
    const words = searchWords(q, meaningful);
    if (!words.length) return [];
    const all = meaningful ? null : tsQuery(words, 'all');
    const any = tsQuery(words, 'any');
    const rows = await queryRows<{ slug: string }>(
      database.db,
      sql`WITH q AS (SELECT to_tsquery('simple', ${any}) AS qo, to_tsquery('simple', ${all ?? any}) AS qa),
               matched AS (SELECT a.id, a.search_doc, ${all === null ? sql`false` : sql`a.search_doc @@ q.qa`} AS every_word
                           FROM help_articles a, q WHERE a.search_doc @@ q.qo AND a.deleted_at IS NULL AND a.published),
               decided AS (SELECT bool_or(every_word) AS strict FROM matched),
               hits AS (SELECT m.id, ts_rank(m.search_doc, CASE WHEN d.strict THEN q.qa ELSE q.qo END) AS rank
                        FROM matched m, decided d, q WHERE m.every_word OR NOT d.strict)
          SELECT a.slug FROM hits h JOIN help_articles a ON a.id = h.id ORDER BY h.rank DESC, a.sort, a.id LIMIT ${limit}`,
    );
    return rows.map((r) => r.slug);
  };
  try {
    const search: string[][] = [];
    const cited: string[][] = [];
    for (const q of questions) {
      search.push(await slugs(q.question.slice(0, 100), false, 10));
      cited.push(await slugs(q.question, true, 3));
    }
    return { search, cited };
  } finally {
    await database.close();
  }
}

/** Issue 37: the question set put to the search box and to 小德, against the previous search. */
async function measureAccuracy(db: DataSet, label: string): Promise<Section> {
  const questions = loadQuestions();
  const ours = await startProduct(db);
  let answers: Answers;
  try {
    answers = await productAnswers(ours.url, await login(ours.url, 'emp01'), questions);
  } finally {
    await ours.stop();
  }
  const before = await previousAnswers(db, questions);
  const wrong = misses(questions, answers);
  return {
    title: `Help centre: the questions employees ask, answered (${label})`,
    issue: 37,
    rows: accuracyRows(questions, answers, before),
    notes: [
      'Questions: bench/help-questions/*.tsv, colloquial, with typos, pinyin initials and English words (OA, HR, offer); a question marked `-` has no article, and 小德 should say it does not know. Asked as emp01.',
      'Ours: the in-memory index (server/src/modules/help/help-index.ts: BM25 over jieba words, title and keywords weighted, the synonym table, homophone and one-character corrections, pinyin initials); 小德 cites only articles holding at least half of the question.',
      'Baseline: the search before issue 37 on the same database and articles (PostgreSQL full text over the stored jieba words, ts_rank; 小德 cited its first three).',
      ...(wrong.length ? [`Missed (first ${wrong.length}): ${wrong.join('; ')}`] : []),
    ],
  };
}

export default async function help(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  sections.push(await measureAccuracy(ctx.pgUrl ? { pgUrl: ctx.pgUrl } : { pgliteDir: ctx.pgliteDir }, ctx.pgUrl ? 'PostgreSQL' : 'PGlite'));
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  if (ctx.pgliteDir) sections.push(await measure({ pgliteDir: ctx.pgliteDir }, 'PGlite (embedded)', ctx.duration));
  return sections;
}
