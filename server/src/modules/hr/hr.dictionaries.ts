import type { DictSeed } from '../base/dictionaries.seed';

const list = (...names: string[]): DictSeed['items'] => names.map((n, i) => [String(i + 1).padStart(3, '0'), n]);

/** Dictionaries of the employee master (docs/domain/hr.md). */
export const hrDictionaries: DictSeed[] = [
  { codeType: 'IDTYPE', name: '证件类型', items: list('居民身份证', '护照', '军官证', '港澳通行证') },
  {
    codeType: 'EMPLOYSTATE',
    name: '在职状态',
    items: [
      ['001', '试用期', 'orange'],
      ['002', '正式', 'green'],
      ['003', '调动中', 'blue'],
      ['004', '离职中', 'blue'],
      ['005', '已离职', 'grey'],
    ],
  },
  { codeType: 'EDUCATION', name: '学历', items: list('博士研究生', '硕士研究生', '大学本科', '大学专科', '高中/中专', '初中及以下') },
  { codeType: 'DEGREE', name: '学位', items: list('博士', '硕士', '学士', '无学位') },
  { codeType: 'RELATION', name: '家庭关系', items: list('配偶', '子女', '父亲', '母亲', '兄弟姐妹', '其他') },
  { codeType: 'LANGUAGE', name: '语种', items: list('英语', '日语', '韩语', '德语', '法语', '俄语', '其他') },
  { codeType: 'LANGLEVEL', name: '语言熟练程度', items: list('母语', '精通', '熟练', '良好', '一般') },
  { codeType: 'POLITICS', name: '政治面貌', items: list('中共党员', '中共预备党员', '共青团员', '民主党派', '群众') },
  { codeType: 'MARITAL', name: '婚姻状况', items: list('未婚', '已婚', '离异', '丧偶') },
  {
    codeType: 'EXAMRESULT',
    name: '体检结论',
    items: [
      ['001', '合格', 'green'],
      ['002', '不合格', 'red'],
      ['003', '需复查', 'orange'],
    ],
  },
  {
    codeType: 'MATERIALTYPE',
    name: '员工材料类别',
    items: [
      ['010', '身份证人像面'],
      ['011', '身份证国徽面'],
      ['020', '毕业证书'],
      ['021', '学位证书'],
      ['030', '离职证明'],
      ['040', '头像'],
      ['050', '体检报告'],
      ['060', '劳动合同'],
      ['070', '辞退/离职材料'],
    ],
  },
  { codeType: 'EMPEVENT', name: '员工变动类型', items: list('入职', '转正', '调动', '调薪调级', '离职', '续签') },
  { codeType: 'QUITTYPE', name: '离职类型', items: list('主动辞职', '协商解除', '辞退', '合同到期不续签', '退休') },
  { codeType: 'CONTRACTTYPE', name: '劳动合同类型', items: list('固定期限', '无固定期限', '以完成一定工作任务为期限') },
  {
    codeType: 'ONBOARDSTAGE',
    name: '入职阶段',
    items: [
      ['offer', '待发送链接', 'orange'],
      ['invited', '待填写', 'orange'],
      ['filled', '待确认', 'blue'],
      ['confirming', '审批中', 'blue'],
      ['onboarded', '已入职', 'green'],
      ['gaveUpOffer', '放弃offer', 'grey'],
      ['gaveUpInduction', '放弃入职', 'grey'],
    ],
  },
];
