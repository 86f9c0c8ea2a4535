import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db';
import { countOf, dictName, idFilter, iso, limitOf, registerHoldingProvider } from '../hr/departure-holdings';

/**
 * The assets an administrator keeps (保管人, answerable for them) for the leaver handover
 * (docs/domain/hr-agreements-handover.md): every asset not scrapped or lost. What the leaver
 * uses or borrows (使用人) is not handed over: it is returned through the asset applications.
 */
const kept = (userId: number) => sql`a.keeper_user_id = ${userId}::int AND a.status NOT IN ('005', '006')`;

registerHoldingProvider({
  key: 'keptAssets',
  title: '保管的资产',
  count: (db, u) => countOf(db, sql`SELECT count(*)::int AS n FROM assets a WHERE ${kept(u)}`),
  async items(db, u, limit) {
    const rows = await queryRows<{ id: number; name: string; code: string; status: string; at: Date }>(
      db,
      sql`SELECT a.id, a.name, a.asset_code AS code, ${dictName('ASSETSTATUS', sql`a.status`)} AS status, a.created_at AS at
          FROM assets a WHERE ${kept(u)} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limitOf(limit)}`,
    );
    return rows.map((r) => ({ id: String(r.id), title: r.name, detail: `${r.code} · ${r.status}`, at: iso(r.at) }));
  },
  move: (tx, m) =>
    queryRows<{ id: string; title: string }>(
      tx,
      sql`UPDATE assets a SET keeper_user_id = ${m.toUserId}::int, updated_at = now(), updated_by = ${m.actorUserId}::int
          WHERE ${kept(m.fromUserId)} ${idFilter(sql`a.id`, m)} RETURNING a.id::text AS id, a.name || '（' || a.asset_code || '）' AS title`,
    ),
});
