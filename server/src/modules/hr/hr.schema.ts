import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/** Job grades (ranks), per company or shared (orgId null). */
export const grades = pgTable(
  'grades',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    level: integer('level').notNull(),
    orgId: integer('org_id'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('grades_code_uq').on(t.code)],
);

/**
 * The HR record of a person. status 003 = on duty; regularStatus 010 = confirmed (regular),
 * anything else is still on probation. A user account links to at most one employee.
 */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    employeeCode: varchar('employee_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    gender: varchar('gender', { length: 8 }),
    orgId: integer('org_id'),
    companyId: integer('company_id'),
    /** For dispatched staff: the client company / department they are accredited to. */
    accreditOrgId: integer('accredit_org_id'),
    positionName: varchar('position_name', { length: 64 }),
    gradeId: integer('grade_id'),
    personCategory: varchar('person_category', { length: 8 }).notNull().default('001'),
    outsource: varchar('outsource', { length: 8 }).notNull().default('000'),
    entryDate: date('entry_date'),
    birthday: date('birthday'),
    probationMonths: integer('probation_months').notNull().default(3),
    status: varchar('status', { length: 8 }).notNull().default('003'),
    regularStatus: varchar('regular_status', { length: 8 }).notNull().default('001'),
    /** Monthly salary in cents. */
    salaryCents: integer('salary_cents'),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    /** The number of the identity document (IDTYPE `idType`); unique among employees. */
    idCardNo: varchar('id_card_no', { length: 32 }),
    idType: varchar('id_type', { length: 8 }).notNull().default('001'),
    /** Until when the identity document is valid (followed by the expiry reminders). */
    idExpireDate: date('id_expire_date'),
    nation: varchar('nation', { length: 32 }),
    nativePlace: varchar('native_place', { length: 64 }),
    politics: varchar('politics', { length: 8 }),
    marital: varchar('marital', { length: 8 }),
    highestEducation: varchar('highest_education', { length: 8 }),
    workStartDate: date('work_start_date'),
    address: varchar('address', { length: 255 }),
    registeredAddress: varchar('registered_address', { length: 255 }),
    emergencyContact: varchar('emergency_contact', { length: 64 }),
    emergencyRelation: varchar('emergency_relation', { length: 8 }),
    emergencyPhone: varchar('emergency_phone', { length: 32 }),
    positionId: integer('position_id'),
    /** Dispatched and outsourced staff: the client company they are placed with and who settles them. */
    clientCompanyId: integer('client_company_id'),
    settlementOrgId: integer('settlement_org_id'),
    /** EMPLOYSTATE: 001 probation, 002 regular, 003 transferring, 004 resigning, 005 resigned. */
    employState: varchar('employ_state', { length: 8 }).notNull().default('001'),
    regularDate: date('regular_date'),
    contractEndDate: date('contract_end_date'),
    leaveDate: date('leave_date'),
    socialCity: varchar('social_city', { length: 32 }),
    /** Social insurance and housing fund contribution bases in fen. */
    socialBaseCents: bigint('social_base_cents', { mode: 'number' }),
    fundCity: varchar('fund_city', { length: 32 }),
    fundBaseCents: bigint('fund_base_cents', { mode: 'number' }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('employees_code_uq').on(t.employeeCode),
    uniqueIndex('employees_user_uq').on(t.userId),
    // The roster of a unit's subtree reads its page in code order and its total from this index alone.
    index('employees_org_idx').on(t.orgId, t.employeeCode, t.id),
    // The same ID number may not belong to two people (upper-cased: a trailing x is an X).
    uniqueIndex('employees_id_no_uq').on(sql`upper(${t.idCardNo})`).where(sql`${t.idCardNo} IS NOT NULL`),
    index('employees_client_idx').on(t.clientCompanyId),
    // The roster keyword's "code contains" (three characters and more).
    index('employees_code_trgm_idx').using('gin', sql`${t.employeeCode} gin_trgm_ops`),
    index('employees_entry_idx').on(t.entryDate, t.id),
  ],
);

/**
 * Confirmation of employment (probation → regular), one row per application; the process instance
 * (Positive_Process) carries the approval. status: approving | returned | passed | rejected | revoked.
 * The grade and salary before the change are kept so the record shows what the final pass changed.
 */
export const confirmations = pgTable(
  'confirmations',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    applicantUserId: integer('applicant_user_id').notNull(),
    processInstanceId: integer('process_instance_id'),
    confirmType: varchar('confirm_type', { length: 32 }).notNull(),
    preConfirmDate: date('pre_confirm_date').notNull(),
    confirmDate: date('confirm_date').notNull(),
    isReport: varchar('is_report', { length: 8 }).notNull(),
    isChangeGrade: varchar('is_change_grade', { length: 8 }).notNull(),
    newGradeId: integer('new_grade_id'),
    oldGradeId: integer('old_grade_id'),
    isChangeSalary: varchar('is_change_salary', { length: 8 }).notNull(),
    newSalaryCents: integer('new_salary_cents'),
    oldSalaryCents: integer('old_salary_cents'),
    assessModel: varchar('assess_model', { length: 32 }).notNull(),
    opinion: varchar('opinion', { length: 1000 }),
    advantage: varchar('advantage', { length: 1000 }),
    improvePoint: varchar('improve_point', { length: 1000 }),
    materialFileId: integer('material_file_id'),
    materialFileIds: integer('material_file_ids').array().notNull().default(sql`'{}'::integer[]`),
    status: varchar('status', { length: 16 }).notNull().default('approving'),
    /** Business-document number (ZZ + day + sequence), given at submission. */
    documentNo: varchar('document_no', { length: 32 }),
    /** When the confirmation notice (转正通知) was mailed (sendFormalMail), once. */
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [index('confirmations_employee_idx').on(t.employeeId), index('confirmations_instance_idx').on(t.processInstanceId)],
);

/**
 * The roster keyword's pieces: one row per employee and 1–2-character piece of its account
 * (user_search_pieces: name, account, pinyin initials, phone), with the employee code (the roster's
 * order) copied. Kept by statement triggers on user_search_pieces and employees (migration 0018), so
 * a keyword page reads its rows in code order from the order index and its total is an index-only
 * count of one range, however many employees match.
 */
export const employeeSearchPieces = pgTable(
  'employee_search_pieces',
  {
    piece: text('piece').notNull(),
    employeeId: integer('employee_id').notNull(),
    employeeCode: varchar('employee_code', { length: 32 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.piece] }), index('employee_search_pieces_order_idx').on(t.piece, t.employeeCode, t.employeeId)],
);
