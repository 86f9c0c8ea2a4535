/**
 * A returning user's first screen waits on a chain: the entry modules download and run, then the
 * menus are requested, then the layout and the screen are imported. The inline script that the
 * build writes into index.html (web/plugins/early-start.ts) starts the menus request and the
 * download of the layout and first screen while the entry modules are still on their way; the app
 * takes the answer over instead of asking again.
 */
export interface EarlyPlan {
  /** The menu tree call (authCalls.menuTree), POST with the ROOT envelope. */
  menusUrl: string;
  /** Routes reachable without a token: nothing is started there. */
  publicPaths: string[];
  /** Files (JS and CSS) of the signed-in layout, beyond the entry's own. */
  shell: string[];
  /** Files of the first screen, by route path. */
  screens: Record<string, string[]>;
}

export interface EarlyStart {
  token: string;
  menus?: Promise<Response>;
}

type EarlyWindow = { __erpEarly?: EarlyStart };

/**
 * Runs inline in the page before the app's modules (serialised with toString, so it must not use
 * anything outside its own body). Never throws: the app then simply starts as before.
 */
export function earlyStart(plan: EarlyPlan): void {
  try {
    const token = localStorage.getItem('access_token');
    const path = location.hash.replace(/^#/, '').split('?')[0] || '/';
    if (!token || plan.publicPaths.some((p) => path === p || path.startsWith(`${p}/`))) return;
    const menus = fetch(plan.menusUrl, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ROOT: { header: {}, body: {} } }),
    });
    // A network failure is handled when the app takes the promise over (it asks again then).
    menus.catch(() => undefined);
    (window as unknown as EarlyWindow).__erpEarly = { token, menus };
    for (const href of [...plan.shell, ...(plan.screens[path] ?? [])]) {
      const link = document.createElement('link');
      if (href.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      // As Vite's own links for these files: the same request mode, so the preloaded answer is used.
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // Storage or fetch unavailable: nothing started early.
  }
}

/** The inline script's source for a plan. */
export function earlyStartScript(plan: EarlyPlan): string {
  return `(${earlyStart.toString()})(${JSON.stringify(plan)});`;
}

/** The menus answer the inline script requested for this token, once (later loads ask the server). */
export function takeEarlyMenus(token: string): Promise<Response> | null {
  const early = (globalThis as unknown as EarlyWindow).__erpEarly;
  if (!early?.menus || early.token !== token) return null;
  const { menus } = early;
  early.menus = undefined;
  return menus;
}
