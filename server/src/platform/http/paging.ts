import type { Page, PageRequest } from '@erp/contract';
import { asc, type Column, desc, type SQL } from 'drizzle-orm';

/** `LIMIT`/`OFFSET` of a page request. */
export function pageWindow(req: Pick<PageRequest, 'pageIndex' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: req.pageSize, offset: (req.pageIndex - 1) * req.pageSize };
}

export function pageOfRows<T>(records: T[], total: number, req: Pick<PageRequest, 'pageIndex' | 'pageSize'>): Page<T> {
  return { records, total, pageIndex: req.pageIndex, pageSize: req.pageSize };
}

/**
 * ORDER BY from a client's sortField/sortOrder, limited to the columns a call allows; anything else
 * falls back to the default order (never raw client text in SQL).
 */
export function orderFor(req: Pick<PageRequest, 'sortField' | 'sortOrder'>, allowed: Record<string, Column | SQL>, fallback: SQL[]): SQL[] {
  const column = req.sortField ? allowed[req.sortField] : undefined;
  if (!column) return fallback;
  return [req.sortOrder === 'descend' ? desc(column) : asc(column), ...fallback];
}
