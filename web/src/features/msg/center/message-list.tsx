import { DeleteOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import type { MessageItem } from '@erp/contract/modules/msg';
import { App, Badge, Button, Empty, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './message-center.module.css';
import { useInboxActions } from './use-inbox';

/** Messages grouped by month; pinned first within the page, unread marked with a dot. */
export function MessageList({ groups, onOpen }: { groups: Array<{ month: string; messageList: MessageItem[] }>; onOpen: (m: MessageItem) => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { pin, remove } = useInboxActions();
  if (!groups.length) return <Empty description={t('msg.empty')} />;
  return (
    <div>
      {groups.map((g) => (
        <section key={g.month} className={styles.month}>
          <h3 className={styles.monthTitle}>{g.month}</h3>
          <ul className={styles.list}>
            {g.messageList.map((m) => (
              <li key={m.receiverId} className={styles.item} data-testid="message-item">
                <button type="button" className={styles.itemMain} onClick={() => onOpen(m)}>
                  <Badge dot={m.readStatus === '0'} offset={[4, 2]}>
                    <span className={m.readStatus === '0' ? styles.titleUnread : styles.title}>
                      {m.topFlag === '1' && <PushpinFilled className={styles.pinIcon} />}
                      {m.title}
                    </span>
                  </Badge>
                  <span className={styles.summary}>{m.summary}</span>
                </button>
                <time className={styles.time}>{m.createTime.replace('T', ' ').slice(0, 16)}</time>
                <span className={styles.actions}>
                  <Tooltip title={m.topFlag === '1' ? t('msg.unpin') : t('msg.pin')}>
                    <Button
                      type="text"
                      size="small"
                      aria-label={m.topFlag === '1' ? t('msg.unpin') : t('msg.pin')}
                      icon={m.topFlag === '1' ? <PushpinFilled /> : <PushpinOutlined />}
                      onClick={() => pin.mutate({ messageId: m.messageId, topFlag: m.topFlag === '1' ? '0' : '1' })}
                    />
                  </Tooltip>
                  <Tooltip title={t('msg.remove')}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      aria-label={t('msg.remove')}
                      icon={<DeleteOutlined />}
                      onClick={() =>
                        modal.confirm({
                          title: t('msg.confirmRemove'),
                          onOk: () => remove.mutateAsync(m.messageId).then(() => message.success(t('msg.removed'))),
                        })
                      }
                    />
                  </Tooltip>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
