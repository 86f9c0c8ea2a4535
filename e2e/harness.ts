import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

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

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A page in a fresh context (own storage), recording console errors. */
export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 }, locale: 'zh-CN', timezoneId: 'UTC' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  describeOnFailure(page, errors);
  return { page, context, errors };
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
