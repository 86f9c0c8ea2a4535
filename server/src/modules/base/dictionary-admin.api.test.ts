import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
let admin: string;
let hr: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, hr, emp] = await Promise.all([s.login('admin'), s.login('hr01'), s.login('emp01')]);
});
afterAll(() => s.close());

const D = '/base_api/base/dictType';
type Option = { id: number; code: string; codeName: string; color: string | null; enabled: boolean };

describe('dictionary administration', () => {
  it('pages types (hr may read, not edit)', async () => {
    const page = await s.post<{ records: Array<{ codeType: string; itemCount: number }>; total: number }>(`${D}/page`, { codeType: 'STA' }, hr);
    const types = page.data.records.map((r) => r.codeType);
    // Every area adds its own (recruitment's CANDIDATESTAGE…): those of the platform and HR are there, each matching.
    expect(types).toEqual(expect.arrayContaining(['EMPLOYSTATE', 'EMPSTATUS', 'REGULARSTATUS', 'STATUS']));
    expect(types.every((t) => t.includes('STA'))).toBe(true);
    expect(page.data.records.find((r) => r.codeType === 'STATUS')?.itemCount).toBeGreaterThan(50);
    expect((await s.post(`${D}/add`, { codeType: 'HRTRY', name: 'x' }, hr)).status).toBe(403);
  });

  it('adds a type and values; duplicates are refused with a clear message and nothing written', async () => {
    expect((await s.post<{ available: boolean }>(`${D}/check`, { codeType: 'LEVEL' }, admin)).data.available).toBe(true);
    const type = await s.post<{ id: number }>(`${D}/add`, { codeType: 'LEVEL', name: '紧急程度' }, admin);
    expect(type.code).toBe('200');
    const check = await s.post<{ available: boolean; message: string }>(`${D}/check`, { codeType: 'LEVEL' }, admin);
    expect(check.data).toEqual({ available: false, message: '字典类型已存在' });
    const dupType = await s.post(`${D}/add`, { codeType: 'LEVEL', name: '重复' }, admin);
    expect(dupType.status).toBe(409);
    expect(dupType.message).toBe('字典类型已存在');
    const bad = await s.post(`${D}/add`, { codeType: '1-bad', name: 'x' }, admin);
    expect(bad.status).toBe(400);

    const high = await s.post<Option>(`${D}/item/add`, { codeType: 'LEVEL', code: '001', codeName: '高', color: 'red' }, admin);
    expect(high.data).toMatchObject({ code: '001', color: 'red', enabled: true });
    await s.post(`${D}/item/add`, { codeType: 'LEVEL', code: '002', codeName: '低' }, admin);
    const dupItem = await s.post(`${D}/item/add`, { codeType: 'LEVEL', code: '001', codeName: '又高' }, admin);
    expect(dupItem.status).toBe(409);
    expect(dupItem.message).toBe('字典编码已存在');
    const badColor = await s.post(`${D}/item/add`, { codeType: 'LEVEL', code: '003', codeName: 'x', color: 'pink' }, admin);
    expect(badColor.status).toBe(400);
    const info = await s.post<{ items: Option[] }>(`${D}/info`, { codeType: 'LEVEL' }, admin);
    expect(info.data.items.map((i) => i.codeName)).toEqual(['高', '低']);
  });

  it('clears the cache on change: renamed and disabled values show at once; disabled ones still label old records', async () => {
    const first = await s.post<{ dictOutDtos: Option[] }>(`${D}/getDict`, { codeType: 'LEVEL' }, emp);
    expect(first.data.dictOutDtos.map((o) => o.codeName)).toEqual(['高', '低']);
    const low = first.data.dictOutDtos.find((o) => o.code === '002') as Option;
    await s.post(`${D}/item/update`, { id: low.id, codeName: '较低', color: 'grey' }, admin);
    const renamed = await s.post<{ dictOutDtos: Option[] }>(`${D}/getDict`, { codeType: 'LEVEL' }, emp);
    expect(renamed.data.dictOutDtos.map((o) => o.codeName)).toEqual(['高', '较低']);
    await s.post(`${D}/changeStatus`, { id: low.id, enabled: false, target: 'item' }, admin);
    const active = await s.post<{ dictOutDtos: Option[] }>(`${D}/getDict`, { codeType: 'LEVEL' }, emp);
    expect(active.data.dictOutDtos.map((o) => o.code)).toEqual(['001']);
    const labels = await s.post<{ dictOutDtos: Option[] }>(`${D}/getDictInfo`, { codeType: 'LEVEL' }, emp);
    expect(labels.data.dictOutDtos.map((o) => [o.code, o.enabled])).toEqual([
      ['001', true],
      ['002', false],
    ]);
    // A disabled type offers nothing to forms.
    const type = await s.post<{ id: number }>(`${D}/info`, { codeType: 'LEVEL' }, admin);
    await s.post(`${D}/changeStatus`, { id: type.data.id, enabled: false }, admin);
    expect((await s.post<{ dictOutDtos: Option[] }>(`${D}/getDict`, { codeType: 'LEVEL' }, emp)).data.dictOutDtos).toEqual([]);
    expect((await s.post(`${D}/getDictInfo`, { codeType: '' }, emp)).message).toBe('字典类型不能为空');
  });

  it('renames a type but never changes its code', async () => {
    const type = await s.post<{ id: number }>(`${D}/info`, { codeType: 'GENDER' }, admin);
    const res = await s.post<{ codeType: string; name: string }>(`${D}/update`, { id: type.data.id, name: '性别（新）', codeType: 'HACK' }, admin);
    expect(res.data).toMatchObject({ codeType: 'GENDER', name: '性别（新）' });
  });

  it('answers banks from the BANK dictionary', async () => {
    const banks = await s.post<Array<{ code: string; name: string }>>('/base_api/base/common/getBank', { keyword: '招商' }, emp);
    expect(banks.data).toEqual([{ code: 'CMB', name: '招商银行' }]);
  });
});
