import { BUDGET_TYPE, type BudgetSummary, type PeriodRow, type PeriodTable, type ProjectPeriodRow } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import { orgSubtreeIds } from '../../../platform/auth/org-subtree';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { likePattern } from '../../../platform/resource/filters';

/**
 * The budget statistics. Everything is read from `fin_budget_in_force` (the budget each month of
 * each project is governed by) and `fin_project_actuals`, summed by month in SQL; quarters and years
 * are sums of those months here, so a quarter is the sum of its months by construction and a
 * department the sum of its projects (docs/domain/finance-projects.md).
 *
 * Company- and unit-wide questions (no project filter, data scope all) read the sums the triggers
 * keep: `fin_budget_rollup` (a unit's whole subtree per subject and month) and `fin_budget_dept_years`
 * (each department's own year per type), kept from `fin_budget_totals` (per department, subject and
 * month). `totals: 'dept'` reads `fin_budget_totals` itself, as these calls did before the rollup:
 * the API tests hold the two to the same answers.
 */
export interface StatsScope {
  projectId?: number | null;
  deptId?: number | null;
  clientOrgId?: number | null;
  projectType?: string;
  keyword?: string;
  year: number;
  /** Which kept sums the company- and unit-wide questions read (default the rollup; never from a request). */
  totals?: 'rollup' | 'dept';
}

export const QUARTERS = ['第一季度', '第二季度', '第三季度', '第四季度'];
export const MONTHS = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);
export const TYPE_NAMES: Record<string, string> = { [BUDGET_TYPE.income]: '收入', [BUDGET_TYPE.outcome]: '成本', [BUDGET_TYPE.expense]: '费用' };

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as Rows<T>).rows;
}

/**
 * Conditions on a table aliased `f` (project_id, dept_id) for a scope: the projects table is
 * joined only when the user's data scope or a filter needs a project column.
 */
function scopeOf(user: Principal | null, s: StatsScope, table: 'fin_budget_in_force' | 'fin_project_actuals', base = false) {
  const parts: SQL[] = [sql`f.month BETWEEN ${s.year * 100 + 1} AND ${s.year * 100 + 12}`];
  // Company- or department-wide questions read the totals the triggers keep.
  const totals = companyWide(user, s, base);
  if (totals && s.totals !== 'dept') {
    // The unit's subtree (0: everything) per subject and month; a row no department row is summed in stands for none.
    parts.push(sql`f.kind = ${table === 'fin_budget_in_force' ? 'b' : 'a'}`, sql`f.org_id = ${Number(s.deptId ?? 0)}`, sql`f.rows > 0`);
    return { from: sql`fin_budget_rollup f`, dept: null, where: sql.join(parts, sql` AND `) };
  }
  if (totals) {
    parts.push(sql`f.kind = ${table === 'fin_budget_in_force' ? 'b' : 'a'}`);
    if (s.deptId) parts.push(sql`f.dept_id IN (${orgSubtreeIds(Number(s.deptId))})`);
    return { from: sql`fin_budget_totals f`, dept: sql`f.dept_id`, where: sql.join(parts, sql` AND `) };
  }
  const needsProject = Boolean(
    base || s.clientOrgId || s.projectType || s.keyword || table === 'fin_project_actuals' || (user && user.dataScope.kind !== 'all'),
  );
  const from = needsProject ? sql`${sql.raw(table)} f JOIN fin_projects p ON p.id = f.project_id` : sql`${sql.raw(table)} f`;
  const dept = needsProject ? sql`p.dept_id` : sql`f.dept_id`;
  if (s.projectId) parts.push(sql`f.project_id = ${s.projectId}`);
  if (s.deptId) parts.push(sql`${dept} IN (${orgSubtreeIds(Number(s.deptId))})`);
  if (s.clientOrgId) parts.push(sql`p.client_org_id = ${s.clientOrgId}`);
  if (s.projectType) parts.push(sql`p.project_type = ${s.projectType}`);
  if (s.keyword) parts.push(sql`(p.name ILIKE ${likePattern(s.keyword)} OR p.project_no ILIKE ${likePattern(s.keyword)})`);
  if (user && user.dataScope.kind !== 'all') parts.push(dataScopeCondition(user, { orgId: sql`p.dept_id`, ownerUserId: sql`p.manager_user_id` }));
  return { from, dept, where: sql.join(parts, sql` AND `) };
}

/** Whether a question is company- or unit-wide: read from the kept totals. */
const companyWide = (user: Principal | null, s: StatsScope, base = false) =>
  !base && !s.projectId && !s.clientOrgId && !s.projectType && !s.keyword && (!user || user.dataScope.kind === 'all');

type Keyed = { k: string; month: number; amount: string | number };

/** Sums by a key expression and month, for the budget and the actuals. */
async function byKeyAndMonth(db: Db, user: Principal | null, s: StatsScope, key: SQL | ((dept: SQL) => SQL), extra?: SQL) {
  // A key by department needs the department of each row: not the rollup's.
  const scope = typeof key === 'function' && s.totals !== 'dept' ? { ...s, totals: 'dept' as const } : s;
  const read = async (table: 'fin_budget_in_force' | 'fin_project_actuals') => {
    const { from, where, dept } = scopeOf(user, scope, table);
    return rows<Keyed>(
      db,
      sql`SELECT ${typeof key === 'function' ? key(dept ?? sql`f.dept_id`) : key} AS k, f.month AS month, sum(f.amount) AS amount FROM ${from} WHERE ${where}${extra ? sql` AND ${extra}` : sql``} GROUP BY 1, 2`,
    );
  };
  const [budget, actual] = await Promise.all([read('fin_budget_in_force'), read('fin_project_actuals')]);
  return { budget, actual };
}

/** 12 monthly values per key. */
function monthly(list: Keyed[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of list) {
    const values = out.get(String(r.k)) ?? new Array<number>(12).fill(0);
    values[(r.month % 100) - 1] = (values[(r.month % 100) - 1] ?? 0) + Number(r.amount);
    out.set(String(r.k), values);
  }
  return out;
}

const toQuarters = (m: number[]) => [0, 1, 2, 3].map((q) => (m[q * 3] ?? 0) + (m[q * 3 + 1] ?? 0) + (m[q * 3 + 2] ?? 0));
const sum = (a: number[]) => a.reduce((t, x) => t + x, 0);
const zeros = (n: number) => new Array<number>(n).fill(0);

function table(
  keys: Array<{ key: string; name: string; budgetType: string | null }>,
  budget: Map<string, number[]>,
  actual: Map<string, number[]>,
  shape: (m: number[]) => number[],
  periods: string[],
): PeriodTable {
  const rowsOut: PeriodRow[] = keys.map((k) => {
    const b = shape(budget.get(k.key) ?? zeros(12));
    const a = shape(actual.get(k.key) ?? zeros(12));
    return { key: k.key, name: k.name, budgetType: k.budgetType, budget: b, actual: a, budgetTotal: sum(b), actualTotal: sum(a) };
  });
  return { periods, rows: rowsOut };
}

const TYPE_KEYS = Object.entries(TYPE_NAMES).map(([code, name]) => ({ key: code, name, budgetType: code }));

/** Budget and actual per type (income, outcome, expense) and quarter or month, with profit. */
export async function typeTable(db: Db, user: Principal | null, s: StatsScope, by: 'quarter' | 'month'): Promise<PeriodTable> {
  const { budget, actual } = await byKeyAndMonth(db, user, s, sql`f.budget_type`);
  const b = monthly(budget);
  const a = monthly(actual);
  const profit = (m: Map<string, number[]>) =>
    zeros(12).map((_, i) => (m.get(BUDGET_TYPE.income)?.[i] ?? 0) - (m.get(BUDGET_TYPE.outcome)?.[i] ?? 0) - (m.get(BUDGET_TYPE.expense)?.[i] ?? 0));
  b.set('profit', profit(b));
  a.set('profit', profit(a));
  const keys = [...TYPE_KEYS, { key: 'profit', name: '毛利', budgetType: null }];
  return by === 'quarter' ? table(keys, b, a, toQuarters, QUARTERS) : table(keys, b, a, (m) => m, MONTHS);
}

async function subjects(db: Db, budgetType?: string) {
  return rows<{ id: number; name: string; budget_type: string }>(
    db,
    sql`SELECT id, name, budget_type FROM fin_budget_subjects ${budgetType ? sql`WHERE budget_type = ${budgetType}` : sql``} ORDER BY budget_type, sort, id`,
  );
}

/** Per subject: the 12 months of the year, or the 3 months of a quarter, or one month. */
export async function subjectTable(
  db: Db,
  user: Principal | null,
  s: StatsScope,
  opts: { quarter?: number; month?: number; budgetType?: string } = {},
): Promise<PeriodTable> {
  const extra = opts.budgetType ? sql`f.budget_type = ${opts.budgetType}` : undefined;
  const { budget, actual } = await byKeyAndMonth(db, user, s, sql`f.subject_id`, extra);
  const b = monthly(budget);
  const a = monthly(actual);
  const list = await subjects(db, opts.budgetType);
  // Subjects with nothing in the period are left out, except when a single type is asked for.
  const used = list.filter((x) => opts.budgetType || b.has(String(x.id)) || a.has(String(x.id)));
  const keys = used.map((x) => ({ key: String(x.id), name: x.name, budgetType: x.budget_type }));
  if (opts.quarter) {
    const q = opts.quarter - 1;
    return table(keys, b, a, (m) => m.slice(q * 3, q * 3 + 3), MONTHS.slice(q * 3, q * 3 + 3));
  }
  if (opts.month) return table(keys, b, a, (m) => [m[(opts.month as number) - 1] ?? 0], [MONTHS[(opts.month as number) - 1] as string]);
  return table(keys, b, a, (m) => m, MONTHS);
}

/** Totals of the scope for the year (or, with `allYears`, the project's whole period). */
export async function summary(db: Db, user: Principal | null, s: StatsScope, allYears = false): Promise<BudgetSummary> {
  const totals = async (t: 'fin_budget_in_force' | 'fin_project_actuals') => {
    type R = { t: string; amount: string };
    if (allYears)
      return rows<R>(db, sql`SELECT f.budget_type AS t, sum(f.amount) AS amount FROM ${sql.raw(t)} f WHERE f.project_id = ${s.projectId ?? 0} GROUP BY 1`);
    const { from, where } = scopeOf(user, s, t);
    return rows<R>(db, sql`SELECT f.budget_type AS t, sum(f.amount) AS amount FROM ${from} WHERE ${where} GROUP BY 1`);
  };
  const [b, a] = await Promise.all([totals('fin_budget_in_force'), totals('fin_project_actuals')]);
  const pick = (list: Array<{ t: string; amount: string }>, t: string) => Number(list.find((r) => r.t === t)?.amount ?? 0);
  const projects = await projectTotals(db, user, s, allYears);
  const bi = pick(b, BUDGET_TYPE.income);
  const bo = pick(b, BUDGET_TYPE.outcome);
  const be = pick(b, BUDGET_TYPE.expense);
  const ai = pick(a, BUDGET_TYPE.income);
  const ao = pick(a, BUDGET_TYPE.outcome);
  const ae = pick(a, BUDGET_TYPE.expense);
  return {
    projectCount: projects.count,
    contractAmount: projects.amount,
    budgetIncome: bi,
    budgetOutcome: bo,
    budgetExpense: be,
    budgetProfit: bi - bo - be,
    actualIncome: ai,
    actualOutcome: ao,
    actualExpense: ae,
    actualProfit: ai - ao - ae,
  };
}

/** The approved projects of the scope running in the year, and their contract amounts. */
export function projectWhere(user: Principal | null, s: StatsScope, allYears = false): SQL {
  const parts: SQL[] = [sql`p.deleted_at IS NULL`, sql`p.version_no > 0`];
  if (!allYears) parts.push(sql`p.start_date <= make_date(${s.year}::int, 12, 31) AND p.end_date >= make_date(${s.year}::int, 1, 1)`);
  if (s.projectId) parts.push(sql`p.id = ${s.projectId}`);
  if (s.deptId) parts.push(sql`p.dept_id IN (${orgSubtreeIds(Number(s.deptId))})`);
  if (s.clientOrgId) parts.push(sql`p.client_org_id = ${s.clientOrgId}`);
  if (s.projectType) parts.push(sql`p.project_type = ${s.projectType}`);
  if (s.keyword) parts.push(sql`(p.name ILIKE ${likePattern(s.keyword)} OR p.project_no ILIKE ${likePattern(s.keyword)})`);
  if (user && user.dataScope.kind !== 'all') parts.push(dataScopeCondition(user, { orgId: sql`p.dept_id`, ownerUserId: sql`p.manager_user_id` }));
  return sql.join(parts, sql` AND `);
}

async function projectTotals(db: Db, user: Principal | null, s: StatsScope, allYears: boolean) {
  const [r] = await rows<{ n: number; amount: string | null }>(
    db,
    sql`SELECT count(*)::int AS n, sum(p.contract_amount) AS amount FROM fin_projects p WHERE ${projectWhere(user, s, allYears)}`,
  );
  return { count: Number(r?.n ?? 0), amount: Number(r?.amount ?? 0) };
}

/** The year's budget and actual per department and type, keyed `dept:type`. */
async function deptTypeTotals(db: Db, user: Principal | null, s: StatsScope) {
  const sums = (list: Keyed[]) => {
    const out = new Map<string, number>();
    for (const r of list) out.set(String(r.k), (out.get(String(r.k)) ?? 0) + Number(r.amount));
    return out;
  };
  const { budget, actual } = await byKeyAndMonth(db, user, s, (dept) => sql`${dept}::text || ':' || f.budget_type`);
  return { budget: sums(budget), actual: sums(actual) };
}

type DeptRow = {
  id: number;
  name: string;
  n: number | null;
  amount: string | null;
  bi: string | null;
  bo: string | null;
  be: string | null;
  ai: string | null;
  ao: string | null;
  ae: string | null;
};

/**
 * The departments holding projects of the scope running in the year, each with its projects' count
 * and contract amounts and its own year per type as the triggers keep it (fin_budget_dept_years), in
 * one statement: one row per department.
 */
function deptRowsKept(db: Db, user: Principal | null, s: StatsScope): Promise<DeptRow[]> {
  const t = (kind: string, type: string) => sql`sum(y.amount) FILTER (WHERE y.kind = ${kind} AND y.budget_type = ${type})`;
  return rows<DeptRow>(
    db,
    sql`SELECT o.id, o.name, d.n, d.amount, t.bi, t.bo, t.be, t.ai, t.ao, t.ae
        FROM (SELECT p.dept_id, count(*)::int AS n, sum(p.contract_amount) AS amount FROM fin_projects p WHERE ${projectWhere(user, s)} GROUP BY 1) d
        JOIN org_units o ON o.id = d.dept_id
        LEFT JOIN (
          SELECT y.dept_id, ${t('b', BUDGET_TYPE.income)} AS bi, ${t('b', BUDGET_TYPE.outcome)} AS bo, ${t('b', BUDGET_TYPE.expense)} AS be,
                 ${t('a', BUDGET_TYPE.income)} AS ai, ${t('a', BUDGET_TYPE.outcome)} AS ao, ${t('a', BUDGET_TYPE.expense)} AS ae
          FROM fin_budget_dept_years y WHERE y.kind IN ('a', 'b') AND y.year = ${s.year} GROUP BY y.dept_id) t ON t.dept_id = d.dept_id
        ORDER BY o.id`,
  );
}

/** The same rows from the per-department totals summed by month (and for a reader with a narrower scope, from the projects' rows). */
async function deptRowsSummed(db: Db, user: Principal | null, s: StatsScope): Promise<DeptRow[]> {
  const { budget, actual } = await deptTypeTotals(db, user, s);
  const names = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT DISTINCT o.id, o.name FROM fin_projects p JOIN org_units o ON o.id = p.dept_id WHERE ${projectWhere(user, s)}`,
  );
  const counts = await rows<{ dept_id: number; n: number; amount: string }>(
    db,
    sql`SELECT p.dept_id, count(*)::int AS n, sum(p.contract_amount) AS amount FROM fin_projects p WHERE ${projectWhere(user, s)} GROUP BY 1`,
  );
  const countOf = new Map(counts.map((c) => [c.dept_id, c]));
  const total = (sums: Map<string, number>, dept: number, type: string) => String(sums.get(`${dept}:${type}`) ?? 0);
  return names
    .sort((a, b) => a.id - b.id)
    .map((d) => ({
      id: d.id,
      name: d.name,
      n: countOf.get(d.id)?.n ?? null,
      amount: countOf.get(d.id)?.amount ?? null,
      bi: total(budget, d.id, BUDGET_TYPE.income),
      bo: total(budget, d.id, BUDGET_TYPE.outcome),
      be: total(budget, d.id, BUDGET_TYPE.expense),
      ai: total(actual, d.id, BUDGET_TYPE.income),
      ao: total(actual, d.id, BUDGET_TYPE.outcome),
      ae: total(actual, d.id, BUDGET_TYPE.expense),
    }));
}

/**
 * A page of departments (by id) from the kept rows: the page is chosen from the projects first, then
 * each of its departments reads its year by primary key, so a call costs the page, not the 2,000
 * departments a company-wide summary holds.
 */
async function deptPageKept(db: Db, user: Principal | null, s: StatsScope, limit: number, offset: number) {
  const t = (kind: string, type: string) => sql`sum(y.amount) FILTER (WHERE y.kind = ${kind} AND y.budget_type = ${type})`;
  const list = await rows<DeptRow & { total: number }>(
    db,
    // The total is its own scalar count: a window count over the groups made every call aggregate
    // all 2,000 departments (14 ms) where the page alone stops after its 20 (0.1 ms).
    sql`SELECT o.id, o.name, d.n, d.amount, t.bi, t.bo, t.be, t.ai, t.ao, t.ae,
          (SELECT count(DISTINCT p.dept_id)::int FROM fin_projects p JOIN org_units po ON po.id = p.dept_id WHERE ${projectWhere(user, s)}) AS total
        FROM (SELECT p.dept_id, count(*)::int AS n, sum(p.contract_amount) AS amount
              FROM fin_projects p JOIN org_units po ON po.id = p.dept_id WHERE ${projectWhere(user, s)}
              GROUP BY 1 ORDER BY 1 LIMIT ${limit} OFFSET ${offset}) d
        JOIN org_units o ON o.id = d.dept_id
        LEFT JOIN LATERAL (
          SELECT ${t('b', BUDGET_TYPE.income)} AS bi, ${t('b', BUDGET_TYPE.outcome)} AS bo, ${t('b', BUDGET_TYPE.expense)} AS be,
                 ${t('a', BUDGET_TYPE.income)} AS ai, ${t('a', BUDGET_TYPE.outcome)} AS ao, ${t('a', BUDGET_TYPE.expense)} AS ae
          FROM fin_budget_dept_years y WHERE y.kind IN ('a', 'b') AND y.year = ${s.year} AND y.dept_id = d.dept_id) t ON true
        ORDER BY o.id`,
  );
  let total = list[0]?.total;
  if (total === undefined && offset > 0) {
    const [r] = await rows<{ n: number }>(
      db,
      sql`SELECT count(DISTINCT p.dept_id)::int AS n FROM fin_projects p JOIN org_units po ON po.id = p.dept_id WHERE ${projectWhere(user, s)}`,
    );
    total = r?.n;
  }
  return { list, total: total ?? 0 };
}

/** A page of the per-department summary (what the statistics screen shows). */
export async function deptSummaryPage(db: Db, user: Principal | null, s: StatsScope & { pageIndex: number; pageSize: number }) {
  const offset = (s.pageIndex - 1) * s.pageSize;
  if (companyWide(user, s) && s.totals !== 'dept') {
    const { list, total } = await deptPageKept(db, user, s, s.pageSize, offset);
    return { records: list.map(deptSummaryOf), total, pageIndex: s.pageIndex, pageSize: s.pageSize };
  }
  const all = await deptSummaries(db, user, s);
  return { records: all.slice(offset, offset + s.pageSize), total: all.length, pageIndex: s.pageIndex, pageSize: s.pageSize };
}

/** Per department (the unit a project belongs to): the year's totals, every department (the export). */
export async function deptSummaries(db: Db, user: Principal | null, s: StatsScope) {
  const list = companyWide(user, s) && s.totals !== 'dept' ? await deptRowsKept(db, user, s) : await deptRowsSummed(db, user, s);
  return list.map(deptSummaryOf);
}

function deptSummaryOf(d: DeptRow) {
  const [bi, bo, be, ai, ao, ae] = [d.bi, d.bo, d.be, d.ai, d.ao, d.ae].map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  return {
    deptId: d.id,
    deptName: d.name,
    projectCount: Number(d.n ?? 0),
    contractAmount: Number(d.amount ?? 0),
    budgetIncome: bi,
    budgetOutcome: bo,
    budgetExpense: be,
    budgetProfit: bi - bo - be,
    actualIncome: ai,
    actualOutcome: ao,
    actualExpense: ae,
    actualProfit: ai - ao - ae,
  };
}

/** Income per client and quarter. */
export async function incomeByClient(db: Db, user: Principal | null, s: StatsScope): Promise<PeriodTable> {
  const read = async (t: 'fin_budget_in_force' | 'fin_project_actuals') => {
    const { where } = scopeOf(user, s, t, true);
    return rows<Keyed>(
      db,
      sql`SELECT p.client_org_id::text AS k, f.month, sum(f.amount) AS amount FROM ${sql.raw(t)} f JOIN fin_projects p ON p.id = f.project_id WHERE ${where} AND f.budget_type = ${BUDGET_TYPE.income} GROUP BY 1, 2`,
    );
  };
  const [budget, actual] = await Promise.all([read('fin_budget_in_force'), read('fin_project_actuals')]);
  const clients = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT DISTINCT o.id, o.name FROM fin_projects p JOIN org_units o ON o.id = p.client_org_id WHERE ${projectWhere(user, s)} ORDER BY o.id`,
  );
  return table(
    clients.map((c) => ({ key: String(c.id), name: c.name, budgetType: BUDGET_TYPE.income })),
    monthly(budget),
    monthly(actual),
    toQuarters,
    QUARTERS,
  );
}

/** A page of projects with income, outcome, expense and profit per quarter or month. */
export async function projectPeriodPage(
  db: Db,
  user: Principal | null,
  s: StatsScope & { pageIndex: number; pageSize: number },
  by: 'quarter' | 'month',
): Promise<{ records: ProjectPeriodRow[]; total: number; pageIndex: number; pageSize: number }> {
  const where = projectWhere(user, s);
  const page = await rows<{ id: number; project_no: string | null; name: string; dept_name: string | null; client_name: string | null; total: number }>(
    db,
    sql`SELECT p.id, p.project_no, p.name, d.name AS dept_name, c.name AS client_name, count(*) OVER ()::int AS total
        FROM fin_projects p LEFT JOIN org_units d ON d.id = p.dept_id LEFT JOIN org_units c ON c.id = p.client_org_id
        WHERE ${where} ORDER BY p.start_date DESC, p.id DESC LIMIT ${s.pageSize} OFFSET ${(s.pageIndex - 1) * s.pageSize}`,
  );
  const ids = page.map((p) => p.id);
  const lines = ids.length
    ? await rows<{ project_id: number; budget_type: string; month: number; amount: string }>(
        db,
        sql`SELECT project_id, budget_type, month, sum(amount) AS amount FROM fin_budget_in_force
            WHERE project_id IN (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}) AND month BETWEEN ${s.year * 100 + 1} AND ${s.year * 100 + 12} GROUP BY 1, 2, 3`,
      )
    : [];
  const shape = (m: number[]) => (by === 'quarter' ? toQuarters(m) : m);
  const records = page.map((p) => {
    const of = (t: string) => {
      const m = zeros(12);
      for (const l of lines) if (l.project_id === p.id && l.budget_type === t) m[(l.month % 100) - 1] = Number(l.amount);
      return shape(m);
    };
    const income = of(BUDGET_TYPE.income);
    const outcome = of(BUDGET_TYPE.outcome);
    const expense = of(BUDGET_TYPE.expense);
    const profit = income.map((v, i) => v - (outcome[i] ?? 0) - (expense[i] ?? 0));
    return {
      projectId: p.id,
      projectNo: p.project_no,
      projectName: p.name,
      deptName: p.dept_name,
      clientName: p.client_name,
      income,
      outcome,
      expense,
      profit,
      totalIncome: sum(income),
      totalProfit: sum(profit),
    };
  });
  return { records, total: Number(page[0]?.total ?? 0), pageIndex: s.pageIndex, pageSize: s.pageSize };
}

/** Contract income per project: the contract, the stages falling due in the year, budget and actual income. */
export async function contractIncomePage(db: Db, user: Principal | null, s: StatsScope & { pageIndex: number; pageSize: number }) {
  const y = s.year;
  const list = await rows<{
    id: number;
    project_no: string | null;
    name: string;
    client_name: string | null;
    contract_amount: string;
    stage_amount: string | null;
    budget_income: string | null;
    actual_income: string | null;
    total: number;
  }>(
    db,
    sql`SELECT p.id, p.project_no, p.name, c.name AS client_name, p.contract_amount,
          (SELECT sum(st.amount) FROM fin_project_stages st WHERE st.project_id = p.id AND st.end_date BETWEEN make_date(${y}::int, 1, 1) AND make_date(${y}::int, 12, 31)) AS stage_amount,
          (SELECT sum(f.amount) FROM fin_budget_in_force f WHERE f.project_id = p.id AND f.budget_type = ${BUDGET_TYPE.income} AND f.month BETWEEN ${y * 100 + 1} AND ${y * 100 + 12}) AS budget_income,
          (SELECT sum(a.amount) FROM fin_project_actuals a WHERE a.project_id = p.id AND a.budget_type = ${BUDGET_TYPE.income} AND a.month BETWEEN ${y * 100 + 1} AND ${y * 100 + 12}) AS actual_income,
          count(*) OVER ()::int AS total
        FROM fin_projects p LEFT JOIN org_units c ON c.id = p.client_org_id
        WHERE ${projectWhere(user, s)} ORDER BY p.start_date DESC, p.id DESC LIMIT ${s.pageSize} OFFSET ${(s.pageIndex - 1) * s.pageSize}`,
  );
  return {
    records: list.map((r) => ({
      projectId: r.id,
      projectNo: r.project_no,
      projectName: r.name,
      clientName: r.client_name,
      contractAmount: Number(r.contract_amount),
      stageAmount: Number(r.stage_amount ?? 0),
      budgetIncome: Number(r.budget_income ?? 0),
      actualIncome: Number(r.actual_income ?? 0),
    })),
    total: Number(list[0]?.total ?? 0),
    pageIndex: s.pageIndex,
    pageSize: s.pageSize,
  };
}
