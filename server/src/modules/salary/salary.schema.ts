import { bigint, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/** Payroll months, payslips, city contribution rates and special additional deductions (docs/domain/hours-pay.md). */

const fen = (name: string) => bigint(name, { mode: 'number' });

/** A payroll month: open (computed, may be recomputed) → closed (nothing of the month changes any more). */
export const payRuns = pgTable(
  'pay_runs',
  {
    id: serial('id').primaryKey(),
    month: integer('month').notNull(),
    /** open · closed. */
    state: varchar('state', { length: 8 }).notNull().default('open'),
    employeeCount: integer('employee_count').notNull().default(0),
    grossTotal: fen('gross_total').notNull().default(0),
    contributionTotal: fen('contribution_total').notNull().default(0),
    /** Σ employer social insurance + housing fund of the payslips (the company's cost, not withheld). */
    employerContributionTotal: fen('employer_contribution_total').notNull().default(0),
    taxTotal: fen('tax_total').notNull().default(0),
    netTotal: fen('net_total').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('pay_runs_month_uq').on(t.month)],
);

/** One line of a payslip's computation: what it is, its inputs and its amount in fen. */
export interface PayLine {
  code: string;
  label: string;
  amount: number;
  formula: string;
}

export const paySlips = pgTable(
  'pay_slips',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id').notNull(),
    month: integer('month').notNull(),
    userId: integer('user_id').notNull(),
    employeeId: integer('employee_id'),
    orgId: integer('org_id'),
    basePay: fen('base_pay').notNull().default(0),
    allowance: fen('allowance').notNull().default(0),
    overtimePay: fen('overtime_pay').notNull().default(0),
    leaveDeduction: fen('leave_deduction').notNull().default(0),
    otherIncome: fen('other_income').notNull().default(0),
    gross: fen('gross').notNull(),
    socialInsurance: fen('social_insurance').notNull(),
    housingFund: fen('housing_fund').notNull(),
    /** The employer's part (单位缴纳): paid by the company on top of gross, never taken from net. */
    employerSocialInsurance: fen('employer_social_insurance').notNull().default(0),
    employerHousingFund: fen('employer_housing_fund').notNull().default(0),
    specialDeduction: fen('special_deduction').notNull().default(0),
    tax: fen('tax').notNull(),
    otherDeductions: fen('other_deductions').notNull().default(0),
    net: fen('net').notNull(),
    /** Year-to-date figures of the cumulative withholding method after this month; taxMonth = n. */
    taxMonth: integer('tax_month').notNull().default(1),
    cumIncome: fen('cum_income').notNull(),
    cumDeductions: fen('cum_deductions').notNull(),
    cumTaxable: fen('cum_taxable').notNull(),
    cumTax: fen('cum_tax').notNull(),
    lines: jsonb('lines').$type<PayLine[]>().notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('pay_slips_uq').on(t.month, t.userId), index('pay_slips_user_idx').on(t.userId, t.month), index('pay_slips_run_idx').on(t.runId)],
);

/** Employee and employer contribution rates (basis points) and base limits (fen) of a city and year. */
export const payCityRates = pgTable(
  'pay_city_rates',
  {
    id: serial('id').primaryKey(),
    city: varchar('city', { length: 32 }).notNull(),
    year: integer('year').notNull(),
    pensionBp: integer('pension_bp').notNull(),
    medicalBp: integer('medical_bp').notNull(),
    medicalFixed: fen('medical_fixed').notNull().default(0),
    unemploymentBp: integer('unemployment_bp').notNull(),
    housingBp: integer('housing_bp').notNull(),
    /** The employer's rates, on the same clamped bases (0 until set: a database from before they existed). */
    employerPensionBp: integer('employer_pension_bp').notNull().default(0),
    employerMedicalBp: integer('employer_medical_bp').notNull().default(0),
    employerUnemploymentBp: integer('employer_unemployment_bp').notNull().default(0),
    employerInjuryBp: integer('employer_injury_bp').notNull().default(0),
    employerMaternityBp: integer('employer_maternity_bp').notNull().default(0),
    employerHousingBp: integer('employer_housing_bp').notNull().default(0),
    siBaseMin: fen('si_base_min').notNull(),
    siBaseMax: fen('si_base_max').notNull(),
    hfBaseMin: fen('hf_base_min').notNull(),
    hfBaseMax: fen('hf_base_max').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('pay_city_rates_uq').on(t.city, t.year)],
);

/** A monthly special additional deduction (专项附加扣除) of an employee, from/to month inclusive. */
export const paySpecialDeductions = pgTable(
  'pay_special_deductions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** SPECIALDEDUCTION. */
    kind: varchar('kind', { length: 8 }).notNull(),
    monthlyAmount: fen('monthly_amount').notNull(),
    fromMonth: integer('from_month').notNull(),
    toMonth: integer('to_month'),
    ...auditColumns,
  },
  (t) => [index('pay_special_deductions_user_idx').on(t.userId)],
);

/** Other income and deductions of a person's month from the pay-accession upload (工资核算导入). */
export const payAccessions = pgTable(
  'pay_accessions',
  {
    id: serial('id').primaryKey(),
    month: integer('month').notNull(),
    userId: integer('user_id').notNull(),
    otherIncome: fen('other_income').notNull().default(0),
    otherDeduction: fen('other_deduction').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('pay_accessions_uq').on(t.month, t.userId)],
);

/** A salary advance (借款申请): a document on the kernel, repaid in equal installments from pay (the last takes the remainder). */
export const payLoans = pgTable(
  'pay_loans',
  {
    id: serial('id').primaryKey(),
    loanNo: varchar('loan_no', { length: 24 }),
    userId: integer('user_id').notNull(),
    employeeId: integer('employee_id'),
    orgId: integer('org_id'),
    amount: fen('amount').notNull(),
    installments: integer('installments').notNull(),
    monthlyRepayment: fen('monthly_repayment').notNull(),
    firstMonth: integer('first_month').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    processInstanceId: integer('process_instance_id'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('pay_loans_no_uq').on(t.loanNo), index('pay_loans_user_idx').on(t.userId), index('pay_loans_instance_idx').on(t.processInstanceId)],
);
