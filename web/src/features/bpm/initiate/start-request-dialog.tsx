import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { useLoginInfo } from '../../../app/session/session-store';
import { useConfirmCancel } from '../../../components/file-upload';
import { FlowSteps } from '../../../components/flow';
import { RequestFormItems, type RequestFormValues, requestPayload } from '../shared/request-fields';
import '../bpm-texts';

type Values = RequestFormValues & { title?: string };

/**
 * Starts a general request: a title and the process's own form (bpm-forms.ts), with the route
 * previewed from what is entered; closing a filled form asks "是否确认取消？" first.
 */
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
  const login = useLoginInfo();
  const confirmCancel = useConfirmCancel();
  const [busy, setBusy] = useState(false);
  const watched = Form.useWatch((v: Values) => v, form);
  const payload = useDeferredValue(useMemo(() => JSON.stringify(requestPayload(processKey, watched ?? {})), [processKey, watched]));
  const preview = useQuery({
    queryKey: ['bpm', 'preview', processKey, payload],
    queryFn: () => api(bpmCalls.previewFlow, { processKey, form: JSON.parse(payload) as Record<string, string | number | number[]> }),
  });
  const submit = async () => {
    const v = await form.validateFields();
    if (busy) return;
    setBusy(true);
    try {
      await api(bpmCalls.startProcess, { processKey, title: (v.title ?? '').trim(), form: requestPayload(processKey, v) });
      message.success(t('bpm.done.resubmit'), 2);
      onStarted();
      onClose();
    } catch {
      // shown by the call
    } finally {
      setBusy(false);
    }
  };
  const initialTitle = `${processName}-${login?.realName ?? ''}-${dayjs().format('YYYY-MM-DD')}`;
  return (
    <Modal
      open
      title={t('bpm.startTitle', { name: processName })}
      width="min(900px, 100%)"
      okText={t('bpm.submit')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => !busy && confirmCancel(form.isFieldsTouched(), onClose)}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ title: initialTitle }} data-testid="start-request-form">
        <Form.Item
          name="title"
          label={t('bpm.requestTitle')}
          rules={[{ required: true, whitespace: true, message: t('bpm.requestTitleRequired') }, { max: 200 }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <RequestFormItems processKey={processKey} />
      </Form>
      <FlowSteps steps={preview.data ?? []} variant="preview" loading={preview.isLoading} />
    </Modal>
  );
}
