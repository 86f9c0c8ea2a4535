import { defineScreens } from '../../app/registry/types';

/** Front-office applications of the workbench (menus: server front/front.menus.ts); /certificateVerify is public. */
export const screens = defineScreens({
  '/issueCertificate/index': { load: () => import('./certificate-screen'), title: '开具证明' },
  '/listenToAdvice/recept': { load: () => import('./advice-screen'), title: '意见反馈' },
  '/WorkOrderList/index': { load: () => import('./work-order-screen'), title: '工单列表' },
  '/certificateVerify': { load: () => import('./verify-screen'), title: '证明验证' },
});
