import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/** Front-office applications of the workbench (docs/domain/assets-front.md). */

/** What an approved certificate says, frozen when it is issued. */
export interface ProveSnapshot {
  companyName: string;
  name: string;
  idNoMasked: string;
  entryDate: string | null;
  orgName: string;
  positionName: string;
  annualIncome: number | null;
}

/** 开具证明: an employment or income certificate request and, once approved, the certificate. */
export const proveRequests = pgTable(
  'prove_requests',
  {
    id: serial('id').primaryKey(),
    documentNo: varchar('document_no', { length: 24 }),
    userId: integer('user_id').notNull(),
    employeeId: integer('employee_id').notNull(),
    orgId: integer('org_id'),
    /** CERTTYPE: 001 在职证明 · 002 收入证明. */
    certType: varchar('cert_type', { length: 8 }).notNull(),
    purpose: varchar('purpose', { length: 200 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    /** Given on approval: 16 characters of an unambiguous alphabet, printed on the certificate. */
    verifyCode: varchar('verify_code', { length: 32 }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    validUntil: date('valid_until'),
    annualIncome: bigint('annual_income', { mode: 'number' }),
    snapshot: jsonb('snapshot').$type<ProveSnapshot>(),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('prove_requests_no_uq').on(t.documentNo),
    uniqueIndex('prove_requests_code_uq').on(t.verifyCode),
    index('prove_requests_user_idx').on(t.userId),
    index('prove_requests_instance_idx').on(t.processInstanceId),
  ],
);

/**
 * 意见反馈. An anonymous suggestion keeps no author, department or `created_by` here: the link to
 * its author lives only in `suggestion_owners`, which only the author's own calls read.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    /** ADVICECATEGORY. */
    category: varchar('category', { length: 8 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    /** Null when anonymous. */
    authorUserId: integer('author_user_id'),
    orgId: integer('org_id'),
    /** ADVICESTATE: 001 open · 002 replied · 003 closed. */
    state: varchar('state', { length: 8 }).notNull().default('001'),
    reply: varchar('reply', { length: 1000 }),
    repliedBy: integer('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [index('suggestions_state_idx').on(t.state, t.createdAt)],
);

export const suggestionOwners = pgTable(
  'suggestion_owners',
  {
    suggestionId: integer('suggestion_id').primaryKey(),
    userId: integer('user_id').notNull(),
  },
  (t) => [index('suggestion_owners_user_idx').on(t.userId)],
);

/** 工单: IT and administration work orders; assigned ones run a process whose task is the handler's to-do. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    /** `GD` + business day + sequence, given when reported. */
    orderNo: varchar('order_no', { length: 24 }),
    /** WOTYPE: 001 IT · 002 行政. */
    orderType: varchar('order_type', { length: 8 }).notNull(),
    /** WOPRIORITY: 001 低 · 002 中 · 003 紧急. */
    priority: varchar('priority', { length: 8 }).notNull().default('002'),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull(),
    place: varchar('place', { length: 100 }),
    reporterUserId: integer('reporter_user_id').notNull(),
    orgId: integer('org_id'),
    handlerUserId: integer('handler_user_id'),
    /** WOSTATUS: 001 待分派 · 002 已分派 · 003 处理中 · 004 已解决 · 005 已关闭. */
    status: varchar('status', { length: 8 }).notNull().default('001'),
    resolution: varchar('resolution', { length: 1000 }),
    /** Photos or screenshots of the problem (the reporter's uploads, module `workOrder`). */
    fileGroupId: varchar('file_group_id', { length: 64 }),
    rating: integer('rating'),
    ratingComment: varchar('rating_comment', { length: 500 }),
    /** Kernel state of the handling process (the to-do), beside the order's own status. */
    flowState: varchar('flow_state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('work_orders_no_uq').on(t.orderNo),
    index('work_orders_status_idx').on(t.status, t.createdAt),
    index('work_orders_reporter_idx').on(t.reporterUserId),
    index('work_orders_handler_idx').on(t.handlerUserId),
    index('work_orders_instance_idx').on(t.processInstanceId),
  ],
);

/** 名片申请: what is printed is copied from the employee record when asked (the proof the approver sees). */
export const cardRequests = pgTable(
  'card_requests',
  {
    id: serial('id').primaryKey(),
    documentNo: varchar('document_no', { length: 24 }),
    userId: integer('user_id').notNull(),
    employeeId: integer('employee_id').notNull(),
    orgId: integer('org_id'),
    name: varchar('name', { length: 64 }).notNull(),
    englishName: varchar('english_name', { length: 40 }),
    companyName: varchar('company_name', { length: 100 }).notNull(),
    deptName: varchar('dept_name', { length: 100 }).notNull(),
    positionName: varchar('position_name', { length: 64 }).notNull(),
    mobile: varchar('mobile', { length: 32 }).notNull(),
    email: varchar('email', { length: 128 }).notNull(),
    address: varchar('address', { length: 100 }),
    boxes: integer('boxes').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('card_requests_no_uq').on(t.documentNo),
    index('card_requests_user_idx').on(t.userId),
    index('card_requests_instance_idx').on(t.processInstanceId),
  ],
);
