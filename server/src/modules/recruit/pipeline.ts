import {
  CANDIDATE_STAGES,
  type CandidateInfo,
  type CandidateRecord,
  type DemandDetail,
  type InterviewRecord,
  RECRUIT_MSG,
  STAGE_NAMES,
  type ZCandidateMove,
  type ZDemandSave,
  type ZInterviewFeedback,
  type ZInterviewSchedule,
} from '@erp/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { nextDocumentNumber } from '../../platform/document/document-number';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { enqueue } from '../../platform/outbox/outbox';
import { interviewIcs } from './ics';
import { linkToken } from './outer-links';
import { candidateResource, demandResource } from './recruit.resources';
import {
  recruitCandidates,
  recruitDemandPosts,
  recruitDemands,
  recruitInterviewPlaces,
  recruitInterviews,
  recruitStageEvents,
  recruitTalents,
} from './recruit.schema';

const fen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : Math.round(yuan * 100));
const _iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

// ---- Demands --------------------------------------------------------------------------------------

async function demandPosts(db: Db, demandId: number) {
  return queryRows<DemandDetail['posts'][number]>(
    db,
    sql`SELECT p.id, p.demand_id AS "demandId", p.position_id AS "positionId", p.post_name AS "postName", p.headcount,
          (SELECT count(*)::int FROM recruit_candidates c WHERE c.post_id = p.id AND c.stage = '080') AS hired,
          p.salary_min::float8 / 100 AS "salaryMin", p.salary_max::float8 / 100 AS "salaryMax", p.requirement
        FROM recruit_demand_posts p WHERE p.demand_id = ${demandId} ORDER BY p.id`,
  );
}

export async function demandDetail(db: Db, user: Principal | null, id: number): Promise<DemandDetail> {
  const demand = await demandResource.detail(db, id, user);
  return { ...demand, posts: await demandPosts(db, id) };
}

/** Adds or updates a demand with its posts in one transaction; a post with hires or candidates cannot be removed. */
export async function saveDemand(db: Db, user: Principal, input: z.output<typeof ZDemandSave>, ctx: Pick<CallContext, 'audit'>): Promise<DemandDetail> {
  await demandResource.assertOrgInScope(db, user, input.orgId);
  const before = input.id ? await demandDetail(db, user, input.id) : null;
  const values = {
    name: input.name,
    kind: input.kind,
    clientCompanyId: input.clientCompanyId ?? null,
    orgId: input.orgId,
    recruiterUserId: input.recruiterUserId ?? user.userId,
    city: input.city ?? null,
    education: input.education ?? null,
    yearsMin: input.yearsMin ?? null,
    salaryMin: fen(input.salaryMin),
    salaryMax: fen(input.salaryMax),
    deadline: input.deadline ?? null,
    description: input.description ?? null,
    opportunityId: input.opportunityId ?? null,
    updatedAt: new Date(),
    updatedBy: user.userId,
  };
  const id = await db.transaction(async (tx) => {
    let demandId: number;
    if (before && input.id) {
      demandId = input.id;
      await tx
        .update(recruitDemands)
        .set({ ...values, ...(input.status ? { status: input.status } : {}) })
        .where(eq(recruitDemands.id, demandId));
      const kept = input.posts.map((p) => p.id).filter((v): v is number => !!v);
      const gone = before.posts.filter((p) => !kept.includes(p.id)).map((p) => p.id);
      if (gone.length) {
        const [used] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM recruit_candidates WHERE post_id = ANY(${sql.param(gone)})`);
        if (used?.n) throw conflict('岗位下已有候选人，不能删除');
        await tx.delete(recruitDemandPosts).where(inArray(recruitDemandPosts.id, gone));
      }
    } else {
      const demandNo = await nextDocumentNumber(tx, 'XQ');
      const [row] = await tx
        .insert(recruitDemands)
        .values({ ...values, demandNo, status: input.status ?? '001', createdBy: user.userId })
        .returning({ id: recruitDemands.id });
      demandId = (row as { id: number }).id;
    }
    for (const p of input.posts) {
      const post = {
        positionId: p.positionId ?? null,
        postName: p.postName,
        headcount: p.headcount,
        salaryMin: fen(p.salaryMin),
        salaryMax: fen(p.salaryMax),
        requirement: p.requirement ?? null,
        updatedAt: new Date(),
        updatedBy: user.userId,
      };
      if (p.id) {
        const changed = await tx
          .update(recruitDemandPosts)
          .set(post)
          .where(and(eq(recruitDemandPosts.id, p.id), eq(recruitDemandPosts.demandId, demandId)))
          .returning({ id: recruitDemandPosts.id });
        if (!changed.length) throw notFound('需求岗位不存在');
      } else await tx.insert(recruitDemandPosts).values({ ...post, demandId, createdBy: user.userId });
    }
    return demandId;
  });
  const after = await demandDetail(db, null, id);
  ctx.audit({ recordId: id, before: before ?? undefined, after });
  return after;
}

export async function deleteDemand(db: Db, user: Principal, id: number, ctx: Pick<CallContext, 'audit'>): Promise<null> {
  const before = await demandResource.detail(db, id, user);
  const [open] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM recruit_candidates WHERE demand_id = ${id} AND stage < '080'`);
  if (open?.n) throw conflict(RECRUIT_MSG.demandHasCandidates);
  await db.update(recruitDemands).set({ deletedAt: new Date(), updatedBy: user.userId }).where(eq(recruitDemands.id, id));
  ctx.audit({ recordId: id, before });
  return null;
}

// ---- Candidates and stages ------------------------------------------------------------------------

export type CandidateRow = typeof recruitCandidates.$inferSelect;

/** A candidate the user may see (data scope), or 404. */
export async function candidateFor(db: Db, user: Principal | null, id: number): Promise<CandidateRecord> {
  return candidateResource.detail(db, id, user);
}

export async function candidateRow(db: Db, id: number): Promise<CandidateRow> {
  const [row] = await db.select().from(recruitCandidates).where(eq(recruitCandidates.id, id));
  if (!row) throw notFound('候选人不存在');
  return row;
}

/**
 * Moves a candidate from one stage to another and writes the event, guarded by the stage read:
 * a concurrent move (a double drag) gives a conflict, never two events.
 */
export async function changeStage(
  tx: Db,
  c: { id: number; demandId: number },
  from: string,
  to: string,
  userId: number | null,
  reason: string | null = null,
): Promise<void> {
  const moved = await tx
    .update(recruitCandidates)
    .set({ stage: to, stageAt: new Date(), updatedAt: new Date(), updatedBy: userId, ...(to === '090' || to === '095' ? { outReason: reason } : {}) })
    .where(and(eq(recruitCandidates.id, c.id), eq(recruitCandidates.stage, from)))
    .returning({ id: recruitCandidates.id });
  if (!moved.length) throw conflict(RECRUIT_MSG.stageChanged);
  await tx.insert(recruitStageEvents).values({ candidateId: c.id, demandId: c.demandId, fromStage: from, toStage: to, byUserId: userId, reason });
}

const nextOf = (stage: string) => CANDIDATE_STAGES[CANDIDATE_STAGES.indexOf(stage as (typeof CANDIDATE_STAGES)[number]) + 1];

/** Stages a user moves by hand (board or list); the later ones follow the offer and employment actions. */
const MANUAL_TARGETS = new Set(['020', '030', '040']);

export async function hasPassedInterview(db: Db, candidateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: recruitInterviews.id })
    .from(recruitInterviews)
    .where(and(eq(recruitInterviews.candidateId, candidateId), eq(recruitInterviews.status, '002')))
    .limit(1);
  return !!row;
}

export async function moveCandidate(
  db: Db,
  user: Principal,
  input: z.output<typeof ZCandidateMove>,
  ctx: Pick<CallContext, 'audit'>,
): Promise<CandidateRecord> {
  const before = await candidateFor(db, user, input.id);
  const { fromStage: from, toStage: to } = input;
  if (before.stage !== from) throw conflict(RECRUIT_MSG.stageChanged);
  const closed = from === '080' || from === '090' || from === '095';
  const out = to === '090' || to === '095';
  if (closed || (!out && (nextOf(from) !== to || !MANUAL_TARGETS.has(to)))) throw badRequest(RECRUIT_MSG.stageNotNext(from, to));
  if (out && !input.reason?.trim()) throw badRequest(RECRUIT_MSG.reasonRequired);
  if (to === '040' && !(await hasPassedInterview(db, input.id))) throw badRequest(RECRUIT_MSG.noPassedInterview);
  await db.transaction((tx) => changeStage(tx as unknown as Db, before, from, to, user.userId, input.reason?.trim() || null));
  const after = await candidateFor(db, null, input.id);
  ctx.audit({ recordId: input.id, before, after });
  return after;
}

/** Puts talents into a demand as new candidates (010); talents already in it are skipped. */
export async function addCandidates(
  db: Db,
  user: Principal,
  input: { demandId: number; postId?: number | null; talentIds: number[] },
  ctx: Pick<CallContext, 'audit'>,
) {
  const demand = await demandResource.detail(db, input.demandId, user);
  if (demand.status !== '001') throw badRequest(RECRUIT_MSG.demandClosed);
  if (input.postId) {
    const [post] = await db
      .select({ id: recruitDemandPosts.id })
      .from(recruitDemandPosts)
      .where(and(eq(recruitDemandPosts.id, input.postId), eq(recruitDemandPosts.demandId, input.demandId)));
    if (!post) throw badRequest('岗位不属于该需求');
  }
  const ids = [...new Set(input.talentIds)];
  const talents = await db
    .select({ id: recruitTalents.id, source: recruitTalents.source })
    .from(recruitTalents)
    .where(and(inArray(recruitTalents.id, ids), isNull(recruitTalents.deletedAt)));
  if (talents.length !== ids.length) throw notFound('人才不存在或已删除');
  const added = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(recruitCandidates)
      .values(
        talents.map((t) => ({
          talentId: t.id,
          demandId: input.demandId,
          postId: input.postId ?? null,
          source: t.source,
          recruiterUserId: user.userId,
          orgId: demand.orgId ?? user.orgId,
          createdBy: user.userId,
          updatedBy: user.userId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: recruitCandidates.id });
    if (rows.length)
      await tx
        .insert(recruitStageEvents)
        .values(rows.map((r) => ({ candidateId: r.id, demandId: input.demandId, fromStage: null, toStage: '010', byUserId: user.userId })));
    return rows.map((r) => r.id);
  });
  ctx.audit({ recordId: added.join(','), after: { demandId: input.demandId, talentIds: ids } });
  return { added: added.length, skipped: ids.length - added.length };
}

// ---- Interviews -----------------------------------------------------------------------------------

const INTERVIEW_SELECT = sql`i.id, i.candidate_id AS "candidateId", t.name AS "candidateName", d.name AS "demandName", i.round,
  i.interviewer_user_id AS "interviewerUserId", u.real_name AS "interviewerName", i.place_id AS "placeId", p.name AS "placeName",
  to_char(i.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "startsAt",
  to_char(i.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "endsAt", i.mode, i.status, i.score::int AS score, i.feedback`;
const INTERVIEW_FROM = sql`recruit_interviews i JOIN recruit_candidates c ON c.id = i.candidate_id JOIN recruit_talents t ON t.id = c.talent_id
  JOIN recruit_demands d ON d.id = c.demand_id JOIN users u ON u.id = i.interviewer_user_id LEFT JOIN recruit_interview_places p ON p.id = i.place_id`;

export async function interviewsOf(db: Db, candidateId: number): Promise<InterviewRecord[]> {
  return queryRows<InterviewRecord>(db, sql`SELECT ${INTERVIEW_SELECT} FROM ${INTERVIEW_FROM} WHERE i.candidate_id = ${candidateId} ORDER BY i.starts_at`);
}

async function interviewById(db: Db, id: number): Promise<InterviewRecord> {
  const [row] = await queryRows<InterviewRecord>(db, sql`SELECT ${INTERVIEW_SELECT} FROM ${INTERVIEW_FROM} WHERE i.id = ${id}`);
  if (!row) throw notFound('面试不存在');
  return row;
}

/** Interviews of a period (the calendar), for one interviewer or place or all the user may see. */
export async function interviewCalendar(
  db: Db,
  user: Principal,
  input: { from: string; to: string; interviewerUserId?: number | null; placeId?: number | null },
) {
  if (input.to < input.from) throw badRequest('结束日期不能早于开始日期');
  if ((Date.parse(input.to) - Date.parse(input.from)) / 86400_000 > 62) throw badRequest('日历区间不能超过62天');
  const scope = candidateResource.conditions({}, user) ?? sql`true`;
  return queryRows<InterviewRecord>(
    db,
    sql`SELECT ${INTERVIEW_SELECT} FROM ${INTERVIEW_FROM}
        WHERE i.starts_at >= ${input.from}::date - interval '1 day' AND i.starts_at < ${input.to}::date + interval '2 day'
          ${input.interviewerUserId ? sql`AND i.interviewer_user_id = ${input.interviewerUserId}` : sql``}
          ${input.placeId ? sql`AND i.place_id = ${input.placeId}` : sql``}
          AND c.id IN (SELECT "recruit_candidates"."id" FROM recruit_candidates
            LEFT JOIN recruit_demands cand_demand ON cand_demand.id = recruit_candidates.demand_id
            LEFT JOIN recruit_talents cand_talent ON cand_talent.id = recruit_candidates.talent_id WHERE ${scope})
        ORDER BY i.starts_at LIMIT 2000`,
  );
}

/**
 * Schedules an interview. Under transaction-level advisory locks on the interviewer and the place
 * (taken in that order), the overlap check and the insert cannot interleave with another booking;
 * the invitation (.ics) goes to the mail outbox in the same transaction.
 */
export async function scheduleInterview(
  db: Db,
  user: Principal,
  input: z.output<typeof ZInterviewSchedule>,
  ctx: Pick<CallContext, 'audit'>,
  now = new Date(),
) {
  const c = await candidateFor(db, user, input.candidateId);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (startsAt.getTime() < now.getTime()) throw badRequest(RECRUIT_MSG.interviewPast);
  if (endsAt.getTime() <= startsAt.getTime()) throw badRequest(RECRUIT_MSG.interviewOrder);
  if (endsAt.getTime() - startsAt.getTime() > 8 * 3600_000) throw badRequest(RECRUIT_MSG.interviewTooLong);
  if (!['020', '030'].includes(c.stage)) throw badRequest(`候选人处于「${STAGE_NAMES[c.stage] ?? c.stage}」阶段，不能安排面试`);
  const [interviewer] = await queryRows<{ id: number; name: string; email: string | null }>(
    db,
    sql`SELECT u.id, u.real_name AS name, u.email FROM interviewers iv JOIN users u ON u.id = iv.user_id
        WHERE iv.user_id = ${input.interviewerUserId} AND iv.enabled AND u.enabled`,
  );
  if (!interviewer) throw badRequest(RECRUIT_MSG.interviewerMissing);
  let place: { id: number; name: string; address: string | null } | undefined;
  if (input.placeId) {
    [place] = await db
      .select({ id: recruitInterviewPlaces.id, name: recruitInterviewPlaces.name, address: recruitInterviewPlaces.address })
      .from(recruitInterviewPlaces)
      .where(and(eq(recruitInterviewPlaces.id, input.placeId), eq(recruitInterviewPlaces.enabled, true)));
    if (!place) throw badRequest(RECRUIT_MSG.placeMissing);
  }
  const id = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7301, ${interviewer.id})`);
    if (place) await tx.execute(sql`SELECT pg_advisory_xact_lock(7302, ${place.id})`);
    const overlap = (column: ReturnType<typeof sql>) =>
      queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM recruit_interviews WHERE ${column} AND status = '001' AND starts_at < ${endsAt.toISOString()}::timestamptz AND ends_at > ${startsAt.toISOString()}::timestamptz LIMIT 1`,
      );
    if ((await overlap(sql`interviewer_user_id = ${interviewer.id}`)).length) throw conflict(RECRUIT_MSG.interviewerBusy);
    if (place && (await overlap(sql`place_id = ${place.id}`)).length) throw conflict(RECRUIT_MSG.placeBusy);
    const [row] = await tx
      .insert(recruitInterviews)
      .values({
        candidateId: c.id,
        round: input.round,
        interviewerUserId: interviewer.id,
        placeId: place?.id ?? null,
        startsAt,
        endsAt,
        mode: input.mode,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning({ id: recruitInterviews.id });
    const interviewId = (row as { id: number }).id;
    if (c.stage === '020') await changeStage(tx, c, '020', '030', user.userId);
    const { token } = await linkToken(tx, 'interview', interviewId);
    const when = `${startsAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })} — ${endsAt.toLocaleTimeString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}`;
    const where = place
      ? `${place.name}${place.address ? `（${place.address}）` : ''}`
      : input.mode === '002'
        ? '视频面试'
        : input.mode === '003'
          ? '电话面试'
          : '待定';
    const ics = interviewIcs({
      uid: `interview-${interviewId}@erp-platform`,
      start: startsAt,
      end: endsAt,
      summary: `面试：${c.name} · ${c.demandName}`,
      description: `候选人：${c.name}\n岗位：${c.demandName}\n面试官：${interviewer.name}`,
      location: where,
      organizerEmail: 'recruit@erp.local',
      attendees: [...(c.email ? [{ name: c.name, email: c.email }] : []), ...(interviewer.email ? [{ name: interviewer.name, email: interviewer.email }] : [])],
    });
    const attachments = [{ filename: 'interview.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics }];
    const text = (who: string) => `${who}您好：\n\n面试时间：${when}\n面试地点：${where}\n岗位：${c.demandName}\n\n查看面试信息：/#/interview?token=${token}\n`;
    if (input.notify && c.email) await enqueue(tx, 'mail', { to: c.email, subject: `面试邀请：${c.demandName}`, text: text(c.name), attachments });
    if (interviewer.email)
      await enqueue(tx, 'mail', { to: interviewer.email, subject: `面试安排：${c.name}`, text: text(interviewer.name), attachments, userId: interviewer.id });
    return interviewId;
  });
  const after = await interviewById(db, id);
  ctx.audit({ recordId: id, after });
  return after;
}

/** The interviewer of the round, or a user who may edit interviews, records the result. */
export async function interviewFeedback(db: Db, user: Principal, input: z.output<typeof ZInterviewFeedback>, ctx: Pick<CallContext, 'audit'>) {
  const before = await interviewById(db, input.id);
  const mayEdit = hasPermission(user, 'recruit:interview:edit');
  if (before.interviewerUserId !== user.userId && !mayEdit) throw notFound('面试不存在');
  if (mayEdit && before.interviewerUserId !== user.userId) await candidateFor(db, user, before.candidateId);
  if (before.status !== '001') throw conflict('该面试已有结果');
  const changed = await db
    .update(recruitInterviews)
    .set({ status: input.result, score: input.score ?? null, feedback: input.feedback ?? null, updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(recruitInterviews.id, input.id), eq(recruitInterviews.status, '001')))
    .returning({ id: recruitInterviews.id });
  if (!changed.length) throw conflict('该面试已有结果');
  const after = await interviewById(db, input.id);
  ctx.audit({ recordId: input.id, before, after });
  return after;
}

/** interview/employ: the interview passed and the recruiter decides to hire (030 → 040). */
export async function employAfterInterview(db: Db, user: Principal, candidateId: number, ctx: Pick<CallContext, 'audit'>) {
  const c = await candidateFor(db, user, candidateId);
  if (c.stage !== '030') throw badRequest(RECRUIT_MSG.stageNotNext(c.stage, '040'));
  if (!(await hasPassedInterview(db, candidateId))) throw badRequest(RECRUIT_MSG.noPassedInterview);
  await db.transaction((tx) => changeStage(tx as unknown as Db, c, '030', '040', user.userId));
  const after = await candidateFor(db, null, candidateId);
  ctx.audit({ recordId: candidateId, before: c, after });
  return after;
}

export async function invitationOf(db: Db, interviewId: number) {
  const [row] = await queryRows<{
    candidateName: string;
    demandName: string;
    startsAt: string;
    endsAt: string;
    placeName: string | null;
    address: string | null;
    mode: string;
    interviewerName: string;
  }>(
    db,
    sql`SELECT t.name AS "candidateName", d.name AS "demandName",
          to_char(i.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "startsAt",
          to_char(i.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "endsAt",
          p.name AS "placeName", p.address, i.mode, u.real_name AS "interviewerName"
        FROM ${INTERVIEW_FROM} WHERE i.id = ${interviewId} AND i.status <> '004'`,
  );
  if (!row) throw notFound('面试不存在或已取消');
  return row;
}

export async function candidateInfo(
  db: Db,
  user: Principal,
  id: number,
  offer: (db: Db, user: Principal, candidateId: number) => Promise<CandidateInfo['offer']>,
) {
  const c = await candidateFor(db, user, id);
  const { talentRecord } = await import('./talents');
  const talent = await talentRecord(db, null, c.talentId);
  const events = await queryRows<CandidateInfo['events'][number]>(
    db,
    sql`SELECT e.from_stage AS "fromStage", e.to_stage AS "toStage", to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
          u.real_name AS "byName", e.reason FROM recruit_stage_events e LEFT JOIN users u ON u.id = e.by_user_id
        WHERE e.candidate_id = ${id} ORDER BY e.at, e.id`,
  );
  return { ...c, talent, interviews: await interviewsOf(db, id), events, offer: await offer(db, user, id) };
}

export async function userName(db: Db, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [u] = await db.select({ n: users.realName }).from(users).where(eq(users.id, id));
  return u?.n ?? null;
}
