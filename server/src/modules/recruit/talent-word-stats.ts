import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db';
import { processCache } from '../../platform/process-caches';

/**
 * The share of talents holding each of the pool's most common words, as PostgreSQL's statistics of
 * `recruit_talents.search_doc` give it (ANALYZE keeps the most common lexemes of a tsvector column
 * with their frequencies; a word missing from the list is rarer than every listed one).
 *
 * The talent pool uses it to decide whether the planner needs to see the query's words: a search
 * with a rare word is best answered from the GIN index whatever its other words (the same plan for
 * every value, so it can be planned once per connection); a search made only of common words may be
 * better answered by another plan, which only a plan made for those words finds.
 */
export interface WordShares {
  shareOf(word: string): number;
}

const NONE: WordShares = { shareOf: () => 0 };
/** Statistics move with ANALYZE (autovacuum, after enough writes): re-read them now and then. */
const REFRESH_MS = 10 * 60_000;

let cached: { at: number; shares: Promise<WordShares> } | null = null;
processCache(() => {
  cached = null;
});

async function readShares(db: Db): Promise<WordShares> {
  const [row] = await queryRows<{ words: string[] | null; freqs: number[] | null }>(
    db,
    sql`SELECT most_common_elems::text::text[] AS words, most_common_elem_freqs::float8[] AS freqs
        FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'recruit_talents' AND attname = 'search_doc'`,
  );
  const words = row?.words ?? [];
  const freqs = row?.freqs ?? [];
  const share = new Map(words.map((w, i) => [w, freqs[i] ?? 0]));
  return { shareOf: (word) => share.get(word) ?? 0 };
}

/** The word shares, read at most every REFRESH_MS per process; without statistics, every word is rare. */
export function talentWordShares(db: Db, now = Date.now()): Promise<WordShares> {
  if (!cached || now - cached.at > REFRESH_MS) {
    const shares = readShares(db).catch(() => {
      // Read again on the next search: an outage must not leave the pool without statistics.
      cached = null;
      return NONE;
    });
    cached = { at: now, shares };
  }
  return cached.shares;
}

/** Tests: fixes the shares every search sees (null: read the statistics again on the next search). */
export function fixTalentWordShares(shares: WordShares | null): void {
  cached = shares ? { at: Number.POSITIVE_INFINITY, shares: Promise.resolve(shares) } : null;
}
