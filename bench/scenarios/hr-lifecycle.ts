import pg from 'pg';
import { type BenchContext, fmt, login, type Row, type Section, startProduct } from '../lib';
import { wrap } from '../probe';

/**
 * Issue 14: 1,000 lifecycle requests (500 transfers, 500 departures) of generated employees started
 * concurrently over HTTP, then approved step by step by whoever holds each task, 40 at a time, every
 * task clicked twice. Afterwards every employee must show exactly the change its request made: the
 * transfer's unit and one transfer event, the departure's state and at most one departure event.
 */
const H = '/hr_api/hrm/api/';
const REQUESTS = 1000;
const CONNECTIONS = 40;

async function admin(pgUrl: string, statement: string): Promise<void> {
  const url = new URL(pgUrl);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

async function post(base: string, path: string, body: unknown, token: string): Promise<{ code: string; message: string; data: unknown; status: number }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(wrap(body)),
  });
  const json = (await res.json()) as { code: string; message: string; data: unknown };
  return { ...json, status: res.status };
}

/** Runs `work` over the items with `n` workers; answers the wall time in ms and each item's time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<{ ms: number; times: number[] }> {
  const queue = [...items];
  const times: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        const t = performance.now();
        await work(item);
        times.push(performance.now() - t);
      }
    }),
  );
  return { ms: performance.now() - t0, times };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

const scenario = async (ctx: BenchContext): Promise<Section[]> => {
  if (!ctx.pgUrl)
    return [{ title: 'Employee lifecycle (issue 14)', issue: 14, rows: [], notes: ['PostgreSQL not available: this benchmark runs on PostgreSQL only.'] }];
  await admin(ctx.pgUrl, 'DROP DATABASE IF EXISTS erp_bench_lifecycle WITH (FORCE)');
  await admin(ctx.pgUrl, 'CREATE DATABASE erp_bench_lifecycle TEMPLATE erp_bench');
  const url = new URL(ctx.pgUrl);
  url.pathname = '/erp_bench_lifecycle';
  const db = new pg.Pool({ connectionString: url.toString(), max: 4 });
  db.on('error', () => {});
  const server = await startProduct({ pgUrl: url.toString() });
  try {
    const hr = await login(server.url, 'hr01');
    // Generated employees on duty, without an open request, each with a unit to move to (another generated unit).
    const people = (
      await db.query<{ id: number; org_id: number; to_org: number; entry: string }>(
        `SELECT e.id, e.org_id, (SELECT o.id FROM org_units o WHERE o.code LIKE 'GEN%' AND o.id <> e.org_id AND NOT o.is_client ORDER BY o.id OFFSET (e.id % 50) LIMIT 1) AS to_org, e.entry_date::text AS entry
           FROM employees e JOIN users u ON u.id = e.user_id
          WHERE u.user_code LIKE 'gen%' AND e.status = '003' AND e.employ_state IN ('001', '002') AND e.org_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM employee_transfers t WHERE t.employee_id = e.id) AND NOT EXISTS (SELECT 1 FROM employee_quits q WHERE q.employee_id = e.id)
          ORDER BY e.id LIMIT ${REQUESTS}`,
      )
    ).rows;
    const today = new Date().toISOString().slice(0, 10);
    const transfers = people.filter((_, i) => i % 2 === 0);
    const quits = people.filter((_, i) => i % 2 === 1);
    const instanceOf = new Map<number, number>();
    let startFailures = 0;
    const started = await pool(people, CONNECTIONS, async (p) => {
      const isTransfer = transfers.includes(p);
      const res = isTransfer
        ? await post(server.url, `${H}instance/startTransferInstance`, { employeeId: p.id, toOrgId: p.to_org, effectiveDate: today, reason: '组织调整' }, hr)
        : await post(server.url, `${H}instance/startQuitInstance`, { employeeId: p.id, quitType: '002', reason: '协商解除', lastWorkDate: today }, hr);
      if (res.code === '200') instanceOf.set(p.id, (res.data as { processInstanceId: number }).processInstanceId);
      else startFailures++;
    });
    // The same requests again: every one must be refused as a second open request.
    let secondRefused = 0;
    await pool(people.slice(0, 100), CONNECTIONS, async (p) => {
      const res = transfers.includes(p)
        ? await post(server.url, `${H}instance/startTransferInstance`, { employeeId: p.id, toOrgId: p.to_org, effectiveDate: today, reason: '重复' }, hr)
        : await post(server.url, `${H}instance/startQuitInstance`, { employeeId: p.id, quitType: '002', reason: '重复', lastWorkDate: today }, hr);
      if (res.status === 409) secondRefused++;
    });

    // Approve until nothing is pending: each round takes every pending task of these instances, clicked twice.
    const tokens = new Map<number, string>();
    const tokenOf = async (userId: number) => {
      if (!tokens.has(userId)) {
        const code = (await db.query<{ user_code: string }>('SELECT user_code FROM users WHERE id = $1', [userId])).rows[0]?.user_code as string;
        tokens.set(userId, await login(server.url, code));
      }
      return tokens.get(userId) as string;
    };
    const instances = [...instanceOf.values()];
    let passes = 0;
    let conflicts = 0;
    let failures = 0;
    const approveTimes: number[] = [];
    let approveMs = 0;
    for (let round = 0; round < 6; round++) {
      const pending = (
        await db.query<{ id: number; uid: number }>(
          `SELECT t.id, coalesce(t.assignee_user_id, t.candidate_user_ids[1]) AS uid FROM wf_tasks t
            WHERE t.instance_id = ANY($1::int[]) AND t.status = 'pending' AND t.kind = 'approve'`,
          [instances],
        )
      ).rows;
      if (!pending.length) break;
      for (const t of pending) await tokenOf(t.uid);
      const clicks = pending.flatMap((t) => [t, t]);
      const run = await pool(clicks, CONNECTIONS, async (t) => {
        const res = await post(server.url, `${H}instance/dealAgency`, { taskId: t.id }, tokens.get(t.uid) as string);
        if (res.code === '200') passes++;
        else if (res.status === 409) conflicts++;
        else failures++;
      });
      approveMs += run.ms;
      approveTimes.push(...run.times);
    }

    // What every employee must show now.
    const check = (
      await db.query<{ lost: number; dup: number; stuck: number }>(
        `WITH t AS (SELECT x.employee_id, x.to_org_id, x.document_no, x.state FROM employee_transfers x WHERE x.employee_id = ANY($1::int[])),
              q AS (SELECT x.employee_id, x.document_no, x.state FROM employee_quits x WHERE x.employee_id = ANY($2::int[]))
         SELECT
           (SELECT count(*)::int FROM t JOIN employees e ON e.id = t.employee_id WHERE t.state = 'passed' AND e.org_id <> t.to_org_id)
         + (SELECT count(*)::int FROM q JOIN employees e ON e.id = q.employee_id WHERE q.state = 'passed' AND e.employ_state NOT IN ('004', '005')) AS lost,
           (SELECT count(*)::int FROM (SELECT ev.employee_id FROM employee_events ev WHERE ev.employee_id = ANY($1::int[]) AND ev.kind = '003' GROUP BY ev.employee_id HAVING count(*) > 1) d)
         + (SELECT count(*)::int FROM (SELECT ev.employee_id FROM employee_events ev WHERE ev.employee_id = ANY($2::int[]) AND ev.kind = '005' GROUP BY ev.employee_id HAVING count(*) > 1) d)
         + (SELECT count(*)::int FROM (SELECT task_id FROM wf_events WHERE action = 'pass' AND instance_id = ANY($3::int[]) GROUP BY task_id HAVING count(*) > 1) d) AS dup,
           (SELECT count(*)::int FROM t WHERE t.state <> 'passed') + (SELECT count(*)::int FROM q WHERE q.state <> 'passed') AS stuck`,
        [transfers.map((p) => p.id), quits.map((p) => p.id), instances],
      )
    ).rows[0] ?? { lost: -1, dup: -1, stuck: -1 };

    const rows: Row[] = [
      {
        metric: `requests started concurrently (${transfers.length} transfers + ${quits.length} departures, ${CONNECTIONS} connections)`,
        ours: `${instanceOf.size} in ${fmt.ms(started.ms)} (${Math.round((instanceOf.size * 1000) / Math.max(1, started.ms))}/s, p99 ${fmt.ms(pct(started.times, 99))})`,
        target: `${REQUESTS}`,
        ok: instanceOf.size === REQUESTS && startFailures === 0,
      },
      { metric: 'second open request of the same kind refused (409), of 100 tried', ours: String(secondRefused), target: '100', ok: secondRefused === 100 },
      {
        metric: `approvals over HTTP (every task clicked twice, ${CONNECTIONS} connections)`,
        ours: `${passes} passes, ${Math.round((passes * 1000) / Math.max(1, approveMs))}/s, p99 ${fmt.ms(pct(approveTimes, 99))}`,
        baseline: `${conflicts} second clicks answered 409, ${failures} other failures`,
      },
      { metric: 'requests not finished (stuck in approval)', ours: String(check.stuck), target: '0', ok: check.stuck === 0 },
      { metric: 'lost state changes (passed, master not changed)', ours: String(check.lost), target: '0', ok: check.lost === 0 },
      { metric: 'duplicated state changes (two events or two passes of one task)', ours: String(check.dup), target: '0', ok: check.dup === 0 },
    ];
    return [
      {
        title: 'Employee lifecycle: 1,000 concurrent transfer/departure approvals, PostgreSQL',
        issue: 14,
        rows,
        notes: [
          'Generated employees of the 50,000-employee data set; HR (hr01) starts the requests; each step is passed by the holder of the task (department leaders up the generated tree, HR, the HR director) through instance/dealAgency.',
          'Each start locks the employee row and the open-request partial unique index refuses a second one; each pass is one engine transaction locking the instance row, and the effect on the employee master (unit, state, event) is written in that transaction.',
          'Departures have today as last working day: 离职中 on the final pass, 已离职 from the next day (the lifecycle clock).',
        ],
      },
    ];
  } finally {
    await server.stop();
    await db.end();
    await admin(ctx.pgUrl, 'DROP DATABASE IF EXISTS erp_bench_lifecycle WITH (FORCE)');
  }
};

export default scenario;
