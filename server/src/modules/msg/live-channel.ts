import type { LiveEvent } from '@erp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { afterCommit, inCallTransaction } from '../../platform/call-transaction';

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
    // While Redis is away a push fails at once instead of queueing behind reconnection attempts
    // (pushes are best effort: a late one is worth nothing). The subscriber waits for Redis as long
    // as it takes, and ioredis subscribes again after each reconnection.
    const pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const sub = new Redis(url, { maxRetriesPerRequest: null });
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
    // Waited for a moment only: a process whose Redis is down at start serves its calls, and gets
    // other processes' pushes once Redis answers.
    const subscribed = this.sub.subscribe(this.channel).catch(() => undefined);
    await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }
  async close(): Promise<void> {
    // QUIT waits for Redis to answer; with Redis away it would wait for ever.
    const end = (client: Redis) => (client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()));
    await Promise.allSettled([end(this.pub), end(this.sub)]);
  }
}

/** How long a call waits for the bus to take a push; later, the push is dropped (and logged). */
export const PUBLISH_WAIT_MS = 1000;
/** Dropped pushes are logged at most this often, with their count, so an outage does not flood the log. */
const DROP_LOG_EVERY_MS = 10_000;

/**
 * The sockets of this process by user, and the bus that brings pushes from every process.
 * `send` publishes; each process delivers to the sockets it holds.
 */
export class LiveChannel {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  /** The session token each socket was opened with, for the periodic session sweep. */
  private readonly tokens = new WeakMap<WebSocket, string>();

  private dropped = 0;
  private lastDropLog = 0;
  /** Pushes the bus did not take within PUBLISH_WAIT_MS and that have not settled since. */
  private late = 0;

  constructor(
    private readonly bus: LiveBus,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

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

  /**
   * Publishes a push. Pushes follow a commit and are best effort: this never throws and waits for the
   * bus at most PUBLISH_WAIT_MS, so a Redis outage cannot turn a stored write into an error or hold
   * its answer (the clients' lists refresh on their next read anyway).
   */
  async send(to: number[] | 'all', event: LiveEvent, except: number[] = []): Promise<void> {
    if (Array.isArray(to) && !to.length) return;
    // Inside a write call: after its commit, so the receivers read what the push announces.
    if (inCallTransaction()) return afterCommit(() => this.send(to, event, except));
    // A bus that has not taken an earlier push in time is stuck (a Redis that accepts connections but
    // does not answer): later pushes are dropped at once instead of each holding its call, or the
    // notice drain, for PUBLISH_WAIT_MS. Once the late push settles, pushes wait for the bus again.
    if (this.late > 0) return this.report(new Error('the bus has not taken an earlier push yet'));
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    let wasLate = false;
    const published = this.bus.publish(except.length && to === 'all' ? { to, event, except } : { to, event }).then(
      () => true,
      (err: unknown) => {
        this.report(err);
        return true;
      },
    );
    void published.then(() => {
      settled = true;
      if (wasLate) this.late -= 1;
    });
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PUBLISH_WAIT_MS);
    });
    const inTime = await Promise.race([published, late]);
    clearTimeout(timer);
    if (!inTime) {
      if (!settled) {
        wasLate = true;
        this.late += 1;
      }
      this.report(new Error(`the bus did not take the push within ${PUBLISH_WAIT_MS} ms`));
    }
  }

  /** A push that could not be made: logged, at most once per DROP_LOG_EVERY_MS with the count. */
  report(err: unknown): void {
    this.dropped += 1;
    const now = Date.now();
    if (now - this.lastDropLog < DROP_LOG_EVERY_MS) return;
    this.log?.warn({ err: err instanceof Error ? err.message : String(err), dropped: this.dropped }, 'live pushes dropped: the bus is unavailable');
    this.lastDropLog = now;
    this.dropped = 0;
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
