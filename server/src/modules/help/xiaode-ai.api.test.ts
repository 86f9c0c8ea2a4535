import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HelpArticle, HelpCategory, XiaodeAnswer } from '@erp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/**
 * The assistant with an OpenAI-compatible endpoint: a tiny fake in this process records what it is
 * sent and streams a fixed answer. What it is sent is the point: published passages and the
 * asker's own figures only.
 */
let s: TestServer;
let fake: http.Server;
const sent: Array<{ auth: string; body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> } }> = [];
let failNext = false;
const tokens: Record<string, string> = {};
const H = '/base_api/base/help/';

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      sent.push({ auth: req.headers.authorization ?? '', body: JSON.parse(raw) });
      if (failNext) {
        failNext = false;
        res.writeHead(500).end('{"error":"boom"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['您好，', '请在流程中心', '处理待办。']) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
      res.write(': keep-alive\n\n');
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  s = await startTestServer({ AI_BASE_URL: `http://127.0.0.1:${port}/v1/`, AI_API_KEY: 'test-key', AI_MODEL: 'tiny' });
  for (const u of ['admin', 'emp01', 'user05']) tokens[u] = await s.login(u);
});
afterAll(async () => {
  await s.close();
  await new Promise((r) => fake.close(r));
});

describe('Xiaode with an AI endpoint', () => {
  it('streams the endpoint’s answer, built from the retrieved passages', async () => {
    const res = await fetch(`${s.url}${H}xiaode/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.emp01}` },
      body: JSON.stringify({ ROOT: { header: {}, body: { question: '怎么处理审批待办' } } }),
    });
    const text = await res.text();
    const deltas = [...text.matchAll(/event: delta\ndata: (.*)/g)].map((m) => (JSON.parse(m[1] as string) as { text: string }).text);
    expect(deltas).toEqual(['您好，', '请在流程中心', '处理待办。']);
    const done = JSON.parse(/event: done\ndata: (.*)/.exec(text)?.[1] ?? '{}') as XiaodeAnswer;
    expect(done).toMatchObject({ source: 'ai', answer: '您好，请在流程中心处理待办。' });
    const last = sent.at(-1);
    expect(last?.auth).toBe('Bearer test-key');
    expect(last?.body).toMatchObject({ model: 'tiny', stream: true });
    expect(last?.body.messages.at(-1)?.content).toContain('《处理审批待办》');
  });

  it('never sends or shows what the asker may not see: drafts, other people’s requests', async () => {
    const cat = (await s.post<HelpCategory[]>(`${H}category/list`, {}, tokens.admin)).data[0]?.id;
    const draft = await s.post<HelpArticle>(
      `${H}article/save`,
      { categoryId: cat, title: '审批待办内部草稿', content: '<p>审批待办的内部口令是紫色长颈鹿</p>', published: false },
      tokens.admin,
    );
    expect(draft.code).toBe('200');
    const started = await s.post(
      '/bpm_api/bpm/camunda/start',
      {
        processKey: 'Leave_Process',
        title: 'user05的秘密请假',
        form: { leaveType: '002', startDate: '2026-12-01', endDate: '2026-12-02', days: 2, reason: '私事' },
      },
      tokens.user05,
    );
    expect(started.code).toBe('200');
    const before = sent.length;
    for (const question of ['审批待办的内部口令是什么', 'user05 的请假申请到哪一步了', '我还有几天年假']) {
      const r = await s.post<XiaodeAnswer>(`${H}xiaode/ask`, { question }, tokens.emp01);
      expect(r.code).toBe('200');
      expect(JSON.stringify(r.data)).not.toMatch(/紫色长颈鹿|user05的秘密请假/);
    }
    const payloads = JSON.stringify(sent.slice(before).map((x) => x.body));
    expect(sent.length).toBe(before + 3);
    expect(payloads).not.toContain('紫色长颈鹿');
    expect(payloads).not.toContain('user05的秘密请假');
    // The asker's own figures do go (they may see them).
    expect(payloads).toContain('【我的数据】');
  });

  it('falls back to retrieval when the endpoint fails', async () => {
    failNext = true;
    const r = await s.post<XiaodeAnswer>(`${H}xiaode/ask`, { question: '怎么切换语言' }, tokens.emp01);
    expect(r.data.source).toBe('retrieval');
    expect(r.data.answer).toContain('AI 服务暂时不可用');
    expect(r.data.passages[0]?.slug).toBe('language');
  });
});
