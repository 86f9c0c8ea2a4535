import { type ChangeRequestRecord, idCheckDigit, type Page, type RemindResult, type RosterRecord, type SectionSaved, type TaskListItem } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  employeeBankAccounts,
  employeeChangeRequests,
  employeeEducations,
  employeeEvents,
  employees,
  files,
  orgUnits,
  personalDataReads,
  users,
} from '../../db/schema';
import { outerChainToken } from './outer-chain';

let s: TestServer;
const tokens: Record<string, string> = {};
const H = '/hr_api/hrm/api/';
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(H + path, body, tokens[who]);
const emp = new Map<string, typeof employees.$inferSelect>();
const idOf = (code: string) => emp.get(code)?.id as number;
const validId = (first17: string) => `${first17}${idCheckDigit(first17)}`;

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'emp01', 'emp02', 'mgr01', 'hr01', 'hrd01', 'user01', 'rec01']) tokens[u] = await s.login(u);
  const rows = await s.db.select({ e: employees, code: users.userCode }).from(employees).innerJoin(users, eq(users.id, employees.userId));
  for (const r of rows) emp.set(r.code, r.e);
});
afterAll(() => s.close());

async function ownFileGroup(ownerCode: string, group: string) {
  await s.db.insert(files).values({
    groupId: group,
    storageKey: `test/${group}-${Math.random()}`,
    fileName: 'diploma.pdf',
    fileSuffix: 'pdf',
    fileType: 'document',
    mimeType: 'application/pdf',
    size: 10,
    sha256: 'x'.repeat(64),
    ownerId: emp.get(ownerCode)?.userId as number,
    moduleName: 'hr',
  });
  return group;
}

describe('roster', () => {
  it('pages, filters by organisation subtree, category, state and keyword, and masks for those without the sensitive permission', async () => {
    const all = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { pageSize: 100 })).data;
    expect(all.total).toBeGreaterThanOrEqual(60);
    // HR holds the sensitive permission: numbers in full.
    expect(all.records.find((r) => r.userCode === 'emp01')?.idNumber).toMatch(/^\d{17}[\dX]$/);
    const [d004] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, 'D004'));
    const it = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { orgId: d004?.id, pageSize: 100 })).data;
    expect(it.records.map((r) => r.userCode)).toEqual(expect.arrayContaining(['emp01', 'mgr01']));
    expect(it.records.every((r) => ['信息技术部', '研发一组', '研发二组'].includes(r.orgName ?? ''))).toBe(true);
    const placed = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { personCategory: '002', pageSize: 100 })).data;
    expect(placed.total).toBeGreaterThan(0);
    expect(placed.records.every((r) => r.personCategory === '002' && r.clientCompanyName)).toBe(true);
    const byName = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { keyword: '叶子' })).data;
    expect(byName.records.map((r) => r.userCode)).toContain('emp01');
    const byId = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { keyword: emp.get('emp02')?.idCardNo })).data;
    expect(byId.records.map((r) => r.userCode)).toEqual(['emp02']);
    const range = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { entryDateFrom: '2099-01-01' })).data;
    expect(range.total).toBe(0);

    // The manager reads the department's people, masked; another department's are not there.
    const mine = (await call<Page<RosterRecord>>('mgr01', 'roster/getRosterPage', { pageSize: 100 })).data;
    expect(mine.records.length).toBeGreaterThan(1);
    const e1 = mine.records.find((r) => r.userCode === 'emp01');
    expect(e1?.idNumber).toMatch(/^\d{3}\*+[\dX]{4}$/);
    expect(e1?.phone ?? '').toMatch(/^\d{3}\*{4}\d{4}$|^$/);
    expect(mine.records.some((r) => r.userCode === 'hr01')).toBe(false);
    // An employee has no roster.
    expect((await call('emp01', 'roster/getRosterPage', {})).status).toBe(403);
  });

  it('sorts on whitelisted columns only and refuses bad filters', async () => {
    const asc = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { sortField: 'entryDate', sortOrder: 'ascend', pageSize: 5 })).data.records;
    expect(asc.map((r) => r.entryDate)).toEqual([...asc.map((r) => r.entryDate)].sort());
    expect((await call('hr01', 'roster/getRosterPage', { sortField: 'idNumber' })).status).toBe(200);
    expect((await call('hr01', 'roster/getRosterPage', { entryDateFrom: '2026-13-99x' })).status).toBe(400);
    expect((await call('hr01', 'roster/getRosterPage', { keyword: 'x'.repeat(65) })).status).toBe(400);
    expect((await call('hr01', 'roster/getRosterPage', { orgId: 'abc' })).status).toBe(400);
  });

  it('exports the filtered roster as xlsx, masked for a manager', async () => {
    const res = await s.raw(`${H}roster/exportRosterData`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.hr01}` },
      body: JSON.stringify({ personCategory: '001' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    // Managers may list but not export.
    expect((await call('mgr01', 'roster/exportRosterData', {})).status).toBe(403);
  });

  it('reminds the chosen employees to complete their records, listing who could not be reminded and why', async () => {
    const [one, gone] = await Promise.all([
      s.db
        .select({ id: employees.id, userId: employees.userId })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(eq(users.userCode, 'emp01')),
      s.db.select({ id: employees.id }).from(employees).where(eq(employees.status, '005')).limit(1),
    ]);
    const ids = [one[0]?.id as number, ...(gone[0] ? [gone[0].id] : []), 99999999];
    const done = await call<RemindResult>('hr01', 'roster/remindRecords', { ids, message: '请补充紧急联系人' });
    expect(done.code, done.message).toBe('200');
    expect(done.data.sent).toBe(1);
    expect(done.data.skipped.map((x) => x.reason)).toEqual([...(gone[0] ? ['员工已离职'] : []), '员工不存在或不在您的数据范围内']);
    const sent = await s.db.execute(
      sql`SELECT payload FROM outbox WHERE topic = 'notify' AND payload->>'title' = '请完善个人信息' AND payload->>'content' LIKE '%请补充紧急联系人%'`,
    );
    expect((sent as unknown as { rows: Array<{ payload: { receiverUserIds: number[] } }> }).rows[0]?.payload.receiverUserIds).toEqual([one[0]?.userId]);
    expect((await call('mgr01', 'roster/remindRecords', { ids })).status).toBe(403);
    expect((await call('hr01', 'roster/remindRecords', { ids: [] })).message).toContain('请选择员工');
    expect((await call('hr01', 'roster/remindRecords', { ids, message: 'x'.repeat(201) })).message).toContain('提醒内容不能超过200字');
  });

  /** An xlsx answer of hr01's, read. */
  async function workbookOf(path: string, body: unknown) {
    const res = await fetch(`${s.url}${H}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.hr01}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    return book;
  }

  it('prints the record cards of the chosen employees, one sheet each, only for who may read them', async () => {
    const page = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { pageSize: 2 })).data.records;
    const book = await workbookOf('roster/downloadRecordCards', { ids: page.map((r) => r.id) });
    expect(book.worksheets.map((w) => w.name)).toEqual(page.map((r) => `${r.name}（${r.employeeCode}）`.slice(0, 28)));
    expect(String(book.worksheets[0]?.getRow(1).getCell(1).value)).toContain('员工登记表');
    expect((await call('hr01', 'roster/downloadRecordCards', { ids: Array.from({ length: 51 }, (_, i) => i + 1) })).message).toContain(
      '一次最多打印50人的登记表',
    );
    expect((await call('emp01', 'roster/downloadRecordCards', { ids: page.map((r) => r.id) })).status).toBe(403);
  });

  it('exports only the rows chosen on the roster, and refuses more than 500 of them', async () => {
    const page = (await call<Page<RosterRecord>>('hr01', 'roster/getRosterPage', { pageSize: 3 })).data.records;
    const book = await workbookOf('roster/exportRosterData', { ids: page.map((r) => r.id) });
    const sheet = book.worksheets[0];
    const codes = Array.from({ length: (sheet?.rowCount ?? 1) - 1 }, (_, i) => String(sheet?.getRow(i + 2).getCell(1).value));
    expect(codes.sort()).toEqual(page.map((r) => r.employeeCode).sort());
    const many = await call('hr01', 'roster/exportRosterData', { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect([many.status, many.message]).toEqual([400, expect.stringContaining('一次最多选择500人')]);
  });
});

describe('info blocks', () => {
  it('reads the blocks of an employee: own, HR in scope, nobody else', async () => {
    const own = (await call<{ idNumber: string; masked: boolean }>('emp01', 'roster/getRosterBaseInfo', {})).data;
    expect(own.masked).toBe(false);
    const hr = (await call<{ name: string }>('hr01', 'roster/getRosterBaseInfo', { employeeId: idOf('emp01') })).data;
    expect(hr.name).toBe('叶子豪');
    const mgr = (await call<{ idNumber: string; masked: boolean }>('mgr01', 'roster/getRosterBaseInfo', { employeeId: idOf('emp01') })).data;
    expect(mgr.masked).toBe(true);
    expect(mgr.idNumber).toContain('*');
    expect((await call('emp01', 'roster/getRosterBaseInfo', { employeeId: idOf('emp02') })).status).toBe(404);
    expect((await call('mgr01', 'roster/getRosterBaseInfo', { employeeId: idOf('hr01') })).status).toBe(404);
    const work = (await call<{ salary: number | null; masked: boolean }>('mgr01', 'roster/getRosterWorkersInfo', { employeeId: idOf('emp01') })).data;
    expect(work).toMatchObject({ salary: null, masked: true });
    const changes = (await call<Array<{ kind: string }>>('hr01', 'roster/getRosterChangeInfo', { employeeId: idOf('hr01') })).data;
    expect(changes.map((c) => c.kind)).toContain('001');
    const offices = (await call<Array<{ startDate: string }>>('hr01', 'roster/getRosterTakeOfficeInfo', { employeeId: idOf('hr01') })).data;
    expect(offices.length).toBeGreaterThan(0);
  });

  it('checks ID numbers: checksum, province, birthday, duplicates naming the holder; HR saves directly and gender/birthday follow the ID', async () => {
    const base = { id: idOf('user01'), name: emp.get('user01')?.name, idType: '001' };
    const wrong = validId('11010519900307002').slice(0, 17) + (validId('11010519900307002').endsWith('0') ? '1' : '0');
    const bad = await call('hr01', 'roster/saveRosterBase', { ...base, idNumber: wrong });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('身份证号码校验位不正确');
    expect((await call('hr01', 'roster/saveRosterBase', { ...base, idNumber: validId('99010519900307002') })).message).toContain('地区编码');
    expect((await call('hr01', 'roster/saveRosterBase', { ...base, idNumber: validId('11010519901307002') })).message).toContain('出生日期');
    const taken = await call('hr01', 'roster/saveRosterBase', { ...base, idNumber: emp.get('emp02')?.idCardNo });
    expect(taken.status).toBe(409);
    expect(taken.message).toBe(`证件号码已被员工 ${emp.get('emp02')?.employeeCode} 使用`);
    const fresh = validId('44030619880808123');
    const ok = await call<SectionSaved>('hr01', 'roster/saveRosterBase', { ...base, idNumber: fresh, nation: '汉族' });
    expect(ok.data).toEqual({ id: idOf('user01'), pendingRequest: null });
    const [row] = await s.db
      .select()
      .from(employees)
      .where(eq(employees.id, idOf('user01')));
    expect(row).toMatchObject({ idCardNo: fresh, birthday: '1988-08-08', gender: '1', nation: '汉族' });
    // Passport numbers by pattern.
    expect((await call('hr01', 'roster/saveRosterBase', { ...base, idType: '002', idNumber: '12' })).message).toContain('护照号码格式不正确');
  });

  it("sends an employee's own identity change to HR; the pass applies it", async () => {
    const fresh = validId('31010419950505004');
    const saved = await call<SectionSaved>('emp02', 'roster/saveRosterBase', {
      id: idOf('emp02'),
      name: '易欣然',
      idType: '001',
      idNumber: fresh,
      marital: '002',
    });
    expect(saved.status).toBe(200);
    expect(saved.data.pendingRequest?.documentNo).toMatch(/^BG\d{12}$/);
    let [row] = await s.db
      .select()
      .from(employees)
      .where(eq(employees.id, idOf('emp02')));
    expect(row?.idCardNo).not.toBe(fresh);
    expect(row?.marital).toBe('002'); // not an identity field: saved at once
    // A second request while one is open is refused.
    expect(
      (await call('emp02', 'roster/saveRosterBase', { id: idOf('emp02'), name: '易欣然', idType: '001', idNumber: validId('31010419950505012') })).status,
    ).toBe(409);
    const todo = (await s.post<Page<TaskListItem>>('/bpm_api/bpm/camunda/getUserTaskSort', { processKey: 'EmployeeInfo_Process' }, tokens.hr01)).data.records;
    const task = todo.find((t) => t.businessId === String(saved.data.pendingRequest?.id));
    expect(task).toBeTruthy();
    const detail = (await call<ChangeRequestRecord>('hr01', 'changeRequest/detail', { id: saved.data.pendingRequest?.id })).data;
    expect(detail).toMatchObject({ section: 'base', state: 'approving', status: '006', changes: { idNumber: fresh } });
    const passed = await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: task?.taskId }, tokens.hr01);
    expect(passed.status).toBe(200);
    [row] = await s.db
      .select()
      .from(employees)
      .where(eq(employees.id, idOf('emp02')));
    expect(row).toMatchObject({ idCardNo: fresh, birthday: '1995-05-05' });
    const mine = (await call<ChangeRequestRecord[]>('emp02', 'changeRequest/mine')).data;
    expect(mine[0]).toMatchObject({ state: 'passed', status: '001' });
  });

  it('only HR saves employment info; moving a person records a transfer event', async () => {
    const [d005] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, 'D005'));
    const body = {
      id: idOf('user01'),
      orgId: d005?.id,
      personCategory: '001',
      entryDate: '2024-03-01',
      probationMonths: 3,
      positionName: '交付经理',
      salary: 15000.5,
    };
    expect((await call('emp01', 'roster/saveRosterWorkers', { ...body, id: idOf('emp01') })).status).toBe(403);
    expect((await call('hr01', 'roster/saveRosterWorkers', { ...body, personCategory: '002' })).message).toContain('客户单位');
    expect((await call('hr01', 'roster/saveRosterWorkers', body)).status).toBe(200);
    const work = (await call<{ orgName: string; salary: number }>('hr01', 'roster/getRosterWorkersInfo', { employeeId: idOf('user01') })).data;
    expect(work).toMatchObject({ orgName: '交付中心', salary: 15000.5 });
    const events = (await call<Array<{ kind: string; toOrgName: string }>>('hr01', 'roster/getRosterChangeInfo', { employeeId: idOf('user01') })).data;
    expect(events[0]).toMatchObject({ kind: '003', toOrgName: '交付中心' });
  });
});

describe('record sections', () => {
  it('lets an employee keep their own family and work history directly', async () => {
    const added = await call<SectionSaved>('emp01', 'link/add', { data: { name: '叶建国', relation: '003', phone: '13900001111' } });
    expect(added.data.pendingRequest).toBeNull();
    const list = (await call<Array<{ id: number; name: string }>>('emp01', 'link/getList')).data;
    expect(list.map((r) => r.name)).toContain('叶建国');
    const id = added.data.id as number;
    expect((await call('emp01', 'link/update', { id, data: { name: '叶建国', relation: '003', phone: '139' } })).status).toBe(400);
    expect((await call('emp01', 'link/update', { id, data: { name: '叶建国', relation: '003', phone: '13900002222' } })).status).toBe(200);
    // Another employee cannot touch it or read it.
    expect((await call('emp02', 'link/update', { id, data: { name: 'x', relation: '003' } })).status).toBe(404);
    expect((await call('emp02', 'link/delete', { id })).status).toBe(404);
    expect((await call('emp02', 'link/getList', { employeeId: idOf('emp01') })).status).toBe(404);
    expect((await call('emp01', 'link/delete', { id })).status).toBe(200);
    const bad = await call('emp01', 'workerHistory/add', { data: { company: '某公司', startDate: '2020-05-01', endDate: '2019-01-01' } });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('结束日期不能早于开始日期');
  });

  it('sends education and bank changes of the employee to HR, refuses to delete a row an approval refers to, and masks accounts', async () => {
    const group = await ownFileGroup('emp01', 'd1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6');
    const edu = await call<SectionSaved>('emp01', 'education/add', {
      data: { school: '同济大学', education: '002', degree: '002', startDate: '2018-09-01', endDate: '2021-06-30', diplomaFileId: group },
    });
    expect(edu.data.pendingRequest?.documentNo).toMatch(/^BG/);
    // Someone else's upload cannot be attached.
    const foreign = await ownFileGroup('emp02', 'aaaabbbbccccddddeeeeffff00001111');
    expect((await call('emp01', 'education/add', { data: { school: 'x', education: '003', diplomaFileId: foreign } })).message).toBe('附件不存在或无权使用');

    const [existing] = await s.db
      .select()
      .from(employeeEducations)
      .where(eq(employeeEducations.employeeId, idOf('emp01')));
    const change = await call<SectionSaved>('emp01', 'education/update', { id: existing?.id, data: { school: '上海交通大学', education: '003' } });
    expect(change.data.pendingRequest).not.toBeNull();
    const refused = await call('hr01', 'education/delete', { id: existing?.id });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('该记录有进行中的审批，不能删除');

    // HR's own change is direct.
    const hrAdd = await call<SectionSaved>('hr01', 'bank/update', {
      employeeId: idOf('emp02'),
      data: { bankCode: 'CMB', accountName: '易欣然', accountNo: '6225 8802 1234 5678', salaryCard: false },
    });
    expect(hrAdd.data).toMatchObject({ pendingRequest: null });
    const [card] = await s.db
      .select()
      .from(employeeBankAccounts)
      .where(eq(employeeBankAccounts.id, hrAdd.data.id as number));
    expect(card?.accountNo).toBe('6225880212345678');
    const masked = (await call<Array<{ accountNo: string }>>('mgr01', 'bank/getBankByEmployee', { employeeId: idOf('emp01') })).data;
    expect(masked.every((c) => c.accountNo.includes('*'))).toBe(true);
    expect(
      (await call('hr01', 'bank/update', { employeeId: idOf('emp02'), data: { bankCode: 'CMB', accountName: 'x', accountNo: '12ab' } })).message,
    ).toContain('银行账号');
  });

  it('keeps singletons (administration, examination) for HR, vehicles unique by plate', async () => {
    expect((await call('emp01', 'administration/update', { data: { seatNo: 'A-01' } })).status).toBe(403);
    expect((await call('hr01', 'administration/update', { employeeId: idOf('emp01'), data: { seatNo: 'Z-99' } })).status).toBe(200);
    expect((await call<{ seatNo: string }>('emp01', 'administration/getByEmployee')).data.seatNo).toBe('Z-99');
    expect((await call('hr01', 'examination/update', { employeeId: idOf('emp01'), data: { examDate: '2026-01-05', result: '001' } })).status).toBe(200);
    expect((await call<{ result: string }>('emp01', 'examination/getExamination')).data.result).toBe('001');
    expect((await call('emp01', 'vehicle/add', { data: { plateNo: '沪A88888' } })).status).toBe(200);
    const dup = await call('emp02', 'vehicle/add', { data: { plateNo: '沪A88888' } });
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('该车牌号已登记');
    expect((await call('emp01', 'vehicle/add', { data: { plateNo: 'not a plate' } })).status).toBe(400);
  });

  it('files materials, downloads the record card and hands out ID numbers masked', async () => {
    const group = await ownFileGroup('emp01', 'f0f0f0f0a1a1a1a1b2b2b2b2c3c3c3c3');
    const added = await call<{ id: number; files: unknown[] }>('emp01', 'material/add', { category: '050', fileId: group });
    expect(added.data.files).toHaveLength(1);
    expect((await call<Array<{ category: string }>>('hr01', 'material/getList', { employeeId: idOf('emp01') })).data.map((m) => m.category)).toContain('050');
    expect((await call('emp02', 'material/delete', { id: added.data.id })).status).toBe(404);
    // getListEdu: only the diploma and degree (020, 021) of the employee; someone else's is not shown.
    const diploma = await call<{ id: number }>('emp01', 'material/add', {
      category: '020',
      fileId: await ownFileGroup('emp01', 'd1d1d1d1e2e2e2e2f3f3f3f3a4a4a4a4'),
    });
    expect(diploma.code, diploma.message).toBe('200');
    const edu = await call<Array<{ id: number; category: string }>>('hr01', 'material/getListEdu', { employeeId: idOf('emp01') });
    expect(edu.data.map((m) => m.id)).toContain(diploma.data.id);
    expect(edu.data.every((m) => ['020', '021'].includes(m.category))).toBe(true);
    expect((await call<Array<{ id: number }>>('emp01', 'material/getListEdu')).data.map((m) => m.id)).toContain(diploma.data.id);
    expect((await call('hr01', 'material/getListEdu', { employeeId: 'x' })).status).toBe(400);
    expect((await call('emp02', 'material/getListEdu', { employeeId: idOf('emp01') })).status).toBe(404);
    // addDismissAndResignationFile: HR files its own upload as the dismissal/resignation material (070).
    const leaving = await call<{ id: number; category: string }>('hr01', 'material/addDismissAndResignationFile', {
      employeeId: idOf('emp01'),
      fileId: await ownFileGroup('hr01', 'a5a5a5a5b6b6b6b6c7c7c7c7d8d8d8d8'),
    });
    expect(leaving.code, leaving.message).toBe('200');
    expect(leaving.data.category).toBe('070');
    expect((await call<Array<{ category: string }>>('hr01', 'material/getList', { employeeId: idOf('emp01') })).data.map((m) => m.category)).toContain('070');
    expect((await call('hr01', 'material/addDismissAndResignationFile', { employeeId: idOf('emp01'), fileId: '' })).status).toBe(400);
    // Someone else's upload cannot be filed; an employee may not file it at all.
    expect(
      (await call('hr01', 'material/addDismissAndResignationFile', { employeeId: idOf('emp01'), fileId: 'f0f0f0f0a1a1a1a1b2b2b2b2c3c3c3c3' })).message,
    ).toBe('附件不存在或无权使用');
    expect(
      (await call('emp01', 'material/addDismissAndResignationFile', { employeeId: idOf('emp01'), fileId: 'f0f0f0f0a1a1a1a1b2b2b2b2c3c3c3c3' })).status,
    ).toBe(403);
    const res = await s.raw(`${H}basic/download?employeeId=${idOf('emp01')}`, { headers: { authorization: `Bearer ${tokens.hr01}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    // The record card is a read of the ID number and contacts it answers unmasked (issue 34 §5).
    const cardReads = await s.db
      .select()
      .from(personalDataReads)
      .where(eq(personalDataReads.call, `${H}basic/download`));
    expect(cardReads.map((r) => r.fields)).toEqual(expect.arrayContaining(['身份证号', expect.stringContaining('手机号')]));
    expect(cardReads.every((r) => r.subjectEmployeeId === idOf('emp01'))).toBe(true);
    // A link to a scan of the ID card is a read of it; the person's own is not recorded.
    const scanGroup = await ownFileGroup('emp01', 'e9e9e9e9f8f8f8f8a7a7a7a7b6b6b6b6');
    expect((await call('emp01', 'material/add', { category: '010', fileId: scanGroup })).code).toBe('200');
    const [scan] = await s.db.select({ id: files.id }).from(files).where(eq(files.groupId, scanGroup));
    const PREVIEW = '/file_api/file/fileUrl/previewFile';
    const scanReads = () => s.db.select().from(personalDataReads).where(eq(personalDataReads.call, PREVIEW));
    expect((await s.post(PREVIEW, { id: scan?.id }, tokens.emp01)).code).toBe('200');
    expect(await scanReads()).toEqual([]);
    expect((await s.post(PREVIEW, { id: scan?.id }, tokens.hr01)).code).toBe('200');
    expect((await scanReads()).map((r) => [r.subjectEmployeeId, r.fields])).toEqual([[idOf('emp01'), '身份证件照片']]);
    // Another material (the diploma) is not personal data in this sense.
    const [dip] = await s.db.select({ id: files.id }).from(files).where(eq(files.groupId, 'd1d1d1d1e2e2e2e2f3f3f3f3a4a4a4a4'));
    expect((await s.post(PREVIEW, { id: dip?.id }, tokens.hr01)).code).toBe('200');
    expect(await scanReads()).toHaveLength(1);
    expect((await call<{ masked: boolean }>('mgr01', 'basic/getCertificateNo', { employeeId: idOf('emp01') })).data.masked).toBe(true);
    expect((await call<{ masked: boolean }>('emp01', 'basic/getCertificateNo')).data.masked).toBe(false);
  });
});

describe('outer-chain deletes', () => {
  it("reach only the link holder's rows, and refuse forged or expired tokens", async () => {
    const group = await ownFileGroup('emp02', '0123456789abcdef0123456789abcdef');
    const [row] = await s.db
      .insert(employeeEducations)
      .values({ employeeId: idOf('emp02'), school: '外链大学', education: '003', diplomaFileId: group })
      .returning({ id: employeeEducations.id });
    const token = await outerChainToken(s.db, idOf('emp02'));
    const path = '/recruit_api/recruit/api/outerChain/deleteEducationFile';
    expect((await s.post(path, { token: `${token}x`, id: row?.id })).status).toBe(401);
    expect((await s.post(path, { token: await outerChainToken(s.db, idOf('emp02'), Date.now() - 8 * 24 * 3600_000), id: row?.id })).status).toBe(401);
    const other = await outerChainToken(s.db, idOf('emp01'));
    expect((await s.post(path, { token: other, id: row?.id })).status).toBe(404);
    expect((await s.post(path, { token, id: row?.id, flag: 'diploma' })).status).toBe(200);
    const [after] = await s.db
      .select()
      .from(employeeEducations)
      .where(eq(employeeEducations.id, row?.id as number));
    expect(after?.diplomaFileId).toBeNull();
  });
});

describe('employees as options', () => {
  it('lists options, finds namesakes and links accounts', async () => {
    const options = (await call<Array<{ code: string; userName: string }>>('emp01', 'employee/getEmployeeList', { keyword: 'emp0' })).data;
    expect(options.map((o) => o.userName)).toEqual(expect.arrayContaining(['emp01', 'emp02']));
    expect((await call<Array<{ name: string }>>('emp01', 'employee/getEmployeeByName', { name: '叶子豪' })).data).toHaveLength(1);
    expect((await call<Array<{ userCode: string }>>('hr01', 'employee/getUserList', { keyword: 'hr01' })).data[0]?.userCode).toBe('hr01');
    expect((await call('emp01', 'employee/updateCore', { id: idOf('emp01'), positionName: 'x' })).status).toBe(403);
    expect((await call('hr01', 'employee/updateCore', { id: idOf('emp01'), employState: '999' })).status).toBe(400);
  });

  it('numbers documents gap-free per day and prefix', async () => {
    const rows = await s.db.select({ no: employeeChangeRequests.documentNo }).from(employeeChangeRequests);
    const today = rows.map((r) => r.no as string).filter((n) => n.startsWith('BG'));
    const seqs = today.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});

describe('employee import', () => {
  async function upload(rows: Array<Array<string>>, confirm: boolean, who = 'hr01') {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('员工');
    for (const r of rows) ws.addRow(r);
    const form = new FormData();
    form.set('confirm', confirm ? 'true' : 'false');
    form.set('file', new Blob([await wb.xlsx.writeBuffer()]), 'employees.xlsx');
    return s.raw(`${H}roster/importEmployees`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[who]}` } });
  }
  const header = ['姓名', '账号', '部门编码', '人员类别', '客户单位编码', '证件类型', '证件号码', '手机号', '邮箱', '入职日期', '岗位', '职级编码'];

  it('offers the template, reports every bad row, then writes the valid ones with account, record and entry event', async () => {
    const template = await s.raw(`${H}roster/importTemplate`, { headers: { authorization: `Bearer ${tokens.hr01}` } });
    expect(template.status).toBe(200);
    const good = validId('32010619920315004');
    const rows = [
      header,
      ['新员工甲', 'newbie01', 'D004', '正式员工', '', '居民身份证', good, '13811112222', '', '2026-11-01', '软件工程师', 'P3'],
      ['新员工乙', 'newbie02', 'D004', '派遣员工', '', '居民身份证', validId('32010619920315012'), '', '', '2026-11-01', '', ''],
      ['新员工丙', 'emp01', 'NOPE', '正式员工', '', '居民身份证', '123', '', '', '2026/11/01', '', 'X9'],
      ['新员工丁', 'newbie04', 'D004', '正式员工', '', '居民身份证', good, '', '', '2026-11-01', '', ''],
    ];
    const check = await upload(rows, false);
    const checked = check.data as { total: number; valid: number; written: number; errors: Array<{ row: number; field: string; message: string }> };
    expect(checked).toMatchObject({ total: 4, valid: 1, written: 0 });
    const fields = (row: number) => checked.errors.filter((e) => e.row === row).map((e) => e.field);
    expect(fields(3)).toContain('client');
    expect(fields(4)).toEqual(expect.arrayContaining(['org', 'idNumber', 'entryDate', 'grade']));
    expect(checked.errors.find((e) => e.row === 5)?.message).toContain('证件号码重复');
    expect((await s.db.select().from(users).where(eq(users.userCode, 'newbie01'))).length).toBe(0);

    const written = (await upload(rows, true)).data as { written: number };
    expect(written.written).toBe(1);
    const [emp] = await s.db.select().from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.userCode, 'newbie01'));
    expect(emp?.employees).toMatchObject({ idCardNo: good, birthday: '1992-03-15', gender: '2', employState: '001', positionName: '软件工程师' });
    const events = await s.db
      .select()
      .from(employeeEvents)
      .where(eq(employeeEvents.employeeId, emp?.employees.id as number));
    expect(events.map((e) => e.kind)).toEqual(['001']);
    // Only HR with the import permission.
    expect((await upload(rows, false, 'mgr01')).status).toBe(403);
  });
});
