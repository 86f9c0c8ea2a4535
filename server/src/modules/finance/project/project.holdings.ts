import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db';
import { countOf, dictName, idFilter, iso, limitOf, registerHoldingProvider } from '../../hr/departure-holdings';

/**
 * The projects a manager holds for the leaver handover (docs/domain/hr-agreements-handover.md):
 * those not closed (立项中, 执行中, 结项中). The successor becomes the manager of the project as it
 * stands; the budget versions keep who managed it when they were made.
 */
const managed = (userId: number) => sql`p.manager_user_id = ${userId}::int AND p.deleted_at IS NULL AND p.phase <> '004'`;

registerHoldingProvider({
  key: 'projects',
  title: '负责的项目',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM fin_projects p WHERE ${managed(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; name: string; no: string | null; phase: string; at: Date }>(
      db,
      sql`SELECT p.id, p.name, p.project_no AS no, ${dictName('FINPROJECTPHASE', sql`p.phase`)} AS phase, p.created_at AS at
          FROM fin_projects p WHERE ${managed(u)} ORDER BY p.created_at DESC, p.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.name, detail: `${r.no ?? '未编号'} · ${r.phase}`, at: iso(r.at) }));
  },
  move: (tx, m) =>
    queryRows<{ id: string; title: string }>(
      tx,
      sql`UPDATE fin_projects p SET manager_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
          WHERE ${managed(m.fromUserId)} ${idFilter(sql`p.id`, m)} RETURNING p.id::text AS id, p.name AS title`,
    ),
});
