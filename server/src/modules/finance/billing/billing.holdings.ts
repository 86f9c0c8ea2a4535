import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db';
import { countOf, dictName, idFilter, iso, limitOf, registerHoldingProvider } from '../../hr/departure-holdings';

/**
 * The settlement bills a manager holds for the leaver handover (docs/domain/hr-agreements-handover.md):
 * every bill not deleted that still needs someone — in approval or to be corrected, to invoice, or
 * to follow up collection. Finished bills (collected 013, written off 016, withdrawn before
 * invoicing 040) stay under their name. Changing the manager changes no amount, so the economics
 * summaries are not refreshed (their trigger looks at amounts and membership only).
 */
const openBill = (userId: number) =>
  sql`b.manager_user_id = ${userId}::int AND b.deleted_at IS NULL
    AND b.payment_status <> '013' AND b.writeoff_status <> '016' AND b.invoice_status <> '040'`;

registerHoldingProvider({
  key: 'bills',
  title: '负责的结算单',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM fin_bills b WHERE ${openBill(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; no: string | null; project: string; month: number; invoice: string; payment: string; at: Date }>(
      db,
      sql`SELECT b.id, b.bill_no AS no, p.name AS project, b.month, ${dictName('STATUS', sql`b.invoice_status`)} AS invoice,
                 ${dictName('STATUS', sql`b.payment_status`)} AS payment, b.created_at AS at
          FROM fin_bills b JOIN fin_projects p ON p.id = b.project_id
          WHERE ${openBill(u)} ORDER BY b.created_at DESC, b.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      title: `${r.no ?? '草稿'} ${r.project}`,
      detail: `${Math.floor(r.month / 100)}-${String(r.month % 100).padStart(2, '0')} · ${r.invoice} · ${r.payment}`,
      at: iso(r.at),
    }));
  },
  move: (tx, m) =>
    queryRows<{ id: string; title: string }>(
      tx,
      sql`WITH moved AS (
        UPDATE fin_bills b SET manager_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
        WHERE ${openBill(m.fromUserId)} ${idFilter(sql`b.id`, m)} RETURNING b.id, b.bill_no, b.project_id
      )
      SELECT moved.id::text AS id, coalesce(moved.bill_no, '草稿') || ' ' || p.name AS title FROM moved JOIN fin_projects p ON p.id = moved.project_id`,
    ),
});
