import { PERIOD_MSG, type PeriodCheck, type PeriodOpenItem, type PeriodRecord, periodClosedMessage } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { BusinessCalendar } from '../../../platform/business-time';
import { type Db, queryRows } from '../../../platform/db';
import { conflict, refusedAt } from '../../../platform/errors';

/*
 * Accounting periods (docs/domain/controls.md §2). A month is closed by finance once nothing in it
 * is still open; from then on nothing dated in it is created, changed, voided or written off
 * until it is reopened with a reason. Every guarded write calls `requireOpenPeriod` in its own
 * transaction: it takes the month's advisory lock shared, the close takes it exclusive, so a close
 * waits for writes in flight and a write after the close sees it.
 */

/** yyyymm of a yyyymm number or a YYYY-MM-DD day. */
export function monthOf(dayOrMonth: number | string): number {
  if (typeof dayOrMonth === 'number') return dayOrMonth;
  return Number(dayOrMonth.slice(0, 4)) * 100 + Number(dayOrMonth.slice(5, 7));
}

const lockKey = (month: number) => sql`hashtext(${`erp:period:${month}`})`;

/** Refuses (409, naming the month) when any of the months is closed. Call inside the writing transaction. */
export function requireOpenPeriod(tx: Db, ...dates: Array<number | string | null | undefined>): Promise<void> {
  return refuseClosedMonths(tx, dates, null);
}

/** The same for a date the user entered in `field`: the form shows the refusal under that field. */
export function requireOpenPeriodAt(tx: Db, field: string, ...dates: Array<number | string | null | undefined>): Promise<void> {
  return refuseClosedMonths(tx, dates, field);
}

async function refuseClosedMonths(tx: Db, dates: Array<number | string | null | undefined>, field: string | null): Promise<void> {
  const months = [...new Set(dates.filter((d): d is number | string => d !== null && d !== undefined && d !== '').map(monthOf))].sort();
  if (!months.length) return;
  for (const m of months) await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${lockKey(m)})`);
  const closed = await queryRows<{ month: number }>(
    tx,
    sql`SELECT month FROM fin_accounting_periods WHERE state = 'closed' AND month IN (${sql.join(
      months.map((m) => sql`${m}`),
      sql`, `,
    )}) ORDER BY month LIMIT 1`,
  );
  if (!closed[0]) return;
  const message = periodClosedMessage(Number(closed[0].month));
  throw field ? refusedAt(409, field, message, 'period_closed') : conflict(message);
}

/** One kind of document that keeps a month from closing: a count and a few numbers, from one query. */
interface OpenItemQuery {
  kind: string;
  label: string;
  query(month: number): ReturnType<typeof sql>;
}

/*
 * What may still change a month's figures. Bills are dated by their month; a void changes the
 * month its invoice is dated in; a write-off the month of its bill. Each query gives
 * `no` (a document number or, for a draft, its id) per open document.
 */
const OPEN_ITEMS: OpenItemQuery[] = [
  {
    kind: 'billInApproval',
    label: '审批中的结算单',
    query: (m) =>
      sql`SELECT coalesce(bill_no, '#' || id) AS no FROM fin_bills WHERE month = ${m} AND deleted_at IS NULL AND state IN ('approving', 'returned')`,
  },
  {
    kind: 'billDraft',
    label: '未提交（草稿、驳回或撤回）的结算单',
    query: (m) =>
      sql`SELECT coalesce(bill_no, '#' || id) AS no FROM fin_bills WHERE month = ${m} AND deleted_at IS NULL AND state IN ('draft', 'rejected', 'revoked')`,
  },
  {
    kind: 'voidApplied',
    label: '待审批的发票作废申请',
    query: (m) => sql`SELECT v.void_no AS no FROM fin_invoice_voids v JOIN fin_invoices i ON i.id = v.invoice_id
      WHERE v.state = 'applied' AND to_char(i.invoice_date, 'YYYYMM')::int = ${m}`,
  },
  {
    kind: 'writeOffOpen',
    label: '未完成的核销单',
    query: (m) => sql`SELECT coalesce(c.cancellation_no, '#' || c.id) AS no FROM fin_cancellation_bills c JOIN fin_bills b ON b.id = c.bill_id
      WHERE b.month = ${m} AND c.deleted_at IS NULL AND c.state IN ('draft', 'approving', 'returned')`,
  },
];

export async function checkPeriod(db: Db, month: number): Promise<PeriodCheck> {
  const items: PeriodOpenItem[] = [];
  for (const q of OPEN_ITEMS) {
    const rows = await queryRows<{ no: string }>(db, sql`SELECT no FROM (${q.query(month)}) open ORDER BY no`);
    if (rows.length) items.push({ kind: q.kind, label: q.label, count: rows.length, examples: rows.slice(0, 5).map((r) => String(r.no)) });
  }
  return { month, items };
}

/** The months of a year with their state and history (a month without a row is open). */
export async function listPeriods(db: Db, year: number): Promise<PeriodRecord[]> {
  const rows = await queryRows<{ month: number; state: string; closed_by_name: string | null; closed_at: string | null }>(
    db,
    sql`SELECT p.month, p.state, u.real_name AS closed_by_name, to_char(p.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at
      FROM fin_accounting_periods p LEFT JOIN users u ON u.id = p.closed_by
      WHERE p.month BETWEEN ${year * 100 + 1} AND ${year * 100 + 12}`,
  );
  const events = await queryRows<{ month: number; action: 'close' | 'reopen'; reason: string | null; user_name: string | null; at: string }>(
    db,
    sql`SELECT e.month, e.action, e.reason, u.real_name AS user_name, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
      FROM fin_period_events e LEFT JOIN users u ON u.id = e.user_id
      WHERE e.month BETWEEN ${year * 100 + 1} AND ${year * 100 + 12} ORDER BY e.at DESC, e.id DESC`,
  );
  const byMonth = new Map(rows.map((r) => [Number(r.month), r]));
  return Array.from({ length: 12 }, (_, i) => {
    const month = year * 100 + i + 1;
    const row = byMonth.get(month);
    const closed = row?.state === 'closed';
    return {
      month,
      state: closed ? 'closed' : 'open',
      closedByName: closed ? (row?.closed_by_name ?? null) : null,
      closedAt: closed ? (row?.closed_at ?? null) : null,
      events: events.filter((e) => Number(e.month) === month).map((e) => ({ action: e.action, reason: e.reason, userName: e.user_name, at: e.at })),
    };
  });
}

async function periodRecord(db: Db, month: number): Promise<PeriodRecord> {
  const all = await listPeriods(db, Math.floor(month / 100));
  return all[(month % 100) - 1] as PeriodRecord;
}

async function stateOf(tx: Db, month: number): Promise<string> {
  const [row] = await queryRows<{ state: string }>(tx, sql`SELECT state FROM fin_accounting_periods WHERE month = ${month}`);
  return row?.state ?? 'open';
}

/** Closes an ended month with nothing open in it (the refusal lists what is). */
export async function closePeriod(db: Db, calendar: BusinessCalendar, userId: number, month: number): Promise<PeriodRecord> {
  if (month >= monthOf(calendar.day())) throw conflict(PERIOD_MSG.notEnded);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockKey(month)})`);
    if ((await stateOf(tx, month)) === 'closed') throw conflict(PERIOD_MSG.alreadyClosed);
    const { items } = await checkPeriod(tx, month);
    if (items.length) throw conflict(`${PERIOD_MSG.openItems}：${items.map((i) => `${i.label}${i.count}张`).join('、')}`, { items });
    await tx.execute(sql`
      INSERT INTO fin_accounting_periods (month, state, closed_by, closed_at, created_by, updated_by)
      VALUES (${month}, 'closed', ${userId}, now(), ${userId}, ${userId})
      ON CONFLICT (month) DO UPDATE SET state = 'closed', closed_by = ${userId}, closed_at = now(), updated_at = now(), updated_by = ${userId}`);
    await tx.execute(sql`INSERT INTO fin_period_events (month, action, user_id) VALUES (${month}, 'close', ${userId})`);
  });
  return periodRecord(db, month);
}

/** Reopens a closed month; the reason stays in its history. */
export async function reopenPeriod(db: Db, userId: number, month: number, reason: string): Promise<PeriodRecord> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockKey(month)})`);
    if ((await stateOf(tx, month)) !== 'closed') throw conflict(PERIOD_MSG.notClosed);
    await tx.execute(sql`UPDATE fin_accounting_periods SET state = 'open', updated_at = now(), updated_by = ${userId} WHERE month = ${month}`);
    await tx.execute(sql`INSERT INTO fin_period_events (month, action, reason, user_id) VALUES (${month}, 'reopen', ${reason}, ${userId})`);
  });
  return periodRecord(db, month);
}
