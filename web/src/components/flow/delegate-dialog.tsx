import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandDialog } from './command-dialog';
import './flow-texts';
import { PersonSelect } from './person-select';

export const DELEGATE_NOTE_MAX = 200;

export interface DelegateValues {
  userCode: string;
  message: string;
}

export interface DelegateDialogProps {
  open: boolean;
  onSubmit(values: DelegateValues): Promise<unknown>;
  onClose(): void;
}

/** Delegate (委派) my task: the delegate acts on it, then it comes back to me to pass or reject. */
export function DelegateDialog({ open, onSubmit, onClose }: DelegateDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DelegateValues>();
  return (
    <CommandDialog
      open={open}
      width={500}
      title={t('flow.delegateTitle')}
      okText={t('flow.ok')}
      form={form}
      onSubmit={(v) => onSubmit({ userCode: v.userCode, message: (v.message ?? '').trim() })}
      onClose={onClose}
    >
      <Form.Item
        name="userCode"
        label={t('flow.delegateTarget')}
        extra={t('flow.delegateHint')}
        rules={[{ required: true, message: t('flow.delegateTargetRequired') }]}
      >
        <PersonSelect placeholder={t('flow.delegateTargetRequired')} testId="delegate-target" />
      </Form.Item>
      <Form.Item name="message" label={t('flow.delegateNote')} rules={[{ max: DELEGATE_NOTE_MAX, message: t('flow.delegateNoteMax') }]}>
        <Input.TextArea rows={3} maxLength={DELEGATE_NOTE_MAX} showCount placeholder={t('flow.delegateNotePlaceholder')} />
      </Form.Item>
    </CommandDialog>
  );
}
