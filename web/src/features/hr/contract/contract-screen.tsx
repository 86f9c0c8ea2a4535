import { HR_DOC_PERM } from '@erp/contract/modules/hr-documents';
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
          // 用印申请 and 归档申请: the same list of each request, with its apply button and detail link.
          ...(can(HR_DOC_PERM.contractSealList)
            ? (['seal', 'archive'] as const).map((which) => {
                const r = CONTRACT_REQUESTS[which];
                return {
                  key: which === 'seal' ? 'seals' : 'archives',
                  label: r.title,
                  children: (
                    <ResourceTable<{ id: number }>
                      meta={r.meta}
                      keyword={DOCUMENT_KEYWORD}
                      pageCall={r.calls.selectPage}
                      exportCall={exportable ? r.calls.downloadList : undefined}
                      exportName={`${r.title}.xlsx`}
                      queryKey={['hrDocuments', which === 'seal' ? 'contractSeal' : 'contractArchive']}
                      toolbar={apply(r.applyPath, r.applyText)}
                      rowActions={(row) => detail(r.detailPath, row.id)}
                    />
                  ),
                };
              })
            : []),
        ]}
      />
    </ScreenFrame>
  );
}
