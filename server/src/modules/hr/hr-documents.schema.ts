import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/**
 * The three HR documents of docs/domain/hr-agreements-handover.md. Each row is a business document
 * on the kernel (state, process instance, number) and copies the employee's unit (`org_id`) and
 * account (`user_id`) so the data scope applies to it without a join.
 */

/** 三方协议: the agreement between a graduate or intern, their school and the company. */
export const tripleAgreements = pgTable(
  'triple_agreements',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    /** TRIPLETYPE: 001 毕业生就业协议 · 002 实习协议. */
    agreementType: varchar('agreement_type', { length: 8 }).notNull(),
    /** The school's number printed on the agreement (unique among agreements not rejected or revoked). */
    agreementNo: varchar('agreement_no', { length: 64 }).notNull(),
    school: varchar('school', { length: 100 }).notNull(),
    major: varchar('major', { length: 100 }),
    /** EDUCATION. */
    education: varchar('education', { length: 8 }).notNull(),
    graduationDate: date('graduation_date').notNull(),
    signDate: date('sign_date').notNull(),
    /** Liquidated damages (违约金) in fen. */
    breachFeeCents: bigint('breach_fee_cents', { mode: 'number' }).notNull().default(0),
    /** File group of the scanned agreement. */
    fileGroupId: varchar('file_group_id', { length: 64 }),
    remark: varchar('remark', { length: 500 }),
    /** TRIPLEREG: 001 未登记 · 002 已收原件 · 003 已寄回学校 · 004 已归档. */
    registerState: varchar('register_state', { length: 8 }).notNull().default('001'),
    archiveLocation: varchar('archive_location', { length: 100 }),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    documentNo: varchar('document_no', { length: 32 }),
    ...auditColumns,
  },
  (t) => [
    index('triple_agreements_employee_idx').on(t.employeeId),
    index('triple_agreements_instance_idx').on(t.processInstanceId),
    uniqueIndex('triple_agreements_no_uq').on(t.agreementNo).where(sql`${t.state} NOT IN ('rejected', 'revoked')`),
  ],
);

/** The paper trail of an agreement (registerLog): received, sent back to the school, archived. */
export const tripleAgreementLogs = pgTable(
  'triple_agreement_logs',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id').notNull(),
    registerState: varchar('register_state', { length: 8 }).notNull(),
    note: varchar('note', { length: 200 }),
    ...auditColumns,
  },
  (t) => [index('triple_agreement_logs_agreement_idx').on(t.agreementId, t.id)],
);

/** 补偿优化: economic compensation (N, N+1) of an employee whose contract the company ends. */
export const compensations = pgTable(
  'compensations',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    /** COMPREASON. */
    reason: varchar('reason', { length: 8 }).notNull(),
    leaveDate: date('leave_date').notNull(),
    entryDate: date('entry_date').notNull(),
    /** N in tenths of a month (3.5 months = 35). */
    monthsTenths: integer('months_tenths').notNull(),
    /** Monthly base (average wage of the last 12 months, capped) in fen. */
    monthlyBaseCents: bigint('monthly_base_cents', { mode: 'number' }).notNull(),
    /** +1: a month's pay instead of 30 days' notice. */
    noticePay: varchar('notice_pay', { length: 8 }).notNull(),
    extraCents: bigint('extra_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    remark: varchar('remark', { length: 500 }),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    documentNo: varchar('document_no', { length: 32 }),
    ...auditColumns,
  },
  (t) => [index('compensations_employee_idx').on(t.employeeId), index('compensations_instance_idx').on(t.processInstanceId)],
);

/** One scored line of an evaluation. */
export interface PerformanceItem {
  name: string;
  /** Weight in percent; the weights of a form add up to 100. */
  weight: number;
  target: string;
  selfScore: number;
  judgeScore: number | null;
}

/** 绩效考核: a monthly or yearly evaluation: the employee's self-evaluation, the judge's score, HR. */
export const performanceEvaluations = pgTable(
  'performance_evaluations',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    /** PERFPERIOD: 001 月度 · 002 年度. */
    periodType: varchar('period_type', { length: 8 }).notNull(),
    /** 2026-10 (monthly) or 2026 (yearly). */
    period: varchar('period', { length: 7 }).notNull(),
    items: jsonb('items').$type<PerformanceItem[]>().notNull(),
    selfSummary: varchar('self_summary', { length: 1000 }).notNull(),
    /** Weighted scores in tenths (92.5 = 925). */
    selfScoreTenths: integer('self_score_tenths').notNull(),
    judgeScoreTenths: integer('judge_score_tenths'),
    /** PERFGRADE: S A B C D, from the judge's score. */
    grade: varchar('grade', { length: 8 }),
    judgeComment: varchar('judge_comment', { length: 500 }),
    judgeUserId: integer('judge_user_id'),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    documentNo: varchar('document_no', { length: 32 }),
    ...auditColumns,
  },
  (t) => [
    index('performance_evaluations_instance_idx').on(t.processInstanceId),
    index('performance_evaluations_period_idx').on(t.period, t.id),
    // One evaluation per person and period (a rejected or revoked one may be done again).
    uniqueIndex('performance_evaluations_period_uq').on(t.employeeId, t.periodType, t.period).where(sql`${t.state} NOT IN ('rejected', 'revoked')`),
  ],
);

/** What a contract seal and a contract archive request both say about the labour contract. */
const contractRequestColumns = () => ({
  id: serial('id').primaryKey(),
  employeeId: integer('employee_id').notNull(),
  userId: integer('user_id').notNull(),
  orgId: integer('org_id'),
  /** CONTRACTTYPE. */
  contractType: varchar('contract_type', { length: 8 }).notNull(),
  contractStart: date('contract_start').notNull(),
  contractEnd: date('contract_end'),
  copies: integer('copies').notNull(),
  /** The uploaded contract (module `hrContract`). */
  fileGroupId: varchar('file_group_id', { length: 64 }),
  remark: varchar('remark', { length: 500 }),
  state: varchar('state', { length: 16 }).notNull().default('draft'),
  processInstanceId: integer('process_instance_id'),
  documentNo: varchar('document_no', { length: 32 }),
  ...auditColumns,
});

const OPEN_REQUEST = sql`state IN ('draft', 'approving', 'returned')`;

/** 用印申请: HR asks the seal keeper to seal an employee's labour contract. */
export const contractSeals = pgTable(
  'contract_seals',
  {
    ...contractRequestColumns(),
    /** SEALTYPE. */
    sealType: varchar('seal_type', { length: 8 }).notNull(),
    purpose: varchar('purpose', { length: 200 }).notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('contract_seals_open_uq').on(t.employeeId).where(OPEN_REQUEST),
    index('contract_seals_instance_idx').on(t.processInstanceId),
    index('contract_seals_group_idx').on(t.fileGroupId),
  ],
);

/** 归档申请: the signed original goes to the archive room; passed means filed. */
export const contractArchives = pgTable(
  'contract_archives',
  {
    ...contractRequestColumns(),
    location: varchar('location', { length: 100 }).notNull(),
    /** The passed seal request of the same contract, when there was one (archived at most once). */
    sealId: integer('seal_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('contract_archives_open_uq').on(t.employeeId).where(OPEN_REQUEST),
    uniqueIndex('contract_archives_seal_uq').on(t.sealId).where(sql`state NOT IN ('rejected', 'revoked')`),
    index('contract_archives_instance_idx').on(t.processInstanceId),
    index('contract_archives_group_idx').on(t.fileGroupId),
  ],
);
