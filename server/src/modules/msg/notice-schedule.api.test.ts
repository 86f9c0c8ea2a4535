import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { messages, outbox, roles, userRoles, users } from '../../db/schema';

let s: TestServer;
let hr: string;
let emp: string;
let fin: string;
const M = (n: string) => `/msg_api/msg/api/message/${n}`;
beforeAll(async () => {
  s = await startTestServer();
  [hr, emp, fin] = await Promise.all([s.login('hr01'), s.login('emp01'), s.login('fin01')]);
});
afterAll(() => s.close());

interface Published {
  messageId: number;
  status: string;
  publishAt: string | null;
  expireAt: string | null;
  receiverCount: number;
  receiverRoleIds: number[];
}
const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;
const inboxTitles = async (token: string) =>
  (await s.post<{ records: Array<{ title: string; createTime: string }> }>(M('page'), { pageSize: 100, msgType: '003' }, token)).data.records;
const publish = (body: Record<string, unknown>) => s.post<{ messageId: number; receiverCount: number }>(M('add'), { content: '<p>内容</p>', ...body }, hr);
const manageInfo = async (messageId: number) => (await s.post<Published>(M('manageInfo'), { messageId }, hr)).data;
const drainNow = () => (s.platform.services.get('msg.drainNow') as () => Promise<void>)();
/** The scheduled time comes: the message's time and its outbox item are moved to now. */
async function timeComes(messageId: number) {
  await s.db
    .update(messages)
    .set({ publishAt: new Date(Date.now() - 1000) })
    .where(eq(messages.id, messageId));
  const item = and(eq(outbox.topic, 'msg.publish'), sql`(${outbox.payload}->>'messageId')::int = ${messageId}`);
  await s.db
    .update(outbox)
    .set({ availableAt: new Date(Date.now() - 1000) })
    .where(item);
  // The module's own timer may be draining at this moment (then drainNow returns at once): wait for the item to be done.
  await expect
    .poll(
      async () => {
        await drainNow();
        return (await s.db.select({ status: outbox.status }).from(outbox).where(item))[0]?.status;
      },
      { timeout: 15_000 },
    )
    .not.toBe('pending');
}

describe('notices by role, at a set time, until an expiry (/publish/index)', () => {
  it('sends a notice to the enabled holders of the chosen roles only', async () => {
    const [finance] = await s.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'finance'));
    const holders = await s.db
      .select({ id: users.id })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, finance?.id as number), eq(users.enabled, true)));
    const r = await publish({ title: '财务月结安排', receiverScope: 'roles', receiverRoleIds: [finance?.id] });
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.receiverCount).toBe(holders.length);
    expect((await inboxTitles(fin)).map((m) => m.title)).toContain('财务月结安排');
    expect((await inboxTitles(emp)).map((m) => m.title)).not.toContain('财务月结安排');
    expect((await manageInfo(r.data.messageId)).receiverRoleIds).toEqual([finance?.id]);
    const options = await s.post<Array<{ id: number; name: string }>>(M('roleOptions'), {}, hr);
    expect(options.data.map((o) => o.name)).toContain('财务专员');
    expect((await s.post(M('roleOptions'), {}, emp)).status).toBe(403);
  });

  it('refuses a bad audience or schedule, storing nothing', async () => {
    const before = (await s.db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]?.n;
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await publish({ title: '坏通知', ...body });
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad({ receiverScope: 'roles' }, '请选择接收角色');
    await bad({ receiverScope: 'roles', receiverRoleIds: [999999] }, '接收角色不存在');
    await bad({ publishAt: new Date(Date.now() - 2 * 3600_000).toISOString() }, '定时发布时间不能早于当前时间');
    await bad({ publishAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, '定时发布时间不能晚于一年后');
    const at = Date.now() + 3600_000;
    await bad({ publishAt: new Date(at).toISOString(), expireAt: new Date(at - 60_000).toISOString() }, '过期时间必须晚于发布时间');
    await bad({ publishAt: 'tomorrow' }, 'publishAt');
    expect((await s.db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]?.n).toBe(before);
  });

  it('publishes a scheduled notice at its time, once, dated then; until then nobody has it', async () => {
    const r = await publish({
      title: '下周消防演练',
      receiverScope: 'users',
      receiverUserIds: [await userId('emp01')],
      publishAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(r.data.receiverCount).toBe(0);
    expect((await manageInfo(r.data.messageId)).status).toBe('scheduled');
    await drainNow();
    expect((await inboxTitles(emp)).map((m) => m.title)).not.toContain('下周消防演练');
    await timeComes(r.data.messageId);
    const got = (await inboxTitles(emp)).filter((m) => m.title === '下周消防演练');
    expect(got).toHaveLength(1);
    const info = await manageInfo(r.data.messageId);
    expect(info).toMatchObject({ status: 'published', receiverCount: 1 });
    expect(new Date(got[0]?.createTime as string).getTime()).toBe(new Date(info.publishAt as string).getTime());
    await drainNow();
    expect((await inboxTitles(emp)).filter((m) => m.title === '下周消防演练')).toHaveLength(1);
  });

  it('a scheduled notice withdrawn before its time reaches nobody', async () => {
    const r = await publish({ title: '取消的通知', receiverScope: 'all', publishAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(
      (
        await s.raw(`${M('delete')}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${hr}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messageId: r.data.messageId, scope: 'all' }),
        })
      ).status,
    ).toBe(200);
    await timeComes(r.data.messageId);
    expect((await inboxTitles(emp)).map((m) => m.title)).not.toContain('取消的通知');
  });

  it('an expired notice leaves the workbench carousel but stays in the message centre; the expiry can be changed', async () => {
    const r = await publish({
      title: '年会报名截止提醒',
      receiverScope: 'users',
      receiverUserIds: [await userId('emp01')],
      topFlag: '1',
      expireAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(r.code, JSON.stringify(r)).toBe('200');
    const carousel = async () => (await s.post<Array<{ title: string }>>(M('getSystemMessageList'), { limit: 3 }, emp)).data.map((m) => m.title);
    expect(await carousel()).toContain('年会报名截止提醒');
    await s.db
      .update(messages)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(messages.id, r.data.messageId));
    expect(await carousel()).not.toContain('年会报名截止提醒');
    expect((await inboxTitles(emp)).map((m) => m.title)).toContain('年会报名截止提醒');
    expect((await manageInfo(r.data.messageId)).status).toBe('expired');
    const edit = (expireAt: string | null) =>
      s.post(M('update'), { messageId: r.data.messageId, title: '年会报名截止提醒', content: '<p>内容</p>', topFlag: '1', expireAt }, hr);
    expect((await edit(new Date(Date.now() - 60_000).toISOString())).status).toBe(400);
    expect((await edit(null)).code).toBe('200');
    expect((await manageInfo(r.data.messageId)).status).toBe('published');
    expect(await carousel()).toContain('年会报名截止提醒');
  });
});
