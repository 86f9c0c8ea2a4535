import { sql } from 'drizzle-orm';
import { BusinessCalendar, DEFAULT_BUSINESS_TIME_ZONE } from '../business-time';
import type { Db } from '../db';

const PREFIX = /^[A-Z]{2,6}$/;

/**
 * The next number of a business document: prefix, business day and a four-digit sequence
 * (`XM202611240001`). Call it inside the transaction that stores the document: the counter row
 * is locked until that transaction ends, and a rollback returns the number.
 */
export async function nextDocumentNumber(tx: Db, prefix: string, now = new Date(), timeZone = DEFAULT_BUSINESS_TIME_ZONE): Promise<string> {
  if (!PREFIX.test(prefix)) throw new Error(`document prefix must be 2-6 capital letters: ${prefix}`);
  const day = new BusinessCalendar(timeZone).dayAsUtcDate(now).toISOString().slice(0, 10);
  const result = await tx.execute<{ last: number }>(sql`
    INSERT INTO document_sequences (prefix, day, last) VALUES (${prefix}, ${day}, 1)
    ON CONFLICT (prefix, day) DO UPDATE SET last = document_sequences.last + 1
    RETURNING last`);
  const last = Number((result as unknown as { rows: Array<{ last: number }> }).rows[0]?.last);
  return `${prefix}${day.replaceAll('-', '')}${String(last).padStart(last > 9999 ? 5 : 4, '0')}`;
}
