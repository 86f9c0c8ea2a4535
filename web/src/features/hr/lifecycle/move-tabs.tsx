import {
  type DepartureRecord,
  departureMeta,
  LIFECYCLE_PERM,
  lifecycleCalls,
  type MoveRecord,
  type QuitRecord,
  quitMeta,
  transferMeta,
} from '@erp/contract/modules/lifecycle';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { ImportDialog, ResourceTable } from '../../../components/resource';
import { LIFECYCLE_KEY } from './lifecycle-detail';
import { type DrawerTarget, LifecycleDrawer } from './lifecycle-drawer';
import './lifecycle-texts';
import { PERSON_KEYWORD } from './keyword';
import { DismissDialog, TransferDialog } from './move-dialogs';

function DetailButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" onClick={onClick} data-testid="lifecycle-detail">
      {t('lifecycle.detail')}
    </Button>
  );
}

/** 调动管理 / 调岗调薪: the documents with their 详情, the start dialog and (transfers) the batch import. */
export function TransferTab({ adjustment }: { adjustment?: boolean }) {
  const can = useHasAuth();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<DrawerTarget | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: LIFECYCLE_KEY });
  return (
    <>
      <ResourceTable<MoveRecord>
        meta={transferMeta}
        keyword={PERSON_KEYWORD}
        pageCall={adjustment ? lifecycleCalls.getAdjustmentPage : lifecycleCalls.getTransferPage}
        exportCall={!adjustment && can(LIFECYCLE_PERM.export) ? lifecycleCalls.getTransferExport : undefined}
        exportName="调动记录.xlsx"
        queryKey={[...LIFECYCLE_KEY, adjustment ? 'adjustment' : 'transfer']}
        toolbar={
          <Auth code={LIFECYCLE_PERM.manage}>
            <Button type="primary" onClick={() => setOpen(true)} data-testid="start-transfer">
              发起调动
            </Button>
            {!adjustment && (
              <Button onClick={() => setImporting(true)} data-testid="batch-transfer">
                批量调动
              </Button>
            )}
          </Auth>
        }
        actionsWidth={90}
        rowActions={(r) => <DetailButton onClick={() => setViewing({ kind: adjustment ? 'adjustment' : 'transfer', id: r.id })} />}
      />
      <TransferDialog
        open={open}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          refresh();
        }}
      />
      <ImportDialog
        open={importing}
        title="批量调动"
        noun="调动申请"
        importCall={lifecycleCalls.importReceiveList}
        templateCall={lifecycleCalls.downloadTemplate}
        templateName="批量调动模板.xlsx"
        hint="每行一名员工；确认后有效的行逐条提交审批"
        onClose={() => setImporting(false)}
        onImported={refresh}
      />
      <LifecycleDrawer target={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** 离职管理: departure documents and leavers, each with its 详情; 离职办理 starts a departure. */
export function QuitTab() {
  const can = useHasAuth();
  const client = useQueryClient();
  const [view, setView] = useState<'requests' | 'leavers'>('requests');
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<DrawerTarget | null>(null);
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={(v) => setView(v as 'requests' | 'leavers')}
        options={[
          { value: 'requests', label: '离职申请' },
          { value: 'leavers', label: '离职人员' },
        ]}
      />
      {view === 'requests' ? (
        <ResourceTable<QuitRecord>
          meta={quitMeta}
          keyword={PERSON_KEYWORD}
          pageCall={lifecycleCalls.getQuitPage}
          exportCall={can(LIFECYCLE_PERM.export) ? lifecycleCalls.exportQuitData : undefined}
          exportName="离职申请.xlsx"
          queryKey={[...LIFECYCLE_KEY, 'quit']}
          toolbar={
            <Auth code={LIFECYCLE_PERM.manage}>
              <Button type="primary" onClick={() => setOpen(true)}>
                离职办理
              </Button>
            </Auth>
          }
          actionsWidth={90}
          rowActions={(r) => <DetailButton onClick={() => setViewing({ kind: 'quit', id: r.id })} />}
        />
      ) : (
        <ResourceTable<DepartureRecord>
          meta={departureMeta}
          keyword={PERSON_KEYWORD}
          pageCall={lifecycleCalls.getDeparturePage}
          exportCall={can(LIFECYCLE_PERM.export) ? lifecycleCalls.getQuitExport : undefined}
          exportName="离职人员.xlsx"
          queryKey={[...LIFECYCLE_KEY, 'departure']}
          actionsWidth={90}
          rowActions={(r) => <DetailButton onClick={() => setViewing({ kind: 'departure', employeeId: r.id })} />}
        />
      )}
      <DismissDialog
        open={open}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          void client.invalidateQueries({ queryKey: LIFECYCLE_KEY });
        }}
      />
      <LifecycleDrawer target={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
