import { defineScreens } from '../../app/registry/types';

/** The personal invoice folder and expense claims (spec 000 §2); server: finance/reimburse. */
export const screens = defineScreens({
  '/PersonInvoiceFolder/index': () => import('./invoice-folder-screen'),
  '/Reimburse/index': () => import('./reimburse-list-screen'),
  '/Reimburse/addReimburse': () => import('./add-reimburse-screen'),
  '/Reimburse/reimburseDetails': () => import('./reimburse-details-screen'),
});
