import { claimMeta, type FieldMeta, personInvoiceCalls, reimburseCalls } from '@erp/contract';
import { BusinessCalendar } from '../../../platform/business-time';
import { implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { Platform } from '../../../platform/platform';
import { exportColumns } from '../../../platform/resource/labels';
import { sendXlsx } from '../../../platform/resource/xlsx-export';
import type { FileService } from '../../file/file.service';
import { projectPicks } from './reimburse.projects';
import {
  addInvoice,
  canReadInvoiceFile,
  claimBatches,
  claimDetail,
  claimPage,
  deleteInvoice,
  deleteOwnClaim,
  invoicePage,
  myInvoice,
  payClaim,
  type ReimburseContext,
  revokeOwnClaim,
  saveClaim,
  submitOwnClaim,
  updateInvoice,
} from './reimburse.service';

/** Files of the invoice folder are uploaded under this module name (the web's FileUpload moduleName). */
export const INVOICE_FILES_MODULE = 'reimburse';

/** The personal invoice folder and expense claims (docs/domain/hours-pay.md, "Reimbursement and the invoice folder"). */
export function reimburseRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const calendar = new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE);
  const ctxOf: ReimburseContext = { today: () => calendar.dayAsUtcDate(new Date()).toISOString().slice(0, 10) };
  // Approvers and finance open the invoice photos of the claims they may read.
  (platform.services.get('files') as FileService | undefined)?.registerReader(INVOICE_FILES_MODULE, (user, file) => canReadInvoiceFile(db, user, file.groupId));
  const strip = ({ claimLineId: _l, userId: _u, ...rest }: Awaited<ReturnType<typeof myInvoice>>) => rest;

  return [
    ...implement(personInvoiceCalls, {
      invoicePage: (input, ctx) => invoicePage(db, ctx.user, input),
      invoiceDetail: async (input, ctx) => strip(await myInvoice(db, ctx.user, input.id)),
      invoiceAdd: async (input, ctx) => {
        const after = await addInvoice(db, ctx.user, ctxOf, input);
        ctx.audit({ recordId: after.id, after });
        return after;
      },
      invoiceUpdate: async (input, ctx) => {
        const { id, ...rest } = input;
        const { before, after } = await updateInvoice(db, ctx.user, ctxOf, id, rest);
        ctx.audit({ recordId: id, before, after });
        return after;
      },
      invoiceDelete: async (input, ctx) => {
        const before = await deleteInvoice(db, ctx.user, input.id);
        ctx.audit({ recordId: input.id, before });
        return null;
      },
    }),
    ...implement(reimburseCalls, {
      claimPage: (input, ctx) => claimPage(db, ctx.user, input),
      claimExport: async (input, ctx) => {
        const columns = (await exportColumns(platform, claimMeta, langOf(ctx.req))).map((c) =>
          (claimMeta.fields as Record<string, FieldMeta | undefined>)[c.key]?.valueType === 'money'
            ? { ...c, format: (v: unknown) => (v === null || v === undefined ? null : Number(v) / 100) }
            : c,
        );
        return sendXlsx(ctx.reply, { filename: '费用报销.xlsx', sheet: '费用报销', columns, batches: claimBatches(db, ctx.user, input) });
      },
      claimDetail: (input, ctx) => claimDetail(db, ctx.user, { id: input.id, instanceId: input.instanceId }),
      claimSave: async (input, ctx) => {
        const id = await saveClaim(db, ctx.user, ctxOf, input);
        const after = await claimDetail(db, ctx.user, { id });
        ctx.audit({ recordId: id, after });
        return after;
      },
      claimSubmit: async (input, ctx) => {
        await submitOwnClaim(db, ctx.user, input.id);
        ctx.audit({ recordId: input.id });
        return claimDetail(db, ctx.user, { id: input.id });
      },
      claimRevoke: async (input, ctx) => {
        await revokeOwnClaim(db, ctx.user, input.id);
        ctx.audit({ recordId: input.id });
        return claimDetail(db, ctx.user, { id: input.id });
      },
      claimDelete: async (input, ctx) => {
        await deleteOwnClaim(db, ctx.user, input.id);
        ctx.audit({ recordId: input.id });
        return null;
      },
      claimPay: async (input, ctx) => {
        await payClaim(db, ctx.user, ctxOf, input);
        const after = await claimDetail(db, ctx.user, { id: input.id });
        ctx.audit({ recordId: input.id, after });
        return after;
      },
      claimProjects: (input, ctx) => projectPicks(db, ctx.user.userId, input.keyword),
    }),
  ];
}
