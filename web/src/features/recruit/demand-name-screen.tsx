import { type DemandNameRecord, demandNameMeta, RECRUIT_PERM, recruitCalls } from '@erp/contract/modules/recruit';
import { LadderScreen } from '../position/ladder-screen';

/** The catalogue of demand names users pick from. */
export default function DemandNameScreen() {
  return (
    <LadderScreen<DemandNameRecord & { code: string }>
      meta={demandNameMeta as never}
      noun="需求名称"
      calls={{ page: recruitCalls.demandNamePage, add: recruitCalls.demandNameSave, update: recruitCalls.demandNameUpdate }}
      perms={{ edit: RECRUIT_PERM.demandEdit }}
    />
  );
}
