import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandDialog } from './command-dialog';
import './flow-texts';
import { PersonSelect } from './person-select';

export const ADD_SIGNER_REASON_MAX = 200;

export interface AddSignerValues {
  userCode: string;
  /** before: the signer acts first and the task comes back to me; after: the signer acts after me. */
  position: 'before' | 'after';
  message: string;
}

export interface AddSignerDialogProps {
  open: boolean;
  onSubmit(values: AddSignerValues): Promise<unknown>;
  onClose(): void;
}

/** Add a signer (加签) to my task: a searchable person (never me), before or after me, an optional reason of up to 200 characters. */
export function AddSignerDialog({ open, onSubmit, onClose }: AddSignerDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddSignerValues>();
  return (
    <CommandDialog
      open={open}
      width={500}
      title={t('flow.addSignerTitle')}
      okText={t('flow.ok')}
      form={form}
      initialValues={{ position: 'after' }}
      onSubmit={(v) => onSubmit({ userCode: v.userCode, position: v.position, message: (v.message ?? '').trim() })}
      onClose={onClose}
    >
      <Form.Item name="userCode" label={t('flow.signer')} rules={[{ required: true, message: t('flow.signerRequired') }]}>
        <PersonSelect placeholder={t('flow.signerRequired')} testId="add-signer-target" />
      </Form.Item>
      <Form.Item name="position" label={t('flow.signerPosition')} extra={t('flow.signerPositionHint')}>
        <Radio.Group
          options={[
            { value: 'before', label: t('flow.signerBefore') },
            { value: 'after', label: t('flow.signerAfter') },
          ]}
        />
      </Form.Item>
      <Form.Item name="message" label={t('flow.signerReason')} rules={[{ max: ADD_SIGNER_REASON_MAX, message: t('flow.signerReasonMax') }]}>
        <Input.TextArea rows={3} maxLength={ADD_SIGNER_REASON_MAX} showCount placeholder={t('flow.signerReasonPlaceholder')} />
      </Form.Item>
    </CommandDialog>
  );
}
