import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import { type PoolStats, queryRows } from '../db';
import type { Platform } from '../platform';
import { processRegistry } from './process-metrics';

export const METRICS_PATH = '/metrics';
/** Requests that matched no route share one label: a raw URL would put ids and tokens in labels. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The outbox is counted at most this often, however many scrapers ask. */
const OUTBOX_CACHE_MS = 5_000;

interface OutboxRow {
  topic: string;
  pending: number;
  failed: number;
  oldest_seconds: number | null;
}

/**
 * Pending and failed items per topic and the age of the oldest pending one. The distinct topics are
 * found by a loose index scan (one index probe per topic) and each count reads only its topic's
 * pending or failed rows, so the done rows that pile up in the outbox cost nothing.
 */
async function outboxState(platform: Platform): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    platform.db,
    sql`WITH RECURSIVE t(topic) AS (
          (SELECT topic FROM outbox ORDER BY topic LIMIT 1)
          UNION ALL
          SELECT (SELECT o.topic FROM outbox o WHERE o.topic > t.topic ORDER BY o.topic LIMIT 1) FROM t WHERE t.topic IS NOT NULL
        )
        SELECT t.topic,
               (SELECT count(*)::int FROM outbox WHERE topic = t.topic AND status = 'pending') AS pending,
               (SELECT count(*)::int FROM outbox WHERE topic = t.topic AND status = 'failed') AS failed,
               (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM outbox WHERE topic = t.topic AND status = 'pending') AS oldest_seconds
        FROM t WHERE t.topic IS NOT NULL`,
  );
}

/** The live channel's count of open sockets, when the message module runs in this app. */
interface LiveConnections {
  readonly connections: number;
}

export interface Metrics {
  registry: Registry;
  /** Everything in the Prometheus text format: this app's metrics and the process's. */
  text(): Promise<string>;
  contentType: string;
  /** The port of the separate metrics listener (METRICS_PORT), once it listens. */
  port: number | null;
  /** Opens the METRICS_PORT listener (nothing without the setting); answers its port. */
  listen(): Promise<number | null>;
}

/**
 * Request, database pool, outbox and live-socket metrics of one app, and `/metrics`: on the main
 * port only with `Authorization: Bearer <METRICS_TOKEN>`, and on METRICS_PORT (its own listener,
 * for a network that only Prometheus reaches) without a token.
 */
export function installMetrics(app: FastifyInstance, platform: Platform): Metrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status, with their duration',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const pool = platform.database.poolStats;
  if (pool) {
    const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    gauge('erp_db_pool_connections', 'Open connections of the database pool', (s) => s.total);
    gauge('erp_db_pool_in_use', 'Connections of the pool running a query or a transaction', (s) => s.total - s.idle);
    gauge('erp_db_pool_waiting', 'Queries and transactions waiting for a free connection', (s) => s.waiting);
    gauge('erp_db_pool_max', 'Size limit of the pool (DATABASE_POOL_SIZE)', (s) => s.max);
  }

  let outbox: { at: number; rows: Promise<OutboxRow[]> } | null = null;
  const outboxRows = () => {
    if (!outbox || Date.now() - outbox.at > OUTBOX_CACHE_MS) {
      const rows = outboxState(platform).catch((err) => {
        platform.log.warn({ err }, 'metrics: the outbox could not be counted');
        outbox = null;
        return [] as OutboxRow[];
      });
      outbox = { at: Date.now(), rows };
    }
    return outbox.rows;
  };
  const outboxGauge = (name: string, help: string, read: (r: OutboxRow) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['topic'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await outboxRows()) this.set({ topic: row.topic }, read(row) ?? 0);
      },
    });
  outboxGauge('erp_outbox_pending', 'Background work waiting in the outbox, by topic', (r) => r.pending);
  outboxGauge('erp_outbox_failed', 'Outbox items given up after five attempts, by topic', (r) => r.failed);
  outboxGauge('erp_outbox_oldest_pending_age_seconds', 'Age of the oldest pending outbox item, by topic (0 when none)', (r) => r.oldest_seconds);

  new Gauge({
    name: 'erp_live_connections',
    help: 'Open websocket connections of the live channel on this process',
    registers: [registry],
    collect() {
      this.set((platform.services.get('live') as LiveConnections | undefined)?.connections ?? 0);
    },
  });
  new Gauge({
    name: 'erp_http_in_flight',
    help: 'Requests accepted and not yet answered',
    registers: [registry],
    collect() {
      this.set(platform.draining.inFlight);
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    duration.observe({ route: routeLabel(req), method: req.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const metrics: Metrics = {
    registry,
    contentType: registry.contentType,
    port: null,
    listen: async () => null,
    async text() {
      return `${await processRegistry.metrics()}\n${await registry.metrics()}`;
    },
  };

  const token = platform.config.METRICS_TOKEN;
  app.get(METRICS_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
    if (!token) return reply.code(404).send({ code: '404', message: '指标未在此端口开放（请设置 METRICS_TOKEN 或 METRICS_PORT）', data: null });
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ code: '401', message: '读取指标需要正确的令牌', data: null });
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });

  const port = platform.config.METRICS_PORT;
  if (port !== undefined) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      metrics.text().then(
        (body) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(body),
        (err) => {
          platform.log.error({ err }, 'metrics: scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
        },
      );
    });
    metrics.listen = async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, platform.config.METRICS_HOST ?? platform.config.HOST, () => {
          server.off('error', reject);
          resolve();
        });
      });
      metrics.port = (server.address() as AddressInfo).port;
      return metrics.port;
    };
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
  platform.services.set('metrics', metrics);
  return metrics;
}

/** The route template (`/x/:id`), never the URL itself. */
function routeLabel(req: FastifyRequest): string {
  return req.routeOptions.url ?? UNMATCHED_ROUTE;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
