import { performanceCalls } from '@erp/contract/modules/hr-documents';
import { App, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';

interface ItemValues {
  name: string;
  weight: number;
  target?: string;
  selfScore: number;
}
interface Values {
  periodType: '001' | '002';
  period: string;
  items: ItemValues[];
  selfSummary: string;
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** 绩效评估申请: my self-evaluation of a month or a year, submitted to my superior for scoring. */
export default function PerformanceApplyScreen() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const items = Form.useWatch('items', form) ?? [];
  const weight = items.reduce((s, i) => s + (Number(i?.weight) || 0), 0);
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await api(performanceCalls.performanceAdd, { ...v, items: v.items.map((i) => ({ ...i, target: i.target ?? '' })) });
      message.success(`已提交 ${saved.documentNo}`);
      navigate(`/PerformanceManagement/PerformanceEvaluationDetails?id=${saved.id}`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <ScreenFrame>
      <Card title="绩效自评" style={{ maxWidth: 900 }}>
        <Form<Values>
          form={form}
          name="performance-apply"
          layout="vertical"
          onFinish={submit}
          initialValues={{
            periodType: '001',
            period: thisMonth(),
            items: [
              { name: '工作业绩', weight: 50, target: '', selfScore: 85 },
              { name: '工作能力', weight: 30, target: '', selfScore: 85 },
              { name: '工作态度', weight: 20, target: '', selfScore: 90 },
            ],
          }}
        >
          <Space wrap>
            <Form.Item name="periodType" label="考核类型" rules={[{ required: true, message: '请选择考核类型' }]}>
              <Select
                style={{ width: 140 }}
                options={[
                  { value: '001', label: '月度' },
                  { value: '002', label: '年度' },
                ]}
                onChange={(t) => form.setFieldValue('period', t === '001' ? thisMonth() : String(new Date().getFullYear() - 1))}
              />
            </Form.Item>
            <Form.Item
              name="period"
              label="考核期"
              rules={[{ required: true, pattern: /^\d{4}(-(0[1-9]|1[0-2]))?$/, message: '考核期格式为 YYYY-MM（月度）或 YYYY（年度）' }]}
            >
              <Input style={{ width: 140 }} placeholder="2026-10" />
            </Form.Item>
          </Space>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="start" wrap>
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '请输入考核项' }]}>
                      <Input placeholder="考核项" style={{ width: 160 }} maxLength={50} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'weight']} rules={[{ required: true, message: '请输入权重' }]}>
                      <InputNumber min={1} max={100} precision={0} addonAfter="%" style={{ width: 120 }} placeholder="权重" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'target']}>
                      <Input placeholder="目标" style={{ width: 240 }} maxLength={200} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'selfScore']} rules={[{ required: true, message: '请输入自评分' }]}>
                      <InputNumber min={0} max={100} style={{ width: 110 }} placeholder="自评分" />
                    </Form.Item>
                    <Button onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                      删除
                    </Button>
                  </Space>
                ))}
                <Space>
                  <Button onClick={() => add({ name: '', weight: 10, selfScore: 80 })} disabled={fields.length >= 20}>
                    添加考核项
                  </Button>
                  <span style={{ color: weight === 100 ? undefined : '#cf1322' }} data-testid="weight-sum">
                    权重合计 {weight}%（须为100%）
                  </span>
                </Space>
              </>
            )}
          </Form.List>
          <Form.Item name="selfSummary" label="自评总结" style={{ marginTop: 16 }} rules={[{ required: true, whitespace: true, message: '请输入自评总结' }]}>
            <Input.TextArea rows={4} maxLength={1000} showCount data-testid="performance-summary" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="performance-submit">
              提交
            </Button>
            <Button onClick={() => navigate('/PerformanceManagement/index')}>返回</Button>
          </Space>
        </Form>
      </Card>
    </ScreenFrame>
  );
}
