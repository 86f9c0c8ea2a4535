import { boolean, date, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/**
 * The record sections of an employee: each row belongs to one employee (`employee_id`), and the
 * employee's department decides who besides the employee may read it (data scope).
 */
const owned = () => ({
  id: serial('id').primaryKey(),
  employeeId: integer('employee_id').notNull(),
  ...auditColumns,
});
/** File groups of the file service (an attachment list each). */
const fileGroup = (name: string) => varchar(name, { length: 64 });

export const employeeEducations = pgTable(
  'employee_educations',
  {
    ...owned(),
    school: varchar('school', { length: 128 }).notNull(),
    major: varchar('major', { length: 64 }),
    /** EDUCATION dictionary. */
    education: varchar('education', { length: 8 }).notNull(),
    /** DEGREE dictionary. */
    degree: varchar('degree', { length: 8 }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    fullTime: boolean('full_time').notNull().default(true),
    diplomaFileId: fileGroup('diploma_file_id'),
    degreeFileId: fileGroup('degree_file_id'),
  },
  (t) => [index('employee_educations_emp_idx').on(t.employeeId)],
);

export const employeeWorkHistories = pgTable(
  'employee_work_histories',
  {
    ...owned(),
    company: varchar('company', { length: 128 }).notNull(),
    position: varchar('position', { length: 64 }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    leaveReason: varchar('leave_reason', { length: 255 }),
    witness: varchar('witness', { length: 64 }),
    witnessPhone: varchar('witness_phone', { length: 32 }),
  },
  (t) => [index('employee_work_histories_emp_idx').on(t.employeeId)],
);

/** Family members (家庭成员, the spec's "link"). */
export const employeeFamilies = pgTable(
  'employee_families',
  {
    ...owned(),
    name: varchar('name', { length: 64 }).notNull(),
    /** RELATION dictionary. */
    relation: varchar('relation', { length: 8 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    workUnit: varchar('work_unit', { length: 128 }),
    birthday: date('birthday'),
  },
  (t) => [index('employee_families_emp_idx').on(t.employeeId)],
);

/** Social relations (社会关系, the spec's "around"): people the company should know about (conflicts of interest). */
export const employeeRelations = pgTable(
  'employee_relations',
  {
    ...owned(),
    name: varchar('name', { length: 64 }).notNull(),
    relation: varchar('relation', { length: 32 }).notNull(),
    workUnit: varchar('work_unit', { length: 128 }),
    position: varchar('position', { length: 64 }),
    phone: varchar('phone', { length: 32 }),
  },
  (t) => [index('employee_relations_emp_idx').on(t.employeeId)],
);

export const employeeLanguages = pgTable(
  'employee_languages',
  {
    ...owned(),
    language: varchar('language', { length: 8 }).notNull(),
    level: varchar('level', { length: 8 }).notNull(),
    certificate: varchar('certificate', { length: 64 }),
    fileId: fileGroup('file_id'),
  },
  (t) => [index('employee_languages_emp_idx').on(t.employeeId)],
);

export const employeeCertificates = pgTable(
  'employee_certificates',
  {
    ...owned(),
    name: varchar('name', { length: 128 }).notNull(),
    certificateNo: varchar('certificate_no', { length: 64 }),
    issuer: varchar('issuer', { length: 128 }),
    issueDate: date('issue_date'),
    expireDate: date('expire_date'),
    fileId: fileGroup('file_id'),
  },
  (t) => [index('employee_certificates_emp_idx').on(t.employeeId)],
);

export const employeeAwards = pgTable(
  'employee_awards',
  {
    ...owned(),
    name: varchar('name', { length: 128 }).notNull(),
    awardDate: date('award_date'),
    issuer: varchar('issuer', { length: 128 }),
    description: varchar('description', { length: 500 }),
    fileId: fileGroup('file_id'),
  },
  (t) => [index('employee_awards_emp_idx').on(t.employeeId)],
);

export const employeeVehicles = pgTable(
  'employee_vehicles',
  {
    ...owned(),
    plateNo: varchar('plate_no', { length: 16 }).notNull(),
    brand: varchar('brand', { length: 32 }),
    model: varchar('model', { length: 32 }),
    color: varchar('color', { length: 16 }),
    registerDate: date('register_date'),
  },
  (t) => [index('employee_vehicles_emp_idx').on(t.employeeId), uniqueIndex('employee_vehicles_plate_uq').on(t.plateNo)],
);

/** Administration details (行政信息): one row per employee. */
export const employeeAdministrations = pgTable(
  'employee_administrations',
  {
    ...owned(),
    workCardNo: varchar('work_card_no', { length: 32 }),
    officeLocation: varchar('office_location', { length: 128 }),
    seatNo: varchar('seat_no', { length: 32 }),
    computerAssetNo: varchar('computer_asset_no', { length: 32 }),
    mailAccount: varchar('mail_account', { length: 128 }),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('employee_administrations_emp_uq').on(t.employeeId)],
);

/** The latest medical examination (体检信息): one row per employee. */
export const employeeExaminations = pgTable(
  'employee_examinations',
  {
    ...owned(),
    examDate: date('exam_date'),
    hospital: varchar('hospital', { length: 128 }),
    result: varchar('result', { length: 8 }),
    remark: varchar('remark', { length: 255 }),
    fileId: fileGroup('file_id'),
  },
  (t) => [uniqueIndex('employee_examinations_emp_uq').on(t.employeeId)],
);

export const employeeBankAccounts = pgTable(
  'employee_bank_accounts',
  {
    ...owned(),
    bankCode: varchar('bank_code', { length: 8 }).notNull(),
    openBank: varchar('open_bank', { length: 128 }),
    accountName: varchar('account_name', { length: 64 }).notNull(),
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    salaryCard: boolean('salary_card').notNull().default(true),
  },
  (t) => [index('employee_bank_accounts_emp_idx').on(t.employeeId)],
);

/**
 * Lifecycle events (变动记录): entry, confirmation, transfer, adjustment, departure, renewal
 * (EMPEVENT dictionary), with what changed. The take-office history is read from them.
 */
export const employeeEvents = pgTable(
  'employee_events',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    effectiveDate: date('effective_date').notNull(),
    fromOrgId: integer('from_org_id'),
    toOrgId: integer('to_org_id'),
    fromPosition: varchar('from_position', { length: 64 }),
    toPosition: varchar('to_position', { length: 64 }),
    fromGradeId: integer('from_grade_id'),
    toGradeId: integer('to_grade_id'),
    documentNo: varchar('document_no', { length: 32 }),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns,
  },
  (t) => [index('employee_events_emp_idx').on(t.employeeId, t.effectiveDate)],
);

/**
 * An employee's own change of identity, education or bank details waiting for HR (员工信息变更,
 * process EmployeeInfo_Process). `changes` holds the section form as asked; it is applied by the
 * final pass, in the engine's transaction.
 */
export const employeeChangeRequests = pgTable(
  'employee_change_requests',
  {
    id: serial('id').primaryKey(),
    documentNo: varchar('document_no', { length: 32 }),
    employeeId: integer('employee_id').notNull(),
    applicantUserId: integer('applicant_user_id').notNull(),
    section: varchar('section', { length: 32 }).notNull(),
    action: varchar('action', { length: 8 }).notNull(),
    recordId: integer('record_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    /** draft | approving | returned | passed | rejected | revoked (the document kernel's states). */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('employee_change_requests_no_uq').on(t.documentNo),
    index('employee_change_requests_emp_idx').on(t.employeeId),
    index('employee_change_requests_instance_idx').on(t.processInstanceId),
  ],
);
