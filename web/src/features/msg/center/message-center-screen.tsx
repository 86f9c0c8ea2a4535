import type { MessageItem, MsgType } from '@erp/contract/modules/msg';
import { App, Badge, Button, Input, Pagination, Segmented, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MSG_TYPE_KEYS } from '../msg-texts';
import '../msg-texts';
import styles from './message-center.module.css';
import { MessageDetail } from './message-detail';
import { MessageList } from './message-list';
import { useInbox, useInboxActions, useUnreadCounts } from './use-inbox';

const isMsgType = (v: string | null): v is MsgType => !!v && (MSG_TYPE_KEYS as readonly string[]).includes(v);

/**
 * /MessageCenter/index: tabs by type with unread counts, list by month (pinned first), search,
 * read filter, mark all read; the carousel's query (msgType, messageId, …) opens that message.
 */
export default function MessageCenterScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const initialType = params.get('msgType');
  const [msgType, setMsgType] = useState<MsgType>(isMsgType(initialType) ? initialType : '003');
  const [readStatus, setReadStatus] = useState<'all' | '0' | '1'>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<number | null>(null);

  // The carousel and to-do links carry the message to show.
  useEffect(() => {
    const type = params.get('msgType');
    if (isMsgType(type)) setMsgType(type);
    const id = Number(params.get('messageId'));
    if (Number.isInteger(id) && id > 0) setOpenId(id);
  }, [params]);

  const counts = useUnreadCounts();
  const unreadOf = (type: string) => counts.data?.find((c) => c.msgType === type)?.unReadNum ?? 0;
  const inbox = useInbox({ msgType, readStatus: readStatus === 'all' ? undefined : readStatus, keyword: keyword || undefined, ...page });
  const { markAll } = useInboxActions();

  const open = (m: MessageItem) => setOpenId(m.messageId);
  const close = () => {
    setOpenId(null);
    if (params.has('messageId')) {
      const next = new URLSearchParams(params);
      for (const k of ['messageId', 'userId', 'receiverId', 'readStatus']) next.delete(k);
      setParams(next, { replace: true });
    }
  };

  return (
    <div className={styles.page}>
      <Tabs
        activeKey={msgType}
        onChange={(k) => {
          setMsgType(k as MsgType);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
        items={MSG_TYPE_KEYS.map((k) => ({
          key: k,
          label: (
            <Badge count={unreadOf(k)} size="small" offset={[10, -2]}>
              <span>{t(`msg.type${k}`)}</span>
            </Badge>
          ),
        }))}
      />
      <div className={styles.toolbar}>
        <Input.Search
          allowClear
          placeholder={t('msg.search')}
          style={{ width: 260 }}
          maxLength={100}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
        />
        <Segmented
          value={readStatus}
          onChange={(v) => {
            setReadStatus(v as 'all' | '0' | '1');
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
          options={[
            { value: 'all', label: t('msg.all') },
            { value: '0', label: t('msg.unread') },
            { value: '1', label: t('msg.read') },
          ]}
        />
        <Button
          disabled={!unreadOf(msgType)}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(msgType, { onSuccess: () => message.success(t('msg.markedRead')) })}
        >
          {t('msg.markAllRead')}
        </Button>
      </div>
      <Spin spinning={inbox.isFetching && !inbox.data}>
        <MessageList groups={inbox.data?.records ?? []} onOpen={open} />
      </Spin>
      {(inbox.data?.total ?? 0) > page.pageSize && (
        <div className={styles.pager}>
          <Pagination
            current={page.pageIndex}
            pageSize={page.pageSize}
            total={inbox.data?.total ?? 0}
            showSizeChanger
            onChange={(pageIndex, pageSize) => setPage({ pageIndex, pageSize })}
          />
        </div>
      )}
      <MessageDetail messageId={openId} onClose={close} />
    </div>
  );
}
