import { FIN_MSG, PROJECT_PHASE } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { BusinessDocument } from '../../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { isParticipant } from '../../bpm/bpm.repository';
import { runClosureChecks } from './closure-checks';
import { closureDocument } from './documents';
import { finProjectClosures, finProjects } from './project.schema';
import { projectDetail, readableProject, writableProject } from './project.service';

type ClosureRow = typeof finProjectClosures.$inferSelect;

function present(row: ClosureRow, projectName: string) {
  return {
    id: row.id,
    closureNo: row.closureNo,
    projectId: row.projectId,
    projectName,
    finishDate: row.finishDate,
    summary: row.summary,
    state: row.state,
    status: BusinessDocument.statusCode(row.state),
    processInstanceId: row.processInstanceId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function checkClosure(db: Db, user: Principal, projectId: number) {
  const project = await readableProject(db, user, projectId);
  const reasons = await runClosureChecks(db, projectId);
  if (project.phase === PROJECT_PHASE.closed) reasons.unshift({ check: 'phase', message: FIN_MSG.closed });
  else if (project.phase === PROJECT_PHASE.closing) reasons.unshift({ check: 'phase', message: '项目已在结项审批中' });
  else if (project.phase !== PROJECT_PHASE.active) reasons.unshift({ check: 'phase', message: FIN_MSG.notActive });
  return { canApply: reasons.length === 0, reasons };
}

/** Applies for closure: the checks run again in the transaction that submits, so nothing slips in between. */
export async function submitClosure(db: Db, user: Principal, input: { projectId: number; finishDate: string; summary: string }) {
  const project = await writableProject(db, user, input.projectId);
  if (project.startDate && input.finishDate < project.startDate) throw badRequest('结项日期不能早于项目开始日期');
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM fin_projects WHERE id = ${input.projectId} FOR UPDATE`);
    const [fresh] = await tx.select({ phase: finProjects.phase }).from(finProjects).where(eq(finProjects.id, input.projectId));
    if (fresh?.phase === PROJECT_PHASE.closed) throw conflict(FIN_MSG.closed);
    if (fresh?.phase !== PROJECT_PHASE.active) throw conflict(fresh?.phase === PROJECT_PHASE.closing ? '项目已在结项审批中' : FIN_MSG.notActive);
    const reasons = await runClosureChecks(tx, input.projectId);
    if (reasons.length) throw conflict(`${FIN_MSG.closureRefused}：${reasons.map((r) => r.message).join('；')}`, { reasons });
    const [row] = await tx
      .insert(finProjectClosures)
      .values({ projectId: input.projectId, finishDate: input.finishDate, summary: input.summary, createdBy: user.userId, updatedBy: user.userId })
      .returning({ id: finProjectClosures.id });
    if (!row) throw new Error('closure insert returned nothing');
    await tx
      .update(finProjects)
      .set({ phase: PROJECT_PHASE.closing, updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(finProjects.id, input.projectId));
    await closureDocument.submit(tx, {
      id: row.id,
      userId: user.userId,
      title: `项目结项：${project.name}`,
      vars: { deptId: project.deptId, projectId: project.id },
    });
    return row.id;
  });
  return present(await closureDocument.row(db, id), project.name);
}

export async function closureWithProject(db: Db, user: Principal, ref: { id?: number | null; instanceId?: number | null }) {
  if (!ref.id && !ref.instanceId) throw badRequest('id 或 instanceId 必须提供一个');
  const row = ref.id ? await closureDocument.row(db, ref.id) : await closureDocument.byInstance(db, ref.instanceId as number);
  if (!row) throw notFound('项目结项不存在');
  const participant = row.processInstanceId ? await isParticipant(db, row.processInstanceId, user.userId) : false;
  const record = participant
    ? await readableProject(db, { ...user, dataScope: { kind: 'all' } }, row.projectId)
    : await readableProject(db, user, row.projectId);
  return { closure: present(row, record.name), project: await projectDetail(db, record) };
}
