import type { LoginAnswer, SessionUser } from '@erp/contract';
import { useSyncExternalStore } from 'react';
import { readCookie, removeCookie, writeCookie } from './cookies';

/** Login info as kept locally (spec 000 §3). Both spellings of user name and roles are kept for older screens. */
export interface LoginInfo {
  access_token: string;
  user_name: string;
  username: string;
  userId: number;
  user_code: string;
  realName: string;
  roleCodes: string[];
  roles: string[];
  personCategory: string;
  outsource: string;
  /** Button permission codes granted at login. */
  buttons: string[];
  orgId: number | null;
  companyId: number | null;
  employeeId: number | null;
  /** A generated or administrator-set password: the password change comes before the shell. */
  mustChangePassword?: boolean;
}

export const TOKEN_KEY = 'access_token';
export const LOGIN_INFO_KEY = 'loginInfo';
export const TOKEN_COOKIE = 'ERP';
/** Set on sign-in and cleared on reload: greetings show only on the first login of the session. */
/** Keys kept when the session is cleared. */
export const PRESERVED_KEYS = ['lang', 'rememberedUser', 'erp.sso'];
export const FIRST_LOGIN_KEY = 'firstLoginOfSession';

/** Roles come from auth strings containing ROLE, with the first 5 characters removed (spec 000 §6). */
export function rolesFromAuths(auths: readonly string[]): string[] {
  return auths.filter((a) => a.includes('ROLE')).map((a) => a.slice(5));
}

export function toLoginInfo(token: string, user: SessionUser): LoginInfo {
  const roles = user.auths.length ? rolesFromAuths(user.auths) : user.roleCodes;
  return {
    access_token: token,
    user_name: user.user_name,
    username: user.user_name,
    userId: user.userId,
    user_code: user.user_code,
    realName: user.realName,
    roleCodes: roles,
    roles,
    personCategory: user.personCategory || '001',
    outsource: user.outsource || '000',
    buttons: user.buttons,
    orgId: user.orgId,
    companyId: user.companyId,
    employeeId: user.employeeId,
    mustChangePassword: user.mustChangePassword,
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedInfo: LoginInfo | null | undefined;

function emit(): void {
  cachedInfo = undefined;
  for (const l of listeners) l();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) ?? readCookie(TOKEN_COOKIE);
}

export function getLoginInfo(): LoginInfo | null {
  if (cachedInfo !== undefined) return cachedInfo;
  const raw = localStorage.getItem(LOGIN_INFO_KEY);
  try {
    cachedInfo = raw ? (JSON.parse(raw) as LoginInfo) : null;
  } catch {
    cachedInfo = null;
  }
  return cachedInfo;
}

export function saveLogin(answer: LoginAnswer | { access_token: string; user: SessionUser }): LoginInfo {
  const token = answer.access_token;
  const info = 'user' in answer ? toLoginInfo(token, answer.user) : toLoginInfo(token, answer);
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(LOGIN_INFO_KEY, JSON.stringify(info));
  writeCookie(TOKEN_COOKIE, token);
  emit();
  return info;
}

/** Clears the token (storage and cookie) and every locally kept session datum. */
export function clearSession(): void {
  // Device preferences (language) outlive the session; everything else goes.
  const keep = PRESERVED_KEYS.map((k) => [k, localStorage.getItem(k)] as const);
  localStorage.clear();
  for (const [k, v] of keep) if (v !== null) localStorage.setItem(k, v);
  sessionStorage.removeItem(FIRST_LOGIN_KEY);
  removeCookie(TOKEN_COOKIE);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginInfo(): LoginInfo | null {
  return useSyncExternalStore(subscribeSession, getLoginInfo);
}

/** Back-office entry: outsource 001 or the user code admin (spec 000 §1, §6). */
export function hasBackOfficeEntry(info: Pick<LoginInfo, 'outsource' | 'user_code'> | null): boolean {
  return !!info && (info.outsource === '001' || info.user_code === 'admin');
}
