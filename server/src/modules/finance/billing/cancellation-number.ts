import { sql } from 'drizzle-orm';
import { BusinessCalendar, DEFAULT_BUSINESS_TIME_ZONE } from '../../../platform/business-time';
import type { Db } from '../../../platform/db';

/**
 * The number the next document of a prefix would get today, without taking it: numbers are given
 * only in the submitting transaction (gap-free), so this is a preview another submission may take.
 */
export async function nextDocumentNumberPreview(db: Db, prefix: string, now = new Date()): Promise<string> {
  const day = new BusinessCalendar(DEFAULT_BUSINESS_TIME_ZONE).dayAsUtcDate(now).toISOString().slice(0, 10);
  const r = await db.execute<{ last: number }>(sql`SELECT last FROM document_sequences WHERE prefix = ${prefix} AND day = ${day}`);
  const last = Number((r as unknown as { rows: Array<{ last: number }> }).rows[0]?.last ?? 0) + 1;
  return `${prefix}${day.replaceAll('-', '')}${String(last).padStart(last > 9999 ? 5 : 4, '0')}`;
}
