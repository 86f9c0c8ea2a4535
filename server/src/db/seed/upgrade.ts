import { and, eq, isNull, sql } from 'drizzle-orm';
import { dictionarySeeds } from '../../modules/base/dictionaries.seed';
import { bumpAuthzVersion } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db';
import { dictItems, dictTypes, menus, roleMenus, roles } from '../schema';
import { menuRow } from './menus';
import type { MenuSpec } from './types';

/**
 * Brings the reference data of a database set up by an earlier version up to this one: the
 * dictionaries, dictionary values and menus (with their buttons and grants) that version did not
 * have. What exists is left as it is (administrators may have renamed or disabled it); nothing is
 * deleted. Runs at every start after the migrations; cheap when nothing is missing.
 */
export async function upgradeReferenceData(db: Db, menuSpecs: MenuSpec[]): Promise<{ dictionaries: number; menus: number }> {
  return db.transaction(async (tx) => {
    // Several processes may start at once: the first does the work, the others find it done.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('erp:reference-data'))`);
    let addedDicts = 0;
    for (const dict of dictionarySeeds) {
      await tx.insert(dictTypes).values({ codeType: dict.codeType, name: dict.name }).onConflictDoNothing();
      const added = await tx
        .insert(dictItems)
        .values(dict.items.map(([code, codeName, color], i) => ({ codeType: dict.codeType, code, codeName, color: color ?? null, sort: i + 1 })))
        .onConflictDoNothing()
        .returning({ code: dictItems.code });
      addedDicts += added.length;
    }
    const roleIds = new Map((await tx.select({ id: roles.id, code: roles.code }).from(roles)).map((r) => [r.code, r.id]));
    let addedMenus = 0;
    const walk = async (specs: MenuSpec[], parentId: number | null) => {
      for (const [i, spec] of specs.entries()) {
        const [found] = await tx
          .select({ id: menus.id })
          .from(menus)
          .where(and(eq(menus.name, spec.name), parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId)))
          .limit(1);
        let id = found?.id;
        if (id === undefined) {
          const [row] = await tx
            .insert(menus)
            .values(menuRow(spec, parentId, i + 1))
            .returning({ id: menus.id });
          if (!row) throw new Error(`menu ${spec.name} not inserted`);
          id = row.id;
          addedMenus++;
          const grants = (spec.roles ?? []).map((code) => roleIds.get(code)).filter((r): r is number => r !== undefined);
          if (grants.length) await tx.insert(roleMenus).values(grants.map((roleId) => ({ roleId, menuId: id as number })));
        }
        if (spec.children?.length) await walk(spec.children, id);
      }
    };
    await walk(menuSpecs, null);
    if (addedMenus) await bumpAuthzVersion(tx);
    return { dictionaries: addedDicts, menus: addedMenus };
  });
}
