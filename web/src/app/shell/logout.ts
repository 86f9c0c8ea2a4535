import { authCalls } from '@erp/contract/modules/auth';
import { api } from '../api/client';
import { toastSuccess, toastWarning } from '../api/notify';
import { clearPermissions } from '../auth/permissions';
import i18n from '../i18n';
import { queryClient } from '../query-client';
import { clearSession } from '../session/session-store';
import { clearTabs } from './tabs-store';

/**
 * Logout (spec 000 §4): revoke the token, then clear token, stored session data, menus,
 * dictionaries (the query cache) and open tabs; "退出成功" for 2 s; /entry?status=logout.
 * A failed revoke keeps the session and warns "退出失败,请稍后重试！".
 */
export async function logout(navigate: (to: string, opts?: { replace?: boolean }) => void): Promise<boolean> {
  try {
    await api(authCalls.logout, {}, { silent: true });
  } catch {
    toastWarning(i18n.t('logout.failure'));
    return false;
  }
  clearSession();
  clearPermissions();
  clearTabs();
  queryClient.clear();
  toastSuccess(i18n.t('logout.success'), 2);
  navigate('/entry?status=logout', { replace: true });
  return true;
}
