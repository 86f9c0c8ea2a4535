import { type Delegation, handoverCalls } from '@erp/contract/modules/handover';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { getLoginInfo } from '../../app/session/session-store';
import { UserSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

const STATUS: Record<string, [string, string]> = {
  active: ['生效中', 'blue'],
  scheduled: ['未开始', 'orange'],
  ended: ['已结束', 'default'],
  cancelled: ['已取消', 'default'],
};

/** 审批代理: name a deputy for a date range; my open and new approval tasks go to them for that range. */
export default function DelegationScreen() {
  const { message } = App.useApp();
  const me = getLoginInfo();
  const [form] = Form.useForm<{ deputyUserId: number; range: [Dayjs, Dayjs]; reason?: string }>();
  const [busy, setBusy] = useState(false);
  const list = useQuery({ queryKey: ['hrDocuments', 'delegation'], queryFn: () => api(handoverCalls.delegationList, {}) });
  const add = async (v: { deputyUserId: number; range: [Dayjs, Dayjs]; reason?: string }) => {
    setBusy(true);
    try {
      const d = await api(handoverCalls.delegationAdd, {
        deputyUserId: v.deputyUserId,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        reason: v.reason,
      });
      message.success(d.heldTasks ? `已设置代理，${d.heldTasks} 项待办已转给代理人` : '已设置代理');
      form.resetFields();
      await list.refetch();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ScreenFrame>
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        <Card title="设置代理" size="small">
          <Form form={form} name="delegation" layout="inline" onFinish={add}>
            <Form.Item name="deputyUserId" label="代理人" rules={[{ required: true, message: '请选择代理人' }]}>
              <UserSelect placeholder="选择代理人" style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name="range" label="代理期间" rules={[{ required: true, message: '请选择代理期间' }]}>
              <DatePicker.RangePicker />
            </Form.Item>
            <Form.Item name="reason" label="原因">
              <Input maxLength={200} placeholder="出差、休假…" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              保存
            </Button>
          </Form>
        </Card>
        <Table<Delegation>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          columns={[
            { title: '委托人', dataIndex: 'userName' },
            { title: '代理人', render: (_, r) => `${r.deputyName}（${r.deputyCode}）` },
            { title: '开始', dataIndex: 'startDate' },
            { title: '结束', dataIndex: 'endDate' },
            { title: '原因', dataIndex: 'reason' },
            { title: '代理中的待办', dataIndex: 'heldTasks' },
            { title: '状态', dataIndex: 'status', render: (s: string) => <Tag color={STATUS[s]?.[1]}>{STATUS[s]?.[0] ?? s}</Tag> },
            {
              title: '操作',
              render: (_, r) =>
                r.userId === me?.userId && (r.status === 'active' || r.status === 'scheduled') ? (
                  <Popconfirm
                    title="取消后，代理人手中的待办将交回"
                    onConfirm={async () => {
                      const x = await api(handoverCalls.delegationCancel, { id: r.id });
                      message.success(`已取消，${x.returned} 项待办已交回`);
                      await list.refetch();
                    }}
                  >
                    <Button type="link" size="small">
                      取消
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Space>
    </ScreenFrame>
  );
}
