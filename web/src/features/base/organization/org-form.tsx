import { baseCalls, ORG_TYPES, type OrgUnit } from '@erp/contract/modules/base';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { api } from '../../../app/api/client';
import { requiredText, UserSelect, useFormDialog } from '../../../components/resource';

export const ORG_TYPE_NAMES: Record<OrgUnit['type'], string> = { group: '集团', company: '公司', dept: '部门', team: '小组' };

/** Create a unit under a parent, or edit one (its code and place stay; moving is done by dragging). */
export function OrgForm(props: { open: boolean; parent: OrgUnit | null; unit: OrgUnit | null; onClose(): void; onSaved(unit: OrgUnit): void }) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    if (props.unit) form.setFieldsValue(props.unit);
    else
      form.setFieldsValue({
        type: props.parent?.type === 'group' ? 'company' : props.parent?.type === 'company' ? 'dept' : 'team',
        sort: 0,
        isClient: props.parent?.isClient ?? false,
      });
  }, [props.open, props.unit, props.parent, form]);
  // Failures (组织编码已存在, level rules) are shown by the API client; the dialog stays open.
  const dialog = useFormDialog({
    form,
    save: (v): Promise<OrgUnit> =>
      props.unit
        ? api(baseCalls.orgUpdate, {
            id: props.unit.id,
            name: v.name,
            type: v.type,
            sort: v.sort,
            leaderUserId: v.leaderUserId ?? null,
            isClient: v.isClient,
            enabled: v.enabled,
          })
        : api(baseCalls.orgAdd, {
            parentId: props.parent?.id ?? 0,
            code: v.code,
            name: v.name,
            type: v.type,
            sort: v.sort,
            leaderUserId: v.leaderUserId ?? null,
            isClient: v.isClient,
          }),
    onSaved: props.onSaved,
    onClose: props.onClose,
  });
  return (
    <Modal open={props.open} title={props.unit ? `编辑组织 · ${props.unit.name}` : `新增下级组织 · ${props.parent?.name ?? ''}`} {...dialog.modalProps}>
      <Form form={form} layout="vertical">
        <Form.Item
          name="code"
          label="组织编码"
          rules={[
            { required: true, whitespace: true, message: '请输入组织编码' },
            { pattern: /^[A-Za-z0-9_-]{1,64}$/, message: '编码只能包含字母、数字、下划线和短横线' },
          ]}
        >
          <Input disabled={props.unit !== null} />
        </Form.Item>
        <Form.Item name="name" label="组织名称" rules={requiredText('组织名称', 128)}>
          <Input />
        </Form.Item>
        <Form.Item name="type" label="组织类型" rules={[{ required: true, message: '请选择组织类型' }]}>
          <Select options={ORG_TYPES.map((t) => ({ value: t, label: ORG_TYPE_NAMES[t] }))} />
        </Form.Item>
        <Form.Item name="leaderUserId" label="负责人">
          <UserSelect initialLabel={props.unit?.leaderName ?? undefined} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={100000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="isClient" label="客户公司" valuePropName="checked">
          <Switch />
        </Form.Item>
        {props.unit && (
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
