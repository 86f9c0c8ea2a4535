import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { api } from '../../../app/api/client';
import { queryKeys } from '../../../app/query-keys';

/** The generic commands with their success toasts; lists, badge and flow refresh afterwards. */
export function useTaskActions(onDone?: () => void) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const after = async (text: string) => {
    message.success(text, 2);
    await Promise.all([qc.invalidateQueries({ queryKey: ['bpm'] }), qc.invalidateQueries({ queryKey: queryKeys.bpmTotal })]);
    onDone?.();
  };
  return {
    pass: async (taskId: number, msg: string) => {
      await api(bpmCalls.passTask, { taskId, message: msg || undefined });
      await after('审批通过');
    },
    reject: async (taskId: number, msg: string) => {
      await api(bpmCalls.rejectTask, { taskId, message: msg });
      await after('已驳回');
    },
    rollback: async (taskId: number, sort: number, msg: string) => {
      await api(bpmCalls.rollbackTask, { taskId, sort, message: msg || undefined });
      await after('已退回');
    },
    transfer: async (taskId: number, t: { transferUserCode: string; remark: string }) => {
      await api(bpmCalls.transferTask, { taskId, ...t });
      await after('转办成功');
    },
    resubmit: async (taskId: number, form?: Record<string, string | number | boolean | null>) => {
      await api(bpmCalls.resubmitTask, { taskId, form });
      await after('提交成功');
    },
    revoke: async (processInstanceId: number) => {
      await api(bpmCalls.revokeProcess, { processInstanceId });
      await after('已撤回');
    },
    urge: async (processInstanceId: number) => {
      const r = await api(bpmCalls.urgeProcess, { processInstanceId });
      message.success(`已催办 ${r.notified} 位审批人`, 2);
    },
    finishCc: async (processInstanceId: number) => {
      await api(bpmCalls.finishCcTask, { processInstanceId }, { silent: true }).catch(() => undefined);
      await qc.invalidateQueries({ queryKey: queryKeys.bpmTotal });
    },
  };
}
