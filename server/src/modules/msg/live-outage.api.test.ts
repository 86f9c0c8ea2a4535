import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { messages, users } from '../../db/schema';
import { type LiveBus, LiveChannel, PUBLISH_WAIT_MS } from './live-channel';

/** A bus like Redis while it is down: publishing never settles (retries), or fails. */
const stuckBus = (): LiveBus => ({
  publish: () => new Promise(() => undefined),
  subscribe: async () => undefined,
  close: async () => undefined,
});
const failingBus = (): LiveBus => ({
  publish: async () => {
    throw new Error('Connection is closed.');
  },
  subscribe: async () => undefined,
  close: async () => undefined,
});

// Pushes follow the commit and are best effort: with the bus gone a stored message answers 200, soon.
describe('messages while the live bus is down', () => {
  let s: TestServer;
  let hr: string;
  let emp: string;
  let empId: number;
  const warnings: unknown[] = [];
  beforeAll(async () => {
    s = await startTestServer();
    [hr, emp] = await Promise.all([s.login('hr01'), s.login('emp01')]);
    const [row] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'emp01'));
    empId = row?.id as number;
  });
  afterAll(() => s.close());

  const useBus = (bus: LiveBus) => s.platform.services.set('live', new LiveChannel(bus, { warn: (...args: unknown[]) => warnings.push(args) }));
  const timed = async <T>(call: () => Promise<T>) => {
    const start = Date.now();
    const answer = await call();
    return { answer, ms: Date.now() - start };
  };

  it.each([
    ['stuck', stuckBus],
    ['failing', failingBus],
  ])('publishing and reading answer 200 with a %s bus, without waiting on it', async (_kind, bus) => {
    useBus(bus());
    const title = `总线故障${_kind}`;
    const add = await timed(() =>
      s.post<{ messageId: number }>('/msg_api/msg/api/message/add', { title, content: '<p>x</p>', receiverScope: 'users', receiverUserIds: [empId] }, hr),
    );
    expect(add.answer.code).toBe('200');
    expect(add.ms).toBeLessThan(PUBLISH_WAIT_MS + 1500);
    expect(await s.db.select({ id: messages.id }).from(messages).where(eq(messages.title, title))).toHaveLength(1);

    const read = await timed(() => s.post('/msg_api/msg/api/message/receiveReadStatus', { messageIds: [add.answer.data.messageId] }, emp));
    expect(read.answer.status).toBe(200);
    expect(read.ms).toBeLessThan(PUBLISH_WAIT_MS + 1500);
    const detail = await s.post('/msg_api/msg/api/message/infoAndUpdateReceiveReadStatus', { messageId: add.answer.data.messageId }, emp);
    expect(detail.status).toBe(200);
    expect(warnings.length).toBeGreaterThan(0);
  });
});

describe('a live bus that stops answering', () => {
  it('holds only the first push: while it is late, later pushes are dropped without waiting', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const bus: LiveBus = {
      publish: () => {
        calls += 1;
        return calls === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      subscribe: async () => undefined,
      close: async () => undefined,
    };
    const warned: unknown[] = [];
    const live = new LiveChannel(bus, { warn: (...args: unknown[]) => warned.push(args) });
    const event = { type: 'unread', counts: {} } as never;
    await live.send([1], event);
    await Promise.all([live.send([1], event), live.send([2], event)]);
    expect(calls).toBe(1);
    expect(warned.length).toBeGreaterThan(0);
    // The bus takes the late push: pushes go to it again.
    release();
    await new Promise((resolve) => setImmediate(resolve));
    await live.send([1], event);
    expect(calls).toBe(2);
  });
});

describe('messages with REDIS_URL pointing at a Redis that does not answer', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => s.close());

  it('starts, and a notice is stored and answered at once', async () => {
    const hr = await s.login('hr01');
    const start = Date.now();
    const add = await s.post('/msg_api/msg/api/message/add', { title: 'Redis不在', content: '<p>x</p>' }, hr);
    expect(add.code).toBe('200');
    expect(Date.now() - start).toBeLessThan(PUBLISH_WAIT_MS + 1500);
  });
});
