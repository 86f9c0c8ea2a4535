import { BPM_PERM, checkRequestForm, type FlowData, REQUEST_FORMS, requestFieldsOf, type TaskListRequest } from '@erp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { users, wfInstances, wfTasks } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { hasPermission } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { pageOfRows } from '../../platform/http/paging';
import { idsOfCodes } from '../../workflow/assignees';
import * as engine from '../../workflow/engine';
import { ModelError } from '../../workflow/model';
import { parseDefinition } from '../../workflow/parser';
import { instanceSteps, previewSteps } from '../../workflow/steps';
import * as repo from './bpm.repository';

type ListInput = Omit<TaskListRequest, 'pageIndex' | 'pageSize'> & { pageIndex: number; pageSize: number };

export const STATUS_NAMES: Record<string, string> = {
  running: '审批中',
  returned: '已退回',
  passed: '已通过',
  rejected: '已驳回',
  revoked: '已撤回',
  terminated: '已终止',
};

/** Reading an instance: its participants, process administrators, and whoever a business module lets in. */
export async function assertCanRead(db: Db, user: Principal, instanceId: number): Promise<void> {
  if (hasPermission(user, BPM_PERM.definitionList)) return;
  if (!(await repo.isParticipant(db, instanceId, user.userId))) throw forbidden('您没有权限查看该流程');
}

export async function lists(db: Db, user: Principal, kind: 'todo' | 'done' | 'cc' | 'closed', input: ListInput) {
  const { records, total } = kind === 'closed' ? await repo.closedList(db, user.userId, input) : await repo.taskList(db, user.userId, kind, input);
  return pageOfRows(records, total, input);
}

export async function flowData(
  db: Db,
  user: Principal,
  input: { businessId?: string; instanceId?: number; instanceType?: string },
  skipAccessCheck = false,
): Promise<FlowData> {
  const inst = input.instanceId
    ? await repo.instanceById(db, input.instanceId)
    : input.businessId
      ? await repo.latestInstanceOfBusiness(db, input.instanceType, input.businessId)
      : undefined;
  if (!input.instanceId && !input.businessId) throw badRequest('businessId 或 instanceId 必须提供一个');
  if (!inst) {
    if (input.instanceId) throw notFound('流程实例不存在');
    return {
      processInstanceId: null,
      processKey: input.instanceType ?? null,
      businessId: input.businessId ?? null,
      status: null,
      taskId: null,
      taskKind: null,
      taskName: null,
      initiatorCode: null,
      canRevoke: false,
      isCc: false,
      steps: [],
    };
  }
  if (!skipAccessCheck) await assertCanRead(db, user, inst.id);
  const [task, steps, initiator] = await Promise.all([
    engine.myTask(db, inst.id, user.userId),
    instanceSteps(db, inst.id),
    repo.userById(db, inst.initiatorUserId),
  ]);
  return {
    processInstanceId: inst.id,
    processKey: inst.processKey,
    businessId: inst.businessId,
    status: inst.status,
    taskId: task?.id ?? null,
    taskKind: task ? (task.kind as 'approve' | 'resubmit') : null,
    taskName: task?.nodeName ?? null,
    initiatorCode: initiator?.userCode ?? null,
    canRevoke: inst.initiatorUserId === user.userId && (await engine.canRevoke(db, inst)),
    isCc: steps.some((s) => s.operateType === 2 && s.approvalFlag === 0 && !s.predicted && s.approvalUserCode.toLowerCase() === user.userCode.toLowerCase()),
    steps,
  };
}

export async function viewApprovalInfo(db: Db, user: Principal, instanceId: number) {
  const inst = await repo.instanceById(db, instanceId);
  if (!inst) throw notFound('流程实例不存在');
  await assertCanRead(db, user, instanceId);
  return instanceSteps(db, instanceId);
}

export async function deployXml(db: Db, user: Principal, xml: string) {
  let def: engine.DefinitionRow;
  try {
    def = await engine.deploy(db, xml, user.userId);
  } catch (err) {
    if (err instanceof ModelError) throw badRequest(err.message);
    throw err;
  }
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    version: def.version,
    category: def.category,
    enabled: def.enabled,
    createdAt: def.createdAt.toISOString(),
    runningCount: 0,
  };
}

export async function validateXml(xml: string) {
  try {
    const m = await parseDefinition(xml);
    return { valid: true, message: '校验通过', key: m.key, name: m.name };
  } catch (err) {
    if (err instanceof ModelError) return { valid: false, message: err.message, key: null, name: null };
    throw err;
  }
}

export async function chosenIds(db: Db, chosen: Record<string, string[]> | undefined): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const [node, codes] of Object.entries(chosen ?? {})) out[node] = await idsOfCodes(db, codes);
  return out;
}

export async function preview(db: Db, user: Principal, processKey: string, form: Record<string, unknown>, chosen?: Record<string, string[]>) {
  const def = await engine.latestDefinition(db, processKey);
  if (!def) throw badRequest(engine.MSG.noDefinition);
  return previewSteps(db, def.model, user.userId, form, await chosenIds(db, chosen));
}

export async function myInstances(db: Db, user: Principal, input: ListInput & { status?: string }) {
  const { rows, total } = await repo.startedBy(db, user.userId, input);
  const records = [];
  for (const r of rows) {
    const inst = r.status === 'running' || r.status === 'returned' ? await repo.instanceById(db, r.processInstanceId) : undefined;
    records.push({ ...r, canRevoke: inst ? await engine.canRevoke(db, inst) : false });
  }
  return pageOfRows(records, total, input);
}

export async function targetUser(db: Db, code: string, message: string) {
  const u = await repo.userByCode(db, code);
  if (!u?.enabled) throw badRequest(message);
  return u;
}

/** The people an approver copies a pass to: every code must be an enabled user (400 naming the first that is not). */
export async function ccUserIds(db: Db, codes: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const code of [...new Set(codes.map((c) => c.trim()))]) {
    const u = await repo.userByCode(db, code);
    if (!u?.enabled) throw badRequest(`${engine.MSG.ccTarget}：${code}`);
    out.push(u.id);
  }
  return out;
}

/**
 * The check of a form after an approver's edits (task/pass with `form`): the process's declared form
 * (bpm-forms.ts), or the general fields' types for a process without one; the first problem, named.
 */
export function formCheck(processKey: string, form: Record<string, unknown>, edits: Record<string, unknown>): string | undefined {
  const fields = requestFieldsOf(processKey);
  // Attachments stay the applicant's own uploads: an approver cannot swap them.
  const files = fields.find((f) => f.kind === 'files' && Object.hasOwn(edits, f.name));
  if (files) return `${files.label}不能在审批时修改`;
  return checkRequestForm(fields, form, { loose: !REQUEST_FORMS[processKey] })[0]?.message;
}

/** The approval dialog's options on a task of mine (held now, parked behind a signer, or passed with a signer after me). */
export async function taskOptions(db: Db, user: Principal, taskId: number) {
  const [task] = await db.select().from(wfTasks).where(eq(wfTasks.id, taskId));
  if (!task) throw notFound(engine.MSG.taskMissing);
  const holds = task.status === 'pending' && engine.isHolder(task, user.userId);
  const mine = holds || (task.status === 'waiting' && task.assigneeUserId === user.userId) || task.completedBy === user.userId;
  if (!mine) throw forbidden(engine.MSG.notAssignee);
  const [inst] = await db.select({ definitionId: wfInstances.definitionId }).from(wfInstances).where(eq(wfInstances.id, task.instanceId));
  const model = inst ? await engine.modelOf(db, inst.definitionId) : undefined;
  const signers = await db
    .select({ userCode: users.userCode, userName: users.realName })
    .from(wfTasks)
    .innerJoin(users, eq(users.id, wfTasks.assigneeUserId))
    .where(
      and(
        eq(wfTasks.instanceId, task.instanceId),
        eq(wfTasks.activation, task.activation),
        eq(wfTasks.nodeId, task.nodeId),
        eq(wfTasks.addedByUserId, user.userId),
        inArray(wfTasks.status, ['pending', 'waiting']),
      ),
    )
    .orderBy(wfTasks.seq);
  const owner = task.ownerUserId ? await repo.userById(db, task.ownerUserId) : undefined;
  return {
    editableFields: holds && !task.ownerUserId ? (model?.nodes[task.nodeId]?.editable ?? []) : [],
    delegatedBy: owner ? { userCode: owner.userCode, userName: owner.realName } : null,
    removableSigners: signers,
  };
}
