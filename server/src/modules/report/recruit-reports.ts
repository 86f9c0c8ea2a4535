import { type SQL, sql } from 'drizzle-orm';
import { type Fact, factReport, rate } from './fact-report';
import type { GroupDef, ReportContext, ReportDef } from './report.types';
import { dictName, localDay, localMinute, orgName, scopeAndOrg, tsBetween, userName } from './report-sql';

/**
 * The recruitment reports. Every fact is scoped like the recruitment screens: by the unit of the
 * candidate (or demand) and its recruiter (a recruiter sees their team's and their own), filtered by
 * the chosen unit's subtree and the demand kind (RECRUITKIND: own or RPO).
 */

const G = {
  month: { key: 'month', title: '月份', label: 'month' },
  org: { key: 'org', title: '组织', label: 'org' },
  recruiter: { key: 'recruiter', title: '招聘专员', label: 'user' },
  interviewer: { key: 'interviewer', title: '面试官', label: 'user' },
  source: { key: 'source', title: '渠道', label: 'dict:RECRUITSOURCE' },
  demand: { key: 'demand', title: '招聘需求', label: 'demand' },
  round: { key: 'round', title: '面试轮次', label: 'dict:INTERVIEWROUND' },
  stage: { key: 'stage', title: '当前阶段', label: 'dict:CANDIDATESTAGE' },
  supplier: { key: 'supplier', title: '供应商', label: 'supplier' },
  kind: { key: 'kind', title: '需求类型', label: 'dict:RECRUITKIND' },
} satisfies Record<string, GroupDef>;

const candidateScope = (ctx: ReportContext): SQL => {
  const parts = [sql`d.deleted_at IS NULL`, scopeAndOrg(ctx, { orgId: sql`c.org_id`, ownerUserId: sql`c.recruiter_user_id` })];
  if (ctx.category) parts.push(sql`d.kind = ${ctx.category}`);
  return sql.join(parts, sql` AND `);
};
const demandScope = (ctx: ReportContext): SQL => {
  const parts = [sql`d.deleted_at IS NULL`, scopeAndOrg(ctx, { orgId: sql`d.org_id`, ownerUserId: sql`d.recruiter_user_id` })];
  if (ctx.category) parts.push(sql`d.kind = ${ctx.category}`);
  return sql.join(parts, sql` AND `);
};

const candidateColumns = {
  columns: [
    { key: 'talentName', title: '候选人' },
    { key: 'demandName', title: '招聘需求' },
    { key: 'stage', title: '当前阶段' },
    { key: 'source', title: '渠道' },
    { key: 'supplier', title: '供应商' },
    { key: 'recruiter', title: '招聘专员' },
    { key: 'addedOn', title: '加入日期' },
  ],
  joins: sql`LEFT JOIN recruit_talents tt ON tt.id = c.talent_id`,
  order: sql`c.created_at DESC, c.id DESC`,
};
const candidateSelect = (ctx: ReportContext) =>
  sql`tt.name AS "talentName", d.name AS "demandName", ${dictName('CANDIDATESTAGE', sql`c.stage`)} AS stage, ${dictName('RECRUITSOURCE', sql`c.source`)} AS source,
      (SELECT s.name FROM demand_supplies s WHERE s.id = tt.supply_id) AS supplier, ${userName(sql`c.recruiter_user_id`)} AS recruiter, ${localDay(ctx, sql`c.created_at`)} AS "addedOn"`;

/** Facts are built per call: their drill select lists read the business zone. */
function facts(ctx: ReportContext) {
  /** Candidates who entered a pipeline in the period (recruit_candidates.created_at). */
  const candidates: Fact = {
    from: sql`FROM recruit_candidates c JOIN recruit_demands d ON d.id = c.demand_id`,
    where: (x) => sql`${tsBetween(x, sql`c.created_at`, x.start, x.end)} AND ${candidateScope(x)}`,
    at: sql`c.created_at`,
    orgId: sql`c.org_id`,
    groups: { recruiter: sql`c.recruiter_user_id`, source: sql`c.source`, demand: sql`c.demand_id`, stage: sql`c.stage`, kind: sql`d.kind` },
    drill: { ...candidateColumns, select: candidateSelect(ctx) },
  };
  /** The same, for talents an outside supplier delivered (recruit_talents.supply_id). */
  const supplied: Fact = {
    ...candidates,
    from: sql`FROM recruit_candidates c JOIN recruit_demands d ON d.id = c.demand_id JOIN recruit_talents t ON t.id = c.talent_id AND t.supply_id IS NOT NULL`,
    groups: { ...candidates.groups, supplier: sql`t.supply_id` },
  };
  /** Interviews held (or planned) in the period, by their start (recruit_interviews.starts_at). */
  const interviews: Fact = {
    from: sql`FROM recruit_interviews i JOIN recruit_candidates c ON c.id = i.candidate_id JOIN recruit_demands d ON d.id = c.demand_id`,
    where: (x) => sql`${tsBetween(x, sql`i.starts_at`, x.start, x.end)} AND ${candidateScope(x)}`,
    at: sql`i.starts_at`,
    orgId: sql`c.org_id`,
    groups: {
      recruiter: sql`c.recruiter_user_id`,
      interviewer: sql`i.interviewer_user_id`,
      round: sql`i.round`,
      demand: sql`c.demand_id`,
      source: sql`c.source`,
      kind: sql`d.kind`,
    },
    drill: {
      columns: [
        { key: 'talentName', title: '候选人' },
        { key: 'demandName', title: '招聘需求' },
        { key: 'round', title: '轮次' },
        { key: 'interviewer', title: '面试官' },
        { key: 'startsAt', title: '面试时间' },
        { key: 'status', title: '结果' },
        { key: 'score', title: '评分' },
      ],
      joins: sql`LEFT JOIN recruit_talents tt ON tt.id = c.talent_id`,
      select: sql`tt.name AS "talentName", d.name AS "demandName", ${dictName('INTERVIEWROUND', sql`i.round`)} AS round, ${userName(sql`i.interviewer_user_id`)} AS interviewer,
                  ${localMinute(ctx, sql`i.starts_at`)} AS "startsAt", ${dictName('INTERVIEWSTATE', sql`i.status`)} AS status, i.score::int AS score`,
      order: sql`i.starts_at DESC, i.id DESC`,
    },
  };
  /** Offers submitted for approval in the period (recruit_offers.created_at; drafts left out). */
  const offers: Fact = {
    from: sql`FROM recruit_offers o JOIN recruit_candidates c ON c.id = o.candidate_id JOIN recruit_demands d ON d.id = c.demand_id`,
    where: (x) => sql`o.state <> 'draft' AND ${tsBetween(x, sql`o.created_at`, x.start, x.end)} AND ${candidateScope(x)}`,
    at: sql`o.created_at`,
    orgId: sql`c.org_id`,
    groups: { recruiter: sql`coalesce(o.recruiter_user_id, c.recruiter_user_id)`, demand: sql`c.demand_id`, source: sql`c.source`, kind: sql`d.kind` },
    drill: {
      columns: [
        { key: 'documentNo', title: 'Offer编号' },
        { key: 'talentName', title: '候选人' },
        { key: 'demandName', title: '招聘需求' },
        { key: 'positionName', title: '岗位' },
        { key: 'entryDate', title: '预计入职' },
        { key: 'employStage', title: '录用阶段' },
        { key: 'recruiter', title: '招聘专员' },
      ],
      joins: sql`LEFT JOIN recruit_talents tt ON tt.id = c.talent_id`,
      select: sql`o.document_no AS "documentNo", tt.name AS "talentName", d.name AS "demandName", o.position_name AS "positionName", o.entry_date::text AS "entryDate",
                  ${dictName('EMPLOYSTAGE', sql`o.employ_stage`)} AS "employStage", ${userName(sql`coalesce(o.recruiter_user_id, c.recruiter_user_id)`)} AS recruiter`,
      order: sql`o.created_at DESC, o.id DESC`,
    },
  };
  /** Hires handed to onboarding, by their entry date (recruit_hires.entry_date, else the day of the confirmation). */
  const hireDay = sql`coalesce(h.entry_date, (h.created_at AT TIME ZONE ${ctx.tz})::date)`;
  const hires: Fact = {
    from: sql`FROM recruit_hires h JOIN recruit_candidates c ON c.id = h.candidate_id JOIN recruit_demands d ON d.id = c.demand_id`,
    where: (x) => sql`h.status <> 'cancelled' AND ${hireDay} BETWEEN ${x.start}::date AND ${x.end}::date AND ${candidateScope(x)}`,
    at: hireDay,
    atIsDate: true,
    orgId: sql`c.org_id`,
    groups: { recruiter: sql`coalesce(h.recruiter_user_id, c.recruiter_user_id)`, source: sql`c.source`, demand: sql`h.demand_id`, kind: sql`d.kind` },
    drill: {
      columns: [
        { key: 'name', title: '姓名' },
        { key: 'demandName', title: '招聘需求' },
        { key: 'source', title: '渠道' },
        { key: 'orgName', title: '入职单位' },
        { key: 'positionName', title: '岗位' },
        { key: 'category', title: '人员类别' },
        { key: 'entryDate', title: '入职日期' },
        { key: 'status', title: '交接状态' },
        { key: 'recruiter', title: '招聘专员' },
      ],
      select: sql`h.name, d.name AS "demandName", ${dictName('RECRUITSOURCE', sql`c.source`)} AS source, ${orgName(sql`h.org_id`)} AS "orgName", h.position_name AS "positionName",
                  ${dictName('PERSONCATEGORY', sql`h.person_category`)} AS category, ${hireDay}::text AS "entryDate",
                  CASE h.status WHEN 'taken' THEN '已转入职' WHEN 'pending' THEN '待入职办理' ELSE h.status END AS status,
                  ${userName(sql`coalesce(h.recruiter_user_id, c.recruiter_user_id)`)} AS recruiter`,
      order: sql`${hireDay} DESC, h.id DESC`,
    },
  };
  /** Demands opened in the period (recruit_demands.created_at). */
  const demandDrill = {
    columns: [
      { key: 'demandNo', title: '需求编号' },
      { key: 'name', title: '需求名称' },
      { key: 'kind', title: '类型' },
      { key: 'status', title: '状态' },
      { key: 'headcount', title: '需求人数' },
      { key: 'recruiter', title: '招聘专员' },
      { key: 'createdOn', title: '创建日期' },
      { key: 'deadline', title: '截止日期' },
    ],
    select: sql`d.demand_no AS "demandNo", d.name, ${dictName('RECRUITKIND', sql`d.kind`)} AS kind, ${dictName('DEMANDSTATE', sql`d.status`)} AS status,
                (SELECT coalesce(sum(p.headcount), 0)::int FROM recruit_demand_posts p WHERE p.demand_id = d.id) AS headcount,
                ${userName(sql`d.recruiter_user_id`)} AS recruiter, ${localDay(ctx, sql`d.created_at`)} AS "createdOn", d.deadline::text AS deadline`,
    order: sql`d.created_at DESC, d.id DESC`,
  };
  const demands: Fact = {
    from: sql`FROM recruit_demands d`,
    where: (x) => sql`${tsBetween(x, sql`d.created_at`, x.start, x.end)} AND ${demandScope(x)}`,
    at: sql`d.created_at`,
    orgId: sql`d.org_id`,
    groups: { recruiter: sql`d.recruiter_user_id`, demand: sql`d.id`, kind: sql`d.kind` },
    drill: demandDrill,
  };
  /**
   * Demands in progress over the period: opened before its end and either still open (招聘中, 暂停)
   * or opened within it; cancelled ones left out. With their posts' head count and their candidates.
   */
  const progressWhere = (x: ReportContext) =>
    sql`d.status <> '004' AND d.created_at < ${sql`((${x.end}::date + 1)::timestamp AT TIME ZONE ${x.tz})`}
        AND (d.status IN ('001', '002') OR ${tsBetween(x, sql`d.created_at`, x.start, x.end)}) AND ${demandScope(x)}`;
  const progress: Fact = {
    // The candidates are folded per demand in one pass (a look-up per demand read them in random order).
    from: sql`FROM recruit_demands d
      LEFT JOIN (SELECT p.demand_id, sum(p.headcount)::int AS hc FROM recruit_demand_posts p GROUP BY p.demand_id) p ON p.demand_id = d.id
      LEFT JOIN (SELECT c.demand_id, count(*)::int AS n, count(*) FILTER (WHERE c.reached_stage >= '030')::int AS iv,
                        count(*) FILTER (WHERE c.reached_stage >= '060' AND c.stage <> '090')::int AS off,
                        count(*) FILTER (WHERE c.stage = '080')::int AS hired
                 FROM recruit_candidates c GROUP BY c.demand_id) cs ON cs.demand_id = d.id`,
    where: progressWhere,
    at: sql`d.created_at`,
    orgId: sql`d.org_id`,
    groups: { recruiter: sql`d.recruiter_user_id`, demand: sql`d.id`, kind: sql`d.kind` },
    drill: demandDrill,
  };
  /** The candidates of those demands, whenever they joined: what the progress figures count. */
  const progressCandidates: Fact = {
    from: sql`FROM recruit_candidates c JOIN recruit_demands d ON d.id = c.demand_id`,
    where: progressWhere,
    at: sql`d.created_at`,
    orgId: sql`d.org_id`,
    groups: progress.groups,
    drill: { ...candidateColumns, select: candidateSelect(ctx) },
  };
  return { candidates, supplied, interviews, offers, hires, demands, progress, progressCandidates };
}

type Facts = ReturnType<typeof facts>;

/** A recruitment report whose facts depend on the call (the business zone of its dates). */
function recruitReport(build: (f: Facts) => Parameters<typeof factReport>[0]): ReportDef {
  // The shape (groups, columns, charts) does not depend on the zone: built once with a neutral context.
  const shape = factReport(build(facts({ tz: 'UTC' } as ReportContext)));
  return {
    ...shape,
    run: (db, ctx) => factReport(build(facts(ctx))).run(db, ctx),
    drill: (ctx, rowKey, measure) => factReport(build(facts(ctx))).drill(ctx, rowKey, measure),
  };
}

const int = (key: string, title: string) => ({ key, title, kind: 'int' as const, drill: true });

export const recruitReports: ReportDef[] = [
  recruitReport((f) => ({
    code: 'zpInduction',
    title: '招聘入职统计',
    description: '招聘入职：经招聘录用并交接入职的人（录用确认入职，按入职日期），按渠道、月份、招聘专员、组织。',
    categoryDict: 'RECRUITKIND',
    groups: [G.source, G.month, G.recruiter, G.org, G.demand],
    measures: [
      { ...int('hires', '入职人数'), fact: f.hires },
      { ...int('ownStaff', '自有员工'), fact: f.hires, filter: sql`h.person_category = '001'` },
      { ...int('placed', '派遣/外包'), fact: f.hires, filter: sql`h.person_category IN ('002', '003')` },
      { ...int('taken', '已转入职'), fact: f.hires, filter: sql`h.status = 'taken'` },
      { ...int('candidates', '新增候选人'), fact: f.candidates },
      rate('hireRate', '入职转化率', 'hires', 'candidates'),
    ],
    charts: (g) =>
      g === 'month'
        ? [{ kind: 'bar', title: '每月招聘入职', measures: ['hires', 'candidates'] }]
        : [
            { kind: 'pie', title: '招聘入职构成', measures: ['hires'] },
            { kind: 'bar', title: '入职与候选人', measures: ['hires', 'candidates'] },
          ],
    sortBy: 'hires',
  })),
  recruitReport((f) => ({
    code: 'recruiterCapacity',
    title: '招聘专员产能',
    description: '每位招聘专员在期间内：新建需求、新增候选人、面试（不含取消）、提交的Offer、招聘入职。',
    categoryDict: 'RECRUITKIND',
    groups: [G.recruiter, G.month, G.org],
    measures: [
      { ...int('demands', '需求数'), fact: f.demands },
      { ...int('candidates', '候选人'), fact: f.candidates },
      { ...int('interviews', '面试'), fact: f.interviews, filter: sql`i.status <> '004'` },
      { ...int('offers', 'Offer'), fact: f.offers },
      { ...int('hires', '入职'), fact: f.hires },
      rate('hireRate', '入职转化率', 'hires', 'candidates'),
    ],
    charts: () => [{ kind: 'bar', title: '产能', measures: ['candidates', 'interviews', 'offers', 'hires'] }],
    sortBy: 'hires',
  })),
  recruitReport((f) => ({
    code: 'recruitmentProgress',
    title: '招聘进度',
    description: '期间内进行中的需求（期末仍在招聘或暂停，或期间内新建；已取消的除外）：需求人数、候选人、面试、Offer、已入职与完成率。',
    categoryDict: 'RECRUITKIND',
    groups: [G.demand, G.recruiter, G.org, G.kind, G.month],
    measures: [
      { ...int('demands', '需求数'), fact: f.progress },
      { ...int('headcount', '需求人数'), fact: f.progress, sum: sql`p.hc` },
      { ...int('candidates', '候选人'), fact: f.progress, sum: sql`cs.n`, drillFact: f.progressCandidates },
      { ...int('interviewed', '已面试'), fact: f.progress, sum: sql`cs.iv`, drillFact: f.progressCandidates, drillFilter: sql`c.reached_stage >= '030'` },
      {
        ...int('offered', '已发Offer'),
        fact: f.progress,
        sum: sql`cs.off`,
        drillFact: f.progressCandidates,
        drillFilter: sql`c.reached_stage >= '060' AND c.stage <> '090'`,
      },
      { ...int('hired', '已入职'), fact: f.progress, sum: sql`cs.hired`, drillFact: f.progressCandidates, drillFilter: sql`c.stage = '080'` },
      // Summed per demand: a demand filled beyond its head count does not hide another one's gap.
      { key: 'remaining', title: '缺口', kind: 'int', drill: false, fact: f.progress, sum: sql`greatest(coalesce(p.hc, 0) - coalesce(cs.hired, 0), 0)` },
      rate('fillRate', '完成率', 'hired', 'headcount'),
    ],
    charts: () => [
      { kind: 'bar', title: '需求人数与已入职', measures: ['headcount', 'hired'] },
      { kind: 'bar', title: '候选人推进', measures: ['candidates', 'interviewed', 'offered'] },
    ],
    sortBy: 'headcount',
  })),
  recruitReport((f) => ({
    code: 'interviewAccount',
    title: '面试台账',
    description: '期间内开始的面试（按面试时间）：安排、通过、未通过、取消，通过率 = 通过 ÷（通过 + 未通过）。',
    categoryDict: 'RECRUITKIND',
    groups: [G.month, G.interviewer, G.round, G.recruiter, G.demand],
    measures: [
      { ...int('interviews', '面试场次'), fact: f.interviews },
      { ...int('scheduled', '待面试'), fact: f.interviews, filter: sql`i.status = '001'` },
      { ...int('passed', '通过'), fact: f.interviews, filter: sql`i.status = '002'` },
      { ...int('failed', '未通过'), fact: f.interviews, filter: sql`i.status = '003'` },
      { ...int('cancelled', '已取消'), fact: f.interviews, filter: sql`i.status = '004'` },
      {
        key: 'passRate',
        title: '通过率',
        kind: 'percent',
        drill: false,
        derive: (v) => {
          const d = (v.passed ?? 0) + (v.failed ?? 0);
          return d ? Math.round(((v.passed ?? 0) / d) * 10000) / 100 : null;
        },
      },
    ],
    charts: (g) => [
      { kind: g === 'month' ? 'line' : 'bar', title: '面试场次', measures: ['interviews', 'passed', 'failed'] },
      { kind: 'pie', title: '面试场次构成', measures: ['interviews'] },
    ],
    sortBy: 'interviews',
  })),
  recruitReport((f) => ({
    code: 'candidateStatistic',
    title: '候选人统计',
    description: '期间内进入招聘流程的候选人（按加入日期），及其到达的最远阶段：初筛、面试、Offer、入职，淘汰与放弃按当前阶段。',
    categoryDict: 'RECRUITKIND',
    groups: [G.source, G.month, G.demand, G.recruiter, G.stage],
    measures: [
      { ...int('candidates', '候选人'), fact: f.candidates },
      { ...int('screened', '初筛通过'), fact: f.candidates, filter: sql`c.reached_stage >= '020'` },
      { ...int('interviewed', '进入面试'), fact: f.candidates, filter: sql`c.reached_stage >= '030'` },
      { ...int('offered', 'Offer已发'), fact: f.candidates, filter: sql`c.reached_stage >= '060'` },
      { ...int('hired', '已入职'), fact: f.candidates, filter: sql`c.stage = '080'` },
      { ...int('eliminated', '淘汰'), fact: f.candidates, filter: sql`c.stage = '090'` },
      { ...int('gaveUp', '放弃'), fact: f.candidates, filter: sql`c.stage = '095'` },
      rate('hireRate', '入职转化率', 'hired', 'candidates'),
    ],
    charts: (g) =>
      g === 'month'
        ? [{ kind: 'line', title: '每月候选人', measures: ['candidates', 'interviewed', 'hired'] }]
        : [
            { kind: 'pie', title: '候选人构成', measures: ['candidates'] },
            { kind: 'bar', title: '阶段推进', measures: ['candidates', 'screened', 'interviewed', 'offered', 'hired'] },
          ],
    sortBy: 'candidates',
  })),
  recruitReport((f) => ({
    code: 'outsideSuppliersRecruitmentStatistic',
    title: '外部供应商招聘统计',
    description: '外部供应商（猎头、RPO、劳务）推荐的人才在期间内进入招聘流程的候选人，及其面试、Offer、入职结果。',
    categoryDict: 'RECRUITKIND',
    groups: [G.supplier, G.month, G.demand, G.recruiter],
    measures: [
      { ...int('candidates', '推荐人数'), fact: f.supplied },
      { ...int('screened', '初筛通过'), fact: f.supplied, filter: sql`c.reached_stage >= '020'` },
      { ...int('interviewed', '进入面试'), fact: f.supplied, filter: sql`c.reached_stage >= '030'` },
      { ...int('offered', 'Offer已发'), fact: f.supplied, filter: sql`c.reached_stage >= '060'` },
      { ...int('hired', '已入职'), fact: f.supplied, filter: sql`c.stage = '080'` },
      rate('screenRate', '初筛通过率', 'screened', 'candidates'),
      rate('hireRate', '入职转化率', 'hired', 'candidates'),
    ],
    charts: () => [
      { kind: 'bar', title: '供应商推荐与结果', measures: ['candidates', 'interviewed', 'hired'] },
      { kind: 'pie', title: '推荐人数构成', measures: ['candidates'] },
    ],
    sortBy: 'candidates',
  })),
];
