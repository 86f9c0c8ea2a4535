import type { AdminInstanceItem, DefinitionSummary, InstanceListItem, TaskListItem, TaskListRequest } from '@erp/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { orgUnits, roles, userRoles, users, wfDefinitions, wfEvents, wfInstances, wfTasks } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { pageWindow } from '../../platform/http/paging';

type ListFilters = Omit<TaskListRequest, 'pageIndex' | 'pageSize'> & { pageIndex: number; pageSize: number };

const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
// Correlated subqueries name the outer table explicitly (Drizzle leaves columns unqualified in single-table selects).
const initiator = sql`(SELECT u.user_code FROM users u WHERE u.id = wf_instances.initiator_user_id)`;
const initiatorName = sql`(SELECT u.real_name FROM users u WHERE u.id = wf_instances.initiator_user_id)`;
const currentNodes = sql<string>`coalesce((SELECT string_agg(DISTINCT x.node_name, ',') FROM wf_tasks x WHERE x.instance_id = wf_instances.id AND x.status = 'pending' AND x.kind IN ('approve', 'resubmit')), '')`;

/** Filters shared by every process-centre list. */
function instanceFilters(f: ListFilters, extra: SQL | undefined): SQL[] {
  const where: SQL[] = [];
  if (extra) where.push(extra);
  if (f.processKey) where.push(eq(wfInstances.processKey, f.processKey));
  if (f.startTimeBegin) where.push(sql`${wfInstances.startedAt} >= ${f.startTimeBegin}::timestamptz`);
  if (f.startTimeEnd) where.push(sql`${wfInstances.startedAt} < (${f.startTimeEnd}::date + 1)`);
  if (f.initiator?.trim()) {
    const t = likeText(f.initiator.trim());
    where.push(sql`wf_instances.initiator_user_id IN (SELECT u.id FROM users u WHERE u.user_code ILIKE ${t} OR u.real_name ILIKE ${t})`);
  }
  if (f.keyword?.trim()) {
    const t = likeText(f.keyword.trim());
    where.push(or(ilike(wfInstances.title, t), ilike(wfInstances.processName, t), ilike(wfTasks.nodeName, t)) as SQL);
  }
  return where;
}

/**
 * A task I hold: assigned to me, or a group task with me among the candidates (the candidates of
 * an assigned task always hold its assignee). Written as the two parts the indexes serve.
 */
export const heldBy = (userId: number) =>
  sql`(${wfTasks.assigneeUserId} = ${userId} OR (${wfTasks.assigneeUserId} IS NULL AND ${wfTasks.candidateUserIds} @> ARRAY[${userId}]::integer[]))`;

const SORTS: Record<string, SQL> = {
  startTime: sql`${wfInstances.startedAt}`,
  taskTime: sql`${wfTasks.createdAt}`,
  processName: sql`${wfInstances.processName}`,
  title: sql`${wfInstances.title}`,
};
function orderOf(f: ListFilters, fallback: SQL): SQL[] {
  const col = f.sortField && Object.hasOwn(SORTS, f.sortField) ? SORTS[f.sortField] : undefined;
  const primary = col ? sql`${col} ${f.sortOrder === 'ascend' ? sql`ASC` : sql`DESC`}` : fallback;
  return [primary, sql`${wfTasks.id} DESC`];
}

export type TaskListKind = 'todo' | 'done' | 'cc';

/**
 * "My open tasks" in two parts that each have their own index: personal tasks (assignee = me,
 * btree wf_tasks_todo_idx in arrival order) and group tasks (no assignee, me among the candidates,
 * GIN wf_tasks_group_candidates_idx). Every task has its instance, so counting needs no join.
 */
const TODO = sql`t.status = 'pending' AND t.kind IN ('approve', 'resubmit')`;
const personalTodo = (userId: number) => sql`${TODO} AND t.assignee_user_id = ${userId}`;
const groupTodo = (userId: number) => sql`${TODO} AND t.assignee_user_id IS NULL AND t.candidate_user_ids @> ARRAY[${userId}]::integer[]`;
const todoCount = (userId: number) =>
  sql`(SELECT count(*) FROM wf_tasks t WHERE ${personalTodo(userId)}) + (SELECT count(*) FROM wf_tasks t WHERE ${groupTodo(userId)})`;

/** The columns every task list query selects. */
interface TaskRow {
  taskId: number;
  processInstanceId: number | string;
  businessId: string;
  processKey: string;
  processName: string;
  title: string;
  taskName: string;
  initiatorCode: string | null;
  initiatorName: string | null;
  status: string;
  startTime: Date | string;
  taskTime: Date | string | null;
  endTime: Date | string | null;
  currentNodes: string | null;
}

/** A task row of any list query as the contract's list item. */
function taskListItem(r: TaskRow, extra: Pick<TaskListItem, 'ccRead' | 'outcome'>): TaskListItem {
  return {
    taskId: r.taskId,
    processInstanceId: Number(r.processInstanceId),
    businessId: r.businessId,
    processKey: r.processKey,
    processName: r.processName,
    title: r.title,
    taskName: r.taskName,
    initiatorCode: r.initiatorCode ?? '',
    initiatorName: r.initiatorName ?? '',
    status: r.status,
    startTime: iso(r.startTime) ?? '',
    taskTime: iso(r.taskTime),
    endTime: iso(r.endTime),
    currentNodes: r.currentNodes ?? '',
    ...extra,
  };
}

const hasInstanceFilters = (f: ListFilters) => Boolean(f.processKey || f.startTimeBegin || f.startTimeEnd || f.initiator?.trim() || f.keyword?.trim());

/** A row of the to-do page statement: the page's task (none on an empty page) beside the total. */
type TaskRowSql = Omit<TaskRow, 'taskId'> & { total: number | string; taskId: number | null };

/**
 * The default to-do page (no filters, newest arrival first), in one statement: the first
 * offset + limit tasks of each part in index order, merged, then joined to their instances; the
 * count rides along (a page past the end still answers the total).
 */
async function todoPage(db: Db, userId: number, limit: number, offset: number): Promise<{ records: TaskListItem[]; total: number }> {
  const k = limit + offset;
  const cols = sql`t.id, t.instance_id, t.node_name, t.created_at`;
  const rows = await queryRows<TaskRowSql>(
    db,
    sql`SELECT total.n AS total, p.* FROM (SELECT ${todoCount(userId)} AS n) total LEFT JOIN LATERAL (
      SELECT t.id AS "taskId", i.id AS "processInstanceId", i.business_id AS "businessId", i.process_key AS "processKey",
        i.process_name AS "processName", i.title, t.node_name AS "taskName", u.user_code AS "initiatorCode", u.real_name AS "initiatorName",
        i.status, i.started_at AS "startTime", t.created_at AS "taskTime", i.ended_at AS "endTime",
        coalesce((SELECT string_agg(DISTINCT x.node_name, ',') FROM wf_tasks x WHERE x.instance_id = i.id AND x.status = 'pending' AND x.kind IN ('approve', 'resubmit')), '') AS "currentNodes"
      FROM ((SELECT ${cols} FROM wf_tasks t WHERE ${personalTodo(userId)} ORDER BY t.created_at DESC, t.id DESC LIMIT ${k})
            UNION ALL
            (SELECT ${cols} FROM wf_tasks t WHERE ${groupTodo(userId)} ORDER BY t.created_at DESC, t.id DESC LIMIT ${k})) t
      JOIN wf_instances i ON i.id = t.instance_id
      LEFT JOIN users u ON u.id = i.initiator_user_id
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}
    ) p ON true`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    records: rows.filter((r) => r.taskId !== null).map((r) => taskListItem({ ...r, taskId: Number(r.taskId) }, { ccRead: null, outcome: null })),
  };
}

/** To-do, done and cc lists: one row per task. */
export async function taskList(db: Db, userId: number, kind: TaskListKind, f: ListFilters): Promise<{ records: TaskListItem[]; total: number }> {
  const byArrival = !f.sortField || (f.sortField === 'taskTime' && f.sortOrder !== 'ascend');
  if (kind === 'todo' && byArrival && !hasInstanceFilters(f)) return todoPage(db, userId, pageWindow(f).limit, pageWindow(f).offset);
  const own =
    kind === 'todo'
      ? and(eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit']), heldBy(userId))
      : kind === 'done'
        ? and(eq(wfTasks.completedBy, userId), inArray(wfTasks.kind, ['approve', 'resubmit']), eq(wfTasks.status, 'done'))
        : and(eq(wfTasks.kind, 'cc'), eq(wfTasks.assigneeUserId, userId));
  const where = and(...instanceFilters(f, own));
  const taskTime = kind === 'done' ? wfTasks.completedAt : wfTasks.createdAt;
  const { limit, offset } = pageWindow(f);
  const [rows, totals] = await Promise.all([
    db
      .select({
        taskId: wfTasks.id,
        processInstanceId: wfInstances.id,
        businessId: wfInstances.businessId,
        processKey: wfInstances.processKey,
        processName: wfInstances.processName,
        title: wfInstances.title,
        taskName: wfTasks.nodeName,
        initiatorCode: sql<string>`${initiator}`,
        initiatorName: sql<string>`${initiatorName}`,
        status: wfInstances.status,
        startTime: wfInstances.startedAt,
        taskTime,
        endTime: wfInstances.endedAt,
        currentNodes,
        taskStatus: wfTasks.status,
        outcome: wfTasks.outcome,
      })
      .from(wfTasks)
      .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
      .where(where)
      .orderBy(...orderOf(f, sql`${taskTime} DESC`))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(wfTasks).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId)).where(where),
  ]);
  return {
    total: Number(totals[0]?.n ?? 0),
    records: rows.map((r) => taskListItem(r, { ccRead: kind === 'cc' ? r.taskStatus === 'done' : null, outcome: kind === 'done' ? r.outcome : null })),
  };
}

/** Finished processes I started or acted on: one row per instance. */
/** The decisions of the instance (pass, reject), for the last one of a closed request. */
const decided = sql`x.instance_id = wf_instances.id AND x.status = 'done' AND x.kind = 'approve' AND x.outcome IN ('pass', 'reject')`;
const lastDecision = sql<string | null>`(SELECT concat_ws(' · ', x.node_name, u.real_name) FROM wf_tasks x LEFT JOIN users u ON u.id = x.completed_by
  WHERE ${decided} ORDER BY x.completed_at DESC, x.id DESC LIMIT 1)`;

export async function closedList(db: Db, userId: number, f: ListFilters): Promise<{ records: TaskListItem[]; total: number }> {
  const mine = sql`(${wfInstances.initiatorUserId} = ${userId} OR EXISTS (SELECT 1 FROM wf_tasks y WHERE y.instance_id = wf_instances.id AND y.completed_by = ${userId} AND y.kind IN ('approve', 'resubmit')))`;
  const filters = instanceFilters({ ...f, keyword: undefined }, and(inArray(wfInstances.status, ['passed', 'rejected', 'revoked', 'terminated']), mine));
  if (f.keyword?.trim()) {
    const t = likeText(f.keyword.trim());
    filters.push(or(ilike(wfInstances.title, t), ilike(wfInstances.processName, t)) as SQL);
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(f);
  const sortCol = f.sortField === 'startTime' ? wfInstances.startedAt : wfInstances.endedAt;
  const [rows, totals] = await Promise.all([
    db
      .select({
        processInstanceId: wfInstances.id,
        businessId: wfInstances.businessId,
        processKey: wfInstances.processKey,
        processName: wfInstances.processName,
        title: wfInstances.title,
        initiatorCode: sql<string>`${initiator}`,
        initiatorName: sql<string>`${initiatorName}`,
        status: wfInstances.status,
        startTime: wfInstances.startedAt,
        endTime: wfInstances.endedAt,
        lastDecision: lastDecision,
        lastOutcome: sql<string | null>`(SELECT x.outcome FROM wf_tasks x WHERE ${decided} ORDER BY x.completed_at DESC, x.id DESC LIMIT 1)`,
      })
      .from(wfInstances)
      .where(where)
      .orderBy(f.sortOrder === 'ascend' ? sql`${sortCol} ASC` : sql`${sortCol} DESC`, desc(wfInstances.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(wfInstances).where(where),
  ]);
  return {
    total: Number(totals[0]?.n ?? 0),
    records: rows.map((r) => ({
      taskId: null,
      processInstanceId: r.processInstanceId,
      businessId: r.businessId,
      processKey: r.processKey,
      processName: r.processName,
      title: r.title,
      taskName: null,
      initiatorCode: r.initiatorCode ?? '',
      initiatorName: r.initiatorName ?? '',
      status: r.status,
      startTime: iso(r.startTime) ?? '',
      taskTime: iso(r.endTime),
      endTime: iso(r.endTime),
      // 已办结's 结果: the decision that ended it (its step and who took it); empty for a revoked one.
      currentNodes: r.lastDecision ?? '',
      ccRead: null,
      outcome: r.lastOutcome ?? null,
    })),
  };
}

/** Requests I started. `canRevoke` is filled by the service. */
export async function startedBy(
  db: Db,
  userId: number,
  f: ListFilters & { status?: string },
): Promise<{ rows: Array<Omit<InstanceListItem, 'canRevoke'>>; total: number }> {
  const filters = instanceFilters({ ...f, keyword: undefined, initiator: undefined }, eq(wfInstances.initiatorUserId, userId));
  if (f.status) filters.push(eq(wfInstances.status, f.status));
  if (f.keyword?.trim()) {
    const t = likeText(f.keyword.trim());
    filters.push(or(ilike(wfInstances.title, t), ilike(wfInstances.processName, t)) as SQL);
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(f);
  const [rows, totals] = await Promise.all([
    db
      .select({
        processInstanceId: wfInstances.id,
        processKey: wfInstances.processKey,
        processName: wfInstances.processName,
        businessId: wfInstances.businessId,
        title: wfInstances.title,
        status: wfInstances.status,
        startTime: wfInstances.startedAt,
        endTime: wfInstances.endedAt,
        currentNodes,
        taskId: sql<
          number | null
        >`(SELECT t.id FROM wf_tasks t WHERE t.instance_id = wf_instances.id AND t.kind = 'resubmit' AND t.status = 'pending' LIMIT 1)`,
      })
      .from(wfInstances)
      .where(where)
      .orderBy(f.sortOrder === 'ascend' ? sql`${wfInstances.startedAt} ASC` : sql`${wfInstances.startedAt} DESC`, desc(wfInstances.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(wfInstances).where(where),
  ]);
  return {
    total: Number(totals[0]?.n ?? 0),
    rows: rows.map((r) => ({
      ...r,
      startTime: iso(r.startTime) ?? '',
      endTime: iso(r.endTime),
      currentNodes: r.currentNodes ?? '',
      taskId: r.taskId === null ? null : Number(r.taskId),
    })),
  };
}

export async function badgeCounts(db: Db, userId: number): Promise<{ sum: number; ccTotal: number }> {
  const [row] = await queryRows<{ sum: number | string; cc: number | string }>(
    db,
    sql`SELECT ${todoCount(userId)} AS sum, (SELECT count(*) FROM wf_tasks t WHERE t.status = 'pending' AND t.kind = 'cc' AND t.assignee_user_id = ${userId}) AS cc`,
  );
  return { sum: Number(row?.sum ?? 0), ccTotal: Number(row?.cc ?? 0) };
}

/** Whether a user took part in an instance: started it, holds or held a task, or got a copy. */
export async function isParticipant(db: Db, instanceId: number, userId: number): Promise<boolean> {
  const rows = await db.execute(sql`SELECT 1 FROM wf_instances i WHERE i.id = ${instanceId} AND (i.initiator_user_id = ${userId}
      OR EXISTS (SELECT 1 FROM wf_tasks t WHERE t.instance_id = i.id AND (t.assignee_user_id = ${userId} OR t.completed_by = ${userId} OR ${userId} = ANY(t.candidate_user_ids)))
      OR EXISTS (SELECT 1 FROM wf_events e WHERE e.instance_id = i.id AND (e.user_id = ${userId} OR e.target_user_id = ${userId})))`);
  return ((rows as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

export async function instanceById(db: Db, id: number) {
  const [row] = await db.select().from(wfInstances).where(eq(wfInstances.id, id));
  return row;
}

export async function latestInstanceOfBusiness(db: Db, processKey: string | undefined, businessId: string) {
  const where = processKey ? and(eq(wfInstances.processKey, processKey), eq(wfInstances.businessId, businessId)) : eq(wfInstances.businessId, businessId);
  const [row] = await db.select().from(wfInstances).where(where).orderBy(desc(wfInstances.id)).limit(1);
  return row;
}

export async function userByCode(db: Db, code: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.userCode}) = ${code.trim().toLowerCase()}`);
  return row;
}

export async function userById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function roleCodesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ code: roles.code }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.code);
}

export async function leadsAnyUnit(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(orgUnits).where(eq(orgUnits.leaderUserId, userId));
  return Number(row?.n ?? 0) > 0;
}

export async function orgName(db: Db, id: number | null): Promise<string> {
  if (!id) return '';
  const [row] = await db.select({ name: orgUnits.name }).from(orgUnits).where(eq(orgUnits.id, id));
  return row?.name ?? '';
}

export async function namesOf(db: Db, type: 'user' | 'org' | 'role' | 'process', values: string[]): Promise<Array<{ value: string; name: string }>> {
  if (!values.length) return [];
  let rows: Array<{ value: string; name: string }> = [];
  if (type === 'user')
    rows = await db
      .select({ value: users.userCode, name: users.realName })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.userCode})`,
          values.map((v) => v.toLowerCase()),
        ),
      );
  else if (type === 'org') {
    const ids = values.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    if (ids.length)
      rows = (await db.select({ id: orgUnits.id, name: orgUnits.name }).from(orgUnits).where(inArray(orgUnits.id, ids))).map((r) => ({
        value: String(r.id),
        name: r.name,
      }));
  } else if (type === 'role') rows = await db.select({ value: roles.code, name: roles.name }).from(roles).where(inArray(roles.code, values));
  else rows = await db.selectDistinct({ value: wfDefinitions.key, name: wfDefinitions.name }).from(wfDefinitions).where(inArray(wfDefinitions.key, values));
  const byValue = new Map(rows.map((r) => [r.value.toLowerCase(), r.name]));
  return values.map((v) => ({ value: v, name: byValue.get(v.toLowerCase()) ?? '' }));
}

export async function startableDefinitions(db: Db, category?: string) {
  const rows = await db.execute(sql`SELECT DISTINCT ON (key) id, key, name, version, category FROM wf_definitions
      WHERE enabled ${category ? sql`AND category = ${category}` : sql``} ORDER BY key, version DESC`);
  return (rows as unknown as { rows: Array<{ id: number; key: string; name: string; version: number; category: string | null }> }).rows;
}

export async function definitionPage(
  db: Db,
  f: { pageIndex: number; pageSize: number; keyword?: string; key?: string; allVersions?: boolean },
): Promise<{ records: DefinitionSummary[]; total: number }> {
  const where: SQL[] = [];
  if (f.key) where.push(sql`d.key = ${f.key}`);
  if (f.keyword?.trim()) {
    const t = likeText(f.keyword.trim());
    where.push(sql`(d.key ILIKE ${t} OR d.name ILIKE ${t})`);
  }
  if (!f.allVersions) where.push(sql`d.version = (SELECT max(v.version) FROM wf_definitions v WHERE v.key = d.key)`);
  const cond = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const { limit, offset } = pageWindow(f);
  const rows = (await db.execute(sql`SELECT d.id, d.key, d.name, d.version, d.category, d.enabled, d.created_at AS "createdAt",
      (SELECT count(*)::int FROM wf_instances i WHERE i.definition_id = d.id AND i.status IN ('running', 'returned')) AS "runningCount"
      FROM wf_definitions d ${cond} ORDER BY d.key, d.version DESC LIMIT ${limit} OFFSET ${offset}`)) as unknown as {
    rows: Array<Omit<DefinitionSummary, 'createdAt'> & { createdAt: Date | string }>;
  };
  const total = (await db.execute(sql`SELECT count(*)::int AS n FROM wf_definitions d ${cond}`)) as unknown as { rows: Array<{ n: number }> };
  return {
    total: Number(total.rows[0]?.n ?? 0),
    records: rows.rows.map((r) => ({ ...r, runningCount: Number(r.runningCount), createdAt: iso(r.createdAt) ?? '' })),
  };
}

export async function definitionById(db: Db, id: number) {
  const [row] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, id));
  return row;
}

export async function setEnabled(db: Db, key: string, enabled: boolean, userId: number): Promise<number> {
  const rows = await db
    .update(wfDefinitions)
    .set({ enabled, updatedAt: new Date(), updatedBy: userId })
    .where(eq(wfDefinitions.key, key))
    .returning({ id: wfDefinitions.id });
  return rows.length;
}

export async function searchUsers(db: Db, keyword: string | undefined, excludeUserId: number, limit = 50) {
  const t = keyword?.trim() ? likeText(keyword.trim()) : null;
  return db
    .select({ code: users.userCode, name: users.realName, orgName: sql<string>`coalesce(${orgUnits.name}, '')` })
    .from(users)
    .leftJoin(orgUnits, eq(orgUnits.id, users.orgId))
    .where(
      and(
        eq(users.enabled, true),
        sql`${users.id} <> ${excludeUserId}`,
        t ? or(ilike(users.userCode, t), ilike(users.realName, t), ilike(users.namePinyin, t)) : undefined,
      ),
    )
    .orderBy(users.userCode)
    .limit(limit);
}

export async function hasEvents(db: Db, instanceId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(wfEvents).where(eq(wfEvents.instanceId, instanceId));
  return Number(row?.n ?? 0) > 0;
}

export async function taskInstance(db: Db, taskId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: wfTasks.instanceId }).from(wfTasks).where(eq(wfTasks.id, taskId));
  return row?.id;
}

/** Every instance for the process administrator (default: the live ones), newest first, with who holds each open task. */
export async function adminInstances(db: Db, f: ListFilters & { status?: string }): Promise<{ records: AdminInstanceItem[]; total: number }> {
  const filters = instanceFilters(
    { ...f, keyword: undefined },
    f.status ? eq(wfInstances.status, f.status) : inArray(wfInstances.status, ['running', 'returned']),
  );
  if (f.keyword?.trim()) {
    const t = likeText(f.keyword.trim());
    filters.push(or(ilike(wfInstances.title, t), ilike(wfInstances.processName, t), ilike(wfInstances.businessId, t)) as SQL);
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(f);
  const [rows, totals] = await Promise.all([
    db
      .select({
        processInstanceId: wfInstances.id,
        processKey: wfInstances.processKey,
        processName: wfInstances.processName,
        businessId: wfInstances.businessId,
        title: wfInstances.title,
        initiatorCode: sql<string>`${initiator}`,
        initiatorName: sql<string>`${initiatorName}`,
        status: wfInstances.status,
        startTime: wfInstances.startedAt,
        endTime: wfInstances.endedAt,
      })
      .from(wfInstances)
      .where(where)
      .orderBy(f.sortOrder === 'ascend' ? sql`${wfInstances.startedAt} ASC` : sql`${wfInstances.startedAt} DESC`, desc(wfInstances.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(wfInstances).where(where),
  ]);
  const ids = rows.map((r) => r.processInstanceId);
  const tasks = ids.length
    ? await db
        .select({
          id: wfTasks.id,
          instanceId: wfTasks.instanceId,
          nodeName: wfTasks.nodeName,
          kind: wfTasks.kind,
          assignee: wfTasks.assigneeUserId,
          candidates: wfTasks.candidateUserIds,
        })
        .from(wfTasks)
        .where(and(inArray(wfTasks.instanceId, ids), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])))
        .orderBy(wfTasks.id)
    : [];
  const people = [...new Set(tasks.flatMap((t) => (t.assignee ? [t.assignee] : t.candidates)))];
  const names = new Map(
    (people.length ? await db.select({ id: users.id, code: users.userCode, name: users.realName }).from(users).where(inArray(users.id, people)) : []).map(
      (u) => [u.id, { userCode: u.code, userName: u.name }],
    ),
  );
  return {
    total: Number(totals[0]?.n ?? 0),
    records: rows.map((r) => ({
      ...r,
      initiatorCode: r.initiatorCode ?? '',
      initiatorName: r.initiatorName ?? '',
      startTime: iso(r.startTime) ?? '',
      endTime: iso(r.endTime),
      openTasks: tasks
        .filter((t) => t.instanceId === r.processInstanceId)
        .map((t) => ({
          taskId: t.id,
          taskName: t.nodeName,
          kind: t.kind,
          holders: (t.assignee ? [t.assignee] : t.candidates).map((u) => names.get(u)).filter((p): p is { userCode: string; userName: string } => !!p),
        })),
    })),
  };
}
