import { HELP_PERM, REIMBURSE_PERM } from '@erp/contract';
import { rosterButtons } from '../../modules/hr/hr.menus';
import { hrDocumentMenus } from '../../modules/hr/hr-documents.menus';
import type { MenuSpec } from './types';

const everyone = ['hr', 'hrDirector', 'recruiter', 'finance', 'manager', 'employee'];

const app = (name: string, title: string, path: string, icon: string, roles = everyone, children?: MenuSpec[]): MenuSpec => ({
  type: 'C',
  name,
  title,
  path,
  component: path,
  icon,
  appType: 'front',
  roles,
  ...(children ? { children } : {}),
});

/** Front-office applications shown on the workbench. */
export const workbenchMenus: MenuSpec[] = [
  app('Backlog', '流程中心', '/backlog/index', 'AuditOutlined'),
  app('Initiate', '我发起的', '/Initiate/index', 'SendOutlined'),
  app('MessageCenter', '消息中心', '/MessageCenter/index', 'BellOutlined'),
  app('PersonalCenter', '个人中心', '/PersonalCenter/index', 'UserOutlined'),
  app('Salary', '我的工资条', '/Salary/index', 'WalletOutlined'),
  app('Reimburse', '费用报销', '/Reimburse/index', 'AccountBookOutlined', everyone, [
    { type: 'F', name: REIMBURSE_PERM.pay, title: '报销付款', perms: REIMBURSE_PERM.pay, roles: ['finance'] },
  ]),
  app('PersonInvoiceFolder', '个人票夹', '/PersonInvoiceFolder/index', 'FileSearchOutlined'),
  app('WorkFilling', '工时填报', '/WorkFilling/index', 'FieldTimeOutlined'),
  app('Lizhi', '离职申请', '/WorkBench/lizhi', 'LogoutOutlined'),
  app('OrganizationChart', '组织架构', '/OrganizationChart', 'ApartmentOutlined'),
  app('HelpCenter', '帮助中心', '/helpCenter/recept', 'QuestionCircleOutlined', everyone, [
    { type: 'F', name: HELP_PERM.manage, title: '维护帮助文章', perms: HELP_PERM.manage },
  ]),
  app('TalentPool', '人才库', '/RecruitCenter/TalentPool', 'TeamOutlined', ['hr', 'hrDirector', 'recruiter', 'manager']),
  app('StaffManagement', '员工管理', '/staffManagement/index', 'IdcardOutlined', ['hr', 'hrDirector', 'manager'], rosterButtons),
  app('Statement', '报表中心', '/statement/entrance', 'BarChartOutlined', ['hr', 'hrDirector', 'recruiter', 'finance', 'manager']),
  app('Settlement', '结算开票', '/Settlement/index', 'ReconciliationOutlined', ['finance']),
  ...hrDocumentMenus,
];
