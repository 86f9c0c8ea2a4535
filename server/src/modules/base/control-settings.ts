import { controlsCalls } from '@erp/contract';
import { systemState } from '../../db/schema';
import { CLAIM_BUDGET_KEY, claimBudgetMode } from '../../platform/controls/claim-budget-mode';
import { FOUR_EYES_KEY, fourEyesOn } from '../../platform/controls/four-eyes';
import { implement, type Route } from '../../platform/http/context';
import type { Platform } from '../../platform/platform';

/**
 * 内控设置 (issue 34 §1, §3): the four-eyes switch and the claim budget control, each read on every
 * check, so a change applies to the next one.
 */
export function controlSettingsRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const current = async () => ({ fourEyes: await fourEyesOn(db), claimBudget: await claimBudgetMode(db) });
  const keep = (key: string, value: string) =>
    db
      .insert(systemState)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: new Date() } });
  return implement(controlsCalls, {
    settings: current,
    saveSettings: async (input, ctx) => {
      const before = await current();
      await keep(FOUR_EYES_KEY, input.fourEyes ? 'on' : 'off');
      await keep(CLAIM_BUDGET_KEY, input.claimBudget);
      ctx.audit({ recordId: 'controls', before, after: input });
      return input;
    },
  });
}
