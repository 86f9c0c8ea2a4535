import { expiryCalls, expiryMeta } from '@erp/contract';
import type { FastifyInstance } from 'fastify';
import { afterCommit } from '../../../platform/call-transaction';
import { implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { Platform } from '../../../platform/platform';
import { exportColumns } from '../../../platform/resource/labels';
import { sendXlsx } from '../../../platform/resource/xlsx-export';
import { businessToday } from './documents';
import { expiryBatches, expiryPage, expirySettings, remindExpiries, saveExpirySettings } from './expiry';

/** Reminders are per day and period; an hourly sweep sends each within the hour it becomes due. */
const EXPIRY_SWEEP_MS = 60 * 60_000;

const sweepOnce = (platform: Platform) =>
  remindExpiries(platform.db, businessToday())
    .then((n) => n && platform.log.info({ reminders: n }, 'expiry reminders sent'))
    .catch((err) => platform.log.warn({ err: String(err) }, 'expiry reminder sweep failed'));

export function setupExpiryReminders(app: FastifyInstance, platform: Platform): void {
  // Tests call remindExpiries themselves: a sweep in every test server would put reminders among their messages.
  if (platform.config.NODE_ENV === 'test') return;
  const sweep = () => sweepOnce(platform);
  const first = setTimeout(sweep, 60_000);
  const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}

export function expiryRoutes(platform: Platform): Route[] {
  const db = platform.db;
  return implement(expiryCalls, {
    page: (input, ctx) => expiryPage(db, ctx.user, input, businessToday()),
    export: async (input, ctx) =>
      sendXlsx(ctx.reply, {
        filename: '即将到期.xlsx',
        sheet: '即将到期',
        columns: await exportColumns(platform, expiryMeta, langOf(ctx.req)),
        batches: expiryBatches(db, ctx.user, input, businessToday()),
      }),
    settings: () => expirySettings(db),
    saveSettings: async (input, ctx) => {
      const before = await expirySettings(db);
      const saved = await saveExpirySettings(db, input);
      ctx.audit({ recordId: 'expiry', before, after: saved });
      // New days apply at once: what they make due is reminded now, not at the next hourly sweep.
      afterCommit(() => sweepOnce(platform));
      return saved;
    },
  });
}
