import type { DrillResult, ReportCard, ReportResult, ReportRow } from '@erp/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { type Db, queryRows } from '../../platform/db';

/**
 * The report centre on a known data set: a unit 报表测试部 (under 信息技术部, so its manager sees it)
 * with two teams, nine people with known entry and last working days, two demands with six candidates,
 * their interviews, offers and one hire, all in the first quarter of 2025. Every figure is checked
 * exactly; then the permissions, the data scope, bad filters, drill-downs and exports.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const P = '/report_api/report/';
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(P + path, body, tokens[who]);
const Q1 = { from: '2025-01', to: '2025-03' };

async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, q);
  return row as T;
}

async function addUnit(code: string, name: string, parentId: number): Promise<number> {
  const { id } = await one<{ id: number }>(
    s.db,
    sql`INSERT INTO org_units (code, name, type, parent_id, path, depth) SELECT ${code}, ${name}, 'team', p.id, '/', p.depth + 1 FROM org_units p WHERE p.id = ${parentId} RETURNING id`,
  );
  await s.db.execute(sql`UPDATE org_units o SET path = p.path || o.id || '/' FROM org_units p WHERE o.id = ${id} AND p.id = o.parent_id`);
  return id;
}

async function addEmployee(code: string, unit: number, category: string, entry: string, leave: string | null, client: number | null = null): Promise<void> {
  await s.db.execute(sql`
    WITH u AS (INSERT INTO users (user_code, real_name, password_hash, org_id) VALUES (${code}, ${`测试${code}`}, 'x', ${unit}) RETURNING id)
    INSERT INTO employees (user_id, employee_code, name, org_id, person_category, entry_date, leave_date, employ_state, status, client_company_id)
    SELECT u.id, ${code.toUpperCase()}, ${`测试${code}`}, ${unit}, ${category}, ${entry}::date, ${leave}::date,
           ${leave ? '005' : '002'}, ${leave ? '005' : '003'}, ${client} FROM u`);
}

async function seedKnownData(): Promise<void> {
  const org = async (code: string) => (await one<{ id: number }>(s.db, sql`SELECT id FROM org_units WHERE code = ${code}`)).id;
  const user = async (code: string) => (await one<{ id: number }>(s.db, sql`SELECT id FROM users WHERE user_code = ${code}`)).id;
  ids.root = await addUnit('RPT0', '报表测试部', await org('D004'));
  ids.a = await addUnit('RPT1', '报表甲组', ids.root);
  ids.b = await addUnit('RPT2', '报表乙组', ids.root);
  ids.c900 = await org('C900');
  ids.c901 = await org('C901');
  await addEmployee('rt1', ids.a, '001', '2024-12-15', null);
  await addEmployee('rt2', ids.a, '001', '2025-01-10', '2025-03-31');
  await addEmployee('rt3', ids.b, '002', '2025-02-01', null, ids.c900);
  await addEmployee('rt4', ids.b, '001', '2025-02-20', '2025-02-25');
  await addEmployee('rt5', ids.a, '003', '2024-06-01', '2025-01-15', ids.c901);
  await addEmployee('rt6', ids.root, '001', '2025-03-05', null);
  await addEmployee('rt8', ids.a, '001', '2025-04-10', null);
  await addEmployee('rt9', ids.a, '001', '2024-01-01', '2024-11-30');

  for (const u of ['user01', 'user02', 'user03', 'user04']) ids[u] = await user(u);
  const demand = async (no: string, kind: string, recruiter: number, created: string, heads: number[]) => {
    const { id } = await one<{ id: number }>(
      s.db,
      sql`INSERT INTO recruit_demands (demand_no, name, kind, org_id, recruiter_user_id, status, created_at) VALUES (${no}, ${`需求${no}`}, ${kind}, ${ids.root}, ${recruiter}, '001', ${created}::timestamptz) RETURNING id`,
    );
    for (const h of heads) await s.db.execute(sql`INSERT INTO recruit_demand_posts (demand_id, post_name, headcount) VALUES (${id}, '岗位', ${h})`);
    return id;
  };
  ids.x1 = await demand('RPTX1', '001', ids.user01 as number, '2025-01-05 10:00+08', [3, 2]);
  ids.x2 = await demand('RPTX2', '002', ids.user02 as number, '2025-02-10 10:00+08', [2]);
  const sup = async (code: string) => (await one<{ id: number }>(s.db, sql`SELECT id FROM demand_supplies WHERE code = ${code}`)).id;
  const ladder = ['010', '020', '030', '040', '050', '060', '070', '080'];
  const candidate = async (
    name: string,
    demandId: number,
    at: string,
    reached: string,
    stage: string,
    source: string,
    recruiter: number,
    supply: number | null,
  ) => {
    const { id: talentId } = await one<{ id: number }>(
      s.db,
      sql`INSERT INTO recruit_talents (name, source, supply_id, org_id) VALUES (${name}, ${source}, ${supply}, ${ids.root}) RETURNING id`,
    );
    const { id } = await one<{ id: number }>(
      s.db,
      sql`INSERT INTO recruit_candidates (talent_id, demand_id, stage, stage_at, source, recruiter_user_id, org_id, created_at)
          VALUES (${talentId}, ${demandId}, ${stage}, ${at}::timestamptz, ${source}, ${recruiter}, ${ids.root}, ${at}::timestamptz) RETURNING id`,
    );
    const path = ladder.slice(0, ladder.indexOf(reached) + 1);
    if (stage >= '090') path.push(stage);
    for (const [i, st] of path.entries())
      await s.db.execute(
        sql`INSERT INTO recruit_stage_events (candidate_id, demand_id, from_stage, to_stage, at) VALUES (${id}, ${demandId}, ${path[i - 1] ?? null}, ${st}, ${at}::timestamptz + ${i} * interval '1 hour')`,
      );
    return id;
  };
  const u1 = ids.user01 as number;
  const u2 = ids.user02 as number;
  ids.c1 = await candidate('候选一', ids.x1, '2025-01-10 10:00+08', '080', '080', '001', u1, null);
  ids.c2 = await candidate('候选二', ids.x1, '2025-01-20 10:00+08', '030', '090', '002', u1, null);
  ids.c3 = await candidate('候选三', ids.x1, '2025-02-05 10:00+08', '040', '040', '001', u1, null);
  ids.c4 = await candidate('候选四', ids.x2, '2025-02-15 10:00+08', '060', '060', '003', u2, await sup('SUP001'));
  ids.c5 = await candidate('候选五', ids.x2, '2025-03-01 10:00+08', '020', '095', '003', u2, await sup('SUP002'));
  ids.c6 = await candidate('候选六', ids.x2, '2025-03-20 10:00+08', '010', '010', '004', u2, null);
  const interview = (c: number, at: string, status: string, who: number) =>
    s.db.execute(
      sql`INSERT INTO recruit_interviews (candidate_id, round, interviewer_user_id, starts_at, ends_at, status) VALUES (${c}, '001', ${who}, ${at}::timestamptz, ${at}::timestamptz + interval '1 hour', ${status})`,
    );
  const u3 = ids.user03 as number;
  const u4 = ids.user04 as number;
  await interview(ids.c1, '2025-01-15 10:00+08', '002', u3);
  await interview(ids.c2, '2025-01-25 10:00+08', '003', u3);
  await interview(ids.c3, '2025-02-10 10:00+08', '002', u4);
  await interview(ids.c4, '2025-02-20 10:00+08', '002', u4);
  await interview(ids.c4, '2025-02-25 10:00+08', '004', u3);
  await interview(ids.c3, '2025-04-02 10:00+08', '001', u4);
  const offer = async (c: number, at: string, state: string, employ: string | null) =>
    (
      await one<{ id: number }>(
        s.db,
        sql`INSERT INTO recruit_offers (candidate_id, monthly_salary, state, employ_stage, created_at) VALUES (${c}, 1500000, ${state}, ${employ}, ${at}::timestamptz) RETURNING id`,
      )
    ).id;
  const o1 = await offer(ids.c1, '2025-01-20 10:00+08', 'passed', '006');
  await offer(ids.c4, '2025-02-28 10:00+08', 'passed', '002');
  await offer(ids.c3, '2025-03-10 10:00+08', 'draft', null);
  await s.db.execute(sql`
    INSERT INTO recruit_hires (offer_id, candidate_id, talent_id, demand_id, name, org_id, person_category, entry_date, monthly_salary, probation_months, recruiter_user_id, status)
    SELECT ${o1}, c.id, c.talent_id, c.demand_id, '候选一', ${ids.root}, '001', '2025-02-01', 1500000, 3, ${u1}, 'taken' FROM recruit_candidates c WHERE c.id = ${ids.c1}`);
}

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'hr01', 'mgr01', 'rec01', 'emp01']) tokens[u] = await s.login(u);
  await seedKnownData();
});
afterAll(() => s.close());

const report = async (who: string, body: Record<string, unknown>) => {
  const r = await call<ReportResult>(who, 'query', body);
  expect(r.code, r.message).toBe('200');
  return r.data;
};
/** Rows by label, each its values; the total under 合计. */
const table = (r: ReportResult) => Object.fromEntries([...r.rows, r.total].map((row: ReportRow) => [row.label, row.values]));

describe('head count, entries and departures on the known unit', () => {
  it('yyTotal per month: opening, entries, departures, closing, and each month starts where the last ended', async () => {
    const r = await report('hr01', { report: 'yyTotal', ...Q1, orgId: ids.root });
    expect(r.groupBy).toBe('month');
    expect(r.asOf).toBe('2025-03-31');
    expect(table(r)).toEqual({
      '2025-01': { opening: 2, entries: 1, departures: 1, closing: 2, net: 0 },
      '2025-02': { opening: 2, entries: 2, departures: 1, closing: 3, net: 1 },
      '2025-03': { opening: 3, entries: 1, departures: 1, closing: 3, net: 0 },
      合计: { opening: 2, entries: 4, departures: 3, closing: 3, net: 1 },
    });
  });

  it('yyTotal per organisation, category and client (the anchor unit keeps its own members)', async () => {
    const byOrg = table(await report('hr01', { report: 'yyTotal', ...Q1, orgId: ids.root, groupBy: 'org' }));
    expect(byOrg).toEqual({
      报表甲组: { opening: 2, entries: 1, departures: 2, closing: 1, net: -1 },
      报表乙组: { opening: 0, entries: 2, departures: 1, closing: 1, net: 1 },
      报表测试部: { opening: 0, entries: 1, departures: 0, closing: 1, net: 1 },
      合计: { opening: 2, entries: 4, departures: 3, closing: 3, net: 1 },
    });
    const byCategory = table(await report('hr01', { report: 'yyTotal', ...Q1, orgId: ids.root, groupBy: 'category' }));
    expect(byCategory).toMatchObject({
      正式员工: { opening: 1, entries: 3, departures: 2, closing: 2 },
      合计: { opening: 2, entries: 4, departures: 3, closing: 3 },
    });
    expect(Object.keys(byCategory)).toHaveLength(4);
    const byClient = table(await report('hr01', { report: 'yyTotal', ...Q1, orgId: ids.root, groupBy: 'client' }));
    expect(byClient['本公司（非派遣）']).toMatchObject({ opening: 1, entries: 3, departures: 2, closing: 2 });
    expect(byClient.华信科技有限公司).toMatchObject({ opening: 0, entries: 1, departures: 0, closing: 1 });
    expect(byClient.远景智能制造股份有限公司).toMatchObject({ opening: 1, entries: 0, departures: 1, closing: 0 });
    const onlyDispatched = await report('hr01', { report: 'yyTotal', ...Q1, orgId: ids.root, category: '002' });
    expect(onlyDispatched.total.values).toEqual({ opening: 0, entries: 1, departures: 0, closing: 1, net: 1 });
  });

  it('yyInduction and yyDeparture: rates over the average of opening and closing', async () => {
    const dep = table(await report('hr01', { report: 'yyDeparture', ...Q1, orgId: ids.root }));
    expect(dep).toEqual({
      '2025-01': { departures: 1, opening: 2, closing: 2, average: 2, turnover: 50 },
      '2025-02': { departures: 1, opening: 2, closing: 3, average: 2.5, turnover: 40 },
      '2025-03': { departures: 1, opening: 3, closing: 3, average: 3, turnover: 33.33 },
      合计: { departures: 3, opening: 2, closing: 3, average: 2.5, turnover: 120 },
    });
    const ind = table(await report('hr01', { report: 'yyInduction', ...Q1, orgId: ids.root }));
    expect(ind['2025-02']).toEqual({ entries: 2, opening: 2, closing: 3, average: 2.5, entryRate: 80 });
    expect(ind.合计).toEqual({ entries: 4, opening: 2, closing: 3, average: 2.5, entryRate: 160 });
  });

  it('drills to the people behind a figure: a month, a group, the total', async () => {
    const codes = async (body: Record<string, unknown>) => {
      const r = await call<DrillResult>('hr01', 'drill', { report: 'yyTotal', ...Q1, orgId: ids.root, ...body });
      expect(r.code, r.message).toBe('200');
      return r.data.records.map((x) => x.employeeCode).sort();
    };
    expect(await codes({ rowKey: '2025-02', measure: 'entries' })).toEqual(['RT3', 'RT4']);
    expect(await codes({ rowKey: '2025-01', measure: 'opening' })).toEqual(['RT1', 'RT5']);
    expect(await codes({ rowKey: '__total__', measure: 'closing' })).toEqual(['RT1', 'RT3', 'RT6']);
    expect(await codes({ rowKey: '__total__', measure: 'departures' })).toEqual(['RT2', 'RT4', 'RT5']);
    expect(await codes({ rowKey: String(ids.a), measure: 'departures', groupBy: 'org' })).toEqual(['RT2', 'RT5']);
    const page = await call<DrillResult>('hr01', 'drill', {
      report: 'yyTotal',
      ...Q1,
      orgId: ids.root,
      rowKey: '__total__',
      measure: 'departures',
      pageSize: 2,
      pageIndex: 2,
    });
    expect(page.data).toMatchObject({ total: 3, pageIndex: 2, pageSize: 2 });
    expect(page.data.records).toHaveLength(1);
    expect(page.data.columns.map((c) => c.title)).toContain('最后工作日');
    const notDrillable = await call('hr01', 'drill', { report: 'yyTotal', ...Q1, rowKey: '__total__', measure: 'net' });
    expect([notDrillable.status, notDrillable.message]).toEqual([400, '该指标不能查看明细']);
  });
});

describe('recruitment reports on the known demands', () => {
  const base = { ...Q1, orgId: 0 };
  beforeAll(() => {
    base.orgId = ids.root as number;
  });

  it('candidateStatistic per channel, and per demand kind', async () => {
    const r = table(await report('hr01', { report: 'candidateStatistic', ...base }));
    expect(r.合计).toEqual({ candidates: 6, screened: 5, interviewed: 4, offered: 2, hired: 1, eliminated: 1, gaveUp: 1, hireRate: 16.67 });
    expect(r.招聘网站).toMatchObject({ candidates: 2, hired: 1, hireRate: 50 });
    expect(r.内部推荐).toMatchObject({ candidates: 1, eliminated: 1, interviewed: 1 });
    const rpo = await report('hr01', { report: 'candidateStatistic', ...base, category: '002' });
    expect(rpo.total.values).toMatchObject({ candidates: 3, screened: 2, offered: 1, hired: 0 });
  });

  it('interviewAccount per month: held, passed, failed, cancelled and the pass rate', async () => {
    const r = table(await report('hr01', { report: 'interviewAccount', ...base }));
    expect(r).toEqual({
      '2025-01': { interviews: 2, scheduled: 0, passed: 1, failed: 1, cancelled: 0, passRate: 50 },
      '2025-02': { interviews: 3, scheduled: 0, passed: 2, failed: 0, cancelled: 1, passRate: 100 },
      '2025-03': { interviews: 0, scheduled: 0, passed: 0, failed: 0, cancelled: 0, passRate: null },
      合计: { interviews: 5, scheduled: 0, passed: 3, failed: 1, cancelled: 1, passRate: 75 },
    });
  });

  it('recruiterCapacity per recruiter: demands, candidates, interviews (not cancelled), offers (not drafts), hires', async () => {
    const r = await report('hr01', { report: 'recruiterCapacity', ...base });
    const byKey = Object.fromEntries(r.rows.map((row) => [row.key, row.values]));
    expect(byKey[String(ids.user01)]).toEqual({ demands: 1, candidates: 3, interviews: 3, offers: 1, hires: 1, hireRate: 33.33 });
    expect(byKey[String(ids.user02)]).toEqual({ demands: 1, candidates: 3, interviews: 1, offers: 1, hires: 0, hireRate: 0 });
    expect(r.total.values).toEqual({ demands: 2, candidates: 6, interviews: 4, offers: 2, hires: 1, hireRate: 16.67 });
  });

  it('zpInduction per channel and recruitmentProgress per demand', async () => {
    const zp = table(await report('hr01', { report: 'zpInduction', ...base }));
    expect(zp.招聘网站).toEqual({ hires: 1, ownStaff: 1, placed: 0, taken: 1, candidates: 2, hireRate: 50 });
    expect(zp.合计).toEqual({ hires: 1, ownStaff: 1, placed: 0, taken: 1, candidates: 6, hireRate: 16.67 });
    const pr = await report('hr01', { report: 'recruitmentProgress', ...base });
    const byKey = Object.fromEntries(pr.rows.map((row) => [row.key, row.values]));
    expect(byKey[String(ids.x1)]).toEqual({ demands: 1, headcount: 5, candidates: 3, interviewed: 3, offered: 1, hired: 1, remaining: 4, fillRate: 20 });
    expect(byKey[String(ids.x2)]).toEqual({ demands: 1, headcount: 2, candidates: 3, interviewed: 1, offered: 1, hired: 0, remaining: 2, fillRate: 0 });
    expect(pr.rows.find((row) => row.key === String(ids.x1))?.label).toBe('需求RPTX1（RPTX1）');
    const drilled = await call<DrillResult>('hr01', 'drill', { report: 'recruitmentProgress', ...base, rowKey: String(ids.x1), measure: 'interviewed' });
    expect(drilled.data.records.map((x) => x.talentName).sort()).toEqual(['候选一', '候选三', '候选二']);
  });

  it('by organisation: the chosen unit keeps its own records, and a unit row drills to them', async () => {
    const r = await report('hr01', { report: 'recruiterCapacity', ...base, groupBy: 'org' });
    expect(r.rows.map((row) => [row.label, row.values.candidates, row.values.hires])).toEqual([['报表测试部', 6, 1]]);
    const drilled = await call<DrillResult>('hr01', 'drill', {
      report: 'recruiterCapacity',
      ...base,
      groupBy: 'org',
      rowKey: r.rows[0]?.key,
      measure: 'candidates',
    });
    expect(drilled.data.total).toBe(6);
    const none = await call<DrillResult>('hr01', 'drill', {
      report: 'recruiterCapacity',
      ...base,
      groupBy: 'org',
      rowKey: String(ids.a),
      measure: 'candidates',
    });
    expect(none.data.total).toBe(0);
  });

  it('outsideSuppliersRecruitmentStatistic per supplier', async () => {
    const r = await report('hr01', { report: 'outsideSuppliersRecruitmentStatistic', ...base });
    expect(r.rows).toHaveLength(2);
    expect(r.total.values).toEqual({ candidates: 2, screened: 2, interviewed: 1, offered: 1, hired: 0, screenRate: 100, hireRate: 0 });
    const drilled = await call<DrillResult>('hr01', 'drill', {
      report: 'outsideSuppliersRecruitmentStatistic',
      ...base,
      rowKey: '__total__',
      measure: 'interviewed',
    });
    expect(drilled.data.records.map((x) => x.talentName)).toEqual(['候选四']);
  });
});

describe('who sees what', () => {
  it('the entrance lists the reports a role may open', async () => {
    const codes = async (who: string) => (await call<ReportCard[]>(who, 'entrance')).data.map((c) => c.code);
    expect(await codes('hr01')).toHaveLength(9);
    expect(await codes('mgr01')).toEqual(['yyTotal', 'yyInduction', 'yyDeparture', 'recruitmentProgress']);
    expect(await codes('rec01')).not.toContain('yyTotal');
    expect(await codes('emp01')).toEqual([]);
  });

  it('answers in English when the client asks for it: the texts of the report, not its data or figures', async () => {
    const en = { headers: { 'accept-language': 'en-US' } };
    const cards = await s.post<ReportCard[]>(`${P}entrance`, {}, tokens.hr01, en);
    expect(cards.data.find((c) => c.code === 'yyTotal')?.title).toBe('Head count overview');
    const body = { report: 'yyTotal', ...Q1, groupBy: 'org', orgId: ids.root };
    const english = await s.post<ReportResult>(`${P}query`, body, tokens.hr01, en);
    const chinese = await report('hr01', body);
    expect([english.data.title, english.data.groupTitle, english.data.total.label]).toEqual(['Head count overview', 'Organisation', 'Total']);
    expect(english.data.columns.map((c) => c.key)).toEqual(chinese.columns.map((c) => c.key));
    expect(english.data.columns.every((c) => !/[\u4e00-\u9fa5]/.test(c.title))).toBe(true);
    expect(english.data.rows).toEqual(chinese.rows);
    const drill = await s.post<{ title: string; columns: Array<{ title: string }> }>(
      `${P}drill`,
      { ...body, rowKey: '__total__', measure: english.data.columns.find((c) => c.drill)?.key },
      tokens.hr01,
      en,
    );
    expect(drill.data.columns.map((c) => c.title)).toContain('Name');
  });

  it('a report without its permission is refused', async () => {
    const rec = await call('rec01', 'query', { report: 'yyTotal', ...Q1 });
    expect([rec.status, rec.message]).toEqual([403, '没有权限查看该报表']);
    const emp = await call('emp01', 'export', { report: 'candidateStatistic', ...Q1 });
    expect(emp.status).toBe(403);
  });

  it('a manager counts within their department: the known unit under it, nothing of another', async () => {
    const mine = await report('mgr01', { report: 'yyTotal', ...Q1, orgId: ids.root });
    expect(mine.total.values).toEqual({ opening: 2, entries: 4, departures: 3, closing: 3, net: 1 });
    const other = await call('mgr01', 'query', {
      report: 'yyTotal',
      ...Q1,
      orgId: (await one<{ id: number }>(s.db, sql`SELECT id FROM org_units WHERE code = 'D002'`)).id,
    });
    expect([other.status, other.message]).toEqual([403, '无权查看该组织的数据']);
    // Without a unit: the manager's department and below, which is what HR sees for that department.
    const d004 = (await one<{ id: number }>(s.db, sql`SELECT id FROM org_units WHERE code = 'D004'`)).id;
    const scoped = await report('mgr01', { report: 'yyTotal', from: '2025-01', to: '2025-12', groupBy: 'org' });
    const hr = await report('hr01', { report: 'yyTotal', from: '2025-01', to: '2025-12', groupBy: 'org', orgId: d004 });
    expect(scoped.total.values).toEqual(hr.total.values);
    expect(scoped.rows.map((r) => r.label)).toContain('报表测试部');
    const drill = await call('mgr01', 'drill', {
      report: 'yyTotal',
      ...Q1,
      orgId: (await one<{ id: number }>(s.db, sql`SELECT id FROM org_units WHERE code = 'C002'`)).id,
      rowKey: '__total__',
      measure: 'closing',
    });
    expect(drill.status).toBe(403);
  });

  it('a recruiter sees their team: the known demands of another unit are not counted', async () => {
    const out = await call('rec01', 'query', { report: 'candidateStatistic', ...Q1, orgId: ids.root });
    expect(out.status).toBe(403);
    const all = await report('rec01', { report: 'candidateStatistic', ...Q1 });
    expect(all.total.values.candidates).toBe(0);
  });
});

describe('bad filters change nothing and say why', () => {
  it.each([
    [{ report: 'yyTotal', from: '2025-03', to: '2025-01' }, '结束月份不能早于开始月份'],
    [{ report: 'yyTotal', from: '2023-01', to: '2025-01' }, '统计期间不能超过24个月'],
    [{ report: 'yyTotal', from: '2025-01', to: '2999-01' }, '结束月份不能晚于本月'],
    [{ report: 'yyTotal', ...Q1, groupBy: 'interviewer' }, '该报表不支持此统计维度'],
    [{ report: 'yyTotal', ...Q1, category: '999' }, '类别不存在'],
    [{ report: 'yyTotal', ...Q1, orgId: 999999 }, '组织不存在'],
  ])('%j', async (body, message) => {
    const r = await call('hr01', 'query', body);
    expect([r.status, r.message]).toEqual([400, message]);
  });

  it('refuses malformed months and unknown reports by validation', async () => {
    expect((await call('hr01', 'query', { report: 'yyTotal', from: '2025-13', to: '2025-14' })).status).toBe(400);
    expect((await call('hr01', 'query', { report: 'nope', ...Q1 })).status).toBe(400);
    expect((await call('hr01', 'drill', { report: 'yyTotal', ...Q1, rowKey: "x' OR 1=1 --", measure: 'closing', groupBy: 'org' })).data).toMatchObject({
      total: 0,
    });
  });
});

describe('exports', () => {
  async function sheet(path: string, body: unknown) {
    const res = await fetch(s.url + P + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.hr01}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('the report as shown: the dimension, every column, the total last', async () => {
    const rows = await sheet('export', { report: 'yyDeparture', ...Q1, orgId: ids.root });
    expect(rows).toEqual([
      ['月份', '离职人数', '期初人数', '期末人数', '平均人数', '离职率（%）'],
      ['2025-01', 1, 2, 2, 2, 50],
      ['2025-02', 1, 2, 3, 2.5, 40],
      ['2025-03', 1, 3, 3, 3, 33.33],
      ['合计', 3, 2, 3, 2.5, 120],
    ]);
  });

  it('the records behind a figure', async () => {
    const rows = await sheet('drillExport', { report: 'yyTotal', ...Q1, orgId: ids.root, rowKey: '2025-02', measure: 'entries' });
    expect(rows[0]?.slice(0, 2)).toEqual(['工号', '姓名']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['RT3', 'RT4']);
  });
});

describe('head count reconciles on the demo data', () => {
  it('every month ends with the previous month plus entries minus departures, and today with the roster', async () => {
    const now = new Date();
    const to = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const fromDate = new Date(now.getFullYear(), now.getMonth() - 23, 1);
    const from = `${fromDate.getFullYear()}-${String(fromDate.getMonth() + 1).padStart(2, '0')}`;
    const r = await report('admin', { report: 'yyTotal', from, to });
    expect(r.total.values.departures).toBeGreaterThan(20);
    expect(r.total.values.entries).toBeGreaterThan(20);
    let previous: number | null = null;
    for (const row of r.rows) {
      const v = row.values as Record<string, number>;
      expect(v.closing).toBe((v.opening ?? 0) + (v.entries ?? 0) - (v.departures ?? 0));
      if (previous !== null) expect(v.opening).toBe(previous);
      previous = v.closing ?? 0;
    }
    const { n } = await one<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM employees WHERE entry_date <= ${r.asOf}::date AND (leave_date IS NULL OR leave_date > ${r.asOf}::date)`,
    );
    expect(r.total.values.closing).toBe(n);
    // Every dimension splits the same people.
    for (const groupBy of ['org', 'category', 'client'])
      expect((await report('admin', { report: 'yyTotal', from, to, groupBy })).total.values).toEqual(r.total.values);
  });
});
