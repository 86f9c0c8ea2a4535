import { positionCalls } from '@erp/contract';
import type { Db } from '../../platform/db';
import { type CallContext, implement } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { ServerModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { exportColumns } from '../../platform/resource/labels';
import type { Resource } from '../../platform/resource/resource';
import { sendXlsx } from '../../platform/resource/xlsx-export';
import { importPositions, sendPositionTemplate } from './position.import';
import { alignmentResource, positionResource, postClanResource, postLargeResource, tradeResource } from './position.resources';
import { PositionService } from './position.service';

type AnyResource = Resource<Record<string, unknown>, never>;

/** The filtered rows of a resource as xlsx, named in the caller's language. */
async function exportRows(platform: Platform, db: Db, resource: unknown, input: Record<string, unknown>, ctx: CallContext, names: { zh: string; en: string }) {
  const r = resource as AnyResource;
  const lang = langOf(ctx.req);
  const name = lang === 'en' ? names.en : names.zh;
  return sendXlsx(ctx.reply, {
    filename: `${name}.xlsx`,
    sheet: name,
    columns: await exportColumns(platform, r.spec.meta, lang),
    batches: r.batches(db, input, null),
  });
}

/** Positions, their four ladders and grades (docs/domain/positions.md). No data scope: they are the group's reference data. */
export const positionModule: ServerModule = {
  name: 'position',
  routes(platform) {
    const db = platform.db;
    const service = new PositionService(db);
    const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    return implement(positionCalls, {
      positionPage: (input) => positionResource.page(db, input, null),
      positionAdd: (input, ctx) => service.addPosition(input, ctx),
      positionUpdate: (input, ctx) => service.updatePosition(input, ctx),
      positionList: async (input) => service.positionOptions(input),
      positionExport: (input, ctx) => exportRows(platform, db, positionResource, input, ctx, { zh: '岗位', en: 'Positions' }),
      positionTemplate: (_input, ctx) => sendPositionTemplate(ctx.reply, ctx.user),
      positionImport: async (input, ctx) => {
        const result = await importPositions(platform, ctx.user, ctx.files.find((f) => f.fieldname === 'file') ?? ctx.files[0], input.confirm);
        ctx.audit({ after: { import: ctx.files[0]?.filename ?? null, confirm: input.confirm, total: result.total, written: result.written } });
        return result;
      },

      alignmentPage: (input) => alignmentResource.page(db, input, null),
      alignmentAdd: (input, ctx) => service.addAlignment(input, ctx),
      alignmentUpdate: (input, ctx) => service.updateAlignment(input, ctx),
      alignmentOptions: async () => service.alignmentOptions(),
      alignmentExport: (input, ctx) => exportRows(platform, db, alignmentResource, input, ctx, { zh: '职位序列', en: 'Job sequences' }),

      tradePage: (input) => tradeResource.page(db, input, null),
      tradeAdd: (input, ctx) => tradeResource.add(db, { ...input, remark: blank(input.remark) }, ctx),
      tradeUpdate: ({ id, ...values }, ctx) => tradeResource.update(db, id, { ...values, remark: blank(values.remark) }, ctx),
      tradeOptions: async () => service.tradeOptions(),
      tradeExport: (input, ctx) => exportRows(platform, db, tradeResource, input, ctx, { zh: '行业', en: 'Trades' }),

      postClanPage: (input) => postClanResource.page(db, input, null),
      postClanAdd: (input, ctx) => service.addPostClan(input, ctx),
      postClanUpdate: (input, ctx) => service.updatePostClan(input, ctx),
      postClanOptions: async (input) => service.postClanOptions(input.postLargeId),
      postClanExport: (input, ctx) => exportRows(platform, db, postClanResource, input, ctx, { zh: '岗位族', en: 'Post clans' }),

      postLargePage: (input) => postLargeResource.page(db, input, null),
      postLargeAdd: (input, ctx) => postLargeResource.add(db, { ...input, remark: blank(input.remark) }, ctx),
      postLargeUpdate: ({ id, ...values }, ctx) => postLargeResource.update(db, id, { ...values, remark: blank(values.remark) }, ctx),
      postLargeBatchUpdate: (input, ctx) => service.batchPostLarge(input.list, ctx),
      postLargeOptions: async () => service.postLargeOptions(),

      gradeList: (input) => service.gradeOptions(input),
    });
  },
};
