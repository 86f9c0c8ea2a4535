import { BILL_PERM as P, PERIOD_PERM } from '@erp/contract';
import type { MenuSpec } from '../../../db/seed/types';

const FIN = ['finance'];
const MGR = ['finance', 'manager'];
const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });

/** Settlement: bills, invoicing, collections and invoice voiding (docs/domain/finance-billing.md). */
export const billingMenus: MenuSpec[] = [
  {
    type: 'M',
    name: 'SettlementCenter',
    title: '结算管理',
    path: '/Settlement',
    icon: 'AccountBookOutlined',
    alwaysShow: true,
    roles: MGR,
    children: [
      {
        type: 'C',
        name: 'FinSettlement',
        title: '结算开票',
        path: '/Settlement/index',
        component: 'finance/settlement',
        icon: 'FileDoneOutlined',
        roles: MGR,
        children: [
          button('查看结算单', P.billList, MGR),
          button('编辑结算单', P.billEdit, MGR),
          button('导出结算单', P.billExport, MGR),
          button('查看发票', P.invoiceList, MGR),
          button('开具发票', P.invoiceEdit, FIN),
          button('登记回款', P.collectionEdit, FIN),
          button('超合同金额结算', P.overContract, FIN),
        ],
      },
      {
        type: 'C',
        name: 'FinStaffingEconomics',
        title: '人力经济分析',
        path: '/Settlement/economics',
        component: 'finance/staffingEconomics',
        icon: 'FundOutlined',
        roles: MGR,
        children: [button('查看人力经济分析', P.economics, MGR)],
      },
      {
        type: 'C',
        name: 'FinCompanyBilling',
        title: '公司开票信息',
        path: '/companyBillingInfo/index',
        component: 'finance/companyBilling',
        icon: 'BankOutlined',
        roles: MGR,
      },
      {
        // Issue 34 §2: closing a month freezes what is dated in it (docs/domain/controls.md).
        type: 'C',
        name: 'FinAccountingPeriod',
        title: '会计期间',
        path: '/Settlement/period',
        component: 'finance/accountingPeriod',
        icon: 'CalendarOutlined',
        roles: FIN,
        children: [button('查看会计期间', PERIOD_PERM.list, FIN), button('结账与重新打开', PERIOD_PERM.close, FIN)],
      },
      {
        type: 'C',
        name: 'FinInvoiceVoid',
        title: '发票作废',
        path: '/invoiceVoid/index',
        component: 'finance/invoiceVoid',
        icon: 'StopOutlined',
        roles: MGR,
      },
    ],
  },
];
