import type { AssigneeRule } from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orgUnits, roles, userRoles, users } from '../db/schema';
import type { Db } from '../platform/db';
import type { NodeModel } from './model';

export interface ResolveContext {
  initiatorUserId: number;
  vars: Record<string, unknown>;
  chosen: Record<string, number[]>;
  nodeId: string;
}

async function enabledIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.enabled, true)));
  const ok = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => ok.has(id));
}

/** Leaders from a unit upwards (the unit itself first), following the materialised path. */
async function leadersUpwards(db: Db, orgId: number): Promise<Array<number | null>> {
  const [unit] = await db.select({ path: orgUnits.path }).from(orgUnits).where(eq(orgUnits.id, orgId));
  if (!unit) return [];
  const ids = unit.path.split('/').filter(Boolean).map(Number).reverse();
  const rows = await db.select({ id: orgUnits.id, leader: orgUnits.leaderUserId }).from(orgUnits).where(inArray(orgUnits.id, ids));
  const leader = new Map(rows.map((r) => [r.id, r.leader]));
  return ids.map((id) => leader.get(id) ?? null);
}

async function orgOfUser(db: Db, userId: number): Promise<number | null> {
  const [u] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.id, userId));
  return u?.orgId ?? null;
}

/** User codes → ids, in the given order, unknown codes dropped. */
export async function idsOfCodes(db: Db, codes: string[], enabledOnly = false): Promise<number[]> {
  const wanted = [...new Set(codes.map((c) => c.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await db
    .select({ id: users.id, code: sql<string>`lower(${users.userCode})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.userCode})`, wanted), enabledOnly ? eq(users.enabled, true) : undefined));
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  return wanted.map((c) => byCode.get(c)).filter((id): id is number => id !== undefined);
}

/**
 * The users a rule names for one instance, enabled accounts only, in a stable order. An empty answer
 * is possible (a unit without a leader); the engine then uses the process administrator.
 */
export async function resolveRule(db: Db, rule: AssigneeRule, ctx: ResolveContext): Promise<number[]> {
  switch (rule.type) {
    case 'initiator':
      return enabledIds(db, [ctx.initiatorUserId]);
    case 'users':
      return idsOfCodes(db, (rule.value ?? '').split(','), true);
    case 'chosen':
      return enabledIds(db, ctx.chosen[ctx.nodeId] ?? []);
    case 'role': {
      const codes = (rule.value ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      if (!codes.length) return [];
      const rows = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(inArray(roles.code, codes), eq(roles.enabled, true), eq(users.enabled, true)))
        .orderBy(users.id);
      return rows.map((r) => r.id);
    }
    case 'deptLeader': {
      const raw = rule.orgField ? ctx.vars[rule.orgField] : await orgOfUser(db, ctx.initiatorUserId);
      const orgId = Number(raw);
      if (!Number.isInteger(orgId) || orgId <= 0) return [];
      const chain = await leadersUpwards(db, orgId);
      // n levels up; a unit without a leader hands over to the next one above.
      const found = chain.slice((rule.levels ?? 1) - 1).find((l): l is number => l !== null);
      return found ? enabledIds(db, [found]) : [];
    }
    case 'superior': {
      const orgId = await orgOfUser(db, ctx.initiatorUserId);
      if (!orgId) return [];
      const chain = await leadersUpwards(db, orgId);
      const found = chain.find((l): l is number => l !== null && l !== ctx.initiatorUserId);
      return found ? enabledIds(db, [found]) : [];
    }
  }
}

/** Approvers named by a form field: user ids (numbers) or user codes, as a list or comma separated. */
async function usersOfField(db: Db, value: unknown): Promise<number[]> {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : typeof value === 'number' ? [value] : [];
  const ids: number[] = [];
  const codes: string[] = [];
  for (const item of items.slice(0, 200)) {
    if (typeof item === 'number' && Number.isInteger(item) && item > 0) ids.push(item);
    else if (typeof item === 'string' && item.trim()) codes.push(item.trim());
  }
  const fromCodes = await idsOfCodes(db, codes, true);
  return [...new Set([...(await enabledIds(db, ids)), ...fromCodes])];
}

/**
 * The people of a node: its rule, the rules beside it (candidate users and groups), the form
 * fields naming approvers, in that order without repeats, at most `cardinality` of them.
 */
export async function resolveNode(db: Db, n: NodeModel, ctx: ResolveContext): Promise<number[]> {
  const people: number[] = [];
  for (const rule of [n.assignee, ...(n.moreAssignees ?? [])]) if (rule) people.push(...(await resolveRule(db, rule, ctx)));
  for (const field of n.assigneeFields ?? []) if (Object.hasOwn(ctx.vars, field)) people.push(...(await usersOfField(db, ctx.vars[field])));
  const unique = [...new Set(people)];
  return n.cardinality ? unique.slice(0, n.cardinality) : unique;
}
