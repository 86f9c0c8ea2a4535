import type { EmployeeOption } from '@erp/contract/modules/bpm';
import { Form, Input, Modal, Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './flow-texts';
import { usePeople } from './use-people';

export const TRANSFER_REASON_MAX = 200;

export const personLabel = (p: EmployeeOption) => `${p.name}（${p.code}）${p.orgName ? ` · ${p.orgName}` : ''}`;

export interface TransferDialogProps {
  open: boolean;
  onSubmit(target: { transferUserCode: string; remark: string }): Promise<unknown>;
  onClose(): void;
}

/** Transfer (spec 000 §2, §5): 500 px, searchable person list without me, a reason of up to 200 characters. */
export function TransferDialog({ open, onSubmit, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ transferUserCode: string; remark: string }>();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword);
  const people = usePeople(deferred);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit({ transferUserCode: values.transferUserCode, remark: values.remark.trim() });
      form.resetFields();
      onClose();
    } catch {
      // error shown by the call
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      width={500}
      title={t('flow.transferTitle')}
      okText={t('flow.ok')}
      okButtonProps={{ loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={submit}
      onCancel={() => !busy && onClose()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="transferUserCode" label={t('flow.transferTarget')} rules={[{ required: true, message: t('flow.transferTargetRequired') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('flow.transferTargetRequired')}
            loading={people.isFetching}
            notFoundContent={t(people.isFetching ? 'flow.searching' : 'flow.noMatch')}
            options={(people.data ?? []).map((p) => ({ value: p.code, label: personLabel(p) }))}
            data-testid="transfer-target"
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('flow.transferReason')}
          rules={[
            { required: true, whitespace: true, message: t('flow.transferReasonRequired') },
            { max: TRANSFER_REASON_MAX, message: t('flow.transferReasonMax') },
          ]}
        >
          <Input.TextArea rows={4} maxLength={TRANSFER_REASON_MAX} showCount placeholder={t('flow.transferReasonRequired')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
