import { SESSION_EXPIRED_CODE } from '@erp/contract/common';
import i18n from '../i18n';
import { clearSession } from '../session/session-store';
import { ssoEnabled, ssoLogoutAddress } from '../session/sso';
import { type FieldError, fieldErrorsOf, fieldErrorText } from './field-errors';
import { toastError, toastsVisible, toastWarning } from './notify';

/** A failed call: `code` from the envelope (or `HTTP_<status>` / `NETWORK`), and whether the user was already told. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** True when the shell has already shown (or deliberately not shown) the failure. */
    readonly handled: boolean,
    /** The request fields the refusal is about (`data.errors` of the envelope): a form shows each under its field. */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const EXPIRY_WARNING_SECONDS = 1.5;
/** How long an expiry waits for the app to mount and draw its warning before leaving anyway. */
const APP_MOUNT_WAIT_MS = 10_000;
let expiring: Promise<void> | null = null;

/**
 * Where an expired session goes: the provider's logout when the server signs in through one (it
 * comes back to /entry?status=logout), a logout address fixed at build time, else our entry page.
 */
export function ssoLogoutTarget(redirect: string): string {
  if (ssoEnabled()) return ssoLogoutAddress(redirect);
  const sso = import.meta.env.VITE_SSO_LOGOUT_URL;
  if (sso) {
    const back = `${location.origin}${location.pathname}#/entry?redirect=${encodeURIComponent(redirect)}`;
    return `${sso}${sso.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(back)}`;
  }
  return `#/entry?redirect=${encodeURIComponent(redirect)}`;
}

function currentHashPath(): string {
  const path = location.hash.replace(/^#/, '') || '/';
  return path.startsWith('/entry') || path.startsWith('/login') ? '/' : path;
}

/**
 * Code 1004: one warning for 1.5 s, token cleared, then the single sign-on logout address with
 * the current page as redirect. Calls failing meanwhile join the pending one (queued, deduplicated).
 */
export function sessionExpired(): Promise<void> {
  if (expiring) return expiring;
  const redirect = currentHashPath();
  toastWarning(i18n.t('error.sessionExpired'), EXPIRY_WARNING_SECONDS, 'session-expired');
  clearSession();
  // The 1.5 s count from when the warning is drawn: a call made before the app mounted (the early
  // menu request of a reload) would otherwise leave before the user ever saw why.
  expiring = toastsVisible(APP_MOUNT_WAIT_MS)
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, EXPIRY_WARNING_SECONDS * 1000)))
    .then(() => {
      const target = ssoLogoutTarget(redirect);
      if (target.startsWith('#')) location.hash = target.slice(1);
      else location.assign(target);
      expiring = null;
    });
  return expiring;
}

/** True while an expiry redirect is pending (screens may skip their own error UI). */
export const isSessionExpiring = () => expiring !== null;

export interface FailureOptions {
  /** Do not toast (the caller shows the failure itself, e.g. a form field or a silent counter). */
  silent?: boolean;
}

/** Applies spec 000 §8 to a non-success answer and returns the error to throw. */
export function failure(status: number, code: string | undefined, message: string | undefined, opts: FailureOptions = {}, data?: unknown): ApiError {
  if (code === SESSION_EXPIRED_CODE) {
    void sessionExpired();
    return new ApiError(code, message ?? '', status, true);
  }
  if (status === 401) return new ApiError(code ?? 'HTTP_401', message ?? '', status, true);
  if (status === 503) {
    const text = message || i18n.t('error.unavailable');
    if (!opts.silent) toastError(text, 5);
    return new ApiError(code ?? 'HTTP_503', text, status, !opts.silent);
  }
  const fieldErrors = fieldErrorsOf(data);
  // A refusal of fields reads as what is wrong with them (手机号格式不正确), never as the envelope's
  // technical summary (参数校验失败：data.phone: …); the form shows each under its field too (issue 39).
  const text = fieldErrors.length ? fieldErrorText(fieldErrors) : message || i18n.t('error.generic', { status });
  if (!opts.silent) toastError(text, 5);
  return new ApiError(code ?? `HTTP_${status}`, text, status, !opts.silent, fieldErrors);
}
