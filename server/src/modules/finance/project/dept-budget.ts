import { BUDGET_TYPE, FIN_MSG } from '@erp/contract';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { orgUnits } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/business-time';
import { refuseImplausibleYear } from '../../../platform/controls/plausible-dates';
import type { Db } from '../../../platform/db';
import { notFound } from '../../../platform/errors';
import { attachment, workbookBuffer, XLSX_TYPE } from '../../../platform/resource/xlsx-export';
import { finBudgetSubjects, finDeptBudgetLines } from './project.schema';
import { checkBudgetLines } from './project-checks';
import type { LineValue } from './project-versions';
import { MONTHS } from './statistics';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows<T>).rows;

/**
 * A department's budget of a year = the budgets in force of its projects (their own department,
 * not the units below) + its own lines (rent, staff of the department itself…).
 */
export async function deptBudgetList(db: Db, user: Principal, year: number, deptId?: number | null) {
  const from = year * 100 + 1;
  const to = year * 100 + 12;
  const scope = dataScopeCondition(user, { orgId: sql`o.id` });
  const list = await rows<{ id: number; name: string; n: number; pi: string | null; po: string | null; pe: string | null; own: string | null }>(
    db,
    sql`WITH proj AS (
          SELECT f.dept_id, sum(f.amount) FILTER (WHERE f.budget_type = ${BUDGET_TYPE.income}) AS pi,
                 sum(f.amount) FILTER (WHERE f.budget_type = ${BUDGET_TYPE.outcome}) AS po,
                 sum(f.amount) FILTER (WHERE f.budget_type = ${BUDGET_TYPE.expense}) AS pe,
                 count(DISTINCT f.project_id)::int AS n
          FROM fin_budget_in_force f WHERE f.month BETWEEN ${from} AND ${to} GROUP BY f.dept_id),
        own AS (SELECT dept_id, sum(amount) AS own FROM fin_dept_budget_lines WHERE month BETWEEN ${from} AND ${to} GROUP BY dept_id)
        SELECT o.id, o.name, coalesce(proj.n, 0) AS n, proj.pi, proj.po, proj.pe, own.own
        FROM org_units o LEFT JOIN proj ON proj.dept_id = o.id LEFT JOIN own ON own.dept_id = o.id
        WHERE (proj.dept_id IS NOT NULL OR own.dept_id IS NOT NULL) AND ${scope} ${deptId ? sql`AND o.id = ${deptId}` : sql``}
        ORDER BY o.path`,
  );
  return list.map((r) => {
    const pi = Number(r.pi ?? 0);
    const po = Number(r.po ?? 0);
    const pe = Number(r.pe ?? 0);
    const own = Number(r.own ?? 0);
    return {
      deptId: r.id,
      deptName: r.name,
      projectCount: Number(r.n),
      projectIncome: pi,
      projectOutcome: po,
      projectExpense: pe,
      ownExpense: own,
      totalIncome: pi,
      totalCost: po + pe + own,
    };
  });
}

export async function deptInScope(db: Db, user: Principal, deptId: number) {
  const [d] = await db
    .select({ id: orgUnits.id, name: orgUnits.name, isClient: orgUnits.isClient })
    .from(orgUnits)
    .where(and(eq(orgUnits.id, deptId), dataScopeCondition(user, { orgId: orgUnits.id })));
  if (!d || d.isClient) throw notFound(FIN_MSG.deptUnknown);
  return d;
}

export async function deptBudgetDetail(db: Db, user: Principal, year: number, deptId: number) {
  await deptInScope(db, user, deptId);
  // A planned year stays near today (issue 34 §2): a budget for 2099 is a typo.
  refuseImplausibleYear(new BusinessCalendar(), `${year}-01-01`, '预算年度', 10, 2);
  const from = year * 100 + 1;
  const to = year * 100 + 12;
  const project = await rows<{ subject_id: number; month: number; amount: string }>(
    db,
    sql`SELECT subject_id, month, sum(amount) AS amount FROM fin_budget_in_force WHERE dept_id = ${deptId} AND month BETWEEN ${from} AND ${to} GROUP BY 1, 2`,
  );
  const own = await db
    .select()
    .from(finDeptBudgetLines)
    .where(and(eq(finDeptBudgetLines.deptId, deptId), between(finDeptBudgetLines.month, from, to)));
  const subjects = await db.select().from(finBudgetSubjects).orderBy(finBudgetSubjects.budgetType, finBudgetSubjects.sort);
  return subjects
    .map((s) => {
      const p = new Array<number>(12).fill(0);
      const o = new Array<number>(12).fill(0);
      for (const r of project) if (r.subject_id === s.id) p[(r.month % 100) - 1] = Number(r.amount);
      for (const r of own) if (r.subjectId === s.id) o[(r.month % 100) - 1] = r.amount;
      const total = p.reduce((a, b) => a + b, 0) + o.reduce((a, b) => a + b, 0);
      return { subjectId: s.id, subjectCode: s.code, subjectName: s.name, budgetType: s.budgetType, project: p, own: o, total, enabled: s.enabled };
    })
    .filter((r) => r.enabled || r.total !== 0)
    .map(({ enabled: _e, ...r }) => r);
}

/** Replaces the department's own lines of the year: months of that year, enabled subjects, one line per subject and month. */
export async function updateDeptBudget(db: Db, user: Principal, year: number, deptId: number, lines: LineValue[]) {
  await deptInScope(db, user, deptId);
  // A planned year stays near today (issue 34 §2): a budget for 2099 is a typo.
  refuseImplausibleYear(new BusinessCalendar(), `${year}-01-01`, '预算年度', 10, 2);
  const from = year * 100 + 1;
  const to = year * 100 + 12;
  await checkBudgetLines(db, lines, from, to, (month) => `月份必须在${year}年内：${month}`);
  // Line by line, not delete-and-insert: each line's versions are the department's 操作记录 (issue 34
  // §4), so a save records only the amounts it changed, and a removed line is a deletion by its saver.
  await db.transaction(async (tx) => {
    const inYear = and(eq(finDeptBudgetLines.deptId, deptId), between(finDeptBudgetLines.month, from, to));
    const existing = await tx.select().from(finDeptBudgetLines).where(inYear).for('update');
    const key = (l: { subjectId: number; month: number }) => `${l.subjectId}:${l.month}`;
    const wanted = new Map(lines.filter((l) => l.amount !== 0).map((l) => [key(l), l]));
    const gone = existing.filter((e) => !wanted.has(key(e))).map((e) => e.id);
    if (gone.length) {
      await tx.update(finDeptBudgetLines).set({ updatedBy: user.userId, updatedAt: new Date() }).where(inArray(finDeptBudgetLines.id, gone));
      await tx.delete(finDeptBudgetLines).where(inArray(finDeptBudgetLines.id, gone));
    }
    const had = new Map(existing.map((e) => [key(e), e]));
    const changed = [...wanted.values()].filter((l) => had.get(key(l))?.amount !== l.amount);
    if (changed.length)
      await tx
        .insert(finDeptBudgetLines)
        .values(changed.map((l) => ({ deptId, subjectId: l.subjectId, month: l.month, amount: l.amount, createdBy: user.userId, updatedBy: user.userId })))
        .onConflictDoUpdate({
          target: [finDeptBudgetLines.deptId, finDeptBudgetLines.subjectId, finDeptBudgetLines.month],
          set: { amount: sql`excluded.amount`, updatedBy: user.userId, updatedAt: new Date() },
        });
  });
  return deptBudgetDetail(db, user, year, deptId);
}

const yuan = (fen: number) => Number((fen / 100).toFixed(2));

export async function sendDeptBudgetSheet(db: Db, user: Principal, reply: FastifyReply, year: number, deptId: number) {
  const dept = await deptInScope(db, user, deptId);
  const detail = await deptBudgetDetail(db, user, year, deptId);
  const header = ['科目编码', '预算科目', '来源', ...MONTHS, '合计（元）'];
  const body = detail.flatMap((r) => [
    [r.subjectCode, r.subjectName, '项目预算', ...r.project.map(yuan), yuan(r.project.reduce((a, b) => a + b, 0))],
    [r.subjectCode, r.subjectName, '部门预算', ...r.own.map(yuan), yuan(r.own.reduce((a, b) => a + b, 0))],
  ]);
  const buffer = await workbookBuffer(`${year}年部门预算`, header, body);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${dept.name}${year}年部门预算.xlsx`))
    .send(buffer);
}
