import { menus, roleMenus } from '../schema';
import type { MenuSpec, SeedContext } from './types';

/** The menus row of a spec. */
export function menuRow(spec: MenuSpec, parentId: number | null, sort: number): typeof menus.$inferInsert {
  return {
    parentId,
    type: spec.type,
    name: spec.name,
    title: spec.title,
    path: spec.path ?? '',
    component: spec.component ?? (spec.type === 'M' ? 'Layout' : ''),
    redirect: spec.redirect ?? null,
    icon: spec.icon ?? null,
    perms: spec.perms ?? null,
    hidden: spec.hidden ?? false,
    alwaysShow: spec.alwaysShow ?? false,
    appType: spec.appType ?? 'back',
    sort,
  };
}

/** Inserts a menu tree and grants each node to the roles it names (admin sees all without grants). */
export async function insertMenus(ctx: SeedContext, specs: MenuSpec[], parentId: number | null = null): Promise<void> {
  for (const [i, spec] of specs.entries()) {
    const [row] = await ctx.db
      .insert(menus)
      .values(menuRow(spec, parentId, i + 1))
      .returning({ id: menus.id });
    if (!row) throw new Error(`menu ${spec.name} not inserted`);
    const roleIds = (spec.roles ?? []).map((code) => ctx.roleIds.get(code)).filter((id): id is number => id !== undefined);
    if (roleIds.length) await ctx.db.insert(roleMenus).values(roleIds.map((roleId) => ({ roleId, menuId: row.id })));
    if (spec.children?.length) await insertMenus(ctx, spec.children, row.id);
  }
}
