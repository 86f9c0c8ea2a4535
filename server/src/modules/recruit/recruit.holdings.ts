import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db';
import { countOf, dictName, idFilter, iso, limitOf, registerHoldingProvider } from '../hr/departure-holdings';

/**
 * What a recruiter holds for the leaver handover (docs/domain/hr-agreements-handover.md): the demands
 * they run, the candidates they follow (with the offers of those candidates), the interviews they
 * are to conduct. Only open ones: a closed demand, a hired or dropped candidate, an interview held
 * or cancelled stay as history under their name. The talent pool is not held: talents are the
 * company's, read by unit.
 */

/** A demand still recruiting or paused (001, 002), not deleted. */
const openDemand = (userId: number) => sql`d.recruiter_user_id = ${userId}::int AND d.deleted_at IS NULL AND d.status IN ('001', '002')`;

registerHoldingProvider({
  key: 'recruitDemands',
  title: '负责的招聘需求',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM recruit_demands d WHERE ${openDemand(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; name: string; no: string; state: string; at: Date }>(
      db,
      sql`SELECT d.id, d.name, d.demand_no AS no, ${dictName('DEMANDSTATE', sql`d.status`)} AS state, d.created_at AS at
          FROM recruit_demands d WHERE ${openDemand(u)} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.name, detail: `${r.no} · ${r.state}`, at: iso(r.at) }));
  },
  move: (tx, m) =>
    queryRows<{ id: string; title: string }>(
      tx,
      sql`UPDATE recruit_demands d SET recruiter_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
          WHERE ${openDemand(m.fromUserId)} ${idFilter(sql`d.id`, m)} RETURNING d.id::text AS id, d.name AS title`,
    ),
});

/** A candidate in a pipeline that has not ended (hired 080, out 090, gave up 095). */
const openCandidate = (userId: number) => sql`c.recruiter_user_id = ${userId}::int AND c.stage NOT IN ('080', '090', '095')`;

registerHoldingProvider({
  key: 'candidates',
  title: '跟进的候选人',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM recruit_candidates c WHERE ${openCandidate(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; name: string; demand: string; stage: string; at: Date }>(
      db,
      sql`SELECT c.id, t.name, d.name AS demand, ${dictName('CANDIDATESTAGE', sql`c.stage`)} AS stage, c.stage_at AS at
          FROM recruit_candidates c JOIN recruit_talents t ON t.id = c.talent_id JOIN recruit_demands d ON d.id = c.demand_id
          WHERE ${openCandidate(u)} ORDER BY c.stage_at DESC, c.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.name, detail: `${r.demand} · ${r.stage}`, at: iso(r.at) }));
  },
  move: (tx, m) =>
    // The candidate's offer follows it when the leaver holds it too (as offer/operEmploy hands both).
    queryRows<{ id: string; title: string }>(
      tx,
      sql`WITH moved AS (
        UPDATE recruit_candidates c SET recruiter_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
        WHERE ${openCandidate(m.fromUserId)} ${idFilter(sql`c.id`, m)}
        RETURNING c.id, c.talent_id, c.demand_id
      ), offers AS (
        UPDATE recruit_offers o SET recruiter_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
        FROM moved WHERE o.candidate_id = moved.id AND o.recruiter_user_id = ${m.fromUserId}::int
      )
      SELECT moved.id::text AS id, t.name || '（' || d.name || '）' AS title
      FROM moved JOIN recruit_talents t ON t.id = moved.talent_id JOIN recruit_demands d ON d.id = moved.demand_id`,
    ),
});

/** An interview still to be held (001 已安排). */
const scheduled = (userId: number) => sql`i.interviewer_user_id = ${userId}::int AND i.status = '001'`;

registerHoldingProvider({
  key: 'interviews',
  title: '待进行的面试',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM recruit_interviews i WHERE ${scheduled(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; name: string; round: string; demand: string; at: Date }>(
      db,
      sql`SELECT i.id, t.name, ${dictName('INTERVIEWROUND', sql`i.round`)} AS round, d.name AS demand, i.starts_at AS at
          FROM recruit_interviews i JOIN recruit_candidates c ON c.id = i.candidate_id
          JOIN recruit_talents t ON t.id = c.talent_id JOIN recruit_demands d ON d.id = c.demand_id
          WHERE ${scheduled(u)} ORDER BY i.starts_at DESC, i.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: `${r.name} ${r.round}`, detail: r.demand, at: iso(r.at) }));
  },
  move: (tx, m) =>
    queryRows<{ id: string; title: string }>(
      tx,
      sql`WITH moved AS (
        UPDATE recruit_interviews i SET interviewer_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
        WHERE ${scheduled(m.fromUserId)} ${idFilter(sql`i.id`, m)}
        RETURNING i.id, i.candidate_id, i.round
      )
      SELECT moved.id::text AS id, t.name || ' ' || ${dictName('INTERVIEWROUND', sql`moved.round`)} AS title
      FROM moved JOIN recruit_candidates c ON c.id = moved.candidate_id JOIN recruit_talents t ON t.id = c.talent_id`,
    ),
});
