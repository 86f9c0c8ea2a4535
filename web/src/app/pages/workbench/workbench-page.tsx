import { EditOutlined } from '@ant-design/icons';
import { baseCalls } from '@erp/contract/modules/base';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useLocalTitle } from '../../i18n';
import { queryKeys } from '../../query-keys';
import { frontApplications, type MenuRoute } from '../../registry/menu-routes';
import { isPendingRoute } from '../../registry/pending';
import { useTodoTotals, useUnreadCount } from '../../shell/counters';
import { MenuIcon } from '../../shell/menu-icon';
import { PendingBadge } from '../../shell/pending-badge';
import { useShellSession } from '../../shell/session-context';
import { NoticeTicker } from './notice-ticker';
import styles from './workbench-page.module.css';

/** The editor (antd Modal, Checkbox) loads when opened: the workbench's first paint does not need it. */
const ShortcutEditor = lazy(() => import('./shortcut-editor').then((m) => ({ default: m.ShortcutEditor })));

function AppTile({ app }: { app: Pick<MenuRoute, 'path' | 'title' | 'icon'> & { component?: string } }) {
  const title = useLocalTitle();
  return (
    <li>
      <Link to={app.path} className={styles.tile}>
        <span className={styles.tileIcon}>
          <MenuIcon name={app.icon} />
        </span>
        <span className={styles.tileTitle}>
          {title(app.title)}
          {isPendingRoute(app.path, app.component) && <PendingBadge />}
        </span>
      </Link>
    </li>
  );
}

/** /WorkBench/index: front applications, the user's shortcuts, notices and the to-do summary. */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const { info, menuRoutes } = useShellSession();
  const apps = useMemo(() => frontApplications(menuRoutes), [menuRoutes]);
  const [editing, setEditing] = useState(false);
  const shortcuts = useQuery({
    queryKey: queryKeys.workbenchShortcuts,
    queryFn: () => api(baseCalls.getAppIndexCustomList, {}, { silent: true }),
    retry: false,
  });
  const todo = useTodoTotals();
  const unread = useUnreadCount();

  return (
    <div className={styles.grid}>
      <section className={`${styles.panel} ${styles.welcome}`}>
        <h1 className={styles.hello}>{t('workbench.greeting', { name: info.realName || info.user_name })}</h1>
        <section aria-label={t('workbench.notices')} className={styles.notices}>
          <h2 className={styles.noticeLabel}>{t('workbench.notices')}</h2>
          <NoticeTicker />
        </section>
      </section>
      <section className={styles.panel} aria-labelledby="wb-todo" data-testid="todo-summary">
        <header className={styles.panelHead}>
          <h2 id="wb-todo" className={styles.cardTitle}>
            {t('workbench.todo')}
          </h2>
        </header>
        <ul className={styles.stats}>
          <li>
            <Link to="/backlog/index" className={styles.stat}>
              <strong>{todo.sum}</strong>
              <span>{t('workbench.todoCount')}</span>
            </Link>
          </li>
          <li>
            <Link to="/backlog/index" className={styles.stat}>
              <strong>{todo.ccTotal}</strong>
              <span>{t('workbench.ccCount')}</span>
            </Link>
          </li>
          <li>
            <Link to="/MessageCenter/index" className={styles.stat}>
              <strong>{unread}</strong>
              <span>{t('workbench.unread')}</span>
            </Link>
          </li>
        </ul>
      </section>
      <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="wb-shortcuts">
        <header className={styles.panelHead}>
          <h2 id="wb-shortcuts" className={styles.cardTitle}>
            {t('workbench.shortcuts')}
          </h2>
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!apps.length} data-testid="edit-shortcuts">
            {t('workbench.editShortcuts')}
          </Button>
        </header>
        {shortcuts.data?.length ? (
          <ul className={styles.tiles} data-testid="shortcuts">
            {shortcuts.data.map((s) => (
              <AppTile key={s.menuId} app={{ ...s, component: menuRoutes.find((r) => r.path === s.path)?.component }} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('workbench.noApps')}</p>
        )}
      </section>
      <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="wb-apps">
        <header className={styles.panelHead}>
          <h2 id="wb-apps" className={styles.cardTitle}>
            {t('workbench.apps')}
          </h2>
        </header>
        {apps.length ? (
          <ul className={styles.tiles} data-testid="front-apps">
            {apps.map((a) => (
              <AppTile key={a.menuId} app={a} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('workbench.noApps')}</p>
        )}
      </section>
      {editing && (
        <Suspense fallback={null}>
          <ShortcutEditor apps={apps} selected={(shortcuts.data ?? []).map((s) => s.menuId)} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
