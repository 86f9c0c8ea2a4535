import pg from 'pg';
import { fmt, login, type Row, type Scenario, type Section, startProduct } from '../lib';

/**
 * Issue 18: a payroll month for every employee of the 50,000-employee data set in one call
 * (`/salary_api/salary/payroll/compute`), on a copy of the data set with the month's inputs added
 * (approved hours for the dispatched fifth, leave, uploads, special deductions for a third). Figures:
 * the call's duration and the server's RSS growth during it (sampled every 50 ms), next to a bare
 * baseline: one INSERT … SELECT writing as many payslip rows (gross only, no trace) in SQL.
 */
const P = '/salary_api/salary/payroll/';
const DB = 'erp_bench_payroll';

async function admin(pgUrl: string, statement: string) {
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

async function post<T>(url: string, path: string, body: unknown, token: string): Promise<{ code: string; message: string; data: T }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; message: string; data: T };
}

/** The month's inputs for the generated people, set-based. */
async function fill(pool: pg.Pool, month: number) {
  const from = `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}-01`;
  await pool.query('DELETE FROM pay_slips WHERE month = $1', [month]);
  await pool.query('DELETE FROM pay_runs WHERE month = $1', [month]);
  await pool.query(
    `INSERT INTO fin_man_hours (month, user_id, project_id, dept_id, normal_minutes, ot_workday_minutes, ot_restday_minutes, ot_holiday_minutes)
     SELECT $1, e.user_id, (SELECT min(id) FROM fin_projects), NULL, 20 * 480 - (e.id % 3) * 480, (e.id % 7) * 60, (e.id % 5) * 120, 0
     FROM employees e WHERE e.employee_code LIKE 'G%' AND e.person_category = '002'
     ON CONFLICT (month, user_id, project_id) DO NOTHING`,
    [month],
  );
  await pool.query(
    `INSERT INTO fin_leave_records (user_id, employee_id, leave_type, start_date, end_date, minutes, source)
     SELECT e.user_id, e.id, CASE WHEN e.id % 2 = 0 THEN '002' ELSE '003' END, $1::date + 2, $1::date + 2, 480, 'import'
     FROM employees e WHERE e.employee_code LIKE 'G%' AND e.id % 11 = 0`,
    [from],
  );
  await pool.query(
    `INSERT INTO pay_special_deductions (user_id, kind, monthly_amount, from_month)
     SELECT e.user_id, '001', 200000, $1 - 100 FROM employees e WHERE e.employee_code LIKE 'G%' AND e.id % 3 = 0`,
    [month],
  );
  await pool.query(
    `INSERT INTO pay_accessions (month, user_id, other_income, other_deduction, remark)
     SELECT $1, e.user_id, (e.id % 20) * 10000, (e.id % 4) * 5000, '压测' FROM employees e WHERE e.employee_code LIKE 'G%' AND e.id % 10 = 0
     ON CONFLICT (month, user_id) DO NOTHING`,
    [month],
  );
  await pool.query('ANALYZE fin_man_hours; ANALYZE fin_leave_records; ANALYZE pay_special_deductions; ANALYZE pay_accessions; ANALYZE employees');
}

const scenario: Scenario = async (ctx) => {
  if (!ctx.pgUrl)
    return [{ title: 'Payroll month (issue 18)', issue: 18, rows: [], notes: ['PostgreSQL not available: this benchmark runs on PostgreSQL only.'] }];
  await admin(ctx.pgUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(ctx.pgUrl, `CREATE DATABASE ${DB} TEMPLATE erp_bench`);
  const url = new URL(ctx.pgUrl);
  url.pathname = `/${DB}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  const now = new Date();
  const month = now.getFullYear() * 100 + now.getMonth() + 1;
  await fill(pool, month);
  const server = await startProduct({ pgUrl: url.toString() });
  const sections: Section[] = [];
  try {
    const fin = await login(server.url, 'fin01');
    // Warm the process (routes, statements) on a small call first, then let it settle.
    await post(server.url, `${P}runPage`, { pageIndex: 1, pageSize: 5 }, fin);
    await new Promise((r) => setTimeout(r, 1000));
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, server.rssMb());
      } catch {
        // the process ended
      }
    }, 50);
    const t = performance.now();
    const run = await post<{ employeeCount: number; netTotal: number; state: string }>(server.url, `${P}compute`, { month }, fin);
    const ms = performance.now() - t;
    clearInterval(sampler);
    peak = Math.max(peak, server.rssMb());
    if (run.code !== '200') throw new Error(`compute failed: ${run.message}`);
    const slips = Number((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pay_slips WHERE month = $1', [month])).rows[0]?.n);

    // Baseline: the rows written bare (gross only, no trace, no tax), one statement.
    const c = await pool.connect();
    let bareMs = 0;
    try {
      await c.query('CREATE TEMP TABLE bare_slips (user_id int, month int, gross bigint)');
      const b = performance.now();
      await c.query(
        `INSERT INTO bare_slips SELECT e.user_id, $1, coalesce(e.salary_cents, 0) + coalesce(a.other_income, 0)
         FROM employees e LEFT JOIN pay_accessions a ON a.month = $1 AND a.user_id = e.user_id WHERE e.user_id IS NOT NULL`,
        [month],
      );
      bareMs = performance.now() - b;
    } finally {
      c.release();
    }

    const rows: Row[] = [
      {
        metric: `payroll month computed in one call (${slips.toLocaleString('en')} payslips with their traces)`,
        ours: fmt.s(ms),
        baseline: `${fmt.s(bareMs)} (one bare INSERT … SELECT of gross only)`,
        target: '≤ 60 s',
        ok: ms <= 60_000 && slips >= 50_000,
      },
      {
        metric: 'server RSS growth during the computation',
        ours: `${fmt.mb(peak - before)} (from ${fmt.mb(before)} to a peak of ${fmt.mb(peak)})`,
        target: '≤ 300 MB',
        ok: peak - before <= 300,
      },
    ];
    sections.push({
      title: 'Payroll month for 50,000 employees (issue 18), PostgreSQL',
      issue: 18,
      rows,
      notes: [
        'On a copy of the 50,000-employee data set with the month’s inputs added set-based: approved hours (with overtime) for the dispatched fifth, one day of personal or sick leave for one in eleven, a child-education deduction for a third, uploaded income and deductions for a tenth.',
        'One transaction holding the month’s row lock: the inputs of 1,000 employees at a time in one statement (post standard, approved hours, leave, uploads, special deductions and the year so far through indexed lateral joins), each payslip computed by the one pay formula with its trace, the batch written in one INSERT … SELECT FROM jsonb_to_recordset; the totals in one UPDATE at the end.',
        'Memory stays flat because no batch outlives its write; the growth is the largest batch’s rows, traces and JSON text.',
      ],
    });
  } finally {
    await server.stop();
    await pool.end();
    await admin(ctx.pgUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
  return sections;
};

export default scenario;
