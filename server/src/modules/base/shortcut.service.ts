import type { AppShortcut } from '@erp/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { menus, roleMenus, roles, userAppShortcuts, userRoles } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';

/** Front applications (workbench menus) the user's roles grant; every enabled one for the administrator. */
async function grantedFrontApps(db: Db, user: Pick<Principal, 'userId' | 'isAdmin'>, menuIds?: number[]): Promise<Set<number>> {
  const front = and(eq(menus.appType, 'front'), eq(menus.type, 'C'), eq(menus.enabled, true), menuIds ? inArray(menus.id, menuIds) : undefined);
  const rows = user.isAdmin
    ? await db.select({ id: menus.id }).from(menus).where(front)
    : await db
        .selectDistinct({ id: menus.id })
        .from(menus)
        .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
        .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
        .where(and(front, eq(userRoles.userId, user.userId)));
  return new Set(rows.map((r) => r.id));
}

/** A user's own workbench shortcuts. Applications no longer granted are left out of the answer. */
export async function listShortcuts(db: Db, user: Pick<Principal, 'userId' | 'isAdmin'>): Promise<AppShortcut[]> {
  const rows = await db
    .select({ menuId: menus.id, name: menus.name, title: menus.title, path: menus.path, icon: menus.icon, sort: userAppShortcuts.sort })
    .from(userAppShortcuts)
    .innerJoin(menus, eq(menus.id, userAppShortcuts.menuId))
    .where(eq(userAppShortcuts.userId, user.userId))
    .orderBy(asc(userAppShortcuts.sort), asc(menus.id));
  if (!rows.length) return [];
  const granted = await grantedFrontApps(
    db,
    user,
    rows.map((r) => r.menuId),
  );
  return rows.filter((r) => granted.has(r.menuId));
}

export async function saveShortcuts(db: Db, user: Pick<Principal, 'userId' | 'isAdmin'>, menuIds: number[]): Promise<AppShortcut[]> {
  const unique = [...new Set(menuIds)];
  if (unique.length !== menuIds.length) throw badRequest('快捷应用不能重复');
  if (unique.length) {
    const granted = await grantedFrontApps(db, user, unique);
    const refused = unique.filter((id) => !granted.has(id));
    if (refused.length) throw badRequest(`应用不存在或没有权限：${refused.join(',')}`);
  }
  await db.transaction(async (tx) => {
    await tx.delete(userAppShortcuts).where(eq(userAppShortcuts.userId, user.userId));
    if (unique.length) await tx.insert(userAppShortcuts).values(unique.map((menuId, i) => ({ userId: user.userId, menuId, sort: i + 1 })));
  });
  return listShortcuts(db, user);
}
