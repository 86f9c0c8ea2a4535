import type { ZSendRecord } from '@erp/contract';
import {
  type CandidateRecord,
  candidateMeta,
  type DemandNameRecord,
  type DemandRecord,
  demandMeta,
  demandNameMeta,
  offerSendMeta,
  RECRUIT_MSG,
} from '@erp/contract';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { orgUnits, users } from '../../db/schema';
import { anyContains, contains, equals, type FilterFn } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { recruitCandidates, recruitDemandNames, recruitDemandPosts, recruitDemands, recruitOfferSends, recruitOffers, recruitTalents } from './recruit.schema';

/** Fen in the database, yuan on the wire. */
export const yuanOf = (fen: SQL | unknown) => sql<number | null>`(${fen})::float8 / 100`;

const demandOrg = alias(orgUnits, 'demand_org');
const demandClient = alias(orgUnits, 'demand_client');
const demandRecruiter = alias(users, 'demand_recruiter');

export const demandResource = defineResource<DemandRecord, typeof recruitDemands>({
  meta: demandMeta,
  table: recruitDemands,
  idColumn: recruitDemands.id,
  select: {
    id: recruitDemands.id,
    demandNo: recruitDemands.demandNo,
    name: recruitDemands.name,
    kind: recruitDemands.kind,
    clientCompanyId: recruitDemands.clientCompanyId,
    clientCompanyName: demandClient.name,
    orgId: recruitDemands.orgId,
    orgName: demandOrg.name,
    recruiterUserId: recruitDemands.recruiterUserId,
    recruiterName: demandRecruiter.realName,
    city: recruitDemands.city,
    education: recruitDemands.education,
    yearsMin: recruitDemands.yearsMin,
    salaryMin: yuanOf(recruitDemands.salaryMin),
    salaryMax: yuanOf(recruitDemands.salaryMax),
    deadline: sql<string | null>`to_char(${recruitDemands.deadline}, 'YYYY-MM-DD')`,
    status: recruitDemands.status,
    headcount: sql<number>`(SELECT coalesce(sum(p.headcount), 0)::int FROM recruit_demand_posts p WHERE p.demand_id = "recruit_demands"."id")`,
    hired: sql<number>`(SELECT count(*)::int FROM recruit_candidates c WHERE c.demand_id = "recruit_demands"."id" AND c.stage = '080')`,
    candidates: sql<number>`(SELECT count(*)::int FROM recruit_candidates c WHERE c.demand_id = "recruit_demands"."id")`,
    description: recruitDemands.description,
    opportunityId: recruitDemands.opportunityId,
    createdAt: recruitDemands.createdAt,
  },
  joins: [
    { table: demandOrg, on: eq(demandOrg.id, recruitDemands.orgId) },
    { table: demandClient, on: eq(demandClient.id, recruitDemands.clientCompanyId) },
    { table: demandRecruiter, on: eq(demandRecruiter.id, recruitDemands.recruiterUserId) },
  ],
  filters: {
    keyword: anyContains(recruitDemands.name, recruitDemands.demandNo),
    name: contains(recruitDemands.name),
    demandNo: contains(recruitDemands.demandNo),
    city: contains(recruitDemands.city),
    kind: equals(recruitDemands.kind),
    status: equals(recruitDemands.status),
    orgId: equals(recruitDemands.orgId),
    clientCompanyId: equals(recruitDemands.clientCompanyId),
    recruiterUserId: equals(recruitDemands.recruiterUserId),
  },
  sortable: { demandNo: recruitDemands.demandNo, name: recruitDemands.name, deadline: recruitDemands.deadline, createdAt: recruitDemands.createdAt },
  defaultOrder: [desc(recruitDemands.createdAt)],
  scope: { orgId: recruitDemands.orgId, ownerUserId: recruitDemands.recruiterUserId },
  softDelete: recruitDemands.deletedAt,
});

const candTalent = alias(recruitTalents, 'cand_talent');
const candDemand = alias(recruitDemands, 'cand_demand');
const candPost = alias(recruitDemandPosts, 'cand_post');
const candRecruiter = alias(users, 'cand_recruiter');

const openStage: FilterFn<boolean | undefined> = (v) =>
  v === true ? sql`${recruitCandidates.stage} < '080'` : v === false ? sql`${recruitCandidates.stage} >= '080'` : undefined;

export const candidateResource = defineResource<CandidateRecord, typeof recruitCandidates>({
  meta: candidateMeta,
  table: recruitCandidates,
  idColumn: recruitCandidates.id,
  select: {
    id: recruitCandidates.id,
    talentId: recruitCandidates.talentId,
    name: candTalent.name,
    phone: candTalent.phone,
    email: candTalent.email,
    education: candTalent.education,
    years: candTalent.years,
    city: candTalent.city,
    demandId: recruitCandidates.demandId,
    demandName: candDemand.name,
    postId: recruitCandidates.postId,
    postName: candPost.postName,
    stage: recruitCandidates.stage,
    stageAt: recruitCandidates.stageAt,
    source: recruitCandidates.source,
    recruiterUserId: recruitCandidates.recruiterUserId,
    recruiterName: candRecruiter.realName,
    outReason: recruitCandidates.outReason,
    nextInterviewAt: sql<
      string | null
    >`(SELECT to_char(min(i.starts_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM recruit_interviews i WHERE i.candidate_id = "recruit_candidates"."id" AND i.status = '001')`,
    createdAt: recruitCandidates.createdAt,
  },
  joins: [
    { table: candTalent, on: eq(candTalent.id, recruitCandidates.talentId) },
    { table: candDemand, on: eq(candDemand.id, recruitCandidates.demandId) },
    { table: candPost, on: eq(candPost.id, recruitCandidates.postId) },
    { table: candRecruiter, on: eq(candRecruiter.id, recruitCandidates.recruiterUserId) },
  ],
  filters: {
    keyword: anyContains(candTalent.name, candTalent.phone, candDemand.name),
    demandId: equals(recruitCandidates.demandId),
    stage: equals(recruitCandidates.stage),
    open: openStage as FilterFn<never>,
    source: equals(recruitCandidates.source),
    recruiterUserId: equals(recruitCandidates.recruiterUserId),
  },
  sortable: { name: candTalent.name, stageAt: recruitCandidates.stageAt, createdAt: recruitCandidates.createdAt },
  defaultOrder: [desc(recruitCandidates.stageAt)],
  scope: { orgId: recruitCandidates.orgId, ownerUserId: recruitCandidates.recruiterUserId },
  where: sql`${candDemand.deletedAt} IS NULL`,
});

export const demandNameResource = defineResource<DemandNameRecord, typeof recruitDemandNames>({
  meta: demandNameMeta,
  table: recruitDemandNames,
  idColumn: recruitDemandNames.id,
  select: {
    id: recruitDemandNames.id,
    name: recruitDemandNames.name,
    category: recruitDemandNames.category,
    enabled: recruitDemandNames.enabled,
    remark: recruitDemandNames.remark,
    updatedAt: recruitDemandNames.updatedAt,
  },
  filters: { name: contains(recruitDemandNames.name), category: contains(recruitDemandNames.category), enabled: equals(recruitDemandNames.enabled) },
  sortable: { name: recruitDemandNames.name, updatedAt: recruitDemandNames.updatedAt },
  defaultOrder: [asc(recruitDemandNames.name)],
  unique: [{ columns: [recruitDemandNames.name], message: RECRUIT_MSG.demandNameTaken }],
});

type SendRecord = z.output<typeof ZSendRecord>;
const sendOffer = alias(recruitOffers, 'send_offer');
const sendCandidate = alias(recruitCandidates, 'send_candidate');
const sendTalent = alias(recruitTalents, 'send_talent');
const sendDemand = alias(recruitDemands, 'send_demand');
const sendBy = alias(users, 'send_by');

export const offerSendResource = defineResource<SendRecord, typeof recruitOfferSends>({
  meta: offerSendMeta,
  table: recruitOfferSends,
  idColumn: recruitOfferSends.id,
  select: {
    id: recruitOfferSends.id,
    offerId: recruitOfferSends.offerId,
    candidateName: sql<string>`coalesce(${sendTalent.name}, '')`,
    demandName: sql<string>`coalesce(${sendDemand.name}, '')`,
    to: recruitOfferSends.to,
    subject: recruitOfferSends.subject,
    sentByName: sendBy.realName,
    sentAt: recruitOfferSends.sentAt,
  },
  joins: [
    { table: sendOffer, on: eq(sendOffer.id, recruitOfferSends.offerId) },
    { table: sendCandidate, on: eq(sendCandidate.id, sendOffer.candidateId) },
    { table: sendTalent, on: eq(sendTalent.id, sendCandidate.talentId) },
    { table: sendDemand, on: eq(sendDemand.id, sendCandidate.demandId) },
    { table: sendBy, on: eq(sendBy.id, recruitOfferSends.sentBy) },
  ],
  filters: {
    keyword: anyContains(sendTalent.name, recruitOfferSends.to, sendDemand.name),
    from: ((v: string | undefined) => (v ? sql`${recruitOfferSends.sentAt} >= ${v}::date` : undefined)) as FilterFn<never>,
    to: ((v: string | undefined) => (v ? sql`${recruitOfferSends.sentAt} < ${v}::date + 1` : undefined)) as FilterFn<never>,
  },
  sortable: { sentAt: recruitOfferSends.sentAt },
  defaultOrder: [desc(recruitOfferSends.sentAt)],
  scope: { orgId: sendCandidate.orgId, ownerUserId: sendCandidate.recruiterUserId },
});
