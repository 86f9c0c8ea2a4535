import { defineScreens } from '../../app/registry/types';

/** Payroll; server: salary/salary.menus.ts. */
export const screens = defineScreens({
  '/Salary/index': { load: () => import('./my-salary-screen'), dates: false },
  '/OperateCenter/salaryComp': { load: () => import('./salary-comp-screen'), dates: false },
  '/OperateCenter/calculatPreview': { load: () => import('./calculat-preview-screen'), dates: false },
  '/OperateCenter/salaryMerge': { load: () => import('./salary-merge-screen'), dates: false },
  '/OperateCenter/addPayroll': { load: () => import('./add-payroll-screen'), dates: false },
  '/OperateCenter/teamMembers': { load: () => import('./team-members-screen'), dates: false },
  '/loanApplicat/recept': { load: () => import('./loan-screen'), dates: false },
});
