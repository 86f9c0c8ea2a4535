import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { messageReceivers, messages, orgUnits, users } from '../../db/schema';

let s: TestServer;
let hr: string;
let emp: string;
let emp2: string;
let ids: Record<string, number>;
beforeAll(async () => {
  s = await startTestServer();
  [hr, emp, emp2] = await Promise.all([s.login('hr01'), s.login('emp01'), s.login('emp02')]);
  const rows = await s.db.select({ id: users.id, code: users.userCode }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(() => s.close());

interface Item {
  messageId: number;
  receiverId: number;
  userId: number;
  msgType: string;
  title: string;
  readStatus: string;
  topFlag: string;
  createTime: string;
}
interface Page<T> {
  records: T[];
  total: number;
}
const counts = async (token: string) =>
  Object.fromEntries(
    (await s.post<Array<{ msgType: string; unReadNum: number }>>('/msg_api/msg/api/message/getMsgAllNumber', {}, token)).data.map((c) => [
      c.msgType,
      c.unReadNum,
    ]),
  );

describe('inbox', () => {
  it('counts unread messages by type, 002 always 0', async () => {
    const res = await s.post<Array<{ msgType: string; unReadNum: number }>>('/msg_api/msg/api/message/getMsgAllNumber', { userId: ids.hr01 }, emp);
    expect(res.data.map((c) => c.msgType)).toEqual(['001', '002', '003', '004']);
    expect(Object.fromEntries(res.data.map((c) => [c.msgType, c.unReadNum]))).toEqual({ '001': 1, '002': 0, '003': 4, '004': 1 });
    // Even with a 002 message in the inbox the count stays 0.
    const [m] = await s.db.insert(messages).values({ msgType: '002', title: 'warn', content: 'x' }).returning();
    await s.db.insert(messageReceivers).values({ messageId: m?.id ?? 0, userId: ids.emp01 ?? 0, msgType: '002' });
    expect((await counts(emp))['002']).toBe(0);
    expect((await s.post('/msg_api/msg/api/message/getMsgAllNumber', {}, null)).status).toBe(401);
  });

  it('lists only my messages, pinned first, with filters and by month', async () => {
    const page = await s.post<Page<Item>>('/msg_api/msg/api/message/page', { pageIndex: 1, pageSize: 3, userId: ids.hr01 }, emp);
    expect(page.data.total).toBe(7);
    expect(page.data.records).toHaveLength(3);
    expect(page.data.records.every((r) => r.userId === ids.emp01)).toBe(true);
    expect(page.data.records[0]).toMatchObject({ title: '关于2026年春节放假安排的通知', topFlag: '1', readStatus: '0' });
    const notices = await s.post<Page<Item>>('/msg_api/msg/api/message/page', { msgType: '003', keyword: '体检' }, emp);
    expect(notices.data.records.map((r) => r.title)).toEqual(['年度体检安排']);
    const wild = await s.post<Page<Item>>('/msg_api/msg/api/message/page', { keyword: '%' }, emp);
    expect(wild.data.total).toBe(0);
    const byMonth = await s.post<Page<{ month: string; messageList: Item[] }>>('/msg_api/msg/api/message/pageByMonth', { msgType: '003', pageSize: 10 }, emp);
    expect(byMonth.data.total).toBe(4);
    expect(byMonth.data.records.flatMap((g) => g.messageList)).toHaveLength(4);
    expect(byMonth.data.records[0]?.month).toMatch(/^\d{4}-\d{2}$/);
    const bad = await s.post('/msg_api/msg/api/message/page', { msgType: '009' }, emp);
    expect(bad.status).toBe(400);
  });

  it('groups by month in the business zone (Asia/Shanghai): 00:30 on the 1st is the new month, 23:30 the day before is not', async () => {
    const user01 = await s.login('user01');
    const placed = [
      ['midnight-a', '2026-10-31T16:30:00Z'], // 2026-11-01 00:30 in Shanghai
      ['midnight-b', '2026-10-31T15:30:00Z'], // 2026-10-31 23:30 in Shanghai
    ] as const;
    for (const [title, at] of placed) {
      const [m] = await s.db.insert(messages).values({ msgType: '004', title, content: '<p>x</p>', summary: 'x' }).returning();
      await s.db.insert(messageReceivers).values({ messageId: m?.id ?? 0, userId: ids.user01 ?? 0, msgType: '004', createdAt: new Date(at) });
    }
    const byMonth = await s.post<Page<{ month: string; messageList: Item[] }>>(
      '/msg_api/msg/api/message/pageByMonth',
      { msgType: '004', keyword: 'midnight-', pageSize: 10 },
      user01,
    );
    expect(byMonth.data.records.map((g) => [g.month, g.messageList.map((m) => m.title)])).toEqual([
      ['2026-11', ['midnight-a']],
      ['2026-10', ['midnight-b']],
    ]);
  });

  it('keeps unread counts exact under concurrent publishing, double reads and removals', async () => {
    const user02 = await s.login('user02');
    const before = (await counts(user02))['003'] ?? 0;
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.post<{ messageId: number }>(
          '/msg_api/msg/api/message/add',
          { title: `并发通知${i}`, content: '<p>x</p>', receiverScope: 'users', receiverUserIds: [ids.user02] },
          hr,
        ),
      ),
    );
    const messageIds = added.map((a) => a.data.messageId);
    const read = (id: number) => s.post('/msg_api/msg/api/message/infoAndUpdateReceiveReadStatus', { messageId: id }, user02);
    const remove = (id: number) =>
      s.raw(`/msg_api/msg/api/message/delete?messageId=${id}&scope=mine`, { method: 'DELETE', headers: { authorization: `Bearer ${user02}` } });
    // The same copies read twice at once, an unread copy removed, another published meanwhile.
    const [late] = await Promise.all([
      s.post<{ messageId: number }>(
        '/msg_api/msg/api/message/add',
        { title: '并发通知late', content: '<p>x</p>', receiverScope: 'users', receiverUserIds: [ids.user02] },
        hr,
      ),
      ...messageIds.slice(0, 4).flatMap((id) => [read(id), read(id)]),
      remove(messageIds[4] ?? 0),
    ]);
    expect(late.code).toBe('200');
    const truth = await s.db
      .select({ id: messageReceivers.id })
      .from(messageReceivers)
      .where(
        and(
          eq(messageReceivers.userId, ids.user02 ?? 0),
          eq(messageReceivers.msgType, '003'),
          isNull(messageReceivers.readAt),
          isNull(messageReceivers.deletedAt),
        ),
      );
    expect((await counts(user02))['003']).toBe(truth.length);
    expect(truth.length).toBe(before + 8 + 1 - 4 - 1);
  });

  it('gives the carousel the latest notices, at most the limit', async () => {
    const res = await s.post<Item[]>('/msg_api/msg/api/message/getSystemMessageList', { userId: ids.emp01 }, emp);
    expect(res.data).toHaveLength(3);
    expect(res.data[0]).toMatchObject({ msgType: '003', title: '关于2026年春节放假安排的通知' });
    expect((res.data[0] as unknown as { content: string }).content).toContain('<strong>');
  });

  it("shows a message and marks it read; another user's message is not found", async () => {
    const [first] = (await s.post<Page<Item>>('/msg_api/msg/api/message/page', { msgType: '004' }, emp)).data.records;
    if (!first) throw new Error('no message');
    const other = await s.post('/msg_api/msg/api/message/info', { messageId: first.messageId }, hr);
    expect(other.status).toBe(404);
    expect((await s.post('/msg_api/msg/api/message/infoAndUpdateReceiveReadStatus', { messageId: first.messageId }, hr)).status).toBe(404);
    const info = await s.post<Item>('/msg_api/msg/api/message/info', { messageId: first.messageId }, emp);
    expect(info.data.readStatus).toBe('0');
    const read = await s.post<Item & { content: string }>(
      '/msg_api/msg/api/message/infoAndUpdateReceiveReadStatus',
      { messageId: String(first.messageId) },
      emp,
    );
    expect(read.data).toMatchObject({ readStatus: '1', content: '<p>欢迎加入！入职资料已归档。</p>' });
    expect((await counts(emp))['004']).toBe(0);
  });

  it('marks all read by type, pins and removes my own copies only', async () => {
    const marked = await s.post<{ updated: number }>('/msg_api/msg/api/message/receiveReadStatus', { msgType: '003' }, emp);
    expect(marked.data.updated).toBe(4);
    expect((await counts(emp))['003']).toBe(0);
    expect((await counts(emp2))['003']).toBe(4);

    const list = (await s.post<Page<Item>>('/msg_api/msg/api/message/page', { msgType: '003' }, emp)).data.records;
    const last = list[list.length - 1] as Item;
    expect((await s.post('/msg_api/msg/api/message/updateTopFlag', { messageId: last.messageId, topFlag: '1' }, emp)).code).toBe('200');
    const again = (await s.post<Page<Item>>('/msg_api/msg/api/message/page', { msgType: '003' }, emp)).data.records;
    expect(again.slice(0, 2).map((r) => r.messageId)).toContain(last.messageId);
    // emp02's list is unchanged by emp01's pin.
    const other = (await s.post<Page<Item>>('/msg_api/msg/api/message/page', { msgType: '003' }, emp2)).data.records;
    expect(other.find((r) => r.messageId === last.messageId)?.topFlag).toBe('0');

    const del = await s.raw('/msg_api/msg/api/message/delete', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${emp}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ROOT: { header: {}, body: { messageId: last.messageId } } }),
    });
    expect(del.code).toBe('200');
    expect((await s.post('/msg_api/msg/api/message/info', { messageId: last.messageId }, emp)).status).toBe(404);
    expect((await s.post('/msg_api/msg/api/message/info', { messageId: last.messageId }, emp2)).code).toBe('200');
    // Withdrawing for everyone needs the notice permission.
    const all = await s.raw(`/msg_api/msg/api/message/delete?messageId=${last.messageId}&scope=all`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${emp2}` },
    });
    expect(all.status).toBe(403);
  });
});

describe('publishing', () => {
  it('refuses users without the notice permission', async () => {
    const res = await s.post('/msg_api/msg/api/message/add', { title: 't', content: '<p>x</p>' }, emp);
    expect(res.status).toBe(403);
    expect((await s.post('/msg_api/msg/api/message/managePage', {}, emp)).status).toBe(403);
    expect((await s.post('/msg_api/msg/api/message/manageInfo', { messageId: 1 }, emp)).status).toBe(403);
    expect((await s.post('/msg_api/msg/api/message/update', { messageId: 1, title: 't', content: '<p>x</p>' }, emp)).status).toBe(403);
    const f = new FormData();
    f.append('file', new Blob([Buffer.from('%PDF-1.4\n')]), 'a.pdf');
    expect((await s.raw('/msg_api/msg/api/message/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${emp}` } })).status).toBe(403);
  });

  it('refuses malformed and oversized requests, changing nothing', async () => {
    expect((await s.post('/msg_api/msg/api/message/page', { pageSize: 100000 }, emp)).status).toBe(400);
    expect((await s.post('/msg_api/msg/api/message/info', { messageId: -1 }, emp)).status).toBe(400);
    expect((await s.post('/msg_api/msg/api/message/updateTopFlag', { messageId: 1, topFlag: 'yes' }, emp)).status).toBe(400);
    expect((await s.raw('/msg_api/msg/api/message/delete', { method: 'DELETE', headers: { authorization: `Bearer ${emp}` } })).status).toBe(400);
    expect((await s.post('/msg_api/msg/api/message/receiveReadStatus', { messageIds: Array.from({ length: 501 }, (_, i) => i + 1) }, emp)).status).toBe(400);
    const huge = await s.post('/msg_api/msg/api/message/add', { title: 'x', content: `<p>${'x'.repeat(200_001)}</p>` }, hr);
    expect(huge.status).toBe(400);
    expect((await s.post('/msg_api/msg/api/message/update', { messageId: 999999, title: 't', content: '<p>x</p>' }, hr)).status).toBe(404);
    expect((await s.post('/msg_api/msg/api/message/updateTopFlag', { messageId: 999999, topFlag: '1' }, emp)).status).toBe(404);
  });

  it('publishes sanitised HTML to chosen users with an attachment only they can read', async () => {
    const f = new FormData();
    f.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF')], { type: 'application/pdf' }), '制度.pdf');
    const up = await s.raw('/msg_api/msg/api/message/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${hr}` } });
    expect(up.code).toBe('200');
    const fileId = (up.data as { id: number }).id;

    const add = await s.post<{ messageId: number; receiverCount: number }>(
      '/msg_api/msg/api/message/add',
      {
        title: '制度更新',
        content: '<p onclick="steal()">请阅读<script>alert(1)</script><img src="x" onerror="y()"></p>',
        receiverScope: 'users',
        receiverUserIds: [ids.emp01, ids.emp01],
        fileIds: [fileId],
      },
      hr,
    );
    expect(add.code).toBe('200');
    expect(add.data.receiverCount).toBe(1);
    const info = await s.post<{ content: string; attachments: Array<{ id: number }> }>('/msg_api/msg/api/message/info', { messageId: add.data.messageId }, emp);
    expect(info.data.content).toBe('<p>请阅读<img src="x" /></p>');
    expect(info.data.attachments.map((a) => a.id)).toEqual([fileId]);
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: fileId }, emp)).code).toBe('200');
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: fileId }, emp2)).status).toBe(404);

    // Someone else's file cannot be attached.
    const f2 = new FormData();
    f2.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF')], { type: 'application/pdf' }), 'mine.pdf');
    const own = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f2, headers: { authorization: `Bearer ${emp}` } });
    const stolen = await s.post('/msg_api/msg/api/message/add', { title: 'x', content: '<p>x</p>', fileIds: [(own.data as { id: number }).id] }, hr);
    expect(stolen.status).toBe(400);
  });

  it('publishes to a department subtree, edits, lists with read counts and withdraws', async () => {
    const [dept] = await s.db.select().from(orgUnits).where(eq(orgUnits.code, 'D004'));
    const add = await s.post<{ messageId: number; receiverCount: number }>(
      '/msg_api/msg/api/message/add',
      { title: '部门会议', content: '<p>周五下午开会</p>', receiverScope: 'org', receiverOrgId: dept?.id, topFlag: '1' },
      hr,
    );
    expect(add.code).toBe('200');
    expect(add.data.receiverCount).toBeGreaterThanOrEqual(2);
    expect((await s.post<Page<Item>>('/msg_api/msg/api/message/page', { keyword: '部门会议' }, emp)).data.total).toBe(1);
    expect((await s.post<Page<Item>>('/msg_api/msg/api/message/page', { keyword: '部门会议' }, emp2)).data.total).toBe(0);

    const upd = await s.post(
      '/msg_api/msg/api/message/update',
      { messageId: add.data.messageId, title: '部门会议（改期）', content: '<p>改到周六</p>', topFlag: '1' },
      hr,
    );
    expect(upd.code).toBe('200');
    await s.post('/msg_api/msg/api/message/infoAndUpdateReceiveReadStatus', { messageId: add.data.messageId }, emp);
    const managed = await s.post<Page<{ messageId: number; title: string; readCount: number; receiverCount: number }>>(
      '/msg_api/msg/api/message/managePage',
      { keyword: '部门会议' },
      hr,
    );
    expect(managed.data.records[0]).toMatchObject({ title: '部门会议（改期）', readCount: 1, receiverCount: add.data.receiverCount });

    const noOrg = await s.post('/msg_api/msg/api/message/add', { title: 'x', content: '<p>x</p>', receiverScope: 'org', receiverOrgId: 999999 }, hr);
    expect(noOrg.status).toBe(400);
    const empty = await s.post('/msg_api/msg/api/message/add', { title: 'x', content: '<script>alert(1)</script>' }, hr);
    expect(empty.status).toBe(400);
    const noTitle = await s.post('/msg_api/msg/api/message/add', { title: '  ', content: '<p>x</p>' }, hr);
    expect(noTitle.status).toBe(400);

    const withdraw = await s.raw(`/msg_api/msg/api/message/delete?messageId=${add.data.messageId}&scope=all`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${hr}` },
    });
    expect(withdraw.code).toBe('200');
    expect((await s.post<Page<Item>>('/msg_api/msg/api/message/page', { keyword: '部门会议' }, emp)).data.total).toBe(0);
  });

  it('publishes to everyone', async () => {
    const before = (await counts(emp2))['003'];
    const add = await s.post<{ receiverCount: number }>('/msg_api/msg/api/message/add', { title: '全员通知', content: '<p>全员</p>' }, hr);
    const enabled = (await s.db.select({ id: users.id }).from(users).where(eq(users.enabled, true))).length;
    expect(add.data.receiverCount).toBe(enabled);
    expect((await counts(emp2))['003']).toBe((before ?? 0) + 1);
  });
});
