import { FIN_PERM as P } from '@erp/contract';
import type { MenuSpec } from '../../../db/seed/types';

const FIN = ['finance'];
const MGR = ['finance', 'manager'];
const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });

/** ProjectManagement and FinancialCenter (sidebar layout), one button per permission. */
export const projectMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'ProjectManagement',
    title: '项目管理',
    path: '/ProjectManagement',
    icon: 'ProjectOutlined',
    roles: MGR,
    children: [
      {
        type: 'C',
        name: 'FinProjectList',
        title: '项目列表',
        path: '/ProjectManagement/projectList',
        component: 'finance/projectList',
        icon: 'ProjectOutlined',
        roles: MGR,
        children: [button('查看项目', P.projectList, MGR), button('编辑项目', P.projectEdit, MGR), button('导出项目', P.projectExport, MGR)],
      },
      {
        type: 'C',
        name: 'FinProjectChange',
        title: '项目变更',
        path: '/ProjectManagement/projectChange',
        component: 'finance/projectChange',
        icon: 'DiffOutlined',
        roles: MGR,
      },
    ],
  },
  {
    type: 'M',
    name: 'FinancialCenter',
    title: '财务中心',
    path: '/FinancialCenter',
    icon: 'AccountBookOutlined',
    roles: FIN,
    children: [
      {
        type: 'C',
        name: 'FinBudgetStatistics',
        title: '预算统计',
        path: '/FinancialCenter/budgetStatistics',
        component: 'finance/budgetStatistics',
        icon: 'BarChartOutlined',
        roles: FIN,
        children: [button('查看预算统计', P.budgetList, FIN), button('导出预算统计', P.budgetExport, FIN)],
      },
      {
        type: 'C',
        name: 'FinDeptBudget',
        title: '部门预算',
        path: '/FinancialCenter/deptBudget',
        component: 'finance/deptBudget',
        icon: 'ApartmentOutlined',
        roles: FIN,
        children: [button('编辑部门预算', P.budgetEdit, FIN)],
      },
    ],
  },
];
