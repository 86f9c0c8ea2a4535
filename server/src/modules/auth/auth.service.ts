import { type LoginAnswer, type MenuNode, PASSWORD_RULE, passwordStrongEnough, type SessionUser } from '@erp/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { menus, roleMenus, roles, userRoles, users } from '../../db/schema';
import { assertPasswordLoginAllowed } from '../../platform/auth/password-login';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { loadGrants } from '../../platform/auth/sessions';
import { newToken } from '../../platform/auth/tokens';
import { AppError, badRequest, forbidden, sessionExpired } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

const BAD_CREDENTIALS = '用户名或密码错误';

export function sessionUserOf(p: Omit<Principal, 'sessionId'>): SessionUser {
  return {
    user_name: p.userCode,
    userId: p.userId,
    user_code: p.userCode,
    realName: p.realName,
    auths: p.roleCodes.map((c) => `ROLE_${c}`),
    roleCodes: p.roleCodes,
    personCategory: p.personCategory || '001',
    outsource: p.outsource || '000',
    buttons: [...p.permissions].sort(),
    orgId: p.orgId,
    companyId: p.companyId,
    employeeId: p.employeeId,
    mustChangePassword: p.mustChangePassword,
  };
}

export class AuthService {
  constructor(private readonly platform: Platform) {}

  private get limiter() {
    return this.platform.loginLimiter;
  }

  async login(userName: string, password: string, ip: string, userAgent: string | null): Promise<LoginAnswer> {
    const name = userName.trim();
    assertPasswordLoginAllowed(this.platform.config, name);
    await this.limiter.beforeAttempt(name, ip);
    const [user] = await this.platform.db
      .select({ id: users.id, passwordHash: users.passwordHash, enabled: users.enabled })
      .from(users)
      .where(eq(sql`lower(${users.userCode})`, name.toLowerCase()))
      .limit(1);
    // Unknown users are checked against a dummy hash: same answer, same time.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await this.limiter.recordFailure(name, ip);
      throw badRequest(BAD_CREDENTIALS);
    }
    if (!user.enabled) throw new AppError(403, '账号已停用，请联系管理员', '403');
    await this.limiter.recordSuccess(name, ip);
    const token = newToken();
    await this.platform.sessions.create(user.id, ip, userAgent, token);
    const grants = await loadGrants(this.platform.db, user.id);
    if (!grants) throw badRequest(BAD_CREDENTIALS);
    return {
      ...sessionUserOf(grants),
      access_token: token,
      token_type: 'bearer',
      expires_in: Math.round(this.platform.config.SESSION_IDLE_HOURS * 3600),
    };
  }

  async checkToken(token: string): Promise<SessionUser> {
    const principal = await this.platform.sessions.resolve(token);
    if (!principal) throw sessionExpired();
    return sessionUserOf(principal);
  }

  async userInfoById(viewer: Principal, userId: number): Promise<SessionUser> {
    return sessionUserOf(await this.grantsFor(viewer, userId, 'base:user:list'));
  }

  /** The viewer's own grants, or another user's when the viewer holds `permission`. */
  async grantsFor(viewer: Principal, userId: number | undefined, permission: string): Promise<Omit<Principal, 'sessionId'>> {
    if (userId === undefined || userId === viewer.userId) return viewer;
    if (!hasPermission(viewer, permission)) throw forbidden();
    const grants = await loadGrants(this.platform.db, userId);
    if (!grants) throw new AppError(404, '用户不存在', '404');
    return grants;
  }

  async changePassword(viewer: Principal, oldPassword: string, newPassword: string): Promise<void> {
    if (!passwordStrongEnough(newPassword)) throw badRequest(PASSWORD_RULE.message);
    if (oldPassword === newPassword) throw badRequest('新密码不能与原密码相同');
    const [user] = await this.platform.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.userId));
    if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) throw badRequest('原密码不正确');
    await this.platform.db
      .update(users)
      .set({
        passwordHash: await hashPassword(newPassword),
        passwordChangedAt: new Date(),
        mustChangePassword: false,
        updatedAt: new Date(),
        updatedBy: viewer.userId,
      })
      .where(eq(users.id, viewer.userId));
    await this.platform.sessions.revokeOthers(viewer.userId, viewer.sessionId);
  }

  /** Containers and screens the user's roles grant (every enabled one for admin), as a tree. */
  async menuTree(viewer: Pick<Principal, 'userId' | 'isAdmin'>): Promise<MenuNode[]> {
    const db = this.platform.db;
    const visible = and(inArray(menus.type, ['M', 'C']), eq(menus.enabled, true));
    const rows = viewer.isAdmin
      ? await db.select().from(menus).where(visible).orderBy(asc(menus.sort), asc(menus.id))
      : await db
          .selectDistinct({ menu: menus })
          .from(menus)
          .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
          .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
          .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
          .where(and(visible, eq(userRoles.userId, viewer.userId)))
          .then((r) => r.map((x) => x.menu).sort((a, b) => a.sort - b.sort || a.id - b.id));
    const nodes = new Map<number, MenuNode>();
    for (const m of rows) {
      nodes.set(m.id, {
        menuId: m.id,
        parentId: m.parentId,
        path: m.path,
        component: m.type === 'M' ? 'Layout' : m.component,
        name: m.name,
        hidden: m.hidden,
        alwaysShow: m.alwaysShow,
        redirect: m.redirect,
        meta: { title: m.title, icon: m.icon, appType: m.appType },
        children: [],
      });
    }
    const roots: MenuNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
      if (parent) parent.children.push(node);
      else if (node.parentId === null) roots.push(node);
    }
    return roots;
  }

  async functionsOf(viewer: Pick<Principal, 'isAdmin' | 'permissions'>, menuId: number) {
    const buttons = await this.platform.db
      .select({ name: menus.title, perms: menus.perms })
      .from(menus)
      .where(and(eq(menus.parentId, menuId), eq(menus.type, 'F'), eq(menus.enabled, true)))
      .orderBy(asc(menus.sort), asc(menus.id));
    return buttons
      .filter((b) => b.perms)
      .map((b) => ({
        buttonAuthIdenti: b.perms as string,
        name: b.name,
        funcStatus: hasPermission(viewer, b.perms as string) ? (1 as const) : (0 as const),
      }));
  }
}
