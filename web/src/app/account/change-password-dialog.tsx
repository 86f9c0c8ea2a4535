import { authCalls } from '@erp/contract/modules/auth';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmCancel } from '../../components/file-upload/use-confirm-cancel';
import { api } from '../api/client';
import { NewPasswordFields } from './password-fields';
import './account-texts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 修改密码 from the user menu: the server signs out every other session of the account. */
export default function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const confirmCancel = useConfirmCancel();
  const submit = async () => {
    const v = await form.validateFields();
    if (busy) return;
    setBusy(true);
    try {
      await api(authCalls.updatePassword, { oldPassword: v.oldPassword, newPassword: v.newPassword });
      message.success(t('account.changed'), 3);
      onClose();
    } catch {
      // the server's message (e.g. 原密码不正确) was shown by the call
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('account.changePassword')}
      okText={t('account.ok')}
      cancelText={t('account.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => !busy && confirmCancel(form.isFieldsTouched(), onClose)}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('account.othersSignedOut')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={[{ required: true, message: t('account.oldRequired') }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <NewPasswordFields />
      </Form>
    </Modal>
  );
}
