import { msgCalls } from '@erp/contract/modules/msg';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { queryKeys } from '../../query-keys';
import styles from './workbench-page.module.css';

/** At most 3 notices, 40 px each, rotating vertically every 5 s (spec 000 §2). Hand-made: antd Carousel is too heavy for the first screen. */
export const NOTICE_LIMIT = 3;
export const NOTICE_HEIGHT = 40;
export const NOTICE_INTERVAL_MS = 5000;

export function noticeHref(n: { msgType: string; messageId: number; userId: number; receiverId: number; readStatus: string }): string {
  const q = new URLSearchParams({
    msgType: n.msgType,
    messageId: String(n.messageId),
    userId: String(n.userId),
    receiverId: String(n.receiverId),
    readStatus: n.readStatus,
  });
  return `/MessageCenter/index?${q.toString()}`;
}

export function NoticeTicker() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const notices = useQuery({
    queryKey: queryKeys.msgNotices,
    queryFn: () => api(msgCalls.getSystemMessageList, { limit: NOTICE_LIMIT }, { silent: true }),
    retry: false,
  });
  const items = (notices.data ?? []).slice(0, NOTICE_LIMIT);

  useEffect(() => {
    if (items.length < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), NOTICE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [items.length, paused]);

  if (!items.length) return <div className={styles.noticeEmpty}>{t('workbench.noNotice')}</div>;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing on hover/focus only, the links stay the interactive elements
    <div
      className={styles.ticker}
      style={{ height: NOTICE_HEIGHT }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="notice-ticker"
    >
      <ul className={styles.tickerTrack} style={{ transform: `translateY(-${(index % items.length) * NOTICE_HEIGHT}px)` }}>
        {items.map((n) => (
          <li key={n.receiverId} style={{ height: NOTICE_HEIGHT }} className={styles.tickerItem}>
            <Link to={noticeHref(n)} className={styles.tickerLink}>
              {n.readStatus === '0' && <span className={styles.unreadDot} aria-hidden />}
              <span className={styles.tickerTitle}>{n.title}</span>
              <time className={styles.tickerTime}>{n.createTime.slice(0, 10)}</time>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
