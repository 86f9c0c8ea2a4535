import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../db/columns';

/**
 * Recruitment (docs/domain/recruitment.md): demands and their posts, the talent pool with résumés
 * and full-text search, candidates in a demand's pipeline with every stage change, interviews,
 * offers (a document on the kernel) and the hand-off of hires to onboarding. Money in fen.
 */

/** PostgreSQL tsvector (Drizzle has no built-in type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const fen = (name: string) => bigint(name, { mode: 'number' });

export const recruitDemands = pgTable(
  'recruit_demands',
  {
    id: serial('id').primaryKey(),
    demandNo: varchar('demand_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull().default('001'),
    clientCompanyId: integer('client_company_id'),
    orgId: integer('org_id').notNull(),
    recruiterUserId: integer('recruiter_user_id'),
    city: varchar('city', { length: 32 }),
    education: varchar('education', { length: 8 }),
    yearsMin: integer('years_min'),
    salaryMin: fen('salary_min'),
    salaryMax: fen('salary_max'),
    deadline: date('deadline'),
    status: varchar('status', { length: 8 }).notNull().default('001'),
    description: varchar('description', { length: 2000 }),
    opportunityId: integer('opportunity_id'),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('recruit_demands_no_uq').on(t.demandNo),
    index('recruit_demands_org_idx').on(t.orgId),
    index('recruit_demands_status_idx').on(t.status),
    // The open demands a recruiter holds (leaver handover, the departure check).
    index('recruit_demands_open_recruiter_idx').on(t.recruiterUserId).where(sql`deleted_at IS NULL AND status IN ('001', '002')`),
  ],
);

export const recruitDemandPosts = pgTable(
  'recruit_demand_posts',
  {
    id: serial('id').primaryKey(),
    demandId: integer('demand_id').notNull(),
    positionId: integer('position_id'),
    postName: varchar('post_name', { length: 64 }).notNull(),
    headcount: integer('headcount').notNull(),
    salaryMin: fen('salary_min'),
    salaryMax: fen('salary_max'),
    requirement: varchar('requirement', { length: 1000 }),
    ...auditColumns,
  },
  (t) => [index('recruit_demand_posts_demand_idx').on(t.demandId)],
);

export const recruitDemandNames = pgTable(
  'recruit_demand_names',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    category: varchar('category', { length: 32 }),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('recruit_demand_names_name_uq').on(t.name)],
);

export const recruitTalents = pgTable(
  'recruit_talents',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    gender: varchar('gender', { length: 8 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 128 }),
    idCardNo: varchar('id_card_no', { length: 32 }),
    city: varchar('city', { length: 32 }),
    education: varchar('education', { length: 8 }),
    years: integer('years'),
    currentCompany: varchar('current_company', { length: 64 }),
    currentTitle: varchar('current_title', { length: 64 }),
    expectedSalary: fen('expected_salary'),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    source: varchar('source', { length: 8 }),
    supplyId: integer('supply_id'),
    referrerUserId: integer('referrer_user_id'),
    resumeId: integer('resume_id'),
    resumeText: text('resume_text'),
    /** jieba-segmented words of name, title, company, skills, tags and résumé ('simple' configuration). */
    searchDoc: tsvector('search_doc'),
    orgId: integer('org_id'),
    ownerUserId: integer('owner_user_id'),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    index('recruit_talents_search_idx').using('gin', t.searchDoc),
    index('recruit_talents_phone_idx').on(t.phone),
    index('recruit_talents_email_idx').on(sql`lower(${t.email})`),
    index('recruit_talents_idcard_idx').on(t.idCardNo),
    index('recruit_talents_updated_idx').on(t.updatedAt, t.id),
  ],
);

/**
 * The talent pool's words, one row per talent and lexeme of its search document, with the sort key
 * (updated_at, id) and the filterable columns: a keyword's holders are one range of the order
 * index, read newest first, so a page of a common word reads its rows and stops, and the capped total
 * of one word is an index-only count. Kept by triggers on recruit_talents (migration 0015) from the
 * tsvector itself, in the writer's transaction, whoever writes (services, seed, generator); deleted
 * talents hold no words.
 */
export const recruitTalentWords = pgTable(
  'recruit_talent_words',
  {
    word: text('word').notNull(),
    talentId: integer('talent_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    city: varchar('city', { length: 32 }),
    education: varchar('education', { length: 8 }),
    years: integer('years'),
    expectedSalary: fen('expected_salary'),
    source: varchar('source', { length: 8 }),
    orgId: integer('org_id'),
    ownerUserId: integer('owner_user_id'),
  },
  (t) => [
    primaryKey({ columns: [t.talentId, t.word] }),
    index('recruit_talent_words_order_idx').on(
      t.word,
      t.updatedAt,
      t.talentId,
      t.city,
      t.education,
      t.years,
      t.expectedSalary,
      t.source,
      t.orgId,
      t.ownerUserId,
    ),
    // The capped total of one word with a city (the filter nearly every search carries) reads the
    // word's holders in that city only, not the word's whole range of the order index: 1,474 of 27,650
    // entries for Java in 上海 over 200,000 talents, 1.3 → 0.3 ms. The order index stays the page's path.
    index('recruit_talent_words_city_idx').on(t.word, t.city, t.education, t.years, t.orgId, t.ownerUserId),
  ],
);

export const recruitResumes = pgTable(
  'recruit_resumes',
  {
    id: serial('id').primaryKey(),
    talentId: integer('talent_id'),
    fileId: integer('file_id').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    text: text('text').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    uploadedBy: integer('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruit_resumes_talent_idx').on(t.talentId)],
);

export const recruitCandidates = pgTable(
  'recruit_candidates',
  {
    id: serial('id').primaryKey(),
    talentId: integer('talent_id').notNull(),
    demandId: integer('demand_id').notNull(),
    postId: integer('post_id'),
    stage: varchar('stage', { length: 8 }).notNull().default('010'),
    stageAt: timestamp('stage_at', { withTimezone: true }).notNull().defaultNow(),
    source: varchar('source', { length: 8 }),
    recruiterUserId: integer('recruiter_user_id'),
    orgId: integer('org_id'),
    outReason: varchar('out_reason', { length: 255 }),
    /** The furthest stage before 090 its events name (null: none), kept by the trigger on recruit_stage_events. */
    reachedStage: varchar('reached_stage', { length: 8 }),
    ...auditColumns,
  },
  (t) => [
    index('recruit_candidates_created_idx').on(t.createdAt),
    uniqueIndex('recruit_candidates_talent_demand_uq').on(t.talentId, t.demandId),
    index('recruit_candidates_demand_stage_idx').on(t.demandId, t.stage),
    index('recruit_candidates_stage_idx').on(t.stage, t.stageAt),
    // The open candidates a recruiter follows (leaver handover, the departure check).
    index('recruit_candidates_open_recruiter_idx').on(t.recruiterUserId).where(sql`stage NOT IN ('080', '090', '095')`),
  ],
);

export const recruitStageEvents = pgTable(
  'recruit_stage_events',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id').notNull(),
    demandId: integer('demand_id').notNull(),
    fromStage: varchar('from_stage', { length: 8 }),
    toStage: varchar('to_stage', { length: 8 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer('by_user_id'),
    reason: varchar('reason', { length: 255 }),
    /** When the candidate's next event (by at, id) came: the end of the time in this stage; kept by trigger. */
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [index('recruit_stage_events_candidate_idx').on(t.candidateId, t.at), index('recruit_stage_events_at_idx').on(t.at)],
);

export const recruitInterviewPlaces = pgTable(
  'recruit_interview_places',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    address: varchar('address', { length: 255 }),
    capacity: integer('capacity'),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('recruit_interview_places_name_uq').on(t.name)],
);

export const recruitInterviews = pgTable(
  'recruit_interviews',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id').notNull(),
    round: varchar('round', { length: 8 }).notNull(),
    interviewerUserId: integer('interviewer_user_id').notNull(),
    placeId: integer('place_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    mode: varchar('mode', { length: 8 }).notNull().default('001'),
    status: varchar('status', { length: 8 }).notNull().default('001'),
    score: smallint('score'),
    feedback: varchar('feedback', { length: 1000 }),
    ...auditColumns,
  },
  (t) => [
    index('recruit_interviews_candidate_idx').on(t.candidateId),
    index('recruit_interviews_interviewer_idx').on(t.interviewerUserId, t.startsAt),
    index('recruit_interviews_place_idx').on(t.placeId, t.startsAt),
  ],
);

export const recruitOffers = pgTable(
  'recruit_offers',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id').notNull(),
    monthlySalary: fen('monthly_salary').notNull(),
    probationSalary: fen('probation_salary'),
    probationMonths: integer('probation_months').notNull().default(3),
    entryDate: date('entry_date'),
    orgId: integer('org_id'),
    positionName: varchar('position_name', { length: 64 }),
    personCategory: varchar('person_category', { length: 8 }).notNull().default('001'),
    clientCompanyId: integer('client_company_id'),
    advise: varchar('advise', { length: 1000 }),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    documentNo: varchar('document_no', { length: 32 }),
    employStage: varchar('employ_stage', { length: 8 }),
    sendCount: integer('send_count').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    failReason: varchar('fail_reason', { length: 255 }),
    recruiterUserId: integer('recruiter_user_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('recruit_offers_candidate_uq').on(t.candidateId),
    index('recruit_offers_instance_idx').on(t.processInstanceId),
    index('recruit_offers_employ_idx').on(t.employStage),
  ],
);

export const recruitOfferSends = pgTable(
  'recruit_offer_sends',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull(),
    to: varchar('to', { length: 128 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    sentBy: integer('sent_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    outboxId: integer('outbox_id'),
  },
  (t) => [index('recruit_offer_sends_offer_idx').on(t.offerId), index('recruit_offer_sends_at_idx').on(t.sentAt)],
);

/** The hand-off to onboarding: one row per hire, written by employ/submit (see onboarding-handoff.ts). */
export const recruitHires = pgTable(
  'recruit_hires',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull(),
    candidateId: integer('candidate_id').notNull(),
    talentId: integer('talent_id').notNull(),
    demandId: integer('demand_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    gender: varchar('gender', { length: 8 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 128 }),
    idCardNo: varchar('id_card_no', { length: 32 }),
    education: varchar('education', { length: 8 }),
    orgId: integer('org_id'),
    clientCompanyId: integer('client_company_id'),
    personCategory: varchar('person_category', { length: 8 }).notNull().default('001'),
    positionId: integer('position_id'),
    positionName: varchar('position_name', { length: 64 }),
    entryDate: date('entry_date'),
    monthlySalary: fen('monthly_salary').notNull(),
    probationSalary: fen('probation_salary'),
    probationMonths: integer('probation_months').notNull(),
    recruiterUserId: integer('recruiter_user_id'),
    /** pending (written by recruitment) → taken | cancelled (written by onboarding). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    onboardingId: integer('onboarding_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recruit_hires_offer_uq').on(t.offerId), index('recruit_hires_status_idx').on(t.status, t.id)],
);

export const recruitRpoDicts = pgTable(
  'recruit_rpo_dicts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('recruit_rpo_dicts_kind_code_uq').on(t.kind, t.code)],
);

export const recruitRpoDemands = pgTable(
  'recruit_rpo_demands',
  {
    id: serial('id').primaryKey(),
    clientCompanyId: integer('client_company_id').notNull(),
    demandId: integer('demand_id'),
    postName: varchar('post_name', { length: 64 }).notNull(),
    headcount: integer('headcount').notNull(),
    feePerHire: fen('fee_per_hire').notNull(),
    feeItem: varchar('fee_item', { length: 32 }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    ...auditColumns,
  },
  (t) => [index('recruit_rpo_demands_client_idx').on(t.clientCompanyId)],
);

export const recruitRpoResumes = pgTable(
  'recruit_rpo_resumes',
  {
    id: serial('id').primaryKey(),
    rpoDemandId: integer('rpo_demand_id').notNull(),
    talentId: integer('talent_id').notNull(),
    deliveredOn: date('delivered_on').notNull(),
    feedback: varchar('feedback', { length: 500 }),
    result: varchar('result', { length: 8 }).notNull().default('001'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('recruit_rpo_resumes_uq').on(t.rpoDemandId, t.talentId)],
);

export const recruitOpportunities = pgTable('recruit_opportunities', {
  id: serial('id').primaryKey(),
  clientCompanyId: integer('client_company_id').notNull(),
  projectName: varchar('project_name', { length: 128 }).notNull(),
  amount: fen('amount').notNull(),
  wonOn: date('won_on').notNull(),
  status: varchar('status', { length: 8 }).notNull().default('001'),
  ...auditColumns,
});

export const recruitClues = pgTable(
  'recruit_clues',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 128 }),
    company: varchar('company', { length: 64 }),
    position: varchar('position', { length: 64 }),
    note: varchar('note', { length: 500 }),
    talentId: integer('talent_id'),
    status: varchar('status', { length: 8 }).notNull().default('001'),
    ...auditColumns,
  },
  (t) => [index('recruit_clues_creator_idx').on(t.createdBy)],
);
