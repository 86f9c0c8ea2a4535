import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../../db/columns';

/** Settlement bills, invoices, collections, voids and write-offs (docs/domain/finance-billing.md). */

const fen = (name: string) => bigint(name, { mode: 'number' });

export const finBills = pgTable(
  'fin_bills',
  {
    id: serial('id').primaryKey(),
    /** `JS` + settling company code + year + 5 digits; given at submission (gap-free per company and year). */
    billNo: varchar('bill_no', { length: 32 }),
    /** FINBILLTYPE: 001 item · 002 RPO · 003 other. */
    billType: varchar('bill_type', { length: 8 }).notNull(),
    /** FINSETTLEMETHOD. */
    settleMethod: varchar('settle_method', { length: 8 }).notNull(),
    projectId: integer('project_id').notNull(),
    clientOrgId: integer('client_org_id').notNull(),
    settleOrgId: integer('settle_org_id').notNull(),
    deptId: integer('dept_id'),
    managerUserId: integer('manager_user_id'),
    month: integer('month').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    amountExcl: fen('amount_excl').notNull().default(0),
    taxAmount: fen('tax_amount').notNull().default(0),
    amountIncl: fen('amount_incl').notNull().default(0),
    /** Kernel approval state. */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    /** STATUS legend codes (007…011, 040; 012/013; 014…016). */
    invoiceStatus: varchar('invoice_status', { length: 8 }).notNull().default('007'),
    paymentStatus: varchar('payment_status', { length: 8 }).notNull().default('012'),
    writeoffStatus: varchar('writeoff_status', { length: 8 }).notNull().default('014'),
    invoicedAmount: fen('invoiced_amount').notNull().default(0),
    collectedAmount: fen('collected_amount').notNull().default(0),
    writtenOffAmount: fen('written_off_amount').notNull().default(0),
    invoiceDate: date('invoice_date'),
    dueDate: date('due_date'),
    serialNumber: varchar('serial_number', { length: 32 }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by'),
    processInstanceId: integer('process_instance_id'),
    fileId: varchar('file_id', { length: 64 }),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_bills_no_uq').on(t.billNo),
    index('fin_bills_project_month_idx').on(t.projectId, t.month),
    index('fin_bills_dept_idx').on(t.deptId),
    index('fin_bills_client_month_idx').on(t.clientOrgId, t.month),
    index('fin_bills_month_idx').on(t.month),
    index('fin_bills_instance_idx').on(t.processInstanceId),
  ],
);

export const finBillLines = pgTable(
  'fin_bill_lines',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id').notNull(),
    lineNo: integer('line_no').notNull(),
    userId: integer('user_id'),
    personName: varchar('person_name', { length: 64 }),
    description: varchar('description', { length: 200 }).notNull(),
    /** Hours or heads × 100 (12.5 hours = 1250). */
    quantityX100: bigint('quantity_x100', { mode: 'number' }).notNull(),
    unitPrice: fen('unit_price').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    amountExcl: fen('amount_excl').notNull(),
    taxAmount: fen('tax_amount').notNull(),
    amountIncl: fen('amount_incl').notNull(),
  },
  (t) => [index('fin_bill_lines_bill_idx').on(t.billId, t.lineNo), index('fin_bill_lines_user_idx').on(t.userId)],
);

/** Last bill number per settling company and year (taken in the submitting transaction). */
export const finBillSequences = pgTable(
  'fin_bill_sequences',
  {
    settleOrgId: integer('settle_org_id').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.settleOrgId, t.year] })],
);

export const finInvoices = pgTable(
  'fin_invoices',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id').notNull(),
    applyNo: varchar('apply_no', { length: 32 }).notNull(),
    /** FININVOICETYPE. */
    invoiceType: varchar('invoice_type', { length: 8 }).notNull(),
    buyerName: varchar('buyer_name', { length: 100 }).notNull(),
    buyerTaxNo: varchar('buyer_tax_no', { length: 32 }),
    buyerAddress: varchar('buyer_address', { length: 200 }),
    buyerBank: varchar('buyer_bank', { length: 200 }),
    amountExcl: fen('amount_excl').notNull(),
    taxAmount: fen('tax_amount').notNull(),
    amountIncl: fen('amount_incl').notNull(),
    /** applied · issued · refused · voided. */
    state: varchar('state', { length: 16 }).notNull().default('applied'),
    invoiceNo: varchar('invoice_no', { length: 32 }),
    invoiceDate: date('invoice_date'),
    appliedBy: integer('applied_by'),
    issuedBy: integer('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    refuseReason: varchar('refuse_reason', { length: 200 }),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns,
  },
  (t) => [
    // A bill cannot be invoiced twice: at most one live (applied or issued) invoice per bill.
    uniqueIndex('fin_invoices_live_uq').on(t.billId).where(sql`state IN ('applied', 'issued')`),
    uniqueIndex('fin_invoices_no_uq').on(t.invoiceNo),
    uniqueIndex('fin_invoices_apply_no_uq').on(t.applyNo),
    index('fin_invoices_state_idx').on(t.state),
  ],
);

export const finInvoiceVoids = pgTable(
  'fin_invoice_voids',
  {
    id: serial('id').primaryKey(),
    voidNo: varchar('void_no', { length: 32 }).notNull(),
    invoiceId: integer('invoice_id').notNull(),
    billId: integer('bill_id').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** applied · passed · refused · removed. */
    state: varchar('state', { length: 16 }).notNull().default('applied'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    message: varchar('message', { length: 200 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('fin_invoice_voids_no_uq').on(t.voidNo),
    // One open application per invoice.
    uniqueIndex('fin_invoice_voids_open_uq').on(t.invoiceId).where(sql`state = 'applied'`),
    index('fin_invoice_voids_bill_idx').on(t.billId),
  ],
);

export const finBillCollections = pgTable(
  'fin_bill_collections',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id').notNull(),
    amount: fen('amount').notNull(),
    collectedOn: date('collected_on').notNull(),
    /** Bank transaction serial (流水号): one valid collection per serial, so a repeated click stores one. */
    bankSerial: varchar('bank_serial', { length: 64 }).notNull(),
    payerName: varchar('payer_name', { length: 100 }),
    payerAccount: varchar('payer_account', { length: 40 }),
    /** One-click payment batch. */
    batchNo: varchar('batch_no', { length: 32 }),
    /** valid · refunded · moved. */
    state: varchar('state', { length: 16 }).notNull().default('valid'),
    movedToBillId: integer('moved_to_bill_id'),
    remark: varchar('remark', { length: 200 }),
    ...auditColumns,
  },
  (t) => [index('fin_bill_collections_bill_idx').on(t.billId), uniqueIndex('fin_bill_collections_serial_uq').on(t.bankSerial).where(sql`state = 'valid'`)],
);

export const finCancellationBills = pgTable(
  'fin_cancellation_bills',
  {
    id: serial('id').primaryKey(),
    cancellationNo: varchar('cancellation_no', { length: 32 }),
    billId: integer('bill_id').notNull(),
    amount: fen('amount').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    fileId: varchar('file_id', { length: 64 }),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_cancellation_bills_no_uq').on(t.cancellationNo),
    index('fin_cancellation_bills_bill_idx').on(t.billId),
    index('fin_cancellation_bills_instance_idx').on(t.processInstanceId),
  ],
);

/** Our companies' invoicing details (开票信息), shown on invoices and printed bills. */
export const finCompanyBilling = pgTable(
  'fin_company_billing',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    taxNo: varchar('tax_no', { length: 32 }).notNull(),
    address: varchar('address', { length: 200 }),
    phone: varchar('phone', { length: 32 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    /** Client credit days: due date = invoice date + credit days. */
    creditDays: integer('credit_days').notNull().default(30),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('fin_company_billing_org_uq').on(t.orgId)],
);
