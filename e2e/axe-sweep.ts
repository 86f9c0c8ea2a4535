/// <reference types="vite/client" />
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { MenuNode } from '@erp/contract/modules/auth';
import type { Browser } from 'playwright-core';
import { FIXED_ROUTES } from '../web/src/app/registry/fixed-routes';
import { apiCall } from './harness';
import { closeOtherTabs, go, screenSettled, seriousA11yViolations, signedIn } from './shell-helpers';

/**
 * The accessibility sweep (issue 24): axe-core on every built screen — each fixed route of spec 000
 * §2 and each screen of the user's menus — collecting every critical or serious violation.
 * Placeholders of areas not built yet are skipped (they say so); they join the sweep when they land.
 * Split over two files (everyday-axe, everyday-axe-menus) so the two browser workers share it.
 *
 * Screens of one shape are visited once (issue 33): several routes and menus open the same screen
 * component (the settlement list under five menus, the void list under three). The shape of a route
 * is the loader its feature registers for it (file and loader text); the first route of each shape is
 * checked, the rest are counted as covered. `AXE_FULL=1` (`npm run test:a11y`) visits every route.
 *
 * Of those shapes, axe runs on the ones the change under test may have touched plus a fixed sample
 * (issue 33): every shape of a feature folder changed since HEAD~1 (`AXE_CHANGED_SINCE` to compare with
 * another commit; uncommitted changes count), every shape when anything else under web/ changed (the
 * shell, a shared widget, the theme) or git cannot say, and every SAMPLE-th shape always. The fixed
 * routes of each shape are still all visited for the shell's checks (title, no redirect, no console error).
 */

const routeFiles = import.meta.glob<{ screens?: Record<string, unknown> }>('../web/src/features/*/routes.{ts,tsx}', { eager: true });
const FULL = process.env.AXE_FULL === '1';
const SAMPLE = 4;
const root = path.resolve(import.meta.dirname, '..');

/** What the change under test touched in the web app: its feature folders, or everything. */
function changedWeb(): { all: boolean; features: Set<string> } {
  const features = new Set<string>();
  if (FULL) return { all: true, features };
  try {
    const since = process.env.AXE_CHANGED_SINCE || 'HEAD~1';
    const files = execFileSync('git', ['diff', '--name-only', since], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter((f) => f.startsWith('web/'));
    for (const f of files) {
      const feature = /^web\/src\/features\/([^/]+)\//.exec(f)?.[1];
      if (feature) features.add(feature);
      else if (!f.endsWith('.md') && !f.includes('.test.')) return { all: true, features };
    }
    return { all: false, features };
  } catch {
    return { all: true, features };
  }
}
const CHANGED = changedWeb();
const featureOf = (shape: string) => /\/features\/([^/]+)\//.exec(shape)?.[1] ?? null;

/** Which screen a route or menu component opens: its registering file and loader, or null when nothing registers it. */
export function shapeOf(key: string): string | null {
  const variants = [key, key.replace(/^\//, ''), `/${key.replace(/^\//, '')}`];
  for (const [file, mod] of Object.entries(routeFiles)) {
    for (const v of variants) {
      const entry = mod.screens?.[v] as (() => unknown) | { load: () => unknown } | undefined;
      if (entry) return `${file}#${String(typeof entry === 'function' ? entry : entry.load)}`;
    }
  }
  return null;
}

/** The fixed routes of the signed-in shell. */
export const FIXED = FIXED_ROUTES.filter((r) => !r.public && !r.bare).map((r) => r.path);

export function menuPaths(nodes: readonly MenuNode[], parent = '', components?: Map<string, string>): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    const path =
      n.name === 'MessageManage'
        ? `/MessageCenter/${n.path.split('/').filter(Boolean).pop() ?? 'index'}`
        : n.path.startsWith('/')
          ? n.path
          : `${parent}/${n.path}`.replace(/\/{2,}/g, '/');
    if (n.children.length && (n.component === 'Layout' || n.component === 'ParentView' || n.component === ''))
      out.push(...menuPaths(n.children, path, components));
    else {
      out.push(path);
      if (n.component) components?.set(path, n.component);
    }
  }
  return out;
}

/**
 * Visits `paths` and the user's menu screens, running axe on each built one. The fixed routes of
 * spec 000 §2 are also held to what shell-routes checked on its own visit of them (one visit now):
 * the title ends with 信息管理平台, the route is not redirected, no console error.
 */
export async function sweep(
  browser: Browser,
  user: string,
  opts: { paths?: string[]; routes?: readonly string[]; menus?: 'all' | 'not fixed' | 'none' },
): Promise<{ checked: string[]; failures: string[] }> {
  const { paths = [], routes = [], menus = 'all' } = opts;
  const { page, context, token, errors } = await signedIn(browser, user);
  const tree = menus === 'none' ? [] : (await apiCall<MenuNode[]>('/auth/base/api/user/getAllMenuTreeByUser', {}, token)).data;
  const components = new Map<string, string>();
  const fromMenus = menuPaths(tree, '', components).filter((p) => menus !== 'not fixed' || !FIXED.includes(p));
  const shapes = new Set<string>();
  let sameShape = 0;
  let unchanged = 0;
  /** Whether axe runs on a path: a new shape that the change touched or that falls in the sample. */
  const axed = new Set<string>();
  const all = [...new Set([...routes, ...paths, ...fromMenus])].filter((path) => {
    if (FULL) return axed.add(path);
    const shape = shapeOf(components.get(path) ?? path) ?? shapeOf(path);
    if (shape && shapes.has(shape)) {
      sameShape++;
      return false;
    }
    if (shape) shapes.add(shape);
    const feature = shape ? featureOf(shape) : null;
    if (CHANGED.all || !feature || CHANGED.features.has(feature) || shapes.size % SAMPLE === 1) axed.add(path);
    else unchanged++;
    return axed.has(path) || routes.includes(path);
  });
  const checked: string[] = [];
  const failures: string[] = [];
  const took: Array<[string, number]> = [];
  for (const path of all) {
    const started = Date.now();
    const before = errors.length;
    await go(page, path, { redirects: true });
    await screenSettled(page);
    if (routes.includes(path)) {
      const title = await page.title();
      if (!title.endsWith('信息管理平台')) failures.push(`${path}: title ${title}`);
      if (!page.url().includes(`#${path}`)) failures.push(`${path}: ended at ${page.url()}`);
      if (errors.length > before) failures.push(`${path}: ${errors.slice(before).join(' | ')}`);
    }
    if (axed.has(path) && (await page.getByTestId('placeholder').filter({ visible: true }).count()) === 0) {
      checked.push(path);
      for (const v of await seriousA11yViolations(page)) failures.push(`${user} ${path} ${v}`);
    }
    await closeOtherTabs(page);
    took.push([path, Date.now() - started]);
  }
  await context.close();
  // One line for the suite's time budget (docs/testing.md): where the sweep spends it.
  const slowest = [...took].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(
    `axe sweep ${user}: ${took.length} screens (${sameShape} more of the same shapes and ${unchanged} of features the change did not touch left out${FULL ? '' : '; AXE_FULL=1 visits them'}) in ${(took.reduce((n, [, ms]) => n + ms, 0) / 1000).toFixed(0)} s; slowest ${slowest.map(([p, ms]) => `${p} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
  return { checked, failures };
}
