import { reimburseCalls as RC } from '@erp/contract/modules/reimburse';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { getLoginInfo } from '../../app/session/session-store';
import { FlowSteps } from '../../components/flow';
import { RecordHistory } from '../../components/history/record-history';
import { ScreenFrame } from '../base/screen-frame';
import { useDocumentFlow } from '../hr-documents/use-document-flow';
import { ClaimActions } from './claim-actions';
import { ClaimView } from './claim-view';
import { useReimburseLabels } from './labels';

/** /Reimburse/reimburseDetails?id= (or ?instanceId=): the claim, its lines and invoices, its approval history, and what the viewer may do. */
export default function ReimburseDetailsScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useReimburseLabels();
  const id = Number(params.get('id')) || undefined;
  const instanceId = Number(params.get('instanceId') ?? params.get('processInstanceId')) || undefined;
  const q = useQuery({
    queryKey: ['reimburse', 'claim', id, instanceId],
    queryFn: () => api(RC.claimDetail, { id, instanceId }, { silent: true }),
    enabled: Boolean(id || instanceId),
  });
  const { steps, flow } = useDocumentFlow(q.data?.processInstanceId);
  if (!id && !instanceId) return <Empty description={t('reimburse.claim.noId')} />;
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" title={t('reimburse.claim.missing')} />;
  const d = q.data;
  return (
    <ScreenFrame>
      <Card
        size="small"
        title={`${t('reimburse.claim.claimNo')} ${d.claimNo ?? t('reimburse.claim.noDraftNo')}`}
        extra={
          <Space>
            <ClaimActions claim={d} mine={d.userId === getLoginInfo()?.userId} canPay={d.canPay} size="middle" onChanged={() => void q.refetch()} />
            <Button onClick={() => navigate('/Reimburse/index')}>{t('reimburse.claim.back')}</Button>
          </Space>
        }
      >
        <ClaimView d={d} />
        {d.processInstanceId ? (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('reimburse.claim.flow')}
            </Typography.Title>
            <FlowSteps steps={steps} loading={flow.isLoading} />
          </>
        ) : null}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('reimburse.claim.history')}
        </Typography.Title>
        <RecordHistory kind="claim" id={d.id} />
      </Card>
    </ScreenFrame>
  );
}
