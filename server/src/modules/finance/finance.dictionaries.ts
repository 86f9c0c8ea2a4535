import { CLAIM_STATES, EXPENSE_CATEGORIES, INVOICE_KINDS } from '@erp/contract';
import type { DictSeed } from '../base/dictionaries.seed';

/** Dictionaries of projects and budgets (docs/domain/finance-projects.md) and of bills (finance-billing.md). */
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
  {
    codeType: 'FINBILLTYPE',
    name: '结算类型',
    items: [
      ['001', '项目结算'],
      ['002', 'RPO结算'],
      ['003', '其他结算'],
    ],
  },
  {
    codeType: 'FINSETTLEMETHOD',
    name: '结算方式',
    items: [
      ['001', '按工时'],
      ['002', '按人头'],
      ['003', '按入职人数'],
      ['004', '固定金额'],
    ],
  },
  {
    codeType: 'FININVOICETYPE',
    name: '发票类型',
    items: [
      ['001', '增值税专用发票'],
      ['002', '增值税普通发票'],
      ['003', '全电发票'],
    ],
  },
  // Expense reimbursement and the invoice folder (hours-pay.md, "Reimbursement and the invoice folder").
  {
    codeType: 'EXPINVOICETYPE',
    name: '报销票据类型',
    items: Object.entries(INVOICE_KINDS).map(([code, k]): [string, string] => [code, k.zh]),
  },
  {
    codeType: 'EXPCATEGORY',
    name: '费用类别',
    items: Object.entries(EXPENSE_CATEGORIES).map(([code, k]): [string, string] => [code, k.zh]),
  },
  {
    codeType: 'EXPINVOICESTATE',
    name: '票据报销状态',
    items: [
      ['001', '未报销', 'grey'],
      ['002', '报销中', 'blue'],
      ['003', '已报销', 'green'],
    ],
  },
  {
    codeType: 'EXPCLAIMSTATE',
    name: '报销单状态',
    items: Object.entries(CLAIM_STATES).map(([code, k]): [string, string, string] => [code, k.zh, k.color === 'default' ? 'grey' : k.color]),
  },
];
