import { CANDIDATE_STAGES, type Funnel, STAGE_NAMES, type ZClueSubmit, type ZRpoDemandSave, type ZRpoDictSave, type ZRpoResumeSave } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { pageOfRows, pageWindow, rowCountLiteral } from '../../platform/http/paging';
import { recruitClues, recruitInterviewPlaces, recruitRpoDemands, recruitRpoDicts, recruitRpoResumes, recruitTalents } from './recruit.schema';
import { searchSource } from './resume-text';

type Paged = { pageIndex: number; pageSize: number };
const ISO = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const fen = (yuan: number) => Math.round(yuan * 100);

function isUnique(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  return !!e && typeof e === 'object' && (e.code === '23505' || isUnique(e.cause));
}

/** Runs a write in a savepoint and turns a unique-index refusal into a 409 with the message. */
async function unique<T>(db: Db, message: string, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db));
  } catch (err) {
    if (isUnique(err)) throw conflict(message);
    throw err;
  }
}

// ---- RPO --------------------------------------------------------------------------------------------

const RPO_DICT = sql`SELECT r.id, r.kind, r.code, r.name, r.enabled, ${ISO('r.updated_at')} AS "updatedAt" FROM recruit_rpo_dicts r`;
export async function rpoDictPage(db: Db, req: Paged & { keyword?: string; kind?: string }) {
  const where = sql`(${req.kind ?? null}::text IS NULL OR r.kind = ${req.kind ?? null}) AND (${req.keyword ?? null}::text IS NULL OR r.name ILIKE ${`%${req.keyword ?? ''}%`} OR r.code ILIKE ${`%${req.keyword ?? ''}%`})`;
  const { limit, offset } = pageWindow(req);
  const rows = await queryRows<{ id: number; kind: string; code: string; name: string; enabled: boolean; updatedAt: string }>(
    db,
    sql`${RPO_DICT} WHERE ${where} ORDER BY r.kind, r.code LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
  );
  const [n] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM recruit_rpo_dicts r WHERE ${where}`);
  return pageOfRows(rows, n?.n ?? 0, req);
}
export async function rpoDictList(db: Db, kind?: string) {
  return queryRows<{ id: number; kind: string; code: string; name: string; enabled: boolean; updatedAt: string }>(
    db,
    sql`${RPO_DICT} WHERE r.enabled AND (${kind ?? null}::text IS NULL OR r.kind = ${kind ?? null}) ORDER BY r.kind, r.code LIMIT 500`,
  );
}
export async function rpoDictSave(db: Db, user: Principal, input: z.output<typeof ZRpoDictSave>, ctx: Pick<CallContext, 'audit'>) {
  const values = { kind: input.kind, code: input.code, name: input.name, enabled: input.enabled ?? true, updatedAt: new Date(), updatedBy: user.userId };
  const id = await unique(db, 'RPO字典编码已存在', async (tx) => {
    if (input.id) {
      const rows = await tx.update(recruitRpoDicts).set(values).where(eq(recruitRpoDicts.id, input.id)).returning({ id: recruitRpoDicts.id });
      if (!rows.length) throw notFound();
      return input.id;
    }
    const [row] = await tx
      .insert(recruitRpoDicts)
      .values({ ...values, createdBy: user.userId })
      .returning({ id: recruitRpoDicts.id });
    return (row as { id: number }).id;
  });
  const [after] = await queryRows<{ id: number; kind: string; code: string; name: string; enabled: boolean; updatedAt: string }>(
    db,
    sql`${RPO_DICT} WHERE r.id = ${id}`,
  );
  ctx.audit({ recordId: id, after });
  return after as NonNullable<typeof after>;
}

const RPO_DEMAND = sql`SELECT r.id, r.client_company_id AS "clientCompanyId", o.name AS "clientCompanyName", r.demand_id AS "demandId", r.post_name AS "postName",
  r.headcount, r.fee_per_hire::float8 / 100 AS "feePerHire", r.fee_item AS "feeItem", to_char(r.start_date, 'YYYY-MM-DD') AS "startDate",
  to_char(r.end_date, 'YYYY-MM-DD') AS "endDate", ${ISO('r.updated_at')} AS "updatedAt" FROM recruit_rpo_demands r LEFT JOIN org_units o ON o.id = r.client_company_id`;
type RpoDemand = {
  id: number;
  clientCompanyId: number;
  clientCompanyName: string | null;
  demandId: number | null;
  postName: string;
  headcount: number;
  feePerHire: number;
  feeItem: string | null;
  startDate: string | null;
  endDate: string | null;
  updatedAt: string;
};
export async function rpoDemandPage(db: Db, req: Paged & { keyword?: string; clientCompanyId?: number | null }) {
  const where = sql`(${req.clientCompanyId ?? null}::int IS NULL OR r.client_company_id = ${req.clientCompanyId ?? null}) AND (${req.keyword ?? null}::text IS NULL OR r.post_name ILIKE ${`%${req.keyword ?? ''}%`})`;
  const { limit, offset } = pageWindow(req);
  const rows = await queryRows<RpoDemand>(db, sql`${RPO_DEMAND} WHERE ${where} ORDER BY r.id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`);
  const [n] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM recruit_rpo_demands r WHERE ${where}`);
  return pageOfRows(rows, n?.n ?? 0, req);
}
export const rpoDemandList = (db: Db, clientCompanyId?: number | null) =>
  queryRows<RpoDemand>(
    db,
    sql`${RPO_DEMAND} WHERE (${clientCompanyId ?? null}::int IS NULL OR r.client_company_id = ${clientCompanyId ?? null}) ORDER BY r.id DESC LIMIT 500`,
  );
export async function rpoDemandSave(db: Db, user: Principal, input: z.output<typeof ZRpoDemandSave>, ctx: Pick<CallContext, 'audit'>) {
  if (input.startDate && input.endDate && input.endDate < input.startDate) throw badRequest('结束日期不能早于开始日期');
  const [client] = await queryRows<{ id: number }>(db, sql`SELECT id FROM org_units WHERE id = ${input.clientCompanyId} AND is_client`);
  if (!client) throw badRequest('客户单位不存在');
  const values = {
    clientCompanyId: input.clientCompanyId,
    demandId: input.demandId ?? null,
    postName: input.postName,
    headcount: input.headcount,
    feePerHire: fen(input.feePerHire),
    feeItem: input.feeItem ?? null,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    updatedAt: new Date(),
    updatedBy: user.userId,
  };
  let id = input.id ?? 0;
  if (input.id) {
    const rows = await db.update(recruitRpoDemands).set(values).where(eq(recruitRpoDemands.id, input.id)).returning({ id: recruitRpoDemands.id });
    if (!rows.length) throw notFound();
  } else {
    const [row] = await db
      .insert(recruitRpoDemands)
      .values({ ...values, createdBy: user.userId })
      .returning({ id: recruitRpoDemands.id });
    id = (row as { id: number }).id;
  }
  const [after] = await queryRows<RpoDemand>(db, sql`${RPO_DEMAND} WHERE r.id = ${id}`);
  ctx.audit({ recordId: id, after });
  return after as RpoDemand;
}

const RPO_RESUME = sql`SELECT r.id, r.rpo_demand_id AS "rpoDemandId", d.post_name AS "postName", r.talent_id AS "talentId", t.name AS "talentName",
  to_char(r.delivered_on, 'YYYY-MM-DD') AS "deliveredOn", r.feedback, r.result, ${ISO('r.updated_at')} AS "updatedAt"
  FROM recruit_rpo_resumes r LEFT JOIN recruit_rpo_demands d ON d.id = r.rpo_demand_id LEFT JOIN recruit_talents t ON t.id = r.talent_id`;
type RpoResume = {
  id: number;
  rpoDemandId: number;
  postName: string | null;
  talentId: number;
  talentName: string | null;
  deliveredOn: string;
  feedback: string | null;
  result: string;
  updatedAt: string;
};
export async function rpoResumePage(db: Db, req: Paged & { keyword?: string; rpoDemandId?: number | null }) {
  const where = sql`(${req.rpoDemandId ?? null}::int IS NULL OR r.rpo_demand_id = ${req.rpoDemandId ?? null}) AND (${req.keyword ?? null}::text IS NULL OR t.name ILIKE ${`%${req.keyword ?? ''}%`})`;
  const { limit, offset } = pageWindow(req);
  const rows = await queryRows<RpoResume>(
    db,
    sql`${RPO_RESUME} WHERE ${where} ORDER BY r.delivered_on DESC, r.id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
  );
  const [n] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM recruit_rpo_resumes r LEFT JOIN recruit_talents t ON t.id = r.talent_id WHERE ${where}`,
  );
  return pageOfRows(rows, n?.n ?? 0, req);
}
export const rpoResumeList = (db: Db, rpoDemandId?: number | null) =>
  queryRows<RpoResume>(
    db,
    sql`${RPO_RESUME} WHERE (${rpoDemandId ?? null}::int IS NULL OR r.rpo_demand_id = ${rpoDemandId ?? null}) ORDER BY r.id DESC LIMIT 500`,
  );
export async function rpoResumeSave(db: Db, user: Principal, input: z.output<typeof ZRpoResumeSave>, ctx: Pick<CallContext, 'audit'>) {
  const [demand] = await queryRows<{ id: number }>(db, sql`SELECT id FROM recruit_rpo_demands WHERE id = ${input.rpoDemandId}`);
  if (!demand) throw badRequest('RPO需求不存在');
  const [talent] = await queryRows<{ id: number }>(db, sql`SELECT id FROM recruit_talents WHERE id = ${input.talentId} AND deleted_at IS NULL`);
  if (!talent) throw badRequest('人才不存在或已删除');
  const values = {
    rpoDemandId: input.rpoDemandId,
    talentId: input.talentId,
    deliveredOn: input.deliveredOn,
    feedback: input.feedback ?? null,
    result: input.result,
    updatedAt: new Date(),
    updatedBy: user.userId,
  };
  const id = await unique(db, '该简历已推荐给此RPO需求', async (tx) => {
    if (input.id) {
      const rows = await tx.update(recruitRpoResumes).set(values).where(eq(recruitRpoResumes.id, input.id)).returning({ id: recruitRpoResumes.id });
      if (!rows.length) throw notFound();
      return input.id;
    }
    const [row] = await tx
      .insert(recruitRpoResumes)
      .values({ ...values, createdBy: user.userId })
      .returning({ id: recruitRpoResumes.id });
    return (row as { id: number }).id;
  });
  const [after] = await queryRows<RpoResume>(db, sql`${RPO_RESUME} WHERE r.id = ${id}`);
  ctx.audit({ recordId: id, after });
  return after as RpoResume;
}

// ---- Interview places ---------------------------------------------------------------------------------

export async function savePlace(
  db: Db,
  user: Principal,
  input: { id?: number | null; name: string; address?: string | null; capacity?: number | null; enabled?: boolean },
  ctx: Pick<CallContext, 'audit'>,
) {
  const values = {
    name: input.name,
    address: input.address ?? null,
    capacity: input.capacity ?? null,
    enabled: input.enabled ?? true,
    updatedAt: new Date(),
    updatedBy: user.userId,
  };
  const row = await unique(db, '面试地点名称已存在', async (tx) => {
    if (input.id) {
      const [r] = await tx.update(recruitInterviewPlaces).set(values).where(eq(recruitInterviewPlaces.id, input.id)).returning();
      if (!r) throw notFound();
      return r;
    }
    const [r] = await tx
      .insert(recruitInterviewPlaces)
      .values({ ...values, createdBy: user.userId })
      .returning();
    return r as NonNullable<typeof r>;
  });
  const after = { id: row.id, name: row.name, address: row.address, capacity: row.capacity, enabled: row.enabled };
  ctx.audit({ recordId: row.id, after });
  return after;
}
export const places = (db: Db, all: boolean) =>
  queryRows<{ id: number; name: string; address: string | null; capacity: number | null; enabled: boolean }>(
    db,
    sql`SELECT id, name, address, capacity, enabled FROM recruit_interview_places ${all ? sql`` : sql`WHERE enabled`} ORDER BY name`,
  );

// ---- Clues (front side) -----------------------------------------------------------------------------

export async function submitClue(db: Db, user: Principal, input: z.output<typeof ZClueSubmit>, ctx: Pick<CallContext, 'audit'>) {
  const id = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    let talentId: number | null = null;
    if (input.kind === '001') {
      const doc = searchSource([input.name, input.position, input.company, input.note]);
      const [t] = await tx
        .insert(recruitTalents)
        .values({
          name: input.name.slice(0, 32),
          phone: input.phone ?? null,
          email: input.email ?? null,
          currentCompany: input.company ?? null,
          currentTitle: input.position ?? null,
          source: '002',
          referrerUserId: user.userId,
          tags: ['内部推荐'],
          searchDoc: sql`to_tsvector('simple', ${doc})`,
          orgId: null,
          ownerUserId: null,
          createdBy: user.userId,
          updatedBy: user.userId,
        })
        .returning({ id: recruitTalents.id });
      talentId = t?.id ?? null;
    }
    const [row] = await tx
      .insert(recruitClues)
      .values({
        kind: input.kind,
        name: input.name,
        phone: input.phone ?? null,
        email: input.email ?? null,
        company: input.company ?? null,
        position: input.position ?? null,
        note: input.note ?? null,
        talentId,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning();
    return (row as { id: number }).id;
  });
  const [after] = await myClues(db, user, id);
  ctx.audit({ recordId: id, after });
  return after as NonNullable<typeof after>;
}
export const myClues = (db: Db, user: Principal, id?: number) =>
  queryRows<{ id: number; kind: string; name: string; company: string | null; position: string | null; status: string; createdAt: string }>(
    db,
    sql`SELECT id, kind, name, company, position, status, ${ISO('created_at')} AS "createdAt" FROM recruit_clues
        WHERE created_by = ${user.userId} ${id ? sql`AND id = ${id}` : sql``} ORDER BY id DESC LIMIT 100`,
  );

// ---- To-dos, pickers, opportunities ------------------------------------------------------------------

export async function recruitAgency(db: Db, user: Principal) {
  const [counts] = await queryRows<{ toScreen: number; interviewsToday: number; feedbackDue: number; offersToTalk: number; toSend: number; toJoin: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM recruit_candidates WHERE recruiter_user_id = ${user.userId} AND stage = '010') AS "toScreen",
      (SELECT count(*)::int FROM recruit_interviews WHERE interviewer_user_id = ${user.userId} AND status = '001'
         AND starts_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai'
         AND starts_at < (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') + interval '1 day') AT TIME ZONE 'Asia/Shanghai') AS "interviewsToday",
      (SELECT count(*)::int FROM recruit_interviews WHERE interviewer_user_id = ${user.userId} AND status = '001' AND ends_at < now()) AS "feedbackDue",
      (SELECT count(*)::int FROM recruit_candidates WHERE recruiter_user_id = ${user.userId} AND stage = '040') AS "offersToTalk",
      (SELECT count(*)::int FROM recruit_offers WHERE recruiter_user_id = ${user.userId} AND employ_stage = '001') AS "toSend",
      (SELECT count(*)::int FROM recruit_offers WHERE recruiter_user_id = ${user.userId} AND employ_stage IN ('003', '004', '005')) AS "toJoin"`,
  );
  const items = await queryRows<{ kind: string; title: string; at: string | null; candidateId: number | null; link: string }>(
    db,
    sql`(SELECT 'interview' AS kind, '面试：' || t.name || ' · ' || d.name AS title, ${ISO('i.starts_at')} AS at, c.id AS "candidateId", '/RecruitCenter/interview' AS link
         FROM recruit_interviews i JOIN recruit_candidates c ON c.id = i.candidate_id JOIN recruit_talents t ON t.id = c.talent_id JOIN recruit_demands d ON d.id = c.demand_id
         WHERE i.interviewer_user_id = ${user.userId} AND i.status = '001' ORDER BY i.starts_at LIMIT 10)
        UNION ALL
        (SELECT 'screen', '待筛选：' || t.name || ' · ' || d.name, ${ISO('c.stage_at')}, c.id, '/RecruitCenter/candidate'
         FROM recruit_candidates c JOIN recruit_talents t ON t.id = c.talent_id JOIN recruit_demands d ON d.id = c.demand_id
         WHERE c.recruiter_user_id = ${user.userId} AND c.stage = '010' ORDER BY c.stage_at LIMIT 10)`,
  );
  return { counts: counts ?? { toScreen: 0, interviewsToday: 0, feedbackDue: 0, offersToTalk: 0, toSend: 0, toJoin: 0 }, items };
}

export const recruiters = (db: Db, keyword?: string) =>
  queryRows<{ userId: number; userCode: string; realName: string; orgName: string | null }>(
    db,
    sql`SELECT DISTINCT u.id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", o.name AS "orgName"
        FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id LEFT JOIN org_units o ON o.id = u.org_id
        WHERE u.enabled AND r.code IN ('recruiter', 'hr', 'hrDirector')
          AND (${keyword ?? null}::text IS NULL OR u.real_name ILIKE ${`%${keyword ?? ''}%`} OR u.user_code ILIKE ${`%${keyword ?? ''}%`})
        ORDER BY u.real_name LIMIT 100`,
  );
export const interviewerUsers = (db: Db, keyword?: string) =>
  queryRows<{ userId: number; userCode: string; realName: string; orgName: string | null }>(
    db,
    sql`SELECT u.id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", o.name AS "orgName"
        FROM interviewers iv JOIN users u ON u.id = iv.user_id LEFT JOIN org_units o ON o.id = u.org_id
        WHERE iv.enabled AND u.enabled AND (${keyword ?? null}::text IS NULL OR u.real_name ILIKE ${`%${keyword ?? ''}%`} OR u.user_code ILIKE ${`%${keyword ?? ''}%`})
        ORDER BY u.real_name LIMIT 100`,
  );
export const employeeSelect = (db: Db, keyword?: string) =>
  queryRows<{ code: string; name: string; userName: string }>(
    db,
    sql`SELECT e.employee_code AS code, e.name, coalesce(u.user_code, '') AS "userName" FROM employees e LEFT JOIN users u ON u.id = e.user_id
        WHERE e.employ_state <> '005' AND (${keyword ?? null}::text IS NULL OR e.name ILIKE ${`%${keyword ?? ''}%`} OR e.employee_code ILIKE ${`%${keyword ?? ''}%`})
        ORDER BY e.name LIMIT 50`,
  );
export const demandOrgs = (db: Db) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT o.id, o.name FROM org_units o WHERE o.id IN (SELECT DISTINCT org_id FROM recruit_demands WHERE deleted_at IS NULL) ORDER BY o.name`,
  );

export async function opportunities(db: Db, keyword?: string) {
  const rows = await queryRows<{
    id: number;
    clientCompanyId: number;
    clientCompanyName: string | null;
    projectName: string;
    amount: number;
    wonOn: string;
    status: string;
  }>(
    db,
    sql`SELECT p.id, p.client_company_id AS "clientCompanyId", o.name AS "clientCompanyName", p.project_name AS "projectName", p.amount::float8 / 100 AS amount,
          to_char(p.won_on, 'YYYY-MM-DD') AS "wonOn", p.status
        FROM recruit_opportunities p LEFT JOIN org_units o ON o.id = p.client_company_id
        WHERE (${keyword ?? null}::text IS NULL OR p.project_name ILIKE ${`%${keyword ?? ''}%`}) ORDER BY p.won_on DESC LIMIT 200`,
  );
  const demands = rows.length
    ? await queryRows<{ id: number; demandNo: string; name: string; status: string; opportunityId: number }>(
        db,
        sql`SELECT id, demand_no AS "demandNo", name, status, opportunity_id AS "opportunityId" FROM recruit_demands
            WHERE deleted_at IS NULL AND opportunity_id = ANY(${sql.param(rows.map((r) => r.id))})`,
      )
    : [];
  return rows.map((r) => ({ ...r, demands: demands.filter((d) => d.opportunityId === r.id).map(({ opportunityId: _o, ...d }) => d) }));
}

/** The funnel's numbers as rows for the xlsx export. */
export function funnelSheet(f: Funnel): { header: string[]; rows: Array<Array<string | number | null>> } {
  const header = ['维度', '名称', '候选人', ...CANDIDATE_STAGES.map((s) => STAGE_NAMES[s] ?? s), '入职'];
  const rows: Array<Array<string | number | null>> = [];
  rows.push(['合计', '转化率(%)', null, ...f.stages.map((s) => s.conversion), null]);
  rows.push(['合计', '阶段停留中位天数', null, ...f.stages.map((s) => s.medianDays), f.medianDaysToHire]);
  rows.push(['合计', 'Offer接受率(%)', f.offersSent, f.offerAcceptance, ...CANDIDATE_STAGES.slice(1).map(() => null), f.offersAccepted]);
  const add = (dim: string, list: Funnel['byMonth']) => {
    for (const g of list) rows.push([dim, g.label, g.candidates, ...CANDIDATE_STAGES.map((s) => g.stages[s] ?? 0), g.hired]);
  };
  add('月份', f.byMonth);
  add('需求', f.byDemand);
  add('招聘专员', f.byRecruiter);
  add('渠道', f.bySource);
  return { header, rows };
}
