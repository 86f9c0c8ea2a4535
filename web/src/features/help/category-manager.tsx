import { type HelpCategory, helpCalls } from '@erp/contract/modules/help';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';
import './help-texts';

type Values = Pick<HelpCategory, 'code' | 'name' | 'summary' | 'path' | 'sort'>;

/** Help categories (managers): add, rename, reorder, delete an empty one. */
export function CategoryManager({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<HelpCategory | 'new' | null>(null);
  const list = useQuery({ queryKey: ['help', 'categories'], queryFn: () => api(helpCalls.helpCategories, {}) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['help'] });
  const save = async () => {
    const v = await form.validateFields();
    await api(helpCalls.helpCategorySave, { ...(editing && editing !== 'new' ? { id: editing.id } : {}), ...v, path: v.path ?? '', summary: v.summary ?? '' });
    message.success(t('help.manage.saved'));
    setEditing(null);
    await refresh();
  };
  return (
    <Modal open title={t('help.manage.categories')} onCancel={onClose} footer={null} width={760}>
      <Button
        type="primary"
        onClick={() => {
          form.resetFields();
          setEditing('new');
        }}
        style={{ marginBottom: 12 }}
      >
        {t('help.manage.newCategory')}
      </Button>
      <Table<HelpCategory>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data ?? []}
        columns={[
          { title: t('help.manage.sort'), dataIndex: 'sort', width: 70 },
          { title: t('help.manage.code'), dataIndex: 'code', width: 120 },
          { title: t('help.manage.name'), dataIndex: 'name' },
          { title: t('help.count', { count: '' }).trim() || '#', dataIndex: 'articleCount', width: 80 },
          {
            title: '',
            key: 'op',
            width: 140,
            render: (_, c) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.setFieldsValue(c);
                    setEditing(c);
                  }}
                >
                  {t('help.manage.edit')}
                </Button>
                <Popconfirm
                  title={t('help.manage.confirmDeleteCategory')}
                  onConfirm={async () => {
                    await api(helpCalls.helpCategoryDelete, { id: c.id });
                    message.success(t('help.manage.deleted'));
                    await refresh();
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('help.manage.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={t('help.manage.categories')} onCancel={() => setEditing(null)} onOk={save} okText={t('help.manage.save')}>
        <Form form={form} layout="vertical" initialValues={{ sort: 0 }}>
          <Form.Item
            name="code"
            label={t('help.manage.code')}
            rules={[{ required: true, pattern: /^[a-z][a-z0-9-]{0,39}$/, message: '分类编码只能是小写字母、数字和-，以字母开头，最多40个字符' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('help.manage.name')} rules={[{ required: true, message: '请输入分类名称' }, { max: 40 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="summary" label={t('help.manage.summary')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="path" label={t('help.manage.path')} extra={t('help.manage.pathHint')}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label={t('help.manage.sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
