import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the first screen of this page load has rendered. Work that must not compete with it
 * (the features' shell extensions) waits for this signal.
 */
let shown = false;
const listeners = new Set<() => void>();

export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const l of listeners) l();
}

export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => shown,
  );
}

/** Rendered inside a screen's Suspense boundary: its effect runs once the screen's code has loaded and rendered. */
export function FirstScreenMarker() {
  useEffect(markFirstScreenShown, []);
  return null;
}
