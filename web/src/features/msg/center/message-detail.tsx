import { msgCalls } from '@erp/contract/modules/msg';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api/client';
import { FileUpload } from '../../../components/file-upload';
import { SafeHtml } from '../safe-html';
import { useRefreshMessages } from './use-inbox';

/** One message, marked as read when opened. */
export function MessageDetail({ messageId, onClose }: { messageId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshMessages();
  const q = useQuery({
    queryKey: ['msg', 'detail', messageId],
    queryFn: () => api(msgCalls.infoAndUpdateReceiveReadStatus, { messageId: messageId as number }, { silent: true }),
    enabled: messageId !== null,
    retry: false,
  });
  const loadedAt = q.data ? q.dataUpdatedAt : 0;
  // Opening marks it read on the server: refresh counts and lists once the answer is in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh once per loaded message
  useEffect(() => {
    if (loadedAt) refresh();
  }, [loadedAt]);

  const m = q.data;
  return (
    <Modal open={messageId !== null} title={m?.title} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {q.isLoading && <Spin />}
      {q.isError && <Empty description={t('msg.notFound')} />}
      {m && (
        <div data-testid="message-detail">
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'sender', label: t('msg.sender'), children: m.senderName ?? '-' },
              { key: 'time', label: t('msg.time'), children: m.createTime.replace('T', ' ').slice(0, 19) },
            ]}
          />
          <SafeHtml html={m.content} className="msg-content" />
          {m.attachments.length > 0 && (
            <>
              <h4>{t('msg.attachments')}</h4>
              <FileUpload value={m.attachments} readOnly />
            </>
          )}
          {m.link && (
            <Button
              type="primary"
              style={{ marginTop: 16 }}
              onClick={() => {
                onClose();
                navigate(m.link as string);
              }}
            >
              {/* A detail page is to look at; anything else (the backlog) is to act on. */}
              {t(m.link.startsWith('/DetailsPage') ? 'msg.viewDetails' : 'msg.handle')}
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}
