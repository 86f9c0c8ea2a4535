import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { messageReceivers, messages, outbox, users } from '../../db/schema';
import { enqueue } from '../../platform/outbox/outbox';
import { openSocket } from './live-test-client';

let s: TestServer;
let emp: string;
let hr: string;
let ids: Record<string, number>;
beforeAll(async () => {
  s = await startTestServer();
  [emp, hr] = await Promise.all([s.login('emp01'), s.login('hr01')]);
  const rows = await s.db.select({ id: users.id, code: users.userCode }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(() => s.close());

describe('live channel', () => {
  it('accepts the owner of the token and acknowledges pings', async () => {
    const sock = openSocket(s.url, 'emp01', emp);
    await sock.opened;
    expect(await sock.next((f) => f === 'pong')).toBe('pong');
    sock.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await sock.next((f) => f === 'pong')).toBe('pong');
    sock.ws.close();
  });

  it("closes a socket opened with another user's token, or an unknown one", async () => {
    const other = openSocket(s.url, 'emp01', hr);
    expect(await other.closed).toEqual({ code: 4403, reason: 'token does not belong to this user' });
    const unknown = openSocket(s.url, 'emp01', 'x'.repeat(43));
    expect(await unknown.closed).toEqual({ code: 4401, reason: 'session expired or invalid' });
  });

  it('closes the socket at the next heartbeat once the session is revoked', async () => {
    const token = await s.login('emp01');
    const sock = openSocket(s.url, 'emp01', token);
    await sock.next((f) => f === 'pong');
    await s.post('/auth/oauth/logout', {}, token);
    sock.ws.send(JSON.stringify({ type: 'ping' }));
    expect((await sock.closed).code).toBe(4401);
  });

  it('closes the sockets of a signed-out session at the periodic sweep, keeping the others', async () => {
    const [gone, kept] = await Promise.all([s.login('emp01'), s.login('emp01')]);
    const a = openSocket(s.url, 'emp01', gone);
    const b = openSocket(s.url, 'emp01', kept);
    await Promise.all([a.next((f) => f === 'pong'), b.next((f) => f === 'pong')]);
    await s.post('/auth/oauth/logout', {}, gone);
    const live = s.platform.services.get('live') as import('./live-channel').LiveChannel;
    const closed = await live.sweep(async (t) => (await s.platform.sessions.resolve(t)) !== null, 4401);
    expect(closed).toBe(1);
    expect((await a.closed).code).toBe(4401);
    expect(b.ws.readyState).toBe(1);
    b.ws.close();
  });

  it('pushes new messages and unread changes to the receivers only', async () => {
    const mine = openSocket(s.url, 'emp01', emp);
    const theirs = openSocket(s.url, 'hr01', hr);
    await Promise.all([mine.next((f) => f === 'pong'), theirs.next((f) => f === 'pong')]);
    const add = await s.post<{ messageId: number }>(
      '/msg_api/msg/api/message/add',
      { title: '推送测试', content: '<p>x</p>', receiverScope: 'users', receiverUserIds: [ids.emp01] },
      hr,
    );
    const frame = JSON.parse(await mine.next((f) => f.includes('推送测试')));
    expect(frame).toEqual({ type: 'message', messageId: add.data.messageId, msgType: '003', title: '推送测试' });
    await s.post('/msg_api/msg/api/message/infoAndUpdateReceiveReadStatus', { messageId: add.data.messageId }, emp);
    const unread = JSON.parse(await mine.next((f) => f.includes('"unread"')));
    expect(unread.counts).toHaveLength(4);
    await theirs.flush();
    expect(theirs.frames.filter((f) => f.includes('推送测试'))).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('turns workflow notices from the outbox into messages and to-do popups', async () => {
    const sock = openSocket(s.url, 'emp01', emp);
    await sock.next((f) => f === 'pong');
    await s.db.transaction((tx) =>
      enqueue(tx as unknown as typeof s.db, 'notify', {
        receiverUserIds: [ids.emp01 ?? 0, 999999],
        msgType: '001',
        title: '待审批：转正申请',
        content: '<p>张三的转正申请等待您审批</p><script>x</script>',
        link: '/backlog/index',
        todo: { type: 'todo', theme: '转正申请', items: '转正审批', startTime: '2026-11-23 10:00:00', noticeUsers: '经理' },
      }),
    );
    const drainNow = s.platform.services.get('msg.drainNow') as () => Promise<void>;
    await drainNow();
    const popup = JSON.parse(await sock.next((f) => f.includes('"todo"')));
    expect(popup).toMatchObject({
      type: 'todo',
      theme: '转正申请',
      content: '张三的转正申请等待您审批',
      items: '转正审批',
      startTime: '2026-11-23 10:00:00',
      noticeUsers: '经理',
      memo: '',
      link: '/backlog/index',
    });
    const [row] = await s.db.select().from(messages).where(eq(messages.id, popup.messageId));
    expect(row).toMatchObject({ msgType: '001', content: '<p>张三的转正申请等待您审批</p>' });
    const pending = await s.db.select().from(outbox).where(eq(outbox.topic, 'notify'));
    expect(pending.every((p) => p.status === 'done')).toBe(true);
    const page = await s.post<{ records: Array<{ title: string; link: string }> }>('/msg_api/msg/api/message/page', { msgType: '001' }, emp);
    expect(page.data.records[0]).toMatchObject({ title: '待审批：转正申请', link: '/backlog/index' });
    sock.ws.close();
  });

  it('turns many notices claimed together into one message each, with the same copies and pushes as one by one', async () => {
    const sock = openSocket(s.url, 'emp01', emp);
    await sock.next((f) => f === 'pong');
    const before = await s.db.select({ id: messages.id }).from(messages);
    await s.db.transaction(async (tx) => {
      for (let i = 1; i <= 3; i++)
        await enqueue(tx as unknown as typeof s.db, 'notify', {
          receiverUserIds: [ids.emp01 ?? 0, ids.hr01 ?? 0, ids.emp01 ?? 0],
          msgType: '001',
          title: `批量通知 ${i}`,
          content: `<p>第 ${i} 条</p><script>x</script>`,
          link: '/backlog/index',
        });
      // Nobody enabled to tell: no message at all.
      await enqueue(tx as unknown as typeof s.db, 'notify', { receiverUserIds: [999999], msgType: '001', title: '无人接收', content: 'x' });
    });
    await (s.platform.services.get('msg.drainNow') as () => Promise<void>)();
    for (let i = 1; i <= 3; i++) await sock.next((f) => f.includes(`批量通知 ${i}`));
    const known = new Set(before.map((m) => m.id));
    const made = (await s.db.select().from(messages)).filter((m) => !known.has(m.id));
    expect(made.map((m) => m.title).sort()).toEqual(['批量通知 1', '批量通知 2', '批量通知 3']);
    for (const m of made) {
      expect(m.content).not.toContain('script');
      expect([...(m.receiverUserIds as number[])].sort()).toEqual([ids.emp01, ids.hr01].sort());
      const copies = await s.db.select().from(messageReceivers).where(eq(messageReceivers.messageId, m.id));
      expect(copies.map((c) => c.userId).sort()).toEqual([ids.emp01, ids.hr01].sort());
      expect(copies.every((c) => c.msgType === '001' && c.createdAt.getTime() === m.createdAt.getTime())).toBe(true);
    }
    expect((await s.db.select().from(outbox).where(eq(outbox.topic, 'notify'))).every((p) => p.status === 'done')).toBe(true);
    const page = await s.post<{ records: Array<{ title: string }> }>('/msg_api/msg/api/message/page', { msgType: '001', keyword: '批量通知' }, emp);
    expect(page.data.records).toHaveLength(3);
    sock.ws.close();
  });

  it("announces a mail sent for a user as mailMsg on that user's sockets: the subject, never the code", async () => {
    const token = await s.login('user42');
    const mine = openSocket(s.url, 'user42', token);
    const other = openSocket(s.url, 'emp01', emp);
    await Promise.all([mine.next((f) => f === 'pong'), other.next((f) => f === 'pong')]);
    expect((await s.post('/base_api/base/api/anon/sendValidCode', { userCode: 'user42' })).code).toBe('200');
    const worker = s.platform.services.get('mailWorker') as { runOnce(): Promise<number> };
    expect(await worker.runOnce()).toBeGreaterThan(0);
    const frame = await mine.next((f) => f.includes('"mailMsg"'));
    expect(JSON.parse(frame)).toEqual({ type: 'mailMsg', content: '密码重置验证码' });
    expect(frame).not.toMatch(/\d{6}/);
    // Sent once: a second round announces nothing more.
    await worker.runOnce();
    await Promise.all([mine.flush(), other.flush()]);
    expect(mine.frames.filter((f) => f.includes('mailMsg'))).toEqual([]);
    expect(other.frames.filter((f) => f.includes('mailMsg'))).toEqual([]);
    mine.ws.close();
    other.ws.close();
  });

  it('pushes a notice to everyone once per user: online users first, then the rest after their copies are stored', async () => {
    const a = openSocket(s.url, 'emp01', emp);
    const b = openSocket(s.url, 'emp01', emp);
    await Promise.all([a.next((f) => f === 'pong'), b.next((f) => f === 'pong')]);
    const add = await s.post<{ messageId: number; receiverCount: number }>('/msg_api/msg/api/message/add', { title: '全员推送一次', content: '<p>x</p>' }, hr);
    const enabled = (await s.db.select({ id: users.id }).from(users).where(eq(users.enabled, true))).length;
    expect(add.data.receiverCount).toBe(enabled);
    await Promise.all([a.next((f) => f.includes('全员推送一次')), b.next((f) => f.includes('全员推送一次'))]);
    await Promise.all([a.flush(), b.flush()]);
    expect([...a.frames, ...b.frames].filter((f) => f.includes('全员推送一次'))).toEqual([]);
    const copies = await s.db.select({ userId: messageReceivers.userId }).from(messageReceivers).where(eq(messageReceivers.messageId, add.data.messageId));
    expect(new Set(copies.map((c) => c.userId)).size).toBe(enabled);
    expect(copies).toHaveLength(enabled);
    const done = await s.db.select().from(outbox).where(eq(outbox.topic, 'msg.copies'));
    expect(done.every((item) => item.status === 'done')).toBe(true);
    a.ws.close();
    b.ws.close();
  });

  it('finishes a notice to everyone whose publishing call died after the first copies', async () => {
    const sock = openSocket(s.url, 'emp01', emp);
    const first = openSocket(s.url, 'hr01', hr);
    await Promise.all([sock.next((f) => f === 'pong'), first.next((f) => f === 'pong')]);
    const [m] = await s.db.insert(messages).values({ msgType: '003', title: '补发全员', content: '<p>x</p>', receiverScope: 'all' }).returning();
    const messageId = m?.id ?? 0;
    await s.db.insert(messageReceivers).values({ messageId, userId: ids.hr01 ?? 0, msgType: '003' });
    await enqueue(s.db, 'msg.copies', { messageId, exceptUserIds: [ids.hr01 ?? 0] });
    await (s.platform.services.get('msg.drainNow') as () => Promise<void>)();
    expect(JSON.parse(await sock.next((f) => f.includes('补发全员')))).toMatchObject({ type: 'message', messageId });
    const enabled = (await s.db.select({ id: users.id }).from(users).where(eq(users.enabled, true))).length;
    const copies = await s.db.select({ userId: messageReceivers.userId }).from(messageReceivers).where(eq(messageReceivers.messageId, messageId));
    expect(copies).toHaveLength(enabled);
    // hr01 had the copy and the push already.
    await first.flush();
    expect(first.frames.filter((f) => f.includes('补发全员'))).toEqual([]);
    sock.ws.close();
    first.ws.close();
  });
});
