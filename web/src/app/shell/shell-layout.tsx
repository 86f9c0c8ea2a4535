import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Layout, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { readCookie, writeCookie } from '../session/cookies';
import { AiFloat } from './ai-float';
import { AppHeader } from './app-header';
import { KeptPages } from './kept-pages';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_COOKIE, SIDEBAR_WIDTH, showsAiEntry, showsSidebar } from './layout-rules';
import { navTrail, toMenuItems } from './nav-menu-items';
import { buildShellRoutes, type ShellRoute, toRouteObjects } from './route-table';
import { useShellSession } from './session-context';
import { ShellExtensions } from './shell-extensions';
import styles from './shell-layout.module.css';
import { TabsBar } from './tabs-bar';
import { useTabs, visit } from './tabs-store';
import { useIsMobile } from './use-media';
import { useNavigationEffects } from './use-navigation-effects';

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

export function ShellLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
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
  const sideItems = useMemo(() => toMenuItems(sideNav), [sideNav]);
  const drawerItems = useMemo(() => toMenuItems(session.nav), [session.nav]);

  if (!current) return <Navigate to="/404" replace />;
  if (current.redirect) return <Navigate to={`${current.redirect}${search}`} replace />;

  const sidebar = showsSidebar(pathname) && !mobile;
  const openKeys = trail.slice(0, -1).map((n) => n.key);
  const sideMenu = (items: typeof sideItems) => (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={openKeys}
      onClick={({ key }) => navigate(key)}
      inlineCollapsed={mobile ? false : collapsed}
      aria-label={t('header.menu')}
    />
  );
  const crumbs = [{ title: <Link to="/">{t('header.home')}</Link> }, ...(trail.length ? trail.map((n) => ({ title: n.title })) : [{ title: current.title }])];

  return (
    <Layout className={styles.root}>
      <AppHeader mobile={mobile} onOpenNav={() => setNavOpen(true)} />
      <Layout hasSider={sidebar}>
        {sidebar && (
          <Layout.Sider
            width={SIDEBAR_WIDTH}
            collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
            collapsed={collapsed}
            theme="light"
            className={styles.sider}
            data-testid="sidebar"
            trigger={null}
          >
            <nav aria-label={t('header.menu')} className={styles.siderNav}>
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
          </Layout.Sider>
        )}
        <Layout.Content className={styles.content}>
          <div className={styles.crumbs}>
            <Breadcrumb items={crumbs} />
          </div>
          <TabsBar tabs={tabs} activePath={pathname} />
          <main className={styles.page} id="main-content">
            <KeptPages tabs={tabs} activePath={pathname} routes={routeObjects} />
          </main>
        </Layout.Content>
      </Layout>
      {mobile && (
        <Drawer open={navOpen} onClose={() => setNavOpen(false)} placement="left" size={SIDEBAR_WIDTH + 40} title={t('header.menu')} data-testid="mobile-nav">
          {sideMenu(drawerItems)}
        </Drawer>
      )}
      {showsAiEntry(pathname) && <AiFloat />}
      <ShellExtensions />
    </Layout>
  );
}
