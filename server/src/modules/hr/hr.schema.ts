import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    idCardNo: varchar('id_card_no', { length: 32 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('employees_code_uq').on(t.employeeCode), uniqueIndex('employees_user_uq').on(t.userId), index('employees_org_idx').on(t.orgId)],
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
    ...auditColumns,
  },
  (t) => [index('confirmations_employee_idx').on(t.employeeId), index('confirmations_instance_idx').on(t.processInstanceId)],
);
