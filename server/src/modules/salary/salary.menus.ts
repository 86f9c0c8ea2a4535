import { SALARY_PERM as P } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const ALL = ['employee', 'manager', 'finance', 'hr', 'recruiter'];
const PAYROLL = ['finance', 'hr'];
const FIN = ['finance'];
const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });
const screen = (name: string, title: string, path: string, icon: string, children: MenuSpec[] = []): MenuSpec => ({
  type: 'C',
  name,
  title,
  path,
  component: path,
  icon,
  roles: PAYROLL,
  children,
});

/** Payroll: everyone's own payslips; finance and HR run the payroll months (spec 000 §2, /OperateCenter). */
export const salaryMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'SalaryCenter',
    title: '薪酬管理',
    path: '/SalaryCenter',
    icon: 'AccountBookOutlined',
    roles: ALL,
    children: [
      { type: 'C', name: 'MySalary', title: '我的工资条', path: '/Salary/index', component: '/Salary/index', icon: 'WalletOutlined', roles: ALL },
      {
        type: 'C',
        name: 'LoanApplicat',
        title: '借款申请',
        path: '/loanApplicat/recept',
        component: '/loanApplicat/recept',
        icon: 'AccountBookOutlined',
        roles: ALL,
      },
      screen('OperateSalaryComp', '薪资核算', '/OperateCenter/salaryComp', 'CalculatorOutlined', [
        button('查看工资', P.list, PAYROLL),
        button('核算工资', P.edit, FIN),
      ]),
      screen('OperateCalculatPreview', '核算预览', '/OperateCenter/calculatPreview', 'FileSearchOutlined'),
      screen('OperateSalaryMerge', '薪资合并', '/OperateCenter/salaryMerge', 'MergeCellsOutlined'),
      screen('OperateAddPayroll', '新增工资表', '/OperateCenter/addPayroll', 'FileAddOutlined'),
      screen('OperateTeamMembers', '团队成员', '/OperateCenter/teamMembers', 'TeamOutlined'),
    ],
  },
];
