import {
  type ContractArchiveRecord,
  type ContractSealRecord,
  contractArchiveDocumentCalls,
  contractArchiveMeta,
  contractSealDocumentCalls,
  contractSealMeta,
  HR_DOC_PERM,
} from '@erp/contract/modules/hr-documents';
import { LIFECYCLE_PERM, lifecycleCalls, type RenewalDueRecord, type RenewalRecord, renewalDueMeta, renewalMeta } from '@erp/contract/modules/lifecycle';
import { Button, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { ResourceTable } from '../../../components/resource';
import { ScreenFrame } from '../../base/screen-frame';
import { DOCUMENT_KEYWORD } from '../../hr-documents/document-keyword';
import { PERSON_KEYWORD } from '../lifecycle/keyword';
import { CONTRACT_REQUESTS } from './contract-kinds';

/**
 * 合同管理 (/ContractSealList/index): every employee's labour contract, the renewal requests, and
 * the seal (用印) and archive (归档) requests with their apply and detail screens.
 */
export default function ContractScreen() {
  const can = useHasAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  if (!can(LIFECYCLE_PERM.list) && !can(HR_DOC_PERM.contractSealList)) return null;
  const apply = (path: string, text: string) => (
    <Auth code={HR_DOC_PERM.contractSealEdit}>
      <Button type="primary" onClick={() => navigate(path)}>
        {text}
      </Button>
    </Auth>
  );
  const detail = (path: string, id: number) => (
    <Button type="link" size="small" onClick={() => navigate(`${path}?id=${id}`)}>
      详情
    </Button>
  );
  const exportable = can(HR_DOC_PERM.contractSealExport);
  return (
    <ScreenFrame>
      <Tabs
        destroyOnHidden
        activeKey={params.get('tab') ?? (can(LIFECYCLE_PERM.list) ? 'contracts' : 'seals')}
        onChange={(tab) => setParams({ tab }, { replace: true })}
        items={[
          ...(can(LIFECYCLE_PERM.list)
            ? [
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
              ]
            : []),
          ...(can(HR_DOC_PERM.contractSealList)
            ? [
                {
                  key: 'seals',
                  label: '用印申请',
                  children: (
                    <ResourceTable<ContractSealRecord>
                      meta={contractSealMeta}
                      keyword={DOCUMENT_KEYWORD}
                      pageCall={contractSealDocumentCalls.selectPage}
                      exportCall={exportable ? contractSealDocumentCalls.downloadList : undefined}
                      exportName="用印申请.xlsx"
                      queryKey={['hrDocuments', 'contractSeal']}
                      toolbar={apply(CONTRACT_REQUESTS.seal.applyPath, '申请用印')}
                      rowActions={(r) => detail(CONTRACT_REQUESTS.seal.detailPath, r.id)}
                    />
                  ),
                },
                {
                  key: 'archives',
                  label: '归档申请',
                  children: (
                    <ResourceTable<ContractArchiveRecord>
                      meta={contractArchiveMeta}
                      keyword={DOCUMENT_KEYWORD}
                      pageCall={contractArchiveDocumentCalls.selectPage}
                      exportCall={exportable ? contractArchiveDocumentCalls.downloadList : undefined}
                      exportName="归档申请.xlsx"
                      queryKey={['hrDocuments', 'contractArchive']}
                      toolbar={apply(CONTRACT_REQUESTS.archive.applyPath, '申请归档')}
                      rowActions={(r) => detail(CONTRACT_REQUESTS.archive.detailPath, r.id)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </ScreenFrame>
  );
}
