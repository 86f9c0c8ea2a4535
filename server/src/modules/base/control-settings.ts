import { controlsCalls } from '@erp/contract';
import { systemState } from '../../db/schema';
import { FOUR_EYES_KEY, fourEyesOn } from '../../platform/controls/four-eyes';
import { implement, type Route } from '../../platform/http/context';
import type { Platform } from '../../platform/platform';

/** 内控设置 (issue 34 §1): the four-eyes switch, read on every check, so a change applies to the next one. */
export function controlSettingsRoutes(platform: Platform): Route[] {
  const db = platform.db;
  return implement(controlsCalls, {
    settings: async () => ({ fourEyes: await fourEyesOn(db) }),
    saveSettings: async (input, ctx) => {
      const before = { fourEyes: await fourEyesOn(db) };
      const value = input.fourEyes ? 'on' : 'off';
      await db
        .insert(systemState)
        .values({ key: FOUR_EYES_KEY, value })
        .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: new Date() } });
      ctx.audit({ recordId: FOUR_EYES_KEY, before, after: input });
      return input;
    },
  });
}
