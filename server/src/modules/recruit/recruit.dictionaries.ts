import { EMPLOY_STAGE_NAMES, STAGE_NAMES } from '@erp/contract';
import type { DictSeed } from '../base/dictionaries.seed';

const STAGE_COLOURS: Record<string, string> = {
  '010': 'grey',
  '020': 'blue',
  '030': 'blue',
  '040': 'blue',
  '050': 'orange',
  '060': 'blue',
  '070': 'orange',
  '080': 'green',
  '090': 'red',
  '095': 'grey',
};
const EMPLOY_COLOURS: Record<string, string> = {
  '001': 'orange',
  '002': 'blue',
  '003': 'blue',
  '004': 'blue',
  '005': 'orange',
  '006': 'green',
  '007': 'red',
  '008': 'grey',
};

/** Dictionaries of recruitment (docs/domain/recruitment.md). */
export const recruitDictionaries: DictSeed[] = [
  { codeType: 'CANDIDATESTAGE', name: '候选人阶段', items: Object.entries(STAGE_NAMES).map(([k, v]) => [k, v, STAGE_COLOURS[k] ?? 'grey']) },
  { codeType: 'EMPLOYSTAGE', name: '录用阶段', items: Object.entries(EMPLOY_STAGE_NAMES).map(([k, v]) => [k, v, EMPLOY_COLOURS[k] ?? 'grey']) },
  {
    codeType: 'DEMANDSTATE',
    name: '需求状态',
    items: [
      ['001', '招聘中', 'blue'],
      ['002', '暂停', 'orange'],
      ['003', '已完成', 'green'],
      ['004', '已取消', 'grey'],
    ],
  },
  {
    codeType: 'RECRUITKIND',
    name: '需求类型',
    items: [
      ['001', '自有招聘'],
      ['002', 'RPO客户'],
    ],
  },
  {
    codeType: 'RECRUITSOURCE',
    name: '招聘渠道',
    items: [
      ['001', '招聘网站'],
      ['002', '内部推荐'],
      ['003', '猎头/供应商'],
      ['004', '校园招聘'],
      ['005', '人才库'],
      ['006', '社交媒体'],
    ],
  },
  {
    codeType: 'INTERVIEWSTATE',
    name: '面试状态',
    items: [
      ['001', '已安排', 'blue'],
      ['002', '通过', 'green'],
      ['003', '未通过', 'red'],
      ['004', '已取消', 'grey'],
    ],
  },
  {
    codeType: 'INTERVIEWMODE',
    name: '面试方式',
    items: [
      ['001', '现场面试'],
      ['002', '视频面试'],
      ['003', '电话面试'],
    ],
  },
  {
    codeType: 'RPORESULT',
    name: 'RPO简历反馈',
    items: [
      ['001', '待反馈', 'orange'],
      ['002', '客户通过', 'green'],
      ['003', '客户不合适', 'red'],
    ],
  },
];
