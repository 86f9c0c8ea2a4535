import { bpmCalls, type EmployeeOption } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';
import './flow-texts';

export const TRANSFER_REASON_MAX = 200;

export interface TransferDialogProps {
  open: boolean;
  onSubmit(target: { transferUserCode: string; remark: string }): Promise<unknown>;
  onClose(): void;
}

/** People to choose from, searched on the server; the server never offers the current user. */
function usePeople(keyword: string) {
  return useQuery({
    queryKey: ['bpm', 'candidateUsers', keyword],
    queryFn: () => api(bpmCalls.candidateUsers, { keyword }),
    staleTime: 30_000,
  });
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
  const label = (p: EmployeeOption) => `${p.name}（${p.code}）${p.orgName ? ` · ${p.orgName}` : ''}`;
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
            options={(people.data ?? []).map((p) => ({ value: p.code, label: label(p) }))}
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
