import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { systemState } from '../schema';

/** While this row says '1', the demo data (and its known passwords) is loaded: the web shows a ribbon. */
export const DEMO_DATA_KEY = 'demo_data';

export async function hasDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: systemState.value }).from(systemState).where(eq(systemState.key, DEMO_DATA_KEY));
  return row?.value === '1';
}
