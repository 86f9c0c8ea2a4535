import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../db/columns';

/** Kernel columns every lifecycle document carries (docs/domain/hr-lifecycle.md). */
const documentColumns = () => ({
  id: serial('id').primaryKey(),
  documentNo: varchar('document_no', { length: 32 }),
  /** draft | approving | returned | passed | rejected | revoked (the kernel keeps it). */
  state: varchar('state', { length: 16 }).notNull().default('draft'),
  processInstanceId: integer('process_instance_id'),
  applicantUserId: integer('applicant_user_id').notNull(),
});

/** The open states a second request of the same kind may not coexist with. */
const OPEN = sql`state IN ('draft', 'approving', 'returned')`;

/**
 * Transfer (调动, change_type 003) and adjustment (调岗调薪, 004) of one employee. The "from" side is
 * copied at submission; the master changes on the final pass (or on the effective date).
 */
export const employeeTransfers = pgTable(
  'employee_transfers',
  {
    ...documentColumns(),
    employeeId: integer('employee_id').notNull(),
    changeType: varchar('change_type', { length: 8 }).notNull(),
    fromOrgId: integer('from_org_id'),
    toOrgId: integer('to_org_id').notNull(),
    fromCompanyId: integer('from_company_id'),
    toCompanyId: integer('to_company_id'),
    fromPositionId: integer('from_position_id'),
    toPositionId: integer('to_position_id'),
    fromPositionName: varchar('from_position_name', { length: 64 }),
    toPositionName: varchar('to_position_name', { length: 64 }),
    fromGradeId: integer('from_grade_id'),
    toGradeId: integer('to_grade_id'),
    fromClientCompanyId: integer('from_client_company_id'),
    toClientCompanyId: integer('to_client_company_id'),
    fromSalaryCents: bigint('from_salary_cents', { mode: 'number' }),
    toSalaryCents: bigint('to_salary_cents', { mode: 'number' }),
    /** The employment state before the request (restored when a dated transfer is applied). */
    fromEmployState: varchar('from_employ_state', { length: 8 }).notNull(),
    effectiveDate: date('effective_date').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** Set when the master was changed (pass on or after the effective date, or the clock). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('employee_transfers_no_uq').on(t.documentNo),
    uniqueIndex('employee_transfers_open_uq').on(t.employeeId).where(OPEN),
    index('employee_transfers_emp_idx').on(t.employeeId),
    index('employee_transfers_instance_idx').on(t.processInstanceId),
    index('employee_transfers_due_idx').on(t.effectiveDate).where(sql`state = 'passed' AND applied_at IS NULL`),
  ],
);

/** Resignation (离职申请, quit_kind apply) or dismissal (辞退, dismiss) of one employee. */
export const employeeQuits = pgTable(
  'employee_quits',
  {
    ...documentColumns(),
    employeeId: integer('employee_id').notNull(),
    quitKind: varchar('quit_kind', { length: 8 }).notNull(),
    /** QUITTYPE dictionary. */
    quitType: varchar('quit_type', { length: 8 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    applyDate: date('apply_date').notNull(),
    lastWorkDate: date('last_work_date').notNull(),
    handoverUserId: integer('handover_user_id'),
    handoverNote: varchar('handover_note', { length: 500 }),
    fileIds: integer('file_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Set when the employee became 已离职 (the day after the last working day). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('employee_quits_no_uq').on(t.documentNo),
    uniqueIndex('employee_quits_open_uq').on(t.employeeId).where(OPEN),
    index('employee_quits_emp_idx').on(t.employeeId),
    index('employee_quits_instance_idx').on(t.processInstanceId),
    index('employee_quits_due_idx').on(t.lastWorkDate).where(sql`state = 'passed' AND applied_at IS NULL`),
  ],
);

/** Renewal of a labour contract (续签). */
export const contractRenewals = pgTable(
  'contract_renewals',
  {
    ...documentColumns(),
    employeeId: integer('employee_id').notNull(),
    oldEndDate: date('old_end_date'),
    newStartDate: date('new_start_date').notNull(),
    newEndDate: date('new_end_date').notNull(),
    /** CONTRACTTYPE: 001 固定期限 · 002 无固定期限 · 003 以完成一定工作任务为期限. */
    contractType: varchar('contract_type', { length: 8 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('contract_renewals_no_uq').on(t.documentNo),
    uniqueIndex('contract_renewals_open_uq').on(t.employeeId).where(OPEN),
    index('contract_renewals_instance_idx').on(t.processInstanceId),
  ],
);

/**
 * An onboarding (入职): from an accepted offer or created by HR, filled by the hire through a signed
 * link, confirmed by HR and approved; the final pass creates the account and the employee.
 * `stage`: offer | invited | filled | confirming | onboarded | gaveUpOffer | gaveUpInduction.
 */
export const onboardings = pgTable(
  'onboardings',
  {
    ...documentColumns(),
    source: varchar('source', { length: 8 }).notNull().default('hr'),
    stage: varchar('stage', { length: 16 }).notNull().default('offer'),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    email: varchar('email', { length: 128 }),
    idType: varchar('id_type', { length: 8 }).notNull().default('001'),
    idCardNo: varchar('id_card_no', { length: 32 }),
    gender: varchar('gender', { length: 8 }),
    birthday: date('birthday'),
    orgId: integer('org_id').notNull(),
    companyId: integer('company_id'),
    positionId: integer('position_id'),
    positionName: varchar('position_name', { length: 64 }),
    gradeId: integer('grade_id'),
    personCategory: varchar('person_category', { length: 8 }).notNull().default('001'),
    clientCompanyId: integer('client_company_id'),
    plannedEntryDate: date('planned_entry_date').notNull(),
    probationMonths: integer('probation_months').notNull().default(3),
    salaryCents: bigint('salary_cents', { mode: 'number' }),
    /** What the hire filled in through the link (address, emergency contact, education …). */
    info: jsonb('info').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    signFileId: integer('sign_file_id'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    giveupReason: varchar('giveup_reason', { length: 255 }),
    /** The user code the account gets. */
    userCode: varchar('user_code', { length: 64 }),
    employeeId: integer('employee_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('onboardings_no_uq').on(t.documentNo),
    // One live onboarding per ID number (a person is not hired twice at once).
    uniqueIndex('onboardings_id_no_uq')
      .on(sql`upper(${t.idCardNo})`)
      .where(sql`${t.idCardNo} IS NOT NULL AND stage IN ('offer', 'invited', 'filled', 'confirming')`),
    index('onboardings_stage_idx').on(t.stage, t.plannedEntryDate),
    index('onboardings_instance_idx').on(t.processInstanceId),
  ],
);

/** The working-hours white list (考勤白名单): employees exempt from the hour checks for a period. */
export const hourWhitelist = pgTable(
  'hour_whitelist',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    reason: varchar('reason', { length: 255 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('hour_whitelist_emp_uq').on(t.employeeId)],
);

/**
 * Expiry reminders sent (issue 39, expiry.ts): one row per thing, its date and the period it was
 * reminded for; the row is the claim, so several processes remind once, and a new date starts again.
 */
export const hrExpiryReminders = pgTable(
  'hr_expiry_reminders',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    recordId: integer('record_id').notNull(),
    expireDate: date('expire_date').notNull(),
    threshold: integer('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId, t.expireDate, t.threshold] })],
);
