import fs from 'node:fs';
import path from 'node:path';
import { type Row, root } from './lib';
import { wrap } from './probe';

/**
 * Issue 37: does the help centre answer the questions employees really ask? The question set is
 * bench/help-questions/*.tsv (`question<TAB>slug`, `-` for a question no article answers); each is
 * put to the search box and to 小德, and the article each should find is looked for in the answers.
 */

export interface HelpQuestion {
  question: string;
  /** The article that answers it, or null when none does (小德 should say it does not know). */
  slug: string | null;
  file: string;
}

export const QUESTIONS_DIR = path.join(root, 'bench/help-questions');

export function loadQuestions(dir = QUESTIONS_DIR): HelpQuestion[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.tsv'))
    .sort()
    .flatMap((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => {
          const [question = '', slug = ''] = l.split('\t');
          return { question: question.trim(), slug: slug.trim() === '-' ? null : slug.trim(), file };
        }),
    );
}

/** What one way of answering gave for each question: the slugs of the search and of the citations. */
export interface Answers {
  search: string[][];
  cited: string[][];
}

const call = async <T>(url: string, token: string, body: unknown): Promise<T> => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(wrap(body)),
  });
  const json = (await res.json()) as { ROOT?: { body?: { data?: T } }; data?: T };
  return (json.ROOT?.body?.data ?? json.data) as T;
};

/** The product's answers: /help/search and /help/xiaode/ask, one question at a time. */
export async function productAnswers(base: string, token: string, questions: HelpQuestion[]): Promise<Answers> {
  const search: string[][] = [];
  const cited: string[][] = [];
  for (const q of questions) {
    const found = await call<Array<{ slug: string }>>(`${base}/base_api/base/help/search`, token, { q: q.question.slice(0, 100), limit: 10 });
    search.push((found ?? []).map((a) => a.slug));
    const asked = await call<{ passages: Array<{ slug?: string }> }>(`${base}/base_api/base/help/xiaode/ask`, token, { question: q.question });
    cited.push((asked?.passages ?? []).map((p) => p.slug ?? ''));
  }
  return { search, cited };
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : '–');

interface Scores {
  top1: number;
  top3: number;
  citedTop1: number;
  citedTop3: number;
  unrelatedOnly: number;
  answerable: number;
  unanswerable: number;
  silentWhenUnanswerable: number;
  silent: number;
}

function score(questions: HelpQuestion[], a: Answers): Scores {
  const s: Scores = { top1: 0, top3: 0, citedTop1: 0, citedTop3: 0, unrelatedOnly: 0, answerable: 0, unanswerable: 0, silentWhenUnanswerable: 0, silent: 0 };
  questions.forEach((q, i) => {
    const search = a.search[i] ?? [];
    const cited = a.cited[i] ?? [];
    if (!cited.length) s.silent++;
    if (q.slug === null) {
      s.unanswerable++;
      if (!cited.length) s.silentWhenUnanswerable++;
      return;
    }
    s.answerable++;
    if (search[0] === q.slug) s.top1++;
    if (search.slice(0, 3).includes(q.slug)) s.top3++;
    if (cited[0] === q.slug) s.citedTop1++;
    if (cited.slice(0, 3).includes(q.slug)) s.citedTop3++;
    if (cited.length && !cited.includes(q.slug)) s.unrelatedOnly++;
  });
  return s;
}

/** The report's rows: ours against the baseline (the search before issue 37), with the targets. */
export function accuracyRows(questions: HelpQuestion[], ours: Answers, baseline: Answers): Row[] {
  const o = score(questions, ours);
  const b = score(questions, baseline);
  const n = o.answerable;
  return [
    { metric: `question set: ${questions.length} questions (${n} with an article, ${o.unanswerable} without)`, ours: '', baseline: '' },
    { metric: 'search: the right article first (top-1)', ours: pct(o.top1, n), baseline: pct(b.top1, n), target: '≥ 85 %', ok: o.top1 / n >= 0.85 },
    {
      metric: 'search: the right article in the first three (top-3)',
      ours: pct(o.top3, n),
      baseline: pct(b.top3, n),
      target: '≥ 95 %',
      ok: o.top3 / n >= 0.95,
    },
    {
      metric: '小德: first citation is the right article',
      ours: pct(o.citedTop1, n),
      baseline: pct(b.citedTop1, n),
      target: '≥ 85 %',
      ok: o.citedTop1 / n >= 0.85,
    },
    {
      metric: '小德: the right article among the citations',
      ours: pct(o.citedTop3, n),
      baseline: pct(b.citedTop3, n),
      target: '≥ 95 %',
      ok: o.citedTop3 / n >= 0.95,
    },
    {
      metric: '小德: answers citing only unrelated articles',
      ours: String(o.unrelatedOnly),
      baseline: String(b.unrelatedOnly),
      target: '0',
      ok: o.unrelatedOnly === 0,
    },
    {
      metric: '小德: "no answer" precision (of its no-answers, questions no article answers)',
      ours: pct(o.silentWhenUnanswerable, o.silent),
      baseline: pct(b.silentWhenUnanswerable, b.silent),
      target: 'reported',
    },
    {
      metric: '小德: questions no article answers, answered with "no answer"',
      ours: pct(o.silentWhenUnanswerable, o.unanswerable),
      baseline: pct(b.silentWhenUnanswerable, b.unanswerable),
      target: 'reported',
    },
  ];
}

/** The questions ours got wrong (for the report's notes: what to write or tune next). */
export function misses(questions: HelpQuestion[], ours: Answers, max = 15): string[] {
  const out: string[] = [];
  questions.forEach((q, i) => {
    const first = ours.search[i]?.[0] ?? '–';
    const cited = ours.cited[i] ?? [];
    const wrong = q.slug === null ? cited.length > 0 : first !== q.slug || cited[0] !== q.slug;
    if (wrong) out.push(`${q.question} → expected ${q.slug ?? 'no answer'}; search ${first}, 小德 ${cited.join(', ') || 'no answer'}`);
  });
  return out.slice(0, max);
}
