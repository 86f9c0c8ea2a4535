import { type ChangeComparison, type ChangeRecord, FIN_MSG, type FieldDiff, PROJECT_PHASE } from '@erp/contract';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { BusinessDocument } from '../../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { likePattern } from '../../../platform/resource/filters';
import { isParticipant } from '../../bpm/bpm.repository';
import { changeDocument } from './documents';
import { finBudgetSubjects, finProjectChanges, finProjects, finProjectVersions, type ProjectSnapshot } from './project.schema';
import { checkPeople, readableProject, writableProject } from './project.service';
import { checkBudget, checkPeriod, checkStages } from './project-checks';
import { budgetTotal, type LineValue, linesOf, monthOf, replaceLines, snapshotOf, versionFor } from './project-versions';

type ChangeRow = typeof finProjectChanges.$inferSelect;

export interface ChangeInputValue {
  id?: number | null;
  projectId: number;
  reason: string;
  effectiveMonth: number;
  after: ProjectSnapshot & { budget: LineValue[] };
}

const changeSelect = {
  id: finProjectChanges.id,
  changeNo: finProjectChanges.changeNo,
  projectId: finProjectChanges.projectId,
  projectNo: finProjects.projectNo,
  projectName: finProjects.name,
  parentId: finProjects.parentId,
  reason: finProjectChanges.reason,
  effectiveMonth: finProjectChanges.effectiveMonth,
  state: finProjectChanges.state,
  versionNo: sql<number | null>`(SELECT v.version_no FROM fin_project_versions v WHERE v.id = ${finProjectChanges.versionId} AND v.status = 'effective')`,
  fileId: finProjectChanges.fileId,
  processInstanceId: finProjectChanges.processInstanceId,
  createdBy: finProjectChanges.createdBy,
  createdByName: users.realName,
  createdAt: finProjectChanges.createdAt,
};

function present(r: Omit<ChangeRecord, 'status' | 'createdAt'> & { createdAt: Date }): ChangeRecord {
  return { ...r, status: BusinessDocument.statusCode(r.state), createdAt: r.createdAt.toISOString() };
}

async function changeRows(db: Db, where: SQL | undefined, limit: number, offset = 0) {
  return db
    .select(changeSelect)
    .from(finProjectChanges)
    .innerJoin(finProjects, eq(finProjects.id, finProjectChanges.projectId))
    .leftJoin(users, eq(users.id, finProjectChanges.createdBy))
    .where(and(isNull(finProjectChanges.deletedAt), where))
    .orderBy(desc(finProjectChanges.id))
    .limit(limit)
    .offset(offset);
}

export async function changePage(
  db: Db,
  user: Principal,
  req: { pageIndex: number; pageSize: number; projectId?: number | null; keyword?: string; state?: string },
) {
  const where = and(
    dataScopeCondition(user, { orgId: finProjects.deptId, ownerUserId: finProjects.managerUserId }),
    req.projectId ? eq(finProjectChanges.projectId, req.projectId) : undefined,
    req.state ? eq(finProjectChanges.state, req.state) : undefined,
    req.keyword
      ? sql`(${finProjects.name} ILIKE ${likePattern(req.keyword)} OR ${finProjectChanges.changeNo} ILIKE ${likePattern(req.keyword)} OR ${finProjects.projectNo} ILIKE ${likePattern(req.keyword)})`
      : undefined,
  );
  const rows = await changeRows(db, where, req.pageSize, (req.pageIndex - 1) * req.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(finProjectChanges)
    .innerJoin(finProjects, eq(finProjects.id, finProjectChanges.projectId))
    .where(and(isNull(finProjectChanges.deletedAt), where));
  return { records: rows.map(present), total: Number(count?.n ?? 0), pageIndex: req.pageIndex, pageSize: req.pageSize };
}

async function changeRow(db: Db, ref: { id?: number | null; instanceId?: number | null }): Promise<ChangeRow> {
  if (!ref.id && !ref.instanceId) throw badRequest('id 或 instanceId 必须提供一个');
  const row = ref.id ? await changeDocument.row(db, ref.id) : await changeDocument.byInstance(db, ref.instanceId as number);
  if (!row || row.deletedAt) throw notFound('项目变更不存在');
  return row;
}

/** A change is readable by whoever may read its project, and by everyone on its flow. */
export async function readableChange(db: Db, user: Principal, ref: { id?: number | null; instanceId?: number | null }) {
  const row = await changeRow(db, ref);
  if (!(row.processInstanceId && (await isParticipant(db, row.processInstanceId, user.userId)))) await readableProject(db, user, row.projectId);
  const [record] = await changeRows(db, eq(finProjectChanges.id, row.id), 1);
  if (!record) throw notFound('项目变更不存在');
  const version = await db.select({ id: finProjectVersions.id }).from(finProjectVersions).where(eq(finProjectVersions.id, row.versionId));
  const budget = version[0] ? await linesOf(db, row.versionId) : [];
  return { row, record: present(record), after: { ...row.after, budget } };
}

const sameLines = (a: LineValue[], b: LineValue[]) => {
  const key = (l: LineValue[]) =>
    l
      .filter((x) => x.amount !== 0)
      .map((x) => `${x.subjectId}:${x.month}:${x.amount}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};

export async function saveChange(db: Db, user: Principal, input: ChangeInputValue, opts: { subproject?: boolean } = {}): Promise<ChangeRecord> {
  const project = await writableProject(db, user, input.projectId);
  if (opts.subproject !== undefined && Boolean(project.parentId) !== opts.subproject)
    throw badRequest(opts.subproject ? FIN_MSG.notSubproject : FIN_MSG.isSubproject);
  if (project.phase === PROJECT_PHASE.closed) throw conflict(FIN_MSG.closed);
  if (project.phase !== PROJECT_PHASE.active || project.state !== 'passed') throw conflict(FIN_MSG.notActive);
  const a = input.after;
  const period = { startDate: project.startDate as string, endDate: a.endDate as string };
  checkPeriod(period.startDate, period.endDate);
  if (input.effectiveMonth < monthOf(period.startDate) || input.effectiveMonth > monthOf(period.endDate)) throw badRequest(FIN_MSG.effectiveMonth);
  checkStages(a.stages, period, a.contractAmount);
  await checkPeople(db, a.people);
  const budget = await checkBudget(db, a.budget, period);
  const before = await snapshotOf(db, project);
  const current = await versionFor(db, project.id);
  const currentLines = current ? await linesOf(db, current.id) : [];
  const after: ProjectSnapshot = {
    name: a.name,
    projectType: a.projectType,
    managerUserId: a.managerUserId,
    endDate: a.endDate,
    contractAmount: a.contractAmount,
    remark: a.remark ?? null,
    stages: a.stages.map((s) => ({
      name: s.name,
      startDate: s.startDate ?? null,
      endDate: s.endDate ?? null,
      amount: s.amount ?? 0,
      remark: s.remark ?? null,
    })),
    people: a.people.map((p) => ({ userId: p.userId, role: p.role, joinDate: p.joinDate ?? null, leaveDate: p.leaveDate ?? null })),
  };
  if (JSON.stringify(comparable(before)) === JSON.stringify(comparable(after)) && sameLines(currentLines, budget)) throw badRequest(FIN_MSG.noChange);
  return db.transaction(async (tx) => {
    let id = input.id ?? null;
    if (id) {
      const [row] = await tx
        .select()
        .from(finProjectChanges)
        .where(and(eq(finProjectChanges.id, id), isNull(finProjectChanges.deletedAt)))
        .for('update');
      if (!row || row.projectId !== project.id) throw notFound('项目变更不存在');
      if (!['draft', 'rejected', 'revoked'].includes(row.state)) throw conflict(FIN_MSG.changeNotEditable);
      await tx
        .update(finProjectChanges)
        .set({ reason: input.reason, effectiveMonth: input.effectiveMonth, before, after, state: 'draft', updatedAt: new Date(), updatedBy: user.userId })
        .where(eq(finProjectChanges.id, id));
      await tx.update(finProjectVersions).set({ status: 'proposed', updatedBy: user.userId }).where(eq(finProjectVersions.id, row.versionId));
      await replaceLines(tx, row.versionId, budget, user.userId);
    } else {
      const [version] = await tx
        .insert(finProjectVersions)
        .values({ projectId: project.id, status: 'proposed', budgetTotal: budgetTotal(budget), createdBy: user.userId, updatedBy: user.userId })
        .returning({ id: finProjectVersions.id });
      if (!version) throw new Error('version insert returned nothing');
      await replaceLines(tx, version.id, budget, user.userId);
      const inserted = await tx
        .insert(finProjectChanges)
        .values({
          projectId: project.id,
          reason: input.reason,
          effectiveMonth: input.effectiveMonth,
          before,
          after,
          versionId: version.id,
          createdBy: user.userId,
          updatedBy: user.userId,
        })
        .onConflictDoNothing()
        .returning({ id: finProjectChanges.id });
      if (!inserted[0]) throw conflict(FIN_MSG.openChange);
      id = inserted[0].id;
      await tx.update(finProjectVersions).set({ changeId: id }).where(eq(finProjectVersions.id, version.id));
    }
    const [record] = await changeRows(tx, eq(finProjectChanges.id, id), 1);
    if (!record) throw new Error('change vanished');
    return present(record);
  });
}

/** The fields a change compares (ids in people sorted, so order alone is no change). */
function comparable(s: ProjectSnapshot) {
  return { ...s, remark: s.remark ?? null, people: [...s.people].sort((x, y) => x.userId - y.userId) };
}

export async function submitChange(db: Db, user: Principal, id: number): Promise<ChangeRecord> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(finProjectChanges)
      .where(and(eq(finProjectChanges.id, id), isNull(finProjectChanges.deletedAt)))
      .for('update');
    if (!row) throw notFound('项目变更不存在');
    const project = await writableProject(tx, user, row.projectId);
    if (!['draft', 'rejected', 'revoked'].includes(row.state)) throw conflict(FIN_MSG.changeNotEditable);
    if (project.phase !== PROJECT_PHASE.active) throw conflict(FIN_MSG.notActive);
    // A rejected or revoked change submitted again proposes its budget again.
    await tx.update(finProjectVersions).set({ status: 'proposed' }).where(eq(finProjectVersions.id, row.versionId));
    await changeDocument.submit(tx, {
      id,
      userId: user.userId,
      title: `项目变更：${project.name}`,
      vars: { deptId: project.deptId, projectId: project.id, changeId: id },
    });
  });
  return (await readableChange(db, user, { id })).record;
}

export async function deleteChange(db: Db, user: Principal, id: number): Promise<void> {
  const row = await changeRow(db, { id });
  await writableProject(db, user, row.projectId);
  const [done] = await db
    .update(finProjectChanges)
    .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(finProjectChanges.id, id), inArray(finProjectChanges.state, ['draft', 'rejected', 'revoked']), isNull(finProjectChanges.deletedAt)))
    .returning({ id: finProjectChanges.id });
  if (!done) throw conflict(FIN_MSG.changeNotEditable);
  await db.update(finProjectVersions).set({ status: 'discarded' }).where(eq(finProjectVersions.id, row.versionId));
}

export async function saveChangeFile(db: Db, user: Principal, id: number, fileId: string): Promise<ChangeRecord> {
  const row = await changeRow(db, { id });
  await writableProject(db, user, row.projectId);
  await db.update(finProjectChanges).set({ fileId, updatedAt: new Date(), updatedBy: user.userId }).where(eq(finProjectChanges.id, id));
  return (await readableChange(db, user, { id })).record;
}

const FIELD_LABELS: Array<[keyof ProjectSnapshot, string]> = [
  ['name', '项目名称'],
  ['projectType', '项目类型'],
  ['managerUserId', '项目经理'],
  ['endDate', '结束日期'],
  ['contractAmount', '合同金额'],
  ['remark', '备注'],
];
const TYPE_NAMES: Record<string, string> = { '001': '人力派遣', '002': '业务外包', '003': '招聘流程外包（RPO）', '004': '灵活用工' };
const yuan = (fen: number) => (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A change before and after: every compared field with a changed flag, stages, team and the budget lines that differ. */
export async function comparison(db: Db, user: Principal, ref: { id?: number | null; instanceId?: number | null }): Promise<ChangeComparison> {
  const { row, record, after } = await readableChange(db, user, ref);
  const before = row.before;
  const peopleIds = [...new Set([...before.people, ...after.people].map((p) => p.userId).concat([before.managerUserId ?? 0, after.managerUserId ?? 0]))];
  const names = new Map((await db.select({ id: users.id, name: users.realName }).from(users).where(inArray(users.id, peopleIds))).map((u) => [u.id, u.name]));
  const show = (field: keyof ProjectSnapshot, s: ProjectSnapshot): string => {
    const v = s[field];
    if (v === null || v === undefined) return '';
    if (field === 'managerUserId') return names.get(v as number) ?? String(v);
    if (field === 'projectType') return TYPE_NAMES[v as string] ?? String(v);
    if (field === 'contractAmount') return yuan(v as number);
    return String(v);
  };
  const fields: FieldDiff[] = FIELD_LABELS.map(([field, label]) => {
    const b = show(field, before);
    const a = show(field, after);
    return { field, label, before: b, after: a, changed: a !== b };
  });
  // The budget before: the version in force when the change was asked (the latest effective one before it).
  const [prev] = await db
    .select({ id: finProjectVersions.id })
    .from(finProjectVersions)
    .where(
      and(
        eq(finProjectVersions.projectId, row.projectId),
        eq(finProjectVersions.status, 'effective'),
        sql`${finProjectVersions.id} <> ${row.versionId}`,
        sql`${finProjectVersions.createdAt} <= ${row.createdAt}`,
      ),
    )
    .orderBy(desc(finProjectVersions.versionNo))
    .limit(1);
  const beforeLines = prev ? await linesOf(db, prev.id) : [];
  const map = new Map<string, { subjectId: number; month: number; before: number; after: number }>();
  for (const l of beforeLines) map.set(`${l.subjectId}:${l.month}`, { subjectId: l.subjectId, month: l.month, before: l.amount, after: 0 });
  for (const l of after.budget) {
    const k = `${l.subjectId}:${l.month}`;
    const e = map.get(k) ?? { subjectId: l.subjectId, month: l.month, before: 0, after: 0 };
    e.after = l.amount;
    map.set(k, e);
  }
  const subjects = new Map((await db.select({ id: finBudgetSubjects.id, name: finBudgetSubjects.name }).from(finBudgetSubjects)).map((s) => [s.id, s.name]));
  const diffs = [...map.values()]
    .filter((d) => d.before !== d.after)
    .sort((x, y) => x.month - y.month || x.subjectId - y.subjectId)
    .map((d) => ({ ...d, subjectName: subjects.get(d.subjectId) ?? '' }));
  const stage = (s: ProjectSnapshot['stages'][number]) => ({
    name: s.name,
    startDate: s.startDate ?? '',
    endDate: s.endDate ?? '',
    amount: s.amount,
    remark: s.remark ?? null,
  });
  const person = (p: ProjectSnapshot['people'][number]) => ({ userId: p.userId, realName: names.get(p.userId) ?? '', role: p.role });
  const sum = (l: LineValue[]) => l.reduce((t, x) => t + x.amount, 0);
  return {
    change: record,
    fields,
    stages: { before: before.stages.map(stage), after: after.stages.map(stage), changed: JSON.stringify(before.stages) !== JSON.stringify(after.stages) },
    people: {
      before: before.people.map(person),
      after: after.people.map(person),
      changed: JSON.stringify(comparable(before).people) !== JSON.stringify(comparable(after).people),
    },
    budget: { beforeTotal: sum(beforeLines), afterTotal: sum(after.budget), diffs },
  };
}
