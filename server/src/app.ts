import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { modules } from './modules';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { installErrorHandling } from './platform/http/error-handler';
import { openApiDocument } from './platform/http/openapi';
import { registerRoutes } from './platform/http/register';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { installMetrics } from './platform/metrics/metrics';
import type { ServerModule } from './platform/module';
import { createPlatform, type Platform } from './platform/platform';
import { forgetProcessCaches } from './platform/process-caches';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Defaults to every module of the product. */
  modules?: ServerModule[];
}

export async function buildApp({ config, database, modules: selected = modules }: BuildOptions): Promise<{ app: FastifyInstance; platform: Platform }> {
  // Nothing a module remembers from a database this process served before answers for this one.
  forgetProcessCaches();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
      serializers: {
        // The live channel carries the session token in its path (/socket/websocket/{userCode}/{token}): never log it.
        req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
          method: req.method,
          url: req.url.replace(/^(\/socket\/websocket\/[^/]*\/)[^/?]+/, '$1***'),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    // Registering the modules reads the web build and warms caches: on a loaded machine that passed
    // Fastify's default 10 s and the start failed (seen in the API tests under load).
    pluginTimeout: 60_000,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Requests arriving while the server stops get our envelope from the draining hook, not Fastify's bare 503.
    return503OnClosing: false,
    // Forwarded headers only from the proxies named in TRUST_PROXY; from anyone else they are ignored.
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    routerOptions: { maxParamLength: 500 },
  });
  const platform = createPlatform(config, database, app.log);

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  installErrorHandling(app);
  await registerSecurityHeaders(app);
  platform.draining.install(app);
  installMetrics(app, platform);
  // No parser-wide limit: each route's (1 MB, 8 KB for public calls) applies.
  await app.register(formbody);
  // preservePath: a path-like client file name reaches the upload checks (and is refused there) instead of being silently cut.
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024 }, preservePath: true });

  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const mod of selected) {
    registerRoutes(app, platform, mod.routes(platform));
    await mod.setup?.(app, platform);
  }

  const webDist = config.WEB_DIST ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The version file must never be cached: the shell compares it to reload on a new release.
      setHeaders: (res, file) => {
        if (file.endsWith('index.html') || file.endsWith('version.json')) res.setHeader('cache-control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  return { app, platform };
}
