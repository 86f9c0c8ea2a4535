import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import type { Metrics } from './metrics';

const TOKEN = 'scrape-token-0123456789abcdef';
let s: TestServer;
let plain: TestServer;

beforeAll(async () => {
  s = await startTestServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' });
  plain = await startTestServer();
});
afterAll(async () => {
  await s.close();
  await plain.close();
});

const scrape = async (server: TestServer, token = TOKEN) => {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};

/** The value of one sample line, e.g. `name{a="b"} 3`; 0 when it is not there (yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split('}')[0] ?? '';
    if (want.every((l) => labelText.includes(l))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('/metrics', () => {
  it('is refused on the main port without the token, with a wrong one, and when no token is set', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-0123456789abcdeX' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe('读取指标需要正确的令牌');
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
    // Without METRICS_TOKEN nothing is served on the main port, whatever is sent.
    expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('counts requests by route template, method and status, never by raw URL', async () => {
    const before = await scrape(s);
    const labels = { route: '/auth/oauth/token', method: 'POST', status: '200' };
    const loginsBefore = sample(before, 'http_request_duration_seconds_count', labels);
    const token = await s.login('emp01');
    await s.login('hr01');
    expect((await s.post('/auth/oauth/token', { username: 'emp01', password: 'wrong' }, null, { plain: true })).status).toBe(400);
    // A path with an id in it, and one that matches nothing.
    await s.get(`/auth/oauth/check_token`, null, { token });
    await fetch(`${s.url}/no/such/path/${token}`);
    const after = await scrape(s);
    expect(sample(after, 'http_request_duration_seconds_count', labels)).toBe(loginsBefore + 2);
    expect(sample(after, 'http_request_duration_seconds_count', { ...labels, status: '400' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(loginsBefore + 2);
    expect(sample(after, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(token);
    expect(after).not.toContain('/no/such/path');
  });

  it('shows approval commands by kind, the outbox backlog, sockets, memory and event-loop lag', async () => {
    const before = await scrape(s);
    const done = { kind: 'start', outcome: 'done' };
    const started = sample(before, 'erp_approval_commands_total', done);
    const emp = await s.login('emp01');
    const leave = { leaveType: '002', startDate: '2026-12-01', endDate: '2026-12-02', days: 2, reason: '家中有事' };
    const answer = await s.post('/bpm_api/bpm/camunda/start', { processKey: 'Leave_Process', title: '事假2天', form: leave }, emp);
    expect(answer.code).toBe('200');
    const after = await scrape(s);
    expect(sample(after, 'erp_approval_commands_total', done)).toBe(started + 1);
    // The start wrote a to-do notice for the approver into the outbox (the worker may have sent it already).
    expect(after).toMatch(/^erp_outbox_pending\{topic="notify"\} \d+$/m);
    expect(after).toMatch(/^erp_outbox_oldest_pending_age_seconds\{topic="notify"\} [\d.e+-]+$/m);
    expect(after).toMatch(/^erp_live_connections \d+$/m);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+$/m);
    if (s.database.kind === 'postgres') expect(sample(after, 'erp_db_pool_max')).toBeGreaterThan(0);
  });

  it('is served without a token on METRICS_PORT, and only /metrics there', async () => {
    const metrics = s.platform.services.get('metrics') as Metrics;
    const port = await metrics.listen();
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_request_duration_seconds_bucket');
    expect((await fetch(`http://127.0.0.1:${port}/auth/oauth/token`)).status).toBe(404);
  });
});
