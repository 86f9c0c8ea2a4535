import { RECRUIT_PERM, recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Modal, message, Select, Table, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { DictTag, OrgTreeSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { yuan } from './shared';

/** RPO: the clients' demand lines with the fee per hire, résumés delivered and the fee items. */
export default function RpoScreen() {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const demands = useQuery({ queryKey: ['recruit', 'rpo', 'demands'], queryFn: () => api(recruitCalls.rpoDemandPage, { pageIndex: 1, pageSize: 100 }) });
  const resumes = useQuery({ queryKey: ['recruit', 'rpo', 'resumes'], queryFn: () => api(recruitCalls.rpoResumePage, { pageIndex: 1, pageSize: 100 }) });
  const dicts = useQuery({ queryKey: ['recruit', 'rpo', 'dicts'], queryFn: () => api(recruitCalls.rpoDictPage, { pageIndex: 1, pageSize: 100 }) });
  return (
    <ScreenFrame>
      <Tabs
        items={[
          {
            key: 'demands',
            label: 'RPO需求',
            children: (
              <>
                <Auth code={RECRUIT_PERM.rpoEdit}>
                  <Button type="primary" style={{ marginBottom: 8 }} onClick={() => setAdding(true)}>
                    新增RPO需求
                  </Button>
                </Auth>
                <Table
                  rowKey="id"
                  size="small"
                  dataSource={demands.data?.records ?? []}
                  columns={[
                    { title: '客户单位', dataIndex: 'clientCompanyName' },
                    { title: '岗位', dataIndex: 'postName' },
                    { title: '人数', dataIndex: 'headcount' },
                    { title: '单价（元/人）', dataIndex: 'feePerHire', render: (v: number) => yuan(v) },
                    { title: '收费方式', dataIndex: 'feeItem' },
                    { title: '开始', dataIndex: 'startDate' },
                    { title: '结束', dataIndex: 'endDate' },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'resumes',
            label: '推荐简历',
            children: (
              <Table
                rowKey="id"
                size="small"
                dataSource={resumes.data?.records ?? []}
                columns={[
                  { title: '人才', dataIndex: 'talentName' },
                  { title: '岗位', dataIndex: 'postName' },
                  { title: '推荐日期', dataIndex: 'deliveredOn' },
                  { title: '客户反馈', dataIndex: 'result', render: (v: string) => <DictTag codeType="RPORESULT" value={v} /> },
                  { title: '说明', dataIndex: 'feedback' },
                ]}
              />
            ),
          },
          {
            key: 'dicts',
            label: '收费项目',
            children: (
              <Table
                rowKey="id"
                size="small"
                dataSource={dicts.data?.records ?? []}
                columns={[
                  { title: '类别', dataIndex: 'kind' },
                  { title: '编码', dataIndex: 'code' },
                  { title: '名称', dataIndex: 'name' },
                  { title: '状态', dataIndex: 'enabled', render: (v: boolean) => (v ? '启用' : '停用') },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title="新增RPO需求"
        destroyOnHidden
        onCancel={() => setAdding(false)}
        onOk={async () => {
          const v = await form.validateFields();
          const [start, end] = (v.range ?? []) as Dayjs[];
          await api(recruitCalls.rpoDemandSave, {
            ...v,
            range: undefined,
            startDate: start?.format('YYYY-MM-DD') ?? null,
            endDate: end?.format('YYYY-MM-DD') ?? null,
          });
          message.success('已保存');
          setAdding(false);
          await client.invalidateQueries({ queryKey: ['recruit', 'rpo'] });
        }}
      >
        <Form form={form} name="rpo-demand" layout="vertical">
          <Form.Item name="clientCompanyId" label="客户单位" rules={[{ required: true, message: '请选择客户单位' }]}>
            <OrgTreeSelect includeClient />
          </Form.Item>
          <Form.Item name="postName" label="岗位" rules={[{ required: true, whitespace: true, message: '请输入岗位' }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="headcount" label="人数" rules={[{ required: true, message: '请输入人数' }]}>
            <InputNumber min={1} max={10000} />
          </Form.Item>
          <Form.Item name="feePerHire" label="单价（元/人）" rules={[{ required: true, message: '请输入单价' }]}>
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item name="feeItem" label="收费方式">
            <Select allowClear options={(dicts.data?.records ?? []).filter((d) => d.kind === 'FEE').map((d) => ({ value: d.code, label: d.name }))} />
          </Form.Item>
          <Form.Item name="range" label="服务期">
            <DatePicker.RangePicker />
          </Form.Item>
        </Form>
      </Modal>
    </ScreenFrame>
  );
}
