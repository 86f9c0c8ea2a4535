import { defineScreens } from '../../app/registry/types';

/** Projects (ProjectManagement) and budgets (FinancialCenter); server: finance/project/project.seed.ts menus. */
export const screens = defineScreens({
  'finance/projectList': () => import('./project-list-screen'),
  'finance/projectChange': () => import('./change-list-screen'),
  'finance/budgetStatistics': () => import('./budget-statistics-screen'),
  'finance/deptBudget': () => import('./dept-budget-screen'),
  'finance/accountingPeriod': () => import('./accounting-period-screen'),
  '/Settlement/period': () => import('./accounting-period-screen'),
  '/changeDetail': { load: () => import('./change-detail-screen'), title: '项目变更详情' },
});
