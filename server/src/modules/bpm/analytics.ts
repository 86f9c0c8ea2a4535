import type { AnalyticsApprover, AnalyticsInstance, AnalyticsNode, AnalyticsOverview, Page } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { BusinessCalendar } from '../../platform/business-time';
import { type Db, queryRows } from '../../platform/db';
import { pageOfRows, pageWindow, rowCountLiteral } from '../../platform/http/paging';
import { enqueue } from '../../platform/outbox/outbox';
import type { ProcessModel } from '../../workflow/model';

/**
 * Approval analytics over the engine's own tables (docs/domain/approval-engine.md § Approval
 * analytics). A task counts in the month it arrived (created_at, business time zone); its time is
 * arrival → completion (open ones: → now); it is overdue when that exceeds its node's
 * `timeLimitHours` in the definition version its instance runs. Instances count in the month they
 * started (started) or ended (finished).
 */

export interface AnalyticsFilter {
  fromMonth: string;
  toMonth: string;
  processKey?: string;
}

interface Ctx {
  tz: string;
  now: Date;
}

function nextMonth(m: string): string {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
}

/** The period as instants: the first moment of fromMonth to the first of the month after toMonth, in the business zone. */
function range(f: AnalyticsFilter, c: Ctx): { from: SQL; to: SQL } {
  return {
    from: sql`(${`${f.fromMonth}-01 00:00:00`}::timestamp AT TIME ZONE ${c.tz})`,
    to: sql`(${`${nextMonth(f.toMonth)}-01 00:00:00`}::timestamp AT TIME ZONE ${c.tz})`,
  };
}

const keyCond = (alias: string, key?: string) => (key ? sql`AND ${sql.raw(alias)}.process_key = ${key}` : sql``);

/** Approval tasks that arrived in the period, with their hours, limit, approver and month. */
function tasksCte(f: AnalyticsFilter, c: Ctx, extra: SQL = sql``): SQL {
  const { from, to } = range(f, c);
  return sql`tk AS (
    SELECT t.id, t.instance_id, t.node_id, t.node_name, t.status, t.outcome,
           coalesce(t.completed_by, t.assignee_user_id, t.candidate_user_ids[1]) AS approver,
           i.process_key, i.process_name,
           to_char(t.created_at AT TIME ZONE ${c.tz}, 'YYYY-MM') AS month,
           extract(epoch FROM (coalesce(t.completed_at, ${c.now.toISOString()}::timestamptz) - t.created_at)) / 3600.0 AS hours,
           (t.status = 'done' AND t.outcome IN ('pass', 'reject', 'rollback')) AS acted,
           nullif(d.model -> 'nodes' -> t.node_id ->> 'timeLimitHours', '')::numeric AS limit_h
    FROM wf_tasks t JOIN wf_instances i ON i.id = t.instance_id JOIN wf_definitions d ON d.id = i.definition_id
    WHERE t.kind = 'approve' AND t.status IN ('pending', 'done') AND t.created_at >= ${from} AND t.created_at < ${to} ${keyCond('i', f.processKey)} ${extra}
  )`;
}

const OVERDUE = sql`(limit_h IS NOT NULL AND hours > limit_h)`;
const pct = (part: SQL) => sql`coalesce(round(100.0 * count(*) FILTER (WHERE ${part}) / nullif(count(*) FILTER (WHERE acted), 0), 1), 0)::float8`;
const median = (col: SQL, where: SQL) => sql`round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ${col}) FILTER (WHERE ${where}))::numeric, 1)::float8`;
const p90 = (col: SQL, where: SQL) => sql`round((percentile_cont(0.9) WITHIN GROUP (ORDER BY ${col}) FILTER (WHERE ${where}))::numeric, 1)::float8`;

/** Instances started or ended in the period, with hours start → end of the finished ones. */
function instancesCte(f: AnalyticsFilter, c: Ctx): SQL {
  const { from, to } = range(f, c);
  return sql`ins AS (
    SELECT i.id, i.process_key, i.process_name, i.status,
           (i.started_at >= ${from} AND i.started_at < ${to}) AS started,
           (i.ended_at IS NOT NULL AND i.ended_at >= ${from} AND i.ended_at < ${to}) AS finished,
           to_char(i.started_at AT TIME ZONE ${c.tz}, 'YYYY-MM') AS start_month,
           to_char(i.ended_at AT TIME ZONE ${c.tz}, 'YYYY-MM') AS end_month,
           extract(epoch FROM (i.ended_at - i.started_at)) / 3600.0 AS hours
    FROM wf_instances i
    WHERE ((i.started_at >= ${from} AND i.started_at < ${to}) OR (i.ended_at >= ${from} AND i.ended_at < ${to})) ${keyCond('i', f.processKey)}
  )`;
}

export async function overview(db: Db, f: AnalyticsFilter, c: Ctx): Promise<AnalyticsOverview> {
  const closed = sql`finished AND status IN ('passed', 'rejected')`;
  const processes = await queryRows<AnalyticsOverview['processes'][number]>(
    db,
    sql`WITH ${instancesCte(f, c)}, ${tasksCte(f, c)},
        pi AS (SELECT process_key, max(process_name) AS process_name,
                      count(*) FILTER (WHERE started)::int AS started, count(*) FILTER (WHERE finished)::int AS finished,
                      count(*) FILTER (WHERE finished AND status = 'passed')::int AS passed,
                      count(*) FILTER (WHERE finished AND status = 'rejected')::int AS rejected,
                      ${median(sql`hours`, closed)} AS median_h, ${p90(sql`hours`, closed)} AS p90_h
               FROM ins GROUP BY process_key),
        pt AS (SELECT process_key, max(process_name) AS process_name, count(*)::int AS tasks, count(*) FILTER (WHERE ${OVERDUE})::int AS overdue,
                      ${pct(sql`outcome = 'rollback' AND acted`)} AS send_back, ${pct(sql`outcome = 'reject' AND acted`)} AS reject
               FROM tk GROUP BY process_key)
        SELECT coalesce(pi.process_key, pt.process_key) AS "processKey", coalesce(pi.process_name, pt.process_name) AS "processName",
               coalesce(pi.started, 0) AS started, coalesce(pi.finished, 0) AS finished, coalesce(pi.passed, 0) AS passed,
               coalesce(pi.rejected, 0) AS rejected, pi.median_h AS "medianHours", pi.p90_h AS "p90Hours",
               coalesce(pt.tasks, 0) AS tasks, coalesce(pt.overdue, 0) AS overdue,
               coalesce(pt.send_back, 0) AS "sendBackRate", coalesce(pt.reject, 0) AS "rejectRate"
        FROM pi FULL JOIN pt ON pt.process_key = pi.process_key
        ORDER BY coalesce(pi.started, 0) DESC, 1`,
  );
  const months = await queryRows<AnalyticsOverview['months'][number]>(
    db,
    sql`WITH ${instancesCte(f, c)}, ${tasksCte(f, c)},
        m AS (SELECT to_char(g, 'YYYY-MM') AS month FROM generate_series(${`${f.fromMonth}-01`}::date, ${`${f.toMonth}-01`}::date, interval '1 month') g)
        SELECT m.month,
               (SELECT count(*)::int FROM ins WHERE started AND start_month = m.month) AS started,
               (SELECT count(*)::int FROM ins WHERE finished AND end_month = m.month) AS finished,
               (SELECT count(*)::int FROM tk WHERE tk.month = m.month) AS tasks,
               (SELECT count(*)::int FROM tk WHERE tk.month = m.month AND ${OVERDUE}) AS overdue,
               (SELECT ${median(sql`hours`, sql`acted`)} FROM tk WHERE tk.month = m.month) AS "medianHours"
        FROM m ORDER BY m.month`,
  );
  return { processes: processes.map(numbers), months: months.map(numbers) };
}

/** PostgreSQL numerics may come back as text on some drivers; the contract wants numbers. */
function numbers<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && k !== 'month' && !k.endsWith('Key')) out[k] = Number(v);
  return out as T;
}

export async function nodes(db: Db, f: AnalyticsFilter, c: Ctx): Promise<AnalyticsNode[]> {
  const rows = await queryRows<Omit<AnalyticsNode, 'timeLimitHours'>>(
    db,
    sql`WITH ${tasksCte(f, c)}
        SELECT node_id AS "nodeId", max(node_name) AS "nodeName", count(*)::int AS tasks, count(*) FILTER (WHERE acted)::int AS done,
               count(*) FILTER (WHERE status = 'pending')::int AS open,
               ${median(sql`hours`, sql`acted`)} AS "medianHours", ${p90(sql`hours`, sql`acted`)} AS "p90Hours",
               count(*) FILTER (WHERE ${OVERDUE})::int AS overdue,
               ${pct(sql`outcome = 'rollback' AND acted`)} AS "sendBackRate", ${pct(sql`outcome = 'reject' AND acted`)} AS "rejectRate"
        FROM tk GROUP BY node_id`,
  );
  let model: ProcessModel | undefined;
  if (f.processKey) {
    const [d] = await queryRows<{ model: ProcessModel }>(db, sql`SELECT model FROM wf_definitions WHERE key = ${f.processKey} ORDER BY version DESC LIMIT 1`);
    model = d?.model;
  }
  const order = model?.order ?? [];
  return rows
    .map((r) => ({ ...numbers(r), timeLimitHours: model?.nodes[r.nodeId]?.timeLimitHours ?? null }))
    .sort((a, b) => (order.indexOf(a.nodeId) + 1 || 9999) - (order.indexOf(b.nodeId) + 1 || 9999) || a.nodeName.localeCompare(b.nodeName));
}

export async function approvers(db: Db, f: AnalyticsFilter & { nodeId?: string }, c: Ctx): Promise<AnalyticsApprover[]> {
  const node = f.nodeId ? sql`AND t.node_id = ${f.nodeId}` : sql``;
  const rows = await queryRows<AnalyticsApprover>(
    db,
    sql`WITH ${tasksCte(f, c, node)}
        SELECT tk.approver AS "userId", coalesce(max(u.real_name), '') AS "userName", count(*)::int AS tasks,
               ${median(sql`hours`, sql`acted`)} AS "medianHours", ${p90(sql`hours`, sql`acted`)} AS "p90Hours",
               count(*) FILTER (WHERE ${OVERDUE})::int AS overdue,
               count(*) FILTER (WHERE outcome = 'rollback' AND acted)::int AS "sendBacks", count(*) FILTER (WHERE outcome = 'reject' AND acted)::int AS rejects
        FROM tk LEFT JOIN users u ON u.id = tk.approver WHERE tk.approver IS NOT NULL
        GROUP BY tk.approver
        ORDER BY "p90Hours" DESC NULLS LAST, overdue DESC, "userId" LIMIT 20`,
  );
  return rows.map(numbers);
}

export interface InstanceDrill extends AnalyticsFilter {
  pageIndex: number;
  pageSize: number;
  nodeId?: string;
  approverUserId?: number;
  month?: string;
  figure: 'started' | 'finished' | 'overdue' | 'rollback' | 'reject' | 'tasks';
}

/** The instances behind a figure: instance figures by their start or end; task figures by the matching task (the slowest one per instance). */
export async function drill(db: Db, q: InstanceDrill, c: Ctx): Promise<Page<AnalyticsInstance>> {
  const { limit, offset } = pageWindow(q);
  const cols = sql`i.id AS "processInstanceId", i.business_id AS "businessId", i.process_key AS "processKey", i.process_name AS "processName", i.title,
                   coalesce(ini.real_name, '') AS "initiatorName", i.status, i.started_at AS "startedAt", i.ended_at AS "endedAt"`;
  type DrillRow = Omit<AnalyticsInstance, 'startedAt' | 'endedAt'> & { total: number; startedAt: Date | string; endedAt: Date | string | null };
  let rows: DrillRow[];
  if (q.figure === 'started' || q.figure === 'finished') {
    const which =
      q.figure === 'started'
        ? sql`started ${q.month ? sql`AND start_month = ${q.month}` : sql``}`
        : sql`finished ${q.month ? sql`AND end_month = ${q.month}` : sql``}`;
    rows = await queryRows<DrillRow>(
      db,
      sql`WITH ${instancesCte(q, c)}
          SELECT ${cols}, '' AS "nodeName", '' AS "approverName", round((ins.hours)::numeric, 1)::float8 AS "taskHours", false AS overdue, NULL AS outcome,
                 count(*) OVER ()::int AS total
          FROM ins JOIN wf_instances i ON i.id = ins.id LEFT JOIN users ini ON ini.id = i.initiator_user_id
          WHERE ${which} ORDER BY i.started_at DESC, i.id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
    );
  } else {
    const conds: SQL[] = [sql`true`];
    if (q.nodeId) conds.push(sql`tk.node_id = ${q.nodeId}`);
    if (q.approverUserId) conds.push(sql`tk.approver = ${q.approverUserId}`);
    if (q.month) conds.push(sql`tk.month = ${q.month}`);
    if (q.figure === 'overdue') conds.push(OVERDUE);
    if (q.figure === 'rollback' || q.figure === 'reject') conds.push(sql`tk.acted AND tk.outcome = ${q.figure}`);
    rows = await queryRows<DrillRow>(
      db,
      sql`WITH ${tasksCte(q, c)},
          pick AS (SELECT DISTINCT ON (tk.instance_id) tk.* FROM tk WHERE ${sql.join(conds, sql` AND `)} ORDER BY tk.instance_id, tk.hours DESC)
          SELECT ${cols}, pick.node_name AS "nodeName", coalesce(ap.real_name, '') AS "approverName", round(pick.hours::numeric, 1)::float8 AS "taskHours",
                 (pick.limit_h IS NOT NULL AND pick.hours > pick.limit_h) AS overdue, pick.outcome, count(*) OVER ()::int AS total
          FROM pick JOIN wf_instances i ON i.id = pick.instance_id LEFT JOIN users ini ON ini.id = i.initiator_user_id LEFT JOIN users ap ON ap.id = pick.approver
          ORDER BY pick.hours DESC, i.id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
    );
  }
  const total = Number(rows[0]?.total ?? 0);
  const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
  return pageOfRows(
    rows.map(({ total: _t, ...r }) => ({
      ...numbers(r),
      startedAt: iso(r.startedAt),
      endedAt: r.endedAt ? iso(r.endedAt) : null,
      taskHours: r.taskHours === null ? null : Number(r.taskHours),
    })),
    total,
    q,
  );
}

/**
 * Reminds the holders of overdue open tasks, once per task, person and business day. The
 * reminder rows are inserted with ON CONFLICT DO NOTHING and only the rows this statement inserted
 * are reminded, in the same transaction as the outbox items: two processes sweeping at once (or
 * one sweeping twice) remind once. Answers how many reminders were queued.
 */
export async function remindOverdue(db: Db, opts: { now?: Date; timeZone: string }): Promise<number> {
  const now = opts.now ?? new Date();
  const day = new BusinessCalendar(opts.timeZone).day(now);
  return db.transaction(async (tx) => {
    const due = await queryRows<{ taskId: number; userId: number }>(
      tx,
      sql`INSERT INTO wf_overdue_reminders (task_id, day, user_id)
          SELECT t.id, ${day}::date, u.uid
          FROM wf_tasks t JOIN wf_instances i ON i.id = t.instance_id JOIN wf_definitions d ON d.id = i.definition_id
          CROSS JOIN LATERAL unnest(CASE WHEN t.assignee_user_id IS NOT NULL THEN ARRAY[t.assignee_user_id] ELSE t.candidate_user_ids END) AS u(uid)
          WHERE t.status = 'pending' AND t.kind = 'approve' AND i.status = 'running'
            AND (d.model -> 'nodes' -> t.node_id ->> 'timeLimitHours') IS NOT NULL
            AND t.created_at + make_interval(hours => (d.model -> 'nodes' -> t.node_id ->> 'timeLimitHours')::int) <= ${now.toISOString()}::timestamptz
          ON CONFLICT DO NOTHING
          RETURNING task_id AS "taskId", user_id AS "userId"`,
    );
    if (!due.length) return 0;
    const info = await queryRows<{
      taskId: number;
      userId: number;
      email: string | null;
      title: string;
      processName: string;
      nodeName: string;
      hours: number;
      limitH: number;
    }>(
      tx,
      sql`SELECT t.id AS "taskId", u.id AS "userId", u.email, i.title, i.process_name AS "processName", t.node_name AS "nodeName",
                 floor(extract(epoch FROM (${now.toISOString()}::timestamptz - t.created_at)) / 3600)::int AS hours,
                 (d.model -> 'nodes' -> t.node_id ->> 'timeLimitHours')::int AS "limitH"
          FROM unnest(${`{${due.map((d) => d.taskId).join(',')}}`}::int[], ${`{${due.map((d) => d.userId).join(',')}}`}::int[]) AS r(task_id, user_id)
          JOIN wf_tasks t ON t.id = r.task_id JOIN users u ON u.id = r.user_id
          JOIN wf_instances i ON i.id = t.instance_id JOIN wf_definitions d ON d.id = i.definition_id`,
    );
    for (const r of info) {
      const title = `审批超时提醒：${r.processName}「${r.title}」`;
      const content = `您在环节「${r.nodeName}」的待办已等待 ${r.hours} 小时，超过办理时限 ${r.limitH} 小时，请尽快处理。`;
      await enqueue(tx, 'notify', { receiverUserIds: [r.userId], msgType: '001', title, content, link: '/backlog/index' });
      if (r.email) await enqueue(tx, 'mail', { to: r.email, subject: title, text: `${content}\n\n请登录系统在流程中心处理。`, userId: r.userId });
    }
    return info.length;
  });
}
