/** The demo organisation: a group, two own companies with departments and teams, and a client company. */
export interface OrgSeed {
  code: string;
  name: string;
  type: 'group' | 'company' | 'dept' | 'team';
  isClient?: boolean;
  children?: OrgSeed[];
}

export const organisationSeed: OrgSeed = {
  code: 'G001',
  name: '鼎才集团',
  type: 'group',
  children: [
    {
      code: 'C001',
      name: '鼎才人力资源有限公司',
      type: 'company',
      children: [
        { code: 'D001', name: '总经办', type: 'dept' },
        {
          code: 'D002',
          name: '人力资源部',
          type: 'dept',
          children: [
            { code: 'T001', name: '招聘组', type: 'team' },
            { code: 'T002', name: '员工关系组', type: 'team' },
          ],
        },
        { code: 'D003', name: '财务部', type: 'dept', children: [{ code: 'T003', name: '核算组', type: 'team' }] },
        {
          code: 'D004',
          name: '信息技术部',
          type: 'dept',
          children: [
            { code: 'T004', name: '研发一组', type: 'team' },
            { code: 'T005', name: '研发二组', type: 'team' },
          ],
        },
        {
          code: 'D005',
          name: '交付中心',
          type: 'dept',
          children: [
            { code: 'T006', name: '交付一组', type: 'team' },
            { code: 'T007', name: '交付二组', type: 'team' },
          ],
        },
      ],
    },
    {
      code: 'C002',
      name: '鼎才外包服务有限公司',
      type: 'company',
      children: [
        { code: 'D101', name: '运营部', type: 'dept' },
        { code: 'D102', name: '项目交付部', type: 'dept', children: [{ code: 'T101', name: '项目一组', type: 'team' }] },
      ],
    },
    {
      code: 'C900',
      name: '华信科技有限公司',
      type: 'company',
      isClient: true,
      children: [{ code: 'D901', name: '研发中心', type: 'dept', isClient: true }],
    },
    {
      code: 'C901',
      name: '远景智能制造股份有限公司',
      type: 'company',
      isClient: true,
      children: [{ code: 'D911', name: '生产运营中心', type: 'dept', isClient: true }],
    },
    {
      code: 'C902',
      name: '恒通银行股份有限公司',
      type: 'company',
      isClient: true,
      children: [{ code: 'D921', name: '信息科技部', type: 'dept', isClient: true }],
    },
  ],
};

/** Roles of the demo: code, name, data scope. */
export const roleSeeds: Array<{ code: string; name: string; dataScope: string }> = [
  { code: 'admin', name: '系统管理员', dataScope: 'all' },
  { code: 'hr', name: '人事专员', dataScope: 'all' },
  { code: 'hrDirector', name: '人事总监', dataScope: 'all' },
  { code: 'recruiter', name: '招聘专员', dataScope: 'dept_and_below' },
  { code: 'finance', name: '财务专员', dataScope: 'all' },
  { code: 'manager', name: '部门经理', dataScope: 'dept_and_below' },
  { code: 'employee', name: '普通员工', dataScope: 'self' },
];

export interface DemoAccount {
  userCode: string;
  realName: string;
  orgCode: string;
  roles: string[];
  positionName: string;
  grade: string;
  personCategory?: string;
  outsource?: string;
  /** Leader of this department. */
  leads?: string[];
  email: string;
}

/** The demo accounts the README lists (password Demo@123). */
export const demoAccounts: DemoAccount[] = [
  {
    userCode: 'admin',
    realName: '系统管理员',
    orgCode: 'D001',
    roles: ['admin'],
    positionName: '系统管理员',
    grade: 'M3',
    outsource: '001',
    leads: ['G001', 'C001', 'D001'],
    email: 'admin@dingcai.example',
  },
  {
    userCode: 'hr01',
    realName: '何丽',
    orgCode: 'T002',
    roles: ['hr', 'employee'],
    positionName: '人事专员',
    grade: 'P4',
    leads: ['T002'],
    email: 'hr01@dingcai.example',
  },
  {
    userCode: 'hrd01',
    realName: '韩冬梅',
    orgCode: 'D002',
    roles: ['hrDirector', 'hr', 'employee'],
    positionName: '人事总监',
    grade: 'M3',
    leads: ['D002'],
    email: 'hrd01@dingcai.example',
  },
  {
    userCode: 'rec01',
    realName: '任晓峰',
    orgCode: 'T001',
    roles: ['recruiter', 'employee'],
    positionName: '招聘专员',
    grade: 'P3',
    leads: ['T001'],
    email: 'rec01@dingcai.example',
  },
  {
    userCode: 'fin01',
    realName: '范文静',
    orgCode: 'D003',
    roles: ['finance', 'employee'],
    positionName: '财务专员',
    grade: 'P4',
    leads: ['D003', 'T003'],
    email: 'fin01@dingcai.example',
  },
  {
    userCode: 'mgr01',
    realName: '马国强',
    orgCode: 'D004',
    roles: ['manager', 'employee'],
    positionName: '技术经理',
    grade: 'M2',
    leads: ['D004', 'T004'],
    email: 'mgr01@dingcai.example',
  },
  {
    userCode: 'emp01',
    realName: '叶子豪',
    orgCode: 'T004',
    roles: ['employee'],
    positionName: '软件工程师',
    grade: 'P3',
    personCategory: '001',
    email: 'emp01@dingcai.example',
  },
  {
    userCode: 'emp02',
    realName: '易欣然',
    orgCode: 'T101',
    roles: ['employee'],
    positionName: '驻场工程师',
    grade: 'P2',
    personCategory: '002',
    outsource: '001',
    email: 'emp02@dingcai.example',
  },
];
