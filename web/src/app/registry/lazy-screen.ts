import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
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

const cache = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per loader (so kept-alive tabs and re-renders share it). Screens with dates
 * get dayjs with the user's locale loaded alongside, so the first screens need not carry it.
 */
export function lazyScreen(def: ScreenDef | ScreenLoader): LazyExoticComponent<ComponentType> {
  const { load, dates = true } = typeof def === 'function' ? { load: def } : def;
  let component = cache.get(load);
  if (!component) {
    const withDates = () => (dates ? Promise.all([load(), loadDayjsLocale()]).then(([m]) => m) : load());
    component = lazy(() => withDates().then(loaded, recoverFromChunkFailure));
    cache.set(load, component);
  }
  return component;
}
