import { bpmCalls } from '@erp/contract/modules/bpm';
import { type ClaimDetail, claimMeta, reimburseCalls as RC } from '@erp/contract/modules/reimburse';
import type { ResourceMeta } from '@erp/contract/resource';
import { recordDialog } from '../assets/asset-dialog';
import { ClaimView } from './claim-view';

/** The process centre's view of an expense claim: the claim with its lines and invoices, its flow, pass and reject. */
export default recordDialog({
  title: '报销单',
  meta: claimMeta as unknown as ResourceMeta<Record<string, unknown>>,
  byBpm: RC.claimDetail,
  byBpmInput: (processInstanceId) => ({ instanceId: processInstanceId }),
  money: [],
  view: ({ data }) => <ClaimView d={data as unknown as ClaimDetail} />,
  pass: bpmCalls.passTask,
  reject: bpmCalls.rejectTask,
});
