import { type ClaimBudgetMode, FIN_MSG, PROJECT_PHASE, type ProjectDetail, type ProjectDraftInput, type ProjectRecord } from '@erp/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orgUnits, users } from '../../../db/schema';
import type { Principal } from '../../../platform/auth/principal';
import { asClaimBudgetMode, claimBudgetMode } from '../../../platform/controls/claim-budget-mode';
import type { Db } from '../../../platform/db';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import * as engine from '../../../workflow/engine';
import { isParticipant } from '../../bpm/bpm.repository';
import { projectDocument, subprojectDocument } from './documents';
import { projectResource } from './project.resource';
import { finProjectChanges, finProjectClosures, finProjectPeople, finProjectStages, finProjects, finProjectVersions } from './project.schema';
import { checkBudget, checkPeriod, checkStages, checkSubmittable, projectVars } from './project-checks';
import {
  budgetTotal,
  draftVersionId,
  type LineValue,
  linesOf,
  type PersonValue,
  type ProjectRow,
  replaceLines,
  replacePeople,
  replaceStages,
  type StageValue,
  versionFor,
} from './project-versions';

export type { ProjectRow };

/** States in which the applicant may still change the project (not approving, not approved). */
const EDITABLE: readonly string[] = ['draft', 'returned', 'rejected', 'revoked'];

export async function projectRow(db: Db, id: number): Promise<ProjectRow> {
  const [row] = await db
    .select()
    .from(finProjects)
    .where(and(eq(finProjects.id, id), isNull(finProjects.deletedAt)))
    .limit(1);
  if (!row) throw notFound('项目不存在');
  return row;
}

/** The project if the user may read it: in the data scope, or on one of its approval flows. */
export async function readableProject(db: Db, user: Principal, id: number): Promise<ProjectRecord> {
  try {
    return await projectResource.detail(db, id, user);
  } catch (err) {
    const row = await projectRow(db, id);
    const instances = [row.processInstanceId];
    const changes = await db.select({ i: finProjectChanges.processInstanceId }).from(finProjectChanges).where(eq(finProjectChanges.projectId, id));
    const closures = await db.select({ i: finProjectClosures.processInstanceId }).from(finProjectClosures).where(eq(finProjectClosures.projectId, id));
    for (const i of [...instances, ...changes.map((c) => c.i), ...closures.map((c) => c.i)]) {
      if (i && (await isParticipant(db, i, user.userId))) return projectResource.detail(db, id, null);
    }
    throw err;
  }
}

/** The project if the user may change it: in scope (404 otherwise, as for reads). */
export async function writableProject(db: Db, user: Principal, id: number): Promise<ProjectRow> {
  await projectResource.detail(db, id, user);
  return projectRow(db, id);
}

export async function projectDetail(db: Db, record: ProjectRecord, versionNo?: number): Promise<ProjectDetail> {
  const [row] = await db.select({ remark: finProjects.remark, claimBudget: finProjects.claimBudget }).from(finProjects).where(eq(finProjects.id, record.id));
  const claimBudget = asClaimBudgetMode(row?.claimBudget);
  const stages = await db.select().from(finProjectStages).where(eq(finProjectStages.projectId, record.id)).orderBy(asc(finProjectStages.sort));
  const people = await peopleOf(db, record.id);
  const version = await versionFor(db, record.id, versionNo);
  if (versionNo !== undefined && !version) throw notFound('预算版本不存在');
  const versions = await db
    .select({
      versionNo: finProjectVersions.versionNo,
      effectiveMonth: finProjectVersions.effectiveMonth,
      status: finProjectVersions.status,
      changeId: finProjectVersions.changeId,
      changeNo: finProjectChanges.changeNo,
      createdAt: finProjectVersions.createdAt,
    })
    .from(finProjectVersions)
    .leftJoin(finProjectChanges, eq(finProjectChanges.id, finProjectVersions.changeId))
    .where(and(eq(finProjectVersions.projectId, record.id), eq(finProjectVersions.status, 'effective')))
    .orderBy(asc(finProjectVersions.versionNo));
  // An older version shows the fields, stages and team it was approved with.
  const snapshot = version && versionNo !== undefined && version.status === 'effective' && version.versionNo !== record.versionNo ? version.snapshot : null;
  const names = snapshot
    ? await userNames(
        db,
        snapshot.people.map((p) => p.userId),
      )
    : new Map<number, { code: string; name: string; org: string | null }>();
  return {
    ...record,
    ...(snapshot
      ? {
          name: snapshot.name,
          projectType: snapshot.projectType,
          managerUserId: snapshot.managerUserId,
          endDate: snapshot.endDate,
          contractAmount: snapshot.contractAmount,
        }
      : {}),
    remark: snapshot ? snapshot.remark : (row?.remark ?? null),
    claimBudget,
    claimBudgetInForce: claimBudget ?? (await claimBudgetMode(db)),
    stages: snapshot
      ? snapshot.stages.map((s, i) => ({
          id: 0,
          name: s.name,
          startDate: s.startDate ?? '',
          endDate: s.endDate ?? '',
          amount: s.amount,
          remark: s.remark,
          sort: i + 1,
        }))
      : stages.map((s) => ({
          id: s.id,
          name: s.name,
          startDate: s.startDate ?? '',
          endDate: s.endDate ?? '',
          amount: s.amount,
          remark: s.remark,
          sort: s.sort,
        })),
    people: snapshot
      ? snapshot.people.map((p) => ({
          id: 0,
          projectId: record.id,
          userId: p.userId,
          userCode: names.get(p.userId)?.code ?? '',
          realName: names.get(p.userId)?.name ?? '',
          orgName: names.get(p.userId)?.org ?? null,
          role: p.role,
          joinDate: p.joinDate,
          leaveDate: p.leaveDate,
        }))
      : people,
    budget: version ? await linesOf(db, version.id) : [],
    budgetVersionNo: version?.versionNo ?? 0,
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
  };
}

async function userNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { code: string; name: string; org: string | null }>();
  const rows = await db
    .select({ id: users.id, code: users.userCode, name: users.realName, org: orgUnits.name })
    .from(users)
    .leftJoin(orgUnits, eq(orgUnits.id, users.orgId))
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name, org: r.org }]));
}

export async function peopleOf(db: Db, projectId: number) {
  const rows = await db
    .select({
      id: finProjectPeople.id,
      projectId: finProjectPeople.projectId,
      userId: finProjectPeople.userId,
      userCode: users.userCode,
      realName: users.realName,
      orgName: orgUnits.name,
      role: finProjectPeople.role,
      joinDate: finProjectPeople.joinDate,
      leaveDate: finProjectPeople.leaveDate,
    })
    .from(finProjectPeople)
    .innerJoin(users, eq(users.id, finProjectPeople.userId))
    .leftJoin(orgUnits, eq(orgUnits.id, users.orgId))
    .where(eq(finProjectPeople.projectId, projectId))
    .orderBy(asc(finProjectPeople.role), asc(finProjectPeople.id));
  return rows;
}

// ---- Checks ----------------------------------------------------------------------------------------

export interface FullProject {
  name: string;
  projectType: string;
  clientOrgId: number;
  settleOrgId: number;
  deptId: number;
  managerUserId: number;
  startDate: string;
  endDate: string;
  contractAmount: number;
  remark?: string | null;
  stages?: StageValue[];
  people?: PersonValue[];
  budget?: LineValue[];
}

export async function checkPeople(db: Db, people: PersonValue[]): Promise<void> {
  const ids = people.map((p) => p.userId);
  if (new Set(ids).size !== ids.length) throw badRequest(FIN_MSG.duplicatePerson);
  if (!ids.length) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.enabled, true)));
  if (found.length !== new Set(ids).size) throw badRequest(FIN_MSG.personUnknown);
}

async function checkParties(
  db: Db,
  user: Principal,
  p: { clientOrgId?: number | null; settleOrgId?: number | null; deptId?: number | null; managerUserId?: number | null },
) {
  const org = async (id: number) => (await db.select({ isClient: orgUnits.isClient, enabled: orgUnits.enabled }).from(orgUnits).where(eq(orgUnits.id, id)))[0];
  if (p.clientOrgId) {
    const c = await org(p.clientOrgId);
    if (!c) throw badRequest(FIN_MSG.clientRequired);
    if (!c.isClient) throw badRequest(FIN_MSG.clientNotClient);
  }
  if (p.settleOrgId) {
    const c = await org(p.settleOrgId);
    if (!c || c.isClient) throw badRequest(FIN_MSG.settleRequired);
  }
  if (p.deptId) {
    const d = await org(p.deptId);
    if (!d || d.isClient) throw badRequest(FIN_MSG.deptUnknown);
    await projectResource.assertOrgInScope(db, user, p.deptId);
  }
  if (p.managerUserId) {
    const [m] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, p.managerUserId), eq(users.enabled, true)));
    if (!m) throw badRequest(FIN_MSG.managerRequired);
  }
}

export async function checkFull(db: Db, user: Principal, input: FullProject): Promise<LineValue[]> {
  checkPeriod(input.startDate, input.endDate);
  await checkParties(db, user, input);
  checkStages(input.stages ?? [], input, input.contractAmount);
  await checkPeople(db, input.people ?? []);
  return checkBudget(db, input.budget ?? [], input);
}

// ---- Writes ----------------------------------------------------------------------------------------

type ProjectValues = Omit<ProjectDraftInput, 'id' | 'stages' | 'people' | 'budget'> & { parentId?: number | null };

function columnsOf(v: ProjectValues) {
  return {
    name: v.name,
    projectType: v.projectType ?? null,
    clientOrgId: v.clientOrgId === undefined || v.clientOrgId === null ? null : Number(v.clientOrgId),
    settleOrgId: v.settleOrgId === undefined || v.settleOrgId === null ? null : Number(v.settleOrgId),
    deptId: v.deptId === undefined || v.deptId === null ? null : Number(v.deptId),
    managerUserId: v.managerUserId === undefined || v.managerUserId === null ? null : Number(v.managerUserId),
    startDate: v.startDate ?? null,
    endDate: v.endDate ?? null,
    contractAmount: v.contractAmount === undefined || v.contractAmount === null ? 0 : Number(v.contractAmount),
    remark: v.remark ?? null,
  };
}

/**
 * Creates or updates a draft with its children (given ones replace the stored ones). A project
 * being approved or approved is refused: it changes only through a change.
 */
export async function storeDraft(
  db: Db,
  user: Principal,
  id: number | null,
  values: ProjectValues,
  children: { stages?: StageValue[]; people?: PersonValue[]; budget?: LineValue[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    let projectId = id;
    if (projectId) {
      const row = await writableProject(tx, user, projectId);
      await tx.execute(sql`SELECT id FROM fin_projects WHERE id = ${projectId} FOR UPDATE`);
      const [fresh] = await tx.select({ state: finProjects.state, phase: finProjects.phase }).from(finProjects).where(eq(finProjects.id, projectId));
      if (!fresh || !EDITABLE.includes(fresh.state) || fresh.phase !== PROJECT_PHASE.draft) throw conflict(FIN_MSG.notEditable);
      if (row.parentId !== (values.parentId ?? null)) throw badRequest(row.parentId ? FIN_MSG.isSubproject : FIN_MSG.notSubproject);
      await tx
        .update(finProjects)
        .set({ ...columnsOf(values), updatedAt: new Date(), updatedBy: user.userId })
        .where(eq(finProjects.id, projectId));
    } else {
      const [row] = await tx
        .insert(finProjects)
        .values({ ...columnsOf(values), parentId: values.parentId ?? null, createdBy: user.userId, updatedBy: user.userId })
        .returning({ id: finProjects.id });
      if (!row) throw new Error('project insert returned nothing');
      projectId = row.id;
    }
    if (children.stages) await replaceStages(tx, projectId, children.stages);
    if (children.people) await replacePeople(tx, projectId, children.people);
    if (children.budget) await replaceLines(tx, await draftVersionId(tx, projectId, user.userId, budgetTotal(children.budget)), children.budget, user.userId);
    return projectId;
  });
}

/**
 * Submits a stored draft for approval (project or subproject), in the caller's transaction; one sent
 * back is resubmitted through its applicant's task (the document checks it and reads its route again).
 */
export async function submitProject(db: Db, user: Principal, projectId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM fin_projects WHERE id = ${projectId} FOR UPDATE`);
    const row = await projectRow(tx, projectId);
    const doc = row.parentId ? subprojectDocument : projectDocument;
    if (row.state === 'returned' && row.processInstanceId) {
      const task = await engine.resubmitTaskOf(tx, row.processInstanceId);
      if (!task) throw conflict(FIN_MSG.notEditable);
      await doc.resubmit(tx, { taskId: task.id, userId: user.userId });
      return;
    }
    if (!['draft', 'rejected', 'revoked'].includes(row.state) || row.phase !== PROJECT_PHASE.draft) throw conflict(FIN_MSG.notEditable);
    await checkSubmittable(tx, row, user.userId);
    await doc.submit(tx, {
      id: projectId,
      userId: user.userId,
      title: `${row.parentId ? '子项目' : '项目'}立项：${row.name}`,
      vars: projectVars(row),
    });
  });
}

export async function deleteProject(db: Db, user: Principal, id: number, subproject: boolean): Promise<ProjectRow> {
  const row = await writableProject(db, user, id);
  if (Boolean(row.parentId) !== subproject) throw badRequest(subproject ? FIN_MSG.notSubproject : FIN_MSG.isSubproject);
  const [done] = await db
    .update(finProjects)
    .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(finProjects.id, id), inArray(finProjects.state, ['draft', 'rejected', 'revoked']), isNull(finProjects.deletedAt)))
    .returning({ id: finProjects.id });
  if (!done) throw conflict(FIN_MSG.notDeletable);
  return row;
}

/** A copy as a new draft: fields, stages, team and the budget the source shows (its latest version). */
export async function copyProject(db: Db, user: Principal, id: number): Promise<number> {
  const source = await readableProject(db, user, id);
  const detail = await projectDetail(db, source);
  return storeDraft(
    db,
    user,
    null,
    {
      name: `${source.name}（复制）`.slice(0, 100),
      projectType: source.projectType as ProjectValues['projectType'],
      clientOrgId: source.clientOrgId,
      settleOrgId: source.settleOrgId,
      deptId: source.deptId,
      managerUserId: source.managerUserId,
      startDate: source.startDate,
      endDate: source.endDate,
      contractAmount: source.contractAmount,
      remark: detail.remark,
      parentId: source.parentId,
    },
    {
      stages: detail.stages.map((s) => ({ name: s.name, startDate: s.startDate || null, endDate: s.endDate || null, amount: s.amount, remark: s.remark })),
      people: detail.people.map((p) => ({ userId: p.userId, role: p.role, joinDate: p.joinDate, leaveDate: p.leaveDate })),
      budget: detail.budget,
    },
  );
}

/** Team of a project that is not closed (the team is not part of the approved budget). */
export async function saveTeam(db: Db, user: Principal, projectId: number, people: PersonValue[]): Promise<void> {
  const row = await writableProject(db, user, projectId);
  if (row.phase === PROJECT_PHASE.closed) throw conflict(FIN_MSG.closed);
  await checkPeople(db, people);
  await db.transaction(async (tx) => replacePeople(tx, projectId, people));
}

export async function saveStages(db: Db, user: Principal, projectId: number, stages: StageValue[], full: boolean): Promise<void> {
  const row = await writableProject(db, user, projectId);
  if (!EDITABLE.includes(row.state) || row.phase !== PROJECT_PHASE.draft) throw conflict(FIN_MSG.notEditable);
  if (full) {
    if (!row.startDate || !row.endDate) throw badRequest('请先填写项目周期');
    if (stages.some((s) => !s.startDate || !s.endDate)) throw badRequest('请填写阶段的开始和结束日期');
    checkStages(stages, { startDate: row.startDate, endDate: row.endDate }, row.contractAmount);
  }
  await db.transaction(async (tx) => replaceStages(tx, projectId, stages));
}

/** Sets a project's claim budget control (`company`: back to the company's), by whoever sets the company's controls. */
export async function saveClaimBudget(db: Db, user: Principal, id: number, mode: ClaimBudgetMode | 'company'): Promise<void> {
  const [row] = await db
    .update(finProjects)
    .set({ claimBudget: mode === 'company' ? null : mode, updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(finProjects.id, id), isNull(finProjects.deletedAt)))
    .returning({ id: finProjects.id });
  if (!row) throw notFound('项目不存在');
}
