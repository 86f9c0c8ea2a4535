import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  emp = await s.login('emp01');
});
afterAll(() => s.close());

describe('dictionary reads', () => {
  it('getDict answers dictOutDtos in order', async () => {
    const res = await s.post<{ dictOutDtos: Array<Record<string, unknown>> }>('/base_api/base/dictType/getDict', { codeType: 'YESNO' }, emp);
    expect(res.code).toBe('200');
    expect(res.data.dictOutDtos.map((d) => [d.code, d.codeName])).toEqual([
      ['001', '是'],
      ['002', '否'],
    ]);
    expect(res.data.dictOutDtos[0]).toMatchObject({ comments: null, parentId: null, color: null });
  });

  it('an empty codeType is refused with the product message', async () => {
    for (const body of [{ codeType: '' }, { codeType: '  ' }, {}]) {
      const res = await s.post('/base_api/base/dictType/getDict', body, emp);
      expect(res.code).not.toBe('200');
      expect(res.message).toBe('字典类型不能为空');
    }
  });

  it('getDicts answers several types keyed by type', async () => {
    const res = await s.post<Record<string, Array<{ code: string; color: string | null }>>>(
      '/base_api/base/dictType/getDicts',
      { codeTypes: ['STATUS', 'GENDER', 'NOPE'] },
      emp,
    );
    expect(res.code).toBe('200');
    expect(res.data.STATUS?.[0]).toMatchObject({ code: '001', color: 'green' });
    expect(res.data.GENDER).toHaveLength(2);
    expect(res.data.NOPE).toEqual([]);
    const csv = await s.post<Record<string, unknown[]>>('/base_api/base/dictType/getDicts', { codeType: 'YESNO,GENDER' }, emp);
    expect(Object.keys(csv.data).sort()).toEqual(['GENDER', 'YESNO']);
  });

  it('needs a session', async () => {
    expect((await s.post('/base_api/base/dictType/getDict', { codeType: 'YESNO' })).status).toBe(401);
  });
});

describe('workbench shortcuts', () => {
  it('saves and lists the own shortcuts in order, refusing apps the user is not granted', async () => {
    expect((await s.get<unknown[]>('/base_api/base/api/user/getAppIndexCustomList', emp)).data).toEqual([]);
    const tree = await s.post<Array<{ menuId: number; path: string; meta: { appType: string } }>>('/auth/base/api/user/getAllMenuTreeByUser', {}, emp);
    const apps = tree.data.filter((m) => m.meta.appType === 'front');
    const [a, b] = [apps[2], apps[0]];
    if (!a || !b) throw new Error('no apps');
    const saved = await s.post<Array<{ menuId: number; sort: number }>>('/base_api/base/api/user/saveAppIndexCustom', { menuIds: [a.menuId, b.menuId] }, emp);
    expect(saved.code).toBe('200');
    expect(saved.data.map((x) => x.menuId)).toEqual([a.menuId, b.menuId]);
    const listed = await s.get<Array<{ menuId: number; path: string }>>('/base_api/base/api/user/getAppIndexCustomList', emp);
    expect(listed.data.map((x) => x.path)).toEqual([a.path, b.path]);

    // Settlement is granted to finance only.
    const admin = await s.login('admin');
    const all = await s.post<Array<{ menuId: number; path: string }>>('/auth/base/api/user/getAllMenuTreeByUser', {}, admin);
    const settlement = all.data.find((m) => m.path === '/Settlement/index');
    const refused = await s.post('/base_api/base/api/user/saveAppIndexCustom', { menuIds: [settlement?.menuId] }, emp);
    expect(refused.status).toBe(400);
    const dup = await s.post('/base_api/base/api/user/saveAppIndexCustom', { menuIds: [a.menuId, a.menuId] }, emp);
    expect(dup.status).toBe(400);
    expect((await s.get<unknown[]>('/base_api/base/api/user/getAppIndexCustomList', emp)).data).toHaveLength(2);
  });
});
