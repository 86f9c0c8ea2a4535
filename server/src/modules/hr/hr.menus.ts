import { HR_PERM } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });

/** Buttons of the roster (员工管理): who may read, change, export, import and see sensitive fields. */
export const rosterButtons: MenuSpec[] = [
  button('查看花名册', HR_PERM.rosterList, ['hr', 'hrDirector', 'manager']),
  button('维护员工信息', HR_PERM.rosterEdit, ['hr', 'hrDirector']),
  button('导出花名册', HR_PERM.rosterExport, ['hr', 'hrDirector']),
  button('导入员工', HR_PERM.rosterImport, ['hr']),
  button('查看敏感信息', HR_PERM.sensitive, ['hr', 'hrDirector']),
];
