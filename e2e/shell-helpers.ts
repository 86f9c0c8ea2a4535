import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiLogin, baseUrl, callsSettled, newPage, type TrackedPage } from './harness';

export const ENTRY_URL = /#\/entry/;
export const url = (hashPath: string) => `${baseUrl()}/#${hashPath}`;

/** Signs in as `user` through the single sign-on landing (/entry?access_token=…), waiting for the workbench. */
export async function signedIn(browser: Browser, user: string, opts: { width?: number } = {}): Promise<TrackedPage & { token: string }> {
  const login = await apiLogin(user);
  const tracked = await newPage(browser, opts);
  await tracked.page.goto(url(`/entry?access_token=${login.access_token}`));
  await tracked.page.waitForURL(/#\/WorkBench\/index/, { timeout: 20_000 });
  await tracked.page.getByTestId('tabs-bar').waitFor({ timeout: 20_000 });
  await dismissGreetings(tracked.page);
  return { ...tracked, token: login.access_token };
}

/**
 * Closes the first-login greeting dialogs (birthday, anniversary, time capsule) some demo users get.
 * The greeting extension mounts when the browser is idle and marks <html data-greetings="due|none">
 * once it knows, and "done" once the last due dialog is closed; each shown dialog is closed with
 * Escape until then.
 */
export async function dismissGreetings(page: Page): Promise<void> {
  const state = () => page.evaluate(() => document.documentElement.dataset.greetings);
  await expect.poll(state, { timeout: 20_000 }).toBeDefined();
  if ((await state()) !== 'due') return;
  const open = page.locator('.ant-modal-wrap:visible');
  await expect
    .poll(
      async () => {
        const now = await state();
        if (now !== 'done' && (await open.count()) > 0) await page.keyboard.press('Escape');
        return now;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
}

/**
 * Goes to a hash route inside the running app (no page load) and waits until it is there; with
 * `redirects`, until the browser has taken the new hash (the app may send us on at once, even back
 * to where we were: `/` → the workbench).
 */
export async function go(page: Page, hashPath: string, opts: { redirects?: boolean } = {}): Promise<void> {
  await page.evaluate(
    (p) =>
      new Promise<void>((resolve) => {
        const before = location.hash;
        location.hash = p;
        // The hash changes at once; its event follows as a task. The same hash fires none.
        if (location.hash === before) resolve();
        else window.addEventListener('hashchange', () => resolve(), { once: true });
      }),
    hashPath,
  );
  if (!opts.redirects) await page.waitForFunction((p) => location.hash.startsWith(`#${p.split('?')[0]}`), hashPath);
}

/**
 * Records every antd message toast the page ever shows, across reloads and navigations, in
 * sessionStorage: a toast that lives 1.5 s can come and go between two polls of a busy machine.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.context().addInitScript(toastRecorder);
  await page.evaluate(toastRecorder);
}

function toastRecorder(): void {
  const KEY = '__e2e_toasts';
  const seen = new WeakSet<Node>();
  const record = () => {
    for (const el of Array.from(document.querySelectorAll('.ant-message-notice'))) {
      if (seen.has(el) || !el.textContent) continue;
      seen.add(el);
      const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
      list.push(el.textContent);
      sessionStorage.setItem(KEY, JSON.stringify(list));
    }
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Every toast text recorded since `recordToasts`, oldest first. */
export async function recordedToasts(page: Page): Promise<string[]> {
  try {
    return await page.evaluate(() => JSON.parse(sessionStorage.getItem('__e2e_toasts') ?? '[]') as string[]);
  } catch {
    return []; // between two documents
  }
}

/**
 * Runs `action` and waits until a toast containing `text` has appeared, whether or not it is still
 * shown: on a loaded machine a poll of a 3 s toast can miss it. Needs `recordToasts(page)` first; the
 * record is emptied before `action` so an earlier toast with the same text does not count, and a
 * failure lists every toast the page showed (a refusal, a form warning).
 */
export async function expectToastAfter(page: Page, text: string, action: () => Promise<void>, timeout = 30_000): Promise<void> {
  await page.evaluate(() => sessionStorage.removeItem('__e2e_toasts'));
  await action();
  await expect.poll(async () => (await recordedToasts(page)).join(' | '), { timeout }).toContain(text);
}

/**
 * Clicks a dialog's OK (its footer's primary button) once it is clickable again. After a refused
 * try (a wrong password) the button was twice not found by its name 确定 for 30 s in full browser
 * runs, never alone; this waits for the button by its place instead and, when it does not come
 * back, says what state it is in (loading, disabled, its text).
 */
export async function clickDialogOk(dialog: ReturnType<Page['locator']>, timeout = 30_000): Promise<void> {
  const ok = dialog.locator('.ant-modal-footer .ant-btn-primary').last();
  const state = async () =>
    ok
      .evaluate(
        (b) => `${b.classList.contains('ant-btn-loading') ? 'loading' : 'ready'}${(b as HTMLButtonElement).disabled ? ' disabled' : ''} "${b.textContent}"`,
      )
      .catch((e: Error) => e.message);
  await expect.poll(state, { timeout }).toMatch(/^ready "/);
  await ok.click();
}

/** What an option is in a select's dropdown, and in a tree select's. */
const OPTION = { list: '.ant-select-item-option', tree: '.ant-select-tree-node-content-wrapper' } as const;

/** The options of the select dropdowns open now; a dropdown still closing (its leave motion) is not one. */
export const openOptions = (page: Page, kind: keyof typeof OPTION = 'list') =>
  page.locator(`.ant-select-dropdown:visible:not([class*="-leave"]) ${OPTION[kind]}`);

/**
 * Opens a select by `trigger` (typing `type` into it when given, replacing what was typed before) and
 * clicks its option with that text; `tree: true` for a tree select's nodes. On a busy machine the
 * dropdown was seen closing under the click (a form re-rendering), another select's dropdown was still
 * fading out with the same options, or a tree's search had not answered yet; so only open dropdowns
 * count, and a dropdown gone before the click is opened again, up to three times.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string | RegExp, opts: { type?: string; tree?: boolean } = {}): Promise<void> {
  const target = openOptions(page, opts.tree ? 'tree' : 'list')
    .filter({ hasText: option })
    .first();
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    if (opts.type !== undefined) {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(opts.type);
    }
    try {
      await target.click({ timeout: attempt < 3 ? 8_000 : 20_000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      // Close a dropdown still open before opening it again; with none open, Escape would close the dialog.
      if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
    }
  }
}

/**
 * Picks a person in a select that searches the server as one types: types `user` (a user code) and
 * takes the first option once it is that person, with Enter. The search answers each keystroke, and on
 * a busy machine the answer to a shorter prefix can arrive last, so the code is typed again when the
 * person does not come first. Enter, not a click: a click on the option was intercepted by the
 * dialog's wrap while the dropdown was still moving in (CI).
 */
export async function choosePerson(page: Page, trigger: Locator, user: string): Promise<void> {
  const first = openOptions(page).first();
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(user);
    const offered = await expect
      .poll(() => first.textContent({ timeout: 1_000 }).catch(() => ''), { timeout: 8_000 })
      .toContain(user)
      .then(
        () => true,
        () => false,
      );
    // An answer to an earlier keystroke may show the user first too; the answer to the last one then
    // re-renders the list under the Enter (seen in CI: nothing chosen). Enter once every answer is in.
    if (offered) await callsSettled(page);
    if (offered && ((await first.textContent({ timeout: 1_000 }).catch(() => '')) ?? '').includes(user)) break;
    if (attempt >= 3) throw new Error(`${user} was not offered first after three tries (first option: ${await first.textContent().catch(() => 'none')})`);
  }
  await page.keyboard.press('Enter');
}

/**
 * Waits until the screen has rendered its data: no call in flight, no spinner or skeleton in the
 * main area, and no CSS transition running (a button enabled when its data arrived fades from its
 * disabled colours; axe would measure them halfway). Spinners are animations, not transitions.
 */
export async function screenSettled(page: Page, timeout = 20_000): Promise<void> {
  const busy = page.locator('main .ant-spin-spinning:visible, main .ant-skeleton:visible, main [aria-busy="true"]:visible');
  await expect
    .poll(
      async () => {
        await callsSettled(page, timeout);
        return busy.count();
      },
      { timeout },
    )
    .toBe(0);
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length), {
      timeout: 5_000,
    })
    .toBe(0);
}

/** Texts of the antd message toasts currently shown. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.ant-message-notice').allTextContents();
}

const require = createRequire(import.meta.url);

let axeText: string | undefined;
const axeSource = () => {
  axeText ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeText;
};

/** axe-core violations of impact serious or critical on the current page. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: an inline <script> tag is refused by the app's CSP
  // (script-src 'self'). Once per document: the app changes screens by its hash.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[]; any: Array<{ message: string }> }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')}${n.any[0] ? ` (${n.any[0].message})` : ''}`).join(', ')}`);
  });
  return violations;
}

/** Console errors that are not the browser's own log line for an HTTP error answer we provoked on purpose. */
export const unexpected = (errors: string[], allowedStatuses: number[] = []) =>
  errors.filter((e) => !allowedStatuses.some((s) => e.includes(`status of ${s}`)));

/**
 * Closes every tab but the active one (the tabs bar's 关闭其他). Every visited page stays mounted
 * (hidden) in its tab: a sweep over many screens closes them as it goes, or the DOM grows with each
 * screen and a spinner left in a hidden page would hold every later wait.
 */
export async function closeOtherTabs(page: Page): Promise<void> {
  if ((await page.getByTestId('tab').count()) <= 2) return;
  await page.getByTestId('tabs-more').click();
  const closeOthers = page.getByRole('menuitem', { name: '关闭其他' });
  await closeOthers.click();
  // Not any role=menu: a screen may hold its own (the message centre's folders).
  await closeOthers.waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  // The pointer stays where the menu was: the next screen's control under it would be hovered
  // (half-way through its hover colours when axe measures them).
  await page.mouse.move(0, 0);
}

/** Closes the live channel's persistent to-do popups (they prove a notification arrived) before clicking on. */
export async function closeNotices(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-notice-close:visible');
  for (let i = 0; i < 10 && (await close.count()) > 0; i++)
    await close
      .first()
      .click({ force: true, timeout: 2000 })
      .catch(() => undefined);
}

/**
 * Opens 发起申请 (or its English label) on 我发起的 and starts `item`, waiting for `ready` to show.
 * The menu slides in while the start list may still refresh; on a loaded machine a click in that
 * moment can miss, so the menu is opened again once before giving up, and the failure says what
 * the page showed instead.
 */
export async function startFromMenu(page: Page, item: string, ready: string, opts: { button?: string } = {}): Promise<void> {
  const target = page.locator(ready);
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: opts.button ?? '发起申请' }).click();
    const entry = page.getByRole('menuitem', { name: item });
    await entry.waitFor();
    // Settled: the dropdown holding the entry has no motion class left.
    await page.locator('.ant-dropdown:not([class*="-appear"]):not([class*="-enter"])', { has: entry }).waitFor();
    await entry.click();
    try {
      await target.waitFor({ timeout: 10_000 });
      return;
    } catch (e) {
      if (attempt >= 2) {
        const shown = await page.locator('.ant-modal-title:visible, .ant-message-notice:visible, .ant-result-title:visible').allTextContents();
        throw new Error(`starting ${item}: ${ready} did not show; the page showed ${JSON.stringify(shown)} (${(e as Error).message})`);
      }
      await page.keyboard.press('Escape');
    }
  }
}

/** Cancels a dialog whose form was filled: 取消, then 确定 on its 是否确认取消？ */
export async function cancelFilledDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /^取\s*消$/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .filter({ hasText: '是否确认取消？' })
    .getByRole('button', { name: /^确\s*定$/ })
    .click();
}
