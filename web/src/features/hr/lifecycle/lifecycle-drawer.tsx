import { employeeCalls, HR_PERM, MATERIAL_CATEGORY } from '@erp/contract/modules/employee';
import type { FileEntry } from '@erp/contract/modules/file';
import { departureMeta, lifecycleCalls, quitMeta } from '@erp/contract/modules/lifecycle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Drawer, Empty, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { useHasAuth } from '../../../app/auth/auth';
import { FileUpload } from '../../../components/file-upload';
import { FlowSteps } from '../../../components/flow';
import { RecordDescriptions } from '../../../components/resource';
import { LIFECYCLE_KEY, LifecycleRecord, loadLifecycle, QuitFiles } from './lifecycle-detail';

/** What a 人事异动 list opens: a document of the list, or a leaver (by employee). */
export type DrawerTarget = { kind: 'transfer' | 'adjustment' | 'quit'; id: number } | { kind: 'departure'; employeeId: number };

const section = { margin: '8px 0', fontSize: 15 } as const;

function DocumentDetail({ target }: { target: Extract<DrawerTarget, { id: number }> }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...LIFECYCLE_KEY, 'detail', target.kind, { id: target.id }],
    queryFn: () => loadLifecycle(target.kind, { id: target.id }),
    staleTime: 0,
  });
  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!detail.data) return <Alert type="warning" showIcon title={t('lifecycle.notFound')} />;
  return (
    <>
      <LifecycleRecord loaded={detail.data} />
      <h3 style={section}>{t('lifecycle.flow')}</h3>
      <FlowSteps steps={detail.data.flow?.steps ?? []} />
    </>
  );
}

/**
 * A leaver's dismissal and resignation papers filed with their materials
 * (`material/addDismissAndResignationFile`, category 070), and the upload for HR.
 */
function LeavingMaterials({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useHasAuth();
  const client = useQueryClient();
  const [fresh, setFresh] = useState<FileEntry[]>([]);
  const key = ['hr', 'materials', employeeId, MATERIAL_CATEGORY.resignation];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api(employeeCalls.materialList, { employeeId, category: MATERIAL_CATEGORY.resignation }),
  });
  const file = useMutation({
    mutationFn: (group: string) => api(employeeCalls.materialAddLeaving, { employeeId, fileId: group }),
    onSuccess: async () => {
      message.success(t('lifecycle.materialSaved'));
      setFresh([]);
      await client.invalidateQueries({ queryKey: ['hr', 'materials', employeeId] });
    },
  });
  const files = (list.data ?? []).flatMap((m) => m.files);
  return (
    <div style={{ marginBottom: 16 }} data-testid="leaving-materials">
      <h3 style={section}>{t('lifecycle.materials')}</h3>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : files.length ? (
        <FileUpload readOnly value={files} />
      ) : (
        <Typography.Text type="secondary">{t('lifecycle.noMaterials')}</Typography.Text>
      )}
      {can(HR_PERM.rosterEdit) && (
        <div style={{ marginTop: 8 }}>
          <FileUpload
            value={fresh}
            maxCount={1}
            moduleName="hr"
            functionName="resignation"
            deleteOnServer={false}
            buttonText={t('lifecycle.addMaterial')}
            disabled={file.isPending}
            onChange={(next) => {
              setFresh(next);
              const last = next[next.length - 1];
              if (last) file.mutate(last.fileId);
            }}
          />
          <Typography.Text type="secondary">{t('lifecycle.materialHint')}</Typography.Text>
        </div>
      )}
    </div>
  );
}

function DepartureDetail({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...LIFECYCLE_KEY, 'departureInfo', employeeId],
    queryFn: () => api(lifecycleCalls.getDepartureInfo, { employeeId }),
    staleTime: 0,
  });
  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!detail.data) return <Alert type="warning" showIcon title={t('lifecycle.notFound')} />;
  const { departure, quits } = detail.data;
  return (
    <>
      <RecordDescriptions meta={departureMeta} record={departure} title={t('lifecycle.title.departure')} testId="departure-record" />
      <LeavingMaterials employeeId={employeeId} />
      <h3 style={section}>{t('lifecycle.quits')}</h3>
      {quits.length === 0 && <Empty description={t('lifecycle.noQuits')} />}
      {quits.map((q) => (
        <div key={q.id}>
          <RecordDescriptions
            meta={quitMeta}
            record={q}
            title={q.documentNo}
            render={{ quitKind: (v) => t(`lifecycle.quitKind.${String(v)}`, { defaultValue: String(v) }) }}
          />
          <QuitFiles record={q} />
        </div>
      ))}
    </>
  );
}

/** The 详情 of a row of the transfer, adjustment and departure lists: the record, its files and its flow. */
export function LifecycleDrawer({ target, onClose }: { target: DrawerTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={target !== null} onClose={onClose} size="large" title={t('lifecycle.detail')} destroyOnHidden data-testid="lifecycle-drawer">
      {target?.kind === 'departure' ? <DepartureDetail employeeId={target.employeeId} /> : target ? <DocumentDetail target={target} /> : null}
    </Drawer>
  );
}
