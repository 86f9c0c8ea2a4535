import { authCalls } from '@erp/contract/modules/auth';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { setMenuPermissions } from '../auth/permissions';
import { useLocalTitle } from '../i18n';
import { queryClient } from '../query-client';
import { queryKeys } from '../query-keys';
import { pageTitle } from './layout-rules';
import { checkVersion } from './version-check';

/**
 * After each navigation (spec 000 §2, §4): page title, the current menu's button permissions,
 * and the published-version check (reloads once on a new release).
 */
export function useNavigationEffects(pathname: string, title: string | undefined, menuId: number | undefined): void {
  const { t } = useTranslation();
  const local = useLocalTitle();

  useEffect(() => {
    document.title = pageTitle(title && local(title), t('app.name'));
  }, [title, t, local]);

  useEffect(() => {
    if (pathname.startsWith('/login')) return;
    void checkVersion();
  }, [pathname]);

  useEffect(() => {
    if (!menuId) {
      setMenuPermissions([]);
      return;
    }
    let stale = false;
    queryClient
      .fetchQuery({
        queryKey: queryKeys.session.functions(menuId),
        queryFn: () => api(authCalls.functionsByUser, { menuId }, { silent: true }),
        staleTime: 60_000,
      })
      .then((buttons) => {
        if (!stale) setMenuPermissions(buttons);
      })
      .catch(() => {
        if (!stale) setMenuPermissions([]);
      });
    return () => {
      stale = true;
    };
  }, [menuId]);
}
