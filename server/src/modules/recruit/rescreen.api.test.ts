import { type CandidateRecord, type Page, RECRUIT_MSG, RESCREEN_TEXT_MAX, type ReScreenInfo, type TalentRecord } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';
import { linkToken } from './outer-links';

/** The candidate's résumé completion through the signed link of candidate/generateReScreenOutChain. */
let s: TestServer;
let rec01 = '';
const R = '/recruit_api/recruit/';
let token = '';
let talentId = 0;

const stamp = async () =>
  (
    await queryRows<{ at: string; doc: string }>(s.db, sql`SELECT updated_at::text AS at, search_doc::text AS doc FROM recruit_talents WHERE id = ${talentId}`)
  )[0];

beforeAll(async () => {
  s = await startTestServer();
  rec01 = await s.login('rec01');
  const list = (await s.post<Page<CandidateRecord>>(`${R}candidate/getPageList`, { pageSize: 5, stage: '020' }, rec01)).data;
  const c = list.records[0] as CandidateRecord;
  talentId = c.talentId;
  const link = (await s.post<{ url: string; token: string }>(`${R}candidate/generateReScreenOutChain`, { candidateId: c.id }, rec01)).data;
  expect(link.url).toContain('/ResumePreview?token=');
  token = link.token;
});
afterAll(() => s.close());

const info = (t: string) => s.post<ReScreenInfo>(`${R}resume/reScreenInfo`, { token: t });
const save = (t: string, body: Record<string, unknown>) => s.post<ReScreenInfo>(`${R}resume/reScreenSave`, { token: t, info: body });

describe('résumé completion by the candidate', () => {
  it('shows the current data without an account, and saves the completed résumé (searchable at once)', async () => {
    const shown = await info(token);
    expect(shown.status).toBe(200);
    const [talent] = await queryRows<{ name: string; phone: string | null }>(s.db, sql`SELECT name, phone FROM recruit_talents WHERE id = ${talentId}`);
    expect(shown.data.name).toBe(talent?.name);
    expect(shown.data.phone).toBe(talent?.phone);
    expect(Date.parse(shown.data.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const saved = await save(token, {
      name: shown.data.name,
      gender: '2',
      phone: '13912345678',
      email: 'self@example.com',
      city: '宁波',
      education: '003',
      years: 6,
      currentCompany: '甬江智能',
      currentTitle: '嵌入式工程师',
      expectedSalary: 23000.5,
      skills: ['Zephyr', 'C语言'],
      text: '负责车载控制器固件开发，熟悉Zephyr实时系统与CAN总线。',
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ city: '宁波', years: 6, expectedSalary: 23000.5, skills: ['Zephyr', 'C语言'], email: 'self@example.com' });
    expect((await info(token)).data.text).toContain('CAN总线');
    const hits = (await s.post<Page<TalentRecord>>(`${R}talent/page`, { keyword: 'zephyr', city: '宁波' }, rec01)).data;
    expect(hits.records.map((r) => r.id)).toEqual([talentId]);
    expect(hits.records[0]?.snippet).toContain('Zephyr');
  });

  it('refuses an expired, forged or other-kind link with a clear message, and writes nothing', async () => {
    const before = await stamp();
    const expired = (await linkToken(s.db, 'rescreen', talentId, Date.now() - 8 * 86_400_000)).token;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherTalent = token.replace(/^rescreen\.(\d+)\./, (_m, id) => `rescreen.${Number(id) + 1}.`);
    const preview = (await linkToken(s.db, 'resume', talentId)).token;
    for (const bad of [expired, forged, otherTalent, preview, 'rescreen.1.1.x']) {
      const read = await info(bad);
      expect(read.status).toBe(401);
      expect(read.message).toBe(RECRUIT_MSG.linkExpired);
      const write = await save(bad, { name: '篡改者', city: '火星' });
      expect(write.status).toBe(401);
      expect(write.message).toBe(RECRUIT_MSG.linkExpired);
    }
    expect(await stamp()).toEqual(before);
  });

  it('refuses oversized or malformed input, and writes nothing', async () => {
    const before = await stamp();
    const long = await save(token, { name: '张三', text: 'x'.repeat(RESCREEN_TEXT_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.message).toContain(`简历正文不能超过${RESCREEN_TEXT_MAX}个字`);
    // Beyond the 8 KB a call without a token may send at all.
    const huge = await save(token, { name: '张三', text: '字'.repeat(RESCREEN_TEXT_MAX * 2) });
    expect(huge.status).toBe(413);
    expect(huge.message).toBe('请求内容过大');
    expect((await save(token, { name: '名'.repeat(33) })).status).toBe(400);
    expect((await save(token, { name: '张三', skills: Array.from({ length: 31 }, (_, i) => `技能${i}`) })).status).toBe(400);
    expect((await save(token, { name: '张三', phone: '12345' })).message).toContain('手机号格式不正确');
    expect((await save(token, { name: '' })).status).toBe(400);
    expect((await s.post(`${R}resume/reScreenSave`, { token: 'x'.repeat(301), info: { name: '张三' } })).status).toBe(400);
    expect(await stamp()).toEqual(before);
  });
});
