import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, softDelete } from '../../../db/columns';

/** Settlement bills, invoices, collections, voids and write-offs (docs/domain/finance-billing.md). */

const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * A bill whose amounts disagree with the rows they sum or with each other (rules 1–6 of
 * docs/domain/finance-billing.md), stored in `fin_bills.disagrees`.
 */
const BILL_DISAGREES = sql.raw(
  '(amount_incl <> lines_incl OR amount_excl <> lines_excl OR tax_amount <> lines_tax OR amount_excl + tax_amount <> amount_incl' +
    ' OR invoiced_amount <> issued_incl OR collected_amount <> valid_collected OR collected_amount > invoiced_amount' +
    ' OR written_off_amount <> passed_written_off OR written_off_amount > collected_amount)',
);

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
    /** Why it bills beyond its project's contract remainder, and who allowed it (issue 34 §3). */
    overContractReason: varchar('over_contract_reason', { length: 200 }),
    overContractBy: integer('over_contract_by'),
    /**
     * Kept by triggers on the rows they sum (migration 0029), whoever writes them: Σ of the lines'
     * amounts, Σ `amount_incl` of the issued invoices, Σ of the valid collections, Σ of the passed
     * cancellation bills. The reconciliation report compares them with the amounts above, which the
     * service keeps, so it reads one row per bill instead of summing the rows per request.
     */
    linesExcl: fen('lines_excl').notNull().default(0),
    linesTax: fen('lines_tax').notNull().default(0),
    linesIncl: fen('lines_incl').notNull().default(0),
    issuedIncl: fen('issued_incl').notNull().default(0),
    validCollected: fen('valid_collected').notNull().default(0),
    passedWrittenOff: fen('passed_written_off').notNull().default(0),
    /**
     * BILL_DISAGREES, stored: PostgreSQL keeps statistics on it (a condition comparing columns has
     * none, and would be estimated true of nearly every bill), so the report reads the index below.
     */
    disagrees: boolean('disagrees').generatedAlwaysAs(BILL_DISAGREES).notNull(),
    ...auditColumns,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('fin_bills_no_uq').on(t.billNo),
    // The bills the reconciliation report lists: none on a healthy database, so the report reads an
    // empty index whatever the number of bills.
    index('fin_bills_disagree_idx').on(t.id).where(sql`disagrees`),
    // The receivable ageing of the economics screen: the open invoiced bills (a few months' worth).
    index('fin_bills_open_invoiced_idx')
      .on(t.projectId, t.invoiceDate, t.invoicedAmount, t.collectedAmount)
      .where(sql`invoice_status = '010' AND invoiced_amount > collected_amount AND deleted_at IS NULL`),
    index('fin_bills_project_month_idx').on(t.projectId, t.month),
    index('fin_bills_dept_idx').on(t.deptId),
    index('fin_bills_client_month_idx').on(t.clientOrgId, t.month),
    index('fin_bills_month_idx').on(t.month),
    index('fin_bills_instance_idx').on(t.processInstanceId),
    // The open bills a manager holds (leaver handover, the departure check): a few per person.
    index('fin_bills_open_manager_idx')
      .on(t.managerUserId)
      .where(sql`deleted_at IS NULL AND payment_status <> '013' AND writeoff_status <> '016' AND invoice_status <> '040'`),
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

/**
 * Staffing economics per project and month (docs/domain/finance-billing.md, "Kept sums"): over the
 * approved (`passed`, not deleted) bills of the month, how many, Σ amounts excluding and including
 * tax, invoiced, collected and written off, and Σ of their lines' quantities; over the project's
 * actuals of the month (subjects OUT01–OUT04, IN05), how many rows and the pay, employer social
 * insurance, housing fund and management fee. A row exists while the month has an approved bill or
 * such an actual. Recomputed from those rows by triggers on fin_bills, fin_bill_lines,
 * fin_project_actuals and fin_budget_subjects (migration 0029) in the writing transaction.
 */
export const finEconProjectMonths = pgTable(
  'fin_econ_project_months',
  {
    projectId: integer('project_id').notNull(),
    month: integer('month').notNull(),
    bills: integer('bills').notNull(),
    costRows: integer('cost_rows').notNull(),
    billedExcl: fen('billed_excl').notNull(),
    billedIncl: fen('billed_incl').notNull(),
    invoiced: fen('invoiced').notNull(),
    collected: fen('collected').notNull(),
    writtenOff: fen('written_off').notNull(),
    quantityX100: bigint('quantity_x100', { mode: 'number' }).notNull(),
    pay: fen('pay').notNull(),
    social: fen('social').notNull(),
    housing: fen('housing').notNull(),
    fee: fen('fee').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.month] }), index('fin_econ_project_months_month_idx').on(t.month, t.projectId)],
);

/**
 * fin_econ_project_months summed per project and calendar year (`rows`: how many project-month rows;
 * a row with none is removed): what the per-project and per-client economics of whole years read
 * (4,000 rows for 2,000 projects × 2 years instead of 48,000). Kept by the same refresh, which adds
 * the difference between the project-months' new and old rows.
 */
export const finEconProjectYears = pgTable(
  'fin_econ_project_years',
  {
    projectId: integer('project_id').notNull(),
    year: integer('year').notNull(),
    rows: integer('rows').notNull(),
    billedExcl: fen('billed_excl').notNull(),
    pay: fen('pay').notNull(),
    social: fen('social').notNull(),
    housing: fen('housing').notNull(),
    fee: fen('fee').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.year] }), index('fin_econ_project_years_empty_idx').on(t.year).where(sql`rows = 0`)],
);

/**
 * fin_econ_project_months summed per month over every project (deleted ones too): the company-wide
 * per-month economics and totals, and — a month without a row has no project-month at all — whether
 * a range covers every month of its years that has figures. Kept like fin_econ_project_years.
 */
export const finEconMonths = pgTable('fin_econ_months', {
  month: integer('month').primaryKey(),
  rows: integer('rows').notNull(),
  billedExcl: fen('billed_excl').notNull(),
  pay: fen('pay').notNull(),
  social: fen('social').notNull(),
  housing: fen('housing').notNull(),
  fee: fen('fee').notNull(),
});

/**
 * Per project, month and person (`person_key`: the user id, or `n:` + the name or description of a
 * line without one): Σ of the lines of the month's approved bills, and the person's share of the
 * month's cost — per line ⌊cost × line quantity ÷ the month's quantity⌋, summed. Recomputed with its
 * project-month (same triggers).
 */
export const finEconPersonMonths = pgTable(
  'fin_econ_person_months',
  {
    projectId: integer('project_id').notNull(),
    month: integer('month').notNull(),
    personKey: varchar('person_key', { length: 220 }).notNull(),
    userId: integer('user_id'),
    /** max(person name or description) over the lines: the name when the key has no user. */
    lineName: varchar('line_name', { length: 200 }).notNull(),
    lines: integer('lines').notNull(),
    billed: fen('billed').notNull(),
    pay: fen('pay').notNull(),
    social: fen('social').notNull(),
    housing: fen('housing').notNull(),
    fee: fen('fee').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.month, t.personKey] }),
    index('fin_econ_person_months_person_idx').on(t.personKey, t.month),
    index('fin_econ_person_months_month_idx').on(t.month),
  ],
);

/**
 * fin_econ_person_months summed per person and calendar year over every project: what the
 * company-wide per-employee economics of whole years read (50,000 rows a year instead of 600,000),
 * its first page straight from `fin_econ_person_years_rank_idx`. Kept by the same refresh, which adds
 * the difference between a project-month's new and old person rows.
 */
export const finEconPersonYears = pgTable(
  'fin_econ_person_years',
  {
    year: integer('year').notNull(),
    personKey: varchar('person_key', { length: 220 }).notNull(),
    userId: integer('user_id'),
    lines: integer('lines').notNull(),
    billed: fen('billed').notNull(),
    pay: fen('pay').notNull(),
    social: fen('social').notNull(),
    housing: fen('housing').notNull(),
    fee: fen('fee').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.personKey] }),
    index('fin_econ_person_years_rank_idx').on(t.year, t.billed.desc(), t.personKey),
    // Rows whose lines all left (removed in the same refresh): a short scan.
    index('fin_econ_person_years_empty_idx').on(t.year).where(sql`lines = 0`),
  ],
);
