import { loanCalls as L, LOAN_MAX, type LoanRecord, loanMeta } from '@erp/contract/modules/salary';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Space, Tabs } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { toFen } from '../finance/money';
import { fenColumns, MonthSelect, monthFromNow } from './pay-parts';

type LoanForm = { amount: number; installments: number; reason: string };

/** 借款申请: my salary advances (approved by finance, repaid from pay in monthly installments) and, for finance, those to approve. */
export default function LoanScreen() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [applying, setApplying] = useState(false);
  const [firstMonth, setFirstMonth] = useState(() => monthFromNow(1));
  const [form] = Form.useForm<LoanForm>();
  const refresh = () => client.invalidateQueries({ queryKey: ['salary', 'loans'] });
  const decide = async (r: LoanRecord, pass: boolean) => {
    if (!r.taskId) return;
    try {
      if (pass) await api(L.loanPass, { taskId: r.taskId });
      else await api(L.loanReject, { taskId: r.taskId, message: '不符合借款条件' });
      message.success(pass ? '已通过' : '已驳回');
      await refresh();
    } catch {
      // The client has shown why.
    }
  };
  const table = (todo: boolean) => (
    <ResourceTable<LoanRecord>
      meta={loanMeta}
      pageCall={L.loanPage}
      fixedFilters={{ todo }}
      queryKey={['salary', 'loans', todo]}
      columns={fenColumns(loanMeta)}
      toolbar={!todo && <Button onClick={() => setApplying(true)}>申请借款</Button>}
      actionsWidth={150}
      rowActions={
        todo
          ? (r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => decide(r, true)}>
                  通过
                </Button>
                <Button type="link" size="small" danger onClick={() => decide(r, false)}>
                  驳回
                </Button>
              </Space>
            )
          : undefined
      }
    />
  );
  return (
    <ScreenFrame>
      <Tabs
        items={[
          { key: 'mine', label: '我的借款', children: table(false) },
          { key: 'todo', label: '待我审批', children: table(true) },
        ]}
      />
      <Modal
        title="申请借款"
        open={applying}
        onCancel={() => setApplying(false)}
        onOk={async () => {
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          try {
            await api(L.loanApply, { amount: toFen(v.amount), installments: v.installments, firstMonth, reason: v.reason });
            message.success('借款申请已提交，等待财务审批');
            setApplying(false);
            form.resetFields();
            await refresh();
          } catch {
            // The client has shown why (limit, an open advance, a closed month).
          }
        }}
      >
        <Form form={form} name="loanApply" layout="vertical" initialValues={{ installments: 3 }}>
          <Form.Item name="amount" label="借款金额（元）" rules={[{ required: true, message: '请输入借款金额' }]} extra="不超过月工资的3倍，且不超过50000元">
            <InputNumber min={100} max={LOAN_MAX / 100} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="installments" label="分期数（每月从工资中扣还）" rules={[{ required: true, message: '请选择分期数' }]}>
            <InputNumber min={1} max={12} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="首次还款月份">
            <MonthSelect value={firstMonth} onChange={setFirstMonth} label="首次还款月份" ahead={6} />
          </Form.Item>
          <Form.Item name="reason" label="借款事由" rules={[{ required: true, whitespace: true, message: '请输入借款事由' }]}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </ScreenFrame>
  );
}
