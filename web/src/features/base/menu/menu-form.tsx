import { baseCalls, type MenuRecord, type MenuTreeNode } from '@erp/contract/modules/base';
import { Form, Input, InputNumber, Modal, Radio, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { api } from '../../../app/api/client';
import { requiredText, useFormDialog } from '../../../components/resource';

interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}
const toTree = (nodes: MenuTreeNode[]): ParentOption[] =>
  nodes.filter((n) => n.type !== 'F').map((n) => ({ value: n.id, title: n.title, children: toTree(n.children) }));

/** Add or edit a menu (M container, C screen) or a button (F, with its permission code). */
export function MenuForm(props: { open: boolean; menu: MenuRecord | null; parentId: number | null; tree: MenuTreeNode[]; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm();
  const type = Form.useWatch('type', form) as MenuRecord['type'] | undefined;
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue(props.menu ?? { type: 'C', parentId: props.parentId, appType: 'back', sort: 0, hidden: false, alwaysShow: false });
  }, [props.open, props.menu, props.parentId, form]);
  // Failures (菜单路径已存在, 权限标识已存在…) are shown by the API client; the dialog stays open.
  const dialog = useFormDialog({
    form,
    save: (v) => {
      const body = { ...v, parentId: v.parentId ?? null, perms: v.perms || null, redirect: v.redirect || null, icon: v.icon || null };
      return props.menu ? api(baseCalls.menuUpdate, { ...body, id: props.menu.id }) : api(baseCalls.menuAdd, body);
    },
    onSaved: props.onSaved,
    onClose: props.onClose,
  });
  return (
    <Modal open={props.open} title={props.menu ? `编辑 · ${props.menu.title}` : '新增菜单'} {...dialog.modalProps} width={640}>
      <Form form={form} layout="vertical">
        <Form.Item name="type" label="类型" rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'M', label: '目录' },
              { value: 'C', label: '菜单' },
              { value: 'F', label: '按钮' },
            ]}
          />
        </Form.Item>
        <Form.Item name="parentId" label="上级菜单">
          <TreeSelect allowClear treeDefaultExpandAll treeData={toTree(props.tree)} placeholder="顶级" />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={requiredText('标题', 64)}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label="路由名称" rules={requiredText('路由名称', 64)}>
          <Input />
        </Form.Item>
        {type !== 'F' && (
          <>
            <Form.Item name="path" label="路由地址" rules={[{ required: true, whitespace: true, message: '请输入路由地址' }, { max: 255 }]}>
              <Input placeholder="/BaseCenter/user" />
            </Form.Item>
            {type === 'C' && (
              <Form.Item name="component" label="组件" rules={[{ max: 255 }]}>
                <Input placeholder="base/user" />
              </Form.Item>
            )}
            <Form.Item name="redirect" label="重定向" rules={[{ max: 255 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="icon" label="图标" rules={[{ max: 64 }]}>
              <Input placeholder="UserOutlined" />
            </Form.Item>
            <Form.Item name="appType" label="所属">
              <Radio.Group
                options={[
                  { value: 'back', label: '后台管理' },
                  { value: 'front', label: '前台应用' },
                ]}
              />
            </Form.Item>
            <Form.Item name="hidden" label="隐藏" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="alwaysShow" label="总是显示" valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="perms"
          label="权限标识"
          rules={[
            { required: type === 'F', message: '按钮必须填写权限标识' },
            { pattern: /^[A-Za-z0-9:_,-]*$/, message: '权限标识只能包含字母、数字和 : _ , -' },
          ]}
        >
          <Input placeholder="base:user:edit" />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={100000} style={{ width: '100%' }} />
        </Form.Item>
        {props.menu && (
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
