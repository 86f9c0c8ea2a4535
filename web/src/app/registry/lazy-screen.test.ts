import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable, track } from './lazy-screen';

describe('tracked loading (first screen renders without suspending once loaded)', () => {
  it('says synchronously how a promise ended', async () => {
    const ok = track(Promise.resolve(1));
    expect(ok.status).toBe('pending');
    await ok;
    expect(ok).toMatchObject({ status: 'fulfilled', value: 1 });
    const bad = track(Promise.reject(new Error('chunk')));
    await bad.catch(() => undefined);
    expect(bad.status).toBe('rejected');
  });

  it('loads once, and again after a failure (a retry imports anew)', async () => {
    let calls = 0;
    const mod: { default: ComponentType } = { default: () => null };
    const failing = preloadable(() => (++calls === 1 ? Promise.reject<typeof mod>(new Error('chunk')) : Promise.resolve(mod)));
    await expect(failing.preload()).rejects.toThrow('chunk');
    await expect(failing.preload()).resolves.toBe(mod);
    await failing.preload();
    expect(calls).toBe(2);
  });
});
