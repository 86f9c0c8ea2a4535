import { type DemandRecord, demandMeta, RECRUIT_PERM, recruitCalls } from '@erp/contract/modules/recruit';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Modal, message, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { EditDeleteActions, OrgTreeSelect, ResourceTable, UserSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { useDictSelect } from './shared';

type PostRow = { id?: number; postName: string; headcount: number; salaryMin?: number; salaryMax?: number };

/** Demands (需求): list with filters, add/edit with posts and head counts, delete when no candidate is open. */
export default function DemandScreen() {
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const education = useDictSelect('EDUCATION');
  const kind = Form.useWatch('kind', form);
  const refresh = () => client.invalidateQueries({ queryKey: ['recruit'] });
  const open = async (id: number | null) => {
    form.resetFields();
    if (id) {
      const d = await api(recruitCalls.demandGetInfo, { id });
      form.setFieldsValue({ ...d, deadline: d.deadline ? dayjs(d.deadline) : null, posts: d.posts });
    } else form.setFieldsValue({ kind: '001', posts: [{ postName: '', headcount: 1 }] });
    setEditing({ open: true, id });
  };
  return (
    <ScreenFrame>
      <ResourceTable<DemandRecord>
        meta={demandMeta}
        pageCall={recruitCalls.demandGetPageList}
        queryKey={['recruit', 'demands']}
        toolbar={
          <Auth code={RECRUIT_PERM.demandEdit}>
            <Button type="primary" onClick={() => open(null)}>
              新增需求
            </Button>
          </Auth>
        }
        rowActions={(r) => (
          <Auth code={RECRUIT_PERM.demandEdit}>
            <EditDeleteActions
              editText="编辑"
              onEdit={() => open(r.id)}
              deleteTitle="确认删除该需求？"
              remove={() => api(recruitCalls.demandDelete, { id: r.id })}
              afterRemove={refresh}
            />
          </Auth>
        )}
        actionsWidth={120}
      />
      <Modal
        open={editing.open}
        width={820}
        title={editing.id ? '编辑需求' : '新增需求'}
        destroyOnHidden
        onCancel={() => setEditing({ open: false, id: null })}
        onOk={async () => {
          const v = await form.validateFields();
          await api(recruitCalls.demandSavePostPageList, {
            ...v,
            id: editing.id ?? undefined,
            deadline: v.deadline ? (v.deadline as dayjs.Dayjs).format('YYYY-MM-DD') : null,
            posts: (v.posts as PostRow[]).map((p) => ({ ...p })),
          });
          message.success('已保存');
          setEditing({ open: false, id: null });
          await refresh();
        }}
      >
        <Form form={form} name="demand-form" layout="vertical">
          <Space wrap align="start">
            <Form.Item name="name" label="需求名称" rules={[{ required: true, whitespace: true, message: '请输入需求名称' }]}>
              <Input maxLength={64} style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="kind" label="需求类型">
              <Select
                style={{ width: 140 }}
                options={[
                  { value: '001', label: '自有招聘' },
                  { value: '002', label: 'RPO客户' },
                ]}
              />
            </Form.Item>
            {kind === '002' && (
              <Form.Item name="clientCompanyId" label="客户单位" rules={[{ required: true, message: 'RPO需求必须选择客户单位' }]}>
                <OrgTreeSelect includeClient />
              </Form.Item>
            )}
            <Form.Item name="orgId" label="需求部门" rules={[{ required: true, message: '请选择需求部门' }]}>
              <OrgTreeSelect includeClient />
            </Form.Item>
            <Form.Item name="recruiterUserId" label="招聘负责人">
              <UserSelect />
            </Form.Item>
            <Form.Item name="city" label="工作城市">
              <Input maxLength={32} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="education" label="最低学历">
              <Select allowClear style={{ width: 140 }} options={education} />
            </Form.Item>
            <Form.Item name="yearsMin" label="最低年限">
              <InputNumber min={0} max={50} />
            </Form.Item>
            <Form.Item name="salaryMin" label="薪资下限（元）">
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Form.Item name="salaryMax" label="薪资上限（元）">
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Form.Item name="deadline" label="截止日期">
              <DatePicker />
            </Form.Item>
            {editing.id && (
              <Form.Item name="status" label="状态">
                <Select
                  style={{ width: 120 }}
                  options={[
                    { value: '001', label: '招聘中' },
                    { value: '002', label: '暂停' },
                    { value: '003', label: '已完成' },
                    { value: '004', label: '已取消' },
                  ]}
                />
              </Form.Item>
            )}
          </Space>
          <Form.List name="posts">
            {(fields, { add, remove }) => (
              <div>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline">
                    <Form.Item name={[f.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item name={[f.name, 'postName']} rules={[{ required: true, whitespace: true, message: '请输入岗位名称' }]}>
                      <Input placeholder="岗位名称" maxLength={64} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'headcount']} rules={[{ required: true, message: '请输入人数' }]}>
                      <InputNumber placeholder="人数" min={1} max={10000} />
                    </Form.Item>
                    <Button type="link" danger disabled={fields.length === 1} onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({ headcount: 1 })}>
                  添加岗位
                </Button>
              </div>
            )}
          </Form.List>
          <Form.Item name="description" label="需求说明" style={{ marginTop: 12 }}>
            <Input.TextArea maxLength={2000} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </ScreenFrame>
  );
}
