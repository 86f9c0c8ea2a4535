import {
  EMPLOY_STAGE_NAMES,
  type OfferRecord,
  type Page,
  RECRUIT_MSG,
  RECRUIT_OFFER_PROCESS_KEY,
  RECRUIT_PERM,
  STAGE_NAMES,
  type ZEmployStore,
  type ZOfferAdvise,
  type ZOfferFilters,
} from '@erp/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import { type Db, queryRows } from '../../platform/db';
import { BusinessDocument, defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { pageOfRows, pageWindow, rowCountLiteral } from '../../platform/http/paging';
import { enqueue } from '../../platform/outbox/outbox';
import { lineXml } from '../../workflow/bpmn-builder';
import { recordHire } from './onboarding-handoff';
import { candidateFor, candidateRow, changeStage } from './pipeline';
import { recruitCandidates, recruitOfferSends, recruitOffers, recruitTalents } from './recruit.schema';

type Filters = { [K in keyof typeof ZOfferFilters]?: z.output<(typeof ZOfferFilters)[K]> };
type OfferRow = typeof recruitOffers.$inferSelect;

const fen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : Math.round(yuan * 100));

/** HR director approves offers (any one); editable in the designer. */
export const RECRUIT_OFFER_XML = lineXml(RECRUIT_OFFER_PROCESS_KEY, [{ assigneeType: 'role', assigneeValue: 'hrDirector', mode: 'any' }], {
  fallbackUser: 'admin',
  revocable: 'untouched',
  category: 'RECRUIT',
}).replace(`name="${RECRUIT_OFFER_PROCESS_KEY}"`, 'name="Offer审批"');

/**
 * The offer as a business document: numbered OF…, approved through the engine. The pass opens the
 * employment (001 待发Offer); a rejection or revocation sends the candidate back to 040 for a new advice.
 */
export const offerDocument = defineDocument({
  processKey: RECRUIT_OFFER_PROCESS_KEY,
  prefix: 'OF',
  name: 'Offer',
  table: recruitOffers,
  columns: { id: recruitOffers.id, state: recruitOffers.state, instanceId: recruitOffers.processInstanceId, documentNo: recruitOffers.documentNo },
  defaultDefinitionXml: RECRUIT_OFFER_XML,
  async onPassed(tx, offer, e) {
    await tx.update(recruitOffers).set({ employStage: '001', updatedAt: new Date(), updatedBy: e.userId }).where(eq(recruitOffers.id, offer.id));
  },
  async onClosed(tx, offer, e) {
    const c = await candidateRow(tx, offer.candidateId);
    if (c.stage === '050') await changeStage(tx, c, '050', '040', e.userId, e.status === 'rejected' ? 'Offer审批未通过' : 'Offer已撤回');
  },
});

const OFFER_SELECT = sql`o.id, o.candidate_id AS "candidateId", t.name AS "candidateName", c.demand_id AS "demandId", d.name AS "demandName",
  o.document_no AS "documentNo", o.state, o.process_instance_id AS "processInstanceId",
  o.monthly_salary::float8 / 100 AS "monthlySalary", o.probation_salary::float8 / 100 AS "probationSalary", o.probation_months AS "probationMonths",
  to_char(o.entry_date, 'YYYY-MM-DD') AS "entryDate", o.org_id AS "orgId", ou.name AS "orgName", o.position_name AS "positionName",
  o.person_category AS "personCategory", o.advise, o.employ_stage AS "employStage", o.send_count AS "sendCount",
  to_char(o.last_sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastSentAt", c.stage AS "candidateStage", t.email,
  r.real_name AS "recruiterName", to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"`;
const OFFER_FROM = sql`recruit_offers o JOIN recruit_candidates c ON c.id = o.candidate_id JOIN recruit_talents t ON t.id = c.talent_id
  JOIN recruit_demands d ON d.id = c.demand_id LEFT JOIN org_units ou ON ou.id = o.org_id LEFT JOIN users r ON r.id = o.recruiter_user_id`;

type OfferAnswer = Omit<OfferRecord, 'status' | 'salaryMasked'>;

function present(user: Principal | null, row: OfferAnswer): OfferRecord {
  const sees = !user || hasPermission(user, RECRUIT_PERM.salary) || hasPermission(user, RECRUIT_PERM.offerEdit);
  return {
    ...row,
    status: BusinessDocument.statusCode(row.state),
    monthlySalary: sees ? row.monthlySalary : null,
    probationSalary: sees ? row.probationSalary : null,
    salaryMasked: !sees,
  };
}

const scope = (user: Principal | null): SQL => (user ? dataScopeCondition(user, { orgId: sql`c.org_id`, ownerUserId: sql`c.recruiter_user_id` }) : sql`true`);

async function offerPage(db: Db, user: Principal, req: Filters & { pageIndex: number; pageSize: number }, extra: SQL): Promise<Page<OfferRecord>> {
  const parts: SQL[] = [extra, scope(user), sql`d.deleted_at IS NULL`];
  if (req.keyword) parts.push(sql`(t.name ILIKE ${`%${req.keyword}%`} OR d.name ILIKE ${`%${req.keyword}%`} OR o.document_no ILIKE ${`%${req.keyword}%`})`);
  if (req.demandId) parts.push(sql`c.demand_id = ${req.demandId}`);
  if (req.state) parts.push(sql`o.state = ${req.state}`);
  if (req.employStage) parts.push(sql`o.employ_stage = ${req.employStage}`);
  const where = sql.join(parts, sql` AND `);
  const { limit, offset } = pageWindow(req);
  const rows = await queryRows<OfferAnswer>(
    db,
    sql`SELECT ${OFFER_SELECT} FROM ${OFFER_FROM} WHERE ${where} ORDER BY o.updated_at DESC, o.id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${OFFER_FROM} WHERE ${where}`);
  return pageOfRows(
    rows.map((r) => present(user, r)),
    count?.n ?? 0,
    req,
  );
}

/** offer/getPageList: candidates at the offer stages (040 with or without an advice, 050). */
export const offerList = (db: Db, user: Principal, req: Filters & { pageIndex: number; pageSize: number }) =>
  offerPage(db, user, req, sql`(o.employ_stage IS NULL)`);
/** employ/getPageList: approved offers. */
export const employList = (db: Db, user: Principal, req: Filters & { pageIndex: number; pageSize: number }) =>
  offerPage(db, user, req, sql`o.employ_stage IS NOT NULL`);
/** employ/employNotarizePageList: employments awaiting the entry confirmation. */
export const notarizeList = (db: Db, user: Principal, req: Filters & { pageIndex: number; pageSize: number }) =>
  offerPage(db, user, req, sql`o.employ_stage = '005'`);

export async function offerById(db: Db, user: Principal | null, id: number): Promise<OfferRecord> {
  const [row] = await queryRows<OfferAnswer>(db, sql`SELECT ${OFFER_SELECT} FROM ${OFFER_FROM} WHERE o.id = ${id} AND ${scope(user)}`);
  if (!row) throw notFound('Offer不存在');
  return present(user, row);
}

export async function offerOfCandidate(db: Db, user: Principal | null, candidateId: number): Promise<OfferRecord | null> {
  const [row] = await queryRows<OfferAnswer>(db, sql`SELECT ${OFFER_SELECT} FROM ${OFFER_FROM} WHERE o.candidate_id = ${candidateId} AND ${scope(user)}`);
  return row ? present(user, row) : null;
}

async function offerRow(db: Db, id: number): Promise<OfferRow> {
  const [row] = await db.select().from(recruitOffers).where(eq(recruitOffers.id, id));
  if (!row) throw notFound('Offer不存在');
  return row;
}

/** Stores the offer advice of a candidate at 040 (salary required; probation salary ≤ salary; entry not in the past). */
export async function storeAdvise(
  db: Db,
  user: Principal,
  input: z.output<typeof ZOfferAdvise>,
  ctx: Pick<CallContext, 'audit'>,
  today = new BusinessCalendar().day(),
) {
  const c = await candidateFor(db, user, input.candidateId);
  if (c.stage !== '040') throw badRequest(`候选人处于「${STAGE_NAMES[c.stage] ?? c.stage}」阶段，不能保存Offer建议`);
  if (!input.monthlySalary) throw badRequest(RECRUIT_MSG.salaryRequired);
  if (input.probationSalary && input.probationSalary > input.monthlySalary) throw badRequest(RECRUIT_MSG.probationSalary);
  if (input.entryDate && input.entryDate < today) throw badRequest(RECRUIT_MSG.entryPast);
  const before = await offerOfCandidate(db, null, c.id);
  if (before && (before.state === 'approving' || before.state === 'returned')) throw conflict(RECRUIT_MSG.offerOpen);
  if (before?.employStage) throw conflict('Offer已审批通过，不能修改');
  const values = {
    monthlySalary: fen(input.monthlySalary) as number,
    probationSalary: fen(input.probationSalary),
    probationMonths: input.probationMonths,
    entryDate: input.entryDate ?? null,
    orgId: input.orgId ?? null,
    positionName: input.positionName ?? c.postName ?? c.demandName,
    personCategory: input.personCategory,
    clientCompanyId: input.clientCompanyId ?? null,
    advise: input.advise ?? null,
    recruiterUserId: c.recruiterUserId ?? user.userId,
    updatedAt: new Date(),
    updatedBy: user.userId,
  };
  if (!values.orgId) {
    const [d] = await queryRows<{ orgId: number }>(db, sql`SELECT org_id AS "orgId" FROM recruit_demands WHERE id = ${c.demandId}`);
    values.orgId = d?.orgId ?? null;
  }
  await db
    .insert(recruitOffers)
    .values({ ...values, candidateId: c.id, createdBy: user.userId })
    .onConflictDoUpdate({ target: recruitOffers.candidateId, set: values });
  const after = await offerOfCandidate(db, user, c.id);
  ctx.audit({ recordId: after?.id, before: before ?? undefined, after });
  return after as OfferRecord;
}

/** The talk succeeded: the offer goes to approval (candidate 040 → 050) in one transaction. */
export async function talkSuccess(db: Db, user: Principal, candidateId: number, ctx: Pick<CallContext, 'audit'>) {
  const c = await candidateFor(db, user, candidateId);
  const offer = await offerOfCandidate(db, null, candidateId);
  if (!offer) throw badRequest(RECRUIT_MSG.offerMissing);
  if (!offer.monthlySalary) throw badRequest(RECRUIT_MSG.salaryRequired);
  if (c.stage !== '040' || offer.employStage || BusinessDocument.isOpen(offer.state)) throw conflict(RECRUIT_MSG.offerOpen);
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await changeStage(tx, c, '040', '050', user.userId);
    await offerDocument.submit(tx, {
      id: offer.id,
      userId: user.userId,
      title: `Offer审批：${c.name}（${c.demandName}）`,
      vars: { candidateId, demandId: c.demandId, orgId: offer.orgId, monthlySalary: offer.monthlySalary },
    });
  });
  const after = await offerById(db, user, offer.id);
  ctx.audit({ recordId: offer.id, before: offer, after });
  return after;
}

/** Drops (090) or gives up (095) a candidate before the offer is approved; an open approval is refused. */
export async function closeBeforeOffer(db: Db, user: Principal, candidateId: number, to: '090' | '095', reason: string, ctx: Pick<CallContext, 'audit'>) {
  const c = await candidateFor(db, user, candidateId);
  const offer = await offerOfCandidate(db, null, candidateId);
  if (offer && BusinessDocument.isOpen(offer.state)) throw conflict(RECRUIT_MSG.offerOpen);
  if (offer?.employStage) throw conflict('Offer已审批通过，请在录用管理中操作');
  if (['080', '090', '095'].includes(c.stage)) throw badRequest(RECRUIT_MSG.stageNotNext(c.stage, to));
  await db.transaction((tx) => changeStage(tx as unknown as Db, c, c.stage, to, user.userId, reason));
  ctx.audit({ recordId: candidateId, before: c, after: { stage: to, reason } });
  return null;
}

export async function processInfo(db: Db, user: Principal, candidateId: number) {
  await candidateFor(db, user, candidateId);
  const offer = await offerOfCandidate(db, null, candidateId);
  if (!offer) return { offerId: null, documentNo: null, state: 'none', processInstanceId: null, steps: [] };
  const steps = offer.processInstanceId
    ? await queryRows<{ name: string; userName: string | null; operateType: string; approvalFlag: string; message: string | null; at: string | null }>(
        db,
        sql`SELECT e.node_name AS name, u.real_name AS "userName", e.operate_type::text AS "operateType", e.approval_flag::text AS "approvalFlag", e.message,
              to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
            FROM wf_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.instance_id = ${offer.processInstanceId} ORDER BY e.id`,
      )
    : [];
  return { offerId: offer.id, documentNo: offer.documentNo, state: offer.state, processInstanceId: offer.processInstanceId, steps };
}

// ---- Employment ------------------------------------------------------------------------------------

/** An employment the user may act on: the offer passed and its stage is one of `stages`. */
async function employFor(db: Db, user: Principal, id: number, stages: string[], action: string) {
  const offer = await offerById(db, user, id);
  if (!offer.employStage || !stages.includes(offer.employStage)) throw badRequest(RECRUIT_MSG.employStage(offer.employStage ?? '', action));
  return offer;
}

/** Moves the employment stage guarded by the stage read (a second click: conflict). */
async function setEmployStage(tx: Db, id: number, from: string, to: string, userId: number, extra: Partial<OfferRow> = {}) {
  const rows = await tx
    .update(recruitOffers)
    .set({ ...extra, employStage: to, updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(recruitOffers.id, id), eq(recruitOffers.employStage, from)))
    .returning({ id: recruitOffers.id });
  if (!rows.length) throw conflict('录用状态已被他人修改，请刷新后重试');
}

const money = (yuan: number | null) => (yuan === null ? '—' : yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The offer mail: the preview shows exactly what is sent. */
export async function offerMail(db: Db, id: number) {
  const o = await offerById(db, null, id);
  if (!o.email) throw badRequest(RECRUIT_MSG.noEmail);
  const subject = `录用通知：${o.positionName ?? o.demandName}`;
  const lines = [
    `${o.candidateName}您好：`,
    `很高兴通知您，您已通过我司面试，现正式向您发出录用通知。`,
    `岗位：${o.positionName ?? o.demandName}`,
    `部门：${o.orgName ?? '—'}`,
    `月薪（税前）：${money(o.monthlySalary)} 元；试用期 ${o.probationMonths} 个月${o.probationSalary ? `，试用期月薪 ${money(o.probationSalary)} 元` : ''}`,
    `入职日期：${o.entryDate ?? '另行通知'}`,
    `Offer编号：${o.documentNo ?? ''}`,
    `请回复本邮件确认是否接受。`,
  ];
  const text = `${lines.join('\n')}\n`;
  const html = `<div>${lines.map((l) => `<p>${escHtml(l)}</p>`).join('')}</div>`;
  return { offer: o, to: o.email, subject, text, html };
}

export async function previewMail(db: Db, user: Principal, id: number) {
  await offerById(db, user, id);
  const m = await offerMail(db, id);
  return { to: m.to, subject: m.subject, html: m.html, text: m.text, sendCount: m.offer.sendCount };
}

/** Sends the offer mail through the outbox; a second send needs `confirm`. Sending opens 002 and candidate 060. */
export async function sendOffer(db: Db, user: Principal, input: { id: number; confirm?: boolean }, ctx: Pick<CallContext, 'audit'>) {
  const offer = await employFor(db, user, input.id, ['001', '002', '003', '004', '005'], '发送Offer');
  if (offer.sendCount > 0 && !input.confirm) throw conflict(RECRUIT_MSG.sendConfirm(offer.sendCount));
  const mail = await offerMail(db, input.id);
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const counted = await tx
      .update(recruitOffers)
      .set({ sendCount: sql`${recruitOffers.sendCount} + 1`, lastSentAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(recruitOffers.id, input.id), eq(recruitOffers.sendCount, offer.sendCount)))
      .returning({ id: recruitOffers.id });
    // A concurrent send counted first: this one needs the user's confirmation of a second send.
    if (!counted.length) throw conflict(RECRUIT_MSG.sendConfirm(offer.sendCount + 1));
    const outboxId = await enqueue(tx, 'mail', { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await tx.insert(recruitOfferSends).values({ offerId: input.id, to: mail.to, subject: mail.subject, sentBy: user.userId, outboxId });
    if (offer.employStage === '001') {
      await setEmployStage(tx, input.id, '001', '002', user.userId);
      const c = await candidateRow(tx, offer.candidateId);
      if (c.stage === '050') await changeStage(tx, c, '050', '060', user.userId);
    }
  });
  const after = await offerById(db, user, input.id);
  ctx.audit({ recordId: input.id, before: offer, after: { sendCount: after.sendCount, to: mail.to } });
  return after;
}

/** The candidate accepted (002 → 003; candidate 060 → 070). */
export async function acceptOffer(db: Db, user: Principal, id: number, ctx: Pick<CallContext, 'audit'>) {
  const offer = await employFor(db, user, id, ['002'], '确认接受');
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await setEmployStage(tx, id, '002', '003', user.userId);
    const c = await candidateRow(tx, offer.candidateId);
    await changeStage(tx, c, '060', '070', user.userId);
  });
  const after = await offerById(db, user, id);
  ctx.audit({ recordId: id, before: offer, after });
  return after;
}

/** 003 → 004 (background check) → 005 (awaiting entry); 003 → 005 skips the check. */
export async function deliverStage(db: Db, user: Principal, input: { id: number; stage: '004' | '005' }, ctx: Pick<CallContext, 'audit'>) {
  const from = input.stage === '004' ? ['003'] : ['003', '004'];
  const offer = await employFor(db, user, input.id, from, `进入「${EMPLOY_STAGE_NAMES[input.stage]}」`);
  await db.transaction((tx) => setEmployStage(tx as unknown as Db, input.id, offer.employStage as string, input.stage, user.userId));
  const after = await offerById(db, user, input.id);
  ctx.audit({ recordId: input.id, before: offer, after });
  return after;
}

export async function storeEmploy(
  db: Db,
  user: Principal,
  input: z.output<typeof ZEmployStore>,
  ctx: Pick<CallContext, 'audit'>,
  today = new BusinessCalendar().day(),
) {
  const offer = await employFor(db, user, input.id, ['001', '002', '003', '004', '005'], '修改');
  if (input.entryDate && input.entryDate < today) throw badRequest(RECRUIT_MSG.entryPast);
  await db
    .update(recruitOffers)
    .set({
      ...(input.entryDate !== undefined ? { entryDate: input.entryDate } : {}),
      ...(input.orgId ? { orgId: input.orgId } : {}),
      ...(input.positionName ? { positionName: input.positionName } : {}),
      ...(input.advise !== undefined ? { advise: input.advise } : {}),
      updatedAt: new Date(),
      updatedBy: user.userId,
    })
    .where(eq(recruitOffers.id, input.id));
  const after = await offerById(db, user, input.id);
  ctx.audit({ recordId: input.id, before: offer, after });
  return after;
}

/** The hire joined: 003/004/005 → 006, candidate → 080, and the hand-off row for onboarding — one transaction. */
export async function submitEmploy(db: Db, user: Principal, id: number, ctx: Pick<CallContext, 'audit'>) {
  const offer = await employFor(db, user, id, ['003', '004', '005'], '确认入职');
  if (!offer.entryDate) throw badRequest('请先填写入职日期');
  const row = await offerRow(db, id);
  const hireId = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await setEmployStage(tx, id, offer.employStage as string, '006', user.userId);
    const c = await candidateRow(tx, offer.candidateId);
    await changeStage(tx, c, c.stage, '080', user.userId);
    const [t] = await tx.select().from(recruitTalents).where(eq(recruitTalents.id, c.talentId));
    const [post] = c.postId
      ? await queryRows<{ positionId: number | null }>(tx, sql`SELECT position_id AS "positionId" FROM recruit_demand_posts WHERE id = ${c.postId}`)
      : [];
    const hire = await recordHire(tx, {
      offerId: id,
      candidateId: c.id,
      talentId: c.talentId,
      demandId: c.demandId,
      name: t?.name ?? offer.candidateName,
      gender: t?.gender ?? null,
      phone: t?.phone ?? null,
      email: t?.email ?? null,
      idCardNo: t?.idCardNo ?? null,
      education: t?.education ?? null,
      orgId: row.orgId,
      clientCompanyId: row.clientCompanyId,
      personCategory: row.personCategory,
      positionId: post?.positionId ?? null,
      positionName: row.positionName,
      entryDate: row.entryDate,
      monthlySalary: row.monthlySalary,
      probationSalary: row.probationSalary,
      probationMonths: row.probationMonths,
      recruiterUserId: row.recruiterUserId,
    });
    return hire.id;
  });
  const after = await offerById(db, user, id);
  ctx.audit({ recordId: id, before: offer, after: { ...after, hireId } });
  return { offer: after, hireId };
}

/** Did not join (007, candidate 095) or cancelled (008, candidate 090). */
export async function endEmploy(db: Db, user: Principal, input: { id: number; reason: string }, to: '007' | '008', ctx: Pick<CallContext, 'audit'>) {
  const offer = await employFor(db, user, input.id, ['001', '002', '003', '004', '005'], to === '007' ? '标记未入职' : '取消录用');
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await setEmployStage(tx, input.id, offer.employStage as string, to, user.userId, { failReason: input.reason });
    const c = await candidateRow(tx, offer.candidateId);
    await changeStage(tx, c, c.stage, to === '007' ? '095' : '090', user.userId, input.reason);
  });
  ctx.audit({ recordId: input.id, before: offer, after: { employStage: to, reason: input.reason } });
  return null;
}

/** Hands employments (and their candidates) to another recruiter. */
export async function handOver(db: Db, user: Principal, input: { ids: number[]; recruiterUserId: number }, ctx: Pick<CallContext, 'audit'>) {
  const [target] = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE id = ${input.recruiterUserId} AND enabled`);
  if (!target) throw badRequest('接收人不存在或已停用');
  for (const id of input.ids) await offerById(db, user, id);
  const changed = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const rows = await tx
      .update(recruitOffers)
      .set({ recruiterUserId: input.recruiterUserId, updatedAt: new Date(), updatedBy: user.userId })
      .where(inArray(recruitOffers.id, input.ids))
      .returning({ candidateId: recruitOffers.candidateId });
    if (rows.length)
      await tx
        .update(recruitCandidates)
        .set({ recruiterUserId: input.recruiterUserId, updatedAt: new Date(), updatedBy: user.userId })
        .where(
          inArray(
            recruitCandidates.id,
            rows.map((r) => r.candidateId),
          ),
        );
    return rows.length;
  });
  ctx.audit({ recordId: input.ids.join(','), after: { recruiterUserId: input.recruiterUserId } });
  return { changed };
}

export async function employSalary(db: Db, user: Principal, id: number) {
  await offerById(db, user, id);
  const row = await offerRow(db, id);
  const monthly = row.monthlySalary / 100;
  return {
    monthlySalary: monthly,
    probationSalary: row.probationSalary === null ? null : row.probationSalary / 100,
    probationMonths: row.probationMonths,
    annual: monthly * 12,
  };
}
