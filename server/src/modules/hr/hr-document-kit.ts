import { DOCUMENT_STATUS_CODE } from '@erp/contract';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { employees, orgUnits, users } from '../../db/schema';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import type { BusinessDocument } from '../../platform/document/business-document';
import { badRequest, notFound } from '../../platform/errors';
import type { FilterFn } from '../../platform/resource/filters';
import { isParticipant } from '../bpm/bpm.repository';

/**
 * What the three HR documents (triple agreements, compensation, performance) share: the columns
 * every record shows, read access, and the task commands through the kernel. Each document
 * module declares only its table, form, checks and the effect of its approval.
 */

/** Columns every HR document table has. */
export interface DocumentColumns {
  id: PgColumn;
  employeeId: PgColumn;
  userId: PgColumn;
  orgId: PgColumn;
  state: PgColumn;
  processInstanceId: PgColumn;
  documentNo: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
}

const STATUS_CASE = (state: Column) =>
  sql<string>`CASE ${state} ${sql.join(
    Object.entries(DOCUMENT_STATUS_CODE).map(([s, c]) => sql.raw(`WHEN '${s}' THEN '${c}'`)),
    sql` `,
  )} ELSE '${sql.raw(DOCUMENT_STATUS_CODE.draft)}' END`;

/** The select list of the shared record fields (the joins: `documentJoins`). */
export function documentSelect(t: DocumentColumns) {
  return {
    id: t.id,
    documentNo: sql<string>`coalesce(${t.documentNo}, '')`,
    state: t.state,
    status: STATUS_CASE(t.state),
    processInstanceId: t.processInstanceId,
    employeeId: t.employeeId,
    employeeCode: sql<string>`coalesce(${employees.employeeCode}, '')`,
    employeeName: sql<string>`coalesce(${employees.name}, '')`,
    userCode: sql<string>`coalesce(${users.userCode}, '')`,
    orgId: t.orgId,
    orgName: sql<string>`coalesce(${orgUnits.name}, '')`,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export function documentJoins(t: DocumentColumns) {
  return [
    { table: employees, on: eq(employees.id, t.employeeId) },
    { table: users, on: eq(users.id, t.userId) },
    { table: orgUnits, on: eq(orgUnits.id, t.orgId) },
  ];
}

/** Name, code or account of the person, or the document number. */
export const documentKeyword =
  (t: DocumentColumns): FilterFn =>
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const p = `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(${employees.name} ILIKE ${p} OR ${employees.employeeCode} ILIKE ${p} OR ${users.userCode} ILIKE ${p} OR ${t.documentNo} ILIKE ${p})`;
  };

/** Money columns in fen read as yuan (numbers with two decimals). */
export const yuan = (c: Column | SQL) => sql<number>`(${c}::float8 / 100)`;
export const cents = (yuanValue: number) => Math.round(yuanValue * 100);

/**
 * A document the user may read: HR with the list permission and the record in their data scope,
 * the person it is about, or anyone on its flow (approvers, copies). Others get 404.
 */
export async function assertReadable(
  db: Db,
  user: Principal,
  row: { userId: number; orgId: number | null; processInstanceId: number | null },
  listPermission: string,
): Promise<void> {
  if (row.userId === user.userId) return;
  if (hasPermission(user, listPermission)) {
    const cond = dataScopeCondition(user, { orgId: sql`${row.orgId}::int`, ownerUserId: sql`${row.userId}::int` });
    const scoped = (await db.execute(sql`SELECT ${cond} AS ok`)) as unknown as { rows: Array<{ ok: boolean }> };
    if (scoped.rows[0]?.ok) return;
  }
  if (row.processInstanceId && (await isParticipant(db, row.processInstanceId, user.userId))) return;
  throw notFound('单据不存在');
}

/** The kernel's task commands of a document, as the handlers of its pass / fail / rollback calls. */
export function taskCommands<T extends PgTable>(doc: BusinessDocument<T>) {
  return {
    pass: (db: Db, user: Principal, input: { taskId: number; message?: string | null }) =>
      doc.pass(db, { taskId: input.taskId, userId: user.userId, message: input.message ?? null }),
    reject: (db: Db, user: Principal, input: { taskId: number; message: string }) =>
      doc.reject(db, { taskId: input.taskId, userId: user.userId, message: input.message }),
    rollback: (db: Db, user: Principal, input: { taskId: number; sort?: number; message?: string | null }) =>
      doc.rollback(db, { taskId: input.taskId, userId: user.userId, sort: input.sort ?? 0, message: input.message ?? null }),
  };
}

/** Refuses changing a document that is not a draft or back with its applicant. */
export function assertEditable(state: string): void {
  if (state !== 'draft' && state !== 'returned') throw badRequest('只有草稿或退回的单据可以修改');
}
