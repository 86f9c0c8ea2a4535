import { describe, expect, it } from 'vitest';
import { Draining } from './draining';

type Hook = (req: { url: string; headers: Record<string, string> }, reply: unknown) => Promise<unknown>;

/** A Draining wired to a stand-in app: answers a function that plays "a request was read". */
function installed(): { draining: Draining; request(): void } {
  const hooks = new Map<string, Hook>();
  const draining = new Draining();
  draining.install({ addHook: (name: string, hook: Hook) => hooks.set(name, hook) } as never);
  const reply = { raw: { once: () => undefined }, code: () => reply, header: () => reply, send: () => reply };
  return { draining, request: () => void hooks.get('onRequest')?.({ url: '/x', headers: {} }, reply) };
}

describe('draining a shutdown', () => {
  it('keeps waiting the quiet time after a request read right after a stalled event loop', async () => {
    const { draining, request } = installed();
    const started = Date.now();
    const done = draining.drain(5_000, 200).then(() => Date.now());
    // The thread is busy for 400 ms (as a long query of the embedded database is); a request that
    // arrived meanwhile is read only afterwards.
    let readAt = 0;
    setTimeout(() => {
      setImmediate(() => {
        readAt = Date.now();
        request();
      });
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // busy
      }
    }, 10);
    const ended = await done;
    expect(readAt).toBeGreaterThan(started);
    expect(ended - readAt).toBeGreaterThanOrEqual(200);
  });

  it('ends after the quiet time when nothing comes', async () => {
    const { draining } = installed();
    const started = Date.now();
    expect(await draining.drain(5_000, 100)).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
