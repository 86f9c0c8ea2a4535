import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BenchContext, loadGenerator, pgAnswers, root, type Scenario, type Section, work } from './lib';
import { RUNS } from './probe';
import { mergeReports } from './report-merge';

/**
 * `npm run bench`: prepares the large data set once (PostgreSQL when it answers, and PGlite), runs
 * every scenario in bench/scenarios (or those named in BENCH_ONLY) and writes bench/report.md.
 */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EMPLOYEES = process.env.BENCH_EMPLOYEES ?? '50000';
const DEPARTMENTS = process.env.BENCH_DEPARTMENTS ?? '2000';
/** The database the data set is generated into, on the server of BENCH_PG_URL (several worktrees may share one server). */
const PG_DATABASE = process.env.BENCH_PG_DB ?? 'erp_bench';

/** BENCH_REUSE_DATA=1 keeps the data set of the previous run (for quick reruns of one scenario). */
const REUSE = process.env.BENCH_REUSE_DATA === '1';

async function preparePostgres(): Promise<string | null> {
  if (!pgAnswers(ADMIN_URL)) return null;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${PG_DATABASE}`;
  if (REUSE && pgAnswers(url.toString())) return url.toString();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_DATABASE}`);
  await admin.end();
  generate({ DATABASE_URL: url.toString() });
  return url.toString();
}

function preparePglite(): string {
  const dir = path.join(work, 'pglite');
  if (REUSE && fs.existsSync(dir)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  generate({ DATABASE_URL: '', DATA_DIR: dir });
  return dir;
}

function generate(env: Record<string, string>) {
  execFileSync(process.execPath, [path.join(root, 'server/dist/generate.js'), '--employees', EMPLOYEES, '--departments', DEPARTMENTS], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'inherit',
  });
}

async function main() {
  fs.mkdirSync(work, { recursive: true });
  const only = process.env.BENCH_ONLY?.split(',');
  const ctx: BenchContext = {
    pgUrl: await preparePostgres(),
    // BENCH_PGLITE=0: PostgreSQL only (scenarios then skip their PGlite sections; a partial run keeps those of the last run only by hand).
    pgliteDir: process.env.BENCH_PGLITE === '0' ? '' : preparePglite(),
    duration: Number(process.env.BENCH_DURATION ?? 10),
  };
  const files = fs
    .readdirSync(path.join(import.meta.dirname, 'scenarios'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => !only || only.some((o) => f.startsWith(o)))
    .sort();
  const sections: (Section & { scenario: string })[] = [];
  for (const file of files) {
    console.log(`bench: ${file}`);
    const scenario = (await import(path.join(import.meta.dirname, 'scenarios', file))).default as Scenario;
    try {
      for (const s of await scenario(ctx)) sections.push({ ...s, scenario: file });
    } catch (err) {
      sections.push({ title: file, rows: [], notes: [`failed: ${String(err)}`], scenario: file });
    }
  }
  const reportFile = path.join(root, 'bench/report.md');
  const fresh = render(sections, ctx);
  const report = only && fs.existsSync(reportFile) ? mergeReports(fs.readFileSync(reportFile, 'utf8'), fresh, files) : fresh;
  fs.writeFileSync(reportFile, report);
  console.log('bench: wrote bench/report.md');
}

function render(sections: (Section & { scenario: string })[], ctx: BenchContext): string {
  const lines = [
    '# Benchmark report',
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    `Data: ${EMPLOYEES} employees in ${DEPARTMENTS} generated departments on ${ctx.pgUrl ? 'PostgreSQL and ' : ''}PGlite; ${ctx.duration} s per load run; a call's p99 and throughput are those of the median of ${RUNS} runs (BENCH_RUNS), ours and the baselines alike.`,
    loadGenerator() === 'wrk'
      ? 'Load from wrk (one thread, a separate process) on the same machine: it shares the 2 cores with the server and the database.'
      : 'Load from autocannon in the bench process on the same machine (it shares the 2 cores with the server).',
    '',
  ];
  for (const s of sections) {
    lines.push(`## ${s.title}${s.issue ? ` (issue ${s.issue})` : ''}`, `<!-- scenario: ${s.scenario} -->`, '');
    if (s.rows.length) {
      lines.push('| metric | ours | baseline | target | met |', '|---|---|---|---|---|');
      for (const r of s.rows)
        lines.push(`| ${r.metric} | ${r.ours} | ${r.baseline ?? ''} | ${r.target ?? ''} | ${r.ok === undefined ? '' : r.ok ? 'yes' : '**no**'} |`);
      lines.push('');
    }
    for (const n of s.notes ?? []) lines.push(`- ${n}`);
    if (s.notes?.length) lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

await main();
