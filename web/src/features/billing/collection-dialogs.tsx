import { financeBillingCalls as BC, type BillDetail, type CollectionRecord } from '@erp/contract/modules/finance-billing';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { api } from '../../app/api/client';
import { fenText } from '../finance/money';
import { ActionDialog } from './action-dialog';

export type CollectionAction = 'refund' | 'move';
interface Props {
  bill: BillDetail;
  collection: CollectionRecord;
  onDone(): void;
  onClose(): void;
}

function Refund({ collection, onDone, onClose }: Props) {
  const [form] = Form.useForm<{ remark: string }>();
  return (
    <ActionDialog
      open
      title={`退款：${collection.bankSerial}`}
      name="refund-collection"
      form={form}
      save={(v) => api(BC.refundReturnMoney, { id: collection.id, remark: v.remark })}
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        回款 <strong>{fenText(collection.amount)}</strong> 元将标记为已退款，不再计入该结算单的已回款金额。
      </p>
      <Form.Item name="remark" label="退款说明" rules={[{ required: true, whitespace: true, message: '请输入退款说明' }]}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </ActionDialog>
  );
}

/** Move a collection to another invoiced bill of the same client with enough left to collect. */
function Move({ bill, collection, onDone, onClose }: Props) {
  const [form] = Form.useForm<{ toBillId: number; remark: string }>();
  const targets = useQuery({
    queryKey: ['billing', 'move-targets', bill.clientOrgId],
    queryFn: () => api(BC.getBillInfoPage, { invoiceStatus: '010', clientOrgId: bill.clientOrgId, pageSize: 200 }),
  });
  const options = (targets.data?.records ?? [])
    .filter((b) => b.id !== bill.id && b.invoicedAmount - b.collectedAmount >= collection.amount)
    .map((b) => ({ value: b.id, label: `${b.billNo ?? b.id} ${b.projectName ?? ''} 待回款 ${fenText(b.invoicedAmount - b.collectedAmount)}` }));
  return (
    <ActionDialog
      open
      title={`转移回款：${collection.bankSerial}`}
      name="move-collection"
      width={600}
      form={form}
      save={(v) => api(BC.moveReturnMoney, { id: collection.id, toBillId: v.toBillId, remark: v.remark })}
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        将 <strong>{fenText(collection.amount)}</strong> 元回款转到同一甲方（{bill.clientName}）的另一张已开票结算单。
      </p>
      <Form.Item name="toBillId" label="转入结算单" rules={[{ required: true, message: '请选择转入的结算单' }]}>
        <Select showSearch optionFilterProp="label" loading={targets.isLoading} options={options} notFoundContent="没有待回款金额足够的已开票结算单" />
      </Form.Item>
      <Form.Item name="remark" label="转移说明" rules={[{ required: true, whitespace: true, message: '请输入转移说明' }]}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </ActionDialog>
  );
}

export function CollectionActionDialog({ action, ...props }: Props & { action: CollectionAction }) {
  return action === 'refund' ? <Refund {...props} /> : <Move {...props} />;
}
