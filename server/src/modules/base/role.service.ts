import type { RoleRecord, ZRoleInput } from '@erp/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { menus, orgUnits, roleMenus, roleOrgs, roles, userRoles } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { bumpAuthzVersion } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { roleResource } from './base.resources';

type WriteCtx = Pick<CallContext, 'audit'> & { user: Principal };
type DataScope = RoleRecord['dataScope'];

/** Roles, what they grant (menus and buttons) and what they may read (data scope). Every change applies on the users' next call. */
export class RoleService {
  constructor(private readonly db: Db) {}

  page(input: Parameters<typeof roleResource.page>[1]) {
    return roleResource.page(this.db, input, null);
  }

  list() {
    return this.db
      .select({ id: roles.id, code: roles.code, name: roles.name, dataScope: roles.dataScope, enabled: roles.enabled })
      .from(roles)
      .orderBy(asc(roles.sort), asc(roles.id))
      .then((rows) => rows.map((r) => ({ ...r, dataScope: r.dataScope as DataScope })));
  }

  async detail(id: number) {
    const record = await roleResource.detail(this.db, id, null);
    const [menuRows, orgRows] = await Promise.all([
      this.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id)),
      this.db.select({ id: roleOrgs.orgId }).from(roleOrgs).where(eq(roleOrgs.roleId, id)),
    ]);
    return { ...record, menuIds: menuRows.map((m) => m.id).sort((a, b) => a - b), orgIds: orgRows.map((o) => o.id).sort((a, b) => a - b) };
  }

  add(input: z.output<typeof ZRoleInput>, ctx: WriteCtx) {
    return roleResource.add(
      this.db,
      { code: input.code, name: input.name, dataScope: input.dataScope, sort: input.sort ?? 0, remark: input.remark ?? null },
      ctx,
    );
  }

  update(id: number, input: Omit<z.output<typeof ZRoleInput>, 'code' | 'dataScope'>, ctx: WriteCtx) {
    return roleResource.update(this.db, id, { name: input.name, remark: input.remark ?? null, ...(input.sort === undefined ? {} : { sort: input.sort }) }, ctx);
  }

  private async guardAdminRole(id: number, what: string): Promise<RoleRecord> {
    const role = await roleResource.detail(this.db, id, null);
    if (role.code === 'admin') throw badRequest(`系统管理员角色不能${what}`);
    return role;
  }

  async changeStatus(input: { id: number; enabled: boolean }, ctx: WriteCtx): Promise<void> {
    if (!input.enabled) await this.guardAdminRole(input.id, '停用');
    await this.db.transaction(async (tx) => {
      await tx.update(roles).set({ enabled: input.enabled, updatedAt: new Date(), updatedBy: ctx.user.userId }).where(eq(roles.id, input.id));
      await bumpAuthzVersion(tx as unknown as Db);
    });
    ctx.audit({ recordId: input.id, after: input });
  }

  async remove(id: number, ctx: WriteCtx): Promise<void> {
    const role = await this.guardAdminRole(id, '删除');
    if (role.userCount > 0) throw conflict(`该角色已分配给${role.userCount}个用户，不能删除`);
    await this.db.transaction(async (tx) => {
      // Re-checked inside the transaction: a grant made meanwhile must not be orphaned.
      const holders = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, id));
      if (holders.length) throw conflict(`该角色已分配给${holders.length}个用户，不能删除`);
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
      await tx.delete(roleOrgs).where(eq(roleOrgs.roleId, id));
      await tx.delete(roles).where(eq(roles.id, id));
      await bumpAuthzVersion(tx as unknown as Db);
    });
    ctx.audit({ recordId: id, before: role, after: null });
  }

  async grantMenus(input: { id: number; menuIds: number[] }, ctx: WriteCtx): Promise<number[]> {
    const before = await this.detail(input.id);
    const menuIds = [...new Set(input.menuIds)];
    if (menuIds.length) {
      const found = await this.db.select({ id: menus.id }).from(menus).where(inArray(menus.id, menuIds));
      if (found.length !== menuIds.length) throw badRequest('菜单不存在');
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, input.id));
      for (let i = 0; i < menuIds.length; i += 1000)
        await tx.insert(roleMenus).values(menuIds.slice(i, i + 1000).map((menuId) => ({ roleId: input.id, menuId })));
      await tx.update(roles).set({ updatedAt: new Date(), updatedBy: ctx.user.userId }).where(eq(roles.id, input.id));
      await bumpAuthzVersion(tx as unknown as Db);
    });
    ctx.audit({ recordId: input.id, before: { menuIds: before.menuIds }, after: { menuIds } });
    return menuIds.sort((a, b) => a - b);
  }

  async setDataScope(input: { id: number; dataScope: DataScope; orgIds?: number[] }, ctx: WriteCtx) {
    const before = await this.detail(input.id);
    const orgIds = input.dataScope === 'custom' ? [...new Set(input.orgIds ?? [])] : [];
    if (input.dataScope === 'custom' && !orgIds.length) throw badRequest('自定义数据范围请至少选择一个部门');
    if (orgIds.length) {
      const found = await this.db.select({ id: orgUnits.id }).from(orgUnits).where(inArray(orgUnits.id, orgIds));
      if (found.length !== orgIds.length) throw badRequest('部门不存在');
    }
    await this.db.transaction(async (tx) => {
      await tx.update(roles).set({ dataScope: input.dataScope, updatedAt: new Date(), updatedBy: ctx.user.userId }).where(eq(roles.id, input.id));
      await tx.delete(roleOrgs).where(eq(roleOrgs.roleId, input.id));
      if (orgIds.length) await tx.insert(roleOrgs).values(orgIds.map((orgId) => ({ roleId: input.id, orgId })));
      await bumpAuthzVersion(tx as unknown as Db);
    });
    const after = await this.detail(input.id);
    ctx.audit({
      recordId: input.id,
      before: { dataScope: before.dataScope, orgIds: before.orgIds },
      after: { dataScope: after.dataScope, orgIds: after.orgIds },
    });
    return after;
  }
}
