import type { ReactNode } from 'react';
import { useHasAuth } from './permissions';

export { hasAuth, useHasAuth } from './permissions';

/** Renders its children only when the user holds `code` (or any of the codes); otherwise nothing, or `fallback`. */
export function Auth({ code, children, fallback = null }: { code: string | readonly string[]; children: ReactNode; fallback?: ReactNode }) {
  const check = useHasAuth();
  return <>{check(code) ? children : fallback}</>;
}
