import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildApp } from '../../app';
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
});
