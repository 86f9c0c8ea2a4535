import { certificateCalls, proveMeta } from '@erp/contract/modules/certificate';
import type { ResourceMeta } from '@erp/contract/resource';
import { recordDialog } from '../assets/asset-dialog';

/** The process centre's view of a certificate request (HR approves it there). */
export default recordDialog({
  title: '证明申请',
  meta: proveMeta as unknown as ResourceMeta<Record<string, unknown>>,
  byBpm: certificateCalls.getProveByProIns,
  money: [],
  pass: certificateCalls.provePass,
  reject: certificateCalls.proveReject,
});
