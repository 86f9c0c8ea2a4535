import { registerHistoryKind } from '../../../platform/history/record-history';
import { readableBill } from './billing.service';

/** A bill's 操作记录 (issue 34 §4): its amounts, statuses and dates as the bill shows them; readers of the bill read it. */
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
  async access(db, user, id) {
    await readableBill(db, user, id);
    return { sensitive: true };
  },
});
