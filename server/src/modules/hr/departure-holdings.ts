import type { Holding } from '@erp/contract';
import type { Db } from '../../platform/db';

/**
 * What a leaver still holds (open approval tasks, running processes they started, records they
 * own, roles they alone hold), grouped by kind. The departure flow asks it before a start
 * (`quit/check`, `quit/checkQuitScaler`) and its hand-over step cannot pass while the list is not
 * empty (docs/domain/hr-lifecycle.md).
 *
 * The leaver hand-over work (issue 14, branch issue-14-agreements) provides the real inventory by
 * registering a provider; until then nothing is held.
 */
export type HoldingsProvider = (db: Db, userId: number) => Promise<Holding[]>;

let provider: HoldingsProvider | null = null;

/** Registered once by the hand-over module. */
export function registerHoldingsProvider(p: HoldingsProvider): void {
  provider = p;
}

/** The groups a user still holds; an empty list means the departure may finish. */
export async function departureHoldings(db: Db, userId: number | null): Promise<Holding[]> {
  if (!provider || userId === null) return [];
  return (await provider(db, userId)).filter((h) => h.count > 0);
}
