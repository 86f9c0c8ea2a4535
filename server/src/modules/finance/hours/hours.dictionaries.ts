import type { DictSeed } from '../../base/dictionaries.seed';

/** Dictionaries of hours, leave, post standards and payroll (docs/domain/hours-pay.md). */
export const hoursDictionaries: DictSeed[] = [
  {
    codeType: 'HOLIDAYKIND',
    name: '节假日类型',
    items: [
      ['001', '法定节假日', 'red'],
      ['002', '调休休息日', 'orange'],
      ['003', '调休上班日', 'blue'],
    ],
  },
  {
    codeType: 'LEAVETYPE',
    name: '请假类型',
    items: [
      ['001', '年假'],
      ['002', '事假'],
      ['003', '病假'],
      ['004', '婚假'],
      ['005', '产假'],
      ['006', '陪产假'],
      ['007', '丧假'],
      ['008', '调休'],
    ],
  },
  {
    codeType: 'REGIONCATEGORY',
    name: '地区类别',
    items: [
      ['001', '一类地区（北上广深）'],
      ['002', '二类地区（省会及计划单列市）'],
      ['003', '三类地区（其他城市）'],
    ],
  },
  {
    codeType: 'RANKLEVEL',
    name: '职级',
    items: [
      ['001', '初级'],
      ['002', '中级'],
      ['003', '高级'],
      ['004', '资深'],
      ['005', '专家'],
    ],
  },
  {
    codeType: 'SETTLEMETHOD',
    name: '结算方式',
    items: [
      ['001', '按月结算'],
      ['002', '按天结算'],
      ['003', '按小时结算'],
    ],
  },
  {
    codeType: 'SPECIALDEDUCTION',
    name: '专项附加扣除',
    items: [
      ['001', '子女教育'],
      ['002', '继续教育'],
      ['003', '住房贷款利息'],
      ['004', '住房租金'],
      ['005', '赡养老人'],
      ['006', '3岁以下婴幼儿照护'],
    ],
  },
  {
    codeType: 'PAYRUNSTATE',
    name: '工资表状态',
    items: [
      ['open', '未关账', 'blue'],
      ['closed', '已关账', 'green'],
    ],
  },
];
