import { cardCalls, cardMeta } from '@erp/contract/modules/card';
import type { ResourceMeta } from '@erp/contract/resource';
import { recordDialog } from '../assets/asset-dialog';

/** The process centre's view of a card request (administration approves it there). */
export default recordDialog({
  title: '名片申请',
  meta: cardMeta as unknown as ResourceMeta<Record<string, unknown>>,
  byBpm: cardCalls.getCardByProIns,
  money: [],
  pass: cardCalls.cardPass,
  reject: cardCalls.cardReject,
});
