import type { MenuRecord, MenuTreeNode, ZMenuInput } from '@erp/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { menus, roleMenus } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { bumpAuthzVersion } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';

type WriteCtx = Pick<CallContext, 'audit'> & { user: Principal };
type MenuInput = z.output<typeof ZMenuInput>;

const columns = {
  id: menus.id,
  parentId: menus.parentId,
  type: sql<MenuRecord['type']>`${menus.type}`,
  name: menus.name,
  title: menus.title,
  path: menus.path,
  component: menus.component,
  redirect: menus.redirect,
  icon: menus.icon,
  perms: menus.perms,
  hidden: menus.hidden,
  alwaysShow: menus.alwaysShow,
  appType: sql<MenuRecord['appType']>`${menus.appType}`,
  sort: menus.sort,
  enabled: menus.enabled,
};

/** The menu/button tree editor. Changes to codes or visibility apply on users' next call. */
export class MenuService {
  constructor(private readonly db: Db) {}

  async one(id: number): Promise<MenuRecord> {
    const [row] = await this.db.select(columns).from(menus).where(eq(menus.id, id));
    if (!row) throw notFound('菜单不存在');
    return row;
  }

  async tree(input: { title?: string; includeButtons?: boolean }): Promise<MenuTreeNode[]> {
    const rows = await this.db
      .select(columns)
      .from(menus)
      .where(input.includeButtons === false ? ne(menus.type, 'F') : undefined)
      .orderBy(asc(menus.sort), asc(menus.id));
    const nodes = new Map<number, MenuTreeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
    const roots: MenuTreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    if (!input.title) return roots;
    // Keep matches with everything below them, and the branches leading to them.
    const needle = input.title.toLowerCase();
    const prune = (list: MenuTreeNode[]): MenuTreeNode[] =>
      list.flatMap((n) => {
        if (n.title.toLowerCase().includes(needle)) return [n];
        const children = prune(n.children);
        return children.length ? [{ ...n, children }] : [];
      });
    return prune(roots);
  }

  private async validate(input: MenuInput, selfId?: number): Promise<void> {
    if (input.parentId) {
      const parent = await this.one(input.parentId).catch(() => {
        throw badRequest('上级菜单不存在');
      });
      if (parent.type === 'F') throw badRequest('按钮下不能再添加菜单');
      if (selfId !== undefined) {
        // Walk up from the new parent: meeting the menu itself means a cycle.
        let cursor: number | null = parent.id;
        for (let hops = 0; cursor !== null && hops < 50; hops++) {
          if (cursor === selfId) throw badRequest('上级菜单不能是自身或其下级菜单');
          const [up]: Array<{ parentId: number | null }> = await this.db.select({ parentId: menus.parentId }).from(menus).where(eq(menus.id, cursor));
          cursor = up?.parentId ?? null;
        }
      }
    }
    if (input.type === 'F' && !input.perms) throw badRequest('按钮必须填写权限标识');
    if (input.type !== 'F' && !input.path) throw badRequest('菜单必须填写路由地址');
    if (input.type !== 'F' && input.path) {
      const dup = await this.db
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.path, input.path), ne(menus.type, 'F'), selfId ? ne(menus.id, selfId) : undefined))
        .limit(1);
      if (dup.length) throw conflict('菜单路径已存在');
    }
    if (input.type === 'F' && input.perms) {
      const dup = await this.db
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(sql`lower(${menus.perms})`, input.perms.toLowerCase()), eq(menus.type, 'F'), selfId ? ne(menus.id, selfId) : undefined))
        .limit(1);
      if (dup.length) throw conflict('权限标识已存在');
    }
  }

  private values(input: MenuInput) {
    return {
      parentId: input.parentId ?? null,
      type: input.type,
      name: input.name,
      title: input.title,
      path: input.type === 'F' ? '' : input.path,
      component: input.type === 'M' ? 'Layout' : input.component,
      redirect: input.redirect ?? null,
      icon: input.icon ?? null,
      perms: input.perms || null,
      hidden: input.hidden ?? false,
      alwaysShow: input.alwaysShow ?? false,
      appType: input.appType ?? 'back',
      sort: input.sort ?? 0,
    };
  }

  async add(input: MenuInput, ctx: WriteCtx): Promise<MenuRecord> {
    await this.validate(input);
    const [row] = await this.db
      .insert(menus)
      .values({ ...this.values(input), createdBy: ctx.user.userId, updatedBy: ctx.user.userId })
      .returning({ id: menus.id });
    await bumpAuthzVersion(this.db);
    const after = await this.one((row as { id: number }).id);
    ctx.audit({ recordId: after.id, after });
    return after;
  }

  async update(id: number, input: MenuInput & { enabled?: boolean }, ctx: WriteCtx): Promise<MenuRecord> {
    const before = await this.one(id);
    await this.validate(input, id);
    await this.db
      .update(menus)
      .set({ ...this.values(input), ...(input.enabled === undefined ? {} : { enabled: input.enabled }), updatedAt: new Date(), updatedBy: ctx.user.userId })
      .where(eq(menus.id, id));
    await bumpAuthzVersion(this.db);
    const after = await this.one(id);
    ctx.audit({ recordId: id, before, after });
    return after;
  }

  async remove(id: number, ctx: WriteCtx): Promise<void> {
    const before = await this.one(id);
    const [kids] = await this.db.select({ n: sql<number>`count(*)::int` }).from(menus).where(eq(menus.parentId, id));
    if (Number(kids?.n) > 0) throw conflict(`该菜单下还有${kids?.n}个子菜单或按钮，不能删除`);
    await this.db.transaction(async (tx) => {
      await tx.delete(roleMenus).where(eq(roleMenus.menuId, id));
      await tx.delete(menus).where(eq(menus.id, id));
      await bumpAuthzVersion(tx as unknown as Db);
    });
    ctx.audit({ recordId: id, before, after: null });
  }
}
