import { RECRUIT_PERM as P } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const HR = ['hr', 'hrDirector'];
const TEAM = ['hr', 'hrDirector', 'recruiter'];
const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });
const screen = (name: string, title: string, path: string, icon: string, roles: string[], buttons: MenuSpec[]): MenuSpec => ({
  type: 'C',
  name,
  title,
  path: `/RecruitCenter/${path}`,
  component: `recruit/${path}`,
  icon,
  roles,
  children: buttons,
});

/** The recruit centre (back office, sidebar under /RecruitCenter) and the front-side clue form. */
export const recruitMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'RecruitCenter',
    title: '招聘中心',
    path: '/RecruitCenter',
    icon: 'SolutionOutlined',
    alwaysShow: true,
    roles: [...TEAM, 'manager'],
    children: [
      screen(
        'RecruitDemand',
        '招聘需求',
        'demand',
        'FileSearchOutlined',
        [...TEAM, 'manager'],
        [button('查看需求', P.demandList, [...TEAM, 'manager']), button('编辑需求', P.demandEdit, TEAM)],
      ),
      screen(
        'RecruitTalent',
        '人才库',
        'TalentPool',
        'TeamOutlined',
        [...TEAM, 'manager'],
        [button('查看人才', P.talentList, [...TEAM, 'manager']), button('编辑人才', P.talentEdit, TEAM)],
      ),
      screen('RecruitCandidate', '候选人', 'candidate', 'UserSwitchOutlined', TEAM, [
        button('查看候选人', P.candidateList, TEAM),
        button('推进候选人', P.candidateEdit, TEAM),
        button('安排面试', P.interviewEdit, TEAM),
      ]),
      screen('RecruitInterview', '面试日历', 'interview', 'CalendarOutlined', TEAM, []),
      screen('RecruitOffer', 'Offer管理', 'offer', 'AuditOutlined', TEAM, [button('查看Offer', P.offerList, TEAM), button('编辑Offer', P.offerEdit, TEAM)]),
      screen('RecruitEmploy', '录用管理', 'employ', 'CheckSquareOutlined', TEAM, [
        button('查看录用', P.employList, TEAM),
        button('办理录用', P.employEdit, TEAM),
        button('查看薪资', P.salary, HR),
      ]),
      screen('RecruitFunnel', '招聘漏斗', 'funnel', 'FunnelPlotOutlined', [...TEAM, 'manager'], [button('查看漏斗', P.funnel, [...TEAM, 'manager'])]),
      screen('RecruitRpo', 'RPO管理', 'rpo', 'ShopOutlined', TEAM, [button('查看RPO', P.rpoList, TEAM), button('编辑RPO', P.rpoEdit, TEAM)]),
      screen('RecruitDemandName', '需求名称', 'demandName', 'TagsOutlined', TEAM, []),
    ],
  },
  {
    type: 'C',
    name: 'FrontClueSubmit',
    title: '线索提交',
    path: '/FrontClueSubmit/Index',
    component: '/FrontClueSubmit/Index',
    icon: 'BulbOutlined',
    appType: 'front',
    roles: ['hr', 'hrDirector', 'recruiter', 'finance', 'manager', 'employee'],
  },
];
