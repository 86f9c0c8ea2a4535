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
  /** PGlite data directory holding the same data set. */
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

/** Our product, built (server/dist/main.js), on PostgreSQL or on a PGlite data directory. */
export function startProduct(db: { pgUrl?: string | null; pgliteDir?: string }, env: Record<string, string> = {}): Promise<ServerHandle> {
  const dbEnv: Record<string, string> = db.pgUrl ? { DATABASE_URL: db.pgUrl } : { DATABASE_URL: '', DATA_DIR: db.pgliteDir as string };
  return startScript(path.join(root, 'server/dist/main.js'), { ...dbEnv, ...env });
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
}

/** Closed-loop load with autocannon from this process. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  let peak = 0;
  const sampler = opts.pid
    ? setInterval(() => {
        peak = Math.max(peak, rssMbOf(opts.pid as number));
      }, 200)
    : null;
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'POST',
    connections: opts.connections,
    duration: opts.duration,
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (sampler) clearInterval(sampler);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    peakRssMb: opts.pid ? peak : undefined,
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
