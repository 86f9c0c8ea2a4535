import type { Page } from '@erp/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog, grades, orgUnits } from '../../db/schema';

let s: TestServer;
let hr: string;
let emp: string;
let rec: string;
beforeAll(async () => {
  s = await startTestServer();
  [hr, emp, rec] = await Promise.all([s.login('hr01'), s.login('emp01'), s.login('rec01')]);
});
afterAll(() => s.close());

const P = (name: string) => `/hr_api/hrm/api/position/${name}`;
type Item = { id: number; code: string; name: string; enabled: boolean; sort: number; positionCount: number };
type PositionRow = Item & {
  postClanId: number;
  postClanName: string;
  postLargeName: string;
  alignmentId: number;
  alignmentName: string;
  orgName: string | null;
  minGradeId: number;
  maxGradeId: number;
  minGradeName: string;
  maxGradeName: string;
};

const gradeId = async (code: string) => (await s.db.select({ id: grades.id }).from(grades).where(eq(grades.code, code)))[0]?.id as number;
const orgId = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;
const itemId = async (page: string, code: string) => (await s.post<Page<Item>>(P(page), { code }, hr)).data.records.find((r) => r.code === code)?.id as number;

async function exportXlsx(path: string, body: unknown, token = hr) {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) return { status: res.status, rows: [] as string[][], name: '' };
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return { status: res.status, rows, name: decodeURIComponent(res.headers.get('content-disposition') ?? '') };
}

async function xlsx(rows: Array<Array<string | number>>): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('岗位');
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}

async function upload(file: Blob, fields: Record<string, string>, token = hr, name = 'positions.xlsx') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', file, name);
  return s.raw(P('importPosition'), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
}

describe('demo ladders (before any change)', () => {
  it('counts the positions of each ladder item', async () => {
    const clans = await s.post<Page<Item & { postLargeName: string }>>(P('getPostClanPageList'), { code: 'FUNC-FIN' }, hr);
    expect(clans.data.records[0]).toMatchObject({ positionCount: 3, postLargeName: '职能支持类' });
    const larges = await s.post<Page<Item & { clanCount: number }>>(P('getPostLargePageList'), { code: 'FUNC' }, hr);
    expect(larges.data.records.find((r) => r.code === 'FUNC')).toMatchObject({ clanCount: 3, positionCount: 6 });
    // A ladder without joins still counts by its own row (a bare "id" in the sub-select would be the position's).
    const it = await s.post<Page<Item>>(P('getTradePageList'), { code: 'IT' }, hr);
    expect(it.data.records.find((r) => r.code === 'IT')?.positionCount).toBe(9);
  });
});

describe('positions', () => {
  it('pages the demo positions with filters, sort and paging', async () => {
    const all = await s.post<Page<PositionRow>>(P('getPositionPageList'), { pageSize: 10 }, hr);
    expect(all.code).toBe('200');
    expect(all.data.total).toBeGreaterThanOrEqual(20);
    expect(all.data.records).toHaveLength(10);
    const swe = (await s.post<Page<PositionRow>>(P('getPositionPageList'), { keyword: '软件' }, hr)).data.records[0];
    expect(swe).toMatchObject({ code: 'SWE', postClanName: '软件研发族', postLargeName: '专业技术类', alignmentName: '专业技术序列', orgName: '信息技术部' });
    expect(swe).toMatchObject({ minGradeName: '专业序列P2', maxGradeName: '专业序列P6' });

    // The unit filter takes the subtree: 信息技术部 includes 研发二组's 测试工程师.
    const it = await s.post<Page<PositionRow>>(P('getPositionPageList'), { orgId: await orgId('D004'), pageSize: 50 }, hr);
    expect(it.data.records.map((r) => r.code)).toEqual(expect.arrayContaining(['SWE', 'QA', 'ARCH']));
    expect(it.data.records.map((r) => r.code)).not.toContain('HR-SPEC');
    const large = await itemId('getPostLargePageList', 'OPS');
    const ops = await s.post<Page<PositionRow>>(P('getPositionPageList'), { postLargeId: large, pageSize: 50 }, hr);
    expect(new Set(ops.data.records.map((r) => r.postLargeName))).toEqual(new Set(['运营交付类']));
    const disabled = await s.post<Page<PositionRow>>(P('getPositionPageList'), { enabled: false }, hr);
    expect(disabled.data.records.map((r) => r.code)).toEqual(['TELESALES']);
    const sorted = await s.post<Page<PositionRow>>(P('getPositionPageList'), { sortField: 'code', sortOrder: 'descend', pageSize: 3 }, hr);
    const codes = sorted.data.records.map((r) => r.code);
    expect(codes).toEqual([...codes].sort().reverse());
    // A sort on anything else falls back to the default order instead of failing.
    expect((await s.post(P('getPositionPageList'), { sortField: 'duty; drop table positions' }, hr)).code).toBe('200');
  });

  it('refuses other roles (403), bad input (400) and duplicate codes (409); adds and updates', async () => {
    expect((await s.post(P('getPositionPageList'), {}, emp)).status).toBe(403);
    expect((await s.post(P('getPositionPageList'), {}, rec)).status).toBe(403);
    expect((await s.post(P('getPositionPageList'), {})).status).toBe(401);
    const clan = await itemId('getPostClanPageList', 'TECH-RD');
    const alignment = await itemId('getAlignmentPageList', 'P');
    const body = {
      code: 'DEV-GO',
      name: 'Go开发工程师',
      postClanId: clan,
      alignmentId: alignment,
      minGradeId: await gradeId('P3'),
      maxGradeId: await gradeId('P6'),
    };
    expect((await s.post(P('add'), body, emp)).status).toBe(403);

    const noName = await s.post(P('add'), { ...body, name: '' }, hr);
    expect(noName.status).toBe(400);
    expect(noName.message).toContain('岗位名称');
    const badCode = await s.post(P('add'), { ...body, code: '中文编码' }, hr);
    expect(badCode.status).toBe(400);
    expect(badCode.message).toContain('岗位编码');
    const reversed = await s.post(P('add'), { ...body, minGradeId: await gradeId('P6'), maxGradeId: await gradeId('P3') }, hr);
    expect(reversed.status).toBe(400);
    expect(reversed.message).toBe('最高职级不能低于最低职级');
    const outOfBand = await s.post(P('add'), { ...body, maxGradeId: await gradeId('M2') }, hr);
    expect(outOfBand.status).toBe(400);
    expect(outOfBand.message).toBe('职级范围超出所属职位序列的职级范围');
    const noClan = await s.post(P('add'), { ...body, postClanId: 999999 }, hr);
    expect(noClan.status).toBe(400);
    expect(noClan.message).toBe('岗位族不存在或已停用');

    const added = await s.post<PositionRow>(P('add'), { ...body, orgId: await orgId('T004'), headcount: 5 }, hr);
    expect(added.code).toBe('200');
    expect(added.data).toMatchObject({ code: 'DEV-GO', orgName: '研发一组', postLargeName: '专业技术类', enabled: true });
    const dup = await s.post(P('add'), { ...body, code: 'dev-go' }, hr);
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('岗位编码已存在');

    const updated = await s.post<PositionRow>(P('update'), { ...body, id: added.data.id, name: 'Go后端工程师', enabled: false }, hr);
    expect(updated.data).toMatchObject({ code: 'DEV-GO', name: 'Go后端工程师', enabled: false, orgName: null });
    expect((await s.post(P('update'), { ...body, id: 999999 }, hr)).status).toBe(404);
    const [audit] = await s.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.call, P('update')));
    expect(audit?.recordId).toBe(String(added.data.id));
  });

  it('keeps a disabled clan on the positions that have it, but refuses it for new ones', async () => {
    const clan = await itemId('getPostClanPageList', 'TECH-DATA');
    const clanRow = (await s.post<Page<Item & { postLargeId: number }>>(P('getPostClanPageList'), { code: 'TECH-DATA' }, hr)).data.records[0];
    await s.post(P('updatePostClan'), { id: clan, name: '数据族', postLargeId: clanRow?.postLargeId, enabled: false }, hr);
    const da = (await s.post<Page<PositionRow>>(P('getPositionPageList'), { code: 'DA' }, hr)).data.records.find((r) => r.code === 'DA') as PositionRow;
    const { id, code: _code, postClanId, alignmentId, minGradeId, maxGradeId } = da;
    const kept = await s.post(P('update'), { id, name: '数据分析师', postClanId, alignmentId, minGradeId, maxGradeId }, hr);
    expect(kept.code).toBe('200');
    const fresh = await s.post(P('add'), { code: 'DA2', name: '数据工程师', postClanId, alignmentId, minGradeId, maxGradeId }, hr);
    expect(fresh.status).toBe(400);
    const options = await s.get<Array<{ code: string }>>(P('getPostClanList'), emp);
    expect(options.data.map((o) => o.code)).not.toContain('TECH-DATA');
    await s.post(P('updatePostClan'), { id: clan, name: '数据族', postLargeId: clanRow?.postLargeId, enabled: true }, hr);
  });

  it('answers positions for a select: a unit’s own, its parents’ and the group-wide ones; by clan', async () => {
    const team = await s.post<Array<{ code: string; orgId: number | null }>>(P('getList'), { orgId: await orgId('T005') }, emp);
    const codes = team.data.map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['QA', 'SWE', 'SYSADMIN', 'ADM']));
    expect(codes).not.toContain('HR-SPEC');
    expect(codes).not.toContain('TELESALES');
    const clan = await itemId('getPostClanPageList', 'FUNC-FIN');
    const fin = await s.post<Array<{ code: string }>>(P('getList'), { postClanId: clan }, emp);
    expect(fin.data.map((p) => p.code).sort()).toEqual(['ACC', 'CASH', 'FIN-SPEC']);
    expect((await s.post(P('getList'), { orgId: 'x' }, emp)).status).toBe(400);
    const byKeyword = await s.post<Array<{ code: string }>>(P('getList'), { keyword: '出纳' }, emp);
    expect(byKeyword.data.map((p) => p.code)).toEqual(['CASH']);
    // A LIKE wildcard typed by the user matches itself only.
    expect((await s.post<unknown[]>(P('getList'), { keyword: '%' }, emp)).data).toEqual([]);
  });

  it('exports the filtered positions as xlsx; other roles are refused', async () => {
    const file = await exportXlsx(P('exportPosition'), { keyword: '工程师' });
    expect(file.name).toContain('岗位.xlsx');
    expect(file.rows[0]).toEqual(expect.arrayContaining(['岗位编码', '岗位名称', '岗位族', '职位序列', '最低职级', '状态']));
    expect(file.rows.slice(1).every((r) => r[1]?.includes('工程师'))).toBe(true);
    expect(file.rows.length).toBeGreaterThan(3);
    expect((await exportXlsx(P('exportPosition'), {}, emp)).status).toBe(403);
  });

  it('imports positions: template, per-row errors and a report, nothing written while any row is wrong, all rows on confirm', async () => {
    const template = await fetch(`${s.url}${P('exportTemplate')}`, { headers: { authorization: `Bearer ${hr}` } });
    expect(template.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await template.arrayBuffer());
    const header = ((wb.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1).map(String);
    expect(header.slice(0, 4)).toEqual(['*岗位编码', '*岗位名称', '*岗位族', '*职位序列']);
    expect((await fetch(`${s.url}${P('exportTemplate')}`, { headers: { authorization: `Bearer ${emp}` } })).status).toBe(403);

    const head = ['岗位编码', '岗位名称', '岗位族', '职位序列', '行业', '所属部门编码', '最低职级', '最高职级', '编制人数', '状态'];
    const good1 = ['IMP-1', '实施顾问', 'OPS-PM', '专业技术序列', 'IT', 'D005', 'P2', 'P4', 3, '启用'];
    const good2 = ['IMP-2', '培训专员', '人力资源族', 'P', '', '', 'P1', 'P3', '', ''];
    const bad = [
      ['IMP-1', '重复编码', 'OPS-PM', 'P', '', '', 'P2', 'P4', '', ''],
      ['SWE', '已存在', 'OPS-PM', 'P', '', '', 'P2', 'P4', '', ''],
      ['IMP-4', '坏族', 'NOPE', 'P', '', '', 'P2', 'P4', '', ''],
      ['IMP-5', '反了', 'OPS-PM', 'P', '', '', 'P5', 'P2', '', ''],
      ['IMP-6', '超带宽', 'OPS-PM', 'O', '', '', 'P1', 'P5', '', ''],
      ['IMP-7', '坏状态', 'OPS-PM', 'P', '', '', 'P1', 'P2', -1, '也许'],
    ];
    const wrong = await upload(await xlsx([['名称', '备注']]), {});
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('导入模板不正确');
    expect((await upload(new Blob(['a,b']), {}, hr, 'positions.csv')).status).toBe(400);
    expect((await upload(await xlsx([head, good1]), {}, emp)).status).toBe(403);

    const mixed = await xlsx([head, good1, good2, ...bad]);
    const check = await upload(mixed, {});
    const result = check.data as {
      total: number;
      valid: number;
      written: number;
      errors: Array<{ row: number; field: string; message: string }>;
      reportId: string;
    };
    expect(result).toMatchObject({ total: 8, valid: 2, written: 0 });
    const byRow = new Map(result.errors.map((e) => [e.row, e.message]));
    expect(byRow.get(4)).toContain('岗位编码重复');
    expect(byRow.get(5)).toContain('岗位编码已存在');
    expect(byRow.get(6)).toContain('岗位族不存在或已停用');
    expect(byRow.get(7)).toBe('最高职级不能低于最低职级');
    expect(byRow.get(8)).toBe('职级范围超出所属职位序列的职级范围');
    expect(
      result.errors
        .filter((e) => e.row === 9)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['enabled', 'headcount']);
    expect(result.reportId).toBeTruthy();

    // Confirming a file with wrong rows writes nothing.
    const refused = await upload(mixed, { confirm: 'true' });
    expect(refused.data).toMatchObject({ written: 0, confirmed: true });
    expect((await s.post<Page<PositionRow>>(P('getPositionPageList'), { code: 'IMP-' }, hr)).data.total).toBe(0);

    const clean = await upload(await xlsx([head, good1, good2]), { confirm: 'true' });
    expect(clean.data).toMatchObject({ total: 2, valid: 2, written: 2 });
    const imported = await s.post<Page<PositionRow>>(P('getPositionPageList'), { code: 'IMP-' }, hr);
    expect(imported.data.records.map((r) => [r.code, r.postClanName, r.orgName])).toEqual([
      ['IMP-1', '项目交付族', '交付中心'],
      ['IMP-2', '人力资源族', null],
    ]);
  });
});

describe('ladders', () => {
  const kinds = [
    {
      page: 'getAlignmentPageList',
      add: 'addAlignment',
      update: 'updateAlignment',
      list: 'getAlignmentList',
      exp: 'exportPositionAlignment',
      file: '职位序列.xlsx',
    },
    { page: 'getTradePageList', add: 'addTrade', update: 'updateTrade', list: 'getTradeList', exp: 'exportPositionTrade', file: '行业.xlsx' },
    { page: 'getPostClanPageList', add: 'addPostClan', update: 'updatePostClan', list: 'getPostClanList', exp: 'exportPositionPostClan', file: '岗位族.xlsx' },
    { page: 'getPostLargePageList', add: 'addPostLarge', update: 'updatePostLarge', list: 'getPostLargeList', exp: null, file: '' },
  ];

  it.each(kinds)('$page: pages, adds, refuses duplicates and bad input, updates, lists enabled items, exports', async (k) => {
    const page = await s.post<Page<Item>>(P(k.page), { pageSize: 2, sortField: 'code', sortOrder: 'ascend' }, hr);
    expect(page.code).toBe('200');
    expect(page.data.records).toHaveLength(2);
    expect(page.data.total).toBeGreaterThanOrEqual(4);
    expect((await s.post(P(k.page), {}, emp)).status).toBe(403);

    const extra = k.add === 'addPostClan' ? { postLargeId: await itemId('getPostLargePageList', 'FUNC') } : {};
    const body = { code: 'NEW-1', name: '新增项', sort: 99, ...extra };
    expect((await s.post(P(k.add), body, emp)).status).toBe(403);
    const bad = await s.post(P(k.add), { ...body, code: '' }, hr);
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/编码/);
    const added = await s.post<Item>(P(k.add), body, hr);
    expect(added.code).toBe('200');
    expect(added.data).toMatchObject({ code: 'NEW-1', enabled: true, sort: 99, positionCount: 0 });
    const dup = await s.post(P(k.add), { ...body, name: '重复' }, hr);
    expect(dup.status).toBe(409);
    expect(dup.message).toMatch(/编码已存在$/);

    const updated = await s.post<Item>(P(k.update), { ...body, id: added.data.id, name: '改名', enabled: false }, hr);
    expect(updated.data).toMatchObject({ code: 'NEW-1', name: '改名', enabled: false });
    const options = await s.get<Array<{ code: string }>>(P(k.list), emp);
    expect(options.code).toBe('200');
    expect(options.data.length).toBeGreaterThanOrEqual(3);
    expect(options.data.map((o) => o.code)).not.toContain('NEW-1');
    const filtered = await s.post<Page<Item>>(P(k.page), { enabled: false }, hr);
    expect(filtered.data.records.map((r) => r.code)).toContain('NEW-1');

    if (k.exp) {
      const file = await exportXlsx(P(k.exp), { keyword: '改名' });
      expect(file.name).toContain(k.file);
      expect(file.rows).toHaveLength(2);
      expect(file.rows[1]).toEqual(expect.arrayContaining(['NEW-1', '改名', '停用']));
      expect((await exportXlsx(P(k.exp), {}, emp)).status).toBe(403);
    }
  });

  it('a sequence’s band: both ends, in order, and holding its positions’ ranges', async () => {
    const id = await itemId('getAlignmentPageList', 'O');
    const half = await s.post(P('updateAlignment'), { id, name: '操作服务序列', minGradeId: await gradeId('P1') }, hr);
    expect(half.status).toBe(400);
    expect(half.message).toContain('职级范围');
    const narrow = await s.post(P('updateAlignment'), { id, name: '操作服务序列', minGradeId: await gradeId('P1'), maxGradeId: await gradeId('P2') }, hr);
    expect(narrow.status).toBe(400);
    expect(narrow.message).toMatch(/有\d+个岗位的职级超出该范围/);
    const wider = await s.post<{ maxGradeName: string }>(
      P('updateAlignment'),
      { id, name: '操作服务序列', minGradeId: await gradeId('P1'), maxGradeId: await gradeId('P4') },
      hr,
    );
    expect(wider.data.maxGradeName).toBe('专业序列P4');
  });

  it('batch-updates categories: order and status, all or none', async () => {
    const [a, b] = [await itemId('getPostLargePageList', 'SALES'), await itemId('getPostLargePageList', 'MGT')];
    expect((await s.post(P('batchUpdatePostLarge'), { list: [{ id: a, enabled: false }] }, emp)).status).toBe(403);
    expect((await s.post(P('batchUpdatePostLarge'), { list: [] }, hr)).status).toBe(400);
    const missing = await s.post(
      P('batchUpdatePostLarge'),
      {
        list: [
          { id: a, sort: 1 },
          { id: 999999, sort: 2 },
        ],
      },
      hr,
    );
    expect(missing.status).toBe(404);
    expect(missing.message).toContain('999999');
    const unchanged = await s.post<Page<Item>>(P('getPostLargePageList'), { code: 'SALES' }, hr);
    expect(unchanged.data.records[0]?.sort).toBe(3);

    const ok = await s.post<{ updated: number }>(
      P('batchUpdatePostLarge'),
      {
        list: [
          { id: a, sort: 1, enabled: false },
          { id: b, sort: 3 },
        ],
      },
      hr,
    );
    expect(ok.data.updated).toBe(2);
    const after = await s.post<Page<Item>>(P('getPostLargePageList'), { pageSize: 50 }, hr);
    expect(after.data.records.find((r) => r.id === a)).toMatchObject({ sort: 1, enabled: false });
    const options = await s.get<Array<{ id: number }>>(P('getPostLargeList'), emp);
    expect(options.data.map((o) => o.id)).not.toContain(a);
    // A disabled category hides its clans from the clan select.
    const clans = await s.get<Array<{ code: string }>>(P('getPostClanList'), emp);
    expect(clans.data.map((c) => c.code)).not.toContain('SALES-BD');
    await s.post(
      P('batchUpdatePostLarge'),
      {
        list: [
          { id: a, sort: 3, enabled: true },
          { id: b, sort: 1 },
        ],
      },
      hr,
    );
    const byLarge = await s.get<Array<{ code: string }>>(P('getPostClanList'), emp, { postLargeId: a });
    expect(byLarge.data.map((c) => c.code).sort()).toEqual(['SALES-BD', 'SALES-CS']);
  });
});

describe('grades', () => {
  it('lists grades by level, within a sequence band or a position range, naming their sequences', async () => {
    const all = await s.post<Array<{ code: string; level: number; alignmentNames: string[] }>>('/hr_api/hrm/api/grade/getList', {}, emp);
    expect(all.code).toBe('200');
    expect(all.data.map((g) => g.code)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'M1', 'M2', 'M3', 'M4']);
    expect(all.data[0]?.alignmentNames).toEqual(expect.arrayContaining(['专业技术序列', '营销序列']));
    const m = await s.post<Array<{ code: string }>>('/hr_api/hrm/api/grade/getList', { alignmentId: await itemId('getAlignmentPageList', 'M') }, emp);
    expect(m.data.map((g) => g.code)).toEqual(['M1', 'M2', 'M3', 'M4']);
    const cash = (await s.post<Page<PositionRow>>(P('getPositionPageList'), { code: 'CASH' }, hr)).data.records[0] as PositionRow;
    const range = await s.post<Array<{ code: string }>>('/hr_api/hrm/api/grade/getList', { positionId: cash.id }, emp);
    expect(range.data.map((g) => g.code)).toEqual(['P1', 'P2', 'P3']);
    expect((await s.post('/hr_api/hrm/api/grade/getList', { positionId: -1 }, emp)).status).toBe(400);
    expect((await s.post('/hr_api/hrm/api/grade/getList', {})).status).toBe(401);
  });
});
