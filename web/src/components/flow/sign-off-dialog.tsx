import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandDialog } from './command-dialog';
import './flow-texts';

export const SIGN_OFF_MAX = 200;
export const SIGN_OFF_REQUIRED = '请输入签字意见';

export interface SignOffDialogProps {
  open: boolean;
  /** pass: the message is optional; reject: it is required. */
  mode: 'pass' | 'reject';
  title?: string;
  onSubmit(message: string): Promise<unknown>;
  onClose(): void;
}

/** Sign-off (spec 000 §2, §5): pass with an optional message or reject with a required one, 200 characters. */
export function SignOffDialog({ open, mode, title, onSubmit, onClose }: SignOffDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ message?: string }>();
  return (
    <CommandDialog
      open={open}
      title={title ?? t(mode === 'pass' ? 'flow.passTitle' : 'flow.rejectTitle')}
      okText={t(mode === 'pass' ? 'flow.pass' : 'flow.reject')}
      danger={mode === 'reject'}
      form={form}
      onSubmit={(v) => onSubmit((v.message ?? '').trim())}
      onClose={onClose}
    >
      <Form.Item
        name="message"
        label={t('flow.signLabel')}
        rules={[
          { required: mode === 'reject', whitespace: true, message: t('flow.signRequired') },
          { max: SIGN_OFF_MAX, message: t('flow.signMax') },
        ]}
      >
        <Input.TextArea rows={4} maxLength={SIGN_OFF_MAX} showCount placeholder={t('flow.signRequired')} />
      </Form.Item>
    </CommandDialog>
  );
}
