import { financePeriodCalls as AP, PERIOD_PERM, type PeriodRecord, periodLabel } from '@erp/contract/modules/finance-period';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Modal, Select, Space, Table, type TableColumnsType, Tag, Timeline, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { renderValue } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { ActionDialog } from '../billing/action-dialog';

const stamp = (at: string | null) => renderValue({ label: '', valueType: 'datetime' }, at, 'at');
const thisMonth = () => {
  const d = new Date();
  return d.getFullYear() * 100 + d.getMonth() + 1;
};

/** 结账: the check's list of what is still open, and the close once there is nothing. */
function CloseDialog({ month, onClose, onDone }: { month: number; onClose(): void; onDone(): void }) {
  const check = useQuery({ queryKey: ['finance', 'period', 'check', month], queryFn: () => api(AP.check, { month }) });
  const [busy, setBusy] = useState(false);
  const items = check.data?.items ?? [];
  const close = async () => {
    setBusy(true);
    try {
      await api(AP.close, { month });
      onDone();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`结账：${periodLabel(month)}`}
      onCancel={onClose}
      okText="确定结账"
      okButtonProps={{ disabled: check.isLoading || items.length > 0, loading: busy }}
      onOk={close}
    >
      {check.isLoading ? (
        <Typography.Text type="secondary">正在检查该期间的单据…</Typography.Text>
      ) : items.length ? (
        <>
          <Alert type="warning" showIcon title="该会计期间仍有未完成的单据，处理完毕后才能结账" style={{ marginBottom: 12 }} />
          <List
            size="small"
            dataSource={items}
            renderItem={(i) => (
              <List.Item>
                {i.label}：{i.count}张{i.examples.length ? `（${i.examples.join('、')}${i.count > i.examples.length ? ' 等' : ''}）` : ''}
              </List.Item>
            )}
          />
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          title="该期间的单据均已完成"
          description="结账后，该月份的结算单、开票、回款、发票作废、核销和报销付款都不能再新增、修改或作废，直到财务重新打开该期间。"
        />
      )}
    </Modal>
  );
}

function ReopenDialog({ month, onClose, onDone }: { month: number; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ActionDialog
      open
      title={`重新打开：${periodLabel(month)}`}
      name="period-reopen"
      form={form}
      save={(v) => api(AP.reopen, { month, reason: v.reason })}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="reason" label="重新打开的原因" rules={[{ required: true, whitespace: true, min: 2, message: '请输入重新打开的原因' }]}>
        <Input.TextArea maxLength={200} showCount rows={3} />
      </Form.Item>
    </ActionDialog>
  );
}

/**
 * 会计期间: finance closes an ended month once nothing in it is open, and may reopen it with a
 * reason; each close and reopen stays in the month's history (docs/domain/controls.md §2).
 */
export default function AccountingPeriodScreen() {
  const can = useHasAuth();
  const client = useQueryClient();
  const current = thisMonth();
  const [year, setYear] = useState(Math.floor(current / 100));
  const [closing, setClosing] = useState<number | null>(null);
  const [reopening, setReopening] = useState<number | null>(null);
  const periods = useQuery({ queryKey: ['finance', 'period', year], queryFn: () => api(AP.list, { year }) });
  const refresh = () => void client.invalidateQueries({ queryKey: ['finance', 'period'] });
  const editable = can(PERIOD_PERM.close);
  const years = Array.from({ length: 6 }, (_, i) => Math.floor(current / 100) - i);
  const columns: TableColumnsType<PeriodRecord> = [
    { title: '会计期间', dataIndex: 'month', width: 120, render: (m: number) => periodLabel(m) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (s: PeriodRecord['state']) => (s === 'closed' ? <Tag color="red">已结账</Tag> : <Tag color="green">未结账</Tag>),
    },
    { title: '结账人', dataIndex: 'closedByName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: '结账时间', dataIndex: 'closedAt', width: 180, render: (v: string | null) => stamp(v) },
    {
      title: '操作记录',
      key: 'events',
      render: (_, r) => {
        const last = r.events[0];
        if (!last) return '-';
        return `${last.action === 'close' ? '结账' : '重新打开'} · ${last.userName ?? ''} · ${stamp(last.at) as string}${last.reason ? `（${last.reason}）` : ''}`;
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, r) =>
        editable && (
          <Space size={0}>
            {r.state === 'open' ? (
              <Tooltip title={r.month >= current ? '只能结账已结束的月份' : undefined}>
                <Button type="link" size="small" disabled={r.month >= current} onClick={() => setClosing(r.month)}>
                  结账
                </Button>
              </Tooltip>
            ) : (
              <Button type="link" size="small" danger onClick={() => setReopening(r.month)}>
                重新打开
              </Button>
            )}
          </Space>
        ),
    },
  ];
  return (
    <ScreenFrame>
      <Space style={{ marginBottom: 12 }}>
        <span>年度</span>
        <Select aria-label="年度" value={year} onChange={setYear} style={{ width: 110 }} options={years.map((y) => ({ value: y, label: `${y}年` }))} />
      </Space>
      <Table<PeriodRecord>
        rowKey="month"
        size="middle"
        loading={periods.isLoading}
        dataSource={periods.data ?? []}
        columns={columns}
        pagination={false}
        expandable={{
          rowExpandable: (r) => r.events.length > 0,
          expandedRowRender: (r) => (
            <Timeline
              items={r.events.map((e) => ({
                color: e.action === 'close' ? 'red' : 'green',
                content: `${stamp(e.at) as string} ${e.userName ?? ''} ${e.action === 'close' ? '结账' : '重新打开'}${e.reason ? `：${e.reason}` : ''}`,
              }))}
            />
          ),
        }}
      />
      {closing !== null && <CloseDialog month={closing} onClose={() => setClosing(null)} onDone={refresh} />}
      {reopening !== null && <ReopenDialog month={reopening} onClose={() => setReopening(null)} onDone={refresh} />}
    </ScreenFrame>
  );
}
