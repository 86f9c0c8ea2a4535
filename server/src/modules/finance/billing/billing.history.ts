import { registerHistoryKind } from '../../../platform/history/record-history';
import { readableBill } from './billing.service';

/**
 * A bill's 操作记录 (issue 34 §4): its amounts, statuses and dates as the bill shows them, and its
 * invoices, invoice voids and collections as they were applied, issued, refunded or moved; readers of
 * the bill read it.
 */
registerHistoryKind({
  kind: 'bill',
  fields: {
    bill_no: { label: '结算单号' },
    bill_type: { label: '结算类型', dict: 'FINBILLTYPE' },
    settle_method: { label: '结算方式', dict: 'FINSETTLEMETHOD' },
    month: { label: '结算月份', type: 'month' },
    tax_rate_bp: { label: '税率', type: 'bp' },
    amount_excl: { label: '不含税金额', type: 'money' },
    tax_amount: { label: '税额', type: 'money' },
    amount_incl: { label: '含税金额', type: 'money' },
    state: { label: '审批状态', type: 'state' },
    invoice_status: { label: '开票状态', dict: 'STATUS' },
    invoiced_amount: { label: '已开票金额', type: 'money' },
    invoice_date: { label: '开票日期' },
    due_date: { label: '到期日' },
    payment_status: { label: '回款状态', dict: 'STATUS' },
    collected_amount: { label: '已回款', type: 'money' },
    writeoff_status: { label: '核销状态', dict: 'STATUS' },
    written_off_amount: { label: '已核销', type: 'money' },
    serial_number: { label: '签章流水号' },
    remark: { label: '备注' },
    over_contract_reason: { label: '超合同金额原因' },
    deleted_at: { label: '删除时间' },
  },
  parts: [
    {
      kind: 'invoice',
      label: '发票',
      title: ['invoice_no', 'apply_no'],
      fields: {
        apply_no: { label: '申请编号' },
        invoice_type: { label: '发票类型', dict: 'FININVOICETYPE' },
        buyer_name: { label: '购方名称' },
        buyer_tax_no: { label: '购方税号' },
        amount_excl: { label: '不含税金额', type: 'money' },
        tax_amount: { label: '税额', type: 'money' },
        amount_incl: { label: '含税金额', type: 'money' },
        state: { label: '发票状态', values: { applied: '已申请', issued: '已开票', refused: '已退回', voided: '已作废' } },
        invoice_no: { label: '发票号码' },
        invoice_date: { label: '开票日期' },
        refuse_reason: { label: '退回原因' },
        remark: { label: '备注' },
      },
    },
    {
      kind: 'invoice_void',
      label: '发票作废',
      title: ['void_no'],
      fields: {
        void_no: { label: '作废单号' },
        reason: { label: '作废原因' },
        state: { label: '作废状态', values: { applied: '已申请', passed: '已通过', refused: '已退回', removed: '已删除' } },
        message: { label: '审批意见' },
      },
    },
    {
      kind: 'collection',
      label: '回款',
      title: ['bank_serial'],
      fields: {
        amount: { label: '回款金额', type: 'money' },
        collected_on: { label: '回款日期' },
        bank_serial: { label: '银行流水号' },
        payer_name: { label: '付款方' },
        payer_account: { label: '付款账号' },
        batch_no: { label: '一键回款批次' },
        state: { label: '回款状态', values: { valid: '有效', refunded: '已退款', moved: '已转移' } },
        remark: { label: '备注' },
      },
    },
  ],
  async access(db, user, id) {
    await readableBill(db, user, id);
    return { sensitive: true };
  },
});
