import { REPORT_PERM, type ReportCode } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const HR = ['hr', 'hrDirector'];
const TEAM = ['hr', 'hrDirector', 'recruiter'];
const ALL = ['hr', 'hrDirector', 'recruiter', 'manager'];

const report = (code: ReportCode, title: string, icon: string, roles: string[]): MenuSpec => ({
  type: 'C',
  name: `Report_${code}`,
  title,
  path: `/statement/${code}`,
  component: `/statement/${code}`,
  icon,
  roles,
  children: [{ type: 'F', name: REPORT_PERM[code], title: `查看${title}`, perms: REPORT_PERM[code], roles }],
});

/**
 * The report centre: one screen and one permission per report. Hidden from the menu bar, because the
 * header's 报表 choice opens the centre's entrance (spec 000), which shows the reports a user may open.
 */
export const reportMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'ReportManage',
    title: '报表中心',
    path: '/statement',
    icon: 'BarChartOutlined',
    hidden: true,
    roles: ALL,
    children: [
      {
        type: 'C',
        name: 'ReportEntrance',
        title: '报表中心',
        path: '/statement/entrance',
        component: '/statement/entrance',
        icon: 'AppstoreOutlined',
        roles: ALL,
      },
      report('yyTotal', '运营总表', 'TeamOutlined', [...HR, 'manager']),
      report('yyInduction', '运营入职统计', 'UserAddOutlined', [...HR, 'manager']),
      report('yyDeparture', '运营离职统计', 'UserDeleteOutlined', [...HR, 'manager']),
      report('zpInduction', '招聘入职统计', 'SolutionOutlined', TEAM),
      report('recruiterCapacity', '招聘专员产能', 'RiseOutlined', TEAM),
      report('recruitmentProgress', '招聘进度', 'ScheduleOutlined', ALL),
      report('interviewAccount', '面试台账', 'CalendarOutlined', TEAM),
      report('candidateStatistic', '候选人统计', 'FunnelPlotOutlined', TEAM),
      report('outsideSuppliersRecruitmentStatistic', '外部供应商招聘统计', 'ShopOutlined', TEAM),
    ],
  },
];
