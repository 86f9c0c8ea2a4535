import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, socketUrl } from './live-client';
import { actionFor } from './live-events';

class FakeSocket {
  static last: FakeSocket | null = null;
  static count = 0;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    FakeSocket.count++;
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

describe('live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.count = 0;
  });
  afterEach(() => vi.useRealTimers());

  const make = (onEvent = vi.fn(), log = vi.fn()) =>
    new LiveClient({ userCode: 'emp01', token: 'tok', origin: 'https://erp.example', onEvent, log, WebSocketImpl: FakeSocket as unknown as typeof WebSocket });

  it('connects over wss with user code and token, pings on open and every 30 minutes', () => {
    const client = make();
    client.start();
    const s = FakeSocket.last as FakeSocket;
    expect(s.url).toBe('wss://erp.example/socket/websocket/emp01/tok');
    s.open();
    expect(s.sent).toEqual(['{"type":"ping"}']);
    vi.advanceTimersByTime(30 * 60_000);
    expect(s.sent).toHaveLength(2);
    client.stop();
  });

  it('ignores acknowledgements and hands events on', () => {
    const onEvent = vi.fn();
    make(onEvent).start();
    const s = FakeSocket.last as FakeSocket;
    s.open();
    s.onmessage?.({ data: 'pong' });
    s.onmessage?.({ data: '连接成功' });
    s.onmessage?.({ data: '{"type":"chatContent","content":"hi"}' });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'chatContent', content: 'hi' });
  });

  it('reconnects 30 s after a close, but not when the token is refused', () => {
    make().start();
    (FakeSocket.last as FakeSocket).onclose?.({ code: 1006, reason: '' });
    vi.advanceTimersByTime(29_000);
    expect(FakeSocket.count).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.count).toBe(2);
    (FakeSocket.last as FakeSocket).onclose?.({ code: 4403, reason: 'token does not belong to this user' });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.count).toBe(2);
  });

  it('logs that the browser has no websocket', () => {
    const log = vi.fn();
    new LiveClient({ userCode: 'a', token: 'b', onEvent: vi.fn(), log, WebSocketImpl: undefined, origin: 'http://x' }).start();
    // jsdom-free node has no WebSocket on Node 20: the unsupported path is taken.
    if (typeof WebSocket === 'undefined') expect(log).toHaveBeenCalledWith('当前浏览器不支持WebSocket');
  });

  it('maps pushes to actions', () => {
    expect(actionFor({ type: 'mailMsg' })).toEqual({ kind: 'ignore' });
    expect(actionFor({ type: 'unread', counts: [] })).toEqual({ kind: 'refresh' });
    expect(actionFor({ type: 'chatContent', content: 'x' })).toEqual({ kind: 'voice', content: 'x' });
    const todo = { type: 'todo', content: 'c', theme: 't', items: 'i', startTime: 's', noticeUsers: 'n' };
    expect(actionFor(todo)).toEqual({ kind: 'todo', todo });
    expect(socketUrl('http://h:1', 'a b', 'c/d')).toBe('ws://h:1/socket/websocket/a%20b/c%2Fd');
  });
});
