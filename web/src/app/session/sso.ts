import { SSO_LOGIN_PATH, SSO_LOGOUT_PATH } from '@erp/contract/modules/auth';

/** Kept across sign-outs (PRESERVED_KEYS): an expired session must still find the provider's logout. */
export const SSO_KEY = 'erp.sso';

/** Remembers whether the server signs people in through the company's provider (from systemInfo, on /entry). */
export function rememberSso(enabled: boolean): void {
  if (enabled) localStorage.setItem(SSO_KEY, '1');
  else localStorage.removeItem(SSO_KEY);
}

export const ssoEnabled = (): boolean => localStorage.getItem(SSO_KEY) === '1';

/** The server's start of single sign-on; it comes back to /entry?access_token=…&redirect=… */
export const ssoLoginAddress = (redirect: string): string =>
  `${SSO_LOGIN_PATH}${redirect && redirect !== '/' ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;

/** The provider's logout, back to /entry?status=logout (with the page to return to). */
export const ssoLogoutAddress = (redirect: string): string => `${SSO_LOGOUT_PATH}?redirect=${encodeURIComponent(redirect)}`;
