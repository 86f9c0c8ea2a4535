import { authCalls } from '@erp/contract/modules/auth';
import { api } from '../api/client';
import { toastSuccess, toastWarning } from '../api/notify';
import { clearPermissions } from '../auth/permissions';
import i18n from '../i18n';
import { queryClient } from '../query-client';
import { clearSession } from '../session/session-store';
import { clearTabs } from './tabs-store';

/** Set while a deliberate logout leaves the shell, so the session guard sends the user to the logout page, not to a sign-in with redirect. */
let signingOut = false;
export function takeSigningOut(): boolean {
  const was = signingOut;
  signingOut = false;
  return was;
}

/**
 * Everything a session leaves in memory and storage: token, login info, button permissions, open
 * tabs (their kept-alive screens) and every cached query (menus, dictionaries, lists).
 */
export function endSession(): void {
  clearSession();
  clearPermissions();
  clearTabs();
  queryClient.clear();
}

/**
 * Logout (spec 000 §4): revoke the token, then clear token, stored session data, menus,
 * dictionaries (the query cache) and open tabs; "退出成功" for 2 s; /entry?status=logout.
 * A failed revoke keeps the session and warns "退出失败,请稍后重试！". A session of single sign-on
 * goes on to the provider's logout.
 */
export async function logout(navigate: (to: string, opts?: { replace?: boolean }) => void): Promise<boolean> {
  let endSessionUrl: string | undefined;
  try {
    endSessionUrl = (await api(authCalls.logout, {}, { silent: true }))?.endSessionUrl;
  } catch {
    toastWarning(i18n.t('logout.failure'));
    return false;
  }
  signingOut = true;
  endSession();
  toastSuccess(i18n.t('logout.success'), 2);
  // A session of single sign-on ends at the provider too, which sends the browser back to /entry?status=logout.
  if (endSessionUrl) location.assign(endSessionUrl);
  else navigate('/entry?status=logout', { replace: true });
  return true;
}
