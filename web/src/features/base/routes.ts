import { defineScreens } from '../../app/registry/types';

export const screens = defineScreens({
  'base/organization': () => import('./organization/organization-screen'),
  'base/user': () => import('./user/user-screen'),
  'base/role': () => import('./role/role-screen'),
  'base/menu': () => import('./menu/menu-screen'),
  'base/dict': () => import('./dict/dict-screen'),
  'base/audit': () => import('./audit/audit-screen'),
  'base/personalDataReads': () => import('./privacy/personal-data-reads-screen'),
  'base/backup': () => import('./backup/backup-screen'),
  'base/interviewer': () => import('./interviewer/interviewer-screen'),
  'base/demandSupply': () => import('./demand-supply/demand-supply-screen'),
  '/OrganizationChart': { load: () => import('./organization/org-chart-screen'), title: '组织架构', dates: false },
});
