import { defineScreens } from '../../app/registry/types';

// BILL_PERM's codes, written out: importing the contract module here would pull its schemas into the entry bundle.
const BILL_EDIT = 'fin:bill:edit';
const INVOICE_LIST = 'fin:invoice:list';
const pages = (name: keyof typeof import('./bill-pages')) => import('./bill-pages').then((m) => ({ default: m[name] }));
const edit = (name: keyof typeof import('./bill-pages')) => ({ load: () => pages(name), permission: BILL_EDIT });

/** Settlement bills, invoicing, collections and invoice voiding; server: finance/billing/billing.menus.ts. */
export const screens = defineScreens({
  'finance/settlement': () => import('./settlement-screen'),
  '/Settlement/index': () => import('./settlement-screen'),
  'finance/invoiceVoid': () => import('./invoice-void-screen'),
  '/invoiceVoid/index': () => import('./invoice-void-screen'),
  'finance/staffingEconomics': () => import('./economics-screen'),
  'finance/companyBilling': () => import('./company-billing-screen'),
  '/companyBillingInfo/index': () => import('./company-billing-screen'),
  '/Settlement/BillPrint': { load: () => import('./bill-print-screen'), title: '开票打印' },
  '/Settlement/BillDetail': () => import('./bill-detail-screen'),
  '/ItemSettleBill/BillingDetail': () => import('./bill-detail-screen'),
  '/RPOSettleBill/RPOBillingDetail': () => import('./bill-detail-screen'),
  '/OtherSettleBill/OtherBillingDetail': () => import('./bill-detail-screen'),
  '/Settlement/PrintItemBill': () => import('./bill-print-screen'),
  '/ItemSettle/PrintItemBill': () => import('./bill-print-screen'),
  '/ItemSettleBill/PrintItemBill': () => import('./bill-print-screen'),
  // One kind of bill each: the settlement screen with its type fixed.
  '/ItemSettle/index': () => import('./settlement-screen').then((m) => ({ default: m.ItemBills })),
  '/ItemSettleBill/index': () => import('./settlement-screen').then((m) => ({ default: m.ItemBills })),
  '/RPOSettleBill/index': () => import('./settlement-screen').then((m) => ({ default: m.RpoBills })),
  '/OtherSettleBill/index': () => import('./settlement-screen').then((m) => ({ default: m.OtherBills })),
  // Invoice voiding lists (项目 / RPO 发票作废) share the void screen.
  '/DeleteBill/index': () => import('./invoice-void-screen'),
  '/DeleteItemBill/index': () => import('./invoice-void-screen'),
  '/DeleteRPOBill/index': () => import('./invoice-void-screen'),
  // The list actions under their own routes (links from messages, the process centre, bookmarks).
  '/Settlement/BillApply': edit('InvoiceApplyPage'),
  '/ItemSettleBill/BillingApply': edit('InvoiceApplyPage'),
  '/RPOSettleBill/RPOBillingApply': edit('InvoiceApplyPage'),
  '/OtherSettleBill/OtherBillingApply': edit('InvoiceApplyPage'),
  '/Settlement/BillBackApply': edit('VoidApplyPage'),
  '/DeleteBill/applyBill': edit('VoidApplyPage'),
  '/DeleteItemBill/applyBill': edit('VoidApplyPage'),
  '/DeleteBill/DeleteBillDetails': { load: () => pages('VoidDetailPage'), permission: INVOICE_LIST },
  '/DeleteItemBill/DeleteBillDetails': { load: () => pages('VoidDetailPage'), permission: INVOICE_LIST },
  '/ItemSettle/AddDocumentSettlement': edit('SettlementAddPage'),
  '/ItemSettle/UpdateDocumentSettlement': edit('SettlementUpdatePage'),
});
