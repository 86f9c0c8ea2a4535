import { defineScreens } from '../../app/registry/types';

/** Assets: the two spec pages (purchase demands, use applications) and the staff's register and counts (menus: server assets.menus.ts). */
export const screens = defineScreens({
  '/purchaseDemandFront/index': { load: () => import('./purchase-screen'), title: '采购需求' },
  '/useApplicat/index': { load: () => import('./use-apply-screen'), title: '领用申请' },
  '/assets/register': { load: () => import('./register-screen'), title: '资产台账' },
  '/assets/inventory': { load: () => import('./inventory-screen'), title: '资产盘点' },
});
