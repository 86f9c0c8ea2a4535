import { type ClaimRecord, claimMeta, reimburseCalls as RC, REIMBURSE_PERM } from '@erp/contract/modules/reimburse';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useHasAuth } from '../../app/auth/permissions';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { fenColumns } from '../salary/pay-parts';
import { ClaimActions } from './claim-actions';
import { useReimburseLabels } from './labels';

/** 费用报销: my claims (state filter, search, export) and, for finance, every submitted claim to pay. */
export default function ReimburseListScreen() {
  const { t, claimState } = useReimburseLabels();
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = useHasAuth();
  const finance = can(REIMBURSE_PERM.pay);
  const table = (scope: 'mine' | 'all') => (
    <ResourceTable<ClaimRecord>
      meta={claimMeta}
      pageCall={RC.claimPage}
      exportCall={RC.claimExport}
      exportName={scope === 'mine' ? '我的报销.xlsx' : '费用报销.xlsx'}
      fixedFilters={{ scope }}
      queryKey={['reimburse', 'claims', scope]}
      keyword={{ label: '单号 / 事由 / 报销人', labelEn: 'No. / reason / claimant' }}
      columns={{
        ...fenColumns(claimMeta),
        claimState: { render: (v: unknown) => claimState(v as string) },
        ...(scope === 'mine' ? { realName: { hidden: true }, orgName: { hidden: true } } : {}),
      }}
      toolbar={
        scope === 'mine' && (
          <Button type="primary" onClick={() => navigate('/Reimburse/addReimburse')}>
            {t('reimburse.claim.add')}
          </Button>
        )
      }
      actionsWidth={200}
      rowActions={(r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/Reimburse/reimburseDetails?id=${r.id}`)}>
            {t('reimburse.claim.detail')}
          </Button>
          <ClaimActions
            claim={r}
            mine={scope === 'mine'}
            canPay={finance && scope === 'all'}
            onChanged={() => void client.invalidateQueries({ queryKey: ['reimburse'] })}
          />
        </Space>
      )}
    />
  );
  return (
    <ScreenFrame>
      {finance ? (
        <Tabs
          items={[
            { key: 'mine', label: t('reimburse.claim.mine'), children: table('mine') },
            { key: 'all', label: t('reimburse.claim.all'), children: table('all') },
          ]}
        />
      ) : (
        table('mine')
      )}
    </ScreenFrame>
  );
}
