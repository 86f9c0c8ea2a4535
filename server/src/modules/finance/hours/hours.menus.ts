import { LEAVE_PERM as LV, MANHOUR_PERM as MH, HOURS_PERM as P, POST_PERM as PS } from '@erp/contract';
import type { MenuSpec } from '../../../db/seed/types';

const ALL = ['employee', 'manager', 'finance', 'hr', 'recruiter'];
const FIN = ['finance'];
const MGR = ['finance', 'manager'];
const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });

/** Work hours: filling one's own, the project lists of finance and managers, the holiday calendar. */
export const hoursMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'WorkHours',
    title: '工时管理',
    path: '/WorkHours',
    icon: 'FieldTimeOutlined',
    roles: ALL,
    children: [
      { type: 'C', name: 'WorkFilling', title: '工时填报', path: '/WorkFilling/index', component: '/WorkFilling/index', icon: 'EditOutlined', roles: ALL },
      {
        type: 'C',
        name: 'FinProjectHours',
        title: '项目工时',
        path: '/WorkHours/projectHours',
        component: 'hours/projectHours',
        icon: 'ScheduleOutlined',
        roles: MGR,
        children: [button('查看项目工时', P.hourList, MGR), button('导入项目工时', P.hourImport, FIN)],
      },
      {
        type: 'C',
        name: 'FinManHours',
        title: '工时汇总',
        path: '/WorkHours/manHour',
        component: 'hours/manHour',
        icon: 'TableOutlined',
        roles: MGR,
        children: [button('查看工时汇总', MH.list, MGR), button('修改工时汇总', MH.edit, FIN)],
      },
      {
        type: 'C',
        name: 'FinPostStandards',
        title: '岗位标准',
        path: '/WorkHours/postStandard',
        component: 'hours/postStandard',
        icon: 'SolutionOutlined',
        roles: MGR,
        children: [button('查看岗位标准', PS.list, MGR), button('导入岗位标准', PS.edit, FIN)],
      },
      {
        type: 'C',
        name: 'FinLeave',
        title: '请假管理',
        path: '/WorkHours/leave',
        component: 'hours/leave',
        icon: 'CoffeeOutlined',
        roles: MGR,
        children: [button('查看请假', LV.list, MGR), button('导入请假', LV.import, FIN)],
      },
      {
        type: 'C',
        name: 'FinHolidays',
        title: '节假日设置',
        path: '/WorkHours/holidays',
        component: 'hours/holidays',
        icon: 'CalendarOutlined',
        roles: FIN,
        children: [button('编辑节假日', P.calendarEdit, FIN)],
      },
    ],
  },
];
