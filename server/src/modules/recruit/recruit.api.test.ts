import type {
  CandidateInfo,
  CandidateRecord,
  DemandDetail,
  DemandRecord,
  Funnel,
  InterviewRecord,
  OfferRecord,
  Page,
  ResumeParsed,
  ResumePreview,
  TalentRecord,
  TaskListItem,
} from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { orgUnits, outbox, users } from '../../db/schema';
import { queryRows } from '../../platform/db';
import { onboardings } from '../hr/lifecycle/lifecycle.schema';
import { pendingHires, takeHire } from './onboarding-handoff';
import { linkToken } from './outer-links';
import { recruitCandidates, recruitHires, recruitStageEvents } from './recruit.schema';
import { docxOf, pdfOf } from './resume-fixtures';

let s: TestServer;
const tokens: Record<string, string> = {};
const R = '/recruit_api/recruit/';
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(R + path, body, tokens[who]);
const ids: Record<string, number> = {};
const day = 86_400_000;
const future = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * day);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'rec01', 'hr01', 'hrd01', 'mgr01', 'emp01']) tokens[u] = await s.login(u);
  for (const code of ['rec01', 'mgr01', 'hrd01', 'user04', 'emp01']) {
    const [u] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code));
    ids[code] = u?.id as number;
  }
  for (const code of ['T001', 'D004', 'C900']) {
    const [o] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code));
    ids[code] = o?.id as number;
  }
});
afterAll(() => s.close());

async function upload(file: Buffer, name: string, who = 'rec01') {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)]), name);
  return s.raw(`${R}talent/parseResume`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[who]}` } });
}

describe('demo data', () => {
  it('shows 10 demands and 200 candidates across every stage', async () => {
    const demands = (await call<Page<DemandRecord>>('rec01', 'demand/getPageList', { pageSize: 50 })).data;
    expect(demands.total).toBe(10);
    const stages = await queryRows<{ stage: string; n: number }>(s.db, sql`SELECT stage, count(*)::int AS n FROM recruit_candidates GROUP BY stage`);
    expect(stages.map((r) => r.stage).sort()).toEqual(['010', '020', '030', '040', '050', '060', '070', '080', '090', '095']);
    expect(stages.reduce((n, r) => n + r.n, 0)).toBe(200);
    const list = (await call<Page<CandidateRecord>>('rec01', 'candidate/getPageList', { pageSize: 20, stage: '030' })).data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.records.every((r) => r.stage === '030')).toBe(true);
  });

  it('refuses recruitment calls to an employee and to nobody', async () => {
    expect((await call('emp01', 'demand/getPageList')).status).toBe(403);
    expect((await call('emp01', 'talent/page')).status).toBe(403);
    expect((await s.post(`${R}candidate/getPageList`, {})).status).toBe(401);
  });
});

describe('the journey: demand → talent → candidate → interview → offer → approval → employ → onboarding', () => {
  let demand: DemandDetail;
  let talentId = 0;
  let candidate: CandidateRecord;
  let interview: InterviewRecord;
  let offer: OfferRecord;

  it('creates a demand with posts (numbered XQ…), reads and pages it', async () => {
    const bad = await call('rec01', 'demand/savePostPageList', { name: '测试需求', orgId: ids.T001, posts: [] });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('需求岗位至少需要一个');
    const rpoWithoutClient = await call('rec01', 'demand/savePostPageList', {
      name: 'RPO',
      kind: '002',
      orgId: ids.T001,
      posts: [{ postName: 'x', headcount: 1 }],
    });
    expect(rpoWithoutClient.message).toContain('RPO需求必须选择客户单位');
    const saved = await call<DemandDetail>('rec01', 'demand/savePostPageList', {
      name: 'Go语言开发招聘',
      orgId: ids.T001,
      city: '上海',
      education: '003',
      yearsMin: 2,
      salaryMin: 20000,
      salaryMax: 30000,
      posts: [
        { postName: 'Go开发工程师', headcount: 2, salaryMin: 20000, salaryMax: 30000 },
        { postName: '临时岗位', headcount: 1 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.data.demandNo).toMatch(/^XQ\d{12}$/);
    expect(saved.data.headcount).toBe(3);
    const updated = await call<DemandDetail>('rec01', 'demand/savePostPageList', {
      id: saved.data.id,
      name: 'Go语言开发招聘',
      orgId: ids.T001,
      city: '上海',
      salaryMin: 20000,
      salaryMax: 30000,
      posts: [{ id: saved.data.posts[0]?.id, postName: 'Go开发工程师', headcount: 3 }],
    });
    expect(updated.data.posts).toHaveLength(1);
    expect(updated.data.headcount).toBe(3);
    demand = (await call<DemandDetail>('rec01', 'demand/getInfo', { id: saved.data.id })).data;
    expect(demand.salaryMax).toBe(30000);
    const posts = (await call<Page<{ demandId: number }>>('rec01', 'demand/getPostPageList', { demandId: demand.id })).data;
    expect(posts.records).toHaveLength(1);
    expect((await call('emp01', 'demand/getInfo', { id: demand.id })).status).toBe(403);
  });

  it('uploads a DOCX résumé: text extracted, fields found, duplicate warned; saved talent is searchable', async () => {
    const docx = await docxOf([
      '姓名：欧阳锋',
      '手机：13755556666',
      '邮箱：ouyang@example.com',
      '大学本科，5年工作经验',
      '熟悉Go语言、Kubernetes、微服务架构与分布式系统',
    ]);
    const res = await upload(docx, '欧阳锋简历.docx');
    expect(res.status).toBe(200);
    const parsed = res as unknown as { data: ResumeParsed };
    expect(parsed.data.fields).toMatchObject({ name: '欧阳锋', phone: '13755556666', email: 'ouyang@example.com', education: '003', years: 5 });
    expect(parsed.data.duplicates).toEqual([]);
    const saved = await call<TalentRecord>('rec01', 'talent/save', {
      name: '欧阳锋',
      phone: '13755556666',
      email: 'ouyang@example.com',
      city: '上海',
      education: '003',
      years: 5,
      expectedSalary: 25000,
      skills: ['Go', 'Kubernetes'],
      source: '001',
      resumeId: parsed.data.resumeId,
    });
    expect(saved.status).toBe(200);
    talentId = saved.data.id;
    expect(saved.data.hasResume).toBe(true);
    const hits = (await call<Page<TalentRecord>>('rec01', 'talent/page', { keyword: '分布式 微服务' })).data;
    expect(hits.records.map((r) => r.id)).toContain(talentId);
    expect(hits.records.find((r) => r.id === talentId)?.snippet).toContain('分布式');
    const none = (await call<Page<TalentRecord>>('rec01', 'talent/page', { keyword: '分布式', city: '北京' })).data;
    expect(none.records.map((r) => r.id)).not.toContain(talentId);
    const records = (await call<Array<{ fileName: string }>>('rec01', 'resume/getRecordList', { talentId })).data;
    expect(records[0]?.fileName).toBe('欧阳锋简历.docx');
    // The same phone again: warned before saving, refused without the confirmation, tagged with it.
    const dup = (await call<Array<{ matched: string[] }>>('rec01', 'talent/checkDuplicate', { phone: '13755556666' })).data;
    expect(dup[0]?.matched).toEqual(['phone']);
    const again = await call('rec01', 'talent/save', { name: '欧阳锋', phone: '13755556666', source: '001' });
    expect(again.status).toBe(409);
    expect(again.message).toBe('存在手机号、邮箱或证件号相同的人员，请确认后再保存');
    const forced = await call<TalentRecord>('rec01', 'talent/save', { name: '欧阳锋', phone: '13755556666', source: '001', ignoreDuplicate: true });
    expect(forced.data.tags).toContain('疑似重复');
    // An ID number that is none is refused, nothing written; a valid one is kept upper-cased.
    for (const [idCardNo, message] of [
      ['110105199003070026', '身份证号码校验位不正确'],
      ['???', '证件号码格式不正确'],
    ] as const) {
      const bad = await call('rec01', 'talent/save', { name: '证件测试', idCardNo, source: '001' });
      expect(bad.status).toBe(400);
      expect(bad.message).toContain(message);
    }
    const [{ n: refused } = { n: -1 }] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM recruit_talents WHERE name = '证件测试'`);
    expect(refused).toBe(0);
    const withId = await call<TalentRecord>('rec01', 'talent/save', { name: '证件测试', idCardNo: '11010519900307005x', source: '001' });
    expect(withId.data.idCardNo).toBe('11010519900307005X');
    // An employee's phone is a duplicate too.
    const [emp] = await queryRows<{ phone: string }>(s.db, sql`SELECT phone FROM employees WHERE phone IS NOT NULL LIMIT 1`);
    const empDup = (await call<Array<{ kind: string }>>('rec01', 'talent/checkDuplicate', { phone: emp?.phone })).data;
    expect(empDup.some((d) => d.kind === 'employee')).toBe(true);
  });

  it('reads a PDF résumé and refuses files that are not PDF or DOCX', async () => {
    const pdf = await upload(pdfOf(['Name: Zhou Xing', 'Phone: 13611112222', 'zhou@example.com', 'Master, 7 years of experience']), 'zhou.pdf');
    expect(pdf.status).toBe(200);
    expect((pdf as unknown as { data: ResumeParsed }).data.fields).toMatchObject({
      phone: '13611112222',
      email: 'zhou@example.com',
      education: '002',
      years: 7,
    });
    const fake = await upload(Buffer.from('not a pdf at all'), 'cv.pdf');
    expect(fake.status).toBe(400);
    expect(fake.message).toBe('简历只支持 PDF 或 DOCX 文件');
    const broken = await upload(Buffer.from('%PDF-1.4 garbage'), 'broken.pdf');
    expect(broken.status).toBe(400);
  });

  it('offers a signed, expiring preview link that shows one résumé only', async () => {
    const link = (await call<{ token: string; url: string }>('rec01', 'talent/previewLink', { id: talentId })).data;
    expect(link.url).toContain('/ResumePreview?token=');
    const preview = await s.get<ResumePreview>(`${R}resume/preview`, null, { token: link.token });
    expect(preview.status).toBe(200);
    expect(preview.data.name).toBe('欧阳锋');
    expect(preview.data.text).toContain('Kubernetes');
    // Contact data is masked in the shared text.
    expect(preview.data.text).toContain('137****6666');
    expect(JSON.stringify(preview.data)).not.toContain('13755556666');
    expect(JSON.stringify(preview.data)).not.toContain('ouyang@example.com');
    const old = await linkToken(s.db, 'resume', talentId, Date.now() - 73 * 3600_000);
    const expired = await s.get(`${R}resume/preview`, null, { token: old.token });
    expect(expired.status).toBe(401);
    expect(expired.message).toBe('链接已失效，请联系招聘专员重新发送');
    const forged = await s.get(`${R}resume/preview`, null, { token: link.token.replace(/\.\d+\./, `.${Date.now() + 999 * day}.`) });
    expect(forged.status).toBe(401);
    const otherKind = await linkToken(s.db, 'interview', talentId);
    expect((await s.get(`${R}resume/preview`, null, { token: otherKind.token })).status).toBe(401);
  });

  it('puts the talent into the demand; the résumé filter no longer offers it', async () => {
    const filtered = (await call<Page<TalentRecord>>('rec01', 'demand/getResumeFilter', { demandId: demand.id, keyword: 'Go语言' })).data;
    expect(filtered.records.map((r) => r.id)).toContain(talentId);
    const added = await call<{ added: number; skipped: number }>('rec01', 'candidate/add', {
      demandId: demand.id,
      postId: demand.posts[0]?.id,
      talentIds: [talentId, talentId],
    });
    expect(added.data).toEqual({ added: 1, skipped: 0 });
    expect((await call<{ skipped: number }>('rec01', 'candidate/add', { demandId: demand.id, talentIds: [talentId] })).data.skipped).toBe(1);
    const after = (await call<Page<TalentRecord>>('rec01', 'demand/getResumeFilter', { demandId: demand.id, keyword: 'Go语言' })).data;
    expect(after.records.map((r) => r.id)).not.toContain(talentId);
    const byDemand = (await call<Page<CandidateRecord>>('rec01', 'demand/getPageListByDemand', { demandId: demand.id })).data;
    expect(byDemand.records).toHaveLength(1);
    candidate = byDemand.records[0] as CandidateRecord;
    expect(candidate.stage).toBe('010');
  });

  it('refuses a move to a stage that does not follow, and a stale move; nothing written', async () => {
    const events = async () => (await s.db.select().from(recruitStageEvents).where(eq(recruitStageEvents.candidateId, candidate.id))).length;
    const before = await events();
    const skip = await call('rec01', 'candidate/move', { id: candidate.id, fromStage: '010', toStage: '040' });
    expect(skip.status).toBe(400);
    expect(skip.message).toBe('候选人不能从「新候选人」移到「面试通过」');
    const offerStage = await call('rec01', 'candidate/move', { id: candidate.id, fromStage: '010', toStage: '050' });
    expect(offerStage.status).toBe(400);
    const noReason = await call('rec01', 'candidate/move', { id: candidate.id, fromStage: '010', toStage: '090' });
    expect(noReason.message).toBe('请填写原因');
    const stale = await call('rec01', 'candidate/move', { id: candidate.id, fromStage: '020', toStage: '030' });
    expect(stale.status).toBe(409);
    expect(await events()).toBe(before);
    // A double drag: one move, one conflict.
    const [a, b] = await Promise.all([
      call('rec01', 'candidate/move', { id: candidate.id, fromStage: '010', toStage: '020' }),
      call('rec01', 'candidate/move', { id: candidate.id, fromStage: '010', toStage: '020' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await events()).toBe(before + 1);
  });

  it('schedules an interview: past, overlapping interviewer and room refused; .ics mailed', async () => {
    const places = (await call<Array<{ id: number; name: string }>>('rec01', 'interviewPlace/get')).data;
    const room = places[0]?.id as number;
    const base = { candidateId: candidate.id, interviewerUserId: ids.mgr01, placeId: room, round: '001' };
    const past = await call('rec01', 'interview/schedule', {
      ...base,
      startsAt: new Date(Date.now() - 3600_000).toISOString(),
      endsAt: new Date().toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.message).toBe('面试时间不能早于当前时间');
    const reversed = await call('rec01', 'interview/schedule', { ...base, startsAt: future(40, 3), endsAt: future(40, 2) });
    expect(reversed.message).toBe('面试结束时间必须晚于开始时间');
    const mails = async () => (await s.db.select().from(outbox).where(eq(outbox.topic, 'mail'))).length;
    const mailsBefore = await mails();
    const ok = await call<InterviewRecord>('rec01', 'interview/schedule', { ...base, startsAt: future(40, 2), endsAt: future(40, 3) });
    expect(ok.status).toBe(200);
    interview = ok.data;
    const invitations = await s.db.select().from(outbox).where(eq(outbox.topic, 'mail'));
    expect(invitations.length).toBe(mailsBefore + 2);
    const sent = invitations.at(-2)?.payload as { to: string; attachments: Array<{ filename: string; content: string }> };
    expect(sent.to).toBe('ouyang@example.com');
    expect(sent.attachments[0]?.filename).toBe('interview.ics');
    expect(sent.attachments[0]?.content).toContain('BEGIN:VEVENT');
    expect((await call<CandidateRecord>('rec01', 'candidate/getCandidateInfo', { id: candidate.id })).data.stage).toBe('030');
    const busy = await call('rec01', 'interview/schedule', {
      ...base,
      placeId: null,
      startsAt: future(40, 2).replace(':00:00', ':30:00'),
      endsAt: future(40, 4),
    });
    expect(busy.status).toBe(409);
    expect(busy.message).toBe('面试官该时段已有面试');
    const room2 = await call('rec01', 'interview/schedule', { ...base, interviewerUserId: ids.hrd01, startsAt: future(40, 2), endsAt: future(40, 3) });
    expect(room2.message).toBe('面试地点该时段已被占用');
    expect(await mails()).toBe(mailsBefore + 2);
    // Two bookings of one free slot at once: one wins.
    const slot = { ...base, interviewerUserId: ids.user04, placeId: null, startsAt: future(41, 5), endsAt: future(41, 6) };
    const both = await Promise.all([call('rec01', 'interview/schedule', slot), call('rec01', 'interview/schedule', slot)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const calendar = (
      await call<InterviewRecord[]>('rec01', 'interview/calendar', {
        from: future(40, 0).slice(0, 10),
        to: future(41, 0).slice(0, 10),
        interviewerUserId: ids.mgr01,
      })
    ).data;
    expect(calendar.map((i) => i.id)).toContain(interview.id);
    const list = (await call<InterviewRecord[]>('rec01', 'candidate/getInterviewerList', { candidateId: candidate.id })).data;
    expect(list.length).toBe(2);
    const link = await linkToken(s.db, 'interview', interview.id);
    const invitation = await s.get<{ candidateName: string; placeName: string }>(`${R}interview/getOutChain`, null, { token: link.token });
    expect(invitation.data).toMatchObject({ candidateName: '欧阳锋', placeName: places[0]?.name });
    expect((await s.get(`${R}interview/getOutChain`, null, { token: 'interview.1.1.x' })).status).toBe(401);
  });

  it('records the interviewer’s result, then employs the candidate (040)', async () => {
    expect((await call('rec01', 'interview/employ', { candidateId: candidate.id })).message).toBe('候选人还没有通过的面试');
    expect((await call('emp01', 'interview/feedback', { id: interview.id, result: '002' })).status).toBe(404);
    const fb = await call<InterviewRecord>('mgr01', 'interview/feedback', { id: interview.id, result: '002', score: 88, feedback: '技术扎实' });
    expect(fb.data.status).toBe('002');
    expect((await call('mgr01', 'interview/feedback', { id: interview.id, result: '003' })).status).toBe(409);
    const employed = await call<CandidateRecord>('rec01', 'interview/employ', { candidateId: candidate.id });
    expect(employed.data.stage).toBe('040');
  });

  it('stores the offer advice (salary required) and submits it to approval', async () => {
    expect((await call('rec01', 'offer/talkSuccess', { candidateId: candidate.id })).message).toBe('请先保存Offer建议');
    const noSalary = await call('rec01', 'offer/storeOfferAdvise', { candidateId: candidate.id, entryDate: future(30, 0).slice(0, 10) });
    expect(noSalary.status).toBe(400);
    expect(noSalary.message).toBe('请填写月薪');
    const past = await call('rec01', 'offer/storeOfferAdvise', { candidateId: candidate.id, monthlySalary: 26000, entryDate: '2020-01-01' });
    expect(past.message).toBe('入职日期不能早于今天');
    const high = await call('rec01', 'offer/storeOfferAdvise', { candidateId: candidate.id, monthlySalary: 26000, probationSalary: 27000 });
    expect(high.message).toBe('试用期月薪不能高于月薪');
    const stored = await call<OfferRecord>('rec01', 'offer/storeOfferAdvise', {
      candidateId: candidate.id,
      monthlySalary: 26000.5,
      probationSalary: 22000,
      entryDate: future(30, 0).slice(0, 10),
      advise: '技术面评价高',
    });
    expect(stored.status).toBe(200);
    expect(stored.data).toMatchObject({ monthlySalary: 26000.5, state: 'draft', employStage: null });
    expect((await call<OfferRecord>('rec01', 'offer/getOfferAdvise', { candidateId: candidate.id })).data.advise).toBe('技术面评价高');
    const listed = (await call<Page<OfferRecord>>('rec01', 'offer/getPageList', { keyword: '欧阳锋' })).data;
    expect(listed.records.map((r) => r.candidateId)).toContain(candidate.id);
    const submitted = await call<OfferRecord>('rec01', 'offer/talkSuccess', { candidateId: candidate.id });
    expect(submitted.status).toBe(200);
    offer = submitted.data;
    expect(offer.state).toBe('approving');
    expect(offer.documentNo).toMatch(/^OF\d{12}$/);
    expect((await call('rec01', 'offer/talkSuccess', { candidateId: candidate.id })).status).toBe(409);
    expect((await call('rec01', 'offer/cancelCandidate', { candidateId: candidate.id, reason: 'x' })).message).toBe('Offer正在审批中');
  });

  it('passes the approval in the engine; the process info shows the steps', async () => {
    const todo = (await s.post<Page<TaskListItem>>('/bpm_api/bpm/camunda/getUserTaskSort', { processKey: 'RecruitOffer_Process' }, tokens.hrd01)).data.records;
    const task = todo.find((t) => t.businessId === String(offer.id));
    expect(task).toBeTruthy();
    const passed = await s.post('/bpm_api/bpm/camunda/task/pass', { taskId: task?.taskId, message: '同意' }, tokens.hrd01);
    expect(passed.status).toBe(200);
    const info = (await call<{ state: string; steps: Array<{ approvalFlag: string }> }>('rec01', 'offer/getProcessInfo', { candidateId: candidate.id })).data;
    expect(info.state).toBe('passed');
    expect(info.steps.some((st) => st.approvalFlag === '1')).toBe(true);
    const employ = (await call<Page<OfferRecord>>('rec01', 'employ/getPageList', { keyword: '欧阳锋' })).data.records[0];
    expect(employ).toMatchObject({ id: offer.id, employStage: '001', sendCount: 0 });
  });

  it('previews the offer mail exactly as sent; a second send needs a confirmation', async () => {
    const preview = (await call<{ to: string; subject: string; text: string; html: string }>('rec01', 'employ/previewEmploySendMail', { id: offer.id })).data;
    expect(preview.text).toContain('26,000.50');
    const sent = await call<OfferRecord>('rec01', 'employ/sendEmployMail', { id: offer.id });
    expect(sent.data).toMatchObject({ sendCount: 1, employStage: '002', candidateStage: '060' });
    const [mail] = await s.db.select().from(outbox).where(eq(outbox.topic, 'mail')).orderBy(sql`id DESC`).limit(1);
    expect(mail?.payload).toMatchObject({ to: preview.to, subject: preview.subject, text: preview.text, html: preview.html });
    const again = await call('rec01', 'employ/sendOfferAgain', { id: offer.id });
    expect(again.status).toBe(409);
    expect(again.message).toBe('该Offer已发送过1次，再次发送请确认');
    expect((await call<OfferRecord>('rec01', 'employ/sendOfferAgain', { id: offer.id, confirm: true })).data.sendCount).toBe(2);
    expect((await call<{ sendCount: number }>('rec01', 'employ/getEmploySendNum', { id: offer.id })).data.sendCount).toBe(2);
    const sends = (await call<Page<{ offerId: number }>>('rec01', 'offerSend/getPageList', { keyword: '欧阳锋' })).data;
    expect(sends.records.filter((r) => r.offerId === offer.id)).toHaveLength(2);
    const xlsx = await s.raw(`${R}offerSend/exportOfferList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.rec01}` },
      body: JSON.stringify({ keyword: '欧阳锋' }),
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('walks the employment to entry and hands the hire to onboarding (one row, read by onboarding)', async () => {
    expect((await call('rec01', 'employ/submit', { id: offer.id })).message).toBe('录用处于「已发Offer」，不能确认入职');
    expect((await call<OfferRecord>('rec01', 'employ/access', { id: offer.id })).data).toMatchObject({ employStage: '003', candidateStage: '070' });
    expect((await call('rec01', 'employ/access', { id: offer.id })).status).toBe(400);
    expect((await call<OfferRecord>('rec01', 'employ/deliverStag', { id: offer.id, stage: '004' })).data.employStage).toBe('004');
    expect((await call<OfferRecord>('rec01', 'employ/deliverStag', { id: offer.id, stage: '005' })).data.employStage).toBe('005');
    const stored = await call<OfferRecord>('rec01', 'employ/store', { id: offer.id, entryDate: future(20, 0).slice(0, 10), positionName: 'Go开发工程师' });
    expect(stored.data.positionName).toBe('Go开发工程师');
    const notarize = (await call<Page<OfferRecord>>('rec01', 'employ/employNotarizePageList', {})).data;
    expect(notarize.records.map((r) => r.id)).toContain(offer.id);
    expect((await call<OfferRecord>('rec01', 'employ/getInfo', { id: offer.id })).data.employStage).toBe('005');
    expect((await call<{ annual: number }>('hr01', 'employ/getSalary', { id: offer.id })).data.annual).toBe(312006);
    expect((await call('rec01', 'employ/getSalary', { id: offer.id })).status).toBe(403);
    const [a, b] = await Promise.all([call<{ hireId: number }>('rec01', 'employ/submit', { id: offer.id }), call('rec01', 'employ/submit', { id: offer.id })]);
    // Exactly one of two simultaneous submits wins; the loser is refused as a conflict (409) or, when it
    // reads the row after the winner committed, as a stage that no longer allows entry (400) — either order.
    const [won, lost] = [a.status, b.status].sort((x, y) => x - y);
    expect(won).toBe(200);
    expect([400, 409]).toContain(lost);
    const hires = await s.db.select().from(recruitHires).where(eq(recruitHires.offerId, offer.id));
    expect(hires).toHaveLength(1);
    expect(hires[0]).toMatchObject({
      name: '欧阳锋',
      phone: '13755556666',
      monthlySalary: 2600050,
      probationSalary: 2200000,
      status: 'taken',
      positionName: 'Go开发工程师',
    });
    const info = (await call<CandidateInfo>('rec01', 'candidate/getCandidateInfo', { id: candidate.id })).data;
    expect(info.stage).toBe('080');
    expect(info.events.map((e) => e.toStage)).toEqual(['010', '020', '030', '040', '050', '060', '070', '080']);
    // Onboarding took the hire in the same transaction: one onboarding in stage offer, on HR's offer list.
    const [onboarding] = await s.db
      .select()
      .from(onboardings)
      .where(eq(onboardings.id, hires[0]?.onboardingId as number));
    expect(onboarding).toMatchObject({
      source: 'offer',
      stage: 'offer',
      name: '欧阳锋',
      phone: '13755556666',
      salaryCents: 2600050,
      positionName: 'Go开发工程师',
    });
    expect((await pendingHires(s.db)).some((h) => h.offerId === offer.id)).toBe(false);
    expect(await takeHire(s.db, hires[0]?.id as number, 4243)).toBe(false);
    const offers = await s.post<Page<{ id: number; name: string }>>(
      '/hr_api/hrm/api/employee/getOfferPage',
      { pageIndex: 1, pageSize: 50, keyword: '欧阳锋' },
      tokens.hr01,
    );
    expect(offers.data.records.map((r) => r.id)).toContain(onboarding?.id);
  });

  it('counts the journey in the funnel and exports it', async () => {
    const f = (await call<Funnel>('rec01', 'analytics/funnel', { from: `${today().slice(0, 4)}-01-01`, to: today(), demandId: demand.id })).data;
    expect(f.stages.find((st) => st.stage === '080')?.reached).toBe(1);
    expect(f.stages.find((st) => st.stage === '020')?.conversion).toBe(100);
    expect(f.offersSent).toBe(1);
    expect(f.offerAcceptance).toBe(100);
    expect(f.byDemand[0]?.label).toBe('Go语言开发招聘');
    const all = (await call<Funnel>('mgr01', 'analytics/funnel', { from: '2026-01-01', to: '2026-12-31' })).data;
    expect(all.byMonth.length).toBeGreaterThan(0);
    expect((await call('rec01', 'analytics/funnel', { from: '2024-01-01', to: '2026-12-31' })).message).toBe('统计区间不能超过366天');
    const xlsx = await s.raw(`${R}analytics/funnelExport`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.rec01}` },
      body: JSON.stringify({ from: '2026-01-01', to: '2026-12-31' }),
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('xlsx');
  });
});

describe('closing candidates and employments', () => {
  async function candidateAt(stage: string) {
    const [c] = await s.db.select().from(recruitCandidates).where(eq(recruitCandidates.stage, stage)).limit(1);
    return c as typeof recruitCandidates.$inferSelect;
  }

  it('drops and gives up candidates with a reason; cancels and fails employments', async () => {
    const c040 = await candidateAt('040');
    expect((await call('rec01', 'offer/cancelCandidate', { candidateId: c040.id, reason: '' })).status).toBe(400);
    expect((await call('rec01', 'offer/cancelCandidate', { candidateId: c040.id, reason: '岗位已满' })).status).toBe(200);
    expect(await candidateRowStage(c040.id)).toBe('090');
    const c020 = await candidateAt('020');
    expect((await call('rec01', 'offer/talkFail', { candidateId: c020.id, reason: '候选人放弃' })).status).toBe(200);
    expect(await candidateRowStage(c020.id)).toBe('095');
    const employs = (await call<Page<OfferRecord>>('rec01', 'employ/getPageList', { employStage: '003' })).data.records;
    const [first, second] = employs;
    expect((await call('rec01', 'employ/fail', { id: first?.id, reason: '候选人未到岗' })).status).toBe(200);
    expect(await candidateRowStage(first?.candidateId as number)).toBe('095');
    expect((await call('rec01', 'employ/cancelEmploy', { id: second?.id, reason: '客户取消需求' })).status).toBe(200);
    expect(await candidateRowStage(second?.candidateId as number)).toBe('090');
    expect((await call('rec01', 'employ/fail', { id: second?.id, reason: 'x' })).status).toBe(400);
  });

  it('hands employments to another recruiter and tells re-hires', async () => {
    const employs = (await call<Page<OfferRecord>>('hr01', 'employ/getPageList', { employStage: '002' })).data.records;
    const moved = await call<{ changed: number }>('hr01', 'employ/operEmploy', { ids: [employs[0]?.id], recruiterUserId: ids.hrd01 });
    expect(moved.data.changed).toBe(1);
    const [former] = await queryRows<{ id_card_no: string }>(s.db, sql`SELECT id_card_no FROM employees WHERE id_card_no IS NOT NULL LIMIT 1`);
    await s.db.execute(sql`UPDATE employees SET employ_state = '005', leave_date = '2025-12-31' WHERE id_card_no = ${former?.id_card_no}`);
    const again = (await call<{ again: boolean; leaveDate: string }>('rec01', 'employ/isEntryAgain', { idCardNo: former?.id_card_no })).data;
    expect(again).toMatchObject({ again: true, leaveDate: '2025-12-31' });
    expect((await call<{ again: boolean }>('rec01', 'employ/isEntryAgain', { phone: '10000000000' })).data.again).toBe(false);
    expect((await call('rec01', 'employ/isEntryAgain', {})).status).toBe(400);
    expect((await call<Array<{ id: number }>>('rec01', 'employ/getDemandOrgList')).data.length).toBeGreaterThan(0);
  });

  it('refuses deleting a demand with open candidates; deletes one without', async () => {
    const [busy] = await queryRows<{ id: number }>(s.db, sql`SELECT demand_id AS id FROM recruit_candidates WHERE stage < '080' LIMIT 1`);
    if (!busy) throw new Error('no open candidate');
    expect((await call('rec01', 'demand/delete', { id: busy.id })).message).toBe('需求下还有进行中的候选人，不能删除');
    const empty = await call<DemandDetail>('rec01', 'demand/savePostPageList', {
      name: '空需求',
      orgId: ids.T001,
      posts: [{ postName: '岗位', headcount: 1 }],
    });
    expect((await call('rec01', 'demand/delete', { id: empty.data.id })).status).toBe(200);
    expect((await call('rec01', 'demand/getInfo', { id: empty.data.id })).status).toBe(404);
  });
});

async function candidateRowStage(id: number) {
  const [c] = await s.db.select({ stage: recruitCandidates.stage }).from(recruitCandidates).where(eq(recruitCandidates.id, id));
  return c?.stage;
}

describe('reference data, RPO, pickers, to-dos, clues, outer links', () => {
  it('keeps demand names (unique) and interview places', async () => {
    const page = (await call<Page<{ name: string }>>('rec01', 'demandName/page', {})).data;
    expect(page.total).toBeGreaterThanOrEqual(10);
    const added = await call<{ id: number }>('rec01', 'demandName/save', { name: '算法工程师', category: '技术类' });
    expect(added.status).toBe(200);
    expect((await call('rec01', 'demandName/save', { name: '算法工程师' })).message).toBe('需求名称已存在');
    expect((await call<{ enabled: boolean }>('rec01', 'demandName/update', { id: added.data.id, name: '算法工程师', enabled: false })).data.enabled).toBe(
      false,
    );
    const list = (await call<Array<{ name: string }>>('emp01', 'demandName/list', {})).data;
    expect(list.map((n) => n.name)).not.toContain('算法工程师');
    const place = await call<{ id: number }>('rec01', 'interviewPlace/add', { name: '新面试间', capacity: 2 });
    expect(place.status).toBe(200);
    expect((await call('rec01', 'interviewPlace/add', { name: '新面试间' })).status).toBe(409);
    expect((await call('emp01', 'interviewPlace/add', { name: 'x' })).status).toBe(403);
  });

  it('keeps RPO fee items, demand lines and delivered résumés', async () => {
    expect((await call<Page<unknown>>('rec01', 'rpoDict/page', {})).data.total).toBe(4);
    const dict = await call<{ id: number }>('rec01', 'rpoDict/save', { kind: 'FEE', code: 'BONUS', name: '奖金' });
    expect(dict.status).toBe(200);
    expect((await call('rec01', 'rpoDict/save', { kind: 'FEE', code: 'BONUS', name: '重复' })).status).toBe(409);
    expect((await call<unknown[]>('rec01', 'rpoDict/list', { kind: 'FEE' })).data).toHaveLength(4);
    const line = await call<{ id: number; feePerHire: number }>('rec01', 'rpoDemand/save', {
      clientCompanyId: ids.C900,
      postName: '驻场测试',
      headcount: 2,
      feePerHire: 5000.5,
    });
    expect(line.data.feePerHire).toBe(5000.5);
    expect((await call('rec01', 'rpoDemand/save', { clientCompanyId: ids.T001, postName: 'x', headcount: 1, feePerHire: 1 })).message).toBe('客户单位不存在');
    expect((await call<Page<unknown>>('rec01', 'rpoDemand/page', { clientCompanyId: ids.C900 })).data.total).toBe(2);
    expect((await call<unknown[]>('rec01', 'rpoDemand/list', {})).data.length).toBe(4);
    const [talent] = await queryRows<{ id: number }>(s.db, sql`SELECT id FROM recruit_talents ORDER BY id LIMIT 1`);
    const delivered = await call('rec01', 'rpoResume/save', { rpoDemandId: line.data.id, talentId: talent?.id, deliveredOn: today() });
    expect(delivered.status).toBe(200);
    expect((await call('rec01', 'rpoResume/save', { rpoDemandId: line.data.id, talentId: talent?.id, deliveredOn: today() })).status).toBe(409);
    expect((await call<Page<unknown>>('rec01', 'rpoResume/page', { rpoDemandId: line.data.id })).data.total).toBe(1);
    expect((await call<unknown[]>('rec01', 'rpoResume/list', { rpoDemandId: line.data.id })).data).toHaveLength(1);
    expect((await call('mgr01', 'rpoDict/page', {})).status).toBe(403);
  });

  it('answers pickers, the won opportunities and the recruiter’s to-dos', async () => {
    expect((await call<Array<{ userCode: string }>>('emp01', 'common/getUserList', {})).data.map((u) => u.userCode)).toContain('rec01');
    expect((await call<Array<{ userCode: string }>>('emp01', 'common/getUserList1', {})).data.map((u) => u.userCode)).toContain('mgr01');
    const employees = (await call<Array<{ code: string; name: string; userName: string }>>('emp01', 'common/getEmployeeSelect', { keyword: '叶' })).data;
    expect(employees.length).toBeGreaterThan(0);
    expect(Object.keys(employees[0] ?? {})).toEqual(['code', 'name', 'userName']);
    const opps = (await call<Array<{ demands: unknown[] }>>('rec01', 'opportunity/getTransferProjectOpportunity', {})).data;
    expect(opps).toHaveLength(2);
    expect(opps.some((o) => o.demands.length > 0)).toBe(true);
    const agency = (await call<{ counts: { toScreen: number }; items: unknown[] }>('rec01', 'api/recruit/getRecruitAgency')).data;
    expect(agency.counts.toScreen).toBeGreaterThan(0);
    expect(agency.items.length).toBeGreaterThan(0);
  });

  it('lets an employee recommend a candidate (a talent, source 内部推荐) or a sales lead', async () => {
    expect((await call('emp01', 'clue/submit', { kind: '001', name: '王五' })).message).toContain('手机号和邮箱至少填写一项');
    const clue = await call<{ id: number }>('emp01', 'clue/submit', { kind: '001', name: '王五', phone: '13700001111', position: '测试开发工程师' });
    expect(clue.status).toBe(200);
    const lead = await call('emp01', 'clue/submit', { kind: '002', name: '某制造企业', email: 'boss@factory.example', company: '某制造企业' });
    expect(lead.status).toBe(200);
    expect((await call<unknown[]>('emp01', 'clue/mine')).data.length).toBeGreaterThanOrEqual(4);
    const pool = (await call<Page<TalentRecord>>('hr01', 'talent/page', { keyword: '测试开发', source: '002' })).data;
    expect(pool.records.map((t) => t.name)).toContain('王五');
  });

  it('gives a candidate a link to complete the résumé', async () => {
    const [c] = await s.db.select().from(recruitCandidates).limit(1);
    const link = await call<{ url: string; expiresAt: string }>('rec01', 'candidate/generateReScreenOutChain', { candidateId: c?.id });
    expect(link.data.url).toContain('token=');
    expect(Date.parse(link.data.expiresAt)).toBeGreaterThan(Date.now() + 6 * day);
    expect((await call('emp01', 'candidate/generateReScreenOutChain', { candidateId: c?.id })).status).toBe(403);
  });

  it('answers bad bodies with validation messages', async () => {
    expect((await call('rec01', 'candidate/move', { id: 'abc', fromStage: '010', toStage: '020' })).status).toBe(400);
    expect((await call('rec01', 'candidate/move', { id: 1, fromStage: '999', toStage: '020' })).status).toBe(400);
    expect((await call('rec01', 'talent/page', { keyword: 'x'.repeat(500) })).status).toBe(400);
    expect((await call('rec01', 'talent/page', { keyword: "'&|!():*" })).status).toBe(200);
    expect((await call('rec01', 'offer/storeOfferAdvise', { candidateId: 1, monthlySalary: -5 })).status).toBe(400);
    expect((await call('rec01', 'interview/schedule', { candidateId: 1, interviewerUserId: 1, startsAt: 'tomorrow', endsAt: 'later' })).status).toBe(400);
    expect((await call('rec01', 'candidate/getCandidateInfo', { id: 99999999 })).status).toBe(404);
  });
});
