import { WO_MSG, WO_PERM, WO_PROCESS_KEY, WO_STATUS, type WorkOrderRecord, workOrderMeta } from '@erp/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orgUnits, users, wfTasks } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { nextDocumentNumber } from '../../platform/document/document-number';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { equals, likePattern } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { sketchXml } from '../../workflow/bpmn-builder';
import * as engine from '../../workflow/engine';
import { isParticipant } from '../bpm/bpm.repository';
import { assertOwnFileGroup } from '../file/file-groups';
import { workOrders } from './front.schema';

const t = workOrders;
const handler = alias(users, 'wo_handler');

/** One task: the handler the dispatcher chose. Its pass is the order resolved. */
export const WORK_ORDER_XML = sketchXml({
  key: WO_PROCESS_KEY,
  name: '工单处理',
  erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'ADMIN' },
  nodes: [
    { id: 'start', type: 'startEvent', name: '报修' },
    { id: 'handle', type: 'userTask', name: '处理工单', erp: { assigneeType: 'chosen', mode: 'any' } },
    { id: 'end', type: 'endEvent', name: '结束' },
  ],
  flows: [
    ['flow1', 'start', 'handle'],
    ['flow2', 'handle', 'end'],
  ],
});

export const workOrderDocument = defineDocument({
  processKey: WO_PROCESS_KEY,
  prefix: 'GD',
  name: '工单',
  table: t,
  columns: { id: t.id, state: t.flowState, instanceId: t.processInstanceId, documentNo: t.orderNo },
  defaultDefinitionXml: WORK_ORDER_XML,
});

export const workOrderResource = defineResource<WorkOrderRecord, typeof t>({
  meta: workOrderMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    orderNo: sql<string>`coalesce(${t.orderNo}, '')`,
    orderType: t.orderType,
    priority: t.priority,
    title: t.title,
    description: t.description,
    place: sql<string>`coalesce(${t.place}, '')`,
    fileGroupId: t.fileGroupId,
    reporterUserId: t.reporterUserId,
    reporterName: sql<string>`coalesce(${users.realName}, '')`,
    orgName: sql<string>`coalesce(${orgUnits.name}, '')`,
    handlerUserId: t.handlerUserId,
    handlerName: sql<string>`coalesce(${handler.realName}, '')`,
    status: t.status,
    resolution: sql<string>`coalesce(${t.resolution}, '')`,
    rating: t.rating,
    ratingComment: sql<string>`coalesce(${t.ratingComment}, '')`,
    processInstanceId: t.processInstanceId,
    assignedAt: t.assignedAt,
    resolvedAt: t.resolvedAt,
    createdAt: t.createdAt,
  },
  joins: [
    { table: users, on: eq(users.id, t.reporterUserId) },
    { table: orgUnits, on: eq(orgUnits.id, t.orgId) },
    { table: handler, on: eq(handler.id, t.handlerUserId) },
  ],
  filters: {
    keyword: (v) => (v ? sql`(${t.orderNo} ILIKE ${likePattern(String(v))} OR ${t.title} ILIKE ${likePattern(String(v))})` : undefined),
    orderType: equals(t.orderType),
    priority: equals(t.priority),
    status: equals(t.status),
  },
  sortable: { createdAt: t.createdAt },
  defaultOrder: [sql`CASE ${t.status} WHEN '001' THEN 0 WHEN '002' THEN 1 WHEN '003' THEN 1 ELSE 2 END`, desc(t.createdAt)],
});

export function workOrderPage(db: Db, user: Principal, input: { view: 'reported' | 'handling' | 'all' } & Record<string, unknown>) {
  const extra =
    input.view === 'all' && hasPermission(user, WO_PERM.dispatch)
      ? undefined
      : input.view === 'handling'
        ? sql`${t.handlerUserId} = ${user.userId}`
        : sql`${t.reporterUserId} = ${user.userId}`;
  return workOrderResource.page(db, input as never, null, extra);
}

async function readable(db: Db, user: Principal, row: typeof t.$inferSelect) {
  if (row.reporterUserId === user.userId || row.handlerUserId === user.userId || hasPermission(user, WO_PERM.dispatch)) return;
  if (row.processInstanceId && (await isParticipant(db, row.processInstanceId, user.userId))) return;
  throw notFound('工单不存在');
}

export async function workOrderInfo(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<WorkOrderRecord> {
  const row = ref.id ? await workOrderDocument.row(db, ref.id) : await workOrderDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('工单不存在');
  await readable(db, user, row);
  return workOrderResource.detail(db, row.id, null);
}

export async function addWorkOrder(
  db: Db,
  user: Principal,
  input: { orderType: string; priority: string; title: string; description: string; place?: string | null; fileGroupId?: string | null },
) {
  return db.transaction(async (tx) => {
    await assertOwnFileGroup(tx, user, input.fileGroupId);
    const [me] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, user.userId));
    const [row] = await tx
      .insert(t)
      .values({
        orderNo: await nextDocumentNumber(tx, 'GD'),
        orderType: input.orderType,
        priority: input.priority,
        title: input.title,
        description: input.description,
        place: input.place || null,
        fileGroupId: input.fileGroupId || null,
        reporterUserId: user.userId,
        orgId: me?.orgId ?? null,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning({ id: t.id });
    if (!row) throw new Error('work order insert returned nothing');
    return workOrderResource.detail(tx, row.id, null);
  });
}

async function locked(tx: Db, id: number) {
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  if (!row) throw notFound('工单不存在');
  return row;
}

async function openTask(tx: Db, instanceId: number) {
  const [task] = await tx
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve'])))
    .limit(1);
  return task;
}

/** First assignment starts the handling process (the handler's to-do); a later one hands the to-do over. */
export async function assignWorkOrder(db: Db, user: Principal, input: { id: number; handlerUserId: number }) {
  return db.transaction(async (tx) => {
    const row = await locked(tx, input.id);
    if (row.status === WO_STATUS.resolved || row.status === WO_STATUS.closed) throw conflict(WO_MSG.notAssignable);
    const [target] = await tx.select({ id: users.id, enabled: users.enabled }).from(users).where(eq(users.id, input.handlerUserId));
    if (!target?.enabled) throw badRequest('处理人不存在或已停用');
    if (row.handlerUserId === input.handlerUserId) throw badRequest(WO_MSG.sameHandler);
    const task = row.processInstanceId ? await openTask(tx, row.processInstanceId) : undefined;
    if (task) {
      await engine.reassign(tx, { taskId: task.id, userId: user.userId, toUserId: input.handlerUserId, reason: '重新分派工单' });
    } else {
      await workOrderDocument.ensureDeployed(tx, user.userId);
      await engine.start(tx, {
        processKey: WO_PROCESS_KEY,
        businessId: String(row.id),
        title: `工单 ${row.orderNo}：${row.title}`,
        initiatorUserId: row.reporterUserId,
        vars: { orgId: row.orgId, orderType: row.orderType, priority: row.priority },
        chosen: { handle: [input.handlerUserId] },
      });
    }
    await tx
      .update(t)
      .set({ handlerUserId: input.handlerUserId, status: WO_STATUS.assigned, assignedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(t.id, row.id));
    return workOrderResource.detail(tx, row.id, null);
  });
}

async function asHandler(tx: Db, user: Principal, id: number) {
  const row = await locked(tx, id);
  await readable(tx, user, row);
  if (row.handlerUserId !== user.userId) throw forbidden(WO_MSG.notHandler);
  if (row.status !== WO_STATUS.assigned && row.status !== WO_STATUS.inProgress) throw conflict(WO_MSG.notOpen);
  return row;
}

export async function startWorkOrder(db: Db, user: Principal, id: number) {
  return db.transaction(async (tx) => {
    const row = await asHandler(tx, user, id);
    await tx.update(t).set({ status: WO_STATUS.inProgress, updatedAt: new Date(), updatedBy: user.userId }).where(eq(t.id, row.id));
    return workOrderResource.detail(tx, row.id, null);
  });
}

/** Resolving passes the handler's to-do, in the same transaction. */
export async function resolveWorkOrder(db: Db, user: Principal, input: { id: number; resolution: string }) {
  return db.transaction(async (tx) => {
    const row = await asHandler(tx, user, input.id);
    const task = row.processInstanceId ? await openTask(tx, row.processInstanceId) : undefined;
    if (task) await workOrderDocument.pass(tx, { taskId: task.id, userId: user.userId, message: input.resolution.slice(0, 200) });
    await tx
      .update(t)
      .set({ status: WO_STATUS.resolved, resolution: input.resolution, resolvedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(t.id, row.id));
    return workOrderResource.detail(tx, row.id, null);
  });
}

export async function closeWorkOrder(db: Db, user: Principal, input: { id: number; rating: number; ratingComment?: string | null }) {
  return db.transaction(async (tx) => {
    const row = await locked(tx, input.id);
    if (row.reporterUserId !== user.userId) throw notFound('工单不存在');
    if (row.status !== WO_STATUS.resolved) throw conflict(WO_MSG.notResolved);
    await tx
      .update(t)
      .set({
        status: WO_STATUS.closed,
        rating: input.rating,
        ratingComment: input.ratingComment || null,
        closedAt: new Date(),
        updatedAt: new Date(),
        updatedBy: user.userId,
      })
      .where(eq(t.id, row.id));
    return workOrderResource.detail(tx, row.id, null);
  });
}

/** Days a resolved order waits for its reporter's rating before it closes by itself. */
export const WORK_ORDER_RATING_DAYS = 7;
export const WORK_ORDER_AUTO_CLOSED = `超过${WORK_ORDER_RATING_DAYS}天未评价，系统自动关闭`;

/**
 * Closes the orders resolved more than seven days ago that nobody rated (unrated, with a note).
 * One statement: two processes sweeping at once close each order once.
 */
export async function autoCloseWorkOrders(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WORK_ORDER_RATING_DAYS * 86_400_000);
  const closed = await db
    .update(t)
    .set({ status: WO_STATUS.closed, ratingComment: WORK_ORDER_AUTO_CLOSED, closedAt: now, updatedAt: now })
    .where(and(eq(t.status, WO_STATUS.resolved), sql`${t.resolvedAt} < ${before}`))
    .returning({ id: t.id });
  return closed.length;
}

/** A work order's photos: whoever may read the order may open them. */
export async function canReadWorkOrderFile(db: Db, user: Principal, groupId: string): Promise<boolean> {
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.fileGroupId, groupId)).limit(1);
  if (!row) return false;
  return readable(db, user, await workOrderDocument.row(db, row.id)).then(
    () => true,
    () => false,
  );
}
