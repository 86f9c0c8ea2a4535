import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Popconfirm, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { AddSignerDialog, DelegateDialog, FlowSteps, RemoveSignerDialog, SignOffDialog, TransferDialog } from '../../../components/flow';
import '../bpm-texts';
import { PassDialog } from './pass-dialog';
import type { RecordDialogProps } from './process-dialogs';
import { RequestSummary } from './request-fields';
import { RollbackDialog } from './rollback-dialog';
import { useTaskActions } from './use-task-actions';

type Step = 'pass' | 'reject' | 'transfer' | 'rollback' | 'addSigner' | 'delegate' | 'removeSigner';

/** A general request (no business module of its own): its flow and the commands I may use. */
export default function RequestDialog({
  open,
  mode,
  processInstanceId,
  businessId,
  onClose,
  onDone,
  body,
  onResubmit,
}: RecordDialogProps & {
  /** A business document's own view of the record, shown instead of the general request's fields. */
  body?: React.ReactNode;
  /**
   * A business document's own resubmission (its call, with the corrections made in `body`) instead of
   * the generic one; answers false when nothing was sent (the form is not valid).
   */
  onResubmit?: (taskId: number) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const flow = useQuery({
    queryKey: ['bpm', 'flow', processInstanceId, businessId],
    queryFn: () => api(bpmCalls.getFlowData, processInstanceId ? { instanceId: processInstanceId } : { businessId: businessId ?? '' }),
    enabled: open && (!!processInstanceId || !!businessId),
    staleTime: 0,
  });
  const instanceId = processInstanceId || flow.data?.processInstanceId || null;
  const detail = useQuery({
    queryKey: ['bpm', 'requestDetail', instanceId],
    queryFn: () => api(bpmCalls.requestDetail, { instanceId: instanceId as number }),
    enabled: open && !!instanceId && !body,
    staleTime: 0,
  });
  const actions = useTaskActions(() => {
    onDone?.();
    onClose();
  });
  const [dialog, setDialog] = useState<null | Step>(null);
  const data = flow.data;
  const taskId = data?.taskId ?? null;
  const approving = !!data && !!taskId && data.taskKind === 'approve' && mode === 'approve';
  // What this task allows beyond the usual commands: delegated to me, signers I may remove, editable fields.
  const options = useQuery({
    queryKey: ['bpm', 'taskOptions', taskId],
    queryFn: () => api(bpmCalls.taskOptions, { taskId: taskId as number }),
    enabled: open && approving,
    staleTime: 0,
  });
  const delegatedBy = options.data?.delegatedBy ?? null;
  const removable = options.data?.removableSigners ?? [];

  useEffect(() => {
    if (open && mode === 'cc' && data?.isCc && data.processInstanceId) void actions.finishCc(data.processInstanceId);
  }, [open, mode, data?.isCc, data?.processInstanceId, actions.finishCc]);

  const footer: React.ReactNode[] = [];
  if (approving) {
    const step = (key: Step, extra: { type?: 'primary'; danger?: boolean } = {}) => (
      <Button key={key} {...extra} onClick={() => setDialog(key)} data-testid={`request-${key}`}>
        {t(`bpm.${key}`)}
      </Button>
    );
    // A delegate only passes, which hands the task back to its owner.
    if (delegatedBy) footer.push(step('pass', { type: 'primary' }));
    else if (options.data) {
      footer.push(step('pass', { type: 'primary' }), step('rollback'), step('reject', { danger: true }), step('transfer'), step('delegate'), step('addSigner'));
      if (removable.length) footer.push(step('removeSigner'));
    }
  }
  if (data && taskId && data.taskKind === 'resubmit') {
    footer.push(
      <Button
        key="resubmit"
        type="primary"
        data-testid="request-resubmit"
        onClick={() =>
          onResubmit
            ? // A refusal was already shown by the API client; the dialog stays open to correct it.
              onResubmit(taskId)
                .then((sent) => (sent ? actions.after(t('bpm.done.resubmit')) : undefined))
                .catch(() => undefined)
            : actions.resubmit(taskId)
        }
      >
        {t('bpm.resubmit')}
      </Button>,
    );
  }
  if (data?.canRevoke && data.processInstanceId) {
    const id = data.processInstanceId;
    footer.push(
      <Popconfirm key="revoke" title={t('bpm.revokeConfirm')} onConfirm={() => actions.revoke(id)}>
        <Button>{t('bpm.revoke')}</Button>
      </Popconfirm>,
    );
    if (data.status === 'running')
      footer.push(
        <Button key="urge" onClick={() => actions.urge(id)}>
          {t('bpm.urge')}
        </Button>,
      );
  }
  footer.push(
    <Button key="close" onClick={onClose}>
      {t(mode === 'approve' ? 'bpm.cancel' : 'bpm.close')}
    </Button>,
  );

  return (
    <Modal open={open} title={t('bpm.detailTitle')} width="min(900px, 100%)" onCancel={onClose} footer={<Space wrap>{footer}</Space>} destroyOnHidden>
      {delegatedBy && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('bpm.delegatedBy', { name: delegatedBy.userName })}
          data-testid="request-delegated"
        />
      )}
      {open && body}
      {!body && detail.data && <RequestSummary detail={detail.data} />}
      <h3 style={{ margin: '0 0 8px', fontSize: 16 }}>{t('bpm.requestFlow')}</h3>
      {flow.isLoading ? <Spin /> : <FlowSteps steps={data?.steps ?? []} />}
      <PassDialog
        open={dialog === 'pass'}
        editableFields={delegatedBy ? [] : (options.data?.editableFields ?? [])}
        detail={body ? undefined : detail.data}
        allowCc={!delegatedBy}
        onClose={() => setDialog(null)}
        onSubmit={(v) => actions.pass(taskId as number, v.message, v)}
      />
      <SignOffDialog open={dialog === 'reject'} mode="reject" onClose={() => setDialog(null)} onSubmit={(m) => actions.reject(taskId as number, m)} />
      <DelegateDialog open={dialog === 'delegate'} onClose={() => setDialog(null)} onSubmit={(v) => actions.delegate(taskId as number, v)} />
      <RemoveSignerDialog
        open={dialog === 'removeSigner'}
        signers={removable}
        onClose={() => setDialog(null)}
        onSubmit={(v) => actions.removeSigner(taskId as number, v)}
      />
      <TransferDialog open={dialog === 'transfer'} onClose={() => setDialog(null)} onSubmit={(v) => actions.transfer(taskId as number, v)} />
      <AddSignerDialog open={dialog === 'addSigner'} onClose={() => setDialog(null)} onSubmit={(v) => actions.addSigner(taskId as number, v)} />
      <RollbackDialog
        open={dialog === 'rollback'}
        taskId={taskId}
        onClose={() => setDialog(null)}
        onSubmit={(sort, m) => actions.rollback(taskId as number, sort, m)}
      />
    </Modal>
  );
}
