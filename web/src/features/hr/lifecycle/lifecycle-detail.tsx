import type { FileEntry } from '@erp/contract/modules/file';
import { fileCalls } from '@erp/contract/modules/file';
import { HANDOVER_PERM } from '@erp/contract/modules/handover';
import {
  CHANGE_TYPE,
  LIFECYCLE_PERM,
  lifecycleCalls,
  onboardingMeta,
  type QuitRecord,
  quitMeta,
  renewalMeta,
  transferMeta,
} from '@erp/contract/modules/lifecycle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, download } from '../../../app/api/client';
import { useHasAuth } from '../../../app/auth/auth';
import { FileUpload } from '../../../components/file-upload';
import { DateField, RecordDescriptions } from '../../../components/resource';
import './lifecycle-texts';
import { type Loaded, titleOf } from './lifecycle-rules';
import { INFO_LABELS, shown as shownInfo } from './on-duty-confirm-dialog';

/** Query key prefix of every lifecycle read (lists, details): one invalidation refreshes them all. */
export const LIFECYCLE_KEY = ['hr', 'lifecycle'] as const;
const OPEN_STATES = ['draft', 'approving', 'returned'];

/** Which detail call reads a document: by process (process centre) or by the list it is shown from. */
export type DetailSource = 'transfer' | 'adjustment' | 'quitInstance' | 'quitApply' | 'quit' | 'renewal' | 'admission';
export type DocRef = { id: number } | { processInstanceId: number };

/** Reads one lifecycle document with its flow through the module's own detail call. */
export async function loadLifecycle(source: DetailSource, ref: DocRef): Promise<Loaded> {
  switch (source) {
    case 'transfer':
      return { kind: 'move', ...(await api(lifecycleCalls.getTransferInstanceInfo, ref)) };
    case 'adjustment':
      return { kind: 'move', ...(await api(lifecycleCalls.getAdjustmentInfo, ref)) };
    case 'quitInstance':
      return { kind: 'quit', ...(await api(lifecycleCalls.getQuitInstanceInfo, ref)) };
    case 'quitApply':
      return { kind: 'quit', ...(await api(lifecycleCalls.getQuitApplyInfo, ref)) };
    case 'quit':
      return { kind: 'quit', ...(await api(lifecycleCalls.getQuitInfo, ref)) };
    case 'renewal':
      return { kind: 'renewal', ...(await api(lifecycleCalls.getRenewalInfo, ref)) };
    case 'admission':
      return { kind: 'onboarding', ...(await api(lifecycleCalls.getAdmissionInfo, ref)) };
  }
}

/** The attachments of a departure (file record ids), each downloaded under its stored name. */
function FileLinks({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation();
  if (!ids.length) return <Typography.Text type="secondary">{t('lifecycle.noFiles')}</Typography.Text>;
  return (
    <Space wrap size={0}>
      {ids.map((id, i) => (
        <Button key={id} type="link" size="small" onClick={() => void download(fileCalls.downLoadById, { id }).catch(() => undefined)}>
          {t('lifecycle.file', { n: i + 1 })}
        </Button>
      ))}
    </Space>
  );
}

/**
 * The files of a departure and, for HR while it is open, the upload of dismissal or departure files
 * (`quit/addDismissFile`): each upload is attached at once and then listed with the others.
 */
export function QuitFiles({ record }: { record: QuitRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useHasAuth();
  const client = useQueryClient();
  const [fresh, setFresh] = useState<FileEntry[]>([]);
  const attach = useMutation({
    mutationFn: (fileId: number) => api(lifecycleCalls.addDismissFile, { id: record.id, fileId }),
    onSuccess: async () => {
      message.success(t('lifecycle.dismissFileSaved'));
      setFresh([]);
      await client.invalidateQueries({ queryKey: LIFECYCLE_KEY });
    },
  });
  const canAttach = can(LIFECYCLE_PERM.manage) && OPEN_STATES.includes(record.state);
  return (
    <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('lifecycle.files')}>
        <div data-testid="quit-files">
          <FileLinks ids={record.fileIds} />
        </div>
        {canAttach && (
          <div style={{ marginTop: 8 }} data-testid="dismiss-file-upload">
            <FileUpload
              value={fresh}
              maxCount={Math.max(1, 10 - record.fileIds.length)}
              moduleName="hr"
              functionName="dismiss"
              deleteOnServer={false}
              buttonText={t('lifecycle.addDismissFile')}
              disabled={attach.isPending || record.fileIds.length >= 10}
              onChange={(files) => {
                setFresh(files);
                const last = files[files.length - 1];
                if (last && !record.fileIds.includes(last.id)) attach.mutate(last.id);
              }}
            />
            <Typography.Text type="secondary">{t('lifecycle.dismissFileHint')}</Typography.Text>
          </div>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * What a leaver still holds, for HR while the departure is open (issue 39): the application went in
 * regardless; successors are named on 离职交接 during the approval, and its last step waits for it.
 */
function QuitHoldings({ record }: { record: QuitRecord }) {
  const can = useHasAuth();
  const open = record.state === 'approving' || record.state === 'returned';
  const held = useQuery({
    queryKey: ['hr', 'lifecycle', 'quitHoldings', record.employeeId],
    queryFn: () => api(lifecycleCalls.checkQuitScaler, { employeeId: record.employeeId }),
    enabled: open && can(LIFECYCLE_PERM.list),
  });
  if (!held.data?.total) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="quit-holdings"
      title={`尚有未交接的事项：${held.data.holdings.map((h) => `${h.label}${h.count}项`).join('、')}；交接完成后才能确认离职`}
      action={
        can(HANDOVER_PERM.handover) && held.data.userId ? (
          <Link to={`/hrDocuments/handover?userId=${held.data.userId}&name=${encodeURIComponent(record.employeeName)}`}>办理离职交接</Link>
        ) : undefined
      }
    />
  );
}

/** One lifecycle document as its metadata describes it (pay masked by the server for readers without the right). */
export function LifecycleRecord({ loaded, extra, attachFiles = true }: { loaded: Loaded; extra?: ReactNode; attachFiles?: boolean }) {
  const { t } = useTranslation();
  const title = t(`lifecycle.title.${titleOf(loaded)}`);
  switch (loaded.kind) {
    case 'move':
      return <RecordDescriptions meta={transferMeta} record={loaded.record} title={title} extra={extra} testId="lifecycle-record" />;
    case 'quit':
      return (
        <>
          <RecordDescriptions
            meta={quitMeta}
            record={loaded.record}
            title={title}
            extra={extra}
            testId="lifecycle-record"
            render={{ quitKind: (v) => t(`lifecycle.quitKind.${String(v)}`, { defaultValue: String(v) }) }}
          />
          {attachFiles ? <QuitFiles record={loaded.record} /> : null}
          <QuitHoldings record={loaded.record} />
        </>
      );
    case 'renewal':
      return <RecordDescriptions meta={renewalMeta} record={loaded.record} title={title} extra={extra} testId="lifecycle-record" />;
    case 'onboarding':
      return (
        <>
          <RecordDescriptions
            meta={onboardingMeta}
            record={loaded.record}
            title={title}
            extra={extra}
            testId="lifecycle-record"
            omit={['source', 'linkExpiresAt', 'giveupReason']}
          />
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} title={t('lifecycle.hireInfo')} style={{ marginBottom: 16 }}>
            {Object.entries(INFO_LABELS).map(([key, label]) => (
              <Descriptions.Item key={key} label={label}>
                {shownInfo(loaded.info[key])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      );
  }
}

/** The correctable fields of a returned request (the names are againSubmit's). */
export function ResubmitFields({ loaded }: { loaded: Loaded }) {
  const { t } = useTranslation();
  const req = (key: string) => [{ required: true, message: t(`lifecycle.${key}`) }];
  if (loaded.kind === 'move')
    return (
      <>
        <Form.Item name="effectiveDate" label={t('lifecycle.effectiveDate')} rules={req('effectiveDateRequired')}>
          <DateField id="resubmit-effectiveDate" />
        </Form.Item>
        <Form.Item name="toPositionName" label={t('lifecycle.toPositionName')}>
          <Input maxLength={64} />
        </Form.Item>
        {loaded.record.changeType === CHANGE_TYPE.adjustment && loaded.record.toSalary !== null && (
          <Form.Item name="toSalary" label={t('lifecycle.toSalary')}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('lifecycle.transferReason')}
          rules={[{ required: true, whitespace: true, message: t('lifecycle.transferReasonRequired') }]}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </>
    );
  if (loaded.kind === 'quit')
    return (
      <>
        <Form.Item name="lastWorkDate" label={t('lifecycle.lastWorkDate')} rules={req('lastWorkDateRequired')}>
          <DateField id="resubmit-lastWorkDate" />
        </Form.Item>
        <Form.Item name="reason" label={t('lifecycle.quitReason')} rules={[{ required: true, whitespace: true, message: t('lifecycle.quitReasonRequired') }]}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        <Form.Item name="handoverNote" label={t('lifecycle.handoverNote')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </>
    );
  if (loaded.kind === 'renewal')
    return (
      <>
        <Form.Item name="newStartDate" label={t('lifecycle.newStartDate')} rules={req('newStartDateRequired')}>
          <DateField id="resubmit-newStartDate" />
        </Form.Item>
        <Form.Item name="newEndDate" label={t('lifecycle.newEndDate')} rules={req('newEndDateRequired')}>
          <DateField id="resubmit-newEndDate" />
        </Form.Item>
        <Form.Item name="remark" label={t('lifecycle.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </>
    );
  return null;
}
