import pg from 'pg';
import { fmt, login, type Row, type Scenario, type Section, startProduct } from '../lib';

/**
 * Issue 14: the handover of a leaver holding 5,000 items (4,000 open approval tasks and 1,000
 * running processes they started) to one successor, in one call, on a copy of the 50,000-employee
 * data set. Baseline: the two bare UPDATE statements that move the same rows, without the events,
 * audit rows and message the product writes.
 */
const B = '/bpm_api/bpm/camunda/';
const TASKS = 4000;
const STARTED = 1000;
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="d" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="BenchHandover" name="交接压测" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:userTask id="t1" name="审批" erp:assigneeType="users" erp:assigneeValue="hr01" /><bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" /><bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`;

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

async function post<T>(url: string, path: string, body: unknown, token: string): Promise<{ code: string; message: string; data: T }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; message: string; data: T };
}

/** Running instances: TASKS with an open task of the leaver, STARTED started by the leaver (tasks for others). */
async function fill(pool: pg.Pool, definitionId: number, leaver: number, other: number) {
  await pool.query(
    `INSERT INTO wf_instances (definition_id, process_key, process_name, business_id, title, initiator_user_id, status, vars, chosen, state, started_at)
     SELECT $1, 'BenchHandover', '交接压测', 'H-' || g, '交接压测 ' || g, CASE WHEN g <= $2::int THEN $3::int ELSE $4::int END, 'running', '{}', '{}',
            '{"joins":{},"activations":1}', now() - (g || ' seconds')::interval
     FROM generate_series(1, $2::int + $5::int) g`,
    [definitionId, TASKS, other, leaver, STARTED],
  );
  await pool.query(
    `INSERT INTO wf_tasks (instance_id, node_id, node_name, kind, activation, mode, seq, assignee_user_id, candidate_user_ids, status, created_at)
     SELECT i.id, 't1', '审批', 'approve', 1, 'any', 0, u.uid, ARRAY[u.uid], 'pending', i.started_at
     FROM wf_instances i CROSS JOIN LATERAL (SELECT CASE WHEN i.initiator_user_id = $1 THEN $2::int ELSE $1::int END AS uid) u
     WHERE i.process_key = 'BenchHandover'`,
    [leaver, other],
  );
  await pool.query('ANALYZE wf_instances; ANALYZE wf_tasks');
}

const scenario: Scenario = async (ctx) => {
  if (!ctx.pgUrl)
    return [{ title: 'Leaver handover (issue 14)', issue: 14, rows: [], notes: ['PostgreSQL not available: this benchmark runs on PostgreSQL only.'] }];
  await admin(ctx.pgUrl, 'DROP DATABASE IF EXISTS erp_bench_handover WITH (FORCE)');
  await admin(ctx.pgUrl, 'CREATE DATABASE erp_bench_handover TEMPLATE erp_bench');
  const url = new URL(ctx.pgUrl);
  url.pathname = '/erp_bench_handover';
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => {});
  const server = await startProduct({ pgUrl: url.toString() });
  const sections: Section[] = [];
  try {
    const id = async (code: string) => Number((await pool.query<{ id: number }>('SELECT id FROM users WHERE user_code = $1', [code])).rows[0]?.id);
    // A generated person: they hold nothing but what is filled in below (the first 50 accounts
    // manage the generated projects and their bills, which would add to the 5,000).
    const leaver = Number((await pool.query<{ id: number }>("SELECT id FROM users WHERE user_code LIKE 'gen%' AND enabled ORDER BY id LIMIT 1")).rows[0]?.id);
    const [successor, other] = [await id('user21'), await id('user22')];
    const adminToken = await login(server.url, 'admin');
    const dep = await post<{ id: number }>(server.url, `${B}definition/deploy`, { xml: XML }, adminToken);
    if (dep.code !== '200') throw new Error(`deploy failed: ${dep.message}`);
    await fill(pool, dep.data.id, leaver, other);
    const hr = await login(server.url, 'hr01');

    let t = performance.now();
    const holdings = await post<{ total: number; groups: Array<{ key: string }> }>(server.url, '/hr_api/hrm/handover/getHoldings', { userId: leaver }, hr);
    const readMs = performance.now() - t;
    if (holdings.code !== '200') throw new Error(holdings.message);
    const held = holdings.data.total;

    t = performance.now();
    const moved = await post<{ total: number; remaining: number }>(
      server.url,
      '/hr_api/hrm/handover/confirm',
      {
        userId: leaver,
        remark: '压测',
        // Every group listed (whatever the registry holds).
        assignments: holdings.data.groups.map((g) => ({ group: g.key, toUserId: successor })),
      },
      hr,
    );
    const moveMs = performance.now() - t;
    if (moved.code !== '200') throw new Error(moved.message);
    const audit = Number(
      (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE call = 'POST /hr_api/hrm/handover/confirm' AND record_id LIKE '%:%'"))
        .rows[0]?.n,
    );

    // Baseline: the bare moves back (same rows, no events, audit or message).
    t = performance.now();
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      await c.query(
        "UPDATE wf_tasks SET assignee_user_id = $1, candidate_user_ids = array_replace(candidate_user_ids, $2, $1) WHERE kind = 'approve' AND status IN ('pending','waiting') AND assignee_user_id = $2",
        [leaver, successor],
      );
      await c.query(
        "UPDATE wf_instances SET initiator_user_id = $1 WHERE initiator_user_id = $2 AND status IN ('running','returned') AND process_key = 'BenchHandover'",
        [leaver, successor],
      );
      await c.query('COMMIT');
    } finally {
      c.release();
    }
    const bareMs = performance.now() - t;

    const rows: Row[] = [
      {
        metric: `handover of ${held.toLocaleString('en')} items in one call (moved ${moved.data.total.toLocaleString('en')}, remaining ${moved.data.remaining})`,
        ours: fmt.ms(moveMs),
        baseline: `${fmt.ms(bareMs)} (two bare UPDATEs)`,
        target: '≤ 2 s',
        ok: moveMs <= 2000 && moved.data.remaining === 0,
      },
      { metric: 'listing what the leaver holds (counts and the first 200 of each group)', ours: fmt.ms(readMs) },
      { metric: 'audit rows written (one per moved item)', ours: String(audit), target: String(moved.data.total), ok: audit === moved.data.total },
    ];
    sections.push({
      title: 'Leaver handover (issue 14), PostgreSQL',
      issue: 14,
      rows,
      notes: [
        `${TASKS.toLocaleString('en')} open approval tasks of the leaver and ${STARTED.toLocaleString('en')} running processes they started, besides the 50,000-employee data set.`,
        'One transaction: one UPDATE per group that names the leaver in its WHERE (with a transfer event per task in the same statement), the audit rows in batches of 1,000, one message to the successor, and the count of what remains.',
      ],
    });
  } finally {
    await server.stop();
    await pool.end();
    await admin(ctx.pgUrl, 'DROP DATABASE IF EXISTS erp_bench_handover WITH (FORCE)');
  }
  return sections;
};

export default scenario;
