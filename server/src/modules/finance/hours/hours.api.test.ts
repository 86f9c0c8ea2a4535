import {
  type FillableProject,
  HOURS_MSG,
  type Holiday,
  type HourApproveRecord,
  type HourSheetDetail,
  type HourSheetRecord,
  type ImportResult,
  type OneClickFill,
  type Page,
} from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { orgUnits, users } from '../../../db/schema';
import { payRuns } from '../../salary/salary.schema';
import { finProjectPeople, finProjects } from '../project/project.schema';
import { finManHours } from './hours.schema';

let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
let emp2: string;
let hr: string;
let projectId: number;
let lateProjectId: number;
const F = (n: string) => `/finance_api/finance/functionHourInfo/${n}`;
const H = (n: string) => `/finance_api/finance/holiday/${n}`;

const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;
const orgId = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;

/** A running project of 马国强's department with emp01 and emp02 in its team (the fixture every test fills on). */
async function fixtureProject(name: string, startDate: string, endDate: string, team: string[]): Promise<number> {
  const [p] = await s.db
    .insert(finProjects)
    .values({
      projectNo: `XMTEST${Math.floor(Math.random() * 1e6)}`,
      name,
      projectType: '001',
      clientOrgId: await orgId('C900'),
      settleOrgId: await orgId('C001'),
      deptId: await orgId('D004'),
      managerUserId: await userId('mgr01'),
      startDate,
      endDate,
      state: 'passed',
      phase: '002',
      versionNo: 1,
    })
    .returning({ id: finProjects.id });
  for (const code of team)
    await s.db.insert(finProjectPeople).values({ projectId: p?.id as number, userId: await userId(code), role: '004', joinDate: startDate });
  return p?.id as number;
}

const day = (workDate: string, hours: number) => ({ workDate, hours });
/** Working days of October 2026 at 8 h, plus overtime: 10 h on the 8th, 4 h on National Day, 3 h on Sunday the 11th. */
function october() {
  return [day('2026-10-01', 4), day('2026-10-08', 10), day('2026-10-09', 8), day('2026-10-10', 8), day('2026-10-11', 3), day('2026-10-12', 8)];
}

beforeAll(async () => {
  s = await startTestServer();
  // The demo's payroll months would lock the months these tests fill: they start from none.
  await s.db.execute(sql`DELETE FROM pay_slips`);
  await s.db.execute(sql`DELETE FROM pay_runs`);
  [fin, mgr, emp, emp2, hr] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01'), s.login('emp02'), s.login('hr01')]);
  projectId = await fixtureProject('工时测试驻场项目', '2026-01-01', '2026-12-31', ['emp01', 'emp02']);
  lateProjectId = await fixtureProject('工时测试二期项目', '2026-10-10', '2026-12-31', ['emp01']);
  // The demo's sheets of emp01 and emp02 would count towards their days: the tests start from none.
  await s.db.execute(sql`UPDATE fin_hour_sheets SET deleted_at = now() WHERE user_id IN (SELECT id FROM users WHERE user_code IN ('emp01', 'emp02'))`);
});
afterAll(() => s.close());

describe('demo data and the calendar', () => {
  it('shows six months of project hours, sheets waiting for 马国强 and the 2026 holidays', async () => {
    const page = await s.post<Page<HourSheetRecord>>(F('selectProjectHourPage'), { pageSize: 50 }, fin);
    expect(page.code, page.message).toBe('200');
    expect(page.data.total).toBeGreaterThanOrEqual(100);
    expect(new Set(page.data.records.map((r) => r.projectId)).size).toBeGreaterThan(3);
    const todo = await s.post<Page<HourApproveRecord>>(F('selectApprovePage'), {}, mgr);
    expect(todo.data.total).toBeGreaterThan(0);
    expect(todo.data.records[0]?.taskId).toBeGreaterThan(0);
    const holidays = await s.post<Holiday[]>(H('list'), { year: 2026 }, emp);
    expect(holidays.data.find((h) => h.day === '2026-10-01')?.kind).toBe('001');
    expect(holidays.data.find((h) => h.day === '2026-10-10')?.kind).toBe('003');
    expect(holidays.data.find((h) => h.day === '2026-02-16')?.name).toBe('春节');
    const leave = await s.db.execute(sql`SELECT count(*)::int AS n FROM fin_leave_records`);
    expect(Number((leave as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBeGreaterThanOrEqual(20);
  });

  it('fills a month from the calendar: working days only, holidays off, adjusted Saturdays worked', async () => {
    const oct = await s.post<OneClickFill>(F('getOneClickFill'), { projectId, month: 202610 }, emp);
    expect(oct.code, oct.message).toBe('200');
    const hours = new Map(oct.data.days.map((d) => [d.workDate, d]));
    expect(hours.get('2026-10-01')).toMatchObject({ hours: 0, dayType: 'H', holidayName: '国庆节' });
    expect(hours.get('2026-10-05')).toMatchObject({ hours: 0, dayType: 'R' });
    expect(hours.get('2026-10-10')).toMatchObject({ hours: 8, dayType: 'W' });
    expect(hours.get('2026-10-11')).toMatchObject({ hours: 0, dayType: 'R' });
    expect(oct.data.workingDays).toBe(18);
    expect(oct.data.totalHours).toBe(144);
    const feb = await s.post<OneClickFill>(F('getOneClickFill'), { projectId, month: 202602 }, emp);
    expect(feb.data.workingDays).toBe(16);
    expect(feb.data.days.find((d) => d.workDate === '2026-02-17')?.dayType).toBe('H');
    expect(feb.data.days.find((d) => d.workDate === '2026-02-28')?.hours).toBe(8);
    // The second project starts on the 10th: nothing before.
    const late = await s.post<OneClickFill>(F('getOneClickFill'), { projectId: lateProjectId, month: 202610 }, emp);
    expect(late.data.days.filter((d) => d.workDate < '2026-10-10').every((d) => d.hours === 0 && !d.fillable)).toBe(true);
    expect(late.data.workingDays).toBe(16);
    // Not in the team.
    const other = await s.post(F('getOneClickFill'), { projectId: lateProjectId, month: 202610 }, emp2);
    expect(other.status).toBe(400);
  });

  it('lets finance maintain the calendar and refuses everyone else', async () => {
    expect((await s.post(H('save'), { day: '2026-12-31', kind: '002', name: '公司年会' }, emp)).status).toBe(403);
    const saved = await s.post<Holiday>(H('save'), { day: '2026-12-31', kind: '002', name: '公司年会' }, fin);
    expect(saved.code, saved.message).toBe('200');
    const dec = await s.post<OneClickFill>(F('getOneClickFill'), { projectId, month: 202612 }, emp);
    expect(dec.data.days.find((d) => d.workDate === '2026-12-31')).toMatchObject({ dayType: 'R', hours: 0 });
    expect((await s.post(H('save'), { day: '2026-02-30', kind: '002', name: 'x' }, fin)).status).toBe(400);
    expect((await s.post(H('delete'), { day: '2026-12-31' }, fin)).code).toBe('200');
  });
});

describe('filling, submitting and approving a month', () => {
  let sheet: HourSheetDetail;

  it('saves and submits a month with its overtime split by day type', async () => {
    const res = await s.post<HourSheetDetail>(F('addList'), { projectId, month: 202610, days: october(), submit: true }, emp);
    expect(res.code, res.message).toBe('200');
    sheet = res.data;
    expect(sheet.state).toBe('approving');
    expect(sheet.sheetNo).toMatch(/^GS\d{12}$/);
    expect(sheet.totalHours).toBe(41);
    expect(sheet.normalHours).toBe(32);
    expect(sheet.otWorkdayHours).toBe(2);
    expect(sheet.otRestdayHours).toBe(3);
    expect(sheet.otHolidayHours).toBe(4);
    expect(sheet.days.map((d) => d.dayType)).toEqual(['H', 'W', 'W', 'W', 'R', 'W']);
    const mine = await s.post<Page<HourSheetRecord>>(F('selectPage'), { month: 202610 }, emp);
    expect(mine.data.records.some((r) => r.id === sheet.id)).toBe(true);
    const projects = await s.post<FillableProject[]>(F('selectProjectInfo'), { month: 202610 }, emp);
    expect(projects.data.find((p) => p.projectId === projectId)).toMatchObject({ sheetId: sheet.id, state: 'approving' });
  });

  it('refuses a second sheet of the same month, and changes while approving', async () => {
    const again = await s.post(F('addList'), { projectId, month: 202610, days: october() }, emp);
    expect(again.status).toBe(409);
    const upd = await s.post(F('update'), { id: sheet.id, days: october() }, emp);
    expect(upd.status).toBe(409);
    expect((await s.post(F('delete'), { id: sheet.id }, emp)).status).toBe(409);
  });

  it("keeps other people out of a person's sheet", async () => {
    expect((await s.post(F('select'), { id: sheet.id }, emp2)).status).toBe(404);
    expect((await s.post(F('update'), { id: sheet.id, days: [] }, emp2)).status).toBe(404);
    expect((await s.post(F('delete'), { id: sheet.id }, emp2)).status).toBe(404);
    expect((await s.get(F('getHourModify'), emp2, { id: sheet.id })).status).toBe(404);
    expect((await s.post(F('getInfoByInstance'), { instanceId: sheet.processInstanceId }, emp2)).status).toBe(404);
    // The list permission is the manager's and finance's, not an employee's or HR's.
    expect((await s.post(F('selectProjectHourPage'), {}, emp)).status).toBe(403);
    expect((await s.post(F('selectProjectHourPage'), {}, hr)).status).toBe(403);
    expect((await s.post(F('hourDownload'), {}, emp)).status).toBe(403);
  });

  it('gives the manager the task; a stranger cannot decide it', async () => {
    const todo = await s.post<Page<HourApproveRecord>>(F('selectApprovePage'), { projectId }, mgr);
    const row = todo.data.records.find((r) => r.id === sheet.id);
    expect(row?.taskId).toBeGreaterThan(0);
    const info = await s.post<HourSheetDetail>(F('getInfoByInstance'), { instanceId: sheet.processInstanceId }, mgr);
    expect(info.data.taskId).toBe(row?.taskId);
    const stranger = await s.post(F('pass'), { taskId: row?.taskId }, emp2);
    expect(stranger.code).not.toBe('200');
    expect((await s.post(F('reject'), { taskId: row?.taskId, message: '' }, mgr)).status).toBe(400);
  });

  it('counts the hours once when the manager passes twice at the same time', async () => {
    const info = await s.post<HourSheetDetail>(F('select'), { id: sheet.id }, mgr);
    const taskId = info.data.taskId;
    const answers = await Promise.all([s.post(F('pass'), { taskId, message: '同意' }, mgr), s.post(F('pass'), { taskId, message: '同意' }, mgr)]);
    expect(answers.map((a) => a.code).sort()).toContain('200');
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    const after = await s.post<HourSheetDetail>(F('select'), { id: sheet.id }, emp);
    expect(after.data.state).toBe('passed');
    const [mh] = await s.db
      .select()
      .from(finManHours)
      .where(and(eq(finManHours.projectId, projectId), eq(finManHours.userId, await userId('emp01')), eq(finManHours.month, 202610)));
    expect(mh).toMatchObject({ normalMinutes: 32 * 60, otWorkdayMinutes: 120, otRestdayMinutes: 180, otHolidayMinutes: 240 });
  });

  it('modifies an approved sheet: the old days kept, the man-hours taken back until approved again', async () => {
    const days = october().map((d) => (d.workDate === '2026-10-08' ? day('2026-10-08', 8) : d));
    const bad = await s.post(F('modify'), { id: sheet.id, reason: '', days }, emp);
    expect(bad.status).toBe(400);
    const same = await s.post(F('modify'), { id: sheet.id, reason: '无变化', days: october() }, emp);
    expect(same.status).toBe(400);
    const res = await s.post<HourSheetDetail>(F('modify'), { id: sheet.id, reason: '8日实际未加班', days }, emp);
    expect(res.code, res.message).toBe('200');
    expect(res.data).toMatchObject({ state: 'approving', revision: 1, totalHours: 39, otWorkdayHours: 0 });
    const history = await s.get<Array<{ revision: number; totalHours: number; reason: string }>>(F('getHourModify'), emp, { id: sheet.id });
    expect(history.code, history.message).toBe('200');
    expect(history.data).toEqual([expect.objectContaining({ revision: 1, totalHours: 41, reason: '8日实际未加班' })]);
    const me = await userId('emp01');
    const mh = async () =>
      (
        await s.db
          .select()
          .from(finManHours)
          .where(and(eq(finManHours.projectId, projectId), eq(finManHours.userId, me), eq(finManHours.month, 202610)))
      )[0];
    expect((await mh())?.otWorkdayMinutes).toBe(0);
    expect((await mh())?.normalMinutes).toBe(0);
    const info = await s.post<HourSheetDetail>(F('select'), { id: sheet.id }, mgr);
    expect((await s.post(F('pass'), { taskId: info.data.taskId }, mgr)).code).toBe('200');
    expect(await mh()).toMatchObject({ normalMinutes: 32 * 60, otWorkdayMinutes: 0, otRestdayMinutes: 180, otHolidayMinutes: 240 });
  });

  it('sends a sheet back to its owner, who corrects and resubmits it; a rejected one can be deleted', async () => {
    const res = await s.post<HourSheetDetail>(F('addList'), { projectId, month: 202609, days: [day('2026-09-01', 8)], submit: true }, emp2);
    expect(res.code, res.message).toBe('200');
    const taskId = (await s.post<HourSheetDetail>(F('select'), { id: res.data.id }, mgr)).data.taskId;
    const back = await s.post(F('rollback'), { taskId, message: '请补全9月工时' }, mgr);
    expect(back.code, back.message).toBe('200');
    const returned = await s.post<HourSheetDetail>(F('select'), { id: res.data.id }, emp2);
    expect(returned.data).toMatchObject({ state: 'returned', editable: true });
    const fixed = await s.post<HourSheetDetail>(F('update'), { id: res.data.id, days: [day('2026-09-01', 8), day('2026-09-02', 8)], submit: true }, emp2);
    expect(fixed.code, fixed.message).toBe('200');
    expect(fixed.data).toMatchObject({ state: 'approving', totalHours: 16 });
    const task2 = (await s.post<HourSheetDetail>(F('select'), { id: res.data.id }, mgr)).data.taskId;
    expect((await s.post(F('reject'), { taskId: task2, message: '项目9月未安排驻场' }, mgr)).code).toBe('200');
    expect((await s.post(F('delete'), { id: res.data.id }, emp2)).code).toBe('200');
    expect((await s.post(F('select'), { id: res.data.id }, emp2)).status).toBe(404);
  });
  it('a sheet sent back and resubmitted from the process centre goes to the project manager of today; after leaving the team it is refused', async () => {
    const moved = await fixtureProject('工时改派项目', '2026-01-01', '2026-12-31', ['emp02']);
    const res = await s.post<HourSheetDetail>(F('addList'), { projectId: moved, month: 202609, days: [day('2026-09-01', 8)], submit: true }, emp2);
    expect(res.code, res.message).toBe('200');
    const taskId = (await s.post<HourSheetDetail>(F('select'), { id: res.data.id }, mgr)).data.taskId;
    expect((await s.post(F('rollback'), { taskId, message: '请核对' }, mgr)).code).toBe('200');
    // The project changes hands while the sheet is back with its owner.
    await s.db
      .update(finProjects)
      .set({ managerUserId: await userId('hrd01') })
      .where(eq(finProjects.id, moved));
    const flow = async () =>
      (await s.post<{ taskId: number | null }>('/bpm_api/bpm/camunda/common/getFlowData', { instanceId: res.data.processInstanceId }, emp2)).data.taskId;
    const resubmitTask = await flow();
    expect(resubmitTask).toBeGreaterThan(0);
    // Corrections are not taken there (they come through the save call).
    const corrected = await s.post('/bpm_api/bpm/camunda/task/resubmit', { taskId: resubmitTask, form: { projectId: projectId } }, emp2);
    expect(corrected.status).toBe(400);
    const again = await s.post('/bpm_api/bpm/camunda/task/resubmit', { taskId: resubmitTask }, emp2);
    expect(again.code, again.message).toBe('200');
    const waiting = async (token: string) =>
      (await s.post<Page<HourApproveRecord>>(F('selectApprovePage'), { pageSize: 100 }, token)).data.records.some((r) => r.id === res.data.id);
    const hrd = await s.login('hrd01');
    expect(await waiting(hrd)).toBe(true);
    expect(await waiting(mgr)).toBe(false);

    // Sent back again, then its owner leaves the team: the process centre may not send it on.
    const task2 = (await s.post<HourSheetDetail>(F('select'), { id: res.data.id }, hrd)).data.taskId;
    expect((await s.post(F('rollback'), { taskId: task2, message: '再核对' }, hrd)).code).toBe('200');
    await s.db.delete(finProjectPeople).where(eq(finProjectPeople.projectId, moved));
    const refused = await s.post('/bpm_api/bpm/camunda/task/resubmit', { taskId: await flow() }, emp2);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(HOURS_MSG.notMember);
    expect((await s.post<HourSheetDetail>(F('select'), { id: res.data.id }, emp2)).data.state).toBe('returned');
  });
});

describe('bad input', () => {
  it('refuses more than 24 hours a day, also across projects, and days outside the month or the project', async () => {
    expect((await s.post(F('addList'), { projectId, month: 202611, days: [day('2026-11-02', 25)] }, emp)).status).toBe(400);
    expect((await s.post(F('addList'), { projectId, month: 202611, days: [day('2026-11-02', 7.3)] }, emp)).status).toBe(400);
    expect((await s.post(F('addList'), { projectId, month: 202611, days: [day('2026-12-01', 8)] }, emp)).status).toBe(400);
    const outside = await s.post(F('addList'), { projectId: lateProjectId, month: 202610, days: [day('2026-10-09', 8)] }, emp);
    expect(outside.status).toBe(400);
    expect(outside.message).toContain('日期不在项目周期内');
    const first = await s.post(F('addList'), { projectId, month: 202611, days: [day('2026-11-02', 16)] }, emp);
    expect(first.code, first.message).toBe('200');
    const second = await s.post(F('addList'), { projectId: lateProjectId, month: 202611, days: [day('2026-11-02', 9)] }, emp);
    expect(second.status).toBe(400);
    expect(second.message).toContain('24');
    const ok = await s.post<HourSheetDetail>(F('addList'), { projectId: lateProjectId, month: 202611, days: [day('2026-11-02', 8)] }, emp);
    expect(ok.code, ok.message).toBe('200');
    // 16 h on the first project already: all 8 h here are overtime.
    expect(ok.data).toMatchObject({ normalHours: 0, otWorkdayHours: 8 });
    const dup = await s.post(F('update'), { id: ok.data.id, days: [day('2026-11-03', 8), day('2026-11-03', 4)] }, emp);
    expect(dup.status).toBe(400);
  });

  it('refuses wrong types, huge inputs and an empty submission', async () => {
    for (const body of [
      { projectId: 'abc', month: 202611, days: [] },
      { projectId, month: 202613, days: [] },
      { projectId, month: 202611, days: [{ workDate: '2026-11-31', hours: 8 }] },
      { projectId, month: 202611, days: [{ workDate: '2026-11-03', hours: 'eight' }] },
      { projectId, month: 202611, days: Array.from({ length: 40 }, (_, i) => day(`2026-11-${String((i % 30) + 1).padStart(2, '0')}`, 1)) },
      { projectId, month: 202611, days: [], remark: 'x'.repeat(600) },
    ]) {
      const res = await s.post(F('addList'), body, emp2);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const empty = await s.post(F('addList'), { projectId, month: 202608, days: [], submit: true }, emp2);
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('请至少填写一天的工时');
  });

  it('changes nothing of a month whose payroll is closed', async () => {
    const res = await s.post<HourSheetDetail>(F('addList'), { projectId, month: 202607, days: [day('2026-07-01', 8)] }, emp2);
    expect(res.code, res.message).toBe('200');
    await s.db.insert(payRuns).values({ month: 202607, state: 'closed', closedAt: new Date() });
    const upd = await s.post(F('update'), { id: res.data.id, days: [day('2026-07-02', 8)] }, emp2);
    expect(upd.status).toBe(409);
    expect(upd.message).toBe('该月工资已关账，不能修改');
    expect((await s.post(F('delete'), { id: res.data.id }, emp2)).status).toBe(409);
    expect((await s.post(F('addList'), { projectId: lateProjectId, month: 202607, days: [] }, emp)).status).toBe(409);
    // Nor its working days: a holiday added or removed would change what the closed payroll was computed on.
    const holiday = await s.post(H('save'), { day: '2026-07-15', kind: '001', name: '临时假日' }, fin);
    expect([holiday.status, holiday.message]).toEqual([409, '该月工资已关账，不能修改']);
    expect((await s.post(H('delete'), { day: '2026-07-01' }, fin)).status).toBe(409);
    expect((await s.post(H('save'), { day: '2026-08-14', kind: '001', name: '临时假日' }, fin)).code).toBe('200');
  });
});

describe('downloads, template and import', () => {
  async function xlsx(rows: Array<Array<string | number>>): Promise<Blob> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('项目工时');
    for (const r of rows) ws.addRow(r);
    return new Blob([await wb.xlsx.writeBuffer()]);
  }
  async function upload(file: Blob, query: string, token = fin, name = 'hours.xlsx') {
    const form = new FormData();
    form.set('file', file, name);
    return s.raw(`${F('importProjectWorkHour')}?${query}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }) as Promise<{
      status: number;
      code: string;
      message: string;
      data: ImportResult;
    }>;
  }

  it('downloads the project hours, the approvals and the template as xlsx', async () => {
    for (const [path, token, method] of [
      [F('hourDownload'), fin, 'POST'],
      [F('selectApproveDownload'), mgr, 'POST'],
      [F('downloadWorkHourTemplate'), fin, 'GET'],
    ] as const) {
      const res = await fetch(s.url + path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify({ month: 202610 }) : undefined,
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      expect(wb.worksheets[0]?.rowCount).toBeGreaterThan(0);
    }
    expect((await s.get(F('downloadWorkHourTemplate'), emp)).status).toBe(403);
  });

  it('refuses a malformed file and an employee importing', async () => {
    const fake = await upload(new Blob(['not a workbook']), `projectId=${projectId}&month=202612`);
    expect(fake.status).toBe(400);
    const broken = await upload(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]), `projectId=${projectId}&month=202612`);
    expect(broken.status).toBe(400);
    const file = await xlsx([['工号', '日期', '工时']]);
    expect((await upload(file, `projectId=${projectId}&month=202612`, emp)).status).toBe(403);
    expect((await upload(file, `month=202612`)).status).toBe(400);
  });

  it('lists per-row errors and writes nothing while any row is wrong, then writes a clean file on confirmation', async () => {
    const bad = await xlsx([
      ['工号', '日期', '工时', '备注'],
      ['emp01', '2026-12-01', 8, ''],
      ['nobody', '2026-12-01', 8, ''],
      ['user01', '2026-12-01', 8, ''],
      ['emp02', '2026-12-02', 30, ''],
      ['emp02', '2027-01-04', 8, ''],
      ['emp01', '2026-12-01', 4, ''],
    ]);
    const checked = await upload(bad, `projectId=${projectId}&month=202612&confirm=true`);
    expect(checked.code, checked.message).toBe('200');
    expect(checked.data.written).toBe(0);
    expect(checked.data.errors.map((e) => e.row).sort()).toEqual([3, 4, 5, 6, 7]);
    expect(checked.data.errors.find((e) => e.row === 3)?.message).toContain('员工不存在');
    const none = await s.db.execute(sql`SELECT count(*)::int AS n FROM fin_hour_sheets WHERE project_id = ${projectId} AND month = 202612`);
    expect(Number((none as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(0);
    const clean = await xlsx([
      ['工号', '日期', '工时', '备注'],
      ['emp01', '2026-12-01', 8, ''],
      ['emp01', '2026/12/2', 9.5, '上线'],
      ['emp02', '2026-12-01', 8, ''],
    ]);
    const preview = await upload(clean, `projectId=${projectId}&month=202612`);
    expect(preview.data).toMatchObject({ total: 3, valid: 3, written: 0, confirmed: false });
    const done = await upload(clean, `projectId=${projectId}&month=202612&confirm=true`);
    expect(done.data).toMatchObject({ written: 3, confirmed: true });
    const mine = await s.post<Page<HourSheetRecord>>(F('selectPage'), { month: 202612, projectId }, emp);
    expect(mine.data.records[0]).toMatchObject({ state: 'draft', totalHours: 17.5, otWorkdayHours: 1.5 });
  });
});

describe('who I am', () => {
  it('answers the timesheet header of a dispatched employee', async () => {
    const res = await s.get<{ userCode: string; personCategory: string | null; employeeCode: string | null }>(F('getPositionInfo'), emp2);
    expect(res.code, res.message).toBe('200');
    expect(res.data).toMatchObject({ userCode: 'emp02', personCategory: '002' });
    expect(res.data.employeeCode).toBeTruthy();
  });
});
