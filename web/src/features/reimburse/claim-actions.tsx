import { type ClaimRecord, reimburseCalls as RC } from '@erp/contract/modules/reimburse';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Popconfirm, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { ActionDialog } from '../billing/action-dialog';
import { fenText } from '../finance/money';
import { useReimburseLabels } from './labels';

/** Finance's 付款: the payment date (not in the future) and a remark. */
export function PayDialog({ claim, onClose, onDone }: { claim: Pick<ClaimRecord, 'id' | 'claimNo' | 'total'>; onClose(): void; onDone(): void }) {
  const { t } = useReimburseLabels();
  const [form] = Form.useForm<{ paidDate: Dayjs; remark?: string }>();
  return (
    <ActionDialog
      open
      title={`${t('reimburse.claim.payTitle')} ${claim.claimNo ?? ''}（¥${fenText(claim.total)}）`}
      name="claimPay"
      form={form}
      initialValues={{ paidDate: dayjs() }}
      save={(v) => api(RC.claimPay, { id: claim.id, paidDate: v.paidDate.format('YYYY-MM-DD'), remark: v.remark?.trim() || null })}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="paidDate" label={t('reimburse.field.paidDate')} rules={[{ required: true, message: '请选择付款日期' }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="remark" label={t('reimburse.field.payRemark')}>
        <Input maxLength={200} placeholder="如：网银转账" />
      </Form.Item>
    </ActionDialog>
  );
}

/**
 * What a claim's owner and finance may do with it, as buttons: edit and submit a draft or a sent-back
 * claim, delete a draft, withdraw one in approval (each destructive step asks first), pay it (finance).
 */
export function ClaimActions({
  claim,
  mine,
  canPay,
  onChanged,
  size = 'small',
}: {
  claim: ClaimRecord;
  mine: boolean;
  canPay: boolean;
  onChanged(): void;
  size?: 'small' | 'middle';
}) {
  const { t } = useReimburseLabels();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [paying, setPaying] = useState(false);
  const after = async (text: string) => {
    message.success(text);
    await client.invalidateQueries({ queryKey: ['reimburse'] });
    onChanged();
  };
  const type = size === 'small' ? 'link' : 'default';
  const editable = mine && (claim.state === 'draft' || claim.state === 'returned');
  return (
    <Space size={size === 'small' ? 0 : 8} wrap>
      {editable && (
        <Button type={type} size={size} onClick={() => navigate(`/Reimburse/addReimburse?id=${claim.id}`)}>
          {t('reimburse.folder.modify')}
        </Button>
      )}
      {mine && claim.state === 'draft' && (
        <Button type={type} size={size} onClick={async () => api(RC.claimSubmit, { id: claim.id }).then(() => after(t('reimburse.claim.submitted')))}>
          {t('reimburse.claim.submit')}
        </Button>
      )}
      {mine && claim.state === 'draft' && (
        <Popconfirm
          title={t('reimburse.claim.deleteConfirm')}
          onConfirm={() => api(RC.claimDelete, { id: claim.id }).then(() => after(t('reimburse.claim.deleted')))}
        >
          <Button type={type} size={size} danger>
            {t('reimburse.claim.delete')}
          </Button>
        </Popconfirm>
      )}
      {mine && (claim.state === 'approving' || claim.state === 'returned') && (
        <Popconfirm
          title={t('reimburse.claim.revokeConfirm')}
          onConfirm={() => api(RC.claimRevoke, { id: claim.id }).then(() => after(t('reimburse.claim.revoked')))}
        >
          <Button type={type} size={size} danger>
            {t('reimburse.claim.revoke')}
          </Button>
        </Popconfirm>
      )}
      {canPay && claim.state === 'passed' && !claim.paidDate && (
        <Button type={size === 'small' ? 'link' : 'primary'} size={size} onClick={() => setPaying(true)}>
          {t('reimburse.claim.pay')}
        </Button>
      )}
      {paying && <PayDialog claim={claim} onClose={() => setPaying(false)} onDone={() => void after(t('reimburse.claim.paid'))} />}
    </Space>
  );
}
