import { recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, List, message, Radio, Tag } from 'antd';
import { api } from '../../app/api/client';

/** An employee recommends a candidate (it joins the talent pool as 内部推荐) or a sales lead. */
export default function ClueSubmitScreen() {
  const client = useQueryClient();
  const [form] = Form.useForm();
  const kind = Form.useWatch('kind', form) ?? '001';
  const mine = useQuery({ queryKey: ['recruit', 'clues'], queryFn: () => api(recruitCalls.clueMine, {}) });
  return (
    <div style={{ maxWidth: 720, margin: '16px auto', padding: '0 12px' }}>
      <Card title="线索提交">
        <Form
          form={form}
          name="clue-form"
          layout="vertical"
          initialValues={{ kind: '001' }}
          onFinish={async (v) => {
            await api(recruitCalls.clueSubmit, v);
            message.success(v.kind === '001' ? '推荐已提交，招聘专员会尽快联系' : '线索已提交');
            form.resetFields();
            await client.invalidateQueries({ queryKey: ['recruit', 'clues'] });
          }}
        >
          <Form.Item name="kind" label="类型">
            <Radio.Group
              options={[
                { value: '001', label: '推荐候选人' },
                { value: '002', label: '销售线索' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={kind === '001' ? '候选人姓名' : '客户名称'}
            rules={[{ required: true, whitespace: true, message: '请输入姓名或公司名称' }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[{ pattern: /^1\d{10}$/, message: '手机号格式不正确' }]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="company" label="所在公司">
            <Input maxLength={64} />
          </Form.Item>
          {kind === '001' && (
            <Form.Item name="position" label="推荐岗位">
              <Input maxLength={64} />
            </Form.Item>
          )}
          <Form.Item name="note" label="说明">
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            提交
          </Button>
        </Form>
      </Card>
      <Card title="我的提交" style={{ marginTop: 16 }}>
        <List
          dataSource={mine.data ?? []}
          renderItem={(c) => (
            <List.Item>
              <Tag color={c.kind === '001' ? 'blue' : 'green'}>{c.kind === '001' ? '候选人' : '销售线索'}</Tag>
              {c.name} {c.position ?? c.company ?? ''}
              <span style={{ marginLeft: 'auto', color: '#666' }}>{new Date(c.createdAt).toLocaleDateString('zh-CN')}</span>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
