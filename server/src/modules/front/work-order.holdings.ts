import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db';
import { countOf, dictName, idFilter, iso, limitOf, moveHeldTasks, registerHoldingProvider } from '../hr/departure-holdings';

/**
 * The work orders a handler holds for the leaver handover (docs/domain/hr-agreements-handover.md):
 * assigned or in progress (002, 003). Only the handler may start or resolve an order, and resolving
 * passes the handling task, so the order and its task move together to one successor — the
 * approval-task group leaves those tasks out (`tasksMovedWith`).
 */
const handled = (userId: number) => sql`w.handler_user_id = ${userId}::int AND w.status IN ('002', '003')`;

registerHoldingProvider({
  key: 'workOrders',
  title: '处理中的工单',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM work_orders w WHERE ${handled(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; title: string; no: string | null; status: string; at: Date }>(
      db,
      sql`SELECT w.id, w.title, w.order_no AS no, ${dictName('WOSTATUS', sql`w.status`)} AS status, w.created_at AS at
          FROM work_orders w WHERE ${handled(u)} ORDER BY w.created_at DESC, w.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.title, detail: `${r.no ?? ''} · ${r.status}`, at: iso(r.at) }));
  },
  tasksMovedWith: (u) => sql`EXISTS (SELECT 1 FROM work_orders w WHERE w.process_instance_id = t.instance_id AND ${handled(u)})`,
  async move(tx, m) {
    const moved = await queryRows<{ id: string; title: string; instanceId: number | null }>(
      tx,
      sql`UPDATE work_orders w SET handler_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
          WHERE ${handled(m.fromUserId)} ${idFilter(sql`w.id`, m)}
          RETURNING w.id::text AS id, coalesce(w.order_no || ' ', '') || w.title AS title, w.process_instance_id AS "instanceId"`,
    );
    const instances = moved.flatMap((r) => (r.instanceId === null ? [] : [r.instanceId]));
    if (instances.length) await moveHeldTasks(tx, m, sql`t.instance_id IN ${instances}`);
    return moved.map((r) => ({ id: r.id, title: r.title }));
  },
});
