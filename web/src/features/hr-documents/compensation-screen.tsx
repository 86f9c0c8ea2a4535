import { type CompensationRecord, compensationCalls, compensationMeta, HR_DOC_PERM } from '@erp/contract/modules/hr-documents';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth, useHasAuth } from '../../app/auth/auth';
import { ResourceTable, useDictOptions } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { DOCUMENT_KEYWORD } from './document-keyword';
import { EmployeeSelect } from './employee-select';

interface Values {
  employeeId: number;
  reason: string;
  leaveDate: Dayjs;
  monthlyBase: number;
  noticePay: '001' | '002';
  extra: number;
  remark?: string;
}

const yuan = (v: number | null | undefined) =>
  v === null || v === undefined ? '-' : v.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 补偿优化: the list and a new compensation with N computed from the service. */
export default function CompensationScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const reasons = (useDictOptions('COMPREASON').data ?? []).map((d) => ({ value: d.code, label: d.codeName }));
  const employeeId = Form.useWatch('employeeId', form);
  const leaveDate = Form.useWatch('leaveDate', form);
  const base = Form.useWatch('monthlyBase', form);
  const notice = Form.useWatch('noticePay', form);
  const extra = Form.useWatch('extra', form);
  const figures = useQuery({
    queryKey: ['hrDocuments', 'compensation', 'data', employeeId, leaveDate?.format('YYYY-MM-DD')],
    queryFn: () => api(compensationCalls.compensateGetData, { employeeId, leaveDate: (leaveDate as Dayjs).format('YYYY-MM-DD') }),
    enabled: open && !!employeeId && !!leaveDate,
  });
  const n = figures.data?.months ?? null;
  const total = n === null || !base ? null : Math.round((base * n + (notice === '001' ? base : 0) + (extra || 0)) * 100) / 100;
  const save = async () => {
    const v = await form.validateFields();
    const saved = await api(compensationCalls.compensateAdd, { ...v, leaveDate: v.leaveDate.format('YYYY-MM-DD'), submit: true });
    message.success(`已提交审批 ${saved.documentNo}`);
    setOpen(false);
    await qc.invalidateQueries({ queryKey: ['hrDocuments', 'compensation'] });
  };
  return (
    <ScreenFrame>
      <ResourceTable<CompensationRecord>
        meta={compensationMeta}
        keyword={DOCUMENT_KEYWORD}
        pageCall={compensationCalls.compensateSelectPage}
        exportCall={may(HR_DOC_PERM.compensateExport) ? compensationCalls.compensateDownloadList : undefined}
        exportName="补偿优化.xlsx"
        queryKey={['hrDocuments', 'compensation']}
        toolbar={
          <Auth code={HR_DOC_PERM.compensateEdit}>
            <Button
              type="primary"
              onClick={() => {
                form.resetFields();
                form.setFieldsValue({ noticePay: '002', extra: 0, leaveDate: dayjs() });
                setOpen(true);
              }}
            >
              发起补偿
            </Button>
          </Auth>
        }
      />
      <Modal open={open} title="发起补偿优化" onCancel={() => setOpen(false)} onOk={save} okText="提交审批" width={680} destroyOnHidden>
        <Form form={form} name="compensation-form" layout="vertical">
          <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
            <EmployeeSelect
              onChange={(v) => {
                form.setFieldValue('employeeId', v);
              }}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item name="reason" label="解除原因" rules={[{ required: true, message: '请选择解除原因' }]}>
              <Select style={{ width: 200 }} options={reasons} />
            </Form.Item>
            <Form.Item name="leaveDate" label="离职日期" rules={[{ required: true, message: '请选择离职日期' }]}>
              <DatePicker />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="monthlyBase" label="月工资基数（元）" rules={[{ required: true, message: '请输入月工资基数' }]}>
              <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="noticePay" label="代通知金（+1）">
              <Select
                style={{ width: 120 }}
                options={[
                  { value: '001', label: '是' },
                  { value: '002', label: '否' },
                ]}
              />
            </Form.Item>
            <Form.Item name="extra" label="其他补偿（元）">
              <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="入职日期">{figures.data?.entryDate ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="工作年限（月）">{figures.data?.serviceMonths ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="补偿月数 N">{n ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="补偿总额（元）" span={3}>
              {yuan(total)}
              {figures.data?.monthlyBase && !base ? (
                <Button type="link" size="small" onClick={() => form.setFieldValue('monthlyBase', figures.data?.monthlyBase)}>
                  按当前月薪 {yuan(figures.data.monthlyBase)} 填入
                </Button>
              ) : null}
            </Descriptions.Item>
          </Descriptions>
          <Form.Item name="remark" label="备注" style={{ marginTop: 12 }}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </ScreenFrame>
  );
}
