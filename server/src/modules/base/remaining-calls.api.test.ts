import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s.close());

const sheetOf = async (res: Response) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb.worksheets[0];
};

describe('the remaining base calls', () => {
  it('answers the user import template with starred required columns', async () => {
    const res = await fetch(`${s.url}/base_api/base/api/user/importTemplate`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    const ws = await sheetOf(res);
    if (!ws) throw new Error('no worksheet in the template');
    expect((ws.getRow(1).values as string[]).slice(1, 4)).toEqual(['*用户账号', '*姓名', '*部门编码']);
  });

  it('exports interviewers with dictionary names', async () => {
    const res = await fetch(`${s.url}/base_api/base/interviewer/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const ws = await sheetOf(res);
    expect(ws?.rowCount).toBe(5);
    const header = ws?.getRow(1).values as string[];
    const rounds = [2, 3, 4, 5].map((r) => String(ws?.getRow(r).getCell(header.indexOf('面试轮次')).value));
    expect(rounds).toEqual(expect.arrayContaining(['初试', '复试', '终试']));
  });

  it('renames a role but keeps its code', async () => {
    const roles = await s.post<Array<{ id: number; code: string }>>('/base_api/base/api/role/list', {}, admin);
    const finance = roles.data.find((r) => r.code === 'finance');
    const res = await s.post<{ code: string; name: string }>(
      '/base_api/base/api/role/update',
      { id: finance?.id, name: '财务专员（新）', code: 'hack' },
      admin,
    );
    expect(res.data).toMatchObject({ code: 'finance', name: '财务专员（新）' });
  });

  it('edits and deletes a menu; its grants go with it', async () => {
    const added = await s.post<{ id: number }>(
      '/base_api/base/api/menu/add',
      { type: 'C', name: 'Tmp', title: '临时', path: '/BaseCenter/tmp', component: 'base/tmp' },
      admin,
    );
    const roles = await s.post<Array<{ id: number; code: string }>>('/base_api/base/api/role/list', {}, admin);
    const hr = roles.data.find((r) => r.code === 'hr')?.id as number;
    const info = await s.post<{ menuIds: number[] }>('/base_api/base/api/role/info', { id: hr }, admin);
    await s.post('/base_api/base/api/role/grantMenus', { id: hr, menuIds: [...info.data.menuIds, added.data.id] }, admin);
    const edited = await s.post<{ title: string; hidden: boolean }>(
      '/base_api/base/api/menu/update',
      { id: added.data.id, type: 'C', name: 'Tmp', title: '临时2', path: '/BaseCenter/tmp', component: 'base/tmp', hidden: true },
      admin,
    );
    expect(edited.data).toMatchObject({ title: '临时2', hidden: true });
    expect((await s.post('/base_api/base/api/menu/delete', { id: added.data.id }, admin)).code).toBe('200');
    const after = await s.post<{ menuIds: number[] }>('/base_api/base/api/role/info', { id: hr }, admin);
    expect(after.data.menuIds).not.toContain(added.data.id);
    expect(after.data.menuIds).toHaveLength(info.data.menuIds.length);
  });
});
