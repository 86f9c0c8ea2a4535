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

type Row = { month: string; demandId: number; demandName: string; recruiterId: number | null; recruiterName: string | null; source: string | null } & Record<
  string,
  number | string | null
>;

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
 * hire and offer acceptance; grouped per month, demand, recruiter and channel. Two statements: the
 * grouped counts, and the medians over the stage events.
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
  const rows = await queryRows<Row>(
    db,
    sql`WITH r AS (
          SELECT c.id, c.demand_id, c.recruiter_user_id, c.source,
                 to_char(c.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS month,
                 (SELECT max(e.to_stage) FROM recruit_stage_events e WHERE e.candidate_id = c.id AND e.to_stage < '090') AS reached,
                 (o.send_count > 0) AS sent, (o.employ_stage IN ('003', '004', '005', '006')) AS accepted
          FROM recruit_candidates c LEFT JOIN recruit_offers o ON o.candidate_id = c.id WHERE ${where})
        SELECT r.month, r.demand_id AS "demandId", d.name AS "demandName", r.recruiter_user_id AS "recruiterId", u.real_name AS "recruiterName", r.source,
               ${sql.join(counts, sql`, `)}, count(*)::int AS candidates,
               count(*) FILTER (WHERE r.sent)::int AS sent, count(*) FILTER (WHERE r.sent AND r.accepted)::int AS accepted
        FROM r JOIN recruit_demands d ON d.id = r.demand_id LEFT JOIN users u ON u.id = r.recruiter_user_id
        GROUP BY r.month, r.demand_id, d.name, r.recruiter_user_id, u.real_name, r.source`,
  );
  const medians = await queryRows<{ stage: string; days: number | null }>(
    db,
    sql`WITH ev AS (
          SELECT e.to_stage AS stage, e.at, lead(e.at) OVER (PARTITION BY e.candidate_id ORDER BY e.at, e.id) AS left_at
          FROM recruit_stage_events e JOIN recruit_candidates c ON c.id = e.candidate_id WHERE ${where})
        SELECT stage, (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM left_at - at)) / 86400)::float8 AS days
        FROM ev WHERE left_at IS NOT NULL AND stage < '090' GROUP BY stage
        UNION ALL
        SELECT 'hire', (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.at - c.created_at)) / 86400)::float8
        FROM recruit_stage_events e JOIN recruit_candidates c ON c.id = e.candidate_id WHERE e.to_stage = '080' AND ${where}`,
  );
  const medianOf = new Map(medians.map((m) => [m.stage, m.days === null ? null : Number(m.days)]));

  const group = (keyOf: (r: Row) => string, labelOf: (r: Row) => string) => {
    const map = new Map<string, Funnel['byMonth'][number]>();
    for (const r of rows) {
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
  const total = Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, rows.reduce((n, r) => n + Number(r[`s${s}`] ?? 0), 0)]));
  const sent = rows.reduce((n, r) => n + Number(r.sent ?? 0), 0);
  const accepted = rows.reduce((n, r) => n + Number(r.accepted ?? 0), 0);
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
      (r) => r.month,
      (r) => r.month,
    ).sort((a, b) => a.key.localeCompare(b.key)),
    byDemand: group(
      (r) => String(r.demandId),
      (r) => r.demandName,
    ).sort((a, b) => b.candidates - a.candidates),
    byRecruiter: group(
      (r) => String(r.recruiterId ?? 0),
      (r) => r.recruiterName ?? '—',
    ).sort((a, b) => b.candidates - a.candidates),
    bySource: group(
      (r) => r.source ?? '',
      (r) => SOURCE_NAMES[r.source ?? ''] ?? '未知',
    ).sort((a, b) => b.candidates - a.candidates),
  };
}
