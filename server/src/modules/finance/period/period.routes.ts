import { financePeriodCalls } from '@erp/contract';
import { BusinessCalendar } from '../../../platform/business-time';
import { implement, type Route } from '../../../platform/http/context';
import type { Platform } from '../../../platform/platform';
import { checkPeriod, closePeriod, listPeriods, reopenPeriod } from './period.service';

/** 会计期间: the year's months, the check before closing, close and reopen (docs/domain/controls.md §2). */
export function periodRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const calendar = new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE);
  return implement(financePeriodCalls, {
    list: (input) => listPeriods(db, input.year),
    check: (input) => checkPeriod(db, input.month),
    close: async (input, ctx) => {
      const period = await closePeriod(db, calendar, ctx.user.userId, input.month);
      ctx.audit({ recordId: input.month, after: { state: period.state } });
      return period;
    },
    reopen: async (input, ctx) => {
      const period = await reopenPeriod(db, ctx.user.userId, input.month, input.reason);
      ctx.audit({ recordId: input.month, after: { state: period.state, reason: input.reason } });
      return period;
    },
  });
}
