import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../../db/columns';

/** Projects, their stages, teams, budget versions, changes and closure (docs/domain/finance-projects.md). */

const fen = (name: string) => bigint(name, { mode: 'number' });

export const finBudgetSubjects = pgTable(
  'fin_budget_subjects',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** FINBUDGETTYPE: 001 income · 002 outcome · 003 expense. */
    budgetType: varchar('budget_type', { length: 8 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('fin_budget_subjects_code_uq').on(t.code)],
);

export const finProjects = pgTable(
  'fin_projects',
  {
    id: serial('id').primaryKey(),
    projectNo: varchar('project_no', { length: 24 }),
    name: varchar('name', { length: 100 }).notNull(),
    projectType: varchar('project_type', { length: 8 }),
    /** A subproject's project; null for a project. */
    parentId: integer('parent_id'),
    clientOrgId: integer('client_org_id'),
    settleOrgId: integer('settle_org_id'),
    deptId: integer('dept_id'),
    managerUserId: integer('manager_user_id'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    contractAmount: fen('contract_amount').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    /** Document state of its approval (kernel). */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    /** FINPROJECTPHASE. */
    phase: varchar('phase', { length: 8 }).notNull().default('001'),
    /** The latest effective budget version (0 before approval). */
    versionNo: integer('version_no').notNull().default(0),
    processInstanceId: integer('process_instance_id'),
    /** The claim budget control for this project (off · warn · refuse); null: the company's (issue 34 §3). */
    claimBudget: varchar('claim_budget', { length: 8 }),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_projects_no_uq').on(t.projectNo),
    index('fin_projects_dept_idx').on(t.deptId),
    index('fin_projects_parent_idx').on(t.parentId),
    index('fin_projects_client_idx').on(t.clientOrgId),
    index('fin_projects_instance_idx').on(t.processInstanceId),
    // The projects a manager holds (leaver handover, the departure check).
    index('fin_projects_open_manager_idx').on(t.managerUserId).where(sql`deleted_at IS NULL AND phase <> '004'`),
  ],
);

export const finProjectStages = pgTable(
  'fin_project_stages',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    amount: fen('amount').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('fin_project_stages_project_idx').on(t.projectId)],
);

export const finProjectPeople = pgTable(
  'fin_project_people',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    /** FINPROJECTROLE. */
    role: varchar('role', { length: 8 }).notNull(),
    joinDate: date('join_date'),
    leaveDate: date('leave_date'),
  },
  (t) => [uniqueIndex('fin_project_people_uq').on(t.projectId, t.userId), index('fin_project_people_user_idx').on(t.userId)],
);

/** What a version records of the project besides its budget (the fields a change may touch). */
export interface ProjectSnapshot {
  name: string;
  projectType: string | null;
  managerUserId: number | null;
  endDate: string | null;
  contractAmount: number;
  remark: string | null;
  stages: Array<{ name: string; startDate: string | null; endDate: string | null; amount: number; remark: string | null }>;
  people: Array<{ userId: number; role: string; joinDate: string | null; leaveDate: string | null }>;
}

export const finProjectVersions = pgTable(
  'fin_project_versions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    /** 1, 2, … once effective; 0 while a draft or a proposal. */
    versionNo: integer('version_no').notNull().default(0),
    /** draft · proposed · effective · discarded. */
    status: varchar('status', { length: 12 }).notNull(),
    effectiveMonth: integer('effective_month'),
    changeId: integer('change_id'),
    snapshot: jsonb('snapshot').$type<ProjectSnapshot>(),
    /** What its lines add up to, kept with every save of them so the project's 操作记录 shows the budget's amount moving (issue 34 §4). */
    budgetTotal: fen('budget_total').notNull().default(0),
    ...auditColumns,
  },
  (t) => [index('fin_project_versions_project_idx').on(t.projectId, t.status)],
);

export const finBudgetLines = pgTable(
  'fin_budget_lines',
  {
    versionId: integer('version_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    month: integer('month').notNull(),
    amount: fen('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.subjectId, t.month] })],
);

/** Derived: the budget in force per project, subject and month (rebuilt when a version becomes effective). */
export const finBudgetInForce = pgTable(
  'fin_budget_in_force',
  {
    projectId: integer('project_id').notNull(),
    deptId: integer('dept_id'),
    subjectId: integer('subject_id').notNull(),
    budgetType: varchar('budget_type', { length: 8 }).notNull(),
    month: integer('month').notNull(),
    amount: fen('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.subjectId, t.month] }), index('fin_budget_in_force_month_idx').on(t.month, t.deptId)],
);

/** Actual amounts per project, subject and month, written by the areas that produce them (bills, work hours). */
export const finProjectActuals = pgTable(
  'fin_project_actuals',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    budgetType: varchar('budget_type', { length: 8 }).notNull(),
    month: integer('month').notNull(),
    amount: fen('amount').notNull(),
    /** Who wrote it: demo, bill, workhour… */
    source: varchar('source', { length: 16 }).notNull(),
    ...auditColumns,
  },
  (t) => [index('fin_project_actuals_project_idx').on(t.projectId, t.month), index('fin_project_actuals_month_idx').on(t.month)],
);

export const finProjectChanges = pgTable(
  'fin_project_changes',
  {
    id: serial('id').primaryKey(),
    changeNo: varchar('change_no', { length: 24 }),
    projectId: integer('project_id').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    effectiveMonth: integer('effective_month').notNull(),
    before: jsonb('before').$type<ProjectSnapshot>().notNull(),
    after: jsonb('after').$type<ProjectSnapshot>().notNull(),
    /** The proposed budget version. */
    versionId: integer('version_id').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    fileId: varchar('file_id', { length: 64 }),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_project_changes_no_uq').on(t.changeNo),
    index('fin_project_changes_project_idx').on(t.projectId),
    index('fin_project_changes_instance_idx').on(t.processInstanceId),
    // One open change per project.
    uniqueIndex('fin_project_changes_open_uq').on(t.projectId).where(sql`state IN ('draft', 'approving', 'returned') AND deleted_at IS NULL`),
  ],
);

export const finProjectClosures = pgTable(
  'fin_project_closures',
  {
    id: serial('id').primaryKey(),
    closureNo: varchar('closure_no', { length: 24 }),
    projectId: integer('project_id').notNull(),
    finishDate: date('finish_date').notNull(),
    summary: varchar('summary', { length: 1000 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('fin_project_closures_no_uq').on(t.closureNo),
    index('fin_project_closures_project_idx').on(t.projectId),
    index('fin_project_closures_instance_idx').on(t.processInstanceId),
  ],
);

/** A department's own (non-project) budget lines. */
export const finDeptBudgetLines = pgTable(
  'fin_dept_budget_lines',
  {
    /** Names a line in its department's 操作记录 (record_versions); the key stays department, subject and month. */
    id: serial('id').notNull(),
    deptId: integer('dept_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    month: integer('month').notNull(),
    amount: fen('amount').notNull(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.deptId, t.subjectId, t.month] }), uniqueIndex('fin_dept_budget_lines_id_uq').on(t.id)],
);

/**
 * Derived: the budget in force ('b') and the actuals ('a') summed per department, subject and month.
 * Kept by statement triggers on fin_budget_in_force and fin_project_actuals (migration 0013), whoever
 * writes them; the company- and unit-wide statistics read the sums kept from it (fin_budget_rollup,
 * fin_budget_dept_years), since with projects spread over 2,000 departments it is nearly as large as
 * the budget in force.
 */
export const finBudgetTotals = pgTable(
  'fin_budget_totals',
  {
    kind: varchar('kind', { length: 1 }).notNull(),
    deptId: integer('dept_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    budgetType: varchar('budget_type', { length: 8 }).notNull(),
    month: integer('month').notNull(),
    amount: fen('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.deptId, t.subjectId, t.month] }), index('fin_budget_totals_month_idx').on(t.kind, t.month)],
);

/**
 * Derived from fin_budget_totals: per organisation unit, the totals of every department of its subtree
 * (`org_id` 0: of every department, and of the projects without one) per subject and month, and how
 * many fin_budget_totals rows are summed in (`rows`; a row with 0 stands for none). Kept by statement
 * triggers on fin_budget_totals and org_units (migration 0017: a move or a removal of a unit carries
 * its own totals from its old ancestors to its new ones), so a company- or unit-wide question reads
 * at most subjects × months rows, however many departments hold projects.
 */
export const finBudgetRollup = pgTable(
  'fin_budget_rollup',
  {
    kind: varchar('kind', { length: 1 }).notNull(),
    orgId: integer('org_id').notNull(),
    month: integer('month').notNull(),
    subjectId: integer('subject_id').notNull(),
    budgetType: varchar('budget_type', { length: 8 }).notNull(),
    amount: fen('amount').notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.orgId, t.month, t.subjectId, t.budgetType] })],
);

/**
 * Derived from fin_budget_totals: per department (its own projects, not the units below), budget type
 * and year. Kept by the same statement trigger on fin_budget_totals (migration 0017); the per-department
 * summary of a year reads one row per department and type.
 */
export const finBudgetDeptYears = pgTable(
  'fin_budget_dept_years',
  {
    kind: varchar('kind', { length: 1 }).notNull(),
    year: integer('year').notNull(),
    deptId: integer('dept_id').notNull(),
    budgetType: varchar('budget_type', { length: 8 }).notNull(),
    amount: fen('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year, t.deptId, t.budgetType] })],
);
