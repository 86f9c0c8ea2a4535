import { MAX_SESSIONS_PER_USER } from '@erp/contract';
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { authzVersion, employees, menus, roleMenus, roleOrgs, roles, sessions, userRoles, users } from '../../db/schema';
import { afterCommit } from '../call-transaction';
import type { Db } from '../db';
import type { DataScope, Principal } from './principal';
import { tokenDigest } from './tokens';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** Idle time is written back at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

interface CachedGrants {
  version: number;
  grants: Omit<Principal, 'sessionId'>;
}

/**
 * How long a resolved token is trusted without asking the database again. Revocations and grant
 * changes made by this process drop the cache at once (see `invalidateSessionCaches`); another
 * process sees them within this time.
 */
export const SESSION_CACHE_MS = 2_000;

interface CachedSession {
  principal: Principal;
  expiresAt: number;
  lastUsedAt: number;
  checkedAt: number;
  epoch: number;
}

/** Bumped by every revocation or grant change in this process: every cached session is dropped. */
let epoch = 0;
export function invalidateSessionCaches(): void {
  epoch += 1;
  // Inside a write call the change commits later: a lookup made meanwhile saw the old state.
  afterCommit(() => {
    epoch += 1;
  });
}

/**
 * Resolves tokens to principals. Permissions are cached per process and keyed by the global
 * authorisation version, which every role/grant change bumps: a change applies on the user's
 * next call on every process, without a cache bus.
 */
export class SessionStore {
  private readonly grants = new Map<number, CachedGrants>();
  private readonly recent = new Map<string, CachedSession>();
  /** Lookups in flight per token digest: concurrent calls with one token share a single lookup. */
  private readonly inFlight = new Map<string, Promise<Principal | null>>();

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {}

  /** Answers the session's id. */
  async create(userId: number, ip: string | null, userAgent: string | null, token: string): Promise<number> {
    const now = Date.now();
    const [created] = await this.db
      .insert(sessions)
      .values({
        tokenHash: tokenDigest(token),
        userId,
        expiresAt: new Date(now + this.policy.absoluteMs),
        ip,
        userAgent: userAgent?.slice(0, 255) ?? null,
      })
      .returning({ id: sessions.id });
    // At most MAX_SESSIONS_PER_USER live sessions: a script signing in in a loop cannot grow the table
    // (or a stolen password's sessions) without end; the oldest go first.
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          sql`${sessions.id} NOT IN (SELECT id FROM ${sessions} WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY id DESC LIMIT ${sql.raw(String(MAX_SESSIONS_PER_USER))})`,
        ),
      )
      .returning({ id: sessions.id });
    if (ended.length) invalidateSessionCaches();
    return created?.id ?? 0;
  }

  /** A user's live sessions, newest first. */
  async listOf(userId: number): Promise<Array<{ id: number; createdAt: Date; lastUsedAt: Date; ip: string | null; userAgent: string | null }>> {
    const idleSince = new Date(Date.now() - this.policy.idleMs);
    return this.db
      .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), gt(sessions.lastUsedAt, idleSince)))
      .orderBy(desc(sessions.id));
  }

  /** Ends one session of the user; false when it is not theirs or already ended. */
  async revokeOwn(userId: number, sessionId: number): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    invalidateSessionCaches();
    return rows.length > 0;
  }

  /** The principal of a live token, or null when it is unknown, revoked, expired or its user disabled. */
  async resolve(token: string): Promise<Principal | null> {
    const digest = tokenDigest(token);
    const now = Date.now();
    const hit = this.recent.get(digest);
    if (hit && hit.epoch === epoch && now - hit.checkedAt < SESSION_CACHE_MS && hit.expiresAt > now && hit.lastUsedAt + this.policy.idleMs > now) {
      return hit.principal;
    }
    // When the cached entry lapses, every call in flight with that token would look it up at once
    // (a burst of identical queries every SESSION_CACHE_MS under load): they share one lookup. A call
    // after a revocation or grant change (a new epoch) does not join a lookup that began before it.
    const key = `${epoch}:${digest}`;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const lookup = this.lookup(digest, now).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, lookup);
    return lookup;
  }

  private async lookup(digest: string, now: number): Promise<Principal | null> {
    const principal = await this.resolveFromDatabase(digest, now);
    if (principal) {
      if (this.recent.size > 50_000) this.recent.clear();
      this.recent.set(digest, { ...principal.cache, principal: principal.principal, checkedAt: now, epoch });
      return principal.principal;
    }
    this.recent.delete(digest);
    return null;
  }

  private async resolveFromDatabase(digest: string, now: number): Promise<{ principal: Principal; cache: { expiresAt: number; lastUsedAt: number } } | null> {
    const startEpoch = epoch;
    const rows = await this.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        enabled: users.enabled,
        mustChangePassword: users.mustChangePassword,
        version: authzVersion.version,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(authzVersion, eq(authzVersion.id, 1))
      .where(eq(sessions.tokenHash, digest))
      .limit(1);
    const row = rows[0];
    if (!row || row.revokedAt || !row.enabled) return null;
    if (row.expiresAt.getTime() <= now || row.lastUsedAt.getTime() + this.policy.idleMs <= now) return null;
    let lastUsedAt = row.lastUsedAt.getTime();
    if (now - lastUsedAt > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(sessions.id, row.sessionId));
      lastUsedAt = now;
    }
    const grants = await this.grantsOf(row.userId, row.version ?? 0);
    if (!grants) return null;
    // A revocation or grant change landed while we read: answer this call, but keep nothing (expiresAt 0).
    const expiresAt = startEpoch === epoch ? row.expiresAt.getTime() : 0;
    return { principal: { ...grants, mustChangePassword: row.mustChangePassword, sessionId: row.sessionId }, cache: { expiresAt, lastUsedAt } };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    invalidateSessionCaches();
  }

  async revokeOthers(userId: number, keepSessionId: number | null): Promise<void> {
    const others = keepSessionId === null ? sql`true` : sql`${sessions.id} <> ${keepSessionId}`;
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others));
    invalidateSessionCaches();
  }

  async grantsOf(userId: number, version: number): Promise<Omit<Principal, 'sessionId'> | null> {
    const cached = this.grants.get(userId);
    if (cached && cached.version === version) return cached.grants;
    const grants = await loadGrants(this.db, userId);
    if (!grants) return null;
    if (this.grants.size > 10_000) this.grants.clear();
    this.grants.set(userId, { version, grants });
    return grants;
  }
}

const SCOPE_WIDTH: Record<string, number> = { all: 5, custom: 4, dept_and_below: 3, dept: 2, self: 1 };

/** Roles, permission codes and data scope of a user, straight from the database. */
export async function loadGrants(db: Db, userId: number): Promise<Omit<Principal, 'sessionId'> | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const roleRows = await db
    .select({ id: roles.id, code: roles.code, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true)));
  const roleIds = roleRows.map((r) => r.id);
  const isAdmin = roleRows.some((r) => r.code === 'admin');
  // The administrator holds every permission code, so the client's button checks show everything.
  const permRows = isAdmin
    ? await db
        .selectDistinct({ perms: menus.perms })
        .from(menus)
        .where(and(isNotNull(menus.perms), eq(menus.enabled, true)))
    : roleIds.length
      ? await db
          .selectDistinct({ perms: menus.perms })
          .from(roleMenus)
          .innerJoin(menus, eq(menus.id, roleMenus.menuId))
          .where(and(inArray(roleMenus.roleId, roleIds), isNotNull(menus.perms), eq(menus.enabled, true)))
      : [];
  const [employee] = await db.select({ id: employees.id }).from(employees).where(eq(employees.userId, userId)).limit(1);

  let widest = roleRows.reduce<string>((w, r) => ((SCOPE_WIDTH[r.dataScope] ?? 0) > (SCOPE_WIDTH[w] ?? 0) ? r.dataScope : w), 'self');
  if (isAdmin) widest = 'all';
  let dataScope: DataScope;
  if (widest === 'all') dataScope = { kind: 'all' };
  else if (widest === 'dept_and_below' || widest === 'dept') dataScope = { kind: widest, orgId: user.orgId };
  else if (widest === 'custom') {
    const customRoleIds = roleRows.filter((r) => r.dataScope === 'custom').map((r) => r.id);
    const orgRows = await db.select({ orgId: roleOrgs.orgId }).from(roleOrgs).where(inArray(roleOrgs.roleId, customRoleIds));
    dataScope = { kind: 'custom', orgIds: [...new Set(orgRows.map((o) => o.orgId))] };
  } else dataScope = { kind: 'self' };

  return {
    userId: user.id,
    userCode: user.userCode,
    realName: user.realName,
    orgId: user.orgId,
    companyId: user.companyId,
    employeeId: employee?.id ?? null,
    personCategory: user.personCategory,
    outsource: user.outsource,
    roleCodes: roleRows.map((r) => r.code),
    permissions: new Set(permRows.flatMap((p) => (p.perms ? p.perms.split(',').map((c) => c.trim().toLowerCase()) : []))),
    isAdmin,
    dataScope,
    mustChangePassword: user.mustChangePassword,
  };
}

/** Call after any change to roles, role grants, menus' codes or user roles. */
export async function bumpAuthzVersion(db: Db): Promise<void> {
  await db
    .insert(authzVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: authzVersion.id, set: { version: sql`${authzVersion.version} + 1` } });
  invalidateSessionCaches();
}
