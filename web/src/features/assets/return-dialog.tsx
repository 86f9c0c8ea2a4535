import { assetCalls } from '@erp/contract/modules/assets';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useDictSelect } from './shared';

/** What the return dialog shows of the asset being taken back. */
export interface ReturnTarget {
  assetId: number;
  assetCode: string;
  name: string;
  /** The person (or project) who has it. */
  holder: string;
  /** Where it is registered now; the proposed place to put it back. */
  location?: string;
}

/**
 * 归还: takes an asset in use or lent back into stock (`claim/return`), optionally to another
 * location (left empty: where the register has it), with a remark. Used by the register and by the
 * use-application screen.
 */
export function ReturnDialog({ target, onClose, onDone }: { target: ReturnTarget | null; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ location?: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const locations = useDictSelect('ASSETLOCATION');
  const submit = async () => {
    if (!target) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api(assetCalls.claimReturn, { assetId: target.assetId, location: v.location || undefined, remark: v.remark?.trim() || null });
      message.success(`已归还入库 ${target.assetCode}`);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!target}
      title={`归还资产 · ${target?.assetCode ?? ''}`}
      onCancel={onClose}
      onOk={submit}
      okText="确认归还"
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <p>
        {target?.name}　使用人：{target?.holder || '-'}
      </p>
      <Form form={form} name="asset-return" layout="vertical" initialValues={{ location: target?.location }}>
        <Form.Item name="location" label="存放地点" extra="不选则放回台账登记的地点">
          <Select options={locations} allowClear placeholder="原存放地点" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
