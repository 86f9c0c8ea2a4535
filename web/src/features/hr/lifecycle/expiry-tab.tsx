import { EXPIRY_KIND_NAMES, EXPIRY_KINDS, type ExpiryItem, type ExpiryKind, expiryCalls, expiryMeta } from '@erp/contract/modules/expiry';
import { LIFECYCLE_PERM } from '@erp/contract/modules/lifecycle';
import { Button, Checkbox, Form, Segmented, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useHasAuth } from '../../../app/auth/auth';
import { ResourceTable, SettingsDialog } from '../../../components/resource';
import { PERSON_KEYWORD } from './keyword';

const KEY = ['hr', 'expiry'] as const;

/** Days left as HR reads them: past ones red, the last week orange. */
function DaysLeft({ days }: { days: number }) {
  if (days < 0) return <Tag color="red">已过期 {-days} 天</Tag>;
  if (days === 0) return <Tag color="red">今天到期</Tag>;
  return <Tag color={days <= 7 ? 'orange' : days <= 30 ? 'gold' : 'default'}>{days} 天</Tag>;
}

/** The days before an expiry on which HR and the employee are reminded. */
function ReminderSettingsDialog({ onClose }: { onClose(): void }) {
  return (
    <SettingsDialog
      title="到期提醒设置"
      name="expiry-settings"
      queryKey={[...KEY, 'settings']}
      load={expiryCalls.settings}
      save={expiryCalls.saveSettings}
      savedText="到期提醒设置已保存"
      onClose={onClose}
    >
      <Form.Item
        name="days"
        label="提前提醒天数"
        extra="在到期前的这些天，向人事和员工本人各发一条站内提醒（每项每个天数一次）。最多 6 个，1 至 365 天。"
        rules={[{ required: true, message: '请设置1至6个提醒天数' }]}
        normalize={(values: Array<string | number>) => values.map((v) => Number(v)).filter((v) => Number.isFinite(v))}
      >
        <Select
          mode="tags"
          aria-label="提前提醒天数"
          tokenSeparators={[',', '，', ' ']}
          options={[90, 60, 30, 15, 7, 3, 1].map((d) => ({ value: d, label: `${d} 天` }))}
        />
      </Form.Item>
    </SettingsDialog>
  );
}

/**
 * 即将到期 (issue 39): contracts, probations, identity documents and certificates of the people in the
 * reader's scope that end within the chosen days (and those already past), with the reminder days.
 */
export function ExpiryTab() {
  const can = useHasAuth();
  const navigate = useNavigate();
  const [days, setDays] = useState(30);
  const [kind, setKind] = useState<ExpiryKind | undefined>();
  const [expired, setExpired] = useState(true);
  const [settings, setSettings] = useState(false);
  return (
    <>
      <ResourceTable<ExpiryItem>
        meta={expiryMeta}
        keyword={PERSON_KEYWORD}
        pageCall={expiryCalls.page}
        exportCall={can(LIFECYCLE_PERM.export) ? expiryCalls.export : undefined}
        exportName="即将到期.xlsx"
        queryKey={[...KEY, 'page']}
        fixedFilters={{ days, expired, ...(kind ? { kind } : {}) }}
        columns={{ daysLeft: { render: (v: number) => <DaysLeft days={v} /> } }}
        toolbar={
          <Space wrap>
            <Segmented value={days} onChange={(v) => setDays(Number(v))} options={[7, 30, 60, 90].map((d) => ({ value: d, label: `${d}天内到期` }))} />
            <Select
              allowClear
              placeholder="全部类型"
              aria-label="到期类型"
              style={{ width: 130 }}
              value={kind}
              onChange={setKind}
              options={EXPIRY_KINDS.map((k) => ({ value: k, label: EXPIRY_KIND_NAMES[k] }))}
            />
            <Checkbox checked={expired} onChange={(e) => setExpired(e.target.checked)}>
              含已过期
            </Checkbox>
            {can(LIFECYCLE_PERM.manage) && <Button onClick={() => setSettings(true)}>提醒设置</Button>}
          </Space>
        }
        rowActions={(r) => (
          <Button type="link" size="small" onClick={() => navigate(`/staffDetail/index?id=${r.employeeId}`)}>
            查看员工
          </Button>
        )}
      />
      {settings && <ReminderSettingsDialog onClose={() => setSettings(false)} />}
    </>
  );
}
