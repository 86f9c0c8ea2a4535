import { assetCalls } from '@erp/contract';
import type { BusinessDocument } from '../../platform/document/business-document';
import { implement } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { ServerModule } from '../../platform/module';
import { exportColumns } from '../../platform/resource/labels';
import { sendXlsx } from '../../platform/resource/xlsx-export';
import type { FileService } from '../file/file.service';
import {
  addApply,
  addPurchase,
  applyDetail,
  applyPage,
  canReadDemandFile,
  dealAgency,
  issueAsset,
  lentProjects,
  purchaseDetail,
  purchasePage,
  rejectAgency,
  returnAsset,
  revokeOwn,
  updateApply,
  updatePurchase,
} from './applications';
import { applyDocument, purchaseDocument } from './asset-documents';
// What keepers hold, for the leaver handover (registers at load).
import './assets.holdings';
import './assets.history';
import { addInventory, inventoryDetail, inventoryResource, scanInventory, submitInventory, tickInventory } from './inventory';
import { addAssets, assetDetail, assetResource, assetSummary, availableAssets, currentMonth, scrapAsset, updateAsset, withDepreciation } from './register';

const MONEY = ['purchaseValue', 'monthlyDepreciation', 'accumulatedDepreciation', 'netValue'] as const;

/** Assets: register, purchase demands, use applications with issue and return, inventory counts (docs/domain/assets-front.md). */
export const assetsModule: ServerModule = {
  name: 'assets',
  setup(_app, platform) {
    // Approvers must open the quotes attached to a purchase demand.
    (platform.services.get('files') as FileService | undefined)?.registerReader('assets', (user, file) => canReadDemandFile(platform.db, user, file.groupId));
  },
  routes(platform) {
    const db = platform.db;
    return implement(assetCalls, {
      assetPage: async (input, ctx) => {
        const page = await assetResource.page(db, input, ctx.user);
        const month = currentMonth();
        return { ...page, records: page.records.map((r) => withDepreciation(r, month)) };
      },
      assetExport: async (input, ctx) => {
        const lang = langOf(ctx.req);
        const month = currentMonth();
        async function* batches() {
          for await (const batch of assetResource.batches(db, input, ctx.user))
            yield batch.map((r) => {
              const d = withDepreciation(r, month);
              // The sheet shows yuan with two decimals, as people read it; the wire carries fen.
              for (const k of MONEY) d[k] = Number((d[k] / 100).toFixed(2));
              return d;
            });
        }
        return sendXlsx(ctx.reply, {
          filename: lang === 'en' ? 'assets.xlsx' : '资产台账.xlsx',
          sheet: lang === 'en' ? 'Assets' : '资产台账',
          columns: await exportColumns(platform, assetResource.spec.meta, lang),
          batches: batches(),
        });
      },
      assetInfo: (input) => assetDetail(db, input.id),
      assetAdd: async (input, ctx) => {
        const added = await addAssets(db, ctx.user, input);
        ctx.audit({ recordId: added.ids.join(',').slice(0, 64), after: added });
        return added;
      },
      assetUpdate: async (input, ctx) => {
        const row = await updateAsset(db, ctx.user, input);
        ctx.audit({ recordId: String(row.id), after: input });
        return row;
      },
      assetScrap: async (input, ctx) => {
        const row = await scrapAsset(db, ctx.user, input);
        ctx.audit({ recordId: String(row.id), after: input });
        return row;
      },
      assetSummary: (input) => assetSummary(db, input),
      assetAvailable: (input) => availableAssets(db, input),

      purchasePage: (input, ctx) => purchasePage(db, ctx.user, input),
      purchaseAdd: async (input, ctx) => {
        const saved = await addPurchase(db, ctx.user, input);
        ctx.audit({ recordId: String(saved.id), after: saved });
        return saved;
      },
      purchaseUpdate: async ({ id, ...form }, ctx) => {
        const saved = await updatePurchase(db, ctx.user, id, form);
        ctx.audit({ recordId: String(id), after: saved });
        return saved;
      },
      purchaseInfo: (input, ctx) => purchaseDetail(db, ctx.user, { id: input.id }),
      getPurchaseDetailsByProIns: (input, ctx) => purchaseDetail(db, ctx.user, { processInstanceId: input.processInstanceId }),
      purchaseRevoke: async (input, ctx) => {
        await revokeOwn(db, ctx.user, purchaseDocument as unknown as BusinessDocument<never>, input.id);
        return null;
      },

      applyPage: (input, ctx) => applyPage(db, ctx.user, input),
      applyAdd: async (input, ctx) => {
        const saved = await addApply(db, ctx.user, input);
        ctx.audit({ recordId: String(saved.id), after: saved });
        return saved;
      },
      applyUpdate: async ({ id, ...form }, ctx) => {
        const saved = await updateApply(db, ctx.user, id, form);
        ctx.audit({ recordId: String(id), after: saved });
        return saved;
      },
      applyInfo: (input, ctx) => applyDetail(db, ctx.user, { id: input.id }),
      getClaimApplyInfoByProIns: (input, ctx) => applyDetail(db, ctx.user, { processInstanceId: input.processInstanceId }),
      applyRevoke: async (input, ctx) => {
        await revokeOwn(db, ctx.user, applyDocument as unknown as BusinessDocument<never>, input.id);
        return null;
      },
      claimIssue: async (input, ctx) => {
        const row = await issueAsset(db, ctx.user, input);
        ctx.audit({ recordId: String(input.applyId), after: input });
        return row;
      },
      claimReturn: async (input, ctx) => {
        const row = await returnAsset(db, ctx.user, input);
        ctx.audit({ recordId: String(input.assetId), after: input });
        return row;
      },
      outApplyProjectList: (input) => lentProjects(db, input),
      dealAgency: async (input, ctx) => {
        await dealAgency(db, ctx.user, input);
        return null;
      },
      rejectAgency: async (input, ctx) => {
        await rejectAgency(db, ctx.user, input);
        return null;
      },

      inventoryPage: (input, ctx) => inventoryResource.page(db, input, ctx.user),
      inventoryAdd: async (input, ctx) => {
        const sheet = await addInventory(db, ctx.user, input);
        ctx.audit({ recordId: String(sheet.id), after: input });
        return sheet;
      },
      inventoryInfo: (input, ctx) => inventoryDetail(db, ctx.user, { id: input.id }),
      getInventoryByProIns: (input, ctx) => inventoryDetail(db, ctx.user, { processInstanceId: input.processInstanceId }),
      inventoryScan: (input, ctx) => scanInventory(db, ctx.user, input),
      inventoryTick: (input, ctx) => tickInventory(db, ctx.user, input),
      inventorySubmit: async (input, ctx) => {
        const saved = await submitInventory(db, ctx.user, input.id);
        ctx.audit({ recordId: String(saved.id), after: saved });
        return saved;
      },
    });
  },
};
