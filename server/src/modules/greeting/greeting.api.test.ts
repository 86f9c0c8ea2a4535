import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { employees, users } from '../../db/schema';
import { sameDayInYear } from '../../db/seed/names';
import { BusinessCalendar } from '../../platform/business-time';
import type { GreetingService } from './greeting.service';

let s: TestServer;
let emp: string;
let hr: string;
let mgr: string;
let ids: Record<string, number>;
/** The demo data and the product count days in the business zone (default Asia/Shanghai). */
const calendar = new BusinessCalendar();
const today = calendar.day();
beforeAll(async () => {
  s = await startTestServer();
  const rows = await s.db.select({ id: users.id, code: users.userCode }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  // The demo's calendar facts (emp01's birthday, hr01's third anniversary) are those of the day the
  // test template was seeded; a run that crosses midnight in Shanghai has a new today (CI run 13).
  const day = new Date(`${today}T00:00:00Z`);
  await s.db
    .update(employees)
    .set({ birthday: sameDayInYear(day, 1996) })
    .where(eq(employees.userId, ids.emp01 as number));
  await s.db
    .update(employees)
    .set({ entryDate: sameDayInYear(day, day.getUTCFullYear() - 3) })
    .where(eq(employees.userId, ids.hr01 as number));
  [emp, hr, mgr] = await Promise.all([s.login('emp01'), s.login('hr01'), s.login('mgr01')]);
});
afterAll(() => s.close());

const multipart = (path: string, token: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return s.raw(path, { method: 'POST', body: f, headers: { authorization: `Bearer ${token}` } });
};

describe('greetings after sign-in', () => {
  it('tells emp01 it is their birthday, once per session', async () => {
    const first = await multipart('/base_api/base/api/login/getFirstLoginInfo', emp, { userId: String(ids.hr01) });
    expect(first.data).toMatchObject({ isFirstLogin: true, isBirthday: true, year: null, days: null, realName: expect.any(String), today });
    expect((first.data as { birthday: string }).birthday.slice(5)).toBe(today.slice(5));
    const again = await multipart('/base_api/base/api/login/getFirstLoginInfo', emp);
    expect(again.data).toMatchObject({ isFirstLogin: false, isBirthday: true });
    // A new session is greeted again.
    const fresh = await s.login('emp01');
    expect((await multipart('/base_api/base/api/login/getFirstLoginInfo', fresh)).data).toMatchObject({ isFirstLogin: true });
  });

  it('tells hr01 about the third anniversary: 3 years, 1095 days', async () => {
    const res = await multipart('/base_api/base/api/login/getFirstLoginInfo', hr);
    expect(res.data).toMatchObject({ isFirstLogin: true, year: 3, days: 1095, isBirthday: false });
  });

  it('answers the profile of the signed-in user only', async () => {
    const res = await multipart('/base_api/base/api/login/getUserInfo', emp, { userId: String(ids.hr01) });
    expect(res.data).toMatchObject({ userId: ids.emp01, userCode: 'emp01', isCapsule: false, avatarFileId: null });
  });
});

describe('birthdays and blessings', () => {
  it("lists this month's and today's birthdays without the year of birth", async () => {
    const month = await s.post<{ records: Array<{ birthday: string; userCode: string; isToday: boolean }>; total: number }>(
      '/base_api/base/api/birthday/getEmployeeList',
      { pageSize: 100 },
      mgr,
    );
    expect(month.data.total).toBeGreaterThan(0);
    expect(month.data.records.every((r) => /^\d{2}-\d{2}$/.test(r.birthday) && r.birthday.startsWith(today.slice(5, 7)))).toBe(true);
    expect(month.data.records.find((r) => r.userCode === 'emp01')?.isToday).toBe(true);
    const days = month.data.records.map((r) => r.birthday);
    expect([...days].sort()).toEqual(days);
    const todayList = await s.post<Array<{ userCode: string }>>('/base_api/base/api/birthday/getCurrentDayList', {}, mgr);
    expect(todayList.data.map((p) => p.userCode)).toContain('emp01');
    expect((await s.post('/base_api/base/api/birthday/getEmployeeList', { month: 13 }, mgr)).status).toBe(400);
  });

  it('sends one blessing a day to someone whose birthday is today, as a message', async () => {
    const ok = await s.post<{ id: number }>('/base_api/base/api/birthday/blessing', { userId: ids.emp01, content: '<b>生日快乐</b>' }, mgr);
    expect(ok.code).toBe('200');
    const twice = await s.post('/base_api/base/api/birthday/blessing', { userId: ids.emp01 }, mgr);
    expect(twice.status).toBe(409);
    expect((await s.post('/base_api/base/api/birthday/blessing', { userId: ids.hr01 }, mgr)).status).toBe(400);
    expect((await s.post('/base_api/base/api/birthday/blessing', { userId: ids.emp01 }, emp)).status).toBe(400);
    const list = await s.post<Array<{ userCode: string; blessed: boolean; blessCount: number }>>('/base_api/base/api/birthday/getCurrentDayList', {}, mgr);
    expect(list.data.find((p) => p.userCode === 'emp01')).toMatchObject({ blessed: true, blessCount: 1 });

    await (s.platform.services.get('msg.drainNow') as () => Promise<void>)();
    const deadline = Date.now() + 5000;
    let content = '';
    while (Date.now() < deadline && !content) {
      const page = await s.post<{ records: Array<{ messageId: number; title: string }> }>(
        '/msg_api/msg/api/message/page',
        { msgType: '004', keyword: '生日祝福' },
        emp,
      );
      const m = page.data.records[0];
      if (m) content = (await s.post<{ content: string }>('/msg_api/msg/api/message/info', { messageId: m.messageId }, emp)).data.content;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(content).toBe('<p>&lt;b&gt;生日快乐&lt;/b&gt;</p>');
  });
});

describe('time capsule', () => {
  it('refuses a blank or too long note', async () => {
    const blank = await s.post('/hr_api/hrm/api/personCenter/saveCapsule', { content: '   ' }, emp);
    expect(blank.status).toBe(400);
    expect(blank.message).toContain('请填写');
    expect((await s.post('/hr_api/hrm/api/personCenter/saveCapsule', { content: '长'.repeat(101) }, emp)).status).toBe(400);
  });

  it('saves the note once a year', async () => {
    expect((await s.post('/hr_api/hrm/api/personCenter/getTimeCapsule', {}, emp)).data).toBeNull();
    const saved = await s.post<{ content: string; canEdit: boolean }>(
      '/hr_api/hrm/api/personCenter/saveCapsule',
      { content: '  三年后的我  ', isCapsule: true, userId: ids.hr01 },
      emp,
    );
    expect(saved.data).toMatchObject({ content: '三年后的我', canEdit: false });
    const again = await s.post('/hr_api/hrm/api/personCenter/saveCapsule', { content: '改一下' }, emp);
    expect(again.status).toBe(409);
    expect(again.message).toBe('时空胶囊一年只能修改一次');
    expect((await s.post<{ content: string }>('/hr_api/hrm/api/personCenter/getTimeCapsule', {}, emp)).data.content).toBe('三年后的我');
    // Demo users other than emp01, emp02 and user01 already wrote this year's note.
    expect((await s.post('/hr_api/hrm/api/personCenter/getTimeCapsule', {}, hr)).data).toMatchObject({ canEdit: false, year: calendar.year() });
    expect((await s.post('/hr_api/hrm/api/personCenter/saveCapsule', { content: 'x' }, hr)).status).toBe(409);
    const extra = await s.post<{ isCapsule: boolean; employeeId: number }>('/hr_api/hrm/api/personCenter/getReplenishPresonInfo', {}, emp);
    expect(extra.data.isCapsule).toBe(true);
  });
});

describe('employee lookups', () => {
  it('finds the employee id by user code, and keeps other employees’ extra info private', async () => {
    const [row] = await s.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, ids.emp01 ?? 0));
    const res = await s.post<{ employeeId: number }>('/hr_api/hrm/api/employee/getEmpIdByCode', { userCode: 'EMP01' }, hr);
    expect(res.data.employeeId).toBe(row?.id);
    expect((await s.post<{ employeeId: null }>('/hr_api/hrm/api/employee/getEmpIdByCode', { userCode: 'nobody' }, hr)).data.employeeId).toBeNull();
    expect((await s.post('/hr_api/hrm/api/personCenter/getReplenishPresonInfo', { id: row?.id }, hr)).status).toBe(404);
    expect((await s.post<{ position: string | null }>('/hr_api/hrm/api/personCenter/getReplenishPresonInfo', { id: row?.id }, emp)).code).toBe('200');
  });

  it('sets a profile photo that colleagues can see, refusing other files', async () => {
    const f = new FormData();
    f.set('moduleName', 'avatar');
    f.append('file', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], { type: 'image/png' }), 'me.png');
    const up = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${emp}` } });
    const entry = up.data as { id: number; fileId: string };
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: entry.id }, mgr)).status).toBe(404);
    // Someone else's upload cannot become my photo.
    expect((await s.post('/hr_api/hrm/api/employee/saveAvatar', { fileId: entry.fileId }, mgr)).status).toBe(400);
    const saved = await s.post<{ category: string; employeeId: number }>('/hr_api/hrm/api/employee/saveAvatar', { fileId: entry.fileId }, emp);
    expect(saved.data.category).toBe('040');
    const list = await s.post<Array<{ fileId: string }>>(
      '/hr_api/hrm/api/employee/getMaterialByCategory',
      { employeeId: saved.data.employeeId, category: '040' },
      mgr,
    );
    expect(list.data.map((m) => m.fileId)).toEqual([entry.fileId]);
    const files = await s.post<Array<{ filePath: string }>>('/file_api/file/fileUrl/fileInfoByFileId', { fileId: entry.fileId }, mgr);
    expect(files.data).toHaveLength(1);
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: entry.id }, mgr)).code).toBe('200');
    expect(
      (await s.post<unknown[]>('/hr_api/hrm/api/employee/getMaterialByCategory', { employeeId: saved.data.employeeId, category: '001' }, mgr)).data,
    ).toEqual([]);
    expect((await multipart('/base_api/base/api/login/getUserInfo', emp)).data).toMatchObject({ avatarFileId: entry.fileId });
  });
});

describe('profile photo of an account without an employee record', () => {
  it('keeps it on the account, shows it in the profile and to colleagues, and refuses a document', async () => {
    const creator = await s.login('admin');
    const [org] = await s.db.select({ orgId: users.orgId }).from(users).where(eq(users.userCode, 'admin'));
    const added = await s.post(
      '/base_api/base/api/user/add',
      { userCode: 'reception01', realName: '前台接待', orgId: org?.orgId, password: 'Demo@1234' },
      creator,
    );
    expect(added.code).toBe('200');
    const account = await s.login('reception01', 'Demo@1234');
    expect((await multipart('/base_api/base/api/login/getUserInfo', account)).data).toMatchObject({ employeeId: null, avatarFileId: null });
    const upload = async (name: string, type: string, bytes: number[]) => {
      const f = new FormData();
      f.set('moduleName', 'avatar');
      f.append('file', new Blob([Buffer.from(bytes)], { type }), name);
      return (await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${account}` } })).data as {
        id: number;
        fileId: string;
      };
    };
    const pdf = await upload('cv.pdf', 'application/pdf', [...Buffer.from('%PDF-1.4\n%%EOF\n')]);
    expect((await s.post('/hr_api/hrm/api/employee/saveAvatar', { fileId: pdf.fileId }, account)).status).toBe(400);
    const png = await upload('me.png', 'image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    // Another person's upload cannot become my photo.
    expect((await s.post('/hr_api/hrm/api/employee/saveAvatar', { fileId: png.fileId }, emp)).status).toBe(400);
    const saved = await s.post<{ id: number | null; employeeId: number | null; fileId: string }>(
      '/hr_api/hrm/api/employee/saveAvatar',
      { fileId: png.fileId },
      account,
    );
    expect(saved.data).toMatchObject({ id: null, employeeId: null, category: '040', fileId: png.fileId });
    expect((await multipart('/base_api/base/api/login/getUserInfo', account)).data).toMatchObject({ avatarFileId: png.fileId });
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: png.id }, emp)).code).toBe('200');
    // The document never became a photo, so it stays private.
    expect((await s.post('/file_api/file/fileUrl/previewFile', { id: pdf.id }, emp)).status).toBe(404);
  });
});

describe('business time zone (Asia/Shanghai) around midnight', () => {
  const at = (localIso: string) => new Date(`${localIso}+08:00`);
  const service = () => s.platform.services.get('greeting') as GreetingService;
  const principal = async (token: string) => {
    const user = await s.platform.sessions.resolve(token);
    if (!user) throw new Error('no session');
    return user;
  };
  const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  it('a birthday starts at 00:00 in Shanghai (16:00 UTC the day before) and not a minute earlier', async () => {
    const user = await principal(await s.login('emp01'));
    const justAfter = await service().greetingInfo(user, at(`${today}T00:30:00`));
    expect(justAfter).toMatchObject({ today, isBirthday: true });
    const justBefore = await service().greetingInfo(user, at(`${dayBefore(today)}T23:59:00`));
    expect(justBefore).toMatchObject({ today: dayBefore(today), isBirthday: false });
    const people = await service().birthdaysToday(user, at(`${today}T00:05:00`));
    expect(people.find((p) => p.userCode === 'emp01')?.isToday).toBe(true);
  });

  it('the time capsule year turns at 00:00 on 1 January in Shanghai', async () => {
    const user = await principal(hr);
    const year = calendar.year();
    // hr01 wrote this year's note (demo data): at 00:30 on 1 January it counts, at 23:59 the day before it is last year's.
    expect((await service().profile(user, at(`${year}-01-01T00:30:00`))).isCapsule).toBe(true);
    expect((await service().profile(user, at(`${year - 1}-12-31T23:59:00`))).isCapsule).toBe(false);
    expect((await service().capsule(user, at(`${year + 1}-01-01T00:01:00`)))?.canEdit).toBe(true);
  });
});
