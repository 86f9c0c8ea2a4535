import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { timedSections } from '../bpm-timers';
import { fmt, load, login, type Row, type Scenario, type Section, startProduct, work } from '../lib';

/**
 * Issue 6 (approval engine), on PostgreSQL (issue 21's timers and countersign: ../bpm-timers.ts):
 * - task completions per second at 16 connections over HTTP (`task/pass`, every task clicked twice
 *   at once), with 10,000 tasks of running instances to complete; target ≥ 200/s and 0 duplicates.
 *   Baseline: the bare SQL of a completion (lock the instance, close the task, write the event,
 *   create the next task) straight on pg with 16 connections.
 * - p99 of `getUserTaskSort` for a user with 1,000 open tasks among 100,000; target ≤ 50 ms.
 *   Baseline: the product's own SQL of that call (captured with LOG_SQL_FILE) replayed on pg without
 *   HTTP, session and permission checks.
 */
const INSTANCES = 100_000;
const COMPLETE = 10_000;
const MINE = 1_000;
const CONNECTIONS = 16;
const LIST_CONNECTIONS = 10;
const B = '/bpm_api/bpm/camunda/';
const LIST_BODY = { ROOT: { header: {}, body: { pageIndex: 1, pageSize: 20 } } };

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="d" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="BenchLine" name="压测流程" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:userTask id="t1" name="经理审批" erp:assigneeType="users" erp:assigneeValue="mgr01" />
    <bpmn:userTask id="t2" name="人事审批" erp:assigneeType="users" erp:assigneeValue="hr01" /><bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" /><bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="t2" /><bpmn:sequenceFlow id="f3" sourceRef="t2" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

async function admin(pgUrl: string, sql: string) {
  const url = new URL(pgUrl);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function post(url: string, path: string, body: unknown, token: string): Promise<{ code: string; message: string; data: unknown }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; message: string; data: unknown };
}

/** 100,000 running instances with one open task each: 10,000 for mgr01 (to complete), 1,000 for hr01, the rest spread. */
async function fill(pool: pg.Pool, definitionId: number): Promise<{ mine: number; toComplete: number[] }> {
  const ids = async (code: string) => Number((await pool.query<{ id: number }>('SELECT id FROM users WHERE user_code = $1', [code])).rows[0]?.id);
  const [mgr, hr, emp] = [await ids('mgr01'), await ids('hr01'), await ids('emp01')];
  const others = (await pool.query<{ id: number }>("SELECT id FROM users WHERE user_code NOT IN ('mgr01','hr01') ORDER BY id LIMIT 2000")).rows.map(
    (r) => r.id,
  );
  await pool.query(
    `INSERT INTO wf_instances (definition_id, process_key, process_name, business_id, title, initiator_user_id, status, vars, chosen, state, started_at)
     SELECT $1, 'BenchLine', '压测流程', 'BENCH-' || g, '压测申请 ' || g, $2, 'running', '{}', '{}', '{"joins":{},"activations":1}', now() - (g || ' seconds')::interval
     FROM generate_series(1, $3) g`,
    [definitionId, emp, INSTANCES],
  );
  await pool.query(
    `INSERT INTO wf_tasks (instance_id, node_id, node_name, kind, activation, mode, seq, assignee_user_id, candidate_user_ids, status, created_at)
     SELECT i.id, CASE WHEN n <= $1 THEN 't1' ELSE 't2' END, CASE WHEN n <= $1 THEN '经理审批' ELSE '人事审批' END, 'approve', 1, 'any', 0,
            u.uid, ARRAY[u.uid], 'pending', i.started_at
     FROM (SELECT id, started_at, row_number() OVER (ORDER BY id) AS n FROM wf_instances WHERE process_key = 'BenchLine') i
     CROSS JOIN LATERAL (SELECT CASE WHEN i.n <= $1 THEN $2::int WHEN i.n <= $1 + $3 THEN $4::int ELSE ($5::int[])[1 + (i.n % $6)] END AS uid) u`,
    [COMPLETE, mgr, MINE, hr, others, others.length],
  );
  await pool.query(
    `INSERT INTO wf_events (instance_id, node_id, node_name, action, operate_type, approval_flag, user_id, created_at)
     SELECT id, 's', '发起人', 'start', 0, 1, initiator_user_id, started_at FROM wf_instances WHERE process_key = 'BenchLine'`,
  );
  await pool.query('ANALYZE wf_instances; ANALYZE wf_tasks; ANALYZE wf_events');
  const toComplete = (
    await pool.query<{ id: number }>("SELECT t.id FROM wf_tasks t WHERE t.node_id = 't1' AND t.status = 'pending' AND t.assignee_user_id = $1 ORDER BY t.id", [
      mgr,
    ])
  ).rows.map((r) => r.id);
  return { mine: hr, toComplete };
}

/** Workers take tasks from a shared queue; each task is sent twice at once (a double click). */
async function completeOverHttp(url: string, token: string, tasks: number[], seconds: number) {
  const queue = [...tasks];
  let ok = 0;
  let conflicts = 0;
  let failures = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const taskId = queue.shift();
      if (taskId === undefined) return;
      const answers = await Promise.all([post(url, `${B}task/pass`, { taskId }, token), post(url, `${B}task/pass`, { taskId }, token)]);
      for (const a of answers) {
        if (a.code === '200') ok++;
        else if (a.code === '409') conflicts++;
        else failures++;
      }
    }
  };
  // 16 connections in total: 8 workers × 2 simultaneous clicks.
  await Promise.all(Array.from({ length: CONNECTIONS / 2 }, worker));
  return { ok, conflicts, failures, perSecond: ok / ((Date.now() - started) / 1000) };
}

/** The engine itself (the same pass command the HTTP call runs), 16 pool connections, no HTTP. */
async function completeEngine(pgUrl: string, userId: number, tasks: number[], seconds: number) {
  const { openPostgres } = await import('../../server/src/platform/db');
  const engine = await import('../../server/src/workflow/engine');
  const database = await openPostgres(pgUrl, CONNECTIONS);
  const queue = [...tasks];
  let ok = 0;
  let conflicts = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const taskId = queue.shift();
      if (taskId === undefined) return;
      const results = await Promise.allSettled([engine.pass(database.db, { taskId, userId }), engine.pass(database.db, { taskId, userId })]);
      for (const r of results) r.status === 'fulfilled' ? ok++ : conflicts++;
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS / 2 }, worker));
  } finally {
    await database.close();
  }
  return { ok, conflicts, perSecond: ok / ((Date.now() - started) / 1000) };
}

async function completeBareSql(pool: pg.Pool, tasks: number[], seconds: number) {
  const queue = [...tasks];
  let ok = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    const c = await pool.connect();
    try {
      while (Date.now() < deadline) {
        const taskId = queue.shift();
        if (taskId === undefined) return;
        await c.query('BEGIN');
        const t = (await c.query<{ instance_id: number }>('SELECT instance_id FROM wf_tasks WHERE id = $1', [taskId])).rows[0];
        await c.query('SELECT id FROM wf_instances WHERE id = $1 FOR UPDATE', [t?.instance_id]);
        const closed = await c.query("UPDATE wf_tasks SET status = 'done', completed_at = now() WHERE id = $1 AND status = 'pending' RETURNING id", [taskId]);
        if (closed.rowCount) {
          await c.query(
            "INSERT INTO wf_events (instance_id, task_id, node_name, action, operate_type, approval_flag, user_id) VALUES ($1, $2, 'x', 'pass', 1, 1, 1)",
            [t?.instance_id, taskId],
          );
          await c.query(
            "INSERT INTO wf_tasks (instance_id, node_id, node_name, kind, assignee_user_id, candidate_user_ids) VALUES ($1, 'x', 'x', 'approve', 1, ARRAY[1])",
            [t?.instance_id],
          );
          ok++;
        }
        await c.query('COMMIT');
      }
    } finally {
      c.release();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return ok / ((Date.now() - started) / 1000);
}

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * The product's own SQL, captured with LOG_SQL_FILE on a server of its own (after a warm-up call
 * each): the to-do page of `listUser` (replayed as the list baseline) and completions by mgr01
 * (counted: statements inside the transaction, BEGIN … COMMIT, and in all; the median of three).
 */
async function captureSql(pgUrl: string, listUser: string, tasks: number[]): Promise<{ list: Statement[]; pass: { inTransaction: number; all: number } }> {
  fs.mkdirSync(work, { recursive: true });
  const file = path.join(work, 'bpm.sql.jsonl');
  fs.rmSync(file, { force: true });
  const server = await startProduct({ pgUrl }, { LOG_SQL_FILE: file });
  // The offset is in bytes (parameters may hold Chinese): slice the buffer, not the string.
  const since = async (call: () => Promise<{ code: string; message: string }>): Promise<Statement[]> => {
    const offset = fs.statSync(file).size;
    const answer = await call();
    if (answer.code !== '200') throw new Error(`captured call failed: ${answer.message}`);
    return fs
      .readFileSync(file)
      .subarray(offset)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Statement);
  };
  try {
    const listToken = await login(server.url, listUser);
    const list = () => post(server.url, `${B}getUserTaskSort`, LIST_BODY, listToken);
    await list();
    // The message worker's polling of the outbox may fall into a window: keep the call's own statements.
    const listSql = (await since(list)).filter((st) => /\bwf_/i.test(st.text));
    const mgrToken = await login(server.url, 'mgr01');
    await post(server.url, `${B}task/pass`, { taskId: tasks[0] }, mgrToken);
    // The median of three passes, each after the worker has handled the notices before it (its
    // polling may still fall into a window).
    const inTransaction: number[] = [];
    const all: number[] = [];
    for (const taskId of tasks.slice(1)) {
      await new Promise((r) => setTimeout(r, 1500));
      const texts = (await since(() => post(server.url, `${B}task/pass`, { taskId }, mgrToken))).map((st) => st.text.trim().toLowerCase());
      const begin = texts.indexOf('begin');
      const commit = texts.indexOf('commit');
      inTransaction.push(begin >= 0 && commit > begin ? commit - begin + 1 : Number.NaN);
      all.push(texts.length);
    }
    const pass = { inTransaction: pct(inTransaction, 50), all: pct(all, 50) };
    return { list: listSql, pass };
  } finally {
    await server.stop();
    fs.rmSync(file, { force: true });
  }
}

/** The to-do page's captured statements replayed on pg: no HTTP, session, permission check or envelope. */
async function listBareSql(pool: pg.Pool, statements: Statement[], seconds: number): Promise<number> {
  const times: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t0 = performance.now();
      for (const st of statements) await pool.query(st.text, st.params);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: LIST_CONNECTIONS }, worker));
  return pct(times, 99);
}

const scenario: Scenario = async (ctx) => {
  if (!ctx.pgUrl)
    return [{ title: 'Approval engine (issue 6)', issue: 6, rows: [], notes: ['PostgreSQL not available: the engine benchmarks run on PostgreSQL only.'] }];
  await admin(ctx.pgUrl, 'DROP DATABASE IF EXISTS erp_bench_bpm WITH (FORCE)');
  await admin(ctx.pgUrl, 'CREATE DATABASE erp_bench_bpm TEMPLATE erp_bench');
  const url = new URL(ctx.pgUrl);
  url.pathname = '/erp_bench_bpm';
  const pool = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS + 2 });
  // pool.end() resolves before its clients have closed; the DROP … WITH (FORCE) at the end then
  // terminates them, and an unhandled 'error' on the pool would end the whole bench process.
  pool.on('error', () => {});
  const server = await startProduct({ pgUrl: url.toString() });
  const sections: Section[] = [];
  try {
    const adminToken = await login(server.url, 'admin');
    const dep = (await post(server.url, `${B}definition/deploy`, { xml: XML }, adminToken)) as { code: string; message: string; data: { id: number } };
    if (dep.code !== '200') throw new Error(`deploy failed: ${dep.message}`);
    const { toComplete } = await fill(pool, dep.data.id);
    const sample = toComplete.splice(-4);
    // Before the list runs: the four captured passes add four tasks to hr01's list.
    const captured = await captureSql(url.toString(), 'hr01', sample);

    // The list first: completions add tasks for hr01.
    const hrToken = await login(server.url, 'hr01');
    const listBody = LIST_BODY;
    const first = (await post(server.url, `${B}getUserTaskSort`, listBody, hrToken)) as { data: { total: number } };
    const list = await load({
      url: `${server.url}${B}getUserTaskSort`,
      body: listBody,
      token: hrToken,
      connections: LIST_CONNECTIONS,
      duration: ctx.duration,
      pid: server.pid,
    });
    const listBaseline = await listBareSql(pool, captured.list, ctx.duration);

    const mgrToken = await login(server.url, 'mgr01');
    const third = Math.floor(toComplete.length / 3);
    const http = await completeOverHttp(server.url, mgrToken, toComplete.slice(0, third), ctx.duration);
    const mgrId = Number((await pool.query<{ id: number }>("SELECT id FROM users WHERE user_code = 'mgr01'")).rows[0]?.id);
    const direct = await completeEngine(url.toString(), mgrId, toComplete.slice(third, 2 * third), ctx.duration);
    const dup = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM (SELECT task_id FROM wf_events WHERE action = 'pass' GROUP BY task_id HAVING count(*) > 1) d",
    );
    const bare = await completeBareSql(pool, toComplete.slice(2 * third), ctx.duration);
    const duplicates = Number(dup.rows[0]?.n ?? 0);
    const statements = captured.pass;

    const rows: Row[] = [
      {
        metric: `task completions/s over HTTP, ${CONNECTIONS} connections (each task clicked twice)`,
        ours: `${Math.round(http.perSecond)}/s`,
        baseline: `${Math.round(bare)}/s (bare SQL, no HTTP)`,
        target: '≥ 200/s',
        ok: http.perSecond >= 200,
      },
      {
        metric: `task completions/s by the engine, ${CONNECTIONS} pool connections, no HTTP (each task twice)`,
        ours: `${Math.round(direct.perSecond)}/s`,
        baseline: `${Math.round(bare)}/s (bare SQL)`,
        target: '≥ 200/s',
        ok: direct.perSecond >= 200,
      },
      { metric: 'duplicate completions (HTTP and engine runs)', ours: String(duplicates), target: '0', ok: duplicates === 0 },
      { metric: 'conflicts answered to the second click / other failures', ours: `${http.conflicts} / ${http.failures}` },
      {
        metric: 'SQL statements of one completion over HTTP (in its transaction incl. BEGIN/COMMIT / in all)',
        ours: `${statements.inTransaction} / ${statements.all}`,
        baseline: '7 (bare SQL, incl. BEGIN/COMMIT)',
      },
      {
        metric: `getUserTaskSort p99, ${first.data.total} open tasks of ${INSTANCES.toLocaleString('en')}, ${LIST_CONNECTIONS} connections`,
        ours: fmt.ms(list.p99),
        baseline: `${fmt.ms(listBaseline)} (same SQL on pg)`,
        target: '≤ 50 ms',
        ok: list.p99 <= 50,
      },
      { metric: 'getUserTaskSort throughput', ours: fmt.rps(list.rps), baseline: undefined },
    ];
    sections.push({
      title: 'Approval engine (issue 6), PostgreSQL',
      issue: 6,
      rows,
      notes: [
        `${INSTANCES.toLocaleString('en')} running instances with one open task each (${COMPLETE.toLocaleString('en')} of them for the completion run), plus the 50,000-employee data set.`,
        'Every completion is one transaction that locks the instance row, closes the task with UPDATE … WHERE status = pending, writes the event and creates the next task with a notification in the outbox.',
      ],
    });
    // Issue 21: the same figure with timers and multi-instance in the model, and 10,000 timers due at once.
    sections.push(...(await timedSections(pool, server.url, url.toString(), ctx.duration)));
  } finally {
    await server.stop();
    await pool.end();
    await admin(ctx.pgUrl, 'DROP DATABASE IF EXISTS erp_bench_bpm WITH (FORCE)');
  }
  return sections;
};

export default scenario;
