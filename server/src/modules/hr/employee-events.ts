import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { grades, orgUnits } from '../../db/schema';
import type { Db } from '../../platform/db';
import { employeeEvents } from './employee-records.schema';

/** EMPEVENT dictionary: what happened to an employee. */
export const EVENT_KIND = { entry: '001', regular: '002', transfer: '003', adjustment: '004', departure: '005', renewal: '006' } as const;

/** Records a lifecycle event (in the caller's transaction: the event and the change commit together). */
export async function recordEvent(tx: Db, event: typeof employeeEvents.$inferInsert): Promise<void> {
  await tx.insert(employeeEvents).values(event);
}

const fromOrg = alias(orgUnits, 'from_org');
const toOrg = alias(orgUnits, 'to_org');
const fromGrade = alias(grades, 'from_grade');
const toGrade = alias(grades, 'to_grade');

/** An employee's events with the names of the units and grades, newest first. */
export async function eventsOf(db: Db, employeeId: number) {
  return db
    .select({
      id: employeeEvents.id,
      kind: employeeEvents.kind,
      effectiveDate: employeeEvents.effectiveDate,
      fromOrgName: fromOrg.name,
      toOrgName: toOrg.name,
      fromPosition: employeeEvents.fromPosition,
      toPosition: employeeEvents.toPosition,
      fromGradeName: fromGrade.name,
      toGradeName: toGrade.name,
      documentNo: employeeEvents.documentNo,
      remark: employeeEvents.remark,
    })
    .from(employeeEvents)
    .leftJoin(fromOrg, eq(fromOrg.id, employeeEvents.fromOrgId))
    .leftJoin(toOrg, eq(toOrg.id, employeeEvents.toOrgId))
    .leftJoin(fromGrade, eq(fromGrade.id, employeeEvents.fromGradeId))
    .leftJoin(toGrade, eq(toGrade.id, employeeEvents.toGradeId))
    .where(eq(employeeEvents.employeeId, employeeId))
    .orderBy(desc(employeeEvents.effectiveDate), desc(employeeEvents.id));
}

type EventView = Awaited<ReturnType<typeof eventsOf>>[number];

/** Kinds that put a person in a (new) unit, position or grade: each starts a take-office period. */
const TAKES_OFFICE: readonly string[] = [EVENT_KIND.entry, EVENT_KIND.regular, EVENT_KIND.transfer, EVENT_KIND.adjustment];

/**
 * The positions held, newest first: each entry, confirmation, transfer or adjustment starts a
 * period that the next one (or the departure) ends.
 */
export function takeOfficeHistory(eventsNewestFirst: EventView[]) {
  const ordered = [...eventsNewestFirst].reverse();
  const periods: Array<{
    orgName: string | null;
    positionName: string | null;
    gradeName: string | null;
    startDate: string;
    endDate: string | null;
    kind: string;
  }> = [];
  for (const e of ordered) {
    const open = periods[periods.length - 1];
    if (e.kind === EVENT_KIND.departure) {
      if (open && !open.endDate) open.endDate = e.effectiveDate;
      continue;
    }
    if (!TAKES_OFFICE.includes(e.kind)) continue;
    if (open && !open.endDate) open.endDate = e.effectiveDate;
    periods.push({ orgName: e.toOrgName, positionName: e.toPosition, gradeName: e.toGradeName, startDate: e.effectiveDate, endDate: null, kind: e.kind });
  }
  return periods.reverse();
}
