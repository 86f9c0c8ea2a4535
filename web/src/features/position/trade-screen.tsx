import { POSITION_PERM, positionCalls, type TradeRecord, tradeMeta } from '@erp/contract/modules/position';
import { LadderScreen } from './ladder-screen';

/** Trades (行业) the positions serve. */
export default function TradeScreen() {
  return (
    <LadderScreen<TradeRecord>
      meta={tradeMeta}
      noun="行业"
      calls={{ page: positionCalls.tradePage, add: positionCalls.tradeAdd, update: positionCalls.tradeUpdate, export: positionCalls.tradeExport }}
      perms={{ edit: POSITION_PERM.tradeEdit, export: POSITION_PERM.tradeExport }}
    />
  );
}
