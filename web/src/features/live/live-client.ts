import { LIVE_ACK, LIVE_HEARTBEAT_MS, LIVE_RECONNECT_MS, LIVE_SOCKET_PATH, type LiveEvent } from '@erp/contract/modules/msg';

/** Close codes after which reconnecting with the same token cannot help. */
const FINAL_CLOSE_CODES = new Set([4401, 4403]);

export interface LiveClientOptions {
  userCode: string;
  token: string;
  onEvent(event: LiveEvent): void;
  /** Base of the socket URL; defaults to this page's host (wss on https). */
  origin?: string;
  heartbeatMs?: number;
  reconnectMs?: number;
  /** Injected in tests. */
  WebSocketImpl?: typeof WebSocket;
  log?: (message: string) => void;
}

export function socketUrl(origin: string, userCode: string, token: string): string {
  const base = origin.replace(/^http/, 'ws');
  return `${base}${LIVE_SOCKET_PATH}/${encodeURIComponent(userCode)}/${encodeURIComponent(token)}`;
}

/**
 * The live channel of spec 000 §4: opens the socket, pings on open and every 30 minutes, reconnects
 * 30 s after a close, ignores acknowledgement texts and hands parsed events to `onEvent`.
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly opts: LiveClientOptions) {}

  start(): void {
    const Impl = this.opts.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
    const log = this.opts.log ?? ((m: string) => console.info(m));
    if (!Impl) {
      log('当前浏览器不支持WebSocket');
      return;
    }
    this.stopped = false;
    const origin = this.opts.origin ?? window.location.origin;
    const socket = new Impl(socketUrl(origin, this.opts.userCode, this.opts.token));
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'ping' }));
      this.heartbeat = setInterval(() => {
        if (socket.readyState === 1) socket.send(JSON.stringify({ type: 'ping' }));
      }, this.opts.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    };
    socket.onmessage = (e: MessageEvent) => {
      const text = typeof e.data === 'string' ? e.data : '';
      if (!text || text === LIVE_ACK || text[0] !== '{') return;
      try {
        const event = JSON.parse(text) as LiveEvent;
        if (event && typeof event.type === 'string') this.opts.onEvent(event);
      } catch {
        // Not an event: acknowledgement texts are ignored.
      }
    };
    socket.onclose = (e: CloseEvent) => {
      this.clearTimers();
      if (this.stopped || this.socket !== socket) return;
      if (FINAL_CLOSE_CODES.has(e.code)) {
        log(`实时通道已关闭：${e.reason}`);
        return;
      }
      const delay = this.opts.reconnectMs ?? LIVE_RECONNECT_MS;
      log(`实时通道断开，${Math.round(delay / 1000)}秒后重连`);
      this.retry = setTimeout(() => this.start(), delay);
    };
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.socket?.close(1000, 'bye');
    this.socket = null;
  }

  private clearTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
