import type { FastifyInstance } from 'fastify';
import type { Route } from './http/context';
import type { Platform } from './platform';

/** A business area of the server: its contract-bound routes and optional start-up work. */
export interface ServerModule {
  name: string;
  /** Contract-bound routes, built once with the platform's services. */
  routes(platform: Platform): Route[];
  /** Runs once when the app is built: attach services, raw routes (websocket), workers. */
  setup?(app: FastifyInstance, platform: Platform): Promise<void> | void;
}
