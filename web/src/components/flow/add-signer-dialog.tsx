import { Form, Input, Modal, Radio, Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './flow-texts';
import { personLabel } from './transfer-dialog';
import { usePeople } from './use-people';

export const ADD_SIGNER_REASON_MAX = 200;

export interface AddSignerValues {
  userCode: string;
  /** before: the signer acts first and the task comes back to me; after: the signer acts after me. */
  position: 'before' | 'after';
  message: string;
}

export interface AddSignerDialogProps {
  open: boolean;
  onSubmit(values: AddSignerValues): Promise<unknown>;
  onClose(): void;
}

/** Add a signer (加签) to my task: a searchable person (never me), before or after me, an optional reason of up to 200 characters. */
export function AddSignerDialog({ open, onSubmit, onClose }: AddSignerDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddSignerValues>();
  const [keyword, setKeyword] = useState('');
  const people = usePeople(useDeferredValue(keyword));
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit({ userCode: values.userCode, position: values.position, message: (values.message ?? '').trim() });
      form.resetFields();
      onClose();
    } catch {
      // error shown by the call; the dialog stays open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      width={500}
      title={t('flow.addSignerTitle')}
      okText={t('flow.ok')}
      okButtonProps={{ loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={submit}
      onCancel={() => !busy && onClose()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ position: 'after' }}>
        <Form.Item name="userCode" label={t('flow.signer')} rules={[{ required: true, message: t('flow.signerRequired') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('flow.signerRequired')}
            loading={people.isFetching}
            notFoundContent={t(people.isFetching ? 'flow.searching' : 'flow.noMatch')}
            options={(people.data ?? []).map((p) => ({ value: p.code, label: personLabel(p) }))}
            data-testid="add-signer-target"
          />
        </Form.Item>
        <Form.Item name="position" label={t('flow.signerPosition')} extra={t('flow.signerPositionHint')}>
          <Radio.Group
            options={[
              { value: 'before', label: t('flow.signerBefore') },
              { value: 'after', label: t('flow.signerAfter') },
            ]}
          />
        </Form.Item>
        <Form.Item name="message" label={t('flow.signerReason')} rules={[{ max: ADD_SIGNER_REASON_MAX, message: t('flow.signerReasonMax') }]}>
          <Input.TextArea rows={3} maxLength={ADD_SIGNER_REASON_MAX} showCount placeholder={t('flow.signerReasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
