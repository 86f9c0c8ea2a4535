import { type PersonalDataRead, personalDataReadMeta, privacyCalls } from '@erp/contract/modules/privacy';
import { Button, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { ResourceTable, SettingsDialog } from '../../../components/resource';
import { ScreenFrame } from '../screen-frame';

/** 保留期限: how long the log is kept; shortening it removes older rows at once. */
function RetentionDialog({ onClose }: { onClose(): void }) {
  return (
    <SettingsDialog
      title="查阅记录保留期限"
      name="privacy-retention"
      queryKey={['base', 'privacy', 'settings']}
      load={privacyCalls.settings}
      save={privacyCalls.saveSettings}
      savedText="保留期限已保存"
      onClose={onClose}
    >
      <Form.Item
        name="retentionDays"
        label="保留天数"
        extra="超过保留天数的查阅记录每天自动删除（建议不少于3年，即1095天）"
        rules={[{ required: true, message: '请输入保留天数' }]}
      >
        <InputNumber min={180} max={3650} precision={0} addonAfter="天" />
      </Form.Item>
    </SettingsDialog>
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
