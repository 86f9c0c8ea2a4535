import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandDialog } from './command-dialog';
import './flow-texts';
import { PersonSelect } from './person-select';

export const TRANSFER_REASON_MAX = 200;

export interface TransferDialogProps {
  open: boolean;
  onSubmit(target: { transferUserCode: string; remark: string }): Promise<unknown>;
  onClose(): void;
}

/** Transfer (spec 000 §2, §5): 500 px, searchable person list without me, a reason of up to 200 characters. */
export function TransferDialog({ open, onSubmit, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ transferUserCode: string; remark: string }>();
  return (
    <CommandDialog
      open={open}
      width={500}
      title={t('flow.transferTitle')}
      okText={t('flow.ok')}
      form={form}
      onSubmit={(v) => onSubmit({ transferUserCode: v.transferUserCode, remark: v.remark.trim() })}
      onClose={onClose}
    >
      <Form.Item name="transferUserCode" label={t('flow.transferTarget')} rules={[{ required: true, message: t('flow.transferTargetRequired') }]}>
        <PersonSelect placeholder={t('flow.transferTargetRequired')} testId="transfer-target" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('flow.transferReason')}
        rules={[
          { required: true, whitespace: true, message: t('flow.transferReasonRequired') },
          { max: TRANSFER_REASON_MAX, message: t('flow.transferReasonMax') },
        ]}
      >
        <Input.TextArea rows={4} maxLength={TRANSFER_REASON_MAX} showCount placeholder={t('flow.transferReasonRequired')} />
      </Form.Item>
    </CommandDialog>
  );
}
