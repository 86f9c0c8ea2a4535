import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { orgUnits, users } from '../../db/schema';

let s: TestServer;
let hr: string;
let rec: string;
let emp: string;
beforeAll(async () => {
  s = await startTestServer();
  [hr, rec, emp] = await Promise.all([s.login('hr01'), s.login('rec01'), s.login('emp01')]);
});
afterAll(() => s.close());

const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;
const orgId = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;

describe('interviewers', () => {
  it('lists enabled interviewers to everyone; the page follows the data scope', async () => {
    const list = await s.post<Array<{ userCode: string }>>('/base_api/base/interviewer/getInterviewerList', {}, emp);
    expect(list.data.map((i) => i.userCode)).toEqual(expect.arrayContaining(['mgr01', 'rec01', 'hrd01']));
    const all = await s.post<{ total: number }>('/base_api/base/interviewer/getInterviewerPageList', {}, hr);
    expect(all.data.total).toBe(4);
    // rec01 reads department-and-below (招聘组): only itself.
    const scoped = await s.post<{ records: Array<{ userCode: string }> }>('/base_api/base/interviewer/getInterviewerPageList', {}, rec);
    expect(scoped.data.records.map((r) => r.userCode)).toEqual(['rec01']);
  });

  it('adds once per user and updates', async () => {
    const added = await s.post<{ id: number; userName: string; round: string }>(
      '/base_api/base/interviewer/addInterviewer',
      { userId: await userId('user05'), round: '001', expertise: '测试' },
      hr,
    );
    expect(added.code).toBe('200');
    const again = await s.post('/base_api/base/interviewer/addInterviewer', { userId: await userId('user05'), round: '002' }, hr);
    expect(again.status).toBe(409);
    expect(again.message).toBe('该用户已是面试官');
    const updated = await s.post<{ round: string; enabled: boolean }>(
      '/base_api/base/interviewer/updateInterviewer',
      { id: added.data.id, round: '003', enabled: false },
      hr,
    );
    expect(updated.data).toMatchObject({ round: '003', enabled: false });
    const list = await s.post<Array<{ id: number }>>('/base_api/base/interviewer/getInterviewerList', {}, emp);
    expect(list.data.map((i) => i.id)).not.toContain(added.data.id);
    expect((await s.post('/base_api/base/interviewer/addInterviewer', { userId: await userId('user06'), round: '001' }, rec)).status).toBe(403);
  });
});

describe('demand supply', () => {
  it('pages suppliers in the data scope and hides others', async () => {
    const all = await s.post<{ total: number }>('/base_api/base/demandSupply/selectPage', {}, hr);
    expect(all.data.total).toBe(3);
    const scoped = await s.post<{ records: Array<{ code: string; id: number }> }>('/base_api/base/demandSupply/selectPage', {}, rec);
    expect(scoped.data.records.map((r) => r.code)).toEqual(['SUP001', 'SUP002']);
    const hidden = await s.post<{ records: Array<{ code: string; id: number }> }>('/base_api/base/demandSupply/selectPage', { code: 'SUP003' }, hr);
    expect((await s.post('/base_api/base/demandSupply/detail', { id: hidden.data.records[0]?.id }, rec)).status).toBe(404);
  });

  it('adds, refuses duplicates, updates and exports', async () => {
    const added = await s.post<{ id: number; orgName: string }>(
      '/base_api/base/demandSupply/add',
      { code: 'SUP100', name: '新渠道', supplyType: '001', orgId: await orgId('T001'), email: '' },
      hr,
    );
    expect(added.data.orgName).toBe('招聘组');
    const dup = await s.post('/base_api/base/demandSupply/add', { code: 'SUP100', name: '重复', supplyType: '001', orgId: await orgId('T001') }, hr);
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('供应商编码已存在');
    const updated = await s.post<{ name: string; code: string }>(
      '/base_api/base/demandSupply/update',
      { id: added.data.id, name: '新渠道（改）', supplyType: '002', orgId: await orgId('T001') },
      hr,
    );
    expect(updated.data).toMatchObject({ name: '新渠道（改）', code: 'SUP100' });
    const res = await fetch(`${s.url}/base_api/base/demandSupply/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hr}`, 'content-type': 'application/json' },
      body: '{"supplyType":"002"}',
    });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('需求供应商.xlsx');
  });
});

describe('app releases and password reset', () => {
  it('answers the latest release publicly and pages releases', async () => {
    const latest = await s.get<{ version: string; platform: string }>('/base_api/base/api/app/getAppDownLoadImage');
    expect(latest.data).toMatchObject({ version: '2.4.1', platform: 'android' });
    const ios = await s.get<{ version: string }>('/base_api/base/api/app/getAppDownLoadImage', null, { platform: 'ios' });
    expect(ios.data.version).toBe('2.3.0');
    const page = await s.get<{ total: number }>('/base_api/base/api/app/selectPage', emp, { pageSize: 2 });
    expect(page.data.total).toBe(3);
  });

  it('resets a password with the mailed one-time code; same answer for unknown accounts; 5 tries', async () => {
    const mailCode = async () => {
      const rows = (await s.db.execute("SELECT payload FROM outbox WHERE topic = 'mail' ORDER BY id DESC LIMIT 1" as never)) as unknown as {
        rows: Array<{ payload: { to: string; text: string } }>;
      };
      const mail = rows.rows[0]?.payload;
      return { to: mail?.to, code: /验证码为 (\d{6})/.exec(mail?.text ?? '')?.[1] as string };
    };
    const known = await s.post('/base_api/base/api/anon/sendValidCode', { userCode: 'user40' });
    const unknown = await s.post('/base_api/base/api/anon/sendValidCode', { userCode: 'nobody40' });
    expect(known.code).toBe('200');
    expect({ code: unknown.code, data: unknown.data }).toEqual({ code: known.code, data: known.data });
    const again = await s.post('/base_api/base/api/anon/sendValidCode', { userCode: 'user40' });
    expect(again.status).toBe(429);
    const { to, code } = await mailCode();
    expect(to).toBe('user40@dingcai.example');
    const wrong = await s.post('/base_api/base/api/anon/resetPass', {
      userCode: 'user40',
      validCode: code === '000000' ? '111111' : '000000',
      newPassword: 'Brand@New1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('验证码错误或已过期');
    const weak = await s.post('/base_api/base/api/anon/resetPass', { userCode: 'user40', validCode: code, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    const old = await s.login('user40');
    const ok = await s.post('/base_api/base/api/anon/resetPass', { userCode: 'user40', validCode: code, newPassword: 'Brand@New1' });
    expect(ok.code).toBe('200');
    expect(await s.login('user40', 'Brand@New1')).toBeTruthy();
    expect((await s.post('/base_api/base/dictType/getDict', { codeType: 'YESNO' }, old)).status).toBe(401);
    // A used code does not work twice.
    expect((await s.post('/base_api/base/api/anon/resetPass', { userCode: 'user40', validCode: code, newPassword: 'Other@New2' })).status).toBe(400);

    // Five wrong tries burn the code, even the right one afterwards.
    await s.post('/base_api/base/api/anon/sendValidCode', { userCode: 'user41' });
    const second = await mailCode();
    const bad = second.code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await s.post('/base_api/base/api/anon/resetPass', { userCode: 'user41', validCode: bad, newPassword: 'Brand@New1' });
    expect((await s.post('/base_api/base/api/anon/resetPass', { userCode: 'user41', validCode: second.code, newPassword: 'Brand@New1' })).status).toBe(400);
  });

  it('the mail worker writes mail to DATA_DIR/mail without SMTP', async () => {
    const worker = s.platform.services.get('mailWorker') as { runOnce(): Promise<number> };
    await worker.runOnce();
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.join(s.platform.config.dataDir, 'mail');
    const files = fs.readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(dir, files[0] as string), 'utf8')).toContain('密码重置验证码');
  });
});
