import { expiryCalls } from '@erp/contract/modules/expiry';
import {
  type ChangeLogRecord,
  changeLogMeta,
  type FormalRecord,
  formalMeta,
  LIFECYCLE_PERM,
  lifecycleCalls,
  type RenewalDueRecord,
  renewalDueMeta,
} from '@erp/contract/modules/lifecycle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Segmented, Space, Tabs } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { ResourceTable } from '../../../components/resource';
import { ScreenFrame } from '../../base/screen-frame';
import { BulkRegularDialog } from './bulk-regular-dialog';
import { ExpiryTab } from './expiry-tab';
import { PERSON_KEYWORD } from './keyword';
import { RenewalDialog } from './move-dialogs';
import { QuitTab, TransferTab } from './move-tabs';
import { OnboardingTab } from './onboarding-tab';

const KEY = ['hr', 'lifecycle'] as const;
/** An employee whose last confirmation is in one of these states gets no second one. */
const OPEN_CONFIRMATION = ['approving', 'returned', 'passed'];

function FormalTab() {
  const { message } = App.useApp();
  const can = useHasAuth();
  const client = useQueryClient();
  const [view, setView] = useState<'due' | 'notice'>('due');
  const [chosen, setChosen] = useState<FormalRecord[]>([]);
  const [bulk, setBulk] = useState<FormalRecord[]>([]);
  const mail = useMutation({
    mutationFn: (employeeId: number) => api(lifecycleCalls.sendFormalMail, { employeeIds: [employeeId] }),
    onSuccess: (r) => {
      message.success(r.sent ? '转正通知已发送' : '该员工已发送过转正通知');
      void client.invalidateQueries({ queryKey: [...KEY, 'formal'] });
    },
  });
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={(v) => setView(v as 'due' | 'notice')}
        options={[
          { value: 'due', label: '试用期员工' },
          { value: 'notice', label: '转正通知' },
        ]}
      />
      <ResourceTable<FormalRecord>
        key={view}
        meta={formalMeta}
        keyword={PERSON_KEYWORD}
        pageCall={view === 'due' ? lifecycleCalls.getFormalPage : lifecycleCalls.getFormalReceiveList}
        exportCall={view === 'due' && can(LIFECYCLE_PERM.export) ? lifecycleCalls.exportFormalData : undefined}
        exportName="转正管理.xlsx"
        queryKey={[...KEY, 'formal', view]}
        selection={
          view === 'due' && can(LIFECYCLE_PERM.manage)
            ? { rows: chosen, onChange: setChosen, selectable: (r) => !r.confirmationState || !OPEN_CONFIRMATION.includes(r.confirmationState) }
            : undefined
        }
        toolbar={
          view === 'due' ? (
            <Auth code={LIFECYCLE_PERM.manage}>
              <Button type="primary" disabled={chosen.length === 0} onClick={() => setBulk(chosen)} data-testid="bulk-regular">
                批量发起转正{chosen.length ? `（${chosen.length}）` : ''}
              </Button>
            </Auth>
          ) : null
        }
        rowActions={
          view === 'notice' && can(LIFECYCLE_PERM.manage)
            ? (r) => (
                <Button type="link" size="small" disabled={Boolean(r.noticeSentAt)} onClick={() => mail.mutate(r.id)}>
                  {r.noticeSentAt ? '已发送' : '发送通知'}
                </Button>
              )
            : undefined
        }
      />
      <BulkRegularDialog
        rows={bulk}
        onClose={() => setBulk([])}
        onDone={() => {
          setBulk([]);
          setChosen([]);
          void client.invalidateQueries({ queryKey: [...KEY, 'formal'] });
        }}
      />
    </>
  );
}

function RenewalTab() {
  const can = useHasAuth();
  const client = useQueryClient();
  const [days, setDays] = useState(30);
  const [renewing, setRenewing] = useState<number | null>(null);
  return (
    <>
      <ResourceTable<RenewalDueRecord>
        meta={renewalDueMeta}
        keyword={PERSON_KEYWORD}
        pageCall={lifecycleCalls.getRenewalPage}
        queryKey={[...KEY, 'renewal']}
        fixedFilters={{ days }}
        toolbar={
          <Segmented
            value={days}
            onChange={(v) => setDays(Number(v))}
            options={[
              { value: 30, label: '30天内到期' },
              { value: 60, label: '60天内到期' },
              { value: 90, label: '90天内到期' },
            ]}
          />
        }
        rowActions={
          can(LIFECYCLE_PERM.manage)
            ? (r) => (
                <Button type="link" size="small" disabled={r.renewalState === 'approving' || r.renewalState === 'returned'} onClick={() => setRenewing(r.id)}>
                  续签
                </Button>
              )
            : undefined
        }
      />
      <RenewalDialog
        employeeId={renewing}
        onClose={() => setRenewing(null)}
        onDone={() => {
          setRenewing(null);
          void client.invalidateQueries({ queryKey: KEY });
        }}
      />
    </>
  );
}

/**
 * 人事异动 (/staffChange/index): HR's screen of the lifecycle — onboarding, confirmations,
 * transfers, adjustments, departures, renewals and the change log, with the counts of what waits.
 */
export default function StaffChangeScreen() {
  const can = useHasAuth();
  const agency = useQuery({ queryKey: [...KEY, 'agency'], queryFn: () => api(lifecycleCalls.getHrmAgency, {}) });
  const a = agency.data;
  // What ends within 30 days or has ended: the count on 即将到期.
  const expiring = useQuery({ queryKey: ['hr', 'expiry', 'count'], queryFn: () => api(expiryCalls.page, { days: 30, expired: true, pageSize: 1 }) });
  const label = (text: string, n?: number) => (
    <Space size={4}>
      {text}
      {n ? <Badge count={n} size="small" /> : null}
    </Space>
  );
  return (
    <ScreenFrame>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'onboarding', label: label('入职管理', (a?.offers ?? 0) + (a?.onDutyToConfirm ?? 0)), children: <OnboardingTab /> },
          { key: 'formal', label: label('转正管理', a?.probationDue), children: <FormalTab /> },
          { key: 'transfer', label: label('调动管理'), children: <TransferTab /> },
          { key: 'adjustment', label: label('调岗调薪'), children: <TransferTab adjustment /> },
          { key: 'quit', label: label('离职管理', a?.resigning), children: <QuitTab /> },
          { key: 'renewal', label: label('合同续签', a?.contractsEnding), children: <RenewalTab /> },
          { key: 'expiry', label: label('即将到期', expiring.data?.total), children: <ExpiryTab /> },
          {
            key: 'changes',
            label: label('异动记录'),
            children: (
              <ResourceTable<ChangeLogRecord>
                meta={changeLogMeta}
                keyword={PERSON_KEYWORD}
                pageCall={lifecycleCalls.getEmployeePage}
                exportCall={can(LIFECYCLE_PERM.export) ? lifecycleCalls.exportEmpData : undefined}
                exportName="员工异动记录.xlsx"
                queryKey={[...KEY, 'changes']}
              />
            ),
          },
        ]}
      />
    </ScreenFrame>
  );
}
