import { reportCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { ServerModule } from '../../platform/module';
import { attachment, workbookBuffer, XLSX_TYPE } from '../../platform/resource/xlsx-export';
import { drillReport, reportCards, reportSheet, runReport } from './report.service';
import { cardInEnglish, drillInEnglish, reportInEnglish } from './report-texts.en';

/** A drill export holds at most this many records (a figure of 50,000 people is read on screen, page by page). */
const DRILL_EXPORT_MAX = 20_000;

/** The report centre (docs/domain/reports.md). */
export const reportModule: ServerModule = {
  name: 'report',
  routes(platform) {
    const db = platform.db;
    const tz = platform.config.BUSINESS_TIME_ZONE;
    return implement(reportCalls, {
      entrance: async (_input, ctx) => {
        const cards = reportCards(ctx.user);
        return langOf(ctx.req) === 'en' ? cards.map(cardInEnglish) : cards;
      },
      query: async (input, ctx) => {
        const r = await runReport(db, ctx.user, input, tz);
        return langOf(ctx.req) === 'en' ? reportInEnglish(r) : r;
      },
      export: async (input, ctx) => {
        const shown = await runReport(db, ctx.user, input, tz);
        const r = langOf(ctx.req) === 'en' ? reportInEnglish(shown) : shown;
        const { header, rows } = reportSheet(r);
        const buffer = await workbookBuffer(r.title, header, rows);
        const name = `${r.title}_${r.from}_${r.to}.xlsx`;
        return ctx.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).header('cache-control', 'no-store').send(buffer);
      },
      drill: async (input, ctx) => {
        const found = await drillReport(db, ctx.user, input, { limit: input.pageSize, offset: (input.pageIndex - 1) * input.pageSize }, tz);
        const r = langOf(ctx.req) === 'en' ? drillInEnglish(found) : found;
        return { ...r, pageIndex: input.pageIndex, pageSize: input.pageSize };
      },
      drillExport: async (input, ctx) => {
        const found = await drillReport(db, ctx.user, input, { limit: DRILL_EXPORT_MAX, offset: 0 }, tz);
        const r = langOf(ctx.req) === 'en' ? drillInEnglish(found) : found;
        const buffer = await workbookBuffer(
          r.title,
          r.columns.map((c) => c.title),
          r.records.map((rec) => r.columns.map((c) => rec[c.key] ?? null)),
        );
        return ctx.reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment(langOf(ctx.req) === 'en' ? `${r.title} details.xlsx` : `${r.title}明细.xlsx`))
          .header('cache-control', 'no-store')
          .send(buffer);
      },
    });
  },
};
