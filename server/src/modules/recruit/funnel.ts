import { CANDIDATE_STAGES, type Funnel, RECRUIT_MSG, STAGE_NAMES } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { badRequest } from '../../platform/errors';

export interface FunnelInput {
  from: string;
  to: string;
  demandId?: number | null;
  recruiterUserId?: number | null;
  source?: string;
}

type Row = {
  kind: 'm' | 'd' | 'r' | 's';
  month: string;
  demandId: number;
  demandName: string;
  recruiterId: number | null;
  recruiterName: string | null;
  source: string | null;
} & Record<string, number | string | null>;

const SOURCE_NAMES: Record<string, string> = {
  '001': '招聘网站',
  '002': '内部推荐',
  '003': '猎头/供应商',
  '004': '校园招聘',
  '005': '人才库',
  '006': '社交媒体',
};
const round1 = (n: number | null) => (n === null || Number.isNaN(n) ? null : Math.round(n * 10) / 10);

/**
 * The funnel of the candidates who entered a pipeline in the period: how many reached each stage
 * (a candidate reaches every stage up to the furthest one its events name; 090/095 do not count),
 * conversion between consecutive stages, median days spent in each stage, median days from entry to
 * hire and offer acceptance; grouped per month, demand, recruiter and channel. Two statements, run
 * side by side: the grouped counts over the candidates (the furthest stage is stored on the candidate,
 * reached_stage), and the medians over the stage events (each event stores when the candidate left
 * it, left_at: what lead() over the candidate's events by (at, id) gives). Both are kept by the
 * trigger on recruit_stage_events (migration 0015), so nothing walks the stage history here.
 */
export async function funnel(db: Db, user: Principal, input: FunnelInput): Promise<Funnel> {
  if (input.to < input.from) throw badRequest('结束日期不能早于开始日期');
  if ((Date.parse(input.to) - Date.parse(input.from)) / 86400_000 > 366) throw badRequest(RECRUIT_MSG.periodTooLong);
  const parts: SQL[] = [
    sql`c.created_at >= (${input.from}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`,
    sql`c.created_at < (${input.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`,
    dataScopeCondition(user, { orgId: sql`c.org_id`, ownerUserId: sql`c.recruiter_user_id` }),
  ];
  if (input.demandId) parts.push(sql`c.demand_id = ${input.demandId}`);
  if (input.recruiterUserId) parts.push(sql`c.recruiter_user_id = ${input.recruiterUserId}`);
  if (input.source) parts.push(sql`c.source = ${input.source}`);
  const where = sql.join(parts, sql` AND `);
  const counts = CANDIDATE_STAGES.map((s) => sql.raw(`count(*) FILTER (WHERE r.reached >= '${s}')::int AS "s${s}"`));
  // One grouped count per month, demand, recruiter and channel (grouping sets: about a thousand rows
  // back, not one per combination); `kind` tells which set a row is of.
  const rowsQuery = (tx: Db) =>
    queryRows<Row>(
      tx,
      sql`WITH r AS (
          SELECT c.demand_id, c.recruiter_user_id, c.source,
                 date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai') AS m,
                 c.reached_stage AS reached,
                 (o.send_count > 0) AS sent, (o.employ_stage IN ('003', '004', '005', '006')) AS accepted
          FROM recruit_candidates c JOIN recruit_demands d ON d.id = c.demand_id LEFT JOIN recruit_offers o ON o.candidate_id = c.id WHERE ${where}),
        g AS (
          SELECT CASE WHEN GROUPING(r.m) = 0 THEN 'm' WHEN GROUPING(r.demand_id) = 0 THEN 'd' WHEN GROUPING(r.recruiter_user_id) = 0 THEN 'r' ELSE 's' END AS kind,
                 r.m, r.demand_id, r.recruiter_user_id, r.source,
                 ${sql.join(counts, sql`, `)}, count(*)::int AS candidates,
                 count(*) FILTER (WHERE r.sent)::int AS sent, count(*) FILTER (WHERE r.sent AND r.accepted)::int AS accepted
          FROM r GROUP BY GROUPING SETS ((r.m), (r.demand_id), (r.recruiter_user_id), (r.source)))
        SELECT g.kind, to_char(g.m, 'YYYY-MM') AS month, g.demand_id AS "demandId", d.name AS "demandName", g.recruiter_user_id AS "recruiterId",
               u.real_name AS "recruiterName", g.source, ${sql.raw(CANDIDATE_STAGES.map((st) => `g."s${st}"`).join(', '))}, g.candidates, g.sent, g.accepted
        FROM g LEFT JOIN recruit_demands d ON d.id = g.demand_id LEFT JOIN users u ON u.id = g.recruiter_user_id
        ORDER BY g.kind, g.m, g.demand_id, g.recruiter_user_id, g.source`,
    );
  // One pass over the events of those candidates: per stage the median time in it, and the median
  // time from entry to hire, each an aggregate of its own over one row (no sort of every event by stage).
  const medianCols = CANDIDATE_STAGES.map((st) =>
    sql.raw(
      `(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.left_at - e.at)) FILTER (WHERE e.to_stage = '${st}' AND e.left_at IS NOT NULL) / 86400)::float8 AS "d${st}"`,
    ),
  );
  const mediansQuery = (tx: Db) =>
    queryRows<Record<string, number | null>>(
      tx,
      sql`SELECT ${sql.join(medianCols, sql`, `)},
                 (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.at - c.created_at)) FILTER (WHERE e.to_stage = '080') / 86400)::float8 AS hire
          FROM recruit_stage_events e JOIN recruit_candidates c ON c.id = e.candidate_id
          WHERE e.to_stage < '090' AND (e.left_at IS NOT NULL OR e.to_stage = '080') AND ${where}`,
    );
  // A year holds some 200,000 candidates: the grouping and the medians' hash and sorts need more than
  // the default 4 MB of work memory, or they spill to disk (twice the time). Raised for these
  // statements only (SET LOCAL), each in its own transaction so the two still run side by side.
  const withWorkMem = <T>(run: (tx: Db) => Promise<T>) =>
    db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      return run(tx);
    });
  const [rows, [medians = {}]] = await Promise.all([withWorkMem(rowsQuery), withWorkMem(mediansQuery)]);
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const medianOf = new Map<string, number | null>([...CANDIDATE_STAGES.map((st) => [st, num(medians[`d${st}`])] as const), ['hire', num(medians.hire)]]);

  const group = (kind: Row['kind'], keyOf: (r: Row) => string, labelOf: (r: Row) => string) => {
    const map = new Map<string, Funnel['byMonth'][number]>();
    for (const r of rows) {
      if (r.kind !== kind) continue;
      const key = keyOf(r);
      let g = map.get(key);
      if (!g) {
        g = { key, label: labelOf(r), stages: Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, 0])), hired: 0, candidates: 0 };
        map.set(key, g);
      }
      for (const s of CANDIDATE_STAGES) g.stages[s] = (g.stages[s] ?? 0) + Number(r[`s${s}`] ?? 0);
      g.hired += Number(r.s080 ?? 0);
      g.candidates += Number(r.candidates ?? 0);
    }
    return [...map.values()];
  };
  // Every candidate is in exactly one month: the month rows add up to the whole.
  const months = rows.filter((r) => r.kind === 'm');
  const total = Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, months.reduce((n, r) => n + Number(r[`s${s}`] ?? 0), 0)]));
  const sent = months.reduce((n, r) => n + Number(r.sent ?? 0), 0);
  const accepted = months.reduce((n, r) => n + Number(r.accepted ?? 0), 0);
  return {
    stages: CANDIDATE_STAGES.map((s, i) => {
      const prev = i === 0 ? null : (total[CANDIDATE_STAGES[i - 1] as string] ?? 0);
      return {
        stage: s,
        name: STAGE_NAMES[s] ?? s,
        reached: total[s] ?? 0,
        conversion: prev === null ? null : prev ? Math.round(((total[s] ?? 0) / prev) * 1000) / 10 : null,
        medianDays: round1(medianOf.get(s) ?? null),
      };
    }),
    medianDaysToHire: round1(medianOf.get('hire') ?? null),
    offersSent: sent,
    offersAccepted: accepted,
    offerAcceptance: sent ? Math.round((accepted / sent) * 1000) / 10 : null,
    byMonth: group(
      'm',
      (r) => r.month,
      (r) => r.month,
    ).sort((a, b) => a.key.localeCompare(b.key)),
    byDemand: group(
      'd',
      (r) => String(r.demandId),
      (r) => r.demandName,
    ).sort((a, b) => b.candidates - a.candidates),
    byRecruiter: group(
      'r',
      (r) => String(r.recruiterId ?? 0),
      (r) => r.recruiterName ?? '—',
    ).sort((a, b) => b.candidates - a.candidates),
    bySource: group(
      's',
      (r) => r.source ?? '',
      (r) => SOURCE_NAMES[r.source ?? ''] ?? '未知',
    ).sort((a, b) => b.candidates - a.candidates),
  };
}
