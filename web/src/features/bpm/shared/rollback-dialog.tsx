import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';

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
      title="退回"
      okText="退回"
      okButtonProps={{ loading: busy }}
      onOk={submit}
      onCancel={() => !busy && onClose()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ sort: 0 }}>
        <Form.Item name="sort" label="退回到" rules={[{ required: true, message: '请选择退回节点' }]}>
          <Select loading={nodes.isFetching} options={(nodes.data ?? []).map((n) => ({ value: n.sort, label: n.nodeName }))} />
        </Form.Item>
        <Form.Item name="message" label="退回意见" rules={[{ max: 200, message: '最多200个字符' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
