import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { type BenchContext, type DataSet, fmt, login, pgAnswers, type Row, root, type Section, startProduct } from '../lib';
import { measureProbe, wrap } from '../probe';

/**
 * Issue 15: the talent pool's full-text search over 200,000 candidates' résumé text at 32
 * connections, and the funnel of a year, on PostgreSQL. The candidates are generated into a copy of
 * the shared data set (`erp_bench_recruit`, from the template `erp_bench`), so the default data set
 * and the other scenarios stay as they are. PGlite is left out: 200,000 résumés are a server's job.
 */
const CANDIDATES = process.env.BENCH_CANDIDATES ?? '200000';
const REUSE = process.env.BENCH_REUSE_DATA === '1';

async function prepare(pgUrl: string): Promise<string> {
  const url = new URL(pgUrl);
  const base = url.pathname.slice(1);
  url.pathname = '/erp_bench_recruit';
  if (REUSE && pgAnswers(url.toString())) return url.toString();
  const adminUrl = new URL(pgUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query('DROP DATABASE IF EXISTS erp_bench_recruit WITH (FORCE)');
    await admin.query(`CREATE DATABASE erp_bench_recruit TEMPLATE "${base.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  // Only the candidates: the copy already holds the shared data set's people and projects (the
  // generator's default of 2,000 projects would add them a second time, minutes of work for nothing).
  execFileSync(process.execPath, [path.join(root, 'server/dist/generate.js'), '--employees', '0', '--projects', '0', '--candidates', CANDIDATES], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: url.toString() },
    stdio: 'inherit',
  });
  return url.toString();
}

/** Times single funnel calls (after a warm-up): median and slowest of `runs`. */
async function timeFunnel(db: DataSet, user: string, runs = 7): Promise<{ median: number; max: number }> {
  const server = await startProduct(db);
  try {
    const token = await login(server.url, user);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const call = async () => {
      const started = performance.now();
      const res = await fetch(`${server.url}/recruit_api/recruit/analytics/funnel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(wrap({ from, to })),
      });
      const body = (await res.json()) as { code: string; message: string };
      if (body.code !== '200') throw new Error(`funnel failed: ${body.message}`);
      return performance.now() - started;
    };
    await call();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await call());
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)] as number, max: times[times.length - 1] as number };
  } finally {
    await server.stop();
  }
}

export default async function recruit(ctx: BenchContext): Promise<Section[]> {
  if (!ctx.pgUrl) return [{ title: 'Recruitment: talent pool search and funnel', issue: 15, rows: [{ metric: 'needs PostgreSQL', ours: 'skipped' }] }];
  const db: DataSet = { pgUrl: await prepare(ctx.pgUrl) };
  const rows: Row[] = [];
  const path = '/recruit_api/recruit/talent/page';
  const searches: Array<{ name: string; body: Record<string, unknown> }> = [
    { name: 'talent pool: two résumé words (微服务 Kubernetes), 20 rows', body: { keyword: '微服务 Kubernetes', pageIndex: 1, pageSize: 20 } },
    {
      name: 'talent pool: a common word and filters (Java, 上海, 本科+, 3–10 years)',
      body: { keyword: 'Java', city: '上海', education: '003', yearsMin: 3, yearsMax: 10, pageIndex: 1, pageSize: 20 },
    },
    { name: 'talent pool: a job title held by 4 in 10 talents (工程师), 20 rows', body: { keyword: '工程师', pageIndex: 1, pageSize: 20 } },
  ];
  for (const search of searches) rows.push(...(await measureProbe(db, { ...search, path, user: 'rec01', target: 100 }, ctx.duration)));
  for (const user of ['rec01', 'hr01']) {
    const t = await timeFunnel(db, user);
    rows.push({
      metric: `funnel of a year (${user}), median / slowest of 7`,
      ours: `${fmt.ms(t.median)} / ${fmt.ms(t.max)}`,
      target: '≤ 1000 ms',
      ok: t.max <= 1000,
    });
  }
  return [
    {
      title: `Recruitment: talent pool search over ${Number(CANDIDATES).toLocaleString('en')} résumés, and the funnel of a year, on PostgreSQL`,
      issue: 15,
      rows,
      notes: [
        `Data: the shared data set plus ${CANDIDATES} generated talents with a résumé text each, every one a candidate of one of 1,000 generated demands at a funnel-shaped stage with its stage events over the last year (server/src/modules/recruit/recruit.generate.ts, \`db:generate -- --candidates N\`).`,
        "Search: the query is segmented with jieba (search mode) as the talents' documents are; every word must match; the total is counted up to 10,000. The words are kept per talent in recruit_talent_words (one row per talent and lexeme of its tsvector, with the sort key and the filterable columns, kept by triggers): one word reads its range of the (word, updated_at, talent_id, filters…) btree newest first and stops after the page, and its total is an index-only count of that range (with a city, of the word's holders in that city, from a second btree (word, city, education, years, org, owner) that btree deduplication keeps small), in one statement; the parts search mode adds to a longer query word are left out (工程 of 工程师: every holder of the word holds them), so a job title is one word; several words are intersected by the GIN index on the tsvector, and when they match at most 1,000 talents those are ordered and the page read in the same statement — planned once per connection when one of the words is rare (held by under 15 % of the talents by the planner's statistics), since the GIN index is then the way in whatever the words (past that the page walks the longest word's range, the other words checked by key).",
        'Baseline: a bare Fastify route running the same SQL statements (captured from the product with LOG_SQL_FILE) through the same driver.',
        'Funnel: two statements run side by side — one grouped count over the candidates of the period by month, demand, recruiter and channel (grouping sets) reading the furthest stage stored on the candidate (reached_stage), and one pass over their stage events for the medians of days in stage (left_at stored on each event) and to hire; both stored values are kept by a trigger on recruit_stage_events, so no stage history is walked.',
      ],
    },
  ];
}
