import { assetDictionaries } from '../assets/assets.dictionaries';
import { financeDictionaries } from '../finance/finance.dictionaries';
import { hoursDictionaries } from '../finance/hours/hours.dictionaries';
import { frontDictionaries } from '../front/front.dictionaries';
import { hrDictionaries } from '../hr/hr.dictionaries';
import { hrDocumentDictionaries } from '../hr/hr-documents.dictionaries';
import { recruitDictionaries } from '../recruit/recruit.dictionaries';

/** Dictionaries the specification names, with the full status legend of spec 002 and its colours. */
export interface DictSeed {
  codeType: string;
  name: string;
  items: Array<[code: string, codeName: string, color?: string]>;
}

const green = 'green';
const red = 'red';
const orange = 'orange';
const blue = 'blue';
const grey = 'grey';

const statusLegend: Array<[string, string]> = [
  ['已通过', green],
  ['已提交', blue],
  ['已驳回', red],
  ['未提交', grey],
  ['待审批', orange],
  ['审批中', blue],
  ['待推送', orange],
  ['待开票', orange],
  ['开票中', blue],
  ['已开票', green],
  ['开票申请驳回', red],
  ['未回款', orange],
  ['已回款', green],
  ['未核销', orange],
  ['部分核销', blue],
  ['已核销', green],
  ['已暂停', grey],
  ['已归档', grey],
  ['未上传', grey],
  ['待上传', orange],
  ['已上传', green],
  ['待签署', orange],
  ['放弃签署', red],
  ['未入职', grey],
  ['已入职', green],
  ['放弃入职', red],
  ['待确认', orange],
  ['确认中', blue],
  ['已确认', green],
  ['调动中', blue],
  ['已调动', green],
  ['离职中', blue],
  ['已离职', grey],
  ['待到岗通知', orange],
  ['已到岗', green],
  ['放弃到岗', red],
  ['续签中', blue],
  ['已续签', green],
  ['已作废', grey],
  ['已发布', green],
  ['未发布', grey],
  ['已评价', green],
  ['未评价', grey],
  ['启用', green],
  ['停用', grey],
  ['未出库', grey],
  ['部分出库', blue],
  ['已出库', green],
  ['待处理', orange],
  ['已处理', green],
  ['未开始', grey],
  ['草稿', grey],
  ['进行中', blue],
  ['已完成', green],
  ['待推荐', orange],
];

export const dictionarySeeds: DictSeed[] = [
  {
    codeType: 'STATUS',
    name: '业务状态',
    items: statusLegend.map(([name, color], i) => [String(i + 1).padStart(3, '0'), name, color]),
  },
  {
    codeType: 'YESNO',
    name: '是否',
    items: [
      ['001', '是'],
      ['002', '否'],
    ],
  },
  {
    codeType: 'CONFIRMTYPE',
    name: '转正类型',
    items: [
      ['001', '按期转正'],
      ['002', '提前转正'],
      ['003', '延期转正'],
    ],
  },
  {
    codeType: 'CHECKMODEL',
    name: '考核方式',
    items: [
      ['001', '述职答辩'],
      ['002', '书面考核'],
      ['003', '综合评估'],
    ],
  },
  {
    codeType: 'PERSONCATEGORY',
    name: '人员类别',
    items: [
      ['001', '正式员工'],
      ['002', '派遣员工'],
      ['003', '外包员工'],
      ['004', '实习生'],
      ['005', '退休返聘'],
    ],
  },
  {
    codeType: 'OUTSOURCE',
    name: '是否外包',
    items: [
      ['000', '否'],
      ['001', '是'],
    ],
  },
  {
    codeType: 'MSGTYPE',
    name: '消息类型',
    items: [
      ['001', '待办消息'],
      ['002', '预警消息'],
      ['003', '通知公告'],
      ['004', '系统消息'],
    ],
  },
  {
    codeType: 'EMPSTATUS',
    name: '员工状态',
    items: [
      ['001', '待入职'],
      ['002', '入职中'],
      ['003', '在职'],
      ['004', '离职中'],
      ['005', '已离职'],
    ],
  },
  {
    codeType: 'REGULARSTATUS',
    name: '转正状态',
    items: [
      ['001', '试用期'],
      ['005', '转正中'],
      ['010', '已转正'],
    ],
  },
  {
    codeType: 'GENDER',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    codeType: 'DATASCOPE',
    name: '数据范围',
    items: [
      ['all', '全部数据'],
      ['dept_and_below', '本部门及以下'],
      ['dept', '本部门'],
      ['self', '仅本人'],
      ['custom', '自定义部门'],
    ],
  },
  {
    codeType: 'INTERVIEWROUND',
    name: '面试轮次',
    items: [
      ['001', '初试'],
      ['002', '复试'],
      ['003', '终试'],
    ],
  },
  {
    codeType: 'SUPPLYTYPE',
    name: '供应类型',
    items: [
      ['001', '招聘渠道'],
      ['002', '猎头'],
      ['003', '劳务派遣'],
    ],
  },
  {
    codeType: 'BANK',
    name: '银行',
    items: [
      ['ICBC', '中国工商银行'],
      ['ABC', '中国农业银行'],
      ['BOC', '中国银行'],
      ['CCB', '中国建设银行'],
      ['BOCOM', '交通银行'],
      ['CMB', '招商银行'],
      ['PSBC', '中国邮政储蓄银行'],
      ['CITIC', '中信银行'],
      ['CEB', '中国光大银行'],
      ['SPDB', '上海浦东发展银行'],
      ['CIB', '兴业银行'],
      ['CMBC', '中国民生银行'],
    ],
  },
  ...hrDictionaries,
  ...hrDocumentDictionaries,
  ...recruitDictionaries,
  ...financeDictionaries,
  ...hoursDictionaries,
  ...assetDictionaries,
  ...frontDictionaries,
];
