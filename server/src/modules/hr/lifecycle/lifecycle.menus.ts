import { HR_DOC_PERM, LIFECYCLE_PERM } from '@erp/contract';
import type { MenuSpec } from '../../../db/seed/types';

const HR = ['hr', 'hrDirector'];
const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });

/** The HR screens of the lifecycle and their buttons. */
export const lifecycleMenus: MenuSpec[] = [
  {
    type: 'C',
    name: 'StaffChange',
    title: '人事异动',
    path: '/staffChange/index',
    component: '/staffChange/index',
    icon: 'SwapOutlined',
    appType: 'front',
    roles: HR,
    children: [
      button('查看人事异动', LIFECYCLE_PERM.list, HR),
      button('办理人事异动', LIFECYCLE_PERM.manage, HR),
      button('导出人事异动', LIFECYCLE_PERM.export, HR),
    ],
  },
  {
    type: 'C',
    name: 'ContractSealList',
    title: '合同管理',
    path: '/ContractSealList/index',
    component: '/ContractSealList/index',
    icon: 'FileProtectOutlined',
    appType: 'front',
    roles: HR,
    children: [
      button('查看用印归档', HR_DOC_PERM.contractSealList, HR),
      button('申请用印归档', HR_DOC_PERM.contractSealEdit, ['hr']),
      button('导出用印归档', HR_DOC_PERM.contractSealExport, HR),
    ],
  },
];
