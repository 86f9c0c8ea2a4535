import { type MsgType, msgCalls } from '@erp/contract/modules/msg';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { queryKeys } from '../../../app/query-keys';

export interface InboxQuery {
  msgType: MsgType;
  readStatus?: '0' | '1';
  keyword?: string;
  pageIndex: number;
  pageSize: number;
}

export const inboxKey = (q: InboxQuery) => ['msg', 'inbox', q] as const;

export function useInbox(q: InboxQuery) {
  return useQuery({ queryKey: inboxKey(q), queryFn: () => api(msgCalls.pageByMonth, q), placeholderData: keepPreviousData });
}

export function useUnreadCounts() {
  return useQuery({ queryKey: queryKeys.msgUnread, queryFn: () => api(msgCalls.getMsgAllNumber, {}, { silent: true }), retry: false });
}

/** After any change: the bell, the tabs, the carousel and the lists. */
export function useRefreshMessages() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.msgUnread });
    void client.invalidateQueries({ queryKey: queryKeys.msgNotices });
    void client.invalidateQueries({ queryKey: ['msg', 'inbox'] });
  };
}

export function useInboxActions() {
  const refresh = useRefreshMessages();
  const markAll = useMutation({ mutationFn: (msgType: MsgType) => api(msgCalls.receiveReadStatus, { msgType }), onSuccess: refresh });
  const pin = useMutation({ mutationFn: (v: { messageId: number; topFlag: '0' | '1' }) => api(msgCalls.updateTopFlag, v), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (messageId: number) => api(msgCalls.delete, { messageId, scope: 'mine' }), onSuccess: refresh });
  return { markAll, pin, remove };
}
