import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langOf, localize } from './i18n';

/** How long a shutdown waits for the requests it accepted before closing their connections. */
export const DRAIN_TIMEOUT_MS = 10_000;
/**
 * A drain ends only after this long without a new request: connections the server accepted but
 * whose request it has not read yet (the event loop was busy) get their 503 envelope instead of
 * being reset when the server closes; and readiness stays 503 at least this long.
 */
export const DRAIN_QUIET_MS = 500;
export const STOPPING_MESSAGE = '服务正在停止，请稍后重试';

/** Probes answer during a drain (the liveness one stays 200, readiness says 503 itself). */
const PROBES = new Set(['/healthz', '/readyz']);
const isProbe = (req: FastifyRequest) => PROBES.has(req.url.split('?')[0] ?? '');
/** A websocket lives until the live channel closes it: it is not a request to wait for. */
const isUpgrade = (req: FastifyRequest) => typeof req.headers.upgrade === 'string';

/**
 * The first phase of a shutdown: from `start()` on, readiness answers 503, new requests get the
 * 503 envelope (and their connections close), and `drain()` waits for the requests accepted before.
 * The caller then closes the HTTP server, the workers and the database, in that order (main.ts).
 */
export class Draining {
  private active = 0;
  private stopping = false;
  private lastRequest = 0;

  get draining(): boolean {
    return this.stopping;
  }

  /** Requests accepted and not yet answered. */
  get inFlight(): number {
    return this.active;
  }

  install(app: FastifyInstance): void {
    app.addHook('onRequest', async (req, reply) => {
      if (isProbe(req) || isUpgrade(req)) return;
      this.lastRequest = Date.now();
      if (this.stopping) {
        const lang = langOf(req);
        return reply
          .code(503)
          .header('connection', 'close')
          .header('retry-after', '1')
          .send({ code: '503', message: localize(STOPPING_MESSAGE, lang), data: null });
      }
      this.active += 1;
      // 'close' comes once the answer is sent or the client went away, whichever the request met.
      reply.raw.once('close', () => {
        this.active -= 1;
      });
    });
    // Answers finished during the drain close their keep-alive connection: the client's next
    // request goes to a new connection (another process behind the load balancer).
    app.addHook('onSend', async (_req, reply) => {
      if (this.stopping) reply.header('connection', 'close');
    });
  }

  /**
   * Refuses new requests and waits until the accepted ones are answered and no request came for
   * `quietMs`, at most `timeoutMs`; answers how many accepted requests are still running.
   */
  async drain(timeoutMs = DRAIN_TIMEOUT_MS, quietMs = DRAIN_QUIET_MS): Promise<number> {
    this.stopping = true;
    this.lastRequest = Date.now();
    const deadline = Date.now() + timeoutMs;
    let tick = Date.now();
    while (Date.now() < deadline && (this.active > 0 || Date.now() - this.lastRequest < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, deadline - Date.now())));
      // Let the poll phase read what arrived meanwhile before judging the quiet: a timer can fire
      // before sockets waiting since a long synchronous stretch (the embedded database runs in this
      // thread) are read.
      await new Promise((resolve) => setImmediate(resolve));
      const now = Date.now();
      // A stalled loop read nothing: the time it stood still does not count as quiet.
      if (now - tick > 150) this.lastRequest = Math.max(this.lastRequest, now);
      tick = now;
    }
    return this.active;
  }
}
