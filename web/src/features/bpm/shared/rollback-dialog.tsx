import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { CommandDialog } from '../../../components/flow';
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
  const nodes = useQuery({
    queryKey: ['bpm', 'nodeList', taskId],
    queryFn: () => api(bpmCalls.nodeList, { taskId: taskId as number }),
    enabled: open && !!taskId,
    staleTime: 0,
  });
  return (
    <CommandDialog
      open={open}
      title={t('bpm.rollbackTitle')}
      okText={t('bpm.rollback')}
      form={form}
      initialValues={{ sort: 0 }}
      onSubmit={(v) => onSubmit(v.sort, (v.message ?? '').trim())}
      onClose={onClose}
    >
      <Form.Item name="sort" label={t('bpm.rollbackTo')} rules={[{ required: true, message: t('bpm.rollbackToRequired') }]}>
        <Select loading={nodes.isFetching} options={(nodes.data ?? []).map((n) => ({ value: n.sort, label: n.nodeName }))} />
      </Form.Item>
      <Form.Item name="message" label={t('bpm.rollbackMessage')} rules={[{ max: 200, message: t('bpm.rollbackMessageMax') }]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </CommandDialog>
  );
}
