import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildApp } from '../../app';
import { queryRows } from '../../platform/db';
import { openSocket } from './live-test-client';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();

/**
 * Two server instances sharing one database and one Redis: a message published through one
 * reaches a socket held by the other. Runs when Redis answers on 127.0.0.1:6379.
 */
describe.skipIf(!available)('live channel across server instances (Redis)', () => {
  let a: TestServer;
  let b: FastifyInstance;
  let bUrl: string;
  beforeAll(async () => {
    // A channel of its own, so parallel test runs on the same Redis do not see each other.
    process.env.LIVE_REDIS_CHANNEL = `erp:live:test:${randomUUID()}`;
    a = await startTestServer({ REDIS_URL: REDIS_URL });
    ({ app: b } = await buildApp({ config: a.platform.config, database: a.database }));
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    delete process.env.LIVE_REDIS_CHANNEL;
  });

  it('delivers a notice published on one instance to a socket on the other', async () => {
    const [hr, emp] = await Promise.all([a.login('hr01'), a.login('emp01')]);
    const sock = openSocket(bUrl, 'emp01', emp);
    await sock.next((f) => f === 'pong');
    const add = await a.post<{ messageId: number }>('/msg_api/msg/api/message/add', { title: '跨进程通知', content: '<p>hi</p>' }, hr);
    expect(add.code).toBe('200');
    const frame = JSON.parse(await sock.next((f) => f.includes('跨进程通知')));
    expect(frame).toEqual({ type: 'message', messageId: add.data.messageId, msgType: '003', title: '跨进程通知' });
    sock.ws.close();
  });

  /** On PostgreSQL the other instance is a separate OS process on the same test database. */
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'delivers to a socket held by another OS process',
    async () => {
      const [row] = await queryRows<{ name: string }>(a.db, sql`SELECT current_database() AS name`);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${row?.name}`;
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'live-peer.fixture.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          REDIS_URL,
          LIVE_REDIS_CHANNEL: process.env.LIVE_REDIS_CHANNEL,
          DATA_DIR: a.platform.config.dataDir,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const port = await new Promise<number>((resolve, reject) => {
          let out = '';
          child.stdout?.on('data', (d) => {
            out += d.toString();
            const m = /\{"port":(\d+)\}/.exec(out);
            if (m) resolve(Number(m[1]));
          });
          child.on('exit', (code) => reject(new Error(`peer exited with ${code}`)));
        });
        const [hr, emp] = await Promise.all([a.login('hr01'), a.login('emp01')]);
        const sock = openSocket(`http://127.0.0.1:${port}`, 'emp01', emp);
        await sock.next((f) => f === 'pong', 15_000);
        const add = await a.post<{ messageId: number }>(
          '/msg_api/msg/api/message/add',
          {
            title: '跨进程通知2',
            content: '<p>hi</p>',
            receiverScope: 'users',
            receiverUserIds: [(await a.post<{ userId: number }>('/auth/base/api/user/getUserByToken', {}, emp)).data.userId],
          },
          hr,
        );
        const frame = JSON.parse(await sock.next((f) => f.includes('跨进程通知2')));
        expect(frame.messageId).toBe(add.data.messageId);
        sock.ws.close();
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
    60_000,
  );
});
