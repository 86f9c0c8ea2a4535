import { useSyncExternalStore } from 'react';

/** Below 992 px the layout switches to mobile (spec 000 §2). */
export const MOBILE_QUERY = '(max-width: 991.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);

/** The system setting "reduce motion" (WCAG 2.3.3): antd's dialogs, menus and dropdowns then appear at once. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const usePrefersReducedMotion = () => useMediaQuery(REDUCED_MOTION_QUERY);
