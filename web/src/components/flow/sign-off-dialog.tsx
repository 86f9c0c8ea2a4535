import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

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
  const [form] = Form.useForm<{ message: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { message } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit((message ?? '').trim());
      form.resetFields();
      onClose();
    } catch {
      // the call showed its own error; keep the dialog open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title ?? (mode === 'pass' ? '审批通过' : '驳回')}
      okText={mode === 'pass' ? '通过' : '驳回'}
      okButtonProps={{ danger: mode === 'reject', loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={submit}
      onCancel={() => !busy && onClose()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="message"
          label="签字意见"
          rules={[
            { required: mode === 'reject', whitespace: true, message: SIGN_OFF_REQUIRED },
            { max: SIGN_OFF_MAX, message: `签字意见最多${SIGN_OFF_MAX}个字符` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={SIGN_OFF_MAX} showCount placeholder={SIGN_OFF_REQUIRED} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
