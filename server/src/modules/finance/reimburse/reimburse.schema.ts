import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../../db/columns';

/** The personal invoice folder and expense claims (docs/domain/hours-pay.md, "Reimbursement and the invoice folder"). */

const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * An invoice in its owner's folder. `claim_id`/`claim_line_id` name the open claim it is on (at most
 * one: the claim takes it with a conditional update); `state` 001 free, 002 on a claim, 003 claimed
 * (the claim was paid). A code and number appear once in the company among live invoices.
 */
export const finExpenseInvoices = pgTable(
  'fin_expense_invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    invoiceCode: varchar('invoice_code', { length: 12 }),
    invoiceNo: varchar('invoice_no', { length: 20 }).notNull(),
    invoiceDate: date('invoice_date').notNull(),
    seller: varchar('seller', { length: 100 }).notNull(),
    amountExclTax: fen('amount_excl_tax').notNull(),
    tax: fen('tax').notNull(),
    total: fen('total').notNull(),
    fileGroupId: varchar('file_group_id', { length: 32 }),
    remark: varchar('remark', { length: 200 }),
    state: varchar('state', { length: 8 }).notNull().default('001'),
    claimId: integer('claim_id'),
    claimLineId: integer('claim_line_id'),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_expense_invoices_no_uq').on(sql`coalesce(${t.invoiceCode}, '')`, t.invoiceNo).where(sql`deleted_at IS NULL`),
    index('fin_expense_invoices_user_idx').on(t.userId, t.invoiceDate),
    index('fin_expense_invoices_claim_idx').on(t.claimId),
    index('fin_expense_invoices_file_idx').on(t.fileGroupId),
  ],
);

/** An expense claim: a kernel document (BX…) approved by the direct manager and finance, then paid by finance. */
export const finExpenseClaims = pgTable(
  'fin_expense_claims',
  {
    id: serial('id').primaryKey(),
    claimNo: varchar('claim_no', { length: 24 }),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    projectId: integer('project_id'),
    reason: varchar('reason', { length: 200 }).notNull(),
    total: fen('total').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    paidDate: date('paid_date'),
    paidBy: integer('paid_by'),
    payRemark: varchar('pay_remark', { length: 200 }),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_expense_claims_no_uq').on(t.claimNo),
    index('fin_expense_claims_user_idx').on(t.userId, t.id),
    index('fin_expense_claims_instance_idx').on(t.processInstanceId),
  ],
);

export const finExpenseClaimLines = pgTable(
  'fin_expense_claim_lines',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id').notNull(),
    lineNo: integer('line_no').notNull(),
    category: varchar('category', { length: 8 }).notNull(),
    expenseDate: date('expense_date').notNull(),
    amount: fen('amount').notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    ...auditColumns,
  },
  (t) => [index('fin_expense_claim_lines_claim_idx').on(t.claimId, t.lineNo)],
);
