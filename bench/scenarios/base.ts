import fs from 'node:fs';
import path from 'node:path';
import { type BenchContext, type DataSet, fmt, type LoadResult, load, login, type Row, type Section, startProduct, withBaseline, work } from '../lib';

/**
 * Issue 4: the person search (dimQueryUser with a keyword on 50,000 users) and the organisation
 * tree (2,000 departments), each against a bare Fastify route running the same SQL (captured from
 * the product with LOG_SQL_FILE); and the streamed xlsx export of every user.
 */
const CONNECTIONS = 32;
/** The platform's own statements (session, permissions, audit) are what the baseline leaves out. */
const PLATFORM_SQL = /"sessions"|"authz_version"|"audit_log"|"user_roles"."user_id" = \$1|"menus"|"employees"."user_id"|from "users" where "users"."id" = \$1/i;

interface Probe {
  name: string;
  path: string;
  body: unknown;
  target: number;
}

const PROBES: Probe[] = [
  { name: 'dimQueryUser (keyword 王, 20 rows)', path: '/base_api/base/api/user/dimQueryUser', body: { keyword: '王', pageIndex: 1, pageSize: 20 }, target: 50 },
  { name: 'org/tree (whole tree)', path: '/base_api/base/api/org/tree', body: {}, target: 100 },
];

const wrap = (body: unknown) => ({ ROOT: { header: {}, body } });

async function captureSql(db: DataSet, probe: Probe): Promise<Array<{ text: string; params: unknown[] }>> {
  const file = path.join(work, 'captured-base.sql.jsonl');
  fs.rmSync(file, { force: true });
  const server = await startProduct(db, { LOG_SQL_FILE: file });
  try {
    const token = await login(server.url, 'hr01');
    const call = () =>
      fetch(server.url + probe.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(wrap(probe.body)),
      });
    const warm = (await (await call()).json()) as { code: string; message: string };
    if (warm.code !== '200') throw new Error(`${probe.path} failed: ${warm.message}`);
    // The log is appended asynchronously: let the first call's lines land before taking the offset.
    await new Promise((r) => setTimeout(r, 300));
    const offset = fs.statSync(file).size;
    await call();
    await new Promise((r) => setTimeout(r, 300));
    const lines = fs.readFileSync(file).subarray(offset).toString('utf8').trim().split('\n');
    return lines
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as { text: string; params: unknown[] }];
        } catch {
          return [];
        }
      })
      .filter((s) => !PLATFORM_SQL.test(s.text));
  } finally {
    await server.stop();
    fs.rmSync(file, { force: true });
  }
}

async function measureProbe(db: DataSet, probe: Probe, duration: number): Promise<Row[]> {
  const statements = await captureSql(db, probe);
  const ours = await startProduct(db);
  let oursLoad: LoadResult;
  try {
    const token = await login(ours.url, 'hr01');
    await load({ url: ours.url + probe.path, body: wrap(probe.body), token, connections: CONNECTIONS, duration: 2 });
    oursLoad = await load({ url: ours.url + probe.path, body: wrap(probe.body), token, connections: CONNECTIONS, duration, pid: ours.pid });
  } finally {
    await ours.stop();
  }
  const isPg = Boolean(db.pgUrl);
  const runBaseline = (prepared: boolean) =>
    withBaseline(db, statements, { connections: CONNECTIONS, prepared }, (baseline) =>
      load({ url: baseline.url, body: {}, connections: CONNECTIONS, duration }),
    );
  const baseLoad = await runBaseline(false);
  // The product prepares the statements it runs often: the same baseline with its statements prepared.
  const preparedLoad = isPg ? await runBaseline(true) : null;
  return [
    {
      metric: `${probe.name}: p99 at ${CONNECTIONS} connections`,
      ours: fmt.ms(oursLoad.p99),
      baseline: fmt.ms(baseLoad.p99),
      target: isPg ? `≤ ${probe.target} ms` : 'reported',
      ok: isPg ? oursLoad.p99 <= probe.target : undefined,
    },
    { metric: `${probe.name}: throughput`, ours: fmt.rps(oursLoad.rps), baseline: fmt.rps(baseLoad.rps) },
    ...(preparedLoad
      ? [
          {
            metric: `${probe.name}: baseline with its statements prepared, throughput / p99`,
            ours: '',
            baseline: `${fmt.rps(preparedLoad.rps)} / ${fmt.ms(preparedLoad.p99)}`,
          },
        ]
      : []),
    { metric: `${probe.name}: errors / non-2xx`, ours: `${oursLoad.errors} / ${oursLoad.non2xx}`, ok: oursLoad.errors + oursLoad.non2xx === 0 },
  ];
}

/**
 * Downloads the xlsx of every user and samples the server's memory meanwhile. A first export of a
 * handful of users loads exceljs (on first use, once per process) and is reported on its own row, so
 * the growth of the big export is what streaming 50,000 rows costs.
 */
async function measureExport(db: DataSet): Promise<Row[]> {
  const server = await startProduct(db);
  const isPg = Boolean(db.pgUrl);
  try {
    const token = await login(server.url, 'admin');
    const download = async (filters: Record<string, unknown>) => {
      const idle = server.rssMb();
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, server.rssMb());
      }, 100);
      const started = performance.now();
      const res = await fetch(`${server.url}/base_api/base/api/user/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(wrap(filters)),
      });
      const bytes = (await res.arrayBuffer()).byteLength;
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      return { ok: res.ok, bytes, elapsed, idle, peak: Math.max(peak, server.rssMb()) };
    };
    const first = await download({ userCode: 'admin' });
    const all = await download({});
    const growth = all.peak - all.idle;
    return [
      { metric: 'first export of a process (a few users): exceljs loaded, RSS growth', ours: `+${fmt.mb(first.peak - first.idle)} (once per process)` },
      { metric: 'xlsx export of every user: time to last byte', ours: fmt.s(all.elapsed), target: '≤ 10 s', ok: all.ok && all.elapsed <= 10_000 },
      {
        metric: 'xlsx export of every user: server RSS growth',
        ours: `${fmt.mb(all.idle)} → ${fmt.mb(all.peak)} (+${fmt.mb(growth)})`,
        target: isPg ? '≤ 100 MB' : 'reported',
        ok: isPg ? growth <= 100 : undefined,
      },
      { metric: 'xlsx export: file size', ours: `${(all.bytes / 1024 / 1024).toFixed(1)} MB` },
    ];
  } finally {
    await server.stop();
  }
}

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const rows: Row[] = [];
  for (const probe of PROBES) rows.push(...(await measureProbe(db, probe, duration)));
  rows.push(...(await measureExport(db)));
  return {
    title: `Base data: person search, organisation tree and user export on ${label}`,
    issue: 4,
    rows,
    notes: [
      'Calls as hr01 (signed in, login-level calls), ROOT-wrapped bodies; the data set has 50,000 generated people and 2,000 generated departments besides the demo data.',
      'Baseline: bare Fastify route running the same SQL statements (captured from the product with LOG_SQL_FILE) through the same driver, each sent unnamed, as in the foundation benchmark; on PostgreSQL also with its statements prepared, as the product prepares the statements it runs often.',
      'dimQueryUser: a keyword of one or two characters (too short for trigrams) is one piece of user_search_pieces (one row per user and 1–2-character piece of the name, code, pinyin initials and phone, kept by triggers): its holders are read in name order from the btree on (piece, enabled, name, id), so a page reads its 20 rows and the total is an index-only count, in the same statement; exact code or name matches, which come first, are counted along.',
      'org/tree is kept per process (built and serialised) per organisation version, which triggers bump on every change: a call reads that one row, so the captured baseline SQL is that read alone.',
      "Export: the ordered ids in one query, then the rows 5,000 ids at a time into exceljs' streaming writer; the answer is streamed, so memory does not grow with the row count.",
      ...(db.pgUrl
        ? []
        : [
            'On PGlite the database runs inside the server process: its buffers and working memory (WebAssembly memory, which grows and is never given back) count in the RSS, so the export figure is reported, not held to the target set for the server beside PostgreSQL.',
          ]),
    ],
  };
}

export default async function base(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  sections.push(await measure({ pgliteDir: ctx.pgliteDir }, 'PGlite (embedded)', ctx.duration));
  return sections;
}
