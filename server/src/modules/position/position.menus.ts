import { POSITION_PERM as P } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const HR = ['hr', 'hrDirector'];
const button = (title: string, perms: string): MenuSpec => ({ type: 'F', name: perms, title, perms, roles: HR });
const screen = (name: string, title: string, path: string, icon: string, buttons: MenuSpec[]): MenuSpec => ({
  type: 'C',
  name,
  title,
  path: `/BaseCenter/positionManage/${path}`,
  component: `position/${path}`,
  icon,
  roles: HR,
  children: buttons,
});

/** Position management, a group under /BaseCenter (the base-data sidebar): one screen per ladder, one button per permission. */
export const positionMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'PositionManage',
    title: '岗位管理',
    path: '/BaseCenter/positionManage',
    icon: 'IdcardOutlined',
    roles: HR,
    children: [
      screen('PositionList', '岗位', 'index', 'IdcardOutlined', [
        button('查看岗位', P.positionList),
        button('编辑岗位', P.positionEdit),
        button('导出岗位', P.positionExport),
        button('导入岗位', P.positionImport),
      ]),
      screen('PositionAlignment', '岗位序列', 'alignment', 'OrderedListOutlined', [
        button('查看岗位序列', P.alignmentList),
        button('编辑岗位序列', P.alignmentEdit),
        button('导出岗位序列', P.alignmentExport),
      ]),
      screen('PositionTrade', '行业', 'trade', 'BankOutlined', [
        button('查看行业', P.tradeList),
        button('编辑行业', P.tradeEdit),
        button('导出行业', P.tradeExport),
      ]),
      screen('PositionPostClan', '岗位族', 'postClan', 'ClusterOutlined', [
        button('查看岗位族', P.postClanList),
        button('编辑岗位族', P.postClanEdit),
        button('导出岗位族', P.postClanExport),
      ]),
      screen('PositionPostLarge', '岗位大类', 'postLarge', 'AppstoreOutlined', [
        button('查看岗位大类', P.postLargeList),
        button('编辑岗位大类', P.postLargeEdit),
      ]),
      screen('GradeList', '职级', 'grade', 'RiseOutlined', [button('查看职级', P.gradeList)]),
    ],
  },
];
