import type { FilePreview } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../db';
import { bombs } from './zip-bomb.fixture';
import { ZIP_BOUNDS } from './zip-bounds';

/**
 * The crafted bombs of issue 34 sent to every import call, to the file preview and to the résumé
 * reader: each is refused with its bound's message in well under a second, and the server (this
 * process) grows by far less than the 2 GB the unchecked read took.
 */
let s: TestServer;
let projectId = 0;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  // The demo's closed payroll months would refuse the hours import before it reads the file.
  await s.db.execute(sql`DELETE FROM pay_slips`);
  await s.db.execute(sql`DELETE FROM pay_runs`);
  projectId = (await queryRows<{ id: number }>(s.db, sql`SELECT id FROM fin_projects WHERE deleted_at IS NULL ORDER BY id LIMIT 1`))[0]?.id ?? 0;
  for (const u of ['hr01', 'fin01', 'rec01', 'emp01']) tokens[u] = await s.login(u);
});
afterAll(() => s.close());

const IMPORTS = [
  { who: 'hr01', path: '/hr_api/hrm/api/roster/importEmployees', fields: { confirm: 'true' } },
  { who: 'fin01', path: '/finance_api/finance/manHour/payAccessionUpload', fields: { confirm: 'true' } },
  { who: 'fin01', path: '/finance_api/finance/manHour/manHourUpload', fields: { confirm: 'true' } },
  { who: 'fin01', path: '/finance_api/finance/functionHourInfo/importProjectWorkHour', query: () => `?projectId=${projectId}&month=202612&confirm=true` },
] as const;

const MB = 1024 * 1024;
const TOO_LARGE = `文件解压后过大，无法导入（上限 ${ZIP_BOUNDS.bytes / MB} MB）`;
const TOO_MANY = `文件包含的条目过多，无法导入（上限 ${ZIP_BOUNDS.entries} 个）`;
const CASES = [
  { bomb: 'declared', message: TOO_LARGE },
  { bomb: 'lying', message: TOO_LARGE },
  { bomb: 'entries', message: TOO_MANY },
] as const;

/** The time of a request and the most this process's resident memory grew meanwhile (sampled every 5 ms). */
async function measured<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; grewMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms: performance.now() - started, grewMb: (peak - start) / MB };
  } finally {
    clearInterval(timer);
  }
}

function form(fields: Record<string, string>, file: Buffer, name: string): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set('file', new Blob([new Uint8Array(file)]), name);
  return f;
}

describe('decompression bombs (issue 34)', () => {
  const built = Object.fromEntries(Object.keys(bombs).map((k) => [k, bombs[k as keyof typeof bombs]()])) as Record<keyof typeof bombs, Buffer>;

  it('builds bombs of a few MB that unpack to 2 GiB or hold 20,000 entries', () => {
    expect(built.lying.length).toBeLessThan(3 * MB);
    expect(built.entries.length).toBeLessThan(3 * MB);
  });

  for (const call of IMPORTS)
    for (const { bomb, message } of CASES)
      it(`${call.path.split('/').pop()}: refuses the ${bomb} bomb with 400 at once`, async () => {
        const query = 'query' in call ? call.query() : '';
        const fields = 'fields' in call ? call.fields : {};
        const { result, ms, grewMb } = await measured(() =>
          s.raw(call.path + query, { method: 'POST', body: form(fields, built[bomb], 'bomb.xlsx'), headers: { authorization: `Bearer ${tokens[call.who]}` } }),
        );
        expect(result.status, result.message).toBe(400);
        expect(result.code).toBe('400');
        expect(result.message).toBe(message);
        // The time is reported, not asserted (a loaded CI machine is slower; `npm run bench` is for figures).
        expect(grewMb).toBeLessThan(100);
        console.info(`${call.path} ${bomb}: ${Math.round(ms)} ms, +${Math.round(grewMb)} MB`);
      });

  it('previews a stored bomb as a download with the reason, and refuses it as a résumé', async () => {
    const uploaded = await s.raw('/file_api/file/fileUrl/upload', {
      method: 'POST',
      body: form({}, built.lying, '说明.docx'),
      headers: { authorization: `Bearer ${tokens.emp01}` },
    });
    expect(uploaded.code, uploaded.message).toBe('200');
    const { result } = await measured(() =>
      s.post<FilePreview>('/file_api/file/fileUrl/previewContent', { id: (uploaded.data as { id: number }).id }, tokens.emp01),
    );
    expect(result.data.kind).toBe('download');
    expect(result.data.reason).toBe(`文件解压后过大，无法预览（上限 ${ZIP_BOUNDS.bytes / MB} MB），请下载后查看`);

    const resume = await s.raw('/recruit_api/recruit/talent/parseResume', {
      method: 'POST',
      body: form({}, built.declared, '简历.docx'),
      headers: { authorization: `Bearer ${tokens.rec01}` },
    });
    expect(resume.status).toBe(400);
    expect(resume.message).toBe(`文件解压后过大，无法读取（上限 ${ZIP_BOUNDS.bytes / MB} MB）`);
  });
});
