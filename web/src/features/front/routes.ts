import { defineScreens } from '../../app/registry/types';

/** Front-office applications of the workbench (menus: server front/front.menus.ts); /certificateVerify is public. */
export const screens = defineScreens({
  '/issueCertificate/index': { load: () => import('./certificate-screen'), title: '开具证明' },
  '/listenToAdvice/recept': { load: () => import('./advice-screen'), title: '意见反馈' },
  '/WorkOrderList/index': { load: () => import('./work-order-screen'), title: '工单列表' },
  '/filePreviewPage': { load: () => import('./file-preview-screen'), title: '文件预览' },
  '/DetailsPage': { load: () => import('./details-screen'), title: '详情' },
  '/cardApplicate/recept': { load: () => import('./card-screen'), title: '名片申请' },
  // Publishing notices is the message centre's notice management (audience, withdrawal, who read them).
  '/publish/index': { load: () => import('../msg/manage/message-manage-screen'), title: '信息发布' },
  '/certificateVerify': { load: () => import('./verify-screen'), title: '证明验证' },
});
