import { CANDIDATE_STAGES } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { chineseName, seededRandom } from '../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import { recruitMenus } from './recruit.menus';
import {
  recruitCandidates,
  recruitClues,
  recruitDemandNames,
  recruitDemandPosts,
  recruitDemands,
  recruitHires,
  recruitInterviewPlaces,
  recruitInterviews,
  recruitOfferSends,
  recruitOffers,
  recruitOpportunities,
  recruitRpoDemands,
  recruitRpoDicts,
  recruitRpoResumes,
  recruitStageEvents,
  recruitTalents,
} from './recruit.schema';
import { searchSource, warmSegmenter } from './resume-text';

const DAY = 86_400_000;

/** An interview slot in office hours on the given day: 09:00–16:30 in Shanghai (UTC+8), on the hour or half hour. */
function officeSlot(day: Date, k: number): Date {
  const d = new Date(day);
  d.setUTCHours(1 + (k % 8), (k % 2) * 30, 0, 0);
  return d;
}

/** [name, unit code, city, education, years, salary band (yuan), kind, posts: [post, headcount]] */
const DEMANDS: Array<[string, string, string, string, number, [number, number], '001' | '002', Array<[string, number]>]> = [
  [
    'Java后端开发招聘',
    'D004',
    '上海',
    '003',
    3,
    [18000, 30000],
    '001',
    [
      ['Java开发工程师', 3],
      ['高级Java开发工程师', 1],
    ],
  ],
  ['前端开发招聘', 'D004', '上海', '003', 2, [15000, 26000], '001', [['前端开发工程师', 2]]],
  ['测试工程师招聘', 'D004', '杭州', '004', 2, [10000, 18000], '001', [['测试工程师', 2]]],
  ['交付项目经理', 'D005', '北京', '003', 5, [22000, 35000], '001', [['项目经理', 1]]],
  ['招聘专员补充', 'T001', '上海', '004', 1, [7000, 10000], '001', [['招聘专员', 2]]],
  ['财务会计', 'D003', '上海', '003', 3, [10000, 15000], '001', [['会计', 1]]],
  [
    '研发中心驻场开发',
    'D901',
    '深圳',
    '003',
    3,
    [16000, 28000],
    '002',
    [
      ['驻场Java开发', 5],
      ['驻场前端开发', 2],
    ],
  ],
  ['生产运营储备干部', 'D911', '苏州', '004', 0, [6000, 9000], '002', [['储备干部', 10]]],
  ['信息科技部运维', 'D921', '南京', '003', 2, [12000, 20000], '002', [['运维工程师', 3]]],
  ['数据分析师', 'D004', '上海', '002', 3, [20000, 32000], '001', [['数据分析师', 1]]],
];

const SKILLS = [
  ['Java', 'Spring Boot', 'MySQL', 'Redis', '微服务'],
  ['React', 'TypeScript', 'Vue', '前端工程化', 'CSS'],
  ['自动化测试', 'Selenium', '性能测试', 'Python'],
  ['项目管理', 'PMP', '敏捷', '需求分析'],
  ['招聘', '人才寻访', '面试', '雇主品牌'],
  ['财务核算', '税务', '用友', 'Excel'],
  ['Linux', 'Kubernetes', 'Docker', '监控告警'],
  ['数据分析', 'SQL', 'Python', 'Tableau', '统计建模'],
  ['生产管理', '精益生产', '班组管理'],
];
const CITIES = ['上海', '北京', '杭州', '深圳', '苏州', '南京', '广州', '成都'];
const COMPANIES = ['蓝海科技', '星河软件', '启明信息', '远航数据', '华彩网络', '同舟智造', '金桥咨询', '云帆互联'];
const SCHOOLS = ['复旦大学', '浙江大学', '南京大学', '同济大学', '华东师范大学', '苏州大学', '上海大学', '杭州电子科技大学'];
const EDU_NAMES: Record<string, string> = { '001': '博士', '002': '硕士', '003': '本科', '004': '大专', '005': '高中' };
const SOURCES = ['001', '001', '001', '002', '003', '004', '005', '006'];
const OUT_REASONS = ['技能与岗位要求不符', '薪资期望过高', '候选人已接受其他Offer', '面试表现一般'];

/** A résumé text as recruiters receive them (the talent pool searches it). */
export function resumeTextOf(p: {
  name: string;
  phone: string;
  email: string;
  city: string;
  edu: string;
  years: number;
  company: string;
  title: string;
  skills: string[];
  school: string;
}): string {
  return [
    `姓名：${p.name}`,
    `手机：${p.phone}  邮箱：${p.email}`,
    `现居城市：${p.city}  工作年限：${p.years}年工作经验`,
    `教育经历：${p.school} ${EDU_NAMES[p.edu] ?? '本科'}`,
    `工作经历：${p.company} ${p.title}，负责${p.skills.slice(0, 2).join('、')}相关工作。`,
    `专业技能：熟悉${p.skills.join('、')}。`,
    '自我评价：学习能力强，沟通顺畅，能承受工作压力。',
  ].join('\n');
}

async function seed(ctx: SeedContext): Promise<void> {
  await warmSegmenter();
  const rand = seededRandom(1515);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const user = (code: string) => ctx.userIds.get(code) as number;
  const org = (code: string) => ctx.orgIds.get(code) as number;
  const rec = user('rec01');
  const now = ctx.today.getTime();

  await ctx.db.insert(recruitDemandNames).values(
    ['Java开发工程师', '前端开发工程师', '测试工程师', '项目经理', '招聘专员', '会计', '运维工程师', '数据分析师', '储备干部', '产品经理'].map((name, i) => ({
      name,
      category: i < 3 || i === 6 || i === 7 ? '技术类' : i === 9 ? '产品类' : '职能类',
    })),
  );
  const places = await ctx.db
    .insert(recruitInterviewPlaces)
    .values([
      { name: '总部3楼 会议室A', address: '上海市浦东新区张江路88号3楼', capacity: 6 },
      { name: '总部3楼 会议室B', address: '上海市浦东新区张江路88号3楼', capacity: 4 },
      { name: '总部5楼 面试间', address: '上海市浦东新区张江路88号5楼', capacity: 3 },
      { name: '北京分部 洽谈室', address: '北京市海淀区中关村大街1号', capacity: 4 },
    ])
    .returning({ id: recruitInterviewPlaces.id });

  const [opp] = await ctx.db
    .insert(recruitOpportunities)
    .values([
      {
        clientCompanyId: org('C900'),
        projectName: '研发中心驻场开发服务（2026）',
        amount: 360_000_000,
        wonOn: new Date(now - 60 * DAY).toISOString().slice(0, 10),
      },
      { clientCompanyId: org('C902'), projectName: '信息科技部运维外包', amount: 120_000_000, wonOn: new Date(now - 30 * DAY).toISOString().slice(0, 10) },
    ])
    .returning({ id: recruitOpportunities.id });

  // Demands with their posts.
  const demandRows: Array<{ id: number; orgId: number; posts: number[]; name: string }> = [];
  for (const [i, [name, unit, city, edu, years, [lo, hi], kind, posts]] of DEMANDS.entries()) {
    const created = new Date(now - (120 - i * 9) * DAY);
    const [d] = await ctx.db
      .insert(recruitDemands)
      .values({
        demandNo: `XQ${created.toISOString().slice(0, 10).replaceAll('-', '')}${String(9001 + i)}`,
        name,
        kind,
        clientCompanyId: kind === '002' ? org(unit === 'D901' ? 'C900' : unit === 'D911' ? 'C901' : 'C902') : null,
        orgId: org(unit),
        recruiterUserId: rec,
        city,
        education: edu,
        yearsMin: years,
        salaryMin: lo * 100,
        salaryMax: hi * 100,
        deadline: new Date(now + (30 + i * 7) * DAY).toISOString().slice(0, 10),
        status: i === 5 ? '002' : '001',
        description: `${name}：${posts.map(([p, n]) => `${p}${n}人`).join('，')}`,
        opportunityId: unit === 'D901' ? (opp?.id ?? null) : null,
        createdAt: created,
        createdBy: rec,
        updatedBy: rec,
      })
      .returning({ id: recruitDemands.id });
    const postRows = await ctx.db
      .insert(recruitDemandPosts)
      .values(posts.map(([postName, headcount]) => ({ demandId: d?.id as number, postName, headcount, salaryMin: lo * 100, salaryMax: hi * 100 })))
      .returning({ id: recruitDemandPosts.id });
    demandRows.push({ id: d?.id as number, orgId: org(unit), posts: postRows.map((p) => p.id), name });
  }

  // 240 talents (200 in pipelines, 40 only in the pool), each with a résumé text; one insert.
  const talentValues: Array<PgInsertValue<typeof recruitTalents>> = [];
  for (let i = 0; i < 240; i++) {
    const family = i % SKILLS.length;
    const skills = (SKILLS[family] as string[]).filter(() => rand() > 0.25);
    const name = chineseName(rand);
    const phone = `139${String(10_000_000 + i * 7919).slice(-8)}`;
    const email = `talent${i + 1}@mail.example`;
    const edu = pick(['002', '003', '003', '003', '004']);
    const years = Math.floor(rand() * 12);
    const city = pick(CITIES);
    const company = pick(COMPANIES);
    const title = (['Java开发工程师', '前端开发工程师', '测试工程师', '项目经理', '招聘专员', '会计', '运维工程师', '数据分析师', '生产主管'] as const)[
      family
    ] as string;
    const text = resumeTextOf({ name, phone, email, city, edu, years, company, title, skills, school: pick(SCHOOLS) });
    talentValues.push({
      name,
      gender: rand() > 0.5 ? '1' : '2',
      phone,
      email,
      city,
      education: edu,
      years,
      currentCompany: company,
      currentTitle: title,
      expectedSalary: (8000 + Math.floor(rand() * 22) * 1000) * 100,
      skills,
      tags: rand() > 0.7 ? ['高潜'] : [],
      source: pick(SOURCES),
      resumeText: text,
      searchDoc: sql`to_tsvector('simple', ${searchSource([name, title, company, city, skills.join(' '), text])})`,
      orgId: org('T001'),
      ownerUserId: rec,
      createdBy: rec,
      updatedBy: rec,
      createdAt: new Date(now - (200 - (i % 200)) * DAY),
      updatedAt: new Date(now - ((200 - (i % 200)) * DAY) / 2),
    });
  }
  const talentIds = (await ctx.db.insert(recruitTalents).values(talentValues).returning({ id: recruitTalents.id })).map((t) => t.id);

  // 200 candidates across every stage: a stage history that leads to where each one stands.
  const ladder = [...CANDIDATE_STAGES, '090', '095'];
  const interviewers = [user('mgr01'), user('rec01'), user('hrd01'), user('user04')];
  type Plan = {
    i: number;
    demand: (typeof demandRows)[number];
    target: string;
    outAfter: string | null;
    reached: string;
    events: Array<{ from: string | null; to: string; at: Date }>;
    created: Date;
  };
  const plans: Plan[] = [];
  for (let i = 0; i < 200; i++) {
    const demand = demandRows[i % demandRows.length] as (typeof demandRows)[number];
    const target = ladder[i % ladder.length] as string;
    const outAfter = target === '090' || target === '095' ? (['010', '020', '030', '040'][i % 4] as string) : null;
    const reached = outAfter ?? target;
    const path = CANDIDATE_STAGES.slice(0, CANDIDATE_STAGES.indexOf(reached as (typeof CANDIDATE_STAGES)[number]) + 1);
    let at = now - (150 - (i % 140)) * DAY;
    const created = new Date(at);
    const events: Plan['events'] = [];
    let prev: string | null = null;
    for (const s of path) {
      events.push({ from: prev, to: s, at: new Date(at) });
      prev = s;
      at += (1 + Math.floor(rand() * 6)) * DAY;
    }
    if (outAfter) events.push({ from: prev, to: target, at: new Date(at) });
    plans.push({ i, demand, target, outAfter, reached, events, created });
  }
  const candidateIds = (
    await ctx.db
      .insert(recruitCandidates)
      .values(
        plans.map((p) => ({
          talentId: talentIds[p.i] as number,
          demandId: p.demand.id,
          postId: p.demand.posts[p.i % p.demand.posts.length] ?? null,
          stage: p.target,
          stageAt: (p.events[p.events.length - 1] as Plan['events'][number]).at,
          source: pick(SOURCES),
          recruiterUserId: rec,
          orgId: p.demand.orgId,
          outReason: p.outAfter ? pick(OUT_REASONS) : null,
          createdAt: p.created,
          createdBy: rec,
          updatedBy: rec,
        })),
      )
      .returning({ id: recruitCandidates.id })
  ).map((c) => c.id);
  await ctx.db.insert(recruitStageEvents).values(
    plans.flatMap((p) =>
      p.events.map((e) => ({
        candidateId: candidateIds[p.i] as number,
        demandId: p.demand.id,
        fromStage: e.from,
        toStage: e.to,
        at: e.at,
        byUserId: rec,
        reason: e.to >= '090' ? '面试后淘汰' : null,
      })),
    ),
  );
  const interviewValues: Array<typeof recruitInterviews.$inferInsert> = [];
  const offerPlans: Array<{ p: Plan; employ: string; salary: number }> = [];
  for (const p of plans) {
    const reachedIndex = CANDIDATE_STAGES.indexOf(p.reached as (typeof CANDIDATE_STAGES)[number]);
    if (reachedIndex >= 2) {
      // An interview for everyone who reached 030: passed for those beyond it; upcoming for some at 030.
      const upcoming = p.reached === '030' && !p.outAfter && p.i % 3 === 0;
      const start = officeSlot(upcoming ? new Date(now + ((p.i % 10) + 1) * DAY) : (p.events[2]?.at ?? new Date(now)), p.i);
      interviewValues.push({
        candidateId: candidateIds[p.i] as number,
        round: '001',
        interviewerUserId: interviewers[p.i % interviewers.length] as number,
        placeId: places[p.i % places.length]?.id ?? null,
        startsAt: start,
        endsAt: new Date(start.getTime() + 3600_000),
        status: upcoming ? '001' : reachedIndex >= 3 ? '002' : p.outAfter ? '003' : '001',
        score: upcoming ? null : 60 + Math.floor(rand() * 40),
        feedback: upcoming ? null : '基础扎实，沟通良好',
        createdBy: rec,
        updatedBy: rec,
      });
    }
    if (reachedIndex >= 4 && !p.outAfter) {
      const employ = { '050': '001', '060': '002', '070': '003', '080': '006' }[p.reached] as string;
      offerPlans.push({ p, employ, salary: (12000 + Math.floor(rand() * 16) * 1000) * 100 });
    }
  }
  await ctx.db.insert(recruitInterviews).values(interviewValues);
  const offerIds = (
    await ctx.db
      .insert(recruitOffers)
      .values(
        offerPlans.map(({ p, employ, salary }) => {
          const last = p.events[p.events.length - 1] as Plan['events'][number];
          return {
            candidateId: candidateIds[p.i] as number,
            monthlySalary: salary,
            probationSalary: Math.round(salary * 0.8),
            probationMonths: 3,
            entryDate: new Date(p.reached === '080' ? last.at.getTime() : now + 14 * DAY).toISOString().slice(0, 10),
            orgId: p.demand.orgId,
            positionName: p.demand.name.replace(/招聘$/, ''),
            state: 'passed',
            documentNo: `OF${(p.events[4]?.at ?? p.created).toISOString().slice(0, 10).replaceAll('-', '')}${String(9001 + p.i)}`,
            employStage: employ,
            sendCount: employ === '001' ? 0 : 1,
            lastSentAt: employ === '001' ? null : (p.events[5]?.at ?? null),
            recruiterUserId: rec,
            advise: '综合面试评价良好，建议按岗位中位数定薪',
            createdBy: rec,
            updatedBy: rec,
          };
        }),
      )
      .returning({ id: recruitOffers.id })
  ).map((o) => o.id);
  const sent = offerPlans.map((o, k) => ({ ...o, offerId: offerIds[k] as number })).filter((o) => o.employ !== '001');
  if (sent.length)
    await ctx.db.insert(recruitOfferSends).values(
      sent.map(({ p, offerId }) => ({
        offerId,
        to: `talent${p.i + 1}@mail.example`,
        subject: `录用通知：${p.demand.name.replace(/招聘$/, '')}`,
        sentBy: rec,
        sentAt: p.events[5]?.at ?? new Date(now),
      })),
    );
  const hired = sent.filter((o) => o.p.reached === '080');
  if (hired.length)
    await ctx.db.insert(recruitHires).values(
      hired.map(({ p, offerId, salary }) => ({
        offerId,
        candidateId: candidateIds[p.i] as number,
        talentId: talentIds[p.i] as number,
        demandId: p.demand.id,
        name: `候选人${p.i + 1}`,
        orgId: p.demand.orgId,
        monthlySalary: salary,
        probationSalary: Math.round(salary * 0.8),
        probationMonths: 3,
        entryDate: (p.events[p.events.length - 1] as Plan['events'][number]).at.toISOString().slice(0, 10),
        recruiterUserId: rec,
        status: 'taken',
      })),
    );
  // The hires' names are the talents' names.
  await ctx.db.execute(sql`UPDATE recruit_hires h SET name = t.name, phone = t.phone, email = t.email FROM recruit_talents t WHERE t.id = h.talent_id`);

  const dicts = await ctx.db
    .insert(recruitRpoDicts)
    .values([
      { kind: 'FEE', code: 'HIRE', name: '按入职人数收费' },
      { kind: 'FEE', code: 'RESUME', name: '按推荐简历收费' },
      { kind: 'FEE', code: 'MONTH', name: '按月服务费' },
      { kind: 'RESULT', code: 'PASS', name: '客户通过' },
    ])
    .returning({ code: recruitRpoDicts.code });
  const rpo = await ctx.db
    .insert(recruitRpoDemands)
    .values([
      {
        clientCompanyId: org('C900'),
        demandId: demandRows[6]?.id ?? null,
        postName: '驻场Java开发',
        headcount: 5,
        feePerHire: 800_000,
        feeItem: dicts[0]?.code ?? 'HIRE',
      },
      { clientCompanyId: org('C901'), demandId: demandRows[7]?.id ?? null, postName: '储备干部', headcount: 10, feePerHire: 300_000, feeItem: 'HIRE' },
      { clientCompanyId: org('C902'), demandId: demandRows[8]?.id ?? null, postName: '运维工程师', headcount: 3, feePerHire: 50_000, feeItem: 'RESUME' },
    ])
    .returning({ id: recruitRpoDemands.id });
  await ctx.db.insert(recruitRpoResumes).values(
    Array.from({ length: 12 }, (_, k) => ({
      rpoDemandId: rpo[k % rpo.length]?.id as number,
      talentId: talentIds[200 + k] as number,
      deliveredOn: new Date(now - (k + 2) * 3 * DAY).toISOString().slice(0, 10),
      result: (['001', '002', '003'] as const)[k % 3],
      feedback: k % 3 === 2 ? '经验与驻场要求不符' : k % 3 === 1 ? '安排客户面试' : null,
    })),
  );
  await ctx.db.insert(recruitClues).values([
    { kind: '001', name: '林晓', phone: '13800001234', position: '前端开发工程师', note: '前同事，React经验丰富', createdBy: user('emp01'), status: '001' },
    { kind: '002', name: '华东精密制造', company: '华东精密制造有限公司', note: '有产线外包需求，约200人', createdBy: user('emp01'), status: '001' },
  ]);
}

export const recruitSeed: ModuleSeed = { name: 'recruit', menus: recruitMenus, seed };
