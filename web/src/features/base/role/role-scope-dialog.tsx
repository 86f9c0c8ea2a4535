import { baseCalls, DATA_SCOPES, type RoleRecord } from '@erp/contract/modules/base';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { api } from '../../../app/api/client';
import { OrgTreeSelect, useDictLabels } from '../../../components/resource';

type Scope = (typeof DATA_SCOPES)[number];

/** The data scope of a role: all, own department and below, own department, self, or chosen departments. */
export function RoleScopeDialog(props: { role: RoleRecord | null; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ dataScope: Scope; orgIds: number[] }>();
  const { labelOf } = useDictLabels('DATASCOPE');
  const scope = Form.useWatch('dataScope', form);
  const detail = useQuery({
    queryKey: ['base', 'role', 'info', props.role?.id],
    queryFn: () => api(baseCalls.roleInfo, { id: props.role?.id ?? 0 }),
    enabled: props.role !== null,
  });
  useEffect(() => {
    if (detail.data) form.setFieldsValue({ dataScope: detail.data.dataScope, orgIds: detail.data.orgIds });
  }, [detail.data, form]);
  // Failures are shown by the API client; the dialog stays open.
  const saving = useMutation({
    mutationFn: (values: { dataScope: Scope; orgIds: number[] }) =>
      api(baseCalls.roleDataScope, { id: props.role?.id ?? 0, dataScope: values.dataScope, orgIds: values.dataScope === 'custom' ? values.orgIds : [] }),
    onSuccess: () => {
      message.success('数据范围已保存');
      props.onSaved();
      props.onClose();
    },
  });
  const save = async () => {
    if (!props.role || saving.isPending) return;
    // An invalid form shows its messages; nothing else to do.
    const values = await form.validateFields().catch(() => null);
    if (values) saving.mutate(values);
  };
  return (
    <Modal
      open={props.role !== null}
      title={`数据范围 · ${props.role?.name ?? ''}`}
      onCancel={props.onClose}
      onOk={save}
      confirmLoading={saving.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="dataScope" label="数据范围" rules={[{ required: true, message: '请选择数据范围' }]}>
          <Select options={DATA_SCOPES.map((s) => ({ value: s, label: labelOf(s) }))} />
        </Form.Item>
        {scope === 'custom' && (
          <Form.Item name="orgIds" label="可查看的部门" rules={[{ required: true, message: '请至少选择一个部门' }]}>
            <OrgTreeSelect multiple />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
