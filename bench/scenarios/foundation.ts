import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type BenchContext, type DataSet, fmt, type LoadResult, load, login, type Row, type Section, startProduct, withBaseline, work } from '../lib';

/**
 * Issue 3: an authenticated, permission-checked page call (users of a department subtree, 20 rows,
 * sorted by name) against a bare Fastify route running the same SQL through the same driver.
 * The SQL is the product's own: captured with LOG_SQL_FILE from one real request.
 */
const PAGE_PATH = '/base_api/base/api/user/page';
const CONNECTIONS = 32;
/** A load that does not saturate the two cores: the latency of a call itself. */
const LIGHT_CONNECTIONS = 4;
/** Statements of the platform itself (session, permissions, audit) are what the baseline leaves out. */
const PLATFORM_SQL = /"sessions"|"authz_version"|"audit_log"|"user_roles"."user_id" = \$1|"menus"|"employees"."user_id"|from "users" where "users"."id" = \$1/i;

async function departmentId(db: DataSet): Promise<number> {
  const sql = "SELECT id FROM org_units WHERE code = 'GEN000500'";
  if (db.pgUrl) {
    const client = new pg.Client({ connectionString: db.pgUrl });
    await client.connect();
    const res = await client.query<{ id: number }>(sql);
    await client.end();
    return res.rows[0]?.id as number;
  }
  const lite = await PGlite.create({ dataDir: db.pgliteDir });
  const res = await lite.query<{ id: number }>(sql);
  await lite.close();
  return res.rows[0]?.id as number;
}

async function captureSql(db: DataSet, body: unknown): Promise<Array<{ text: string; params: unknown[] }>> {
  const file = path.join(work, 'captured.sql.jsonl');
  fs.rmSync(file, { force: true });
  const server = await startProduct(db, { LOG_SQL_FILE: file });
  try {
    const token = await login(server.url, 'hr01');
    const call = () =>
      fetch(server.url + PAGE_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const warm = (await (await call()).json()) as { code: string; message: string };
    if (warm.code !== '200') throw new Error(`page call failed: ${warm.message}`);
    const offset = fs.statSync(file).size;
    await call();
    // The offset is in bytes (parameters may hold Chinese): slice the buffer, not the string.
    const lines = fs.readFileSync(file).subarray(offset).toString('utf8').trim().split('\n');
    return lines.map((l) => JSON.parse(l) as { text: string; params: unknown[] }).filter((s) => !PLATFORM_SQL.test(s.text));
  } finally {
    await server.stop();
    fs.rmSync(file, { force: true });
  }
}

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const orgId = await departmentId(db);
  const body = { ROOT: { header: {}, body: { pageIndex: 1, pageSize: 20, orgId, sortField: 'realName', sortOrder: 'ascend' } } };
  const statements = await captureSql(db, body);

  const database = db.pgUrl ? new URL(db.pgUrl).pathname.slice(1) : undefined;
  const ours = await startProduct(db);
  let oursLoad: LoadResult;
  let oursLight: LoadResult;
  let idleRss: number;
  try {
    idleRss = ours.rssMb();
    const token = await login(ours.url, 'hr01');
    await load({ url: ours.url + PAGE_PATH, body: body, token, connections: CONNECTIONS, duration: 2 });
    oursLoad = await load({ url: ours.url + PAGE_PATH, body, token, connections: CONNECTIONS, duration, pid: ours.pid, cpuOf: { pid: ours.pid, database } });
    oursLight = await load({ url: ours.url + PAGE_PATH, body, token, connections: LIGHT_CONNECTIONS, duration });
  } finally {
    await ours.stop();
  }

  const [baseLoad, baseLight] = await withBaseline(db, statements, { connections: CONNECTIONS }, async (baseline) => [
    await load({ url: baseline.url, body: {}, connections: CONNECTIONS, duration, cpuOf: { pid: baseline.pid, database } }),
    await load({ url: baseline.url, body: {}, connections: LIGHT_CONNECTIONS, duration }),
  ]);
  // The product prepares the statements it runs often; the same baseline with its statements
  // prepared shows what the platform itself costs beside that.
  const preparedLoad = db.pgUrl
    ? await withBaseline(db, statements, { connections: CONNECTIONS, prepared: true }, (baseline) =>
        load({ url: baseline.url, body: {}, connections: CONNECTIONS, duration }),
      )
    : null;

  const isPg = Boolean(db.pgUrl);
  const ratio = oursLoad.rps / baseLoad.rps;
  const rows: Row[] = [
    {
      metric: `throughput at ${CONNECTIONS} connections`,
      ours: fmt.rps(oursLoad.rps),
      baseline: fmt.rps(baseLoad.rps),
      target: isPg ? '≥ 0.5 × baseline' : 'reported',
      ok: isPg ? ratio >= 0.5 : undefined,
    },
    { metric: 'ours / baseline', ours: `${ratio.toFixed(2)} ×` },
    { metric: 'latency p50', ours: fmt.ms(oursLoad.p50), baseline: fmt.ms(baseLoad.p50) },
    {
      metric: 'latency p99',
      ours: fmt.ms(oursLoad.p99),
      baseline: fmt.ms(baseLoad.p99),
      target: isPg ? '≤ 50 ms' : 'reported',
      ok: isPg ? oursLoad.p99 <= 50 : undefined,
    },
    {
      metric: `latency p50 / p99 at ${LIGHT_CONNECTIONS} connections`,
      ours: `${fmt.ms(oursLight.p50)} / ${fmt.ms(oursLight.p99)}`,
      baseline: `${fmt.ms(baseLight.p50)} / ${fmt.ms(baseLight.p99)}`,
    },
    ...(preparedLoad
      ? [
          {
            metric: `baseline with its statements prepared: throughput / p99 at ${CONNECTIONS} connections`,
            ours: '',
            baseline: `${fmt.rps(preparedLoad.rps)} / ${fmt.ms(preparedLoad.p99)}`,
          },
        ]
      : []),
    ...(oursLoad.cpuPerRequest && baseLoad.cpuPerRequest
      ? [
          {
            metric: `CPU per call at ${CONNECTIONS} connections: server / database`,
            ours: `${fmt.ms(oursLoad.cpuPerRequest.serverMs)} / ${fmt.ms(oursLoad.cpuPerRequest.databaseMs)}`,
            baseline: `${fmt.ms(baseLoad.cpuPerRequest.serverMs)} / ${fmt.ms(baseLoad.cpuPerRequest.databaseMs)}`,
          },
        ]
      : []),
    {
      metric: 'errors / non-2xx',
      ours: `${oursLoad.errors + oursLight.errors} / ${oursLoad.non2xx + oursLight.non2xx}`,
      baseline: `${baseLoad.errors + baseLight.errors} / ${baseLoad.non2xx + baseLight.non2xx}`,
      ok: oursLoad.errors + oursLoad.non2xx + oursLight.errors + oursLight.non2xx === 0,
    },
    { metric: 'process start → /readyz', ours: fmt.s(ours.readyMs), target: '≤ 3 s', ok: ours.readyMs <= 3000 },
    {
      metric: 'server RSS idle → peak under load',
      ours: `${fmt.mb(idleRss)} → ${fmt.mb(oursLoad.peakRssMb ?? 0)}`,
      target: isPg ? '≤ 300 MB' : 'reported',
      ok: isPg ? (oursLoad.peakRssMb ?? 0) <= 300 : undefined,
    },
  ];
  return {
    title: `Foundation: authenticated page call on ${label}`,
    issue: 3,
    rows,
    notes: [
      `Call: POST ${PAGE_PATH} as hr01 (permission base:user:list, data scope checked), users of one generated team (about 25 people; the filter is the department-and-below subtree), 20 rows sorted by name, ROOT-wrapped body.`,
      `Baseline: bare Fastify route running the same ${statements.length} SQL statement${statements.length === 1 ? '' : 's'} (captured from the product with LOG_SQL_FILE) through the same driver, no session, permission or envelope work, each sent unnamed (node-postgres' default).`,
      'Ours reads the page and the total in one statement and prepares the statements it runs often (planned once per connection, then a generic plan); the data set is vacuumed and analysed after it is generated, as autovacuum would leave it.',
      `With ${CONNECTIONS} connections each waiting for its answer, the mean latency is ${CONNECTIONS} ÷ throughput (Little's law): a p99 of 50 ms needs well over ${CONNECTIONS / 0.05} calls/s. On this machine the bare baseline reaches ${fmt.rps(baseLoad.rps)} (mean ${fmt.ms((CONNECTIONS / baseLoad.rps) * 1000)}), because the server, the database and the load generator share the same 2 cores; the ${LIGHT_CONNECTIONS}-connection row shows the latency of the call itself.`,
    ],
  };
}

export default async function foundation(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  sections.push(await measure({ pgliteDir: ctx.pgliteDir }, 'PGlite (embedded)', ctx.duration));
  return sections;
}
