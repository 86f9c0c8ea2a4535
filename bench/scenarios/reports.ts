import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { type BenchContext, type DataSet, fmt, login, pgAnswers, type Row, root, type Section, startProduct } from '../lib';
import { wrap } from '../probe';

/**
 * Issue 20: every report of the report centre over two years, on 50,000 employees (an eighth of
 * them leavers of the last two years), 200,000 candidates over two years with their interviews,
 * offers and hires, on PostgreSQL. The history is generated into a copy of the shared data set
 * (`erp_bench_reports`, from the template `erp_bench`), so the other scenarios keep theirs.
 * Each report is timed in every dimension it offers, as HR (all data) and a recruiter (their team).
 */
const CANDIDATES = process.env.BENCH_CANDIDATES ?? '200000';
const REUSE = process.env.BENCH_REUSE_DATA === '1';
const DB_NAME = 'erp_bench_reports';
const REPORTS = [
  'yyTotal',
  'yyInduction',
  'yyDeparture',
  'zpInduction',
  'recruiterCapacity',
  'recruitmentProgress',
  'interviewAccount',
  'candidateStatistic',
  'outsideSuppliersRecruitmentStatistic',
] as const;

async function prepare(pgUrl: string): Promise<string> {
  const url = new URL(pgUrl);
  const base = url.pathname.slice(1);
  url.pathname = `/${DB_NAME}`;
  if (REUSE && pgAnswers(url.toString())) return url.toString();
  const adminUrl = new URL(pgUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME} TEMPLATE "${base.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  // The copy holds the shared people and projects: only candidates and the two years of history are added.
  execFileSync(process.execPath, [path.join(root, 'server/dist/generate.js'), '--employees', '0', '--projects', '0', '--candidates', CANDIDATES, '--history'], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: url.toString() },
    stdio: 'inherit',
  });
  return url.toString();
}

const month = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/** Times single report calls after a warm-up: median and slowest of `runs`. */
async function timeReports(db: DataSet, user: string, runs = 3): Promise<Row[]> {
  const server = await startProduct(db);
  const rows: Row[] = [];
  try {
    const token = await login(server.url, user);
    const now = new Date();
    const to = month(now);
    const from = month(new Date(now.getFullYear(), now.getMonth() - 23, 1));
    const query = async (report: string, groupBy: string | null) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/report_api/report/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(wrap({ report, from, to, groupBy })),
      });
      const body = (await res.json()) as { code: string; message: string; data: { groups: Array<{ key: string }> } };
      if (body.code !== '200') throw new Error(`${report} by ${groupBy} failed: ${body.message}`);
      return { ms: performance.now() - started, groups: body.data.groups.map((g) => g.key) };
    };
    // The reports the user may open (a recruiter has no head-count reports).
    const entrance = await fetch(`${server.url}/report_api/report/entrance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(wrap({})),
    });
    const mine = new Set(((await entrance.json()) as { data: Array<{ code: string }> }).data.map((c) => c.code));
    for (const report of REPORTS.filter((r) => mine.has(r))) {
      // Every dimension the report offers (the first is its default).
      const { groups } = await query(report, null);
      for (const groupBy of groups) {
        await query(report, groupBy);
        const times: number[] = [];
        for (let i = 0; i < runs; i++) times.push((await query(report, groupBy)).ms);
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)] as number;
        const max = times[times.length - 1] as number;
        rows.push({
          metric: `${report} by ${groupBy}, 24 months (${user}), median / slowest of ${runs}`,
          ours: `${fmt.ms(median)} / ${fmt.ms(max)}`,
          target: '≤ 1000 ms',
          ok: max <= 1000,
        });
      }
    }
    // A drill-down of the largest figure: everyone on the roster at the end of the period, first page.
    const started = performance.now();
    const res = await fetch(`${server.url}/report_api/report/drill`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(wrap({ report: 'yyTotal', from, to, rowKey: '__total__', measure: 'closing', pageIndex: 1, pageSize: 20 })),
    });
    const body = (await res.json()) as { code: string; message: string };
    if (user === 'hr01')
      rows.push({
        metric: `drill: everyone on the roster today, first page (${user})`,
        ours: body.code === '200' ? fmt.ms(performance.now() - started) : `failed: ${body.message}`,
        target: '≤ 1000 ms',
        ok: body.code === '200' && performance.now() - started <= 1000,
      });
  } finally {
    await server.stop();
  }
  return rows;
}

export default async function reports(ctx: BenchContext): Promise<Section[]> {
  const title = 'Report centre: every report over 24 months';
  if (!ctx.pgUrl) return [{ title, issue: 20, rows: [{ metric: 'needs PostgreSQL', ours: 'skipped' }] }];
  const db: DataSet = { pgUrl: await prepare(ctx.pgUrl) };
  const rows = [...(await timeReports(db, 'hr01')), ...(await timeReports(db, 'rec01'))];
  return [
    {
      title: `${title}, on 50,000 employees and ${Number(CANDIDATES).toLocaleString('en')} candidates with two years of history, on PostgreSQL`,
      issue: 20,
      rows,
      notes: [
        'Data: the shared data set plus, in a copy, the generated candidates (db:generate --candidates N) and two years of history (--history, server/src/modules/report/report.generate.ts): an eighth of the generated employees left within the last two years, half of the candidates moved a year back, interviews from stage 030, offers from 050, hires at 080, suppliers on the talents from 猎头/供应商.',
        "Head-count reports: one pass over the employees folded to (group, entry month, leave month) counts, then each month's opening, entries, departures and closing are sums over those few thousand rows; recruitment reports: one grouped count per fact table (candidates, interviews, offers, hires, demands), all columns of a fact in one statement.",
        'Each call is a single HTTP request after a warm-up; no baseline: no other implementation answers these reports.',
      ],
    },
  ];
}
