import type { ScreenDef, ScreenLoader, ScreenMap } from './types';

/**
 * Every feature's `web/src/features/<m>/routes.ts(x)` is picked up here at build time: a feature
 * registers its screens by exporting `screens` (see types.ts) from that one file — no shared edit.
 * Only the tiny route files are eager; the screens they name stay lazy chunks.
 */
const featureRouteFiles = import.meta.glob<{ screens?: ScreenMap }>('../../features/*/routes.{ts,tsx}', { eager: true });

function normalise(entry: ScreenLoader | ScreenDef): ScreenDef {
  return typeof entry === 'function' ? { load: entry } : entry;
}

/** Shell-owned screens (workbench, back-office home, error pages). */
const shellScreens: ScreenMap = {
  '/WorkBench/index': { load: () => import('../pages/workbench/workbench-page'), dates: false },
  '/WorkBench/home': { load: () => import('../pages/home-page'), dates: false },
  '/404': { load: () => import('../pages/not-found-page'), dates: false },
  '/noPermission': { load: () => import('../pages/no-permission-page'), dates: false },
};

function collect(): Map<string, ScreenDef> {
  const map = new Map<string, ScreenDef>();
  for (const [key, entry] of Object.entries(shellScreens)) map.set(key, normalise(entry));
  for (const [file, mod] of Object.entries(featureRouteFiles)) {
    for (const [key, entry] of Object.entries(mod.screens ?? {})) {
      if (map.has(key) && import.meta.env.DEV) console.warn(`[registry] ${file} registers "${key}" again; the later one wins`);
      map.set(key, normalise(entry));
    }
  }
  return map;
}

const registry = collect();

/** The screen registered for a fixed path or a menu component string, if any feature built it. */
export function findScreen(key: string): ScreenDef | undefined {
  return registry.get(key) ?? registry.get(key.replace(/^\//, '')) ?? registry.get(`/${key.replace(/^\//, '')}`);
}

export function registeredKeys(): string[] {
  return [...registry.keys()];
}
