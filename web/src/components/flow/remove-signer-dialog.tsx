import type { GroupUser } from '@erp/contract/modules/bpm';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandDialog } from './command-dialog';
import './flow-texts';

export const REMOVE_SIGNER_REASON_MAX = 200;

export interface RemoveSignerValues {
  userCode: string;
  message: string;
}

export interface RemoveSignerDialogProps {
  open: boolean;
  /** The signers I added on this node who have not acted yet (task/options). */
  signers: GroupUser[];
  onSubmit(values: RemoveSignerValues): Promise<unknown>;
  onClose(): void;
}

/** Remove a signer I added (减签) before they acted: one of them, an optional reason. */
export function RemoveSignerDialog({ open, signers, onSubmit, onClose }: RemoveSignerDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RemoveSignerValues>();
  return (
    <CommandDialog
      open={open}
      width={500}
      title={t('flow.removeSignerTitle')}
      okText={t('flow.ok')}
      form={form}
      initialValues={signers.length === 1 ? { userCode: signers[0]?.userCode } : undefined}
      onSubmit={(v) => onSubmit({ userCode: v.userCode, message: (v.message ?? '').trim() })}
      onClose={onClose}
    >
      <Form.Item name="userCode" label={t('flow.removeSignerWho')} rules={[{ required: true, message: t('flow.removeSignerRequired') }]}>
        <Radio.Group options={signers.map((s) => ({ value: s.userCode, label: `${s.userName}（${s.userCode}）` }))} />
      </Form.Item>
      <Form.Item name="message" label={t('flow.removeSignerReason')} rules={[{ max: REMOVE_SIGNER_REASON_MAX, message: t('flow.removeSignerReasonMax') }]}>
        <Input.TextArea rows={3} maxLength={REMOVE_SIGNER_REASON_MAX} showCount placeholder={t('flow.signerReasonPlaceholder')} />
      </Form.Item>
    </CommandDialog>
  );
}
