import type { DictSeed } from '../base/dictionaries.seed';

/** Dictionaries of triple agreements, compensation and performance (docs/domain/hr-agreements-handover.md). */
export const hrDocumentDictionaries: DictSeed[] = [
  {
    codeType: 'TRIPLETYPE',
    name: '三方协议类型',
    items: [
      ['001', '毕业生就业协议'],
      ['002', '实习协议'],
    ],
  },
  {
    codeType: 'TRIPLEREG',
    name: '三方协议登记状态',
    items: [
      ['001', '未登记', 'grey'],
      ['002', '已收原件', 'blue'],
      ['003', '已寄回学校', 'orange'],
      ['004', '已归档', 'green'],
    ],
  },
  {
    codeType: 'SEALTYPE',
    name: '印章类型',
    items: [
      ['001', '公章'],
      ['002', '合同专用章'],
      ['003', '法定代表人章'],
      ['004', '人事专用章'],
    ],
  },
  {
    codeType: 'COMPREASON',
    name: '合同解除原因',
    items: [
      ['001', '协商一致解除'],
      ['002', '经济性裁员'],
      ['003', '合同到期不续签'],
      ['004', '客观情况发生重大变化'],
      ['005', '其他'],
    ],
  },
  {
    codeType: 'PERFPERIOD',
    name: '考核类型',
    items: [
      ['001', '月度'],
      ['002', '年度'],
    ],
  },
  {
    codeType: 'PERFGRADE',
    name: '绩效等级',
    items: [
      ['S', '卓越', 'green'],
      ['A', '优秀', 'green'],
      ['B', '良好', 'blue'],
      ['C', '合格', 'orange'],
      ['D', '待改进', 'red'],
    ],
  },
];
