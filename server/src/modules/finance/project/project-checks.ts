import { FIN_MSG } from '@erp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { BusinessCalendar } from '../../../platform/business-time';
import { refuseImplausibleYear } from '../../../platform/controls/plausible-dates';
import type { Db } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';
import { finBudgetSubjects, finProjectStages } from './project.schema';
import { draftVersionId, type LineValue, linesOf, monthOf, type ProjectRow, type StageValue } from './project-versions';

/**
 * The checks of a project's period, stages and budget, and of a stored project going to approval.
 * A leaf module: the project documents (documents.ts) check a resubmission with the same rules as
 * the service checks a submission, without importing the service.
 */

export function checkPeriod(startDate: string, endDate: string): void {
  if (endDate < startDate) throw badRequest(FIN_MSG.periodOrder);
  // A planned period stays near today (issue 34 §2): not a typo's year 2205 or 1925.
  refuseImplausibleYear(new BusinessCalendar(), startDate, '项目开始日期', 20, 5);
  if (Number(endDate.slice(0, 4)) - Number(startDate.slice(0, 4)) > 10) throw badRequest(FIN_MSG.periodTooLong);
}

export function checkStages(stages: StageValue[], period: { startDate: string; endDate: string }, contractAmount: number): void {
  let sum = 0;
  for (const s of stages) {
    if (s.startDate && s.endDate && s.endDate < s.startDate) throw badRequest(`${s.name}：${FIN_MSG.stageOrder}`);
    if ((s.startDate && s.startDate < period.startDate) || (s.endDate && s.endDate > period.endDate)) throw badRequest(`${s.name}：${FIN_MSG.stageOutside}`);
    sum += s.amount ?? 0;
  }
  if (sum > contractAmount) throw badRequest(FIN_MSG.stageSum);
}

/**
 * Budget lines of a project or a department: enabled subjects, months within `from`–`to`, one line
 * per subject and month; `outside` words the refusal of a month out of range.
 */
export async function checkBudgetLines(db: Db, lines: LineValue[], from: number, to: number, outside: (month: number) => string): Promise<void> {
  const subjectIds = [...new Set(lines.map((l) => l.subjectId))];
  const enabled = subjectIds.length
    ? new Set(
        (
          await db
            .select({ id: finBudgetSubjects.id })
            .from(finBudgetSubjects)
            .where(and(inArray(finBudgetSubjects.id, subjectIds), eq(finBudgetSubjects.enabled, true)))
        ).map((s) => s.id),
      )
    : new Set<number>();
  const seen = new Set<string>();
  for (const l of lines) {
    if (!enabled.has(l.subjectId)) throw badRequest(`${FIN_MSG.subjectUnknown}：${l.subjectId}`);
    if (l.month < from || l.month > to) throw badRequest(outside(l.month));
    const key = `${l.subjectId}:${l.month}`;
    if (seen.has(key)) throw badRequest(`预算行重复：科目${l.subjectId} ${l.month}`);
    seen.add(key);
  }
}

/** A project's budget lines: those rules with the months inside its period; the non-zero lines. */
export async function checkBudget(db: Db, lines: LineValue[], period: { startDate: string; endDate: string }): Promise<LineValue[]> {
  await checkBudgetLines(db, lines, monthOf(period.startDate), monthOf(period.endDate), (month) => `${FIN_MSG.monthOutside}：${month}`);
  return lines.filter((l) => l.amount !== 0);
}

/**
 * A stored project (or subproject) may go to approval: complete now, whatever a temporary save
 * left, with its stages and draft budget inside its period. Checked on submission and on each
 * resubmission of one sent back (which may have been saved in between).
 */
export async function checkSubmittable(tx: Db, row: ProjectRow, userId: number): Promise<void> {
  const missing =
    !row.projectType || !row.deptId || !row.managerUserId || !row.startDate || !row.endDate || (!row.parentId && (!row.clientOrgId || !row.settleOrgId));
  if (missing) throw badRequest('项目信息不完整，请补全项目类型、甲乙方、所属部门、项目经理和项目周期后再提交');
  const stages = await tx.select().from(finProjectStages).where(eq(finProjectStages.projectId, row.id));
  const period = { startDate: row.startDate as string, endDate: row.endDate as string };
  checkPeriod(period.startDate, period.endDate);
  checkStages(stages, period, row.contractAmount);
  const versionId = await draftVersionId(tx, row.id, userId);
  await checkBudget(tx, await linesOf(tx, versionId), period);
}

/** What a project's approval routes by (the department leader of `deptId`, conditions on the amount): from the row. */
export const projectVars = (row: ProjectRow) => ({ deptId: row.deptId, projectId: row.id, contractAmount: row.contractAmount });
