import { BellOutlined, GlobalOutlined, MenuOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, type MenuProps } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { setLanguage, useLocalTitle } from '../i18n';
import { hasBackOfficeEntry } from '../session/session-store';
import styles from './app-header.module.css';
import { CountBadge } from './count-badge';
import { useTodoTotals, useUnreadCount } from './counters';
import { inTopMenu, isWorkbench } from './layout-rules';
import { logout } from './logout';
import { toMenuItems } from './nav-menu-items';
import { belowTrigger, PopupMenu, type PopupMenuState } from './popup-menu';
import { useShellSession } from './session-context';

const NavMenu = lazy(() => import('./nav-menu'));
const ChangePasswordDialog = lazy(() => import('../account/change-password-dialog'));

const DESKTOP_KEY = '/';
const REPORTS_KEY = '/statement/entrance';

/** The logo slogan animates after each route change and turns static 2 s later (spec 000 §2). */
function useSloganAnimating(pathname: string): boolean {
  const [animating, setAnimating] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts on every route change by design
  useEffect(() => {
    setAnimating(true);
    const timer = setTimeout(() => setAnimating(false), 2000);
    return () => clearTimeout(timer);
  }, [pathname]);
  return animating;
}

function WorkbenchTabs() {
  const { t } = useTranslation();
  const { info } = useShellSession();
  const { sum } = useTodoTotals();
  return (
    <nav className={styles.workbenchTabs} aria-label={t('header.front')}>
      <Link to="/WorkBench/index" className={`${styles.workbenchTab} ${styles.active}`} aria-current="page">
        {t('header.front')}
      </Link>
      {hasBackOfficeEntry(info) && (
        <a href="#/WorkBench/home" target="_blank" rel="noopener" className={styles.workbenchTab} data-testid="back-office-tab">
          {t('header.back')}
          <span className="sr-only">{t('header.openNewWindow')}</span>
        </a>
      )}
      <a href="#/backlog/index" target="_blank" rel="noopener" className={styles.workbenchTab} data-testid="process-tab">
        <span className={styles.tabText}>
          {t('header.process')}
          <CountBadge count={sum} label={t('workbench.todoCount')} />
        </span>
        <span className="sr-only">{t('header.openNewWindow')}</span>
      </a>
    </nav>
  );
}

export function AppHeader({ mobile, onOpenNav }: { mobile: boolean; onOpenNav: () => void }) {
  const { t, i18n } = useTranslation();
  const localTitle = useLocalTitle();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { info, nav } = useShellSession();
  const unread = useUnreadCount();
  const animating = useSloganAnimating(pathname);

  const topItems = useMemo<NonNullable<MenuProps['items']>>(
    () => [
      { key: DESKTOP_KEY, label: t('header.desktop') },
      ...toMenuItems(
        nav.filter((n) => inTopMenu(n.key)),
        localTitle,
        false,
      ),
      { key: REPORTS_KEY, label: t('header.reports') },
    ],
    [nav, t, localTitle],
  );
  const selectedTop = nav.find((n) => pathname === n.key || pathname.startsWith(`${n.key}/`))?.key ?? (isWorkbench(pathname) ? DESKTOP_KEY : '');

  const confirmLogout = () => {
    modal.confirm({
      title: t('logout.confirm'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      onOk: () => logout(navigate),
    });
  };

  const [userMenu, setUserMenu] = useState<PopupMenuState | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const closeUserMenu = useCallback(() => setUserMenu(null), []);
  const onUserMenu = (key: string) => {
    if (key === 'home') navigate('/');
    else if (key === 'personal') navigate('/PersonalCenter/FirstPage');
    else if (key === 'password') setChangingPassword(true);
    else if (key === 'logout') confirmLogout();
  };

  return (
    <header className={styles.header}>
      {mobile && <Button type="text" className={styles.iconButton} icon={<MenuOutlined />} aria-label={t('header.menu')} onClick={onOpenNav} />}
      <Link to="/" className={styles.logo}>
        <span className={styles.logoMark} aria-hidden>
          信
        </span>
        <span className={styles.logoText}>
          <span className={styles.name}>{t('app.name')}</span>
          {!mobile && (
            <span className={animating ? styles.sloganDynamic : styles.sloganStatic} data-testid="slogan" data-state={animating ? 'dynamic' : 'static'}>
              {t('app.slogan')}
            </span>
          )}
        </span>
      </Link>
      <div className={styles.middle}>
        {isWorkbench(pathname) ? (
          <WorkbenchTabs />
        ) : (
          !mobile && (
            <Suspense fallback={null}>
              <NavMenu mode="horizontal" className={styles.topMenu} items={topItems} selectedKey={selectedTop} label={t('header.menu')} />
            </Suspense>
          )
        )}
      </div>
      <div className={styles.actions}>
        <a href="#/MessageCenter/index" target="_blank" rel="noopener" className={styles.iconLink} data-testid="bell">
          <BellOutlined className={styles.icon} aria-hidden />
          <span className="sr-only">{`${t('header.messages')}${t('header.openNewWindow')}`}</span>
          <CountBadge count={unread} label={t('workbench.unread')} />
        </a>
        <Link to="/helpCenter/recept" className={styles.iconLink} aria-label={t('header.help')}>
          <QuestionCircleOutlined className={styles.icon} />
        </Link>
        <Button
          type="text"
          className={styles.iconButton}
          icon={<GlobalOutlined />}
          onClick={() => setLanguage(i18n.language === 'en-US' ? 'zh-CN' : 'en-US')}
          aria-label={t('header.language')}
        >
          {!mobile && t('header.language')}
        </Button>
        <Button
          type="text"
          className={styles.user}
          data-testid="user-menu"
          aria-haspopup="menu"
          aria-expanded={!!userMenu}
          onClick={(e) => setUserMenu(userMenu ? null : belowTrigger(e.currentTarget, true))}
        >
          <span className={styles.avatar} aria-hidden>
            <UserOutlined />
          </span>
          {!mobile && <span>{info.realName || info.user_name}</span>}
        </Button>
        <PopupMenu
          state={userMenu}
          label={t('header.userMenu')}
          onClose={closeUserMenu}
          onSelect={onUserMenu}
          testId="user-menu-list"
          items={[
            { key: 'home', label: t('header.home') },
            { key: 'personal', label: t('header.personal') },
            { key: 'password', label: t('header.changePassword') },
            { key: 'logout', label: t('header.logout'), danger: true, divided: true },
          ]}
        />
        {changingPassword && (
          <Suspense fallback={null}>
            <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
