import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useLocalTitle } from '../i18n';
import { readCookie, writeCookie } from '../session/cookies';
import { AiFloat } from './ai-float';
import { AppHeader } from './app-header';
import { Breadcrumbs } from './breadcrumbs';
import { KeptPages } from './kept-pages';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_COOKIE, SIDEBAR_WIDTH, showsAiEntry, showsSidebar } from './layout-rules';
import { navTrail, toMenuItems } from './nav-menu-items';
import { buildShellRoutes, missingRouteTarget, type ShellRoute, toRouteObjects } from './route-table';
import { useShellSession } from './session-context';
import { ShellExtensions } from './shell-extensions';
import styles from './shell-layout.module.css';
import { TabsBar } from './tabs-bar';
import { useTabs, visit } from './tabs-store';
import { useIsMobile } from './use-media';
import { useNavigationEffects } from './use-navigation-effects';

const MobileNav = lazy(() => import('./mobile-nav'));
const NavMenu = lazy(() => import('./nav-menu'));

/** Sidebar state is stored as 1 (open) or 0 (collapsed) (spec 000 §4). */
function useSidebarCollapsed(): [boolean, (next: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => readCookie(SIDEBAR_COOKIE) === '0');
  return [
    collapsed,
    (next) => {
      writeCookie(SIDEBAR_COOKIE, next ? '0' : '1', 365);
      setCollapsed(next);
    },
  ];
}

export default function ShellLayout() {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const location = useLocation();
  const { pathname, search } = location;
  const session = useShellSession();
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [navOpen, setNavOpen] = useState(false);
  const tabs = useTabs();

  const shellRoutes = useMemo(() => buildShellRoutes(session.menuRoutes), [session.menuRoutes]);
  const routeObjects = useMemo(() => toRouteObjects(shellRoutes), [shellRoutes]);
  const byPath = useMemo(() => new Map(shellRoutes.map((r) => [r.path, r] as const)), [shellRoutes]);
  const current: ShellRoute | undefined = byPath.get(pathname);
  const isScreen = !!current && !current.redirect;

  useEffect(() => {
    if (isScreen && current) visit({ path: pathname, search, title: current.title }, pathname);
  }, [isScreen, current, pathname, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mobile menu closes after each navigation
  useEffect(() => setNavOpen(false), [pathname]);
  useNavigationEffects(pathname, isScreen ? current?.title : undefined, current?.menuId);

  const trail = useMemo(() => navTrail(session.nav, pathname), [session.nav, pathname]);
  const sideNav = useMemo(() => {
    const top = session.nav.find((n) => pathname === n.key || pathname.startsWith(`${n.key}/`));
    return top?.children?.length ? top.children : session.nav;
  }, [session.nav, pathname]);
  const sideItems = useMemo(() => toMenuItems(sideNav, localTitle), [sideNav, localTitle]);
  const drawerItems = useMemo(() => toMenuItems(session.nav, localTitle), [session.nav, localTitle]);

  if (!current) return <Navigate to={missingRouteTarget(pathname)} replace />;
  if (current.redirect) return <Navigate to={`${current.redirect}${search}`} replace />;

  const sidebar = showsSidebar(pathname) && !mobile;
  const openKeys = trail.slice(0, -1).map((n) => n.key);
  const sideMenu = (items: typeof sideItems) => (
    <Suspense fallback={null}>
      <NavMenu mode="inline" items={items} selectedKey={pathname} openKeys={openKeys} collapsed={mobile ? false : collapsed} label={t('header.menu')} />
    </Suspense>
  );
  const crumbs = trail.length ? trail.map((n) => ({ key: n.key, title: n.title })) : [{ key: current.path, title: current.title }];

  return (
    <div className={styles.root}>
      <button type="button" className={styles.skip} onClick={() => document.getElementById('main-content')?.focus()}>
        {t('header.skip')}
      </button>
      <AppHeader mobile={mobile} onOpenNav={() => setNavOpen(true)} />
      <div className={styles.body}>
        {sidebar && (
          <aside
            className={styles.sider}
            style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
            data-testid="sidebar"
            data-collapsed={collapsed ? '1' : '0'}
          >
            <nav aria-label={t('sidebar.label')} className={styles.siderNav}>
              {sideMenu(sideItems)}
            </nav>
            <Button
              type="text"
              block
              className={styles.siderToggle}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
              aria-expanded={!collapsed}
              data-testid="sidebar-toggle"
            />
          </aside>
        )}
        <div className={styles.content}>
          <Breadcrumbs items={crumbs} pathname={pathname} />
          <TabsBar tabs={tabs} activePath={pathname} />
          <main className={styles.page} id="main-content" tabIndex={-1}>
            <KeptPages tabs={tabs} activePath={pathname} routes={routeObjects} />
          </main>
        </div>
      </div>
      {mobile && (
        <Suspense fallback={null}>
          <MobileNav open={navOpen} onClose={() => setNavOpen(false)}>
            {sideMenu(drawerItems)}
          </MobileNav>
        </Suspense>
      )}
      {showsAiEntry(pathname) && <AiFloat />}
      <ShellExtensions />
    </div>
  );
}
