import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/**
 * Bank branches (开户行) with their CNAPS codes (联行号): reference data every database gets, looked up
 * when a bank account is entered. The branch name carries the bank's full name, as on a bank slip.
 */
export const openBanks = pgTable(
  'open_banks',
  {
    id: serial('id').primaryKey(),
    /** BANK dictionary code (ICBC, CCB…). */
    bankCode: varchar('bank_code', { length: 16 }).notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    branchName: varchar('branch_name', { length: 128 }).notNull(),
    cnapsCode: varchar('cnaps_code', { length: 12 }).notNull(),
    province: varchar('province', { length: 32 }).notNull(),
    city: varchar('city', { length: 32 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('open_banks_cnaps_uq').on(t.cnapsCode),
    index('open_banks_bank_idx').on(t.bankCode, t.city),
    // The official list has ~150,000 branches: a name search must not scan it.
    index('open_banks_branch_trgm_idx').using('gin', sql`${t.branchName} gin_trgm_ops`),
  ],
);
