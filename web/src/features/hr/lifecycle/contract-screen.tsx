import { LIFECYCLE_PERM, lifecycleCalls, type RenewalDueRecord, type RenewalRecord, renewalDueMeta, renewalMeta } from '@erp/contract/modules/lifecycle';
import { Tabs } from 'antd';
import { useHasAuth } from '../../../app/auth/auth';
import { ResourceTable } from '../../../components/resource';
import { ScreenFrame } from '../../base/screen-frame';
import { PERSON_KEYWORD } from './keyword';

/** 合同管理 (/ContractSealList/index): every employee's labour contract and the renewal requests. */
export default function ContractScreen() {
  const can = useHasAuth();
  if (!can(LIFECYCLE_PERM.list)) return null;
  return (
    <ScreenFrame>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'contracts',
            label: '劳动合同',
            children: (
              <ResourceTable<RenewalDueRecord>
                meta={renewalDueMeta}
                keyword={PERSON_KEYWORD}
                pageCall={lifecycleCalls.contractSelectPage1}
                queryKey={['hr', 'contracts']}
              />
            ),
          },
          {
            key: 'renewals',
            label: '续签申请',
            children: (
              <ResourceTable<RenewalRecord>
                meta={renewalMeta}
                keyword={PERSON_KEYWORD}
                pageCall={lifecycleCalls.contractSelectPage}
                queryKey={['hr', 'renewals']}
              />
            ),
          },
        ]}
      />
    </ScreenFrame>
  );
}
