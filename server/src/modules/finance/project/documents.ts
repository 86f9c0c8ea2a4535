import { FIN_PROCESS, PROJECT_PHASE } from '@erp/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { defineDocument, refuseCorrections } from '../../../platform/document/business-document';
import { sketchXml } from '../../../workflow/bpmn-builder';
import type { HookEvent } from '../../../workflow/hooks';
import { registerClosureCheck } from './closure-checks';
import { finProjectChanges, finProjectClosures, finProjects, finProjectVersions } from './project.schema';
import { checkSubmittable, projectVars } from './project-checks';
import { activateProject, type ProjectRow, rebuildInForce, replacePeople, replaceStages } from './project-versions';

type Task = { id: string; name: string; erp: Record<string, string | number> };
const deptLeader = (name: string): Task => ({
  id: 'deptLeader',
  name,
  erp: { assigneeType: 'deptLeader', assigneeOrgField: 'deptId', assigneeLevels: 1, mode: 'any' },
});
const finance = (name: string): Task => ({ id: 'finance', name, erp: { assigneeType: 'role', assigneeValue: 'finance', mode: 'any' } });

/** start → tasks in a line → end, named for the process designer. */
function chainXml(key: string, name: string, tasks: Task[]): string {
  const ids = ['start', ...tasks.map((t) => t.id), 'end'];
  return sketchXml({
    key,
    name,
    erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'FINANCE' },
    nodes: [
      { id: 'start', type: 'startEvent', name: '发起申请' },
      ...tasks.map((t) => ({ id: t.id, type: 'userTask', name: t.name, erp: t.erp })),
      { id: 'end', type: 'endEvent', name: '结束' },
    ],
    flows: ids.slice(1).map((to, i) => [`flow${i + 1}`, ids[i] as string, to] as [string, string, string]),
  });
}

/** The default definitions, deployed at first start and by the upgrade path (finance.seed.ts). */
export const FIN_PROCESS_XML: Record<string, string> = {
  [FIN_PROCESS.project]: chainXml(FIN_PROCESS.project, '项目立项', [deptLeader('部门负责人审批'), finance('财务审批')]),
  [FIN_PROCESS.subproject]: chainXml(FIN_PROCESS.subproject, '子项目立项', [finance('财务审批')]),
  [FIN_PROCESS.change]: chainXml(FIN_PROCESS.change, '项目变更', [deptLeader('部门负责人审批'), finance('财务审批')]),
  [FIN_PROCESS.finish]: chainXml(FIN_PROCESS.finish, '项目结项', [finance('财务审批')]),
};

const projectColumns = {
  id: finProjects.id,
  state: finProjects.state,
  instanceId: finProjects.processInstanceId,
  documentNo: finProjects.projectNo,
};

/**
 * A project sent back is corrected with the draft saves (department, amount, stages, budget) and
 * resubmitted — by 提交 on its form or from the process centre. Either way it is checked as a
 * submission is, and routes by what it now says (the leader of its department), never by what it
 * said when first submitted nor by fields sent with the resubmission (refused).
 */
const projectResubmission = {
  onResubmit: async (tx: Db, row: ProjectRow, form: Record<string, unknown>, e: HookEvent) => {
    refuseCorrections(form);
    await checkSubmittable(tx, row, e.userId);
  },
  routingVars: async (_tx: Db, row: ProjectRow) => projectVars(row),
};

/** Project approval (立项): the final pass makes the draft budget version 1. */
export const projectDocument = defineDocument({
  processKey: FIN_PROCESS.project,
  prefix: 'XM',
  name: '项目立项',
  table: finProjects,
  columns: projectColumns,
  defaultDefinitionXml: FIN_PROCESS_XML[FIN_PROCESS.project],
  ...projectResubmission,
  onPassed: (tx, row, e) => activateProject(tx, row, e.userId),
});

export const subprojectDocument = defineDocument({
  processKey: FIN_PROCESS.subproject,
  prefix: 'ZXM',
  name: '子项目',
  table: finProjects,
  columns: projectColumns,
  defaultDefinitionXml: FIN_PROCESS_XML[FIN_PROCESS.subproject],
  ...projectResubmission,
  onPassed: (tx, row, e) => activateProject(tx, row, e.userId),
});

/** A change: on the final pass the new fields, stages and team apply and the proposed budget becomes the next version. */
export const changeDocument = defineDocument({
  processKey: FIN_PROCESS.change,
  prefix: 'XMBG',
  name: '项目变更',
  table: finProjectChanges,
  columns: {
    id: finProjectChanges.id,
    state: finProjectChanges.state,
    instanceId: finProjectChanges.processInstanceId,
    documentNo: finProjectChanges.changeNo,
  },
  defaultDefinitionXml: FIN_PROCESS_XML[FIN_PROCESS.change],
  async onPassed(tx, change, e) {
    await tx.execute(sql`SELECT id FROM fin_projects WHERE id = ${change.projectId} FOR UPDATE`);
    const [current] = await tx.select({ versionNo: finProjects.versionNo }).from(finProjects).where(eq(finProjects.id, change.projectId));
    if (!current) throw new Error(`change ${change.id}: project missing`);
    const next = current.versionNo + 1;
    const a = change.after;
    await tx
      .update(finProjects)
      .set({
        name: a.name,
        projectType: a.projectType,
        managerUserId: a.managerUserId,
        endDate: a.endDate,
        contractAmount: a.contractAmount,
        remark: a.remark,
        versionNo: next,
        updatedAt: new Date(),
        updatedBy: e.userId,
      })
      .where(eq(finProjects.id, change.projectId));
    await replaceStages(tx, change.projectId, a.stages);
    await replacePeople(tx, change.projectId, a.people);
    await tx
      .update(finProjectVersions)
      .set({ status: 'effective', versionNo: next, effectiveMonth: change.effectiveMonth, snapshot: a, updatedAt: new Date(), updatedBy: e.userId })
      .where(eq(finProjectVersions.id, change.versionId));
    await rebuildInForce(tx, change.projectId);
  },
  async onClosed(tx, change) {
    await tx.update(finProjectVersions).set({ status: 'discarded', updatedAt: new Date() }).where(eq(finProjectVersions.id, change.versionId));
  },
});

/** Closure (结项): the project is 结项中 while approving, 已结项 when passed, back to 执行中 otherwise. */
export const closureDocument = defineDocument({
  processKey: FIN_PROCESS.finish,
  prefix: 'JX',
  name: '项目结项',
  table: finProjectClosures,
  columns: {
    id: finProjectClosures.id,
    state: finProjectClosures.state,
    instanceId: finProjectClosures.processInstanceId,
    documentNo: finProjectClosures.closureNo,
  },
  defaultDefinitionXml: FIN_PROCESS_XML[FIN_PROCESS.finish],
  async onPassed(tx, closure, e) {
    await tx
      .update(finProjects)
      .set({ phase: PROJECT_PHASE.closed, endDate: closure.finishDate, updatedAt: new Date(), updatedBy: e.userId })
      .where(eq(finProjects.id, closure.projectId));
  },
  async onClosed(tx, closure, e) {
    await tx
      .update(finProjects)
      .set({ phase: PROJECT_PHASE.active, updatedAt: new Date(), updatedBy: e.userId })
      .where(and(eq(finProjects.id, closure.projectId), eq(finProjects.phase, PROJECT_PHASE.closing)));
  },
});

// This area's own closure checks; bills and work hours add theirs (closure-checks.ts).
registerClosureCheck({
  key: 'change',
  async check(db, projectId) {
    const [open] = await db
      .select({ no: finProjectChanges.changeNo })
      .from(finProjectChanges)
      .where(
        and(
          eq(finProjectChanges.projectId, projectId),
          inArray(finProjectChanges.state, ['draft', 'approving', 'returned']),
          isNull(finProjectChanges.deletedAt),
        ),
      )
      .limit(1);
    return open ? `存在未完成的项目变更${open.no ? `（${open.no}）` : ''}` : null;
  },
});
registerClosureCheck({
  key: 'subproject',
  async check(db, projectId) {
    const rows = await db
      .select({ name: finProjects.name })
      .from(finProjects)
      .where(
        and(
          eq(finProjects.parentId, projectId),
          isNull(finProjects.deletedAt),
          ne(finProjects.phase, PROJECT_PHASE.closed),
          inArray(finProjects.state, ['approving', 'returned', 'passed']),
        ),
      )
      .limit(5);
    return rows.length ? `存在未结项的子项目：${rows.map((r) => r.name).join('、')}` : null;
  },
});
