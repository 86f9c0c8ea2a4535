import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMessageInstance, toastsVisible, toastWarning } from './notify';

function fakeInstance(opened: string[]): MessageInstance {
  return { open: (config: { content: unknown }) => opened.push(String(config.content)) } as unknown as MessageInstance;
}

describe('toasts raised before the app mounts', () => {
  afterEach(() => {
    setMessageInstance(null);
    vi.useRealTimers();
  });

  it('are drawn when the message instance arrives, and toastsVisible resolves only then', async () => {
    const opened: string[] = [];
    let visible = false;
    toastWarning('登录已过期');
    void toastsVisible(10_000).then(() => {
      visible = true;
    });
    await Promise.resolve();
    expect(visible).toBe(false);
    setMessageInstance(fakeInstance(opened));
    await Promise.resolve();
    expect(visible).toBe(true);
    expect(opened).toEqual(['登录已过期']);
  });

  it('toastsVisible gives up waiting after its bound, so a redirect still happens without an app', async () => {
    vi.useFakeTimers();
    let visible = false;
    void toastsVisible(5_000).then(() => {
      visible = true;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(visible).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(visible).toBe(true);
  });

  it('toastsVisible resolves at once when the app is already mounted', async () => {
    setMessageInstance(fakeInstance([]));
    await expect(toastsVisible(1)).resolves.toBeUndefined();
  });
});
