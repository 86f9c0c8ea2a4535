import type { Page, PageRequest } from '@erp/contract';
import { asc, type Column, desc, type SQL, sql } from 'drizzle-orm';

/** `LIMIT`/`OFFSET` of a page request. */
export function pageWindow(req: Pick<PageRequest, 'pageIndex' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: req.pageSize, offset: (req.pageIndex - 1) * req.pageSize };
}

/**
 * A page size written into the statement instead of sent as a parameter. For a prepared statement
 * with `LIMIT $n` PostgreSQL costs its generic plan as if the limit kept a tenth of the rows, finds it
 * dearer than a custom plan for `LIMIT 20` and plans every execution anew; with the literal the
 * generic plan is kept. Page sizes are few, so few statement texts come of it.
 */
export function rowCountLiteral(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

export function pageOfRows<T>(records: T[], total: number, req: Pick<PageRequest, 'pageIndex' | 'pageSize'>): Page<T> {
  return { records, total, pageIndex: req.pageIndex, pageSize: req.pageSize };
}

/**
 * ORDER BY from a client's sortField/sortOrder, limited to the columns a call allows; anything else
 * falls back to the default order (never raw client text in SQL).
 */
export function orderFor(req: Pick<PageRequest, 'sortField' | 'sortOrder'>, allowed: Record<string, Column | SQL>, fallback: SQL[]): SQL[] {
  // Own keys only: "__proto__" or "constructor" must not find Object.prototype's members.
  const column = req.sortField && Object.hasOwn(allowed, req.sortField) ? allowed[req.sortField] : undefined;
  if (!column) return fallback;
  return [req.sortOrder === 'descend' ? desc(column) : asc(column), ...fallback];
}
