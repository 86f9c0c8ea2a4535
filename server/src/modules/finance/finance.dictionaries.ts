import type { DictSeed } from '../base/dictionaries.seed';

/** Dictionaries of projects and budgets (docs/domain/finance-projects.md). */
export const financeDictionaries: DictSeed[] = [
  {
    codeType: 'FINPROJECTTYPE',
    name: '项目类型',
    items: [
      ['001', '人力派遣'],
      ['002', '业务外包'],
      ['003', '招聘流程外包（RPO）'],
      ['004', '灵活用工'],
    ],
  },
  {
    codeType: 'FINPROJECTPHASE',
    name: '项目阶段状态',
    items: [
      ['001', '立项中', 'orange'],
      ['002', '执行中', 'blue'],
      ['003', '结项中', 'orange'],
      ['004', '已结项', 'green'],
    ],
  },
  {
    codeType: 'FINBUDGETTYPE',
    name: '预算类型',
    items: [
      ['001', '收入'],
      ['002', '成本'],
      ['003', '费用'],
    ],
  },
  {
    codeType: 'FINPROJECTROLE',
    name: '项目角色',
    items: [
      ['001', '项目经理'],
      ['002', '交付顾问'],
      ['003', '招聘顾问'],
      ['004', '驻场人员'],
    ],
  },
];
