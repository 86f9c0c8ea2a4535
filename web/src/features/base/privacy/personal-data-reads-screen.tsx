import { type PersonalDataRead, personalDataReadMeta, privacyCalls } from '@erp/contract/modules/privacy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { ResourceTable } from '../../../components/resource';
import { ScreenFrame } from '../screen-frame';

/** 保留期限: how long the log is kept; shortening it removes older rows at once. */
function RetentionDialog({ onClose }: { onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ retentionDays: number }>();
  const settings = useQuery({ queryKey: ['base', 'privacy', 'settings'], queryFn: () => api(privacyCalls.settings, {}) });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(privacyCalls.saveSettings, values);
      message.success('保留期限已保存');
      await client.invalidateQueries({ queryKey: ['base', 'privacy'] });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="查阅记录保留期限" onCancel={onClose} onOk={save} okButtonProps={{ loading: busy, disabled: settings.isLoading }}>
      {settings.data && (
        <Form form={form} layout="vertical" name="privacy-retention" initialValues={settings.data}>
          <Form.Item
            name="retentionDays"
            label="保留天数"
            extra="超过保留天数的查阅记录每天自动删除（建议不少于3年，即1095天）"
            rules={[{ required: true, message: '请输入保留天数' }]}
          >
            <InputNumber min={180} max={3650} precision={0} addonAfter="天" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * 个人信息查阅记录: every read of another person's full ID number, phone, bank account, pay or
 * emergency contacts — who, whom (or how many, for a list or export), what, when and from where.
 */
export default function PersonalDataReadsScreen() {
  const [retention, setRetention] = useState(false);
  return (
    <ScreenFrame>
      <ResourceTable<PersonalDataRead>
        meta={personalDataReadMeta}
        pageCall={privacyCalls.readLogPage}
        exportCall={privacyCalls.readLogExport}
        exportName="个人信息查阅记录.xlsx"
        queryKey={['base', 'privacy', 'reads']}
        toolbar={<Button onClick={() => setRetention(true)}>保留期限</Button>}
        columns={{ subjectName: { render: (v: string | null, r: PersonalDataRead) => (r.subjectEmployeeId ? v : `${r.subjectCount}人（列表或导出）`) } }}
      />
      {retention && <RetentionDialog onClose={() => setRetention(false)} />}
    </ScreenFrame>
  );
}
