import { type Column, type SQL, sql } from 'drizzle-orm';
import { orgSubtreeIds } from '../auth/org-subtree';

/** Builds one WHERE condition from one filter value of a list request (undefined = no condition). */
export type FilterFn<V = unknown> = (value: V) => SQL | undefined;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Escapes LIKE wildcards so a user's "%" or "_" matches itself. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One of the values given (an empty or missing list: no condition). */
export const oneOf =
  (column: Column | SQL): FilterFn =>
  (v) =>
    Array.isArray(v) && v.length
      ? sql`${column} IN (${sql.join(
          v.map((x) => sql`${x}`),
          sql`, `,
        )})`
      : undefined;

/** Exact match. */
export const equals =
  (column: Column | SQL): FilterFn =>
  (v) =>
    blank(v) ? undefined : sql`${column} = ${v}`;

/** Case-insensitive "contains" (served by the trigram indexes where they exist). */
export const contains =
  (column: Column | SQL): FilterFn =>
  (v) =>
    blank(v) ? undefined : sql`${column} ILIKE ${likePattern(String(v))}`;

export const atLeast =
  (column: Column | SQL): FilterFn =>
  (v) =>
    blank(v) ? undefined : sql`${column} >= ${v}`;

export const atMost =
  (column: Column | SQL): FilterFn =>
  (v) =>
    blank(v) ? undefined : sql`${column} <= ${v}`;

/** The unit given and every unit below it (materialised path of org_units). */
export const inOrgSubtree =
  (orgIdColumn: Column | SQL): FilterFn =>
  (v) =>
    blank(v) ? undefined : sql`${orgIdColumn} IN (${orgSubtreeIds(Number(v))})`;

/** Any of several columns contains the text (a "keyword" box). */
export const anyContains =
  (...columns: Array<Column | SQL>): FilterFn =>
  (v) => {
    if (blank(v)) return undefined;
    const pattern = likePattern(String(v));
    return sql`(${sql.join(
      columns.map((c) => sql`${c} ILIKE ${pattern}`),
      sql` OR `,
    )})`;
  };
