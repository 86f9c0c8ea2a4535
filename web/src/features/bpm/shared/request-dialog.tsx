import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Popconfirm, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../app/api/client';
import { FlowSteps, SignOffDialog, TransferDialog } from '../../../components/flow';
import type { RecordDialogProps } from './process-dialogs';
import { RollbackDialog } from './rollback-dialog';
import { useTaskActions } from './use-task-actions';

/** A general request (no business module of its own): its flow and the commands I may use. */
export default function RequestDialog({ open, mode, processInstanceId, businessId, onClose, onDone }: RecordDialogProps) {
  const flow = useQuery({
    queryKey: ['bpm', 'flow', processInstanceId, businessId],
    queryFn: () => api(bpmCalls.getFlowData, processInstanceId ? { instanceId: processInstanceId } : { businessId: businessId ?? '' }),
    enabled: open && (!!processInstanceId || !!businessId),
    staleTime: 0,
  });
  const actions = useTaskActions(() => {
    onDone?.();
    onClose();
  });
  const [dialog, setDialog] = useState<null | 'pass' | 'reject' | 'transfer' | 'rollback'>(null);
  const data = flow.data;
  const taskId = data?.taskId ?? null;

  useEffect(() => {
    if (open && mode === 'cc' && data?.isCc && data.processInstanceId) void actions.finishCc(data.processInstanceId);
  }, [open, mode, data?.isCc, data?.processInstanceId, actions.finishCc]);

  const footer: React.ReactNode[] = [];
  if (data && taskId && data.taskKind === 'approve' && mode === 'approve') {
    footer.push(
      <Button key="pass" type="primary" onClick={() => setDialog('pass')}>
        通过
      </Button>,
      <Button key="rollback" onClick={() => setDialog('rollback')}>
        退回
      </Button>,
      <Button key="reject" danger onClick={() => setDialog('reject')}>
        驳回
      </Button>,
      <Button key="transfer" onClick={() => setDialog('transfer')}>
        转办
      </Button>,
    );
  }
  if (data && taskId && data.taskKind === 'resubmit') {
    footer.push(
      <Button key="resubmit" type="primary" onClick={() => actions.resubmit(taskId)}>
        重新提交
      </Button>,
    );
  }
  if (data?.canRevoke && data.processInstanceId) {
    const id = data.processInstanceId;
    footer.push(
      <Popconfirm key="revoke" title="确认撤回该申请？" onConfirm={() => actions.revoke(id)}>
        <Button>撤回</Button>
      </Popconfirm>,
    );
    if (data.status === 'running')
      footer.push(
        <Button key="urge" onClick={() => actions.urge(id)}>
          催办
        </Button>,
      );
  }
  footer.push(
    <Button key="close" onClick={onClose}>
      {mode === 'approve' ? '取消' : '关闭'}
    </Button>,
  );

  return (
    <Modal open={open} title="审批详情" width="60%" onCancel={onClose} footer={<Space wrap>{footer}</Space>} destroyOnHidden>
      {flow.isLoading ? <Spin /> : <FlowSteps steps={data?.steps ?? []} />}
      <SignOffDialog
        open={dialog === 'pass' || dialog === 'reject'}
        mode={dialog === 'reject' ? 'reject' : 'pass'}
        onClose={() => setDialog(null)}
        onSubmit={(m) => (dialog === 'reject' ? actions.reject(taskId as number, m) : actions.pass(taskId as number, m))}
      />
      <TransferDialog open={dialog === 'transfer'} onClose={() => setDialog(null)} onSubmit={(t) => actions.transfer(taskId as number, t)} />
      <RollbackDialog
        open={dialog === 'rollback'}
        taskId={taskId}
        onClose={() => setDialog(null)}
        onSubmit={(sort, m) => actions.rollback(taskId as number, sort, m)}
      />
    </Modal>
  );
}
