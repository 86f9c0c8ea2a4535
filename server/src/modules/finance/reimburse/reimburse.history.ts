import { registerHistoryKind } from '../../../platform/history/record-history';
import { claimDetail } from './reimburse.service';

/** An expense claim's 操作记录 (issue 34 §4): its reason, total, state and payment; readers of the claim read it. */
registerHistoryKind({
  kind: 'claim',
  fields: {
    claim_no: { label: '报销单号' },
    reason: { label: '报销事由' },
    total: { label: '报销金额', type: 'money' },
    state: { label: '审批状态', type: 'state' },
    paid_date: { label: '付款日期' },
    pay_remark: { label: '付款备注' },
    deleted_at: { label: '删除时间' },
  },
  async access(db, user, id) {
    await claimDetail(db, user, { id });
    return { sensitive: true };
  },
});
