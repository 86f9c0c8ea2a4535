import type { AdviceRecord, Page } from '@erp/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog, outbox, users } from '../../db/schema';
import { suggestions } from './front.schema';

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const call = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(`/base_api/base/advice/${path}`, body, await token(who));

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('suggestions (advice)', () => {
  let named = 0;
  let secret = 0;

  it('refuses bad input and non-handlers', async () => {
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await call('emp01', 'add', { category: '001', title: '饮水机', content: '经常断水', ...body });
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad({ category: '000' }, '请选择类别');
    await bad({ title: '' }, '请输入标题');
    await bad({ content: 'x'.repeat(2001) }, '内容不能超过2000个字符');
    await bad({ anonymous: 'yes' }, 'anonymous');
    expect((await call('emp01', 'reply', { id: 1, reply: '好' })).status).toBe(403);
    expect((await call('emp01', 'close', { id: 1 })).status).toBe(403);
  });

  it('an anonymous suggestion never tells the handler who wrote it; its author still finds and hears about it', async () => {
    named = (await call<{ id: number }>('emp01', 'add', { category: '003', title: 'VPN 断线', content: '驻场时经常断线' })).data.id;
    const r = await call<{ id: number }>('emp01', 'add', { category: '002', title: '审批太慢', content: '报销审批节点太多', anonymous: true });
    expect(r.code).toBe('200');
    secret = r.data.id;
    const all = await call<Page<AdviceRecord>>('hr01', 'page', { pageSize: 100 });
    const a = all.data.records.find((x) => x.id === secret);
    const n = all.data.records.find((x) => x.id === named);
    expect(a).toMatchObject({ anonymous: true, authorName: '', orgName: '' });
    expect(n?.authorName).toBe('叶子豪');
    expect(JSON.stringify(a)).not.toContain('叶子豪');
    const [row] = await s.db.select().from(suggestions).where(eq(suggestions.id, secret));
    expect(row).toMatchObject({ authorUserId: null, orgId: null, createdBy: null });
    // The audit log says a suggestion was written, not which one.
    const [audit] = await s.db.select().from(auditLog).where(eq(auditLog.call, '/base_api/base/advice/add')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.recordId).toBe('anonymous');
    expect(audit?.after).toEqual({ anonymous: true });
    // The author sees it among their own; another employee does not.
    const mine = await call<Page<AdviceRecord>>('emp01', 'page', {});
    expect(mine.data.records.map((x) => x.id)).toEqual(expect.arrayContaining([named, secret]));
    expect(mine.data.records.find((x) => x.id === secret)?.authorName).toBe('');
    const other = await call<Page<AdviceRecord>>('emp02', 'page', {});
    expect(other.data.records.some((x) => x.id === secret)).toBe(false);

    const reply = await call<AdviceRecord>('hr01', 'reply', { id: secret, reply: '已调整：500元以下由部门负责人审批' });
    expect(reply.data).toMatchObject({ state: '002', authorName: '', repliedByName: '何丽' });
    const [emp01] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'emp01'));
    const [note] = await s.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect((note?.payload as { receiverUserIds: number[] } | undefined)?.receiverUserIds).toEqual([emp01?.id]);
  });

  it('closes once; a closed one takes no reply', async () => {
    expect((await call<AdviceRecord>('hr01', 'close', { id: named })).data.state).toBe('003');
    const again = await call('hr01', 'reply', { id: named, reply: '补充' });
    expect(again.status).toBe(409);
    expect(again.message).toBe('该建议已关闭，不能再回复');
    expect((await call('hr01', 'close', { id: 99999999 })).status).toBe(404);
  });

  it('has the demo: 20+ suggestions, open ones among them', async () => {
    const all = await call<Page<AdviceRecord>>('hrd01', 'page', { state: '001' });
    expect(all.data.total).toBeGreaterThan(5);
    expect((await call<Page<AdviceRecord>>('hrd01', 'page', {})).data.total).toBeGreaterThanOrEqual(20);
  });
});
