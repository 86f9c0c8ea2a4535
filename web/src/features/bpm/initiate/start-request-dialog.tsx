import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { FlowSteps } from '../../../components/flow';
import '../bpm-texts';

interface Values {
  title: string;
  content?: string;
}

/** Starts a general request: a title and a description, with the route previewed before submission. */
export function StartRequestDialog({
  processKey,
  processName,
  onClose,
  onStarted,
}: {
  processKey: string;
  processName: string;
  onClose(): void;
  onStarted(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const content = useDeferredValue(Form.useWatch('content', form) ?? '');
  const preview = useQuery({ queryKey: ['bpm', 'preview', processKey, content], queryFn: () => api(bpmCalls.previewFlow, { processKey, form: { content } }) });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api(bpmCalls.startProcess, { processKey, title: v.title.trim(), form: { content: v.content ?? '' } });
      message.success(t('bpm.done.resubmit'), 2);
      onStarted();
      onClose();
    } catch {
      // shown by the call
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('bpm.startTitle', { name: processName })}
      width="60%"
      okText={t('bpm.submit')}
      okButtonProps={{ loading: busy }}
      onOk={submit}
      onCancel={() => !busy && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="title"
          label={t('bpm.requestTitle')}
          rules={[{ required: true, whitespace: true, message: t('bpm.requestTitleRequired') }, { max: 200 }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="content" label={t('bpm.requestContent')} rules={[{ max: 1000, message: t('bpm.requestContentMax') }]}>
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
      </Form>
      <FlowSteps steps={preview.data ?? []} variant="preview" loading={preview.isLoading} />
    </Modal>
  );
}
