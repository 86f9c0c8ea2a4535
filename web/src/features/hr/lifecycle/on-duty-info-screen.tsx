import { lifecycleCalls } from '@erp/contract/modules/lifecycle';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Result, Select, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { api } from '../../../app/api/client';

interface InfoValues {
  gender?: '1' | '2';
  idNumber?: string;
  email?: string;
  address?: string;
  registeredAddress?: string;
  emergencyContact: string;
  emergencyPhone: string;
  school?: string;
  bankName?: string;
  bankAccount?: string;
}

/**
 * 入职信息填写 (/onDutyInfo?token=…): the new hire, who has no account yet, fills in their on-duty
 * information through the signed link HR sent. A used, given-up or expired link says so.
 */
export default function OnDutyInfoScreen() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<InfoValues>();
  const base = useQuery({
    queryKey: ['onDutyInfo', token],
    queryFn: () => api(lifecycleCalls.getOnDutyBase, { token }, { silent: true }),
    enabled: token.length >= 10,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (info: InfoValues) => api(lifecycleCalls.saveOnDutyBase, { token, info }),
    onSuccess: () => message.success('已提交，人事专员确认后即完成入职登记'),
  });
  if (token.length < 10) return <Result status="warning" title="入职链接已失效或已使用，请联系人事专员" />;
  if (base.isLoading) return <Spin style={{ margin: 48 }} />;
  if (base.isError || !base.data) return <Result status="warning" title={base.error?.message || '入职链接已失效或已使用，请联系人事专员'} />;
  const b = base.data;
  return (
    <div style={{ maxWidth: 720, margin: '24px auto', padding: 16 }}>
      <Card title="入职信息填写">
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="姓名">{b.name}</Descriptions.Item>
          <Descriptions.Item label="入职部门">{b.orgName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="岗位">{b.positionName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="预计入职日期">{b.plannedEntryDate}</Descriptions.Item>
        </Descriptions>
        <Form form={form} layout="vertical" initialValues={b.info as Partial<InfoValues>} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="gender" label="性别">
            <Select
              options={[
                { value: '1', label: '男' },
                { value: '2', label: '女' },
              ]}
            />
          </Form.Item>
          <Form.Item name="idNumber" label="身份证号码">
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="address" label="现居住地址">
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="registeredAddress" label="户籍地址">
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="school" label="毕业院校">
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="emergencyContact" label="紧急联系人" rules={[{ required: true, whitespace: true, message: '请输入紧急联系人' }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="emergencyPhone" label="紧急联系人电话" rules={[{ required: true, pattern: /^1\d{10}$/, message: '手机号格式不正确' }]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="bankName" label="工资卡开户行">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="bankAccount" label="工资卡账号" rules={[{ pattern: /^\d{8,30}$/, message: '银行账号应为8到30位数字' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isSuccess}>
            提交
          </Button>
        </Form>
      </Card>
    </div>
  );
}
