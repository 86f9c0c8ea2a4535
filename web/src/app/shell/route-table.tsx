import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useHasAuth } from '../auth/permissions';
import { AREA_NAMES, type Area, FIXED_REDIRECTS, FIXED_ROUTES } from '../registry/fixed-routes';
import { lazyScreen } from '../registry/lazy-screen';
import type { MenuRoute } from '../registry/menu-routes';
import { findScreen } from '../registry/screens';
import type { ScreenDef } from '../registry/types';
import { FirstScreenMarker } from './first-screen';
import { showsSidebar } from './layout-rules';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { ScreenSpin } from './screen-spin';

/** Lazy too: antd Result (with its illustrations) stays out of the first screens. */
const PlaceholderPage = lazy(() => import('../pages/placeholder-page'));
const NoPermissionPage = lazy(() => import('../pages/no-permission-page'));

/** One route of the signed-in shell: a screen (registered or placeholder) or a redirect. */
export interface ShellRoute {
  path: string;
  title: string;
  /** Set for routes that come from the menu list (button permissions are per menu). */
  menuId?: number;
  redirect?: string;
  screen?: ScreenDef;
  /** Area named by the placeholder while no screen is registered. */
  areaName: string;
}

const MENU_AREAS: Record<string, Area> = {
  base: 'base',
  bpm: 'bpm',
  hr: 'hr',
  msg: 'msg',
  recruit: 'recruit',
  finance: 'finance',
  salary: 'salary',
  assets: 'assets',
  report: 'report',
};

function areaOfComponent(component: string): string {
  const prefix = component.replace(/^\//, '').split('/')[0] ?? '';
  const area = MENU_AREAS[prefix];
  return area ? AREA_NAMES[area] : prefix || AREA_NAMES.shell;
}

/** Fixed routes of spec 000 §2 plus the routes made from the user's menus (menus win for menuId/title). */
export function buildShellRoutes(menuRoutes: readonly MenuRoute[]): ShellRoute[] {
  const byPath = new Map<string, ShellRoute>();
  for (const r of FIXED_ROUTES) {
    if (r.public) continue;
    byPath.set(r.path, { path: r.path, title: r.title, screen: findScreen(r.path), areaName: AREA_NAMES[r.area] });
  }
  for (const [from, to] of Object.entries(FIXED_REDIRECTS)) byPath.set(from, { path: from, title: '', redirect: to, areaName: '' });
  for (const m of menuRoutes) {
    const existing = byPath.get(m.path);
    if (m.redirect) {
      if (!existing) byPath.set(m.path, { path: m.path, title: m.title, redirect: m.redirect, menuId: m.menuId, areaName: '' });
      continue;
    }
    if (existing && !existing.redirect) {
      byPath.set(m.path, { ...existing, title: m.title || existing.title, menuId: m.menuId });
      continue;
    }
    if (existing?.redirect) continue;
    byPath.set(m.path, {
      path: m.path,
      title: m.title,
      menuId: m.menuId,
      screen: findScreen(m.path) ?? findScreen(m.component),
      areaName: areaOfComponent(m.component),
    });
  }
  return [...byPath.values()];
}

function ScreenHost({ route }: { route: ShellRoute }) {
  const allowed = useHasAuth();
  const permission = route.screen?.permission;
  const Screen = permission && !allowed(permission) ? NoPermissionPage : route.screen ? lazyScreen(route.screen) : null;
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<ScreenSpin />}>
        {Screen ? <Screen /> : <PlaceholderPage area={route.areaName} title={route.title} />}
        <FirstScreenMarker />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** Route objects for useRoutes: screens, redirects, and unknown paths → /404. */
export function toRouteObjects(routes: readonly ShellRoute[]): RouteObject[] {
  const objects: RouteObject[] = routes.map((r) => {
    const element: ReactNode = r.redirect ? <Navigate key={r.path} to={r.redirect} replace /> : <ScreenHost key={r.path} route={r} />;
    return { path: r.path, element };
  });
  objects.push({ path: '*', element: <Navigate to="/404" replace /> });
  return objects;
}

/** Where a path the user's routes lack leads: a back-office screen of another role is a 403, anything else a 404. */
export function missingRouteTarget(pathname: string): string {
  return showsSidebar(pathname) || pathname.startsWith('/MessageCenter/') ? '/noPermission' : '/404';
}
