import { authCalls, type MenuNode } from '@erp/contract/modules/auth';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { api, settle } from '../api/client';
import { ApiError } from '../api/errors';
import { setLoginPermissions } from '../auth/permissions';
import { takeEarlyMenus } from '../boot/early-start';
import { queryClient } from '../query-client';
import { queryKeys } from '../query-keys';
import { FIXED_REDIRECTS } from '../registry/fixed-routes';
import { preloadScreen } from '../registry/lazy-screen';
import { buildMenuRoutes, buildNav, type MenuRoute, type NavItem } from '../registry/menu-routes';
import { findScreen } from '../registry/screens';
import { clearSession, getLoginInfo, getToken, type LoginInfo, saveLogin, useLoginInfo } from '../session/session-store';
import { endSession, takeSigningOut } from './logout';

export interface ShellSession {
  info: LoginInfo;
  menus: MenuNode[];
  menuRoutes: MenuRoute[];
  nav: NavItem[];
}

const MustChangePassword = lazy(() => import('../pages/must-change-password'));

const SessionContext = createContext<ShellSession | null>(null);

export function useShellSession(): ShellSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useShellSession outside the signed-in shell');
  return session;
}

/** The stored login info when it belongs to this token (then no call is needed). */
function storedUser(token: string): LoginInfo | undefined {
  const stored = getLoginInfo();
  return stored && stored.access_token === token && stored.user_name ? stored : undefined;
}

/** Restores the user from stored login info, or by the token (spec 000 §4). */
async function restoreUser(token: string): Promise<LoginInfo> {
  const stored = storedUser(token);
  if (stored) return stored;
  const user = await api(authCalls.currentUser, {});
  if (!user.userId) throw new ApiError('NO_USER', 'no userId', 200, false);
  return saveLogin({ access_token: token, user });
}

/** The menu tree: the answer the page's inline script already requested when there is one (boot/early-start). */
function loadMenus(token: string): Promise<MenuNode[]> {
  const early = takeEarlyMenus(token);
  if (!early) return api(authCalls.menuTree, {});
  return early.then(
    (res) => settle(authCalls.menuTree, res),
    () => api(authCalls.menuTree, {}),
  );
}

const menusQuery = (token: string) => ({
  queryKey: [...queryKeys.session.menus(), token],
  // In parallel with the user: the menus need only the token.
  queryFn: () => loadMenus(token),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** Called before the first render: a returning user's menus are requested while React starts. */
export function prefetchSession(): void {
  const token = getToken();
  if (token) void queryClient.prefetchQuery(menusQuery(token));
}

function RedirectToEntry() {
  const location = useLocation();
  const [loggedOut] = useState(takeSigningOut);
  useEffect(() => {
    // No token (never signed in, expired or signed out elsewhere): nothing of a former session may linger (spec 000 §4).
    endSession();
  }, []);
  if (loggedOut) return <Navigate to="/entry?status=logout" replace />;
  const redirect = `${location.pathname}${location.search}`;
  return <Navigate to={`/entry?redirect=${encodeURIComponent(redirect)}`} replace />;
}

function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Spin size="large" description={t('common.loading')} />
    </div>
  );
}

function SessionLoader({ token, codeReady, children }: { token: string; codeReady: boolean; children: ReactNode }) {
  const user = useQuery({
    queryKey: [...queryKeys.session.user(), token],
    queryFn: () => restoreUser(token),
    // A returning user is known synchronously: the first render need not wait a tick for it.
    initialData: () => storedUser(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const menus = useQuery(menusQuery(token));
  const failed = user.error ?? menus.error;

  useEffect(() => {
    if (user.data) setLoginPermissions(user.data.buttons ?? []);
  }, [user.data]);

  useEffect(() => {
    if (!failed) return;
    // An expired token is handled by the API client (warning + redirect); anything else: log out and reload.
    if (failed instanceof ApiError && failed.code === '1004') return;
    clearSession();
    location.reload();
  }, [failed]);

  const session = useMemo<ShellSession | null>(() => {
    if (!user.data || !menus.data) return null;
    return { info: user.data, menus: menus.data, menuRoutes: buildMenuRoutes(menus.data), nav: buildNav(menus.data) };
  }, [user.data, menus.data]);

  if (!session || !codeReady) return <FullPageSpin />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** Guards the signed-in shell: no token → /entry with redirect; otherwise user and menus are loaded first. */
export function SessionGate({ children, prefetch }: { children: ReactNode; prefetch?: () => Promise<unknown> }) {
  useLoginInfo();
  const token = getToken();
  const { pathname } = useLocation();
  const [codeReady, setCodeReady] = useState(false);
  // While user and menus load, fetch the layout and the screen of a fixed route in parallel (no
  // waterfall). The shell shows once their code is there too: layout and first screen then appear
  // in one commit, where a screen suspending behind the layout would be revealed ~300 ms late
  // (React's Suspense fallback throttle).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first route matters; later ones load as usual
  useEffect(() => {
    if (!token) return;
    const screen = findScreen(FIXED_REDIRECTS[pathname] ?? pathname);
    void Promise.allSettled([prefetch?.(), screen && preloadScreen(screen)]).then(() => setCodeReady(true));
  }, [token]);
  if (!token) return <RedirectToEntry />;
  // Every other call answers 1005 until the password is changed: nothing of the shell loads before.
  if (storedUser(token)?.mustChangePassword) {
    return (
      <Suspense fallback={<FullPageSpin />}>
        <MustChangePassword />
      </Suspense>
    );
  }
  return (
    <SessionLoader token={token} codeReady={codeReady}>
      {children}
    </SessionLoader>
  );
}
