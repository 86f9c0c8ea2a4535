import type { ClaimBudgetMode } from '@erp/contract';
import { eq } from 'drizzle-orm';
import { systemState } from '../../db/schema';
import type { Db } from '../db';

/**
 * The company's claim budget control (issue 34 §3, 内控设置): off, warn (the default) or refuse, kept as
 * the system_state row `controls.claim_budget` and read on every check.
 */
export const CLAIM_BUDGET_KEY = 'controls.claim_budget';

export const asClaimBudgetMode = (value: string | null | undefined): ClaimBudgetMode | null =>
  value === 'off' || value === 'warn' || value === 'refuse' ? value : null;

export async function claimBudgetMode(db: Db): Promise<ClaimBudgetMode> {
  const [row] = await db.select({ value: systemState.value }).from(systemState).where(eq(systemState.key, CLAIM_BUDGET_KEY));
  return asClaimBudgetMode(row?.value) ?? 'warn';
}
