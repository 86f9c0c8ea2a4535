import type { DictSeed } from '../base/dictionaries.seed';

/** Dictionaries of the front-office applications (docs/domain/assets-front.md). */
export const frontDictionaries: DictSeed[] = [
  {
    codeType: 'CERTTYPE',
    name: '证明类型',
    items: [
      ['001', '在职证明'],
      ['002', '收入证明'],
    ],
  },
  {
    codeType: 'ADVICECATEGORY',
    name: '建议类别',
    items: [
      ['001', '办公环境'],
      ['002', '制度流程'],
      ['003', 'IT系统'],
      ['004', '福利待遇'],
      ['005', '其他'],
    ],
  },
  {
    codeType: 'ADVICESTATE',
    name: '建议状态',
    items: [
      ['001', '待处理', 'orange'],
      ['002', '已回复', 'blue'],
      ['003', '已关闭', 'grey'],
    ],
  },
  {
    codeType: 'WOTYPE',
    name: '工单类型',
    items: [
      ['001', 'IT'],
      ['002', '行政'],
    ],
  },
  {
    codeType: 'WOPRIORITY',
    name: '工单优先级',
    items: [
      ['001', '低', 'grey'],
      ['002', '中', 'blue'],
      ['003', '紧急', 'red'],
    ],
  },
  {
    codeType: 'WOSTATUS',
    name: '工单状态',
    items: [
      ['001', '待分派', 'orange'],
      ['002', '已分派', 'blue'],
      ['003', '处理中', 'blue'],
      ['004', '已解决', 'green'],
      ['005', '已关闭', 'grey'],
    ],
  },
];
