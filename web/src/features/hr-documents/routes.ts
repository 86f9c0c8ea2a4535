import { defineScreens } from '../../app/registry/types';

/** Performance (spec routes), triple agreements, compensation, leaver handover and proxy approval (menus: hr-documents.menus.ts). */
export const screens = defineScreens({
  '/PerformanceManagement/index': { load: () => import('./performance-list-screen'), title: '绩效管理' },
  '/PerformanceManagement/PerformanceEvaluationApply': { load: () => import('./performance-apply-screen'), title: '绩效评估申请' },
  '/PerformanceManagement/PerformanceEvaluationDetails': { load: () => import('./performance-detail-screen'), title: '绩效评估详情' },
  '/PerformanceManagement/JXDetailsPage': { load: () => import('./performance-history-screen'), title: '绩效详情' },
  '/hrDocuments/tripleAgreement': { load: () => import('./triple-agreement-screen'), title: '三方协议' },
  '/hrDocuments/compensation': { load: () => import('./compensation-screen'), title: '补偿优化' },
  '/hrDocuments/handover': { load: () => import('./handover-screen'), title: '离职交接' },
  '/backlog/delegation': { load: () => import('./delegation-screen'), title: '审批代理' },
});
