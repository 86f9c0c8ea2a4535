import { BILL_MSG, BILL_STATUS, BILL_TYPE, financeBillingCalls } from '@erp/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { orgUnits } from '../../../db/schema';
import { orgSubtreeIds } from '../../../platform/auth/org-subtree';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/business-time';
import { refuseImplausibleFact } from '../../../platform/controls/plausible-dates';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { type CallContext, implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { Platform } from '../../../platform/platform';
import { likePattern } from '../../../platform/resource/filters';
import { exportColumns } from '../../../platform/resource/labels';
import { attachment, sendXlsx, workbookBuffer, XLSX_TYPE } from '../../../platform/resource/xlsx-export';
import { SignatureService } from '../../signature/signature.service';
import { billPdf } from './bill-pdf';
import { billDocument, cancellationDocument } from './billing.documents';
import {
  billResource,
  cancellationDeliveredBy,
  cancellationResource,
  collectionResource,
  companyBillingResource,
  deliveredBy,
  invoiceResource,
  voidResource,
} from './billing.resource';
import { finBills, finCompanyBilling } from './billing.schema';
import {
  applyInvoice,
  applyVoid,
  billDetail,
  deleteBill,
  deleteCancellation,
  issueInvoice,
  moveCollection,
  oneClickPayment,
  passVoid,
  pushCancellation,
  readableBill,
  readableCancellation,
  reconciliation,
  refundCollection,
  refuseInvoice,
  refuseVoid,
  removeVoid,
  saveBill,
  saveCollection,
  submitBill,
  updateCancellationFile,
} from './billing.service';
import { nextDocumentNumberPreview } from './cancellation-number';
import { economics, economicsAll } from './economics';

const STATUS_GROUPS: Array<[string, string, string]> = [
  ['invoice', BILL_STATUS.pendingPush, '待推送'],
  ['invoice', BILL_STATUS.pendingInvoice, '待开票'],
  ['invoice', BILL_STATUS.invoicing, '开票中'],
  ['invoice', BILL_STATUS.invoiced, '已开票'],
  ['invoice', BILL_STATUS.invoiceRejected, '开票申请驳回'],
  ['payment', BILL_STATUS.unpaid, '未回款'],
  ['payment', BILL_STATUS.paid, '已回款'],
  ['writeoff', BILL_STATUS.notWrittenOff, '未核销'],
  ['writeoff', BILL_STATUS.partWrittenOff, '部分核销'],
  ['writeoff', BILL_STATUS.writtenOff, '已核销'],
  ['approval', '052', '草稿'],
  ['approval', '006', '审批中'],
  ['approval', '005', '待审批'],
  ['approval', '001', '已通过'],
  ['approval', '003', '已驳回'],
  ['approval', '039', '已作废'],
];

export function billingRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const calendar = new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE);
  const signatures = new SignatureService(db, calendar);
  const detailOf = async (user: Principal, id: number) => billDetail(db, await readableBill(db, user, id));
  const refOf = async (input: { id?: number | null; billId?: number | null; instanceId?: number | null }) => {
    const id = input.id ?? input.billId ?? (input.instanceId ? (await billDocument.byInstance(db, input.instanceId))?.id : undefined);
    if (!id) throw badRequest('id 或 instanceId 必须提供一个');
    return id;
  };
  const parties = async (where: SQL, keyword?: string) =>
    db
      .select({ id: orgUnits.id, code: orgUnits.code, name: orgUnits.name })
      .from(orgUnits)
      .where(and(where, keyword ? sql`(${orgUnits.name} ILIKE ${likePattern(keyword)} OR ${orgUnits.code} ILIKE ${likePattern(keyword)})` : undefined))
      .orderBy(asc(orgUnits.code))
      .limit(200);
  const billExport = async (ctx: CallContext, input: Record<string, unknown>, delivery: boolean) => {
    const lang = langOf(ctx.req);
    const batches = delivery ? deliveryBatches(input, ctx.user.userId) : billResource.batches(db, input, ctx.user);
    return sendXlsx(ctx.reply, {
      filename: lang === 'en' ? 'settlement-bills.xlsx' : delivery ? '交付结算单.xlsx' : '结算单.xlsx',
      sheet: lang === 'en' ? 'Bills' : '结算单',
      columns: await exportColumns(platform, billResource.spec.meta, lang),
      batches,
    });
  };
  const cancellationExport = async (ctx: CallContext, input: Record<string, unknown>, delivery: boolean) => {
    const lang = langOf(ctx.req);
    return sendXlsx(ctx.reply, {
      filename: lang === 'en' ? 'write-off-bills.xlsx' : '核销单.xlsx',
      sheet: lang === 'en' ? 'Write-off bills' : '核销单',
      columns: await exportColumns(platform, cancellationResource.spec.meta, lang),
      batches: delivery ? cancellationDeliveryBatches(input, ctx.user.userId) : cancellationResource.batches(db, input, ctx.user),
    });
  };
  async function* cancellationDeliveryBatches(input: Record<string, unknown>, userId: number) {
    for (let offset = 0; ; offset += 5000) {
      const rows = await cancellationResource.list(db, input, null, { limit: 5000, offset, extra: cancellationDeliveredBy(userId) });
      if (rows.length) yield rows;
      if (rows.length < 5000) return;
    }
  }
  async function* deliveryBatches(input: Record<string, unknown>, userId: number) {
    let offset = 0;
    for (;;) {
      const rows = await billResource.list(db, input, null, { limit: 5000, offset, extra: deliveredBy(userId) });
      if (rows.length) yield rows;
      if (rows.length < 5000) return;
      offset += rows.length;
    }
  }

  return implement(financeBillingCalls, {
    getBillInfoPage: (input, ctx) => billResource.page(db, input, ctx.user),
    getDeliveryBillInfoPage: (input, ctx) => billResource.page(db, input, null, deliveredBy(ctx.user.userId)),
    export: (input, ctx) => billExport(ctx, input, false),
    exportDeliveryBill: (input, ctx) => billExport(ctx, input, true),
    getBillInfo: async (input, ctx) => detailOf(ctx.user, await refOf(input)),
    billPdf: async (input, ctx) => {
      const d = await detailOf(ctx.user, await refOf(input));
      if (d.state !== 'passed') throw badRequest(BILL_MSG.notApproved);
      return ctx.reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(`结算单-${d.billNo ?? d.id}.pdf`))
        .send(await billPdf(d));
    },
    getRpoBillInfo: async (input, ctx) => {
      const d = await detailOf(ctx.user, await refOf(input));
      if (d.billType !== BILL_TYPE.rpo) throw badRequest(BILL_MSG.notRpo);
      return d;
    },
    saveBill: async (input, ctx) => {
      const id = await saveBill(db, ctx.user, input);
      ctx.audit({ recordId: id });
      return detailOf(ctx.user, id);
    },
    submitBill: async (input, ctx) => {
      await submitBill(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id });
      return detailOf(ctx.user, input.id);
    },
    deleteBill: async (input, ctx) => {
      const before = await deleteBill(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id, before });
      return null;
    },
    applyInvoice: async (input, ctx) => {
      const invoice = await applyInvoice(db, ctx.user, input);
      ctx.audit({ recordId: invoice.id, after: invoice });
      return invoice;
    },
    issueInvoice: async (input, ctx) => {
      refuseImplausibleFact(calendar, input.invoiceDate, '开票日期', 'invoiceDate');
      const invoice = await issueInvoice(db, ctx.user, input);
      ctx.audit({ recordId: invoice.id, after: invoice });
      return invoice;
    },
    refuseInvoice: async (input, ctx) => {
      const invoice = await refuseInvoice(db, ctx.user, input);
      ctx.audit({ recordId: invoice.id, after: invoice });
      return invoice;
    },
    saveBillReturnMoney: async (input, ctx) => {
      refuseImplausibleFact(calendar, input.collectedOn, '回款日期', 'collectedOn');
      const id = await saveCollection(db, ctx.user, input);
      ctx.audit({ recordId: id, after: input });
      return billResource.detail(db, input.billId, null);
    },
    refundReturnMoney: async (input, ctx) => {
      const billId = await refundCollection(db, ctx.user, input.id, input.remark);
      ctx.audit({ recordId: input.id });
      return billResource.detail(db, billId, null);
    },
    moveReturnMoney: async (input, ctx) => {
      const billId = await moveCollection(db, ctx.user, input);
      ctx.audit({ recordId: input.id, after: { movedToBillId: input.toBillId, remark: input.remark } });
      return billResource.detail(db, billId, null);
    },
    getBillReturnMoneyPage: (input, ctx) => collectionResource.page(db, input, ctx.user),
    oneClickPayment: async (input, ctx) => {
      refuseImplausibleFact(calendar, input.collectedOn, '回款日期', 'collectedOn');
      const r = await oneClickPayment(db, ctx.user, input);
      ctx.audit({ recordId: r.batchNo, after: { ...r, billIds: input.billIds } });
      return r;
    },
    pushCancellation: async (input, ctx) => {
      const r = await pushCancellation(db, ctx.user, input);
      ctx.audit({ recordId: r.cancellationId, after: r });
      return r;
    },
    getReconciliation: (input, ctx) => reconciliation(db, ctx.user, input),
    signBill: async (input, ctx) => {
      const bill = await billResource.detail(db, input.billId, ctx.user);
      if (bill.state !== 'passed') throw badRequest(BILL_MSG.notApproved);
      if (bill.serialNumber) throw conflict(BILL_MSG.alreadySigned);
      const signature = await signatures.confirm(ctx.user, {
        accessToken: input.accessToken,
        validCode: input.validCode,
        bizType: 'finBill',
        bizId: String(bill.id),
      });
      const [done] = await db
        .update(finBills)
        .set({ serialNumber: signature.serialNumber, signedAt: new Date(signature.signedAt), signedBy: ctx.user.userId, updatedAt: new Date() })
        .where(and(eq(finBills.id, bill.id), sql`${finBills.serialNumber} IS NULL`))
        .returning({ id: finBills.id });
      if (!done) throw conflict(BILL_MSG.alreadySigned);
      ctx.audit({ recordId: bill.id, after: { serialNumber: signature.serialNumber } });
      return signature;
    },

    invoiceInfoCnlList: (input, ctx) => invoiceResource.page(db, input, ctx.user),
    invoiceInfoDetail: async (input, ctx) => {
      const invoice = await invoiceResource.detail(db, input.id, ctx.user);
      const bill = await billResource.detail(db, invoice.billId, null);
      const voids = await voidResource.list(db, {}, null, { extra: sql`fin_invoice_voids.invoice_id = ${input.id}`, limit: 100 });
      return { ...invoice, bill, voids };
    },
    voiceCancel: async (input, ctx) => {
      const v = await applyVoid(db, ctx.user, input);
      ctx.audit({ recordId: v.id, after: v });
      return v;
    },
    voiceCancelList: (input, ctx) => voidResource.page(db, input, ctx.user),
    voiceCancelDetail: async (input, ctx) => {
      const v = await voidResource.detail(db, input.id, ctx.user);
      const invoice = await invoiceResource.detail(db, v.invoiceId, null);
      const bill = await billResource.detail(db, v.billId, null);
      return { ...v, invoice, bill };
    },
    voiceCancelRm: async (input, ctx) => {
      const before = await removeVoid(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id, before });
      return null;
    },
    voiceCancelPass: async (input, ctx) => {
      const v = await passVoid(db, ctx.user, input);
      ctx.audit({ recordId: v.id, after: v });
      return v;
    },
    voiceCancelRefuse: async (input, ctx) => {
      const v = await refuseVoid(db, ctx.user, input);
      ctx.audit({ recordId: v.id, after: v });
      return v;
    },

    selectPage: (input, ctx) => cancellationResource.page(db, input, ctx.user),
    selectDeliveryPage: (input, ctx) => cancellationResource.page(db, input, null, cancellationDeliveredBy(ctx.user.userId)),
    cancellationExport: (input, ctx) => cancellationExport(ctx, input, false),
    cancellationExportDelivery: (input, ctx) => cancellationExport(ctx, input, true),
    cancellationSelect: async (input, ctx) => {
      const id = input.id ?? (input.instanceId ? (await cancellationDocument.byInstance(db, input.instanceId))?.id : undefined);
      if (!id) throw badRequest('id 或 instanceId 必须提供一个');
      const record = await readableCancellation(db, ctx.user, id);
      return { ...record, bill: await billResource.detail(db, record.billId, null) };
    },
    cancellationUpdateFileId: async (input, ctx) => {
      const r = await updateCancellationFile(db, ctx.user, input.id, input.fileId);
      ctx.audit({ recordId: input.id, after: { fileId: input.fileId } });
      return r;
    },
    cancellationDelete: async (input, ctx) => {
      const before = await deleteCancellation(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id, before });
      return null;
    },
    cancellationAdd: async (input, ctx) => {
      const r = await pushCancellation(db, ctx.user, input);
      ctx.audit({ recordId: r.cancellationId, after: input });
      return cancellationResource.detail(db, r.cancellationId, null);
    },
    getCancellationBillList: async (input, ctx) => {
      await billResource.detail(db, input.billId, ctx.user);
      return cancellationResource.list(db, { billId: input.billId }, null, { limit: 200 });
    },
    getCancellationNo: async (input, ctx) => {
      if (input.id) return { cancellationNo: (await cancellationResource.detail(db, input.id, ctx.user)).cancellationNo, preview: false };
      return { cancellationNo: await nextDocumentNumberPreview(db, 'HX'), preview: true };
    },

    getEconomics: (input, ctx) => economics(db, ctx.user, input),
    exportEconomics: async (input, ctx) => {
      const rows = await economicsAll(db, ctx.user, input);
      const y = (fen: number) => Number((fen / 100).toFixed(2));
      const head = { project: '项目', client: '客户', month: '月份', employee: '员工' }[input.groupBy];
      const buffer = await workbookBuffer(
        '人力经济分析',
        [head, '结算收入（不含税，元）', '工资（元）', '单位社保（元）', '单位公积金（元）', '人工成本（元）', '毛利（元）', '毛利率', '管理费（元）'],
        rows.map((r) => [
          r.name,
          y(r.billed),
          y(r.pay),
          y(r.socialInsurance),
          y(r.housingFund),
          y(r.cost),
          y(r.margin),
          `${(r.marginRateBp / 100).toFixed(2)}%`,
          y(r.managementFee),
        ]),
      );
      return ctx.reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`人力经济分析-${input.monthFrom}-${input.monthTo}.xlsx`))
        .send(buffer);
    },

    companyBillingPage: (input, ctx) => companyBillingResource.page(db, input, ctx.user),
    companyBillingSave: async (input, ctx) => {
      const [org] = await db.select({ id: orgUnits.id, type: orgUnits.type }).from(orgUnits).where(eq(orgUnits.id, input.orgId));
      if (org?.type !== 'company') throw badRequest('请选择公司（我方公司或客户单位）');
      const values = {
        taxNo: input.taxNo,
        address: input.address ?? null,
        phone: input.phone ?? null,
        bankName: input.bankName ?? null,
        bankAccount: input.bankAccount ?? null,
        creditDays: input.creditDays,
        updatedAt: new Date(),
        updatedBy: ctx.user.userId,
      };
      const [row] = await db
        .insert(finCompanyBilling)
        .values({ orgId: input.orgId, ...values, createdBy: ctx.user.userId })
        .onConflictDoUpdate({ target: finCompanyBilling.orgId, set: values })
        .returning({ id: finCompanyBilling.id });
      const after = await companyBillingResource.detail(db, (row as { id: number }).id, null);
      ctx.audit({ recordId: after.id, after });
      return after;
    },

    getFirstPartyData: (input) => parties(sql`${orgUnits.isClient} AND ${orgUnits.type} = 'company'`, input.keyword),
    getSecondPartyData: (input) => parties(sql`NOT ${orgUnits.isClient} AND ${orgUnits.type} = 'company'`, input.keyword),
    getSettleOrgData: (input) => parties(sql`${orgUnits.type} = 'company'`, input.keyword),
    getSettleDepartmentData: async (input) => {
      if (input.settleOrgId) {
        const [org] = await db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, input.settleOrgId));
        if (!org) throw notFound('结算组织不存在');
      }
      return parties(
        sql`NOT ${orgUnits.isClient} AND ${orgUnits.type} IN ('dept', 'team') ${input.settleOrgId ? sql`AND ${orgUnits.id} IN (${orgSubtreeIds(input.settleOrgId)})` : sql``}`,
        input.keyword,
      );
    },
    getStatus: async (input) => STATUS_GROUPS.filter(([g]) => !input.group || g === input.group).map(([group, code, name]) => ({ group, code, name })),
  });
}
