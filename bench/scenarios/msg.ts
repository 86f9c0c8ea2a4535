import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import WebSocket from 'ws';
import {
  type DataSet,
  databaseEnv,
  fmt,
  load,
  login,
  type Row,
  root,
  type Scenario,
  type Section,
  type ServerHandle,
  startScript,
  withBaseline,
  work,
} from '../lib';

/**
 * Issue 7 (messages, live channel, files):
 * - unread counts (getMsgAllNumber) with 1,000,000 message copies in the database, p99 ≤ 20 ms;
 *   baseline: the same count query behind a bare route;
 * - 2,000 sockets on one process, one notice to everyone (≈ 50,000 receivers stored first), p99
 *   delivery ≤ 1 s; baseline: a bare `ws` broadcast to 2,000 sockets;
 * - a 100 MB upload keeps server RSS growth ≤ 50 MB; baseline: a bare multipart route streaming to disk.
 */
const SOCKET_USERS = 200;
const SOCKETS_PER_USER = 10;
const NOTICES = 3;
const CONNECTIONS = 10;
const UPLOAD_BYTES = 100 * 1024 * 1024 - 1024;
const COUNT_SQL = 'SELECT msg_type, count(*) FROM message_receivers WHERE user_id = $1 AND read_at IS NULL AND deleted_at IS NULL GROUP BY msg_type';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/**
 * The product as built when the scenario started: other work may rebuild server/dist meanwhile
 * (with a regenerated migration), so the scenario runs its own copy.
 */
const DIST = path.join(work, 'msg-dist');
function startProduct(db: DataSet): Promise<ServerHandle> {
  return startScript(path.join(DIST, 'main.js'), databaseEnv(db));
}
type Exec = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** A copy of the large data set for this scenario, and a way to run SQL on it while no server holds it. */
async function copyDataSet(
  pgUrl: string | null,
  pgliteDir: string,
): Promise<{ db: DataSet; withSql<T>(fn: (exec: Exec) => Promise<T>): Promise<T>; drop(): Promise<void> }> {
  if (pgUrl) {
    const adminUrl = new URL(pgUrl);
    adminUrl.pathname = '/postgres';
    const copyUrl = new URL(pgUrl);
    copyUrl.pathname = '/erp_bench_msg';
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await admin('DROP DATABASE IF EXISTS erp_bench_msg WITH (FORCE)');
    await admin('CREATE DATABASE erp_bench_msg TEMPLATE erp_bench');
    return {
      db: { pgUrl: copyUrl.toString() },
      async withSql(fn) {
        const c = new pg.Client({ connectionString: copyUrl.toString() });
        await c.connect();
        try {
          return await fn(async (text, params) => (await c.query(text, params)).rows);
        } finally {
          await c.end();
        }
      },
      drop: () => admin('DROP DATABASE IF EXISTS erp_bench_msg WITH (FORCE)'),
    };
  }
  const dir = path.join(work, 'pglite-msg');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(pgliteDir, dir, { recursive: true });
  return {
    db: { pgliteDir: dir },
    async withSql(fn) {
      const lite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
      try {
        return await fn(async (text, params) => (await lite.query<Record<string, unknown>>(text, params)).rows);
      } finally {
        await lite.close();
      }
    },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** 1,000 messages × 1,000 generated users = 1,000,000 copies, half of them unread. */
async function fillMessages(exec: Exec): Promise<number> {
  await exec(`INSERT INTO messages (msg_type, title, content, summary, receiver_scope)
    SELECT (ARRAY['001','003','004'])[1 + g % 3], 'bench message ' || g, '<p>bench</p>', 'bench', 'users' FROM generate_series(1, 1000) g`);
  await exec(`INSERT INTO message_receivers (message_id, user_id, msg_type, created_at, read_at)
    SELECT m.id, u.id, m.msg_type, now() - (m.id % 365) * interval '1 day', CASE WHEN (m.id + u.id) % 2 = 0 THEN now() END
    FROM (SELECT id, msg_type FROM messages WHERE title LIKE 'bench message %') m
    CROSS JOIN (SELECT id FROM users WHERE user_code LIKE 'gen%' ORDER BY id LIMIT 1000) u`);
  // Steady state: PostgreSQL's autovacuum visits a table within a minute of a bulk insert and sets its
  // visibility map, after which the unread count is an index-only scan (4 buffers instead of one heap
  // page per unread copy, ~500 here). Measuring right after the load would time a state that does not last.
  await exec('VACUUM (ANALYZE) message_receivers');
  // The load wrote a million rows: flush them now, not in a checkpoint that would land in one of the
  // measured runs (it did, as ~100–300 ms stalls in the baseline's p99).
  await exec('CHECKPOINT');
  const [row] = await exec('SELECT count(*)::int AS n FROM message_receivers');
  return Number(row?.n ?? 0);
}

async function unreadCounts(db: DataSet, userId: number, copies: number, duration: number): Promise<Section> {
  const path_ = '/msg_api/msg/api/message/getMsgAllNumber';
  const ours = await startProduct(db);
  let o: Awaited<ReturnType<typeof load>>;
  try {
    const token = await login(ours.url, 'gen000001');
    await load({ url: ours.url + path_, body: {}, token, connections: CONNECTIONS, duration: 2 });
    o = await load({ url: ours.url + path_, body: {}, token, connections: CONNECTIONS, duration, pid: ours.pid });
  } finally {
    await ours.stop();
  }
  const b = await withBaseline(db, [{ text: COUNT_SQL, params: [userId] }], { connections: CONNECTIONS }, (baseline) =>
    load({ url: baseline.url, body: {}, connections: CONNECTIONS, duration }),
  );
  return {
    title: `Messages: unread counts with ${copies.toLocaleString('en')} message copies (${db.pgUrl ? 'PostgreSQL' : 'PGlite'})`,
    issue: 7,
    rows: [
      { metric: `latency p99 at ${CONNECTIONS} connections`, ours: fmt.ms(o.p99), baseline: fmt.ms(b.p99), target: '≤ 20 ms', ok: o.p99 <= 20 },
      { metric: 'latency p50', ours: fmt.ms(o.p50), baseline: fmt.ms(b.p50) },
      { metric: 'throughput', ours: fmt.rps(o.rps), baseline: fmt.rps(b.rps) },
      { metric: 'errors / non-2xx', ours: `${o.errors} / ${o.non2xx}`, baseline: `${b.errors} / ${b.non2xx}`, ok: o.errors + o.non2xx === 0 },
    ],
    notes: [
      'The user has 1,000 messages, about half unread; the count reads the partial index on unread copies (user_id, msg_type) as an index-only scan (the table is vacuumed after the bulk load, as autovacuum would).',
      'Baseline: the same GROUP BY count behind a bare Fastify route on the same driver (no session, no envelope).',
      'The baseline runs at over twice our rate on the same two cores as the database and the load generator; its p99 has varied from run to run (6 ms to 300 ms seen, with no TCP retransmission or checkpoint during the run) while its p50 stays under 1 ms: read its p50 and throughput.',
    ],
  };
}

interface Probe {
  arrivals: Map<string, number[]>;
  close(): void;
}

/** Opens `count` sockets to a URL builder and records when each frame containing a marker arrives. */
async function openSockets(urls: string[]): Promise<Probe> {
  const arrivals = new Map<string, number[]>();
  const sockets: WebSocket[] = [];
  // Opened in batches: a connection storm is not what is measured.
  for (let i = 0; i < urls.length; i += 100) await Promise.all(urls.slice(i, i + 100).map((url) => openOne(url)));
  return {
    arrivals,
    close: () => {
      for (const s of sockets) s.terminate();
    },
  };

  function openOne(url: string) {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      const timer = setTimeout(() => reject(new Error(`socket did not open: ${url.replace(/[^/]+$/, '***')}`)), 60_000);
      ws.on('close', (code, reason) => {
        clearTimeout(timer);
        reject(new Error(`socket closed: ${code} ${reason.toString()}`));
      });
      ws.on('message', (data) => {
        const text = data.toString();
        if (text === 'pong') {
          clearTimeout(timer);
          resolve();
          return;
        }
        const marker = /bench-notice-\d+/.exec(text)?.[0];
        if (!marker) return;
        const list = arrivals.get(marker) ?? [];
        list.push(performance.now());
        arrivals.set(marker, list);
      });
      ws.on('error', reject);
    });
  }
}

async function waitFor(probe: Probe, marker: string, count: number, ms = 30_000): Promise<number[]> {
  const start = performance.now();
  while ((probe.arrivals.get(marker)?.length ?? 0) < count && performance.now() - start < ms) await new Promise((r) => setTimeout(r, 20));
  return probe.arrivals.get(marker) ?? [];
}

async function fanOut(db: DataSet): Promise<Section> {
  const total = SOCKET_USERS * SOCKETS_PER_USER;
  const ours = await startProduct(db);
  const delays: number[] = [];
  const apiMs: number[] = [];
  let received = 0;
  let rssWith = 0;
  const rssIdle = ours.rssMb();
  try {
    const codes = Array.from({ length: SOCKET_USERS }, (_, i) => `gen${String(i + 1).padStart(6, '0')}`);
    const tokens: string[] = [];
    for (let i = 0; i < codes.length; i += 8) tokens.push(...(await Promise.all(codes.slice(i, i + 8).map((c) => login(ours.url, c)))));
    const wsBase = ours.url.replace(/^http/, 'ws');
    const urls = codes.flatMap((code, i) => Array.from({ length: SOCKETS_PER_USER }, () => `${wsBase}/socket/websocket/${code}/${tokens[i]}`));
    console.log(`bench: msg: opening ${urls.length} sockets`);
    const probe = await openSockets(urls);
    rssWith = ours.rssMb();
    console.log('bench: msg: sockets open, publishing');
    const admin = await login(ours.url, 'admin');
    try {
      for (let n = 1; n <= NOTICES; n++) {
        const marker = `bench-notice-${n}`;
        const t0 = performance.now();
        const res = await fetch(`${ours.url}/msg_api/msg/api/message/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ title: marker, content: '<p>全员通知</p>', receiverScope: 'all' }),
        });
        apiMs.push(performance.now() - t0);
        if (!res.ok) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
        const got = await waitFor(probe, marker, total);
        received += got.length;
        delays.push(...got.map((t) => t - t0));
      }
    } finally {
      probe.close();
    }
  } finally {
    await ours.stop();
  }

  const baseline = await startScript(path.join(root, 'bench/msg-ws-baseline.ts'), {});
  const baseDelays: number[] = [];
  try {
    const probe = await openSockets(Array.from({ length: total }, () => baseline.url.replace(/^http/, 'ws')));
    try {
      for (let n = 1; n <= NOTICES; n++) {
        const marker = `bench-notice-${n}`;
        const t0 = performance.now();
        await fetch(`${baseline.url}/broadcast`, { method: 'POST', body: JSON.stringify({ type: 'message', title: marker }) });
        baseDelays.push(...(await waitFor(probe, marker, total)).map((t) => t - t0));
      }
    } finally {
      probe.close();
    }
  } finally {
    await baseline.stop();
  }
  const p99 = pct(delays, 99);
  return {
    title: `Live channel: ${total.toLocaleString('en')} sockets on one process, a notice to everyone (${db.pgUrl ? 'PostgreSQL' : 'PGlite'})`,
    issue: 7,
    rows: [
      {
        metric: 'delivery p99 (publish call sent → frame received)',
        ours: fmt.ms(p99),
        baseline: fmt.ms(pct(baseDelays, 99)),
        target: '≤ 1 s',
        ok: p99 <= 1000,
      },
      { metric: 'delivery p50', ours: fmt.ms(pct(delays, 50)), baseline: fmt.ms(pct(baseDelays, 50)) },
      {
        metric: 'frames received',
        ours: `${received} / ${total * NOTICES}`,
        baseline: `${baseDelays.length} / ${total * NOTICES}`,
        ok: received === total * NOTICES,
      },
      { metric: 'publish call (stores a copy per enabled user)', ours: fmt.ms(pct(apiMs, 50)) },
      { metric: 'server RSS idle → with sockets', ours: `${fmt.mb(rssIdle)} → ${fmt.mb(rssWith)}` },
    ],
    notes: [
      `${SOCKET_USERS} generated users × ${SOCKETS_PER_USER} sockets each; ${NOTICES} notices, all figures over every delivery.`,
      'Ours stores the notice with the copies of the users online on the process and pushes to them, then stores the other copies (≈ 50,000, second transaction) and pushes to the rest before answering; the baseline only broadcasts.',
    ],
  };
}

async function uploadPeak(server: ServerHandle, url: string, file: string, token?: string): Promise<{ growth: number; ms: number; status: number }> {
  const small = new FormData();
  small.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'warm.pdf');
  await fetch(url, { method: 'POST', body: small, headers: token ? { authorization: `Bearer ${token}` } : {} });
  await new Promise((r) => setTimeout(r, 500));
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 50);
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'application/pdf' }), 'big.pdf');
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.text();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, server.rssMb());
  return { growth: peak - before, ms, status: res.status };
}

async function upload(db: DataSet): Promise<Section> {
  const file = path.join(work, 'upload-100mb.pdf');
  if (!fs.existsSync(file) || fs.statSync(file).size !== UPLOAD_BYTES) {
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, Buffer.from('%PDF-1.4\n'));
    fs.ftruncateSync(fd, UPLOAD_BYTES);
    fs.closeSync(fd);
  }
  const ours = await startProduct(db);
  let o: Awaited<ReturnType<typeof uploadPeak>>;
  try {
    const token = await login(ours.url, 'hr01');
    o = await uploadPeak(ours, `${ours.url}/file_api/file/fileUrl/upload`, file, token);
  } finally {
    await ours.stop();
  }
  const baseline = await startScript(path.join(root, 'bench/msg-upload-baseline.ts'), {});
  let b: Awaited<ReturnType<typeof uploadPeak>>;
  try {
    b = await uploadPeak(baseline, `${baseline.url}/upload`, file);
  } finally {
    await baseline.stop();
  }
  const rows: Row[] = [
    {
      metric: 'server RSS growth during a 100 MB upload',
      ours: fmt.mb(o.growth),
      baseline: fmt.mb(b.growth),
      target: '≤ 50 MB',
      ok: o.growth <= 50 && o.status === 200,
    },
    { metric: 'upload time (stream to disk, SHA-256, checks, record)', ours: fmt.ms(o.ms), baseline: fmt.ms(b.ms) },
    { metric: 'answer', ours: String(o.status), baseline: String(b.status), ok: o.status === 200 },
  ];
  return {
    title: 'Files: one 100 MB upload on a running server',
    issue: 7,
    rows,
    notes: ['RSS sampled every 50 ms from just before the upload to its answer. Baseline: a bare @fastify/multipart route streaming the part to disk.'],
  };
}

const scenario: Scenario = async (ctx) => {
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'server/dist'), DIST, { recursive: true });
  const copy = await copyDataSet(ctx.pgUrl, ctx.pgliteDir);
  try {
    const { copies, userId } = await copy.withSql(async (exec) => {
      const n = await fillMessages(exec);
      const [u] = await exec("SELECT id FROM users WHERE user_code = 'gen000001'");
      return { copies: n, userId: Number(u?.id) };
    });
    console.log(`bench: msg: ${copies} message copies stored`);
    const sections: Section[] = [];
    // Each part reports on its own: one failing does not hide the others.
    for (const [name, part] of [
      ['unread counts', () => unreadCounts(copy.db, userId, copies, ctx.duration)],
      ['live fan-out', () => fanOut(copy.db)],
      ['upload', () => upload(copy.db)],
    ] as const) {
      try {
        sections.push(await part());
      } catch (err) {
        sections.push({ title: `Messages: ${name}`, issue: 7, rows: [], notes: [`failed: ${String(err)}`] });
      }
    }
    return sections;
  } finally {
    await copy.drop();
    fs.rmSync(DIST, { recursive: true, force: true });
  }
};

export default scenario;
