import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import '../bpm-texts';

/** Send back: choose the node (the initiator or an earlier passed node) and an optional message. */
export function RollbackDialog({
  open,
  taskId,
  onSubmit,
  onClose,
}: {
  open: boolean;
  taskId: number | null;
  onSubmit(sort: number, message: string): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ sort: number; message?: string }>();
  const [busy, setBusy] = useState(false);
  const nodes = useQuery({
    queryKey: ['bpm', 'nodeList', taskId],
    queryFn: () => api(bpmCalls.nodeList, { taskId: taskId as number }),
    enabled: open && !!taskId,
    staleTime: 0,
  });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(v.sort, (v.message ?? '').trim());
      onClose();
    } catch {
      // shown by the call
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('bpm.rollbackTitle')}
      okText={t('bpm.rollback')}
      okButtonProps={{ loading: busy }}
      onOk={submit}
      onCancel={() => !busy && onClose()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ sort: 0 }}>
        <Form.Item name="sort" label={t('bpm.rollbackTo')} rules={[{ required: true, message: t('bpm.rollbackToRequired') }]}>
          <Select loading={nodes.isFetching} options={(nodes.data ?? []).map((n) => ({ value: n.sort, label: n.nodeName }))} />
        </Form.Item>
        <Form.Item name="message" label={t('bpm.rollbackMessage')} rules={[{ max: 200, message: t('bpm.rollbackMessageMax') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
