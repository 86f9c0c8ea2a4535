import { baseCalls, type DictOption, TAG_COLORS } from '@erp/contract/modules/base';
import { PERM } from '@erp/contract/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { requiredText, TAG_COLOR, useFormDialog } from '../../../components/resource';

type Item = DictOption & { sort: number };
const COLOR_NAMES: Record<string, string> = { green: '绿色', red: '红色', orange: '橙色', blue: '蓝色', grey: '灰色' };

function ItemForm(props: { codeType: string; item: Item | null; open: boolean; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (props.open) {
      form.resetFields();
      if (props.item) form.setFieldsValue(props.item);
    }
  }, [props.open, props.item, form]);
  // Failures (e.g. 字典编码已存在) are shown by the API client; the dialog stays open.
  const dialog = useFormDialog({
    form,
    save: (v) =>
      props.item
        ? api(baseCalls.dictItemUpdate, { id: props.item.id, codeName: v.codeName, color: v.color ?? null, comments: v.comments ?? null, sort: v.sort })
        : api(baseCalls.dictItemAdd, {
            codeType: props.codeType,
            code: v.code,
            codeName: v.codeName,
            color: v.color ?? null,
            comments: v.comments ?? null,
            sort: v.sort,
          }),
    onSaved: props.onSaved,
    onClose: props.onClose,
  });
  return (
    <Modal open={props.open} title={props.item ? '编辑字典项' : '新增字典项'} {...dialog.modalProps}>
      <Form form={form} layout="vertical">
        <Form.Item name="code" label="字典编码" rules={requiredText('字典编码', 32)}>
          <Input disabled={props.item !== null} />
        </Form.Item>
        <Form.Item name="codeName" label="字典名称" rules={requiredText('字典名称', 64)}>
          <Input />
        </Form.Item>
        <Form.Item name="color" label="标签颜色">
          <Select allowClear options={TAG_COLORS.map((c) => ({ value: c, label: <Tag color={TAG_COLOR[c]}>{COLOR_NAMES[c]}</Tag> }))} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={100000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="comments" label="备注" rules={[{ max: 255, message: '备注不能超过255个字符' }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The values of one dictionary type: add, edit, colour, enable/disable (disabled ones still label old records). */
export function DictItemsPanel({ codeType }: { codeType: string | null }) {
  const client = useQueryClient();
  const canEdit = useHasAuth()(PERM.dictEdit);
  const [editing, setEditing] = useState<{ open: boolean; item: Item | null }>({ open: false, item: null });
  const info = useQuery({
    queryKey: ['base', 'dict', 'info', codeType],
    queryFn: () => api(baseCalls.dictTypeInfo, { codeType: codeType ?? '' }),
    enabled: Boolean(codeType),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['base', 'dict'] });
    void client.invalidateQueries({ queryKey: ['dict'] });
  };
  if (!codeType) return <Empty description="请选择左侧的字典类型" style={{ marginTop: 64 }} />;
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        <strong>
          {info.data?.name} <span style={{ color: '#666' }}>{codeType}</span>
        </strong>
        <Auth code={PERM.dictEdit}>
          <Button type="primary" onClick={() => setEditing({ open: true, item: null })}>
            新增字典项
          </Button>
        </Auth>
      </div>
      <Table<Item>
        rowKey="id"
        size="small"
        loading={info.isFetching}
        dataSource={info.data?.items ?? []}
        pagination={false}
        columns={[
          { title: '编码', dataIndex: 'code', width: 90 },
          { title: '名称', dataIndex: 'codeName', render: (v: string, r) => (r.color ? <Tag color={TAG_COLOR[r.color]}>{v}</Tag> : v) },
          { title: '排序', dataIndex: 'sort', width: 70 },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean, r) => (
              <Switch
                size="small"
                checked={v}
                disabled={!canEdit}
                aria-label={`${r.codeName} 状态`}
                onChange={async (enabled) => {
                  await api(baseCalls.dictTypeChangeStatus, { id: r.id, enabled, target: 'item' });
                  refresh();
                }}
              />
            ),
          },
          { title: '备注', dataIndex: 'comments', ellipsis: true },
          {
            title: '操作',
            width: 80,
            render: (_: unknown, r) =>
              canEdit ? (
                <Button type="link" size="small" onClick={() => setEditing({ open: true, item: r })}>
                  编辑
                </Button>
              ) : null,
          },
        ]}
      />
      <ItemForm codeType={codeType} item={editing.item} open={editing.open} onClose={() => setEditing({ open: false, item: null })} onSaved={refresh} />
    </div>
  );
}
