import { HANDOVER_PERM, HR_DOC_PERM as P } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const HR = ['hr', 'hrDirector'];
const everyone = ['hr', 'hrDirector', 'recruiter', 'finance', 'manager', 'employee'];
const button = (title: string, perms: string, roles: string[] = HR): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });
const app = (name: string, title: string, path: string, icon: string, roles: string[], children: MenuSpec[] = []): MenuSpec => ({
  type: 'C',
  name,
  title,
  path,
  component: path,
  icon,
  appType: 'front',
  roles,
  ...(children.length ? { children } : {}),
});

/** Workbench applications of the HR documents, the handover and proxy approval, with their buttons. */
export const hrDocumentMenus: MenuSpec[] = [
  app('PerformanceManagement', '绩效管理', '/PerformanceManagement/index', 'TrophyOutlined', everyone, [
    button('查看部门绩效', P.performanceList, [...HR, 'manager']),
    button('导出绩效', P.performanceExport, [...HR, 'manager']),
  ]),
  app('TripleAgreement', '三方协议', '/hrDocuments/tripleAgreement', 'FileProtectOutlined', HR, [
    button('查看三方协议', P.tripleList),
    button('维护三方协议', P.tripleEdit, ['hr']),
    button('导出三方协议', P.tripleExport),
  ]),
  app('Compensation', '补偿优化', '/hrDocuments/compensation', 'MoneyCollectOutlined', HR, [
    button('查看补偿优化', P.compensateList),
    button('发起补偿优化', P.compensateEdit, ['hr']),
    button('导出补偿优化', P.compensateExport),
  ]),
  app('Handover', '离职交接', '/hrDocuments/handover', 'SwapOutlined', HR, [button('工作交接', HANDOVER_PERM.handover)]),
  app('Delegation', '审批代理', '/backlog/delegation', 'UserSwitchOutlined', everyone),
];
