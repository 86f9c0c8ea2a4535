import type { OpenBank } from '@erp/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { likePattern } from '../../platform/resource/filters';
import { openBanks } from './open-bank.schema';

/** At most this many words of a keyword are matched (each must match). */
const MAX_TERMS = 4;

/**
 * Branches for the open-bank select. Each word of the keyword must occur in the branch name (which
 * carries the bank's name) or be the start of the CNAPS code, so "建设 海淀" finds 中国建设银行…海淀支行;
 * an exact CNAPS code comes first, then city branches before sub-branches (shorter names), by name.
 */
export async function findOpenBanks(db: Db, input: { keyword?: string; bankCode?: string; city?: string; limit: number }): Promise<OpenBank[]> {
  const terms = (input.keyword ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  const conditions: Array<SQL | undefined> = [eq(openBanks.enabled, true)];
  for (const term of terms) {
    const digits = /^\d{1,12}$/.test(term);
    conditions.push(
      digits
        ? sql`${openBanks.cnapsCode} LIKE ${`${term}%`}`
        : sql`(${openBanks.branchName} ILIKE ${likePattern(term)} OR ${openBanks.bankName} ILIKE ${likePattern(term)} OR ${openBanks.bankCode} = ${term.toUpperCase()})`,
    );
  }
  if (input.bankCode) conditions.push(eq(openBanks.bankCode, input.bankCode));
  if (input.city) conditions.push(eq(openBanks.city, input.city));
  const exact = terms.length === 1 && /^\d{12}$/.test(terms[0] as string) ? (terms[0] as string) : null;
  return db
    .select({
      id: openBanks.id,
      bankCode: openBanks.bankCode,
      bankName: openBanks.bankName,
      branchName: openBanks.branchName,
      cnapsCode: openBanks.cnapsCode,
      province: openBanks.province,
      city: openBanks.city,
    })
    .from(openBanks)
    .where(and(...conditions))
    .orderBy(
      ...(exact ? [sql`${openBanks.cnapsCode} = ${exact} DESC`] : []),
      asc(sql`char_length(${openBanks.branchName})`),
      asc(openBanks.branchName),
      asc(openBanks.id),
    )
    .limit(input.limit);
}
