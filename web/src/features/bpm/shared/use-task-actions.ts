import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { queryKeys } from '../../../app/query-keys';
import type { AddSignerValues } from '../../../components/flow';
import '../bpm-texts';

/** The generic commands with their success toasts; lists, badge and flow refresh afterwards. */
export function useTaskActions(onDone?: () => void) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const after = async (text: string) => {
    message.success(text, 2);
    await Promise.all([qc.invalidateQueries({ queryKey: ['bpm'] }), qc.invalidateQueries({ queryKey: queryKeys.bpmTotal })]);
    onDone?.();
  };
  return {
    /** The toast and refresh of a command a business dialog ran through its own call. */
    after,
    pass: async (taskId: number, msg: string, more: { ccUserCodes?: string[]; form?: Record<string, string | number | number[]> } = {}) => {
      await api(bpmCalls.passTask, {
        taskId,
        message: msg || undefined,
        ccUserCodes: more.ccUserCodes?.length ? more.ccUserCodes : undefined,
        form: more.form,
      });
      await after(t('bpm.done.pass'));
    },
    delegate: async (taskId: number, v: { userCode: string; message: string }) => {
      await api(bpmCalls.delegateTask, { taskId, userCode: v.userCode, message: v.message || undefined });
      await after(t('bpm.done.delegate'));
    },
    removeSigner: async (taskId: number, v: { userCode: string; message: string }) => {
      await api(bpmCalls.removeSigner, { taskId, userCode: v.userCode, message: v.message || undefined });
      await after(t('bpm.done.removeSigner'));
    },
    reject: async (taskId: number, msg: string) => {
      await api(bpmCalls.rejectTask, { taskId, message: msg });
      await after(t('bpm.done.reject'));
    },
    rollback: async (taskId: number, sort: number, msg: string) => {
      await api(bpmCalls.rollbackTask, { taskId, sort, message: msg || undefined });
      await after(t('bpm.done.rollback'));
    },
    transfer: async (taskId: number, target: { transferUserCode: string; remark: string }) => {
      await api(bpmCalls.transferTask, { taskId, ...target });
      await after(t('bpm.done.transfer'));
    },
    addSigner: async (taskId: number, v: AddSignerValues) => {
      await api(bpmCalls.addSigner, { taskId, userCode: v.userCode, position: v.position, message: v.message || undefined });
      await after(t('bpm.done.addSigner'));
    },
    resubmit: async (taskId: number, form?: Record<string, string | number | boolean | null>) => {
      await api(bpmCalls.resubmitTask, { taskId, form });
      await after(t('bpm.done.resubmit'));
    },
    revoke: async (processInstanceId: number) => {
      await api(bpmCalls.revokeProcess, { processInstanceId });
      await after(t('bpm.done.revoke'));
    },
    urge: async (processInstanceId: number) => {
      const r = await api(bpmCalls.urgeProcess, { processInstanceId });
      message.success(t('bpm.done.urge', { n: r.notified }), 2);
    },
    finishCc: async (processInstanceId: number) => {
      await api(bpmCalls.finishCcTask, { processInstanceId }, { silent: true }).catch(() => undefined);
      await qc.invalidateQueries({ queryKey: queryKeys.bpmTotal });
    },
  };
}
