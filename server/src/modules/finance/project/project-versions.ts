import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import {
  finBudgetInForce,
  finBudgetLines,
  finBudgetSubjects,
  finProjectPeople,
  finProjectStages,
  finProjects,
  finProjectVersions,
  type ProjectSnapshot,
} from './project.schema';

export type ProjectRow = typeof finProjects.$inferSelect;
export interface LineValue {
  subjectId: number;
  month: number;
  amount: number;
}
export interface StageValue {
  name: string;
  startDate?: string | null;
  endDate?: string | null;
  amount?: number;
  remark?: string | null;
}
export interface PersonValue {
  userId: number;
  role: string;
  joinDate?: string | null;
  leaveDate?: string | null;
}

/** yyyymm of an ISO date. */
export const monthOf = (isoDate: string) => Number(isoDate.slice(0, 4)) * 100 + Number(isoDate.slice(5, 7));

/** Every yyyymm from one month to another, inclusive. */
export function monthsBetween(from: number, to: number): number[] {
  const out: number[] = [];
  let y = Math.floor(from / 100);
  let m = from % 100;
  while (y * 100 + m <= to && out.length < 1200) {
    out.push(y * 100 + m);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

export async function replaceStages(tx: Db, projectId: number, stages: StageValue[]): Promise<void> {
  await tx.delete(finProjectStages).where(eq(finProjectStages.projectId, projectId));
  if (stages.length)
    await tx.insert(finProjectStages).values(
      stages.map((s, i) => ({
        projectId,
        name: s.name,
        startDate: s.startDate ?? null,
        endDate: s.endDate ?? null,
        amount: s.amount ?? 0,
        remark: s.remark ?? null,
        sort: i + 1,
      })),
    );
}

export async function replacePeople(tx: Db, projectId: number, people: PersonValue[]): Promise<void> {
  await tx.delete(finProjectPeople).where(eq(finProjectPeople.projectId, projectId));
  if (people.length)
    await tx
      .insert(finProjectPeople)
      .values(people.map((p) => ({ projectId, userId: p.userId, role: p.role, joinDate: p.joinDate ?? null, leaveDate: p.leaveDate ?? null })));
}

/** What a version's lines add up to (kept on the version: its history is how a budget's amount moved). */
export const budgetTotal = (lines: readonly LineValue[]) => lines.reduce((sum, l) => sum + l.amount, 0);

export async function replaceLines(tx: Db, versionId: number, lines: LineValue[], userId: number): Promise<void> {
  await tx.delete(finBudgetLines).where(eq(finBudgetLines.versionId, versionId));
  for (let i = 0; i < lines.length; i += 2000) {
    await tx.insert(finBudgetLines).values(lines.slice(i, i + 2000).map((l) => ({ versionId, subjectId: l.subjectId, month: l.month, amount: l.amount })));
  }
  await tx
    .update(finProjectVersions)
    .set({ budgetTotal: budgetTotal(lines), updatedBy: userId })
    .where(eq(finProjectVersions.id, versionId));
}

/** The project's draft version (its budget before approval), created on first use. */
export async function draftVersionId(tx: Db, projectId: number, userId: number, total = 0): Promise<number> {
  const [found] = await tx
    .select({ id: finProjectVersions.id })
    .from(finProjectVersions)
    .where(and(eq(finProjectVersions.projectId, projectId), eq(finProjectVersions.status, 'draft')))
    .limit(1);
  if (found) return found.id;
  const [row] = await tx
    .insert(finProjectVersions)
    .values({ projectId, status: 'draft', budgetTotal: total, createdBy: userId, updatedBy: userId })
    .returning({ id: finProjectVersions.id });
  if (!row) throw new Error('version insert returned nothing');
  return row.id;
}

export async function linesOf(db: Db, versionId: number): Promise<LineValue[]> {
  return db
    .select({ subjectId: finBudgetLines.subjectId, month: finBudgetLines.month, amount: finBudgetLines.amount })
    .from(finBudgetLines)
    .where(eq(finBudgetLines.versionId, versionId))
    .orderBy(asc(finBudgetLines.subjectId), asc(finBudgetLines.month));
}

/** The version a detail shows: the given number, else the latest effective one, else the draft. */
export async function versionFor(db: Db, projectId: number, versionNo?: number) {
  const rows = await db
    .select()
    .from(finProjectVersions)
    .where(and(eq(finProjectVersions.projectId, projectId), inArray(finProjectVersions.status, ['draft', 'effective'])))
    .orderBy(desc(finProjectVersions.versionNo));
  if (versionNo !== undefined) return rows.find((v) => v.versionNo === versionNo && (versionNo > 0 || v.status === 'draft'));
  return rows.find((v) => v.status === 'effective') ?? rows.find((v) => v.status === 'draft');
}

export async function snapshotOf(db: Db, project: ProjectRow): Promise<ProjectSnapshot> {
  const stages = await db.select().from(finProjectStages).where(eq(finProjectStages.projectId, project.id)).orderBy(asc(finProjectStages.sort));
  const people = await db.select().from(finProjectPeople).where(eq(finProjectPeople.projectId, project.id)).orderBy(asc(finProjectPeople.id));
  return {
    name: project.name,
    projectType: project.projectType,
    managerUserId: project.managerUserId,
    endDate: project.endDate,
    contractAmount: project.contractAmount,
    remark: project.remark,
    stages: stages.map((s) => ({ name: s.name, startDate: s.startDate, endDate: s.endDate, amount: s.amount, remark: s.remark })),
    people: people.map((p) => ({ userId: p.userId, role: p.role, joinDate: p.joinDate, leaveDate: p.leaveDate })),
  };
}

/**
 * Rebuilds the budget in force of one project: for each month the effective version with the
 * greatest (effective month, version number) not after that month governs all its lines.
 */
export async function rebuildInForce(tx: Db, projectId: number): Promise<void> {
  const [project] = await tx.select({ deptId: finProjects.deptId }).from(finProjects).where(eq(finProjects.id, projectId));
  const versions = await tx
    .select({ id: finProjectVersions.id, effectiveMonth: finProjectVersions.effectiveMonth, versionNo: finProjectVersions.versionNo })
    .from(finProjectVersions)
    .where(and(eq(finProjectVersions.projectId, projectId), eq(finProjectVersions.status, 'effective')))
    .orderBy(asc(finProjectVersions.effectiveMonth), asc(finProjectVersions.versionNo));
  await tx.delete(finBudgetInForce).where(eq(finBudgetInForce.projectId, projectId));
  if (!project || !versions.length) return;
  const lines = await tx
    .select({
      versionId: finBudgetLines.versionId,
      subjectId: finBudgetLines.subjectId,
      month: finBudgetLines.month,
      amount: finBudgetLines.amount,
      budgetType: finBudgetSubjects.budgetType,
    })
    .from(finBudgetLines)
    .innerJoin(finBudgetSubjects, eq(finBudgetSubjects.id, finBudgetLines.subjectId))
    .where(
      inArray(
        finBudgetLines.versionId,
        versions.map((v) => v.id),
      ),
    );
  const governing = (month: number) => {
    let id: number | null = null;
    for (const v of versions) if ((v.effectiveMonth ?? 0) <= month) id = v.id;
    return id;
  };
  const rows = lines
    .filter((l) => governing(l.month) === l.versionId && l.amount !== 0)
    .map((l) => ({ projectId, deptId: project.deptId, subjectId: l.subjectId, budgetType: l.budgetType, month: l.month, amount: l.amount }));
  for (let i = 0; i < rows.length; i += 2000) await tx.insert(finBudgetInForce).values(rows.slice(i, i + 2000));
}

/** The approved project: its draft budget becomes version 1, in force from its first month. */
export async function activateProject(tx: Db, project: ProjectRow, userId: number): Promise<void> {
  const versionId = await draftVersionId(tx, project.id, userId);
  await tx
    .update(finProjectVersions)
    .set({
      status: 'effective',
      versionNo: 1,
      effectiveMonth: project.startDate ? monthOf(project.startDate) : null,
      snapshot: await snapshotOf(tx, project),
      updatedAt: new Date(),
      updatedBy: userId,
    })
    .where(eq(finProjectVersions.id, versionId));
  await tx.update(finProjects).set({ phase: '002', versionNo: 1, updatedAt: new Date(), updatedBy: userId }).where(eq(finProjects.id, project.id));
  await rebuildInForce(tx, project.id);
}
