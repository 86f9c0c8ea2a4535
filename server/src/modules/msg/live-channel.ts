import type { LiveEvent } from '@erp/contract';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

/** One push: to some users, or to everyone connected. */
export interface LiveEnvelope {
  to: number[] | 'all';
  event: LiveEvent;
  /** With `to: 'all'`: users who already got this event. */
  except?: number[];
}

/** Carries pushes to every server process (Redis pub/sub) or only this one (in-process). */
export interface LiveBus {
  publish(envelope: LiveEnvelope): Promise<void>;
  subscribe(handler: (envelope: LiveEnvelope) => void): Promise<void>;
  close(): Promise<void>;
}

export class LocalBus implements LiveBus {
  private handler: ((e: LiveEnvelope) => void) | null = null;
  async publish(envelope: LiveEnvelope): Promise<void> {
    this.handler?.(envelope);
  }
  async subscribe(handler: (e: LiveEnvelope) => void): Promise<void> {
    this.handler = handler;
  }
  async close(): Promise<void> {
    this.handler = null;
  }
}

export class RedisBus implements LiveBus {
  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
  ) {}

  /** ioredis is loaded only by a process that has REDIS_URL. */
  static async connect(url: string, channel: string, onError: (err: Error) => void): Promise<RedisBus> {
    const { Redis } = await import('ioredis');
    const pub = new Redis(url, { maxRetriesPerRequest: 3 });
    const sub = new Redis(url);
    pub.on('error', onError);
    sub.on('error', onError);
    return new RedisBus(pub, sub, channel);
  }
  async publish(envelope: LiveEnvelope): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(envelope));
  }
  async subscribe(handler: (e: LiveEnvelope) => void): Promise<void> {
    this.sub.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      try {
        handler(JSON.parse(text) as LiveEnvelope);
      } catch {
        // A malformed frame from another process is dropped, never fatal.
      }
    });
    await this.sub.subscribe(this.channel);
  }
  async close(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}

/**
 * The sockets of this process by user, and the bus that brings pushes from every process.
 * `send` publishes; each process delivers to the sockets it holds.
 */
export class LiveChannel {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  /** The session token each socket was opened with, for the periodic session sweep. */
  private readonly tokens = new WeakMap<WebSocket, string>();

  constructor(private readonly bus: LiveBus) {}

  async start(): Promise<void> {
    await this.bus.subscribe((e) => this.deliver(e));
  }

  /** Sockets of this process opened with one session token. */
  socketsOfSession(userId: number, token: string): number {
    let n = 0;
    for (const socket of this.sockets.get(userId) ?? []) if (this.tokens.get(socket) === token) n++;
    return n;
  }

  attach(userId: number, socket: WebSocket, token?: string): void {
    if (token) this.tokens.set(socket, token);
    const set = this.sockets.get(userId) ?? new Set<WebSocket>();
    this.sockets.set(userId, set);
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (!set.size && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
  }

  async send(to: number[] | 'all', event: LiveEvent, except: number[] = []): Promise<void> {
    if (Array.isArray(to) && !to.length) return;
    await this.bus.publish(except.length && to === 'all' ? { to, event, except } : { to, event });
  }

  /** Users with an open socket on this process. */
  onlineUserIds(): number[] {
    return [...this.sockets.keys()];
  }

  /** Open sockets on this process. */
  get connections(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /**
   * Closes the sockets whose session ended (sign-out, expiry, disabled user), so a revoked token does
   * not keep receiving pushes until its next heartbeat. One check per distinct token.
   */
  async sweep(stillValid: (token: string) => Promise<boolean>, closeCode: number): Promise<number> {
    const byToken = new Map<string, WebSocket[]>();
    for (const set of this.sockets.values())
      for (const socket of set) {
        const token = this.tokens.get(socket);
        if (token) byToken.set(token, [...(byToken.get(token) ?? []), socket]);
      }
    let closed = 0;
    for (const [token, sockets] of byToken) {
      if (await stillValid(token).catch(() => true)) continue;
      for (const socket of sockets) socket.close(closeCode, 'session expired or invalid');
      closed += sockets.length;
    }
    return closed;
  }

  private deliver({ to, event, except }: LiveEnvelope): void {
    const text = JSON.stringify(event);
    const skip = new Set(except ?? []);
    const targets =
      to === 'all'
        ? [...this.sockets].filter(([userId]) => !skip.has(userId)).map(([, set]) => set)
        : to.map((id) => this.sockets.get(id)).filter((s): s is Set<WebSocket> => !!s);
    for (const set of targets) for (const socket of set) if (socket.readyState === 1) socket.send(text);
  }

  async close(): Promise<void> {
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'server shutting down');
    this.sockets.clear();
    await this.bus.close();
  }
}
