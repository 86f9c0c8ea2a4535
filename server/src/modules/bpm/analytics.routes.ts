import { bpmAnalyticsCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { approvers, drill, nodes, overview, remindOverdue } from './analytics';

/** Overdue reminders are per business day; an hourly sweep sends each within the hour it becomes due. */
const OVERDUE_SWEEP_MS = 60 * 60_000;

/** Approval analytics and the daily reminder of overdue tasks (docs/domain/approval-engine.md). */
export const bpmAnalyticsModule: ServerModule = {
  name: 'bpmAnalytics',
  setup(app, platform) {
    const sweep = () =>
      remindOverdue(platform.db, { timeZone: platform.config.BUSINESS_TIME_ZONE })
        .then((n) => n && platform.log.info({ reminders: n }, 'overdue approval tasks reminded'))
        .catch((err) => platform.log.warn({ err: String(err) }, 'overdue reminder sweep failed'));
    if (platform.config.NODE_ENV === 'test') return;
    const first = setTimeout(sweep, 60_000);
    const timer = setInterval(sweep, OVERDUE_SWEEP_MS);
    first.unref();
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  },
  routes(platform) {
    const db = platform.db;
    const ctx = () => ({ tz: platform.config.BUSINESS_TIME_ZONE, now: new Date() });
    return implement(bpmAnalyticsCalls, {
      analyticsOverview: (input) => overview(db, input, ctx()),
      analyticsNodes: (input) => nodes(db, input, ctx()),
      analyticsApprovers: (input) => approvers(db, input, ctx()),
      analyticsInstances: (input) => drill(db, input, ctx()),
    });
  },
};
