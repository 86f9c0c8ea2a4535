import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { pageWindow, rowCountLiteral } from './paging';

describe('paging', () => {
  it('writes a page size into the statement, and nothing but a whole number', () => {
    expect(new PgDialect().sqlToQuery(rowCountLiteral(20))).toMatchObject({ sql: '20', params: [] });
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => rowCountLiteral(bad)).toThrow('not a row count');
  });

  it('turns a page request into LIMIT and OFFSET', () => {
    expect(pageWindow({ pageIndex: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
  });
});
