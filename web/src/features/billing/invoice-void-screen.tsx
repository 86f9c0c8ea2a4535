import { financeBillingCalls as BC, BILL_PERM, type VoidRecord } from '@erp/contract/modules/finance-billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ScreenFrame } from '../base/screen-frame';
import { fenText } from '../finance/money';
import { ActionDialog } from './action-dialog';

const STATES: Record<string, [string, string]> = {
  applied: ['待审批', 'orange'],
  passed: ['已作废', 'green'],
  refused: ['已驳回', 'red'],
  removed: ['已撤回', 'default'],
};

function RefuseDialog({ v, onClose, onDone }: { v: VoidRecord; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ message: string }>();
  return (
    <ActionDialog
      open
      title={`驳回作废申请：${v.voidNo}`}
      name="refuse-void"
      form={form}
      save={(x) => api(BC.voiceCancelRefuse, { id: v.id, message: x.message })}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="message" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请输入驳回原因' }]}>
        <Input.TextArea maxLength={200} rows={3} />
      </Form.Item>
    </ActionDialog>
  );
}

/** 发票作废 (/invoiceVoid/index): void applications; finance passes or refuses, the applicant withdraws. */
export default function InvoiceVoidScreen() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useHasAuth();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<{ keyword?: string; state?: string }>({ state: 'applied' });
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 });
  const [refusing, setRefusing] = useState<VoidRecord | null>(null);
  const q = useQuery({ queryKey: ['billing', 'voids', filters, paging], queryFn: () => api(BC.voiceCancelList, { ...filters, ...paging }) });
  const refresh = () => void client.invalidateQueries({ queryKey: ['billing'] });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    message.success(done);
    refresh();
  };
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="作废单号 / 发票号码 / 结算单号"
          aria-label="关键字"
          maxLength={64}
          style={{ width: 280 }}
          onSearch={(v) => setFilters((f) => ({ ...f, keyword: v.trim() || undefined }))}
        />
        <Select
          aria-label="状态"
          allowClear
          style={{ width: 140 }}
          value={filters.state}
          onChange={(state) => setFilters((f) => ({ ...f, state }))}
          options={Object.entries(STATES).map(([value, [label]]) => ({ value, label }))}
          placeholder="全部状态"
        />
      </Space>
      <Table<VoidRecord>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: q.data?.total ?? 0,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
        columns={[
          { title: '作废单号', dataIndex: 'voidNo', width: 170 },
          { title: '发票号码', dataIndex: 'invoiceNo', width: 150 },
          { title: '结算单号', dataIndex: 'billNo', width: 170 },
          { title: '含税金额', dataIndex: 'amountIncl', width: 130, align: 'right', render: fenText },
          { title: '作废原因', dataIndex: 'reason', ellipsis: true },
          { title: '申请人', dataIndex: 'createdByName', width: 90 },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: string) => <Tag color={STATES[s]?.[1]}>{STATES[s]?.[0] ?? s}</Tag>,
          },
          { title: '审批意见', dataIndex: 'message', width: 140, ellipsis: true },
          {
            title: '操作',
            key: 'actions',
            width: 220,
            fixed: 'right',
            render: (_, v) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(`/DeleteBill/DeleteBillDetails?id=${v.id}`)}>
                  详情
                </Button>
                {v.state === 'applied' && (
                  <>
                    {can(BILL_PERM.invoiceEdit) && (
                      <Popconfirm title="确定作废该发票？结算单将回到待开票。" onConfirm={() => run(() => api(BC.voiceCancelPass, { id: v.id }), '发票已作废')}>
                        <Button type="link" size="small">
                          通过
                        </Button>
                      </Popconfirm>
                    )}
                    {can(BILL_PERM.invoiceEdit) && (
                      <Button type="link" size="small" danger onClick={() => setRefusing(v)}>
                        驳回
                      </Button>
                    )}
                    <Popconfirm title="确定撤回该作废申请？" onConfirm={() => run(() => api(BC.voiceCancelRm, { id: v.id }), '已撤回')}>
                      <Button type="link" size="small">
                        撤回
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {refusing && <RefuseDialog v={refusing} onClose={() => setRefusing(null)} onDone={refresh} />}
    </ScreenFrame>
  );
}
