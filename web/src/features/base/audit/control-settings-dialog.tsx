import { type ControlSettings, controlsCalls } from '@erp/contract/modules/controls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Switch } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';

/**
 * 内控设置 (issue 34 §1): the four-eyes rule outside the approval engine. Turning it off is for a
 * company too small for a second finance person; the change is in the audit log.
 */
export function ControlSettingsDialog({ onClose }: { onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ControlSettings>();
  const settings = useQuery({ queryKey: ['base', 'controls', 'settings'], queryFn: () => api(controlsCalls.settings, {}) });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(controlsCalls.saveSettings, values);
      message.success('内控设置已保存');
      await client.invalidateQueries({ queryKey: ['base', 'controls'] });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="内控设置" onCancel={onClose} onOk={save} okButtonProps={{ loading: busy, disabled: settings.isLoading }}>
      {settings.data && (
        <Form form={form} layout="vertical" name="control-settings" initialValues={settings.data}>
          <Form.Item
            name="fourEyes"
            label="四眼原则"
            valuePropName="checked"
            extra="启用后，报销单的申请人或经办人不能为其付款，核算工资月份的人不能关账，须由另一人完成。审批流程中申请人不能审批本人单据，不受此开关影响。"
          >
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
