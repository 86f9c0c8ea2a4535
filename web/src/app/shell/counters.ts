import { bpmCalls } from '@erp/contract/modules/bpm';
import { msgCalls } from '@erp/contract/modules/msg';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../query-keys';
import { useLoginInfo } from '../session/session-store';
import { unreadTotal } from './unread';

/** Unread messages for the bell. Failures are swallowed silently (spec 000 §8). */
export function useUnreadCount(): number {
  const info = useLoginInfo();
  const q = useQuery({
    queryKey: queryKeys.msgUnread,
    queryFn: () => api(msgCalls.getMsgAllNumber, { userCode: info?.user_code }, { silent: true }),
    enabled: !!info,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  return q.data ? unreadTotal(q.data) : 0;
}

/** To-do totals for the process-centre badge and the workbench summary. */
export function useTodoTotals(): { sum: number; ccTotal: number } {
  const q = useQuery({
    queryKey: queryKeys.bpmTotal,
    queryFn: () => api(bpmCalls.getAllUserTaskTotal, {}, { silent: true }),
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  return q.data ?? { sum: 0, ccTotal: 0 };
}
