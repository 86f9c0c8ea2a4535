import { type PaySlipDetail, salaryCalls as S } from '@erp/contract/modules/salary';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Form, Input, List, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { api, download } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { fenText, monthText } from '../finance/money';
import { PayLines } from './pay-parts';

/**
 * 我的工资条: the closed months I have a payslip for; opening one asks for my password again, then
 * shows gross, each deduction, net and the computation, and downloads the payslip as a PDF.
 */
export default function MySalaryScreen() {
  const { message } = App.useApp();
  const months = useQuery({ queryKey: ['salary', 'mine'], queryFn: () => api(S.myMonths, {}) });
  const [asking, setAsking] = useState<{ id: number; month: number } | null>(null);
  const [slip, setSlip] = useState<PaySlipDetail | null>(null);
  // Kept only while the payslip is open, for its PDF (which asks for the password too).
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const open = async () => {
    if (!asking) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const [found] = await api(S.selectByUserCode, { password: v.password, month: asking.month });
      if (!found) {
        message.warning('该月没有工资条');
        return;
      }
      setPassword(v.password);
      setSlip(found);
      setAsking(null);
      form.resetFields();
    } catch {
      // The client has shown the refusal (密码不正确); the dialog stays open for another try.
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setSlip(null);
    setPassword('');
  };
  const line = (code: string) => slip?.lines.find((l) => l.code === code)?.amount ?? 0;
  return (
    <ScreenFrame>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        我的工资条
      </Typography.Title>
      {months.isLoading ? (
        <Spin />
      ) : (
        <List
          bordered
          locale={{ emptyText: <Empty description="暂无已发放的工资条" /> }}
          dataSource={months.data ?? []}
          renderItem={(m) => (
            <List.Item
              actions={[
                <Button key="open" type="link" onClick={() => setAsking(m)}>
                  查看
                </Button>,
              ]}
            >
              <List.Item.Meta title={`${monthText(m.month)} 工资条`} description={m.closedAt ? `发放于 ${m.closedAt.slice(0, 10)}` : ''} />
            </List.Item>
          )}
        />
      )}
      <Modal
        title="请输入登录密码查看工资条"
        open={Boolean(asking)}
        confirmLoading={busy}
        onOk={open}
        onCancel={() => {
          setAsking(null);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={form} name="payslipPassword" layout="vertical" onFinish={open}>
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
            <Input.Password autoFocus autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={slip ? `${monthText(slip.month)} 工资条` : ''}
        open={Boolean(slip)}
        width={820}
        onCancel={close}
        footer={
          <Space>
            <Button
              onClick={async () => {
                if (!slip) return;
                await download(S.payslipPdf, { id: slip.id, password }, `工资条${slip.month}.pdf`).catch(() => message.error('下载失败，请重试'));
              }}
            >
              下载PDF
            </Button>
            <Button type="primary" onClick={close}>
              关闭
            </Button>
          </Space>
        }
      >
        {slip && (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="应发工资">
                <span data-testid="slip-gross">{fenText(slip.gross)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="养老保险">{fenText(-line('pension'))}</Descriptions.Item>
              <Descriptions.Item label="医疗保险">{fenText(-line('medical'))}</Descriptions.Item>
              <Descriptions.Item label="失业保险">{fenText(-line('unemployment'))}</Descriptions.Item>
              <Descriptions.Item label="住房公积金">{fenText(slip.housingFund)}</Descriptions.Item>
              <Descriptions.Item label="个人所得税">{fenText(slip.tax)}</Descriptions.Item>
              <Descriptions.Item label="其他扣款">{fenText(slip.otherDeductions)}</Descriptions.Item>
              <Descriptions.Item label="实发工资">
                <Typography.Text strong data-testid="slip-net">
                  {fenText(slip.net)}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }} style={{ marginBottom: 12 }} title="单位缴纳（公司承担，不从工资中扣除）">
              <Descriptions.Item label="社会保险（单位）">
                <span data-testid="slip-employer-si">{fenText(slip.employerSocialInsurance)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="住房公积金（单位）">{fenText(slip.employerHousingFund)}</Descriptions.Item>
            </Descriptions>
            <PayLines lines={slip.lines} />
          </>
        )}
      </Modal>
    </ScreenFrame>
  );
}
