import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

/**
 * Debian's chromium (CHROMIUM_PATH names another binary, e.g. Debian's lighter
 * /usr/bin/chromium-headless-shell: a fifth faster here, but in one full run of three the designer's
 * canvas and the PDF preview did not draw in time, so it is not the default).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for a headless chromium as root on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** This worker's server (global-setup.ts starts one per worker). */
export function server(): { baseUrl: string; dataDir: string } {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const own = servers[(worker - 1) % servers.length];
  if (!own) throw new Error(`no browser-test server for worker ${worker}`);
  return own;
}

export const baseUrl = () => server().baseUrl;

/** Headless unless E2E_HEADED=1 (docs/testing.md); E2E_SLOWMO=<ms> slows every action down. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: process.env.E2E_HEADED !== '1',
    slowMo: Number(process.env.E2E_SLOWMO ?? 0) || undefined,
  });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * A page in a fresh context (own storage), recording console errors. The context asks for reduced
 * motion, so antd opens and closes dialogs, menus and dropdowns without their animations: a click
 * on a dropdown still moving in, or one still fading out, was most of the suite's flakes.
 * `motion: true` keeps them (a test of the motion itself).
 */
export async function newPage(browser: Browser, opts: { width?: number; height?: number; motion?: boolean } = {}): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
    locale: 'zh-CN',
    timezoneId: 'UTC',
    reducedMotion: opts.motion ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  trackCalls(page);
  describeOnFailure(page, errors);
  return { page, context, errors };
}

const callsInFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's calls and lazily loaded scripts (a screen's chunk) from their start to their answer (or failure). */
function trackCalls(page: Page): void {
  const open = new Set<Request>();
  callsInFlight.set(page, open);
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr' || r.resourceType() === 'script') open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the page has no call in flight: every answer it asked for so far has arrived (and
 * been handed to the app). What a test checks "did not happen" — a second toast, a reload, a
 * dialog — would have been caused by one of those answers. Says which calls were left when it fails.
 */
export async function callsSettled(page: Page, timeout = 20_000): Promise<void> {
  const open = callsInFlight.get(page);
  if (!open) throw new Error('callsSettled: the page was not opened with newPage()');
  const deadline = Date.now() + timeout;
  // Two looks a frame apart: an answer's handler may start the next call.
  for (let quiet = 0; quiet < 2; ) {
    if (Date.now() > deadline) throw new Error(`calls still in flight after ${timeout / 1000} s: ${[...open].map((r) => r.url()).join(', ')}`);
    quiet = open.size === 0 ? quiet + 1 : 0;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null)))).catch(() => undefined);
  }
}

/**
 * When the running test fails, prints what the page showed and what it did last (navigations and
 * refused calls): CI keeps only the output, and a browser failure there rarely happens here.
 */
function describeOnFailure(page: Page, errors: string[]): void {
  const events: string[] = [];
  const note = (e: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${e}`);
    if (events.length > 40) events.shift();
  };
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`navigated ${f.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('close', () => note('page closed'));
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return console.error(`[page at failure] closed; last events:\n  ${events.join('\n  ')}`);
      const shown = await page
        .evaluate(() => {
          const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed';
          const texts = (sel: string) =>
            Array.from(document.querySelectorAll(sel))
              .filter(visible)
              .map((el) => `${(el.textContent ?? '').slice(0, 80)}${el.closest('[aria-hidden="true"]') ? ' (aria-hidden)' : ''}`);
          return {
            url: location.href,
            dialogs: texts('.ant-modal-title'),
            toasts: texts('.ant-message-notice, .ant-notification-notice'),
            recordedToasts: sessionStorage.getItem('__e2e_toasts'),
          };
        })
        .catch((e: unknown) => ({ error: String(e) }));
      console.error(
        `[page at failure] ${JSON.stringify(shown)}\n  console errors: ${JSON.stringify(errors.slice(-10))}\n  last events:\n  ${events.join('\n  ')}`,
      );
    });
  } catch {
    // opened outside a test (beforeAll): nothing to attach to
  }
}

/** Signs in through the API and answers the login data (access_token, user_name, …). */
export async function apiLogin(userCode: string, password = 'Demo@123'): Promise<Record<string, unknown> & { access_token: string }> {
  const res = await fetch(`${baseUrl()}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: userCode, password }),
  });
  const body = (await res.json()) as { code: string; message: string; data: Record<string, unknown> & { access_token: string } };
  if (body.code !== '200') throw new Error(`login ${userCode}: ${body.message}`);
  return body.data;
}

/** A JSON call to the running product, ROOT-wrapped. */
export async function apiCall<T = unknown>(path: string, body: unknown, token?: string): Promise<{ code: string; message: string; data: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ROOT: { header: {}, body } }),
  });
  return (await res.json()) as { code: string; message: string; data: T };
}

/**
 * Who must act now on an instance (the first open step's person, or the first of its group), read
 * from the flow as `token`'s user may read it: the journey hands over to them, whoever the routing
 * chose (segregation of duties sends a step around its applicant).
 */
export async function approverOf(processInstanceId: number, token: string): Promise<string> {
  const steps = await apiCall<Array<{ id: string; approvalUserCode: string; groupUserList: Array<{ userCode: string }> }>>(
    '/bpm_api/bpm/camunda/viewApprovalInfo',
    { processInstanceId },
    token,
  );
  const open = steps.data?.find((s) => s.id.startsWith('t:'));
  const code = open?.approvalUserCode || open?.groupUserList[0]?.userCode;
  if (!code) throw new Error(`approverOf ${processInstanceId}: no open step (${steps.message})`);
  return code;
}
