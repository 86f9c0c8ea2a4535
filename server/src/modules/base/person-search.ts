import type { Page, UserOption } from '@erp/contract';
import { and, asc, eq, not, type SQL, sql } from 'drizzle-orm';
import { userSearchPieces, users } from '../../db/schema';
import { orgSubtreeIds } from '../../platform/auth/org-subtree';
import type { Db } from '../../platform/db';
import { pageOfRows, pageWindow } from '../../platform/http/paging';
import { PageStatement } from '../../platform/resource/page-statement';
import { isPieceKeyword, userCodeContains, userKeyword, userNameContains } from './base.resources';

/** What the person picker (dimQueryUser) is asked. */
export interface PersonSearch {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  userCode?: string;
  userName?: string;
  orgId?: number | null;
  excludeUserCodes?: string[];
}

const option = {
  id: users.id,
  userId: users.id,
  userCode: users.userCode,
  userName: users.userCode,
  realName: users.realName,
  orgId: users.orgId,
  // A scalar sub-select, not a join: PostgreSQL reads it for the page's rows only, after the sort.
  orgName: sql<string | null>`(SELECT o.name FROM org_units o WHERE o.id = ${users.orgId})`,
  phone: users.phone,
};

/** Enabled users matching conditions on users (no keyword, or one of three characters or more). */
const fromUsers = PageStatement.of({ select: option, table: users, joins: [] });
/** The holders of one piece (a keyword of one or two characters), in name order. */
const fromPieces = PageStatement.of({
  select: option,
  table: userSearchPieces,
  joins: [{ table: users, on: eq(users.id, userSearchPieces.userId), inner: true }],
});

const count = sql<number>`count(*)::int`;

/**
 * Enabled users whose name, code, pinyin initials or phone contain the keyword, exact code or name
 * matches first, then by name. A keyword of one or two characters is one piece of the pieces table:
 * its matches are read in name order from the order index (a page reads its own rows only) and
 * counted index-only. Longer keywords go through the trigram indexes.
 */
export async function searchPeople(db: Db, input: PersonSearch): Promise<Page<UserOption>> {
  const filters = and(
    userCodeContains(input.userCode),
    userNameContains(input.userName),
    input.orgId ? sql`${users.orgId} IN (${orgSubtreeIds(input.orgId)})` : undefined,
    input.excludeUserCodes?.length ? sql`lower(${users.userCode}) NOT IN ${input.excludeUserCodes.map((c) => c.toLowerCase())}` : undefined,
  );
  const keyword = input.keyword || undefined;
  return keyword && isPieceKeyword(keyword) ? byPiece(db, keyword, filters, input) : byConditions(db, keyword, filters, input);
}

/** Exact code (any case) or name matches, listed before the others. */
const exactMatch = (keyword: string): SQL => sql`(lower(${users.userCode}) = ${keyword.toLowerCase()} OR ${users.realName} = ${keyword})`;

async function byConditions(db: Db, keyword: string | undefined, filters: SQL | undefined, input: PersonSearch): Promise<Page<UserOption>> {
  const where = and(eq(users.enabled, true), keyword ? userKeyword(keyword) : undefined, filters);
  const rank = keyword ? [sql`CASE WHEN ${exactMatch(keyword)} THEN 0 ELSE 1 END`] : [];
  const page = await fromUsers.page(db, { where, order: [...rank, asc(users.realName), asc(users.id)], ...pageWindow(input) });
  return pageOfRows(page.rows as UserOption[], page.counts.total, input);
}

async function byPiece(db: Db, keyword: string, filters: SQL | undefined, input: PersonSearch): Promise<Page<UserOption>> {
  const { limit, offset } = pageWindow(input);
  const ofPiece = and(eq(userSearchPieces.piece, sql`lower(${keyword})`), eq(userSearchPieces.enabled, true));
  const exact = and(eq(users.enabled, true), exactMatch(keyword), filters);
  // Without other filters the total never reads users: an index-only count of the piece's range.
  const counts = {
    total: filters
      ? db.select({ n: count }).from(userSearchPieces).innerJoin(users, eq(users.id, userSearchPieces.userId)).where(and(ofPiece, filters))
      : db.select({ n: count }).from(userSearchPieces).where(ofPiece),
    exact: db.select({ n: count }).from(users).where(exact),
  };
  /** The matches that are not exact ones, in name order. */
  const others = (window: { limit: number; offset: number }, withCounts: boolean) =>
    fromPieces.page<'total' | 'exact'>(db, {
      where: and(ofPiece, not(exactMatch(keyword)), filters),
      order: [asc(userSearchPieces.realName), asc(userSearchPieces.userId)],
      ...window,
      counts: withCounts ? counts : {},
    });

  const page = await others({ limit, offset }, true);
  const { total, exact: exactCount } = page.counts;
  if (exactCount === 0) return pageOfRows(page.rows as UserOption[], total, input);

  // Some exact matches (rare: a name or code of one or two characters): they come first.
  const exactRows = await fromUsers.page(db, {
    where: exact,
    order: [asc(users.realName), asc(users.id)],
    limit: offset + limit,
    offset: 0,
    counts: {},
  });
  const head = exactRows.rows.slice(offset, offset + limit);
  const rest = head.length < limit ? (await others({ limit: limit - head.length, offset: Math.max(0, offset - exactCount) }, false)).rows : [];
  return pageOfRows([...head, ...rest] as UserOption[], total, input);
}
