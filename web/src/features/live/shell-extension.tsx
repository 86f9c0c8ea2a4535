import type { LiveEvent } from '@erp/contract/modules/msg';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerMessages } from '../../app/i18n';
import { queryKeys } from '../../app/query-keys';
import { useLoginInfo } from '../../app/session/session-store';
import { LiveClient } from './live-client';
import { actionFor } from './live-events';
import { voiceStore } from './voice-store';

registerMessages('live', {
  'zh-CN': { title: '待办通知', theme: '主题', items: '事项', startTime: '开始时间', noticeUsers: '通知人员', memo: '备注', open: '去处理' },
  'en-US': { title: 'To-do notice', theme: 'Theme', items: 'Items', startTime: 'Start time', noticeUsers: 'Notice users', memo: 'Memo', open: 'Open' },
});

/** The popup's body (antd Descriptions) loads with the first to-do, not with the shell. */
const TodoNotice = lazy(() => import('./todo-notice').then((m) => ({ default: m.TodoNotice })));

/** Starts the live channel after sign-in: refreshes the bell and lists, shows to-do popups, feeds the voice store. */
export default function LiveChannel() {
  const info = useLoginInfo();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The handler changes with language and routing; the socket must not reconnect for that.
  const handle = useRef<(e: LiveEvent) => void>(() => undefined);

  handle.current = (event) => {
    const action = actionFor(event);
    if (action.kind === 'ignore') return;
    if (action.kind === 'voice') {
      voiceStore.push(action.content);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.msgUnread });
    void queryClient.invalidateQueries({ queryKey: queryKeys.msgNotices });
    void queryClient.invalidateQueries({ queryKey: ['msg', 'inbox'] });
    if (action.kind === 'todo') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bpmTotal });
      const key = `todo-${action.todo.messageId ?? Date.now()}`;
      const link = action.todo.link;
      notification.warning({
        key,
        title: t('live.title'),
        description: (
          <Suspense fallback={<p style={{ marginTop: 0 }}>{action.todo.content}</p>}>
            <TodoNotice
              todo={action.todo}
              onOpen={
                link
                  ? () => {
                      notification.destroy(key);
                      navigate(link);
                    }
                  : undefined
              }
            />
          </Suspense>
        ),
        duration: 0,
        // Bottom left: dialogs and forms keep their action buttons on the right, so a persistent notice never covers them.
        placement: 'bottomLeft',
      });
    }
  };

  const userCode = info?.user_code;
  const token = info?.access_token;
  useEffect(() => {
    if (!userCode || !token) return;
    const client = new LiveClient({ userCode, token, onEvent: (e) => handle.current(e) });
    client.start();
    return () => client.stop();
  }, [userCode, token]);

  return null;
}
