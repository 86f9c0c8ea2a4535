import { type Holding, type HoldingItem, QUIT_APPLY_PROCESS_KEY } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { bumpAuthzVersion } from '../../platform/auth/sessions';
import { type Db, queryRows } from '../../platform/db';
import * as engine from '../../workflow/engine';

/**
 * What a person still holds in the company's work: open approval tasks, processes they started that
 * still run, units they lead, roles nobody else holds (here), and the records other areas register
 * beside their own code (recruitment demands, candidates and interviews, projects, settlement bills,
 * work orders, kept assets: `*.holdings.ts`). The leaver handover screen lists and moves them
 * (handover.ts); the departure flow refuses to finish while `listHoldings` counts anything.
 */
export interface HoldingProvider {
  key: string;
  /** What the group is called on the handover screen. */
  title: string;
  count(db: Db, userId: number): Promise<number>;
  /** The first `limit` items, newest first. */
  items(db: Db, userId: number, limit: number): Promise<HoldingItem[]>;
  /**
   * Moves the items (all the user still holds when `itemIds` is null, less `exclude`) to the
   * successor in the caller's transaction; answers what moved. Each move must name the holder in
   * its WHERE so an item closed or moved meanwhile is simply not moved (never twice).
   */
  move(tx: Db, m: MoveRequest): Promise<Array<{ id: string; title: string }>>;
  /**
   * Approval tasks (alias `t`) this group moves together with its items (a work order and its
   * handling task must stay with one person): the approval-task group leaves them out, so they are
   * counted and moved once, with their record.
   */
  tasksMovedWith?(userId: number): SQL;
}

export interface MoveRequest {
  fromUserId: number;
  toUserId: number;
  itemIds: number[] | null;
  exclude: number[];
  actorUserId: number;
  remark: string;
}

const providers: HoldingProvider[] = [];

/** An area registers a group of things a person can hold (once, at module load). */
export function registerHoldingProvider(p: HoldingProvider): void {
  const at = providers.findIndex((x) => x.key === p.key);
  if (at >= 0) providers[at] = p;
  else providers.push(p);
}

export function holdingProvider(key: string): HoldingProvider | undefined {
  return providers.find((p) => p.key === key);
}

export interface HoldingCount {
  key: string;
  title: string;
  count: number;
}

/** What the user still holds, by group (only groups with something in them), and the total. */
export async function listHoldings(db: Db, userId: number): Promise<{ total: number; groups: HoldingCount[] }> {
  const groups: HoldingCount[] = [];
  for (const p of providers) {
    const count = await p.count(db, userId);
    if (count > 0) groups.push({ key: p.key, title: p.title, count });
  }
  return { total: groups.reduce((s, g) => s + g.count, 0), groups };
}

/** The same with the first items of each group (the handover screen). */
export async function holdingsWithItems(db: Db, userId: number, limit = 200) {
  const groups = [];
  for (const p of providers) {
    const count = await p.count(db, userId);
    if (count > 0) groups.push({ key: p.key, title: p.title, count, items: await p.items(db, userId, limit) });
  }
  return { total: groups.reduce((s, g) => s + g.count, 0), groups };
}

// ---------------------------------------------------------------------------------------------
// Helpers of the providers (here and in the areas' *.holdings.ts)

export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
export const countOf = async (db: Db, q: SQL) => Number((await queryRows<{ n: number }>(db, q))[0]?.n ?? 0);
/** The items a move is limited to: those asked for (by id), less those moved by id to someone else. */
export const idFilter = (column: SQL, m: MoveRequest) =>
  sql`${m.itemIds ? sql`AND ${column} IN ${m.itemIds}` : sql``} ${m.exclude.length ? sql`AND ${column} NOT IN ${m.exclude}` : sql``}`;
export const limitOf = (limit: number) => sql.raw(String(Math.max(1, Math.min(Math.trunc(limit), 10_000))));
/** A dictionary code's name (the code itself when the dictionary lacks it). */
export const dictName = (codeType: string, code: SQL) =>
  sql`coalesce((SELECT di.code_name FROM dict_items di WHERE di.code_type = ${codeType} AND di.code = ${code}), ${code})`;

/** An open approval task the user holds (assigned, or a candidate of a group task). */
export const heldTask = (userId: number) =>
  sql`t.kind = 'approve' AND t.status IN ('pending', 'waiting')
    AND (t.assignee_user_id = ${userId}::int OR (t.assignee_user_id IS NULL AND t.candidate_user_ids @> ARRAY[${userId}::int]))`;

/**
 * Moves the open approval tasks of the leaver that `where` (alias `t`) selects to the successor: the
 * successor takes the leaver's place (a group task they already belong to just loses the leaver),
 * proxy marks are cleared, and the flow shows a transfer event 离职交接. Answers the moved task ids
 * with their instance's id and title.
 */
export function moveHeldTasks(tx: Db, m: Pick<MoveRequest, 'fromUserId' | 'toUserId' | 'remark'>, where: SQL) {
  return queryRows<{ id: string; instanceId: number; title: string }>(
    tx,
    sql`WITH moved AS (
      UPDATE wf_tasks t SET
        assignee_user_id = CASE WHEN t.assignee_user_id = ${m.fromUserId}::int THEN ${m.toUserId}::int ELSE t.assignee_user_id END,
        candidate_user_ids = CASE WHEN t.candidate_user_ids @> ARRAY[${m.toUserId}::int] THEN array_remove(t.candidate_user_ids, ${m.fromUserId}::int)
                                  ELSE array_replace(t.candidate_user_ids, ${m.fromUserId}::int, ${m.toUserId}::int) END,
        proxy_for_user_id = NULL, delegation_id = NULL
      WHERE ${heldTask(m.fromUserId)} AND ${where} AND NOT ${engine.partyOfInstance(sql`t.instance_id`, m.toUserId)}
      RETURNING t.id, t.instance_id, t.node_id, t.node_name
    ), ev AS (
      INSERT INTO wf_events (instance_id, task_id, node_id, node_name, action, operate_type, approval_flag, user_id, target_user_id, message)
      SELECT m.instance_id, m.id, m.node_id, m.node_name, 'transfer', 1, 0, ${m.fromUserId}::int, ${m.toUserId}::int, ${`离职交接${m.remark ? `：${m.remark}` : ''}`} FROM moved m
    )
    SELECT m.id::text AS id, m.instance_id AS "instanceId", i.title FROM moved m JOIN wf_instances i ON i.id = m.instance_id`,
  );
}

// ---------------------------------------------------------------------------------------------
// The approval engine's and the organisation's

/** Leaves out the tasks another group moves with its records (alias `t`). */
const notMovedWithRecords = (userId: number) => {
  const others = providers.flatMap((p) => (p.tasksMovedWith ? [sql`NOT (${p.tasksMovedWith(userId)})`] : []));
  return others.length ? sql.join(others, sql` AND `) : sql`true`;
};
/** The open approval tasks of the approval-task group. */
const looseTask = (userId: number) => sql`${heldTask(userId)} AND ${notMovedWithRecords(userId)}`;

registerHoldingProvider({
  key: 'approvalTasks',
  title: '待办审批',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM wf_tasks t WHERE ${looseTask(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; title: string; process: string; node: string; at: Date }>(
      db,
      sql`SELECT t.id, i.title, i.process_name AS process, t.node_name AS node, t.created_at AS at
          FROM wf_tasks t JOIN wf_instances i ON i.id = t.instance_id WHERE ${looseTask(u)} ORDER BY t.created_at DESC, t.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.title, detail: `${r.process} · ${r.node}`, at: iso(r.at) }));
  },
  async move(tx, m) {
    const moved = await moveHeldTasks(tx, m, sql`${notMovedWithRecords(m.fromUserId)} ${idFilter(sql`t.id`, m)}`);
    return moved.map((r) => ({ id: r.id, title: r.title }));
  },
});

/**
 * The person's running requests, their own resignation left out (issue 39): it runs while they hand
 * over, is theirs to follow, and is not anyone else's to take.
 */
const startedBy = (userId: number) =>
  sql`i.initiator_user_id = ${userId}::int AND i.status IN ('running', 'returned') AND i.process_key <> ${QUIT_APPLY_PROCESS_KEY}`;

registerHoldingProvider({
  key: 'startedProcesses',
  title: '发起的流程（进行中）',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM wf_instances i WHERE ${startedBy(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; title: string; process: string; status: string; at: Date }>(
      db,
      sql`SELECT i.id, i.title, i.process_name AS process, i.status, i.started_at AS at FROM wf_instances i
          WHERE ${startedBy(u)} ORDER BY i.started_at DESC, i.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.title, detail: `${r.process} · ${r.status === 'returned' ? '已退回' : '审批中'}`, at: iso(r.at) }));
  },
  async move(tx, m) {
    // The successor becomes the initiator, and takes the resubmission of a returned one.
    return queryRows<{ id: string; title: string }>(
      tx,
      sql`WITH moved AS (
        UPDATE wf_instances i SET initiator_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
        WHERE ${startedBy(m.fromUserId)} ${idFilter(sql`i.id`, m)}
        RETURNING i.id, i.title
      ), resubmit AS (
        UPDATE wf_tasks t SET assignee_user_id = ${m.toUserId}::int, candidate_user_ids = ARRAY[${m.toUserId}::int]
        FROM moved WHERE t.instance_id = moved.id AND t.kind = 'resubmit' AND t.status = 'pending' AND t.assignee_user_id = ${m.fromUserId}::int
      )
      SELECT id::text AS id, title FROM moved`,
    );
  },
});

registerHoldingProvider({
  key: 'ledUnits',
  title: '负责的组织',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM org_units o WHERE o.leader_user_id = ${u}::int`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; name: string; code: string }>(
      db,
      sql`SELECT o.id, o.name, o.code FROM org_units o WHERE o.leader_user_id = ${u}::int ORDER BY o.path LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.name, detail: `负责人 · ${r.code}`, at: null }));
  },
  async move(tx, m) {
    return queryRows<{ id: string; title: string }>(
      tx,
      sql`UPDATE org_units o SET leader_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
          WHERE o.leader_user_id = ${m.fromUserId}::int ${idFilter(sql`o.id`, m)} RETURNING o.id::text AS id, o.name AS title`,
    );
  },
});

/** Enabled roles the user holds and no other enabled user does. */
const soleRoles = (userId: number) =>
  sql`SELECT r.id, r.name, r.code FROM roles r JOIN user_roles ur ON ur.role_id = r.id AND ur.user_id = ${userId}::int
      WHERE r.enabled AND NOT EXISTS (SELECT 1 FROM user_roles o JOIN users ou ON ou.id = o.user_id
        WHERE o.role_id = r.id AND o.user_id <> ${userId}::int AND ou.enabled)`;

registerHoldingProvider({
  key: 'soleRoles',
  title: '唯一持有的角色',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM (${soleRoles(u)}) x`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; name: string; code: string }>(db, sql`${soleRoles(u)} ORDER BY r.id LIMIT ${limitOf(limit)}`);
    return rows.map((r) => ({ id: String(r.id), title: r.name, detail: `角色编码 ${r.code}`, at: null }));
  },
  async move(tx, m) {
    const moved = await queryRows<{ id: string; title: string }>(
      tx,
      sql`WITH sole AS (SELECT x.id, x.name FROM (${soleRoles(m.fromUserId)}) x WHERE true ${idFilter(sql`x.id`, m)}),
        granted AS (INSERT INTO user_roles (user_id, role_id) SELECT ${m.toUserId}::int, id FROM sole ON CONFLICT DO NOTHING),
        dropped AS (DELETE FROM user_roles d USING sole WHERE d.user_id = ${m.fromUserId}::int AND d.role_id = sole.id)
      SELECT id::text AS id, name AS title FROM sole`,
    );
    // Both people's permissions change on their next call.
    if (moved.length) await bumpAuthzVersion(tx);
    return moved;
  },
});

/** A stand-in for the registry (tests of the departure flow). */
export type HoldingsOverride = (db: Db, userId: number) => Promise<Holding[]>;
let override: HoldingsOverride | null = null;

/** Replaces the registry's answer (null: back to the registry). For tests. */
export function registerHoldingsProvider(p: HoldingsOverride | null): void {
  override = p;
}

/**
 * The departure flow's view (quit check, the hand-over step that cannot pass while anything is
 * held): the groups still held, as kind, label and count.
 */
export async function departureHoldings(db: Db, userId: number | null): Promise<Holding[]> {
  if (userId === null) return [];
  if (override) return (await override(db, userId)).filter((h) => h.count > 0);
  const { groups } = await listHoldings(db, userId);
  return groups.map((g) => ({ kind: g.key, label: g.title, count: g.count }));
}
