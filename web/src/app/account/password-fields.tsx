import { passwordStrongEnough } from '@erp/contract/modules/auth';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import './account-texts';

/** New password twice, with the strength rule shown under the field (shared by every password form). */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('account.newPassword')}
        extra={t('account.rule')}
        rules={[
          { required: true, message: t('account.newRequired') },
          { validator: async (_r, v: string) => (!v || passwordStrongEnough(v) ? undefined : Promise.reject(new Error(t('account.rule')))) },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('account.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_r, v: string) => (!v || v === getFieldValue('newPassword') ? undefined : Promise.reject(new Error(t('account.mismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
    </>
  );
}
