import { reportCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { attachment, workbookBuffer, XLSX_TYPE } from '../../platform/resource/xlsx-export';
import { drillReport, reportCards, reportSheet, runReport } from './report.service';

/** A drill export holds at most this many records (a figure of 50,000 people is read on screen, page by page). */
const DRILL_EXPORT_MAX = 20_000;

/** The report centre (docs/domain/reports.md). */
export const reportModule: ServerModule = {
  name: 'report',
  routes(platform) {
    const db = platform.db;
    const tz = platform.config.BUSINESS_TIME_ZONE;
    return implement(reportCalls, {
      entrance: async (_input, ctx) => reportCards(ctx.user),
      query: (input, ctx) => runReport(db, ctx.user, input, tz),
      export: async (input, ctx) => {
        const r = await runReport(db, ctx.user, input, tz);
        const { header, rows } = reportSheet(r);
        const buffer = await workbookBuffer(r.title, header, rows);
        const name = `${r.title}_${r.from}_${r.to}.xlsx`;
        return ctx.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).header('cache-control', 'no-store').send(buffer);
      },
      drill: async (input, ctx) => {
        const r = await drillReport(db, ctx.user, input, { limit: input.pageSize, offset: (input.pageIndex - 1) * input.pageSize }, tz);
        return { ...r, pageIndex: input.pageIndex, pageSize: input.pageSize };
      },
      drillExport: async (input, ctx) => {
        const r = await drillReport(db, ctx.user, input, { limit: DRILL_EXPORT_MAX, offset: 0 }, tz);
        const buffer = await workbookBuffer(
          r.title,
          r.columns.map((c) => c.title),
          r.records.map((rec) => r.columns.map((c) => rec[c.key] ?? null)),
        );
        return ctx.reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment(`${r.title}明细.xlsx`))
          .header('cache-control', 'no-store')
          .send(buffer);
      },
    });
  },
};
