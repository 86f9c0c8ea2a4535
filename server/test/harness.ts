import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { DEMO_PASSWORD } from '../src/db/seed';
import { type Config, loadConfig } from '../src/platform/config';
import type { Database, Db } from '../src/platform/db';
import type { Platform } from '../src/platform/platform';
import { openTestDatabase } from './databases';

export interface Answer<T = unknown> {
  status: number;
  code: string;
  message: string;
  data: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  platform: Platform;
  database: Database;
  db: Db;
  /** Signs in a demo account (password Demo@123 unless given) and returns its token. */
  login(userCode: string, password?: string): Promise<string>;
  /** The token of a demo account, signed in once per server and kept (tests acting as several people). */
  tokenOf(userCode: string): Promise<string>;
  /** A JSON call: the body is sent ROOT-wrapped unless `plain` is set. */
  post<T = unknown>(path: string, body?: unknown, token?: string | null, opts?: { plain?: boolean; headers?: Record<string, string> }): Promise<Answer<T>>;
  get<T = unknown>(path: string, token?: string | null, query?: Record<string, string | number>): Promise<Answer<T>>;
  /** Any request, answered as parsed JSON when it is JSON. */
  raw(path: string, init: RequestInit): Promise<Answer>;
  close(): Promise<void>;
}

async function answerOf(res: Response): Promise<Answer> {
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json')
    ? ((await res.json()) as { code: string; message: string; data: unknown })
    : { code: '', message: await res.text(), data: null };
  return { status: res.status, code: body.code, message: body.message, data: body.data, headers: res.headers };
}

/**
 * The real server on a random port, over real HTTP, with its own copy of the demo database
 * (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const database = await openTestDatabase(inject('dbTemplate'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `erp-test-${process.pid}-${Math.random().toString(36).slice(2)}`) },
    overrides,
  );
  const { app, platform } = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const auth = (token?: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const tokens = new Map<string, Promise<string>>();
  const server: TestServer = {
    url,
    app,
    platform,
    database,
    db: database.db,
    async login(userCode, password = DEMO_PASSWORD) {
      const res = await server.post<{ access_token: string }>('/auth/oauth/token', { username: userCode, password }, null, { plain: true });
      if (res.code !== '200') throw new Error(`login ${userCode} failed: ${res.message}`);
      return res.data.access_token;
    },
    tokenOf(userCode) {
      let token = tokens.get(userCode);
      if (!token) {
        token = server.login(userCode);
        // A failed sign-in is not kept: the next call tries again.
        token.catch(() => tokens.delete(userCode));
        tokens.set(userCode, token);
      }
      return token;
    },
    async post<T>(p: string, body: unknown = {}, token?: string | null, opts: { plain?: boolean; headers?: Record<string, string> } = {}) {
      const payload = opts.plain ? body : { ROOT: { header: {}, body } };
      const res = await fetch(url + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(token), ...opts.headers },
        body: JSON.stringify(payload),
      });
      return (await answerOf(res)) as Answer<T>;
    },
    async get<T>(p: string, token?: string | null, query: Record<string, string | number> = {}) {
      const qs = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))).toString();
      const res = await fetch(`${url}${p}${qs ? `?${qs}` : ''}`, { headers: auth(token) });
      return (await answerOf(res)) as Answer<T>;
    },
    async raw(p, init) {
      return answerOf(await fetch(url + p, init));
    },
    async close() {
      // Nothing is in flight when a test file ends; a response a test did not read to its end would
      // otherwise hold the close for the keep-alive timeout (72 s). Draining is tested on a real process.
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
  return server;
}
