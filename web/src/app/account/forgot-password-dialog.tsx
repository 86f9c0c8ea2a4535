import { baseCalls } from '@erp/contract/modules/base';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { NewPasswordFields } from './password-fields';
import './account-texts';

interface Values {
  userCode: string;
  validCode: string;
  newPassword: string;
  confirm: string;
}

const RESEND_SECONDS = 60;

/**
 * 忘记密码 on the sign-in page: a one-time code mailed to the account's address, then a new
 * password. Accounts without mail are pointed to the administrator's reset.
 */
export default function ForgotPasswordDialog({ initialUserCode, onClose }: { initialUserCode?: string; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const { userCode } = await form.validateFields(['userCode']);
    setBusy(true);
    try {
      const answer = await api(baseCalls.sendValidCode, { userCode: userCode.trim() });
      setSent(t('account.codeSent', { minutes: Math.round(answer.expiresInSeconds / 60) }));
      setWait(RESEND_SECONDS);
    } catch {
      // shown by the call (e.g. 验证码发送过于频繁)
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api(baseCalls.resetPass, { userCode: v.userCode.trim(), validCode: v.validCode.trim(), newPassword: v.newPassword });
      message.success(t('account.resetDone'), 3);
      onClose();
    } catch {
      // 验证码错误或已过期 etc., shown by the call
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('account.resetTitle')}
      okText={t('account.reset')}
      cancelText={t('account.cancel')}
      okButtonProps={{ loading: busy, disabled: !sent }}
      onOk={() => void reset().catch(() => undefined)}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ userCode: initialUserCode ?? '' }}>
        <Form.Item label={t('account.userCode')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="userCode" noStyle rules={[{ required: true, whitespace: true, message: t('account.userCodeRequired') }]}>
              <Input autoComplete="username" maxLength={64} aria-label={t('account.userCode')} />
            </Form.Item>
            <Button onClick={() => void send().catch(() => undefined)} disabled={busy || wait > 0}>
              {wait > 0 ? t('account.resend', { n: wait }) : t('account.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sent && (
          <>
            <Typography.Paragraph type="success" role="status">
              {sent}
            </Typography.Paragraph>
            <Form.Item name="validCode" label={t('account.code')} rules={[{ required: true, whitespace: true, message: t('account.codeRequired') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
            </Form.Item>
            <NewPasswordFields />
          </>
        )}
        <Typography.Paragraph type="secondary">{t('account.noMail')}</Typography.Paragraph>
      </Form>
    </Modal>
  );
}
