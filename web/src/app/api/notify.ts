import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts raised outside React (the API client). <NotifyBridge/> inside antd's <App> hands over the
 * themed `message` instance; until then calls are kept and replayed, so nothing is lost at start-up.
 */
type Level = 'error' | 'warning' | 'success' | 'info';
interface Pending {
  level: Level;
  content: string;
  seconds: number;
  key?: string;
}

let instance: MessageInstance | null = null;
const pending: Pending[] = [];
let readyWaiters: Array<() => void> = [];

export function setMessageInstance(next: MessageInstance | null): void {
  instance = next;
  if (!next) return;
  for (const p of pending.splice(0)) show(p);
  for (const resolve of readyWaiters.splice(0)) resolve();
}

/**
 * Resolves once toasts are drawn (the app has mounted), or after `atMostMs` whatever happens: a
 * countdown that follows a toast (the 1.5 s session-expiry warning) starts when the user can see it,
 * not while a slow start still holds the toast in the queue.
 */
export function toastsVisible(atMostMs: number): Promise<void> {
  if (instance) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      readyWaiters = readyWaiters.filter((r) => r !== done);
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    readyWaiters.push(done);
  });
}

function show({ level, content, seconds, key }: Pending): void {
  if (!instance) {
    pending.push({ level, content, seconds, key });
    return;
  }
  void instance.open({ type: level, content, duration: seconds, key });
}

/** Error toast, 5 s by default (spec 000 §9). */
export const toastError = (content: string, seconds = 5, key?: string) => show({ level: 'error', content, seconds, key });
export const toastWarning = (content: string, seconds = 3, key?: string) => show({ level: 'warning', content, seconds, key });
export const toastSuccess = (content: string, seconds = 2, key?: string) => show({ level: 'success', content, seconds, key });
export const toastInfo = (content: string, seconds = 3, key?: string) => show({ level: 'info', content, seconds, key });
