import type { FileEntry } from '@erp/contract/modules/file';
import { type CONFIRMATION_MSG, type ConfirmationDetail, type ConfirmationForm, hrCalls, type PersonCard } from '@erp/contract/modules/hr';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Select, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { queryKeys } from '../../../app/query-keys';
import { useLoginInfo } from '../../../app/session/session-store';
import { useConfirmCancel } from '../../../components/file-upload';
import { FlowSteps, SignOffDialog, TransferDialog } from '../../../components/flow';
import type { RecordDialogProps } from '../../bpm/shared/process-dialogs';
import { RollbackDialog } from '../../bpm/shared/rollback-dialog';
import styles from './confirmation.module.css';
import { ConfirmationFields, type ConfirmationValues } from './confirmation-form';
import './confirmation-texts';
import { DraggableModal } from './draggable-modal';

const SUCCESS_SECONDS = 2;
const OTHER_SECONDS = 3;

function valuesOf(d: ConfirmationDetail): ConfirmationValues {
  const r = d.record;
  return {
    employeeId: r.employeeId,
    confirmType: r.confirmType,
    preConfirmateTime: r.preConfirmateTime ? dayjs(r.preConfirmateTime) : undefined,
    confirmateTime: r.confirmateTime ? dayjs(r.confirmateTime) : undefined,
    isReport: r.isReport,
    isChangeGrade: r.isChangeGrade,
    newGrade: r.newGrade,
    isChangeSalary: r.isChangeSalary,
    newSalary: r.newSalary,
    assessModel: r.assessModel,
    opinion: r.opinion,
    advantage: r.advantage,
    improvePoint: r.improvePoint,
    material: r.materialFile ? [r.materialFile] : [],
    materials: r.materialFiles,
  };
}

function formOf(v: ConfirmationValues, employeeId: number): ConfirmationForm {
  const ids = (files?: FileEntry[]) => (files ?? []).map((f) => f.id);
  return {
    employeeId,
    confirmType: v.confirmType ?? '',
    preConfirmateTime: v.preConfirmateTime?.format('YYYY-MM-DD') ?? '',
    confirmateTime: v.confirmateTime?.format('YYYY-MM-DD') ?? '',
    isReport: (v.isReport ?? '002') as '001' | '002',
    isChangeGrade: (v.isChangeGrade ?? '002') as '001' | '002',
    newGrade: v.isChangeGrade === '001' ? (v.newGrade ?? null) : null,
    isChangeSalary: (v.isChangeSalary ?? '002') as '001' | '002',
    newSalary: v.isChangeSalary === '001' ? (v.newSalary ?? null) : null,
    assessModel: v.assessModel ?? '',
    opinion: v.opinion ?? null,
    advantage: v.advantage ?? null,
    improvePoint: v.improvePoint ?? null,
    material: v.isReport === '001' ? (ids(v.material)[0] ?? null) : null,
    materials: v.isReport === '001' ? ids(v.materials) : [],
  };
}

function PersonInfo({ person }: { person: PersonCard }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} className={styles.card} bordered>
      <Descriptions.Item label={t('confirmation.name')}>{person.employeeName}</Descriptions.Item>
      <Descriptions.Item label={t('confirmation.company')}>{person.company || person.accreditcompany || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('confirmation.dept')}>{person.dept || person.accreditdept || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('confirmation.position')}>{person.positionName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('confirmation.entryTime')}>{person.entryTime || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('confirmation.probation')}>{t('confirmation.months', { n: person.probation })}</Descriptions.Item>
      <Descriptions.Item label={t('confirmation.rank')}>{person.rankName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('confirmation.category')}>
        {t(person.personCategory === '001' ? 'confirmation.regular' : 'confirmation.dispatched')}
      </Descriptions.Item>
      <Descriptions.Item label={t('confirmation.outsourced')}>{t(person.outSource === '001' ? 'confirmation.yes' : 'confirmation.no')}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Picks the person in start mode: on duty and on probation only (spec 000 §5). The applicant is
 * filled in when they are on that list themselves; a missing person is an error on this field.
 */
function PersonPicker({ value, onChange, error, self }: { value?: number; onChange(id: number): void; error: boolean; self?: number | null }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword);
  const people = useQuery({
    queryKey: ['hr', 'probationPeople', deferred],
    queryFn: () => api(hrCalls.positivePersonList, { keyword: deferred, pageIndex: 1, pageSize: 50 }),
  });
  const selfListed = !!self && !keyword && (people.data?.records ?? []).some((p) => p.employeeId === self);
  useEffect(() => {
    if (value === undefined && selfListed && self) onChange(self);
  }, [value, selfListed, self, onChange]);
  return (
    <Form.Item
      label={t('confirmation.person')}
      required
      htmlFor="confirmation-person"
      validateStatus={error && !value ? 'error' : undefined}
      help={error && !value ? t('confirmation.personRequired') : undefined}
    >
      <Select
        id="confirmation-person"
        status={error && !value ? 'error' : undefined}
        value={value}
        onChange={onChange}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        placeholder={t('confirmation.personRequired')}
        loading={people.isFetching}
        options={(people.data?.records ?? []).map((p) => ({ value: p.employeeId, label: `${p.employeeName}（${p.userCode}）${p.dept ? ` · ${p.dept}` : ''}` }))}
        data-testid="confirmation-person"
      />
    </Form.Item>
  );
}

/**
 * The confirmation-of-employment dialog in its six modes (spec 000 §4): start, detail (editable
 * again by the applicant after a send-back), approval, done, closed and cc.
 */
export default function ConfirmationDialog({ open, mode, processInstanceId, businessId, onClose, onDone }: RecordDialogProps) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const msg = (key: keyof typeof CONFIRMATION_MSG) => t(`confirmation.msg.${key}`);
  const qc = useQueryClient();
  const login = useLoginInfo();
  const [form] = Form.useForm<ConfirmationValues>();
  const [employeeId, setEmployeeId] = useState<number | undefined>();
  const [personMissing, setPersonMissing] = useState(false);
  const confirmCancel = useConfirmCancel();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<null | 'pass' | 'reject' | 'transfer' | 'rollback'>(null);

  const detail = useQuery({
    queryKey: ['hr', 'positive', processInstanceId, businessId],
    queryFn: () => api(hrCalls.positiveDetail, processInstanceId ? { instanceId: processInstanceId } : { businessId: Number(businessId) }),
    enabled: open && mode !== 'start' && (!!processInstanceId || !!businessId),
    // Always read the record afresh: someone may have acted on it a moment ago.
    staleTime: 0,
  });
  const d = detail.data;
  const startPerson = useQuery({
    queryKey: ['hr', 'person', employeeId],
    queryFn: () => api(hrCalls.positivePerson, { employeeId: employeeId as number }),
    enabled: mode === 'start' && !!employeeId,
  });
  const person = mode === 'start' ? (startPerson.data ?? null) : (d?.person ?? null);
  const isChangeGrade = Form.useWatch('isChangeGrade', form);
  const preview = useQuery({
    queryKey: ['hr', 'positiveFlow', employeeId, isChangeGrade],
    queryFn: () => api(hrCalls.positiveGetFlow, { key: 'Positive_Process', userCode: login?.user_code, employeeId, isChangeGrade }),
    enabled: mode === 'start' && !!employeeId,
  });

  // A request sent back to its applicant opens as an editable detail, whatever list it came from.
  const effective = mode === 'start' ? 'start' : d?.editable ? 'detail' : mode === 'approve' && d?.flow.taskKind !== 'approve' ? 'done' : mode;
  const editable = effective === 'start' || (effective === 'detail' && !!d?.editable);
  const taskId = d?.flow.taskId ?? null;
  const instanceId = d?.flow.processInstanceId ?? null;
  const rollbackCheck = useQuery({
    queryKey: ['hr', 'canRollback', instanceId, taskId],
    queryFn: () => api(hrCalls.positiveCanRollback, { instanceId: instanceId as number }),
    enabled: effective === 'approve' && !!instanceId,
    staleTime: 0,
  });

  useEffect(() => {
    if (d) form.setFieldsValue(valuesOf(d));
  }, [d, form]);
  // A cc recipient viewing the record finishes the cc task.
  useEffect(() => {
    if (mode === 'cc' && d?.flow.isCc && instanceId)
      void api(hrCalls.positiveFinishCc, { processInstanceId: instanceId }, { silent: true })
        .then(() => qc.invalidateQueries({ queryKey: queryKeys.bpmTotal }))
        .catch(() => undefined);
  }, [mode, d?.flow.isCc, instanceId, qc]);

  const finished = async (text: string) => {
    message.success(text, SUCCESS_SECONDS);
    await Promise.all([
      qc.invalidateQueries({ queryKey: ['bpm'] }),
      qc.invalidateQueries({ queryKey: ['hr'] }),
      qc.invalidateQueries({ queryKey: queryKeys.bpmTotal }),
    ]);
    onDone?.();
    onClose();
  };
  const guarded = async (work: () => Promise<void>) => {
    if (busy) return; // double submit is blocked while a call is running
    setBusy(true);
    try {
      await work();
    } catch {
      // the call already showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const validated = async (): Promise<ConfirmationValues | null> => {
    try {
      return await form.validateFields();
    } catch {
      message.warning(msg('invalidForm'), OTHER_SECONDS);
      return null;
    }
  };
  const submit = () =>
    guarded(async () => {
      if (effective === 'start' && !employeeId) setPersonMissing(true);
      const values = await validated();
      if (!values) return;
      if (effective === 'start') {
        if (!employeeId) {
          setPersonMissing(true);
          return;
        }
        await api(hrCalls.positiveStart, { list: [formOf(values, employeeId)], userCode: login?.user_code });
        await finished(msg('submitted'));
      } else if (taskId && d) {
        await api(hrCalls.positiveFinishTask, {
          finishTaskIndto: { key: 'Positive_Process', taskId, processId: instanceId ?? undefined, userCode: login?.user_code },
          form: formOf(values, d.record.employeeId),
        });
        await finished(msg('modified'));
      }
    });

  // Typed work is not dropped without asking (spec 000 §5 "是否确认取消？").
  const cancel = () => (editable ? confirmCancel(form.isFieldsTouched(), onClose) : onClose());
  const close = (
    <Button key="close" onClick={cancel} disabled={busy}>
      {t(effective === 'start' || effective === 'approve' ? 'confirmation.cancel' : 'confirmation.close')}
    </Button>
  );
  const footer = (() => {
    if (effective === 'start')
      return [
        <Button key="submit" type="primary" loading={busy} onClick={submit} data-testid="confirmation-submit">
          {t('confirmation.submit')}
        </Button>,
        close,
      ];
    if (effective === 'detail')
      return [
        ...(editable
          ? [
              <Button key="submit" type="primary" loading={busy} onClick={submit} data-testid="confirmation-submit">
                {t('confirmation.submit')}
              </Button>,
            ]
          : []),
        close,
      ];
    if (effective === 'approve' && taskId)
      return [
        <Button key="pass" type="primary" disabled={busy} onClick={() => setDialog('pass')} data-testid="confirmation-pass">
          {t('confirmation.pass')}
        </Button>,
        ...(rollbackCheck.data?.allowed
          ? [
              <Button key="rollback" disabled={busy} onClick={() => setDialog('rollback')} data-testid="confirmation-rollback">
                {t('confirmation.rollback')}
              </Button>,
            ]
          : []),
        <Button key="reject" danger disabled={busy} onClick={() => setDialog('reject')} data-testid="confirmation-reject">
          {t('confirmation.reject')}
        </Button>,
        <Button key="transfer" disabled={busy} onClick={() => setDialog('transfer')} data-testid="confirmation-transfer">
          {t('confirmation.transfer')}
        </Button>,
        close,
      ];
    return [close];
  })();

  const loading = mode !== 'start' && detail.isLoading;
  return (
    <DraggableModal
      open={open}
      title={t(`confirmation.title.${effective}`)}
      width="60%"
      onCancel={() => !busy && cancel()}
      maskClosable={false}
      footer={<Space wrap>{footer}</Space>}
      destroyOnHidden
    >
      <div data-testid="confirmation-body" data-mode={effective}>
        {loading ? (
          <Spin />
        ) : detail.isError ? (
          <div>{msg('personFailed')}</div>
        ) : (
          <>
            {effective === 'start' && <PersonPicker value={employeeId} onChange={setEmployeeId} error={personMissing} self={login?.employeeId} />}
            {person && <PersonInfo person={person} />}
            <Form form={form} layout="vertical" disabled={!editable} initialValues={{ isReport: '002', isChangeGrade: '002', isChangeSalary: '002' }}>
              <ConfirmationFields form={form} person={person} strict={editable} readOnly={!editable} />
            </Form>
            <div className={styles.section}>{t('confirmation.flow')}</div>
            {effective === 'start' ? (
              <FlowSteps steps={preview.data ?? []} variant="preview" loading={preview.isLoading} />
            ) : (
              <FlowSteps steps={d?.flow.steps ?? []} />
            )}
          </>
        )}
      </div>
      <SignOffDialog
        open={dialog === 'pass' || dialog === 'reject'}
        mode={dialog === 'reject' ? 'reject' : 'pass'}
        onClose={() => setDialog(null)}
        onSubmit={async (m) => {
          if (dialog === 'reject') {
            await api(hrCalls.positiveReject, { taskId: taskId as number, message: m });
            await finished(msg('rejected'));
          } else {
            await api(hrCalls.positiveFinishTask, {
              finishTaskIndto: {
                key: 'Positive_Process',
                taskId: taskId as number,
                message: m || undefined,
                processId: instanceId ?? undefined,
                userCode: login?.user_code,
              },
            });
            await finished(msg('passed'));
          }
        }}
      />
      <TransferDialog
        open={dialog === 'transfer'}
        onClose={() => setDialog(null)}
        onSubmit={async (target) => {
          await api(hrCalls.positiveTransfer, { taskId: taskId as number, ...target });
          await finished(msg('transferred'));
        }}
      />
      <RollbackDialog
        open={dialog === 'rollback'}
        taskId={taskId}
        onClose={() => setDialog(null)}
        onSubmit={async (sort, m) => {
          await api(hrCalls.positiveRollback, { taskId: taskId as number, rejectOrNot: '001', sort, message: m || undefined });
          await finished(t('confirmation.sentBack'));
        }}
      />
    </DraggableModal>
  );
}
