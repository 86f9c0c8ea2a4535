import { authCalls } from '@erp/contract/modules/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_PATHS } from '../registry/fixed-routes';
import { type EarlyPlan, earlyStart, earlyStartScript, takeEarlyMenus } from './early-start';

const plan: EarlyPlan = {
  menusUrl: authCalls.menuTree.path,
  publicPaths: PUBLIC_PATHS,
  shell: ['/assets/shell.js', '/assets/shell.css'],
  screens: { '/WorkBench/index': ['/assets/workbench.js'] },
};

/** A page with a stored token at `hash`: what the inline script fetched and which links it added. */
function page(hash: string, token: string | null = 'tok') {
  const links: Array<{ rel: string; href: string; as?: string }> = [];
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'access_token' ? token : null) });
  vi.stubGlobal('location', { hash });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', {
    createElement: () => ({}) as { rel: string; href: string; as?: string },
    head: { appendChild: (l: { rel: string; href: string; as?: string }) => links.push(l) },
  });
  return { fetch, links };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { __erpEarly?: unknown }).__erpEarly;
});

describe('early start (inline script before the entry modules)', () => {
  it('requests the menus with the token in the ROOT envelope and preloads the layout and the workbench', async () => {
    const { fetch, links } = page('#/WorkBench/index?x=1');
    earlyStart(plan);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/base/api/user/getAllMenuTreeByUser');
    expect(init.method).toBe(authCalls.menuTree.method);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(JSON.parse(init.body as string)).toEqual({ ROOT: { header: {}, body: {} } });
    expect(links.map((l) => `${l.rel}:${l.href}`)).toEqual([
      'modulepreload:/assets/shell.js',
      'preload:/assets/shell.css',
      'modulepreload:/assets/workbench.js',
    ]);
    const menus = takeEarlyMenus('tok');
    expect(menus).not.toBeNull();
    // Taken once: a later load (another user, a refetch) asks the server itself.
    expect(takeEarlyMenus('tok')).toBeNull();
  });

  it('starts nothing without a token or on a public route', () => {
    let p = page('#/WorkBench/index', null);
    earlyStart(plan);
    expect(p.fetch).not.toHaveBeenCalled();
    for (const hash of ['#/entry?redirect=%2F', '#/login', '#/ResumePreview']) {
      p = page(hash);
      earlyStart(plan);
      expect(p.fetch).not.toHaveBeenCalled();
      expect(p.links).toEqual([]);
    }
  });

  it('hands the answer only to the same token', () => {
    page('#/');
    earlyStart(plan);
    expect(takeEarlyMenus('other')).toBeNull();
    expect(takeEarlyMenus('tok')).not.toBeNull();
  });

  it('never throws (storage blocked)', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => earlyStart(plan)).not.toThrow();
  });

  it('serialises into a self-contained script', () => {
    const { fetch } = page('#/');
    // Run the generated source as the browser runs the inline script (global scope, no closure).
    new Function(earlyStartScript(plan))();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
