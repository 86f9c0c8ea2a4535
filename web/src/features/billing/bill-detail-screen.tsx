import { financeBillingCalls as BC } from '@erp/contract/modules/finance-billing';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { BillDetailView } from './bill-detail';

/** /Settlement/BillDetail?id= (or ?instanceId= from an approval): the bill with its lines, invoices and collections. */
export default function BillDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? params.get('billId')) || undefined;
  const instanceId = Number(params.get('instanceId') ?? params.get('processInstanceId')) || undefined;
  const q = useQuery({
    queryKey: ['billing', 'bill-page', id, instanceId],
    queryFn: () => api(BC.getBillInfo, { id, instanceId }),
    enabled: Boolean(id || instanceId),
  });
  if (!id && !instanceId) return <Empty description="缺少结算单" />;
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" title="结算单不存在或无权查看" />;
  return (
    <ScreenFrame>
      <Card title={`结算单 ${q.data.billNo ?? '（未编号）'}`} size="small">
        <BillDetailView d={q.data} />
      </Card>
    </ScreenFrame>
  );
}
