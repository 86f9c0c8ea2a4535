import { bpmCalls } from '@erp/contract/modules/bpm';
import { financeBillingCalls as BC, type BillDetail, billMeta } from '@erp/contract/modules/finance-billing';
import type { ResourceMeta } from '@erp/contract/resource';
import { recordDialog } from '../assets/asset-dialog';
import { BillDetailView } from './bill-detail';

/** The process centre's view of a settlement bill: the bill with its lines, invoices and collections, its flow, pass and reject. */
export default recordDialog({
  title: '结算单',
  meta: billMeta as unknown as ResourceMeta<Record<string, unknown>>,
  byBpm: BC.getBillInfo,
  byBpmInput: (processInstanceId) => ({ instanceId: processInstanceId }),
  money: [],
  view: ({ data }) => <BillDetailView d={data as unknown as BillDetail} />,
  pass: bpmCalls.passTask,
  reject: bpmCalls.rejectTask,
});
