import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal';
import type { Db } from '../db';
import { currentRequest } from '../http/request-context';
import { personalDataReads } from './personal-data.schema';

/*
 * The personal-data read log (issue 34 §5, docs/domain/controls.md §5). A service that is about to
 * answer another person's sensitive values unmasked calls `recordPersonalRead` first, in the same
 * call: the row is written before the data leaves, so a read without its row cannot happen. Reads
 * of one's own data are not recorded.
 */

export const RETENTION_KEY = 'privacy.read_log_days';
export const DEFAULT_RETENTION_DAYS = 1095;

export interface PersonalRead {
  /** The person read, or null for a bulk read. */
  subjectEmployeeId?: number | null;
  /** The person read by their account (payslips): their employee record is looked up. */
  subjectUserId?: number | null;
  /** How many people a bulk read revealed (1 when one person is read). */
  count?: number;
  fields: readonly string[];
  /** For a bulk read: what was asked (filters), as the reader sent it. */
  filter?: unknown;
}

const filterText = (filter: unknown): string | null => {
  if (filter === undefined || filter === null) return null;
  const text = JSON.stringify(filter, (k, v) => (k === 'pageIndex' || k === 'pageSize' ? undefined : v));
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
};

export async function recordPersonalRead(db: Db, reader: Principal, read: PersonalRead): Promise<void> {
  if (!read.fields.length) return;
  if (read.subjectUserId !== undefined && read.subjectUserId !== null && read.subjectUserId === reader.userId) return;
  let subject = read.subjectEmployeeId ?? null;
  if (subject === null && read.subjectUserId) {
    const found = await db.execute<{ id: number }>(sql`SELECT id FROM employees WHERE user_id = ${read.subjectUserId} ORDER BY id LIMIT 1`);
    subject = (found as unknown as { rows: Array<{ id: number }> }).rows[0]?.id ?? null;
  }
  if (subject !== null && subject === reader.employeeId) return;
  const single = subject !== null || Boolean(read.subjectUserId);
  const count = single ? 1 : (read.count ?? 1);
  if (count <= 0) return;
  const request = currentRequest();
  await db.insert(personalDataReads).values({
    readerUserId: reader.userId,
    subjectEmployeeId: subject,
    subjectCount: count,
    fields: [...new Set(read.fields)].join('、').slice(0, 200),
    call: (request?.call ?? 'internal').slice(0, 200),
    filter: single ? null : filterText(read.filter),
    ip: request?.ip?.slice(0, 64) ?? null,
  });
}

/**
 * A list or export that answered several people unmasked: one row naming how many and the filter,
 * or a row for the person when only one other than the reader is in it. People are given by
 * employee or by account (payslips); the reader's own row does not count.
 */
export async function recordListRead(
  db: Db,
  reader: Principal,
  read: { employeeIds?: readonly number[]; userIds?: readonly number[]; fields: readonly string[]; filter: unknown },
): Promise<void> {
  const employees = (read.employeeIds ?? []).filter((id) => id !== reader.employeeId);
  const accounts = (read.userIds ?? []).filter((id) => id !== reader.userId);
  const count = employees.length + accounts.length;
  if (count === 1) await recordPersonalRead(db, reader, { subjectEmployeeId: employees[0], subjectUserId: accounts[0], fields: read.fields });
  else if (count > 1) await recordPersonalRead(db, reader, { count, fields: read.fields, filter: read.filter });
}

/** Removes rows older than the retention (system_state `privacy.read_log_days`, default three years). */
export async function prunePersonalReads(db: Db): Promise<number> {
  const days = await retentionDays(db);
  const result = await db.execute(sql`DELETE FROM personal_data_reads WHERE at < now() - make_interval(days => ${days})`);
  return Number((result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
}

export async function retentionDays(db: Db): Promise<number> {
  const result = await db.execute<{ value: string }>(sql`SELECT value FROM system_state WHERE key = ${RETENTION_KEY}`);
  const value = Number((result as unknown as { rows: Array<{ value: string }> }).rows[0]?.value);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_RETENTION_DAYS;
}
