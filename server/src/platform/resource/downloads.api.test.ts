import { allCalls } from '@erp/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../db';
import { readsAsFormula } from './xlsx-export';

/**
 * Every download call of the contract (issue 34): a refusal is the JSON envelope with a 4xx, never a
 * 500 or a broken file; and no text cell of any exported workbook reads as a formula.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const downloads = allCalls().filter((c) => c.call.responseKind === 'blob');
const HYPERLINK = '=HYPERLINK("http://x","y")';

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'hr01', 'mgr01', 'emp01']) tokens[u] = await s.login(u);
});
afterAll(() => s.close());

function request(call: (typeof downloads)[number]['call'], body: Record<string, unknown>, token: string): Promise<Response> {
  const auth = { authorization: `Bearer ${token}` };
  if (call.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return fetch(`${s.url}${call.path}${qs ? `?${qs}` : ''}`, { headers: auth });
  }
  return fetch(s.url + call.path, { method: call.method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** A refusal as the wire format has it: 4xx, JSON envelope, none of the file's headers. */
async function expectJsonRefusal(res: Response, label: string): Promise<{ code: string; message: string }> {
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get('content-type'), label).toContain('application/json');
  expect(res.headers.get('content-disposition'), label).toBeNull();
  const body = (await res.json()) as { code: string; message: string; data: unknown };
  expect(typeof body.code, label).toBe('string');
  expect(body.message, label).toBeTruthy();
  return body;
}

/** The string cells of every sheet of a workbook. */
async function texts(bytes: ArrayBuffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const out: string[] = [];
  for (const sheet of book.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value;
        if (typeof v === 'string') out.push(v);
        else if (v && typeof v === 'object' && 'richText' in v) out.push(v.richText.map((t) => t.text).join(''));
      }),
    );
  return out;
}

describe('download refusals are JSON (issue 34)', () => {
  it('refuses every submitted claim to an employee as 403 JSON (was 500 FST_ERR_REP_INVALID_PAYLOAD_TYPE)', async () => {
    const call = downloads.find((d) => d.group === 'reimburse' && d.name === 'claimExport')?.call;
    if (!call) throw new Error('no claimExport');
    const refused = await expectJsonRefusal(await request(call, { scope: 'all' }, tokens.emp01 as string), 'scope all');
    expect(refused.code).toBe('403');
    const wrapped = await fetch(s.url + call.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.emp01}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ROOT: { header: {}, body: { scope: 'all' } } }),
    });
    expect((await expectJsonRefusal(wrapped, 'ROOT-wrapped')).code).toBe('403');
    const mine = await request(call, { scope: 'mine' }, tokens.emp01 as string);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toContain('spreadsheetml');
    await mine.arrayBuffer();
  });

  for (const { group, name, call } of downloads)
    it(`${group}.${name}: an employee's and a manager's refusals are JSON 4xx`, async () => {
      for (const who of ['emp01', 'mgr01'])
        for (const body of [{}, { scope: 'all' }, { id: 1, employeeId: 1, pageSize: 10 }]) {
          const res = await request(call, body, tokens[who] as string);
          if (res.status === 200) await res.arrayBuffer();
          else await expectJsonRefusal(res, `${who} ${call.path} ${JSON.stringify(body)}`);
        }
    });
});

describe('exported text cannot become a formula (issue 34)', () => {
  /** Cells that held a formula-like text and came out quoted. */
  const quoted = new Map<string, number>();

  beforeAll(async () => {
    // Names, remarks and reasons all over the demo data start with a formula character, so every
    // export shows some. Columns shorter than 16 are codes; files and menus steer the code.
    const columns = await queryRows<{ t: string; c: string; n: number | null }>(
      s.db,
      sql`SELECT table_name AS t, column_name AS c, character_maximum_length AS n FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name NOT LIKE 'wf\_%' AND table_name NOT IN ('files', 'menus', 'shared_secrets', 'dict_types', 'user_search_pieces')
          AND data_type IN ('text', 'character varying') AND coalesce(character_maximum_length, 999) >= 16
          AND (column_name IN ('name', 'remark', 'title', 'reason', 'description', 'address') OR column_name LIKE '%\_name')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    for (const [i, { t, c, n }] of columns.entries()) {
      const mark = ['=', '+', '-', '@'][i % 4] as string;
      const value = n ? sql`${mark} || left(${sql.identifier(c)}, ${n - 1})` : sql`${mark} || ${sql.identifier(c)}`;
      await s.db.execute(sql`UPDATE ${sql.identifier(t)} SET ${sql.identifier(c)} = ${value} WHERE ${sql.identifier(c)} <> ''`);
    }
  });

  it('exports a saved record named =HYPERLINK(…) as text', async () => {
    const [org] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM org_units WHERE code = 'T001'`);
    const saved = await s.post('/base_api/base/demandSupply/add', { code: 'SUPF01', name: HYPERLINK, supplyType: '001', orgId: org?.id }, tokens.hr01);
    expect(saved.code, saved.message).toBe('200');
    const res = await fetch(`${s.url}/base_api/base/demandSupply/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.hr01}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'SUPF01' }),
    });
    expect(res.status).toBe(200);
    const cells = await texts(await res.arrayBuffer());
    expect(cells).toContain(`'${HYPERLINK}`);
    expect(cells.filter(readsAsFormula)).toEqual([]);
  });

  it('writes an import error report with the uploaded cells quoted, and reads them back unquoted', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('员工').addRows([
      ['姓名', '账号', '部门编码', '人员类别', '客户单位编码', '证件类型', '证件号码', '手机号', '邮箱', '入职日期', '岗位', '职级编码'],
      [HYPERLINK, '@evil', '-2+3+cmd', '正式员工', '', '居民身份证', '1', '', '', '2026-11-01', '', ''],
    ]);
    const form = new FormData();
    form.set('confirm', 'false');
    form.set('file', new Blob([await book.xlsx.writeBuffer()]), 'employees.xlsx');
    const checked = await s.raw('/hr_api/hrm/api/roster/importEmployees', { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.hr01}` } });
    const result = checked.data as { reportId: string | null };
    expect(result.reportId, checked.message).toBeTruthy();
    const report = await fetch(`${s.url}/base_api/base/api/import/report?id=${result.reportId}`, { headers: { authorization: `Bearer ${tokens.hr01}` } });
    expect(report.status).toBe(200);
    const bytes = await report.arrayBuffer();
    const cells = await texts(bytes);
    expect(cells).toEqual(expect.arrayContaining([`'${HYPERLINK}`, "'@evil", "'-2+3+cmd"]));
    expect(cells.filter(readsAsFormula)).toEqual([]);

    // The report sent back as an import: the names are read as they were first uploaded.
    const again = new FormData();
    again.set('confirm', 'false');
    again.set('file', new Blob([bytes]), 'report.xlsx');
    const second = await s.raw('/hr_api/hrm/api/roster/importEmployees', { method: 'POST', body: again, headers: { authorization: `Bearer ${tokens.hr01}` } });
    const errors = (second.data as { errors: Array<{ message: string }> }).errors.map((e) => e.message).join(' ');
    expect(errors).not.toContain("'");
  });

  // Bodies that reach data where {} is refused by the call's schema or scope.
  const bodies: Record<string, Record<string, unknown>> = { claimExport: { scope: 'all' } };
  for (const { group, name, call } of downloads.filter((d) => d.name !== 'backupDownload'))
    it(`${group}.${name}: no text cell reads as a formula`, async () => {
      const res = await request(call, bodies[name] ?? {}, tokens.admin as string);
      if (res.status !== 200) return void (await expectJsonRefusal(res, call.path));
      if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) return void (await res.arrayBuffer());
      const cells = await texts(await res.arrayBuffer());
      expect(cells.filter(readsAsFormula), call.path).toEqual([]);
      quoted.set(`${group}.${name}`, cells.filter((c) => /^'[=+\-@]/.test(c)).length);
    });

  it('saw the planted texts, quoted, in many exports', () => {
    const withPlanted = [...quoted].filter(([, n]) => n > 0).map(([k]) => k);
    console.info([...quoted].map(([k, n]) => `${k}:${n}`).join(' '));
    expect(withPlanted.length).toBeGreaterThanOrEqual(15);
  });
});
