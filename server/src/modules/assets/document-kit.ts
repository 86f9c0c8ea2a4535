import { DOCUMENT_STATUS_CODE } from '@erp/contract';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { orgUnits, users } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { likePattern } from '../../platform/resource/filters';
import type { Resource } from '../../platform/resource/resource';
import { assertReadable } from '../hr/hr-document-kit';

/** What the asset documents (purchase demand, use application, inventory count) share. */
export interface AssetDocumentColumns {
  id: PgColumn;
  documentNo: PgColumn;
  state: PgColumn;
  processInstanceId: PgColumn;
  userId: PgColumn;
  orgId: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
}

const statusCase = (state: Column) =>
  sql<string>`CASE ${state} ${sql.join(
    Object.entries(DOCUMENT_STATUS_CODE).map(([s, c]) => sql.raw(`WHEN '${s}' THEN '${c}'`)),
    sql` `,
  )} ELSE '${sql.raw(DOCUMENT_STATUS_CODE.draft)}' END`;

export function assetDocumentSelect(t: AssetDocumentColumns) {
  return {
    id: t.id,
    documentNo: sql<string>`coalesce(${t.documentNo}, '')`,
    state: t.state,
    status: statusCase(t.state),
    processInstanceId: t.processInstanceId,
    userId: t.userId,
    userName: sql<string>`coalesce(${users.realName}, '')`,
    orgId: t.orgId,
    orgName: sql<string>`coalesce(${orgUnits.name}, '')`,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export const assetDocumentJoins = (t: AssetDocumentColumns) => [
  { table: users, on: eq(users.id, t.userId) },
  { table: orgUnits, on: eq(orgUnits.id, t.orgId) },
];

/** Number, applicant name or the given text columns. */
export const assetDocumentKeyword =
  (t: AssetDocumentColumns, ...more: Array<Column | SQL>) =>
  (v: unknown) => {
    if (v === undefined || v === null || v === '') return undefined;
    const p = likePattern(String(v));
    return sql`(${t.documentNo} ILIKE ${p} OR ${users.realName} ILIKE ${p}${sql.join(
      more.map((c) => sql` OR ${c} ILIKE ${p}`),
      sql``,
    )})`;
  };

/**
 * A page of a document list: the user's own (`mine`, or anyone without the list permission), or
 * all in their data scope with it.
 */
export function documentPage<R extends Record<string, unknown>>(
  db: Db,
  resource: Resource<R, never>,
  t: AssetDocumentColumns,
  user: Principal,
  input: { mine?: boolean } & Record<string, unknown>,
  listPermission: string,
) {
  const all = !input.mine && hasPermission(user, listPermission);
  return all ? resource.page(db, input as never, user) : resource.page(db, input as never, null, sql`${t.userId} = ${user.userId}`);
}

/** The applicant, the asset staff in scope, or someone on its flow; others get 404. */
export async function assertDocumentReadable(
  db: Db,
  user: Principal,
  row: { userId: number; orgId: number | null; processInstanceId: number | null },
  listPermission: string,
): Promise<void> {
  await assertReadable(db, user, row, listPermission);
}

export function assertEditable(state: string): void {
  if (state !== 'draft' && state !== 'returned') throw badRequest('只有草稿或退回的单据可以修改');
}

export const savedOf = (row: { id: number; documentNo: string | null; state: string; processInstanceId: number | null }) => ({
  id: row.id,
  documentNo: row.documentNo ?? '',
  state: row.state,
  processInstanceId: row.processInstanceId,
});
