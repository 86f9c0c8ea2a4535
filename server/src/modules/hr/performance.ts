import { HR_DOC_MSG, HR_DOC_PERM, PERFORMANCE_PROCESS_KEY, type PerformanceRecord, performanceMeta, type ZPerformanceForm } from '@erp/contract';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users, wfTasks } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { equals, inOrgSubtree } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { assertReadable, documentJoins, documentKeyword, documentSelect, taskCommands } from './hr-document-kit';
import { PERFORMANCE_PROCESS_XML } from './hr-document-processes';
import { type PerformanceItem, performanceEvaluations } from './hr-documents.schema';
import { employeeById } from './positive.repository';

type Form = z.output<typeof ZPerformanceForm>;
const t = performanceEvaluations;
const judge = alias(users, 'perf_judge');
const calendar = new BusinessCalendar();

/** Weighted score of the items in tenths (weights add up to 100). */
export function weightedTenths(items: Array<{ weight: number; score: number }>): number {
  return Math.round(items.reduce((sum, i) => sum + i.weight * i.score, 0) / 10);
}

/** S ≥ 90, A ≥ 80, B ≥ 70, C ≥ 60, D below (PERFGRADE). */
export function gradeOf(tenths: number): string {
  if (tenths >= 900) return 'S';
  if (tenths >= 800) return 'A';
  if (tenths >= 700) return 'B';
  if (tenths >= 600) return 'C';
  return 'D';
}

/** A scoring step: a node whose id starts with `judge` (the designer keeps node ids). */
export const isJudgeNode = (nodeId: string) => nodeId.startsWith('judge');

export const performanceDocument = defineDocument({
  processKey: PERFORMANCE_PROCESS_KEY,
  prefix: 'JX',
  name: '绩效考核',
  table: t,
  columns: { id: t.id, state: t.state, instanceId: t.processInstanceId, documentNo: t.documentNo },
  defaultDefinitionXml: PERFORMANCE_PROCESS_XML,
  // A scoring step passes only with the scores, however it is passed (the process centre's generic
  // pass included); a send back or resubmission asks for them again.
  async onStep(tx, row, e) {
    if (e.action === 'pass' && e.nodeId && isJudgeNode(e.nodeId) && (row.judgeScoreTenths === null || row.judgeUserId !== e.userId))
      throw badRequest(HR_DOC_MSG.judgeFirst);
    if ((e.action === 'rollback' || e.action === 'resubmit') && row.judgeScoreTenths !== null)
      await tx.update(t).set({ judgeScoreTenths: null, grade: null, judgeUserId: null, updatedAt: new Date() }).where(eq(t.id, row.id));
  },
});

export const performanceResource = defineResource<PerformanceRecord, typeof t>({
  meta: performanceMeta,
  table: t,
  idColumn: t.id,
  select: {
    ...documentSelect(t),
    periodType: t.periodType,
    period: t.period,
    items: sql<PerformanceRecord['items']>`${t.items}`,
    selfSummary: t.selfSummary,
    selfScore: sql<number>`(${t.selfScoreTenths}::float8 / 10)`,
    judgeScore: sql<number | null>`(${t.judgeScoreTenths}::float8 / 10)`,
    grade: sql<string>`coalesce(${t.grade}, '')`,
    judgeComment: sql<string>`coalesce(${t.judgeComment}, '')`,
    judgeUserName: sql<string>`coalesce(${judge.realName}, '')`,
  },
  joins: [...documentJoins(t), { table: judge, on: eq(judge.id, t.judgeUserId) }],
  filters: {
    keyword: documentKeyword(t),
    employeeName: documentKeyword(t),
    orgId: inOrgSubtree(t.orgId),
    state: equals(t.state),
    periodType: equals(t.periodType),
    period: equals(t.period),
    grade: equals(t.grade),
  },
  sortable: { createdAt: t.createdAt, period: t.period, judgeScore: t.judgeScoreTenths },
  defaultOrder: [desc(t.period), desc(t.createdAt)],
  scope: { orgId: t.orgId, ownerUserId: t.userId },
});

const commands = taskCommands(performanceDocument);

/** The list: my own; with the list permission, everything in my data scope. */
export function performancePage(db: Db, user: Principal, input: Parameters<typeof performanceResource.page>[1] & { mine?: boolean }) {
  const own = input.mine || !hasPermission(user, HR_DOC_PERM.performanceList);
  return performanceResource.page(db, input, user, own ? eq(t.userId, user.userId) : undefined);
}

export function performanceBatches(db: Db, user: Principal, input: Record<string, unknown>) {
  return performanceResource.batches(db, input, user);
}

export async function performanceDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<PerformanceRecord> {
  const row = ref.id ? await performanceDocument.row(db, ref.id) : await performanceDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('绩效考核不存在');
  await assertReadable(db, user, row, HR_DOC_PERM.performanceList);
  return performanceResource.detail(db, row.id, null);
}

function checkPeriod(form: Form): void {
  const monthly = form.periodType === '001';
  if (monthly !== form.period.includes('-')) throw badRequest(monthly ? '月度考核的考核期格式为 YYYY-MM' : '年度考核的考核期格式为 YYYY');
  const now = monthly ? calendar.month() : String(calendar.year());
  if (form.period > now) throw badRequest(HR_DOC_MSG.futurePeriod);
  if (form.items.reduce((s, i) => s + i.weight, 0) !== 100) throw badRequest(HR_DOC_MSG.weights);
}

/** My self-evaluation, submitted to my judge at once. One per person and period (unless rejected or revoked). */
export async function addPerformance(db: Db, user: Principal, form: Form) {
  if (!user.employeeId) throw badRequest(HR_DOC_MSG.noEmployee);
  checkPeriod(form);
  const emp = await employeeById(db, user.employeeId);
  if (!emp) throw badRequest(HR_DOC_MSG.noEmployee);
  const items: PerformanceItem[] = form.items.map((i) => ({ name: i.name, weight: i.weight, target: i.target, selfScore: i.selfScore, judgeScore: null }));
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.employeeId, emp.id), eq(t.periodType, form.periodType), eq(t.period, form.period), notInArray(t.state, ['rejected', 'revoked'])))
      .limit(1);
    if (taken) throw conflict(HR_DOC_MSG.periodTaken);
    // The unique index settles a race of two submissions (a duplicate click): the second is refused.
    const [row] = await tx
      .insert(t)
      .values({
        employeeId: emp.id,
        userId: user.userId,
        orgId: emp.orgId,
        periodType: form.periodType,
        period: form.period,
        items,
        selfSummary: form.selfSummary,
        selfScoreTenths: weightedTenths(items.map((i) => ({ weight: i.weight, score: i.selfScore }))),
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(HR_DOC_MSG.periodTaken);
    const label = form.periodType === '001' ? `${form.period} 月度绩效` : `${form.period} 年度绩效`;
    await performanceDocument.submit(tx, { id: row.id, userId: user.userId, title: `${emp.name} ${label}`, vars: { employeeId: emp.id, orgId: emp.orgId } });
    const after = await performanceDocument.row(tx, row.id);
    return { id: after.id, documentNo: after.documentNo ?? '', state: after.state, processInstanceId: after.processInstanceId };
  });
}

async function nodeOfTask(db: Db, taskId: number): Promise<string> {
  const [task] = await db.select({ nodeId: wfTasks.nodeId }).from(wfTasks).where(eq(wfTasks.id, taskId));
  if (!task) throw notFound('任务不存在');
  return task.nodeId;
}

/** The judge scores each item and passes the scoring step, in one transaction. */
export async function judgeApproval(db: Db, user: Principal, input: { taskId: number; scores: number[]; comment: string; message?: string | null }) {
  return db.transaction(async (tx) => {
    const { task, row } = await performanceDocument.task(tx, input.taskId);
    if (!isJudgeNode(task.nodeId)) throw badRequest(HR_DOC_MSG.notJudgeStep);
    if (input.scores.length !== row.items.length) throw badRequest(HR_DOC_MSG.judgeScores);
    const items = row.items.map((i, k) => ({ ...i, judgeScore: input.scores[k] as number }));
    const judgeScoreTenths = weightedTenths(items.map((i) => ({ weight: i.weight, score: i.judgeScore })));
    const grade = gradeOf(judgeScoreTenths);
    // The scores first, so the scoring step's pass finds them; the pass checks the task is pending and
    // mine, and a refusal (a second click, someone else's task) undoes the scores with it.
    await tx
      .update(t)
      .set({ items, judgeScoreTenths, grade, judgeComment: input.comment, judgeUserId: user.userId, updatedBy: user.userId, updatedAt: new Date() })
      .where(eq(t.id, row.id));
    await performanceDocument.pass(tx, { taskId: input.taskId, userId: user.userId, message: input.message ?? input.comment });
    return { judgeScore: judgeScoreTenths / 10, grade };
  });
}

export const performanceCommands = {
  /** Any step but scoring: the scoring step must give the scores. */
  pass: async (db: Db, user: Principal, input: { taskId: number; message?: string | null }) => {
    if (isJudgeNode(await nodeOfTask(db, input.taskId))) throw badRequest(HR_DOC_MSG.judgeFirst);
    await commands.pass(db, user, input);
  },
  reject: commands.reject,
  rollback: commands.rollback,
};
