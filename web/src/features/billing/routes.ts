import { defineScreens } from '../../app/registry/types';

/** Settlement bills, invoicing, collections and invoice voiding; server: finance/billing/billing.menus.ts. */
export const screens = defineScreens({
  'finance/settlement': () => import('./settlement-screen'),
  '/Settlement/index': () => import('./settlement-screen'),
  'finance/invoiceVoid': () => import('./invoice-void-screen'),
  '/invoiceVoid/index': () => import('./invoice-void-screen'),
  'finance/staffingEconomics': () => import('./economics-screen'),
  '/Settlement/BillPrint': { load: () => import('./bill-print-screen'), title: '开票打印' },
});
