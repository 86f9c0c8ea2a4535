import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog, sessions, users } from '../../db/schema';
import { tokenDigest } from '../../platform/auth/tokens';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('sign-in', () => {
  it('accepts multipart, urlencoded and JSON (plain and ROOT-wrapped)', async () => {
    const form = new FormData();
    form.set('username', 'admin');
    form.set('password', 'Demo@123');
    const multipart = await s.raw('/auth/oauth/token', { method: 'POST', body: form });
    expect(multipart.code).toBe('200');
    const urlencoded = await s.raw('/auth/oauth/token', { method: 'POST', body: new URLSearchParams({ username: 'hr01', password: 'Demo@123' }) });
    expect(urlencoded.code).toBe('200');
    const wrapped = await s.post('/auth/oauth/token', { username: 'emp01', password: 'Demo@123' });
    expect(wrapped.code).toBe('200');
    const plain = await s.post('/auth/oauth/token', { username: 'EMP01', password: 'Demo@123' }, null, { plain: true });
    expect(plain.code).toBe('200');
  });

  it('answers the login info the shell keeps', async () => {
    const res = await s.post<Record<string, unknown>>('/auth/oauth/token', { username: 'admin', password: 'Demo@123' });
    expect(res.data).toMatchObject({
      token_type: 'bearer',
      user_name: 'admin',
      user_code: 'admin',
      realName: '系统管理员',
      auths: ['ROLE_admin'],
      roleCodes: ['admin'],
      personCategory: '001',
      outsource: '001',
    });
    expect(res.data.access_token).toMatch(/^[\w-]{43}$/);
    expect(res.data.expires_in).toBe(12 * 3600);
    expect(res.data.buttons).toContain('base:user:list');
    const emp02 = await s.post<Record<string, unknown>>('/auth/oauth/token', { username: 'emp02', password: 'Demo@123' });
    expect(emp02.data).toMatchObject({ personCategory: '002', outsource: '001', roleCodes: ['employee'], buttons: [] });
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await s.post('/auth/oauth/token', { username: 'nobody', password: 'Demo@123' });
    const wrong = await s.post('/auth/oauth/token', { username: 'fin01', password: 'wrong' });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.code).not.toBe('200');
    expect({ code: unknown.code, message: unknown.message }).toEqual({ code: wrong.code, message: wrong.message });
    expect(wrong.message).toBe('用户名或密码错误');
  });

  it('locks an account after 5 failures, with a message saying so', async () => {
    for (let i = 0; i < 5; i++) await s.post('/auth/oauth/token', { username: 'user10', password: `bad${i}` });
    const locked = await s.post('/auth/oauth/token', { username: 'user10', password: 'Demo@123' });
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/锁定.*15分钟/);
    // Another account from the same address is not locked by that.
    expect((await s.post('/auth/oauth/token', { username: 'user11', password: 'Demo@123' })).code).toBe('200');
  });

  it('survives 20 concurrent sign-ins', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.post<{ access_token: string }>('/auth/oauth/token', { username: `user${String(20 + (i % 10)).padStart(2, '0')}`, password: 'Demo@123' }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(20).fill('200'));
    expect(new Set(results.map((r) => r.data.access_token)).size).toBe(20);
  });

  it('refuses bad input with the field and the rule, changing nothing', async () => {
    const before = await s.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    const missing = await s.post<{ errors: Array<{ field: string; rule: string }> }>('/auth/oauth/token', { username: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.data.errors[0]).toMatchObject({ field: 'password', rule: 'invalid_type' });
    const wrongType = await s.post<{ errors: Array<{ field: string }> }>('/auth/oauth/token', { username: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.data.errors.map((e) => e.field).sort()).toEqual(['password', 'username']);
    const tooLong = await s.post<{ errors: Array<{ field: string; rule: string }> }>('/auth/oauth/token', { username: 'a'.repeat(1000), password: 'x' });
    expect(tooLong.data.errors[0]).toMatchObject({ field: 'username', rule: 'too_big' });
    const sqlish = await s.post('/auth/oauth/token', { username: "admin' OR '1'='1", password: "' OR 1=1 --" });
    expect(sqlish.status).toBe(400);
    expect(sqlish.message).toBe('用户名或密码错误');
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses malformed JSON and bodies over 1 MB', async () => {
    const malformed = await s.raw('/auth/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ROOT": {' });
    expect(malformed.status).toBe(400);
    expect(malformed.message).toBe('请求体不是有效的JSON');
    const huge = await s.raw('/auth/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x' }),
    });
    expect(huge.status).toBe(413);
    expect(huge.message).toContain('请求内容过大');
  });
});

describe('session', () => {
  it('check_token answers the user, or 401 with code 1004', async () => {
    const token = await s.login('mgr01');
    const ok = await s.get<{ user_code: string; roleCodes: string[] }>('/auth/oauth/check_token', null, { token });
    expect(ok.data.user_code).toBe('mgr01');
    expect(ok.data.roleCodes).toContain('manager');
    const bad = await s.get('/auth/oauth/check_token', null, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.code).toBe('1004');
  });

  it('logout revokes the token: later calls get 401 code 1004', async () => {
    const token = await s.login('emp01');
    expect((await s.post('/auth/base/api/user/getUserByToken', {}, token)).code).toBe('200');
    expect((await s.post('/auth/oauth/logout', {}, token)).code).toBe('200');
    const after = await s.post('/auth/base/api/user/getUserByToken', {}, token);
    expect(after.status).toBe(401);
    expect(after.code).toBe('1004');
    expect(after.message).toBe('您好！您的登录信息已过期，请您重新登录。');
  });

  it('expires tokens after 12 h idle and after 7 days absolute', async () => {
    const idle = await s.login('emp01');
    await s.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(sessions.tokenHash, tokenDigest(idle)));
    expect((await s.post('/auth/base/api/user/getUserByToken', {}, idle)).code).toBe('1004');
    const old = await s.login('emp01');
    await s.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenDigest(old)));
    expect((await s.post('/auth/base/api/user/getUserByToken', {}, old)).code).toBe('1004');
  });

  it('stores only the hash of a token', async () => {
    const token = await s.login('fin01');
    const rows = await s.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenDigest(token)));
    expect(rows).toHaveLength(1);
    const all = await s.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = ${token}`);
    expect((all as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('missing token on a protected call → 401 without 1004; garbage header → 401', async () => {
    const res = await s.post('/auth/base/api/user/getUserByToken', {});
    expect(res.status).toBe(401);
    expect(res.code).toBe('401');
    const garbage = await s.post('/auth/base/api/user/getUserByToken', {}, null, { headers: { authorization: 'Basic abc' } });
    expect(garbage.status).toBe(401);
  });

  it("another user's data needs the permission: 403", async () => {
    const emp = await s.login('emp01');
    const adminId = (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin')))[0]?.id as number;
    const res = await s.post('/auth/base/api/user/getUserInfoById', { userId: adminId }, emp);
    expect(res.status).toBe(403);
    expect(res.message).toBe('没有权限执行此操作');
    const tree = await s.post('/auth/base/api/user/getAllMenuTreeByUser', { userId: adminId }, emp);
    expect(tree.status).toBe(403);
    const admin = await s.login('admin');
    expect((await s.post<{ user_code: string }>('/auth/base/api/user/getUserInfoById', { userId: adminId }, admin)).data.user_code).toBe('admin');
  });
});

describe('menus and buttons', () => {
  it('gives each user the menus of their roles, containers as Layout', async () => {
    type Node = { path: string; component: string; children: Node[]; meta: { title: string; appType: string }; menuId: number };
    const admin = await s.post<Node[]>('/auth/base/api/user/getAllMenuTreeByUser', {}, await s.login('admin'));
    const base = admin.data.find((m) => m.path === '/BaseCenter');
    expect(base?.component).toBe('Layout');
    expect(base?.children.map((c) => c.path)).toContain('/BaseCenter/role');
    const emp = await s.post<Node[]>('/auth/base/api/user/getAllMenuTreeByUser', {}, await s.login('emp01'));
    expect(emp.data.find((m) => m.path === '/BaseCenter')).toBeUndefined();
    expect(emp.data.map((m) => m.path)).toContain('/backlog/index');
    const hr = await s.post<Node[]>('/auth/base/api/user/getAllMenuTreeByUser', {}, await s.login('hr01'));
    const hrBase = hr.data.find((m) => m.path === '/BaseCenter');
    expect(hrBase?.children.map((c) => c.path)).toContain('/BaseCenter/user');
    expect(hrBase?.children.map((c) => c.path)).not.toContain('/BaseCenter/role');

    const userMenu = base?.children.find((c) => c.path === '/BaseCenter/user');
    const hrButtons = await s.post<Array<{ buttonAuthIdenti: string; funcStatus: number }>>(
      '/auth/base/api/user/getFunctionByUser',
      { menuId: userMenu?.menuId },
      await s.login('hr01'),
    );
    expect(hrButtons.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ buttonAuthIdenti: 'base:user:list', funcStatus: 1 }),
        expect.objectContaining({ buttonAuthIdenti: 'base:user:edit', funcStatus: 0 }),
      ]),
    );
  });
});

describe('password change', () => {
  it('checks the old password and the strength rule, and revokes the other sessions', async () => {
    const first = await s.login('user40');
    const second = await s.login('user40');
    const weak = await s.post('/base_api/base/api/user/updatePassWord', { oldPassword: 'Demo@123', newPassword: 'abc' }, first);
    expect(weak.status).toBe(400);
    expect(weak.message).toContain('密码长度为8-64位');
    const wrongOld = await s.post('/base_api/base/api/user/updatePassWord', { oldPassword: 'nope', newPassword: 'Better#2026' }, first);
    expect(wrongOld.message).toBe('原密码不正确');
    const ok = await s.post('/base_api/base/api/user/updatePassWord', { oldPassword: 'Demo@123', newPassword: 'Better#2026' }, first);
    expect(ok.code).toBe('200');
    expect((await s.post('/auth/base/api/user/getUserByToken', {}, first)).code).toBe('200');
    expect((await s.post('/auth/base/api/user/getUserByToken', {}, second)).code).toBe('1004');
    await s.login('user40', 'Better#2026');
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.call, '/base_api/base/api/user/updatePassWord'));
    expect(audit.at(-1)).toMatchObject({ userCode: 'user40' });
    expect(JSON.stringify(audit)).not.toContain('Better#2026');
  });
});
