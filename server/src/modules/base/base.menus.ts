import { BASE_PERM, CONTROLS_PERM, PERM, PRIVACY_PERM } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';
import { positionMenus } from '../position/position.menus';

const button = (title: string, perms: string, roles: string[] = []): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });

/** Back-office base data screens (sidebar under /BaseCenter). */
export const baseMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'BaseCenter',
    title: '基础数据',
    path: '/BaseCenter',
    icon: 'DatabaseOutlined',
    alwaysShow: true,
    roles: ['hr', 'hrDirector', 'recruiter'],
    children: [
      {
        type: 'C',
        name: 'OrganizationManagement',
        title: '组织管理',
        path: '/BaseCenter/organization',
        component: 'base/organization',
        icon: 'ApartmentOutlined',
        roles: ['hr', 'hrDirector'],
        children: [button('查看组织', PERM.orgList, ['hr', 'hrDirector']), button('编辑组织', PERM.orgEdit)],
      },
      {
        type: 'C',
        name: 'UserManagement',
        title: '用户管理',
        path: '/BaseCenter/user',
        component: 'base/user',
        icon: 'UserOutlined',
        roles: ['hr', 'hrDirector'],
        children: [button('查看用户', PERM.userList, ['hr', 'hrDirector']), button('编辑用户', PERM.userEdit)],
      },
      {
        type: 'C',
        name: 'RoleManagement',
        title: '角色管理',
        path: '/BaseCenter/role',
        component: 'base/role',
        icon: 'SafetyOutlined',
        children: [button('查看角色', PERM.roleList), button('编辑角色', PERM.roleEdit)],
      },
      {
        type: 'C',
        name: 'MenuManagement',
        title: '菜单管理',
        path: '/BaseCenter/menu',
        component: 'base/menu',
        icon: 'MenuOutlined',
        children: [button('查看菜单', PERM.menuList), button('编辑菜单', PERM.menuEdit)],
      },
      {
        type: 'C',
        name: 'DictManagement',
        title: '字典管理',
        path: '/BaseCenter/dict',
        component: 'base/dict',
        icon: 'BookOutlined',
        roles: ['hr', 'hrDirector'],
        children: [button('查看字典', PERM.dictList, ['hr', 'hrDirector']), button('编辑字典', PERM.dictEdit)],
      },
      {
        type: 'C',
        name: 'InterviewerManagement',
        title: '面试官管理',
        path: '/BaseCenter/interviewer',
        component: 'base/interviewer',
        icon: 'SolutionOutlined',
        roles: ['hr', 'hrDirector', 'recruiter'],
        children: [
          button('查看面试官', BASE_PERM.interviewerList, ['hr', 'hrDirector', 'recruiter']),
          button('编辑面试官', BASE_PERM.interviewerEdit, ['hr', 'hrDirector']),
        ],
      },
      {
        type: 'C',
        name: 'DemandSupply',
        title: '需求供应商',
        path: '/BaseCenter/demandSupply',
        component: 'base/demandSupply',
        icon: 'ShopOutlined',
        roles: ['hr', 'hrDirector', 'recruiter'],
        children: [
          button('查看供应商', BASE_PERM.supplyList, ['hr', 'hrDirector', 'recruiter']),
          button('编辑供应商', BASE_PERM.supplyEdit, ['hr', 'hrDirector']),
        ],
      },
      ...positionMenus,
      {
        type: 'C',
        name: 'AuditLog',
        title: '操作日志',
        path: '/BaseCenter/audit',
        component: 'base/audit',
        icon: 'FileSearchOutlined',
        // 内控设置 (issue 34 §1, the four-eyes switch) opens from the audit log's toolbar.
        children: [button('查看日志', PERM.auditList), button('内控设置', CONTROLS_PERM.edit)],
      },
      {
        // Issue 34 §5: who read whose ID numbers, bank accounts, pay and contacts (administrators only).
        type: 'C',
        name: 'PersonalDataReads',
        title: '个人信息查阅记录',
        path: '/BaseCenter/personalDataReads',
        component: 'base/personalDataReads',
        icon: 'SafetyOutlined',
        children: [button('查看查阅记录', PRIVACY_PERM.log)],
      },
      {
        type: 'C',
        name: 'DataBackup',
        title: '数据备份',
        path: '/BaseCenter/backup',
        component: 'base/backup',
        icon: 'DatabaseOutlined',
        children: [button('下载备份', PERM.backupDownload)],
      },
    ],
  },
];
