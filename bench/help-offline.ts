import { shippedArticleIndex } from '../server/src/modules/help/shipped-index';
import { confident } from '../server/src/modules/help/xiaode';
import { loadQuestions } from './help-accuracy';

/**
 * Issue 37, while tuning: the help question set against the shipped articles in memory — the index
 * and 小德's `confident()` as the server has them, without a server or a database (a second per run).
 * `npx tsx bench/help-offline.ts [-v]`; `-v` lists every question answered wrongly. `npm run bench`
 * measures the same through the running server.
 */
async function main() {
  const index = await shippedArticleIndex();
  const questions = loadQuestions();
  let top1 = 0;
  let top3 = 0;
  let first = 0;
  let answerable = 0;
  let unrelatedOnly = 0;
  let silent = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const terms = index.terms(q.question);
    const search = index.search(terms, { focused: true, visible: () => true }).map((h) => h.article.slug);
    const hits = index.search(terms, { focused: false, visible: () => true }).slice(0, 5);
    const coverage = new Map(hits.map((h) => [h.article.id, h.coverage]));
    const cited = confident(
      hits.map((h) => ({ id: h.article.id, rank: h.score, slug: h.article.slug })),
      coverage,
    ).map((c) => c.slug);
    if (q.slug === null) {
      if (cited.length) misses.push(`cited for no answer\t${q.question}\t${cited.join(',')}`);
      else silent++;
      continue;
    }
    answerable++;
    if (search[0] === q.slug) top1++;
    if (search.slice(0, 3).includes(q.slug)) top3++;
    if (cited[0] === q.slug) first++;
    else
      misses.push(
        `${cited.length && !cited.includes(q.slug) ? 'unrelated only' : cited.length ? 'not first' : 'no answer'}\t${q.question}\t${q.slug}\t${cited.join(',')}`,
      );
    if (cited.length && !cited.includes(q.slug)) unrelatedOnly++;
  }
  const pct = (n: number) => `${((100 * n) / answerable).toFixed(1)} %`;
  console.log(
    `${questions.length} questions, ${answerable} with an article: search top-1 ${pct(top1)}, top-3 ${pct(top3)}; 小德 first citation ${pct(first)}, citing only unrelated ${unrelatedOnly}; no-answer questions left uncited ${silent} of ${questions.length - answerable}`,
  );
  if (process.argv.includes('-v')) for (const m of misses) console.log(m);
}

void main();
