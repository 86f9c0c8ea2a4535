import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');
export const work = path.join(root, 'bench/.work');

/** One figure of the report: ours next to the baseline of the same run, and the target. */
export interface Row {
  metric: string;
  ours: string;
  baseline?: string;
  target?: string;
  /** Whether the target is met (undefined when there is no target). */
  ok?: boolean;
}

export interface Section {
  title: string;
  issue?: number;
  rows: Row[];
  notes?: string[];
}

export interface BenchContext {
  /** PostgreSQL database holding the large data set (50,000 employees, 2,000 departments), or null without a server. */
  pgUrl: string | null;
  /** PGlite data directory holding the same data set (empty with BENCH_PGLITE=0). */
  pgliteDir: string;
  /** Seconds per load run. */
  duration: number;
}

/** A scenario file in bench/scenarios exports `default` with this type. */
export type Scenario = (ctx: BenchContext) => Promise<Section[]>;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerHandle {
  url: string;
  pid: number;
  /** Milliseconds from process start to the first successful /readyz. */
  readyMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

export function rssMbOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitReady(url: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 120_000) throw new Error('not ready after 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a Node script (our server or a baseline) and waits for /readyz. */
export async function startScript(script: string, env: Record<string, string>): Promise<ServerHandle> {
  const port = await freePort();
  const started = Date.now();
  // TypeScript baselines run through tsx; the product itself is the built bundle.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitReady(url, child, started);
  const pid = child.pid as number;
  return {
    url,
    pid,
    readyMs,
    rssMb: () => rssMbOf(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000);
      }),
  };
}

/** Where a benchmark's data set is: a PostgreSQL database, or a PGlite data directory. */
export interface DataSet {
  pgUrl?: string | null;
  pgliteDir?: string;
}

/** The environment that points a server (ours or a baseline) at a data set. */
export function databaseEnv(db: DataSet): Record<string, string> {
  return db.pgUrl ? { DATABASE_URL: db.pgUrl } : { DATABASE_URL: '', DATA_DIR: db.pgliteDir as string };
}

/** Our product, built (server/dist/main.js), on PostgreSQL or on a PGlite data directory. */
export function startProduct(db: DataSet, env: Record<string, string> = {}): Promise<ServerHandle> {
  return startScript(path.join(root, 'server/dist/main.js'), { ...databaseEnv(db), ...env });
}

export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * Runs `measure` against the bare baseline server (bench/baseline-server.ts) replaying `statements`
 * on the data set, after a 2-second warm-up at `connections`; the server is stopped afterwards.
 * `prepared`: the statements are sent as named (prepared) statements.
 */
export async function withBaseline<T>(
  db: DataSet,
  statements: Statement[],
  opts: { connections: number; prepared?: boolean },
  measure: (baseline: { url: string; pid: number }) => Promise<T>,
): Promise<T> {
  const baseline = await startScript(path.join(root, 'bench/baseline-server.ts'), {
    ...databaseEnv(db),
    BASELINE_SQL: JSON.stringify(statements),
    ...(opts.prepared ? { BASELINE_PREPARED: '1' } : {}),
  });
  try {
    await load({ url: `${baseline.url}/q`, body: {}, connections: opts.connections, duration: 2 });
    return await measure({ url: `${baseline.url}/q`, pid: baseline.pid });
  } finally {
    await baseline.stop();
  }
}

export async function login(url: string, username: string, password = 'Demo@123'): Promise<string> {
  const res = await fetch(`${url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code: string; message: string; data: { access_token: string } };
  if (body.code !== '200') throw new Error(`login ${username}: ${body.message}`);
  return body.data.access_token;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** Highest RSS of the server process seen during the run, in MB. */
  peakRssMb?: number;
  /** CPU time per request of the server process and of the database's backends, in ms. */
  cpuPerRequest?: { serverMs: number; databaseMs: number };
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  connections: number;
  duration: number;
  /** Server process to sample memory of. */
  pid?: number;
  /** Measure CPU time per request of this server process and of PostgreSQL's backends for this database. */
  cpuOf?: { pid: number; database?: string };
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMsOf(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th (clock ticks of 10 ms).
    const fields = fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // the process has ended
  }
}

/** PostgreSQL backend processes serving `database` (their process title names it). */
export function postgresBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

const WRK = '/usr/bin/wrk';

let chosenGenerator: 'wrk' | 'autocannon' | undefined;

/**
 * Which load generator `load` uses: wrk (C, a separate process; installed with apt-get when missing
 * and we are root) or, failing that, autocannon in this process. The two cores are shared with the
 * server and the database, so a load generator in JavaScript takes CPU from what it measures; wrk
 * takes far less. Chosen (and installed) on the first load, not when this module is imported.
 */
export function loadGenerator(): 'wrk' | 'autocannon' {
  chosenGenerator ??= findWrk();
  return chosenGenerator;
}

function findWrk(): 'wrk' | 'autocannon' {
  if (process.env.BENCH_LOADGEN === 'autocannon') return 'autocannon';
  if (fs.existsSync(WRK)) return 'wrk';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    try {
      console.log('bench: wrk not found: installing it with apt-get (Debian package "wrk")');
      execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk'], { stdio: 'inherit' });
    } catch {
      // fall through to autocannon
    }
    if (fs.existsSync(WRK)) return 'wrk';
  }
  console.log('bench: wrk is not installed (apt-get install -y wrk); load comes from autocannon in the bench process');
  return 'autocannon';
}

/** Closed-loop load: `connections` connections, each sending the next request when the answer is in. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  let peak = 0;
  const sampler = opts.pid
    ? setInterval(() => {
        peak = Math.max(peak, rssMbOf(opts.pid as number));
      }, 200)
    : null;
  const backends = opts.cpuOf?.database ? postgresBackends(opts.cpuOf.database) : [];
  const cpuBefore = opts.cpuOf ? { server: cpuMsOf(opts.cpuOf.pid), database: backends.reduce((t, p) => t + cpuMsOf(p), 0) } : null;
  try {
    const result = loadGenerator() === 'wrk' ? await loadWithWrk(opts) : await loadWithAutocannon(opts);
    const cpuPerRequest =
      opts.cpuOf && cpuBefore && result.requests > 0
        ? {
            serverMs: (cpuMsOf(opts.cpuOf.pid) - cpuBefore.server) / result.requests,
            databaseMs: (backends.reduce((t, p) => t + cpuMsOf(p), 0) - cpuBefore.database) / result.requests,
          }
        : undefined;
    return { ...result, peakRssMb: opts.pid ? peak : undefined, cpuPerRequest };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

/** wrk's Lua hooks: the request, and a JSON summary on stdout (latencies are in microseconds). */
function wrkScript(opts: LoadOptions): string {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
  };
  const lua = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal for our ASCII/UTF-8 bodies
  return [
    `wrk.method = ${lua(opts.method ?? 'POST')}`,
    opts.body === undefined ? '' : `wrk.body = ${lua(JSON.stringify(opts.body))}`,
    ...Object.entries(headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'BENCH {"requests":%d,"duration":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),',
    '    e.connect + e.read + e.write + e.timeout, e.status))',
    'end',
    '',
  ].join('\n');
}

async function loadWithWrk(opts: LoadOptions): Promise<Omit<LoadResult, 'peakRssMb'>> {
  fs.mkdirSync(work, { recursive: true });
  const script = path.join(work, `wrk-${process.pid}-${Date.now()}.lua`);
  fs.writeFileSync(script, wrkScript(opts));
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(WRK, ['-t1', `-c${opts.connections}`, `-d${opts.duration}s`, '--timeout', '10s', '-s', script, opts.url], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => {
        text += d.toString();
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    const line = out.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`wrk printed no summary: ${out}`);
    const r = JSON.parse(line.slice(6)) as { requests: number; duration: number; p50: number; p99: number; errors: number; non2xx: number };
    return {
      rps: r.requests / (r.duration / 1e6),
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      errors: r.errors,
      non2xx: r.non2xx,
      requests: r.requests,
    };
  } finally {
    fs.rmSync(script, { force: true });
  }
}

async function loadWithAutocannon(opts: LoadOptions): Promise<Omit<LoadResult, 'peakRssMb'>> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'POST',
    connections: opts.connections,
    duration: opts.duration,
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

export const fmt = {
  rps: (n: number) => `${Math.round(n)} req/s`,
  ms: (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`,
  mb: (n: number) => `${n.toFixed(0)} MB`,
  s: (n: number) => `${(n / 1000).toFixed(2)} s`,
};

/** Answers whether a PostgreSQL server answers at `url`. */
export function pgAnswers(url: string): boolean {
  try {
    execFileSync(
      process.execPath,
      [
        '-e',
        "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))",
        url,
      ],
      { cwd: root, stdio: 'ignore' },
    );
    return true;
  } catch {
    return false;
  }
}
