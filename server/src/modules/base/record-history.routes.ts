import { historyCalls } from '@erp/contract';
import { recordHistory } from '../../platform/history/record-history';
import { implement, type Route } from '../../platform/http/context';
import type { Platform } from '../../platform/platform';
import { exportStamp } from '../../platform/resource/labels';
import { sendXlsx } from '../../platform/resource/xlsx-export';

/** 操作记录 of a record (issue 34 §4): on screen, and as xlsx with one row per changed field. */
export function recordHistoryRoutes(platform: Platform): Route[] {
  return implement(historyCalls, {
    list: (input, ctx) => recordHistory(platform, ctx.user, input.kind, input.id),
    export: async (input, ctx) => {
      const entries = await recordHistory(platform, ctx.user, input.kind, input.id);
      type Row = { at: string; userName: string | null; action: string; comment: string | null; label: string | null; from: string | null; to: string | null };
      const rows = entries.flatMap((e): Row[] => {
        const base = { at: exportStamp.format(new Date(e.at)), userName: e.userName, action: e.action, comment: e.comment };
        return e.changes.length
          ? e.changes.map((c) => ({ ...base, label: c.label, from: c.from, to: c.to }))
          : [{ ...base, label: null, from: null, to: null }];
      });
      const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
      const column = (key: string, header: string, width: number) => ({ key, header, width, format: text });
      return sendXlsx(ctx.reply, {
        filename: `操作记录-${input.kind}-${input.id}.xlsx`,
        sheet: '操作记录',
        columns: [
          column('at', '时间', 20),
          column('userName', '操作人', 12),
          column('action', '操作', 20),
          column('label', '字段', 16),
          column('from', '原值', 24),
          column('to', '新值', 24),
          column('comment', '意见', 30),
        ],
        batches: (async function* () {
          yield rows;
        })(),
      });
    },
  });
}
