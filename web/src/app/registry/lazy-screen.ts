import { type ComponentType, createElement, use } from 'react';
import { loadDayjsLocale } from '../dayjs-locale-loader';
import type { ScreenDef, ScreenLoader } from './types';

export const CHUNK_TARGET_KEY = 'chunkReloadTarget';
const RELOADED_KEY = 'chunkReloaded';

/**
 * A chunk that fails to load (usually a new release replaced it): the target path is remembered,
 * the page reloads once, then the shell navigates to the target (spec 000 §4). A second failure
 * right after that reload is shown as an error instead of looping.
 */
export function recoverFromChunkFailure(error: unknown): Promise<never> {
  if (sessionStorage.getItem(RELOADED_KEY) === '1') {
    sessionStorage.removeItem(RELOADED_KEY);
    return Promise.reject(error);
  }
  sessionStorage.setItem(RELOADED_KEY, '1');
  sessionStorage.setItem(CHUNK_TARGET_KEY, location.hash.replace(/^#/, '') || '/');
  location.reload();
  return new Promise<never>(() => {});
}

/** Called once after start: the path a chunk failure wanted, if the last reload was ours. */
export function takeChunkTarget(): string | null {
  const target = sessionStorage.getItem(CHUNK_TARGET_KEY);
  sessionStorage.removeItem(CHUNK_TARGET_KEY);
  return target;
}

/** Marks a successful load so a later failure may reload again. */
function loaded<T>(value: T): T {
  sessionStorage.removeItem(RELOADED_KEY);
  return value;
}

type ScreenModule = { default: ComponentType };

/**
 * A promise that says synchronously how it ended (the protocol React's `use()` reads): a screen
 * whose code has already arrived renders at once instead of suspending. A suspended boundary is
 * revealed only after React's fallback throttle (about 300 ms), which a prefetched first screen
 * must not pay.
 */
export type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function track<T>(promise: Promise<T>): TrackedPromise<T> {
  const tracked = promise as TrackedPromise<T>;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/**
 * A component for a lazily loaded module that renders synchronously once `load` has resolved
 * (React.lazy always suspends on its first render, even for code that is already there).
 * A failed load is forgotten, so a retry (error boundary) imports again.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): {
  preload: () => Promise<{ default: ComponentType<P> }>;
  Component: ComponentType<P>;
} {
  let pending: TrackedPromise<{ default: ComponentType<P> }> | null = null;
  const preload = (): Promise<{ default: ComponentType<P> }> => {
    if (!pending) {
      const started = track(load());
      pending = started;
      started.catch(() => {
        if (pending === started) pending = null;
      });
    }
    return pending;
  };
  function Preloadable(props: P) {
    const { default: Inner } = use(preload());
    return createElement(Inner, props);
  }
  return { preload, Component: Preloadable };
}

const screens = new Map<ScreenLoader, ReturnType<typeof preloadable<object>>>();

function screenEntry(def: ScreenDef | ScreenLoader): ReturnType<typeof preloadable<object>> {
  const { load, dates = true } = typeof def === 'function' ? { load: def } : def;
  let entry = screens.get(load);
  if (!entry) {
    const withDates = (): Promise<ScreenModule> => (dates ? Promise.all([load(), loadDayjsLocale()]).then(([m]) => m) : load());
    entry = preloadable(() => withDates().then(loaded, recoverFromChunkFailure));
    screens.set(load, entry);
  }
  return entry;
}

/**
 * One component per loader (so kept-alive tabs and re-renders share it). Screens with dates get
 * dayjs with the user's locale loaded alongside, so the first screens need not carry it.
 */
export function lazyScreen(def: ScreenDef | ScreenLoader): ComponentType {
  return screenEntry(def).Component;
}

/** Starts loading a screen (the first screen while the session loads); its component then renders without suspending. */
export function preloadScreen(def: ScreenDef | ScreenLoader): Promise<unknown> {
  return screenEntry(def).preload();
}
