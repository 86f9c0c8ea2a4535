import { authCalls, PASSWORD_RULE, passwordStrongEnough } from '@erp/contract/modules/auth';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { queryClient } from '../query-client';
import { getLoginInfo, LOGIN_INFO_KEY } from '../session/session-store';
import { logout } from '../shell/logout';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Shown instead of the shell after signing in with a generated or administrator-set password: the
 * server refuses every other call (code 1005) until it is changed.
 */
export default function MustChangePasswordPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await api(authCalls.updatePassword, { oldPassword: values.oldPassword, newPassword: values.newPassword });
      const info = getLoginInfo();
      if (info) localStorage.setItem(LOGIN_INFO_KEY, JSON.stringify({ ...info, mustChangePassword: false }));
      queryClient.clear();
      message.success('密码已修改');
      location.reload();
    } finally {
      setSaving(false);
    }
  };
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: '#f5f5f5', padding: 16 }}>
      <Card title="请先修改初始密码" style={{ width: 420, maxWidth: '100%' }}>
        <Typography.Paragraph type="secondary">您使用的是系统生成或管理员设置的密码，修改后才能继续使用。</Typography.Paragraph>
        <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="oldPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="新密码"
            rules={[
              { required: true, message: '请输入新密码' },
              { validator: async (_r, v: string) => (!v || passwordStrongEnough(v) ? undefined : Promise.reject(new Error(PASSWORD_RULE.message))) },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="确认新密码"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: async (_r, v: string) => (!v || v === getFieldValue('newPassword') ? undefined : Promise.reject(new Error('两次输入的密码不一致'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={saving}>
            修改密码
          </Button>
          <Button type="link" block onClick={() => void logout(navigate)}>
            退出登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
