import { useSyncExternalStore } from 'react';

/**
 * Button permissions of the signed-in user: codes granted at login plus the current menu's
 * buttons with funcStatus 1 (refreshed after each navigation). Codes compare case-insensitively.
 */
let granted = new Set<string>();
let menuGranted = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function emit(): void {
  version++;
  for (const l of listeners) l();
}

export function setLoginPermissions(codes: readonly string[]): void {
  granted = new Set(codes.map((c) => c.toLowerCase()));
  emit();
}

export function setMenuPermissions(buttons: ReadonlyArray<{ buttonAuthIdenti: string; funcStatus: number }>): void {
  menuGranted = new Set(buttons.filter((b) => b.funcStatus === 1).map((b) => b.buttonAuthIdenti.toLowerCase()));
  emit();
}

export function clearPermissions(): void {
  granted = new Set();
  menuGranted = new Set();
  emit();
}

/** True when the user holds the code, or any of the codes (spec 000 §6). A bad argument throws "need Auth". */
export function hasAuth(code: string | readonly string[]): boolean {
  const codes = typeof code === 'string' ? [code] : Array.isArray(code) ? code : null;
  if (!codes || codes.length === 0 || codes.some((c) => typeof c !== 'string' || c.trim() === '')) throw new Error('need Auth');
  return codes.some((c) => {
    const k = c.toLowerCase();
    return granted.has(k) || menuGranted.has(k);
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Re-renders when permissions change; returns the checker. */
export function useHasAuth(): typeof hasAuth {
  useSyncExternalStore(subscribe, () => version);
  return hasAuth;
}
