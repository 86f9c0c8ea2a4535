import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { CLOSE_TOO_MANY, MAX_SOCKETS_PER_SESSION } from './live.routes';
import { openSocket } from './live-test-client';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('live channel limits (issue 25 §7)', () => {
  it("accepts the app's own origin and refuses any other", async () => {
    const token = await s.login('emp01');
    const own = openSocket(s.url, 'emp01', token, { origin: s.url });
    await own.opened;
    await own.next((f) => f.includes('ack') || f.length > 0);
    own.ws.close();
    const foreign = openSocket(s.url, 'emp01', token, { origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow(/403/);
  });

  it('bounds the sockets of one session', async () => {
    const token = await s.login('emp01');
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) {
      const sock = openSocket(s.url, 'emp01', token);
      await sock.opened;
      await sock.next(() => true);
      open.push(sock);
    }
    const extra = openSocket(s.url, 'emp01', token);
    expect((await extra.closed).code).toBe(CLOSE_TOO_MANY);
    // Another session of the same user still gets one.
    const other = openSocket(s.url, 'emp01', await s.login('emp01'));
    await other.opened;
    await other.next(() => true);
    for (const sock of [...open, other]) sock.ws.close();
  });
});
