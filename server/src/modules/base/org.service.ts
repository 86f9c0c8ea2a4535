import type { OrgTreeNode, OrgUnit, ZOrgInput } from '@erp/contract';
import { and, asc, eq, inArray, isNotNull, like, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orgUnits, orgVersion, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { likePattern } from '../../platform/resource/filters';

type WriteCtx = Pick<CallContext, 'audit'> & { user: Principal };
type OrgType = OrgUnit['type'];

/** A unit may sit only under a unit of the same or a higher rank (a team never holds a company). */
const RANK: Record<OrgType, number> = { group: 0, company: 1, dept: 2, team: 3 };

const unitColumns = {
  id: orgUnits.id,
  parentId: orgUnits.parentId,
  code: orgUnits.code,
  name: orgUnits.name,
  type: sql<OrgType>`${orgUnits.type}`,
  path: orgUnits.path,
  depth: orgUnits.depth,
  sort: orgUnits.sort,
  leaderUserId: orgUnits.leaderUserId,
  leaderName: sql<string | null>`(SELECT u.real_name FROM users u WHERE u.id = ${orgUnits.leaderUserId})`,
  isClient: orgUnits.isClient,
  enabled: orgUnits.enabled,
};

const nameColumns = { id: orgUnits.id, name: orgUnits.name, code: orgUnits.code, type: sql<OrgType>`${orgUnits.type}` };

type TreeRequest = { id?: number | null; includeClient?: boolean; includeDisabled?: boolean; maxType?: OrgType };

/** Built trees kept per process: at most this many request shapes (whole tree, subtrees) per version. */
const TREE_CACHE_SIZE = 64;

/** The organisation tree (materialised path): reads for everyone, changes for base:org:edit. */
export class OrgService {
  /**
   * Trees built and serialised for one organisation version (org_version, bumped by database triggers
   * on every change of units, leaders' names or members). A promise is kept, so concurrent first calls
   * build once.
   */
  private treeCache: { version: number; trees: Map<string, Promise<Buffer>> } = { version: Number.NaN, trees: new Map() };

  constructor(private readonly db: Db) {}

  /** The current organisation version (one indexed single-row read). */
  async version(): Promise<number> {
    const [row] = await this.db.select({ version: orgVersion.version }).from(orgVersion).where(eq(orgVersion.id, 1));
    return Number(row?.version ?? 0);
  }

  async unit(id: number): Promise<OrgUnit> {
    const [row] = await this.db.select(unitColumns).from(orgUnits).where(eq(orgUnits.id, id));
    if (!row) throw notFound('部门不存在');
    return row;
  }

  /**
   * The whole tree (or the part below `id`) as JSON, from the process cache while the organisation
   * version read first is unchanged. Reading the version before building means a change committed
   * meanwhile leaves a newer tree under an older version, which the next call replaces: never a
   * stale answer.
   */
  async treeJson(input: TreeRequest): Promise<Buffer> {
    const version = await this.version();
    if (version !== this.treeCache.version || this.treeCache.trees.size >= TREE_CACHE_SIZE) this.treeCache = { version, trees: new Map() };
    const trees = this.treeCache.trees;
    const key = JSON.stringify([input.id ?? null, Boolean(input.includeClient), Boolean(input.includeDisabled), input.maxType ?? null]);
    let tree = trees.get(key);
    if (!tree) {
      // Serialised once per version: 2,000 units are about 450 KB of JSON.
      tree = this.buildTree(input).then((nodes) => Buffer.from(JSON.stringify(nodes)));
      trees.set(key, tree);
      tree.catch(() => trees.delete(key));
    }
    return tree;
  }

  /** The tree in one query, members counted in a second. */
  private async buildTree(input: TreeRequest): Promise<OrgTreeNode[]> {
    const parts: Array<SQL | undefined> = [];
    let rootId: number | null = null;
    if (input.id) {
      const root = await this.unit(input.id);
      rootId = root.id;
      parts.push(like(orgUnits.path, `${root.path}%`));
    }
    if (!input.includeClient) parts.push(eq(orgUnits.isClient, false));
    if (!input.includeDisabled) parts.push(eq(orgUnits.enabled, true));
    if (input.maxType)
      parts.push(
        inArray(
          orgUnits.type,
          (Object.keys(RANK) as OrgType[]).filter((t) => RANK[t] <= RANK[input.maxType as OrgType]),
        ),
      );
    const [rows, counts] = await Promise.all([
      this.db
        .select({ ...unitColumns, leaderName: users.realName })
        .from(orgUnits)
        .leftJoin(users, eq(users.id, orgUnits.leaderUserId))
        .where(and(...parts))
        .orderBy(asc(orgUnits.depth), asc(orgUnits.sort), asc(orgUnits.id)),
      this.db
        .select({ orgId: users.orgId, n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(isNotNull(users.orgId), eq(users.enabled, true)))
        .groupBy(users.orgId),
    ]);
    const members = new Map(counts.map((c) => [c.orgId, Number(c.n)]));
    const nodes = new Map<number, OrgTreeNode>();
    const roots: OrgTreeNode[] = [];
    for (const row of rows) {
      const node: OrgTreeNode = { ...row, memberCount: members.get(row.id) ?? 0, children: [] };
      nodes.set(row.id, node);
      const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
      if (parent && row.id !== rootId) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  async userCompany(viewer: Principal, userCode?: string) {
    const code = userCode?.trim() || viewer.userCode;
    const [user] = await this.db
      .select({ orgId: users.orgId, companyId: users.companyId })
      .from(users)
      .where(eq(sql`lower(${users.userCode})`, code.toLowerCase()));
    if (!user) throw notFound('用户不存在');
    if (!user.companyId) return null;
    const [companyRow] = await this.db.select(nameColumns).from(orgUnits).where(eq(orgUnits.id, user.companyId));
    if (!companyRow) return null;
    const dept = user.orgId ? (await this.db.select({ name: orgUnits.name }).from(orgUnits).where(eq(orgUnits.id, user.orgId)))[0] : undefined;
    return { ...companyRow, deptId: user.orgId, deptName: dept?.name ?? null };
  }

  namesByIds(ids: number[]) {
    const clean = [...new Set(ids.filter((n) => Number.isInteger(n) && n > 0))].slice(0, 500);
    if (!clean.length) return Promise.resolve([]);
    return this.db.select(nameColumns).from(orgUnits).where(inArray(orgUnits.id, clean)).orderBy(asc(orgUnits.path));
  }

  companies(input: { keyword?: string; client: boolean }) {
    return this.db
      .select(nameColumns)
      .from(orgUnits)
      .where(
        and(
          eq(orgUnits.type, 'company'),
          eq(orgUnits.isClient, input.client),
          eq(orgUnits.enabled, true),
          input.keyword ? sql`${orgUnits.name} ILIKE ${likePattern(input.keyword)}` : undefined,
        ),
      )
      .orderBy(asc(orgUnits.sort), asc(orgUnits.id));
  }

  async deptById(id: number) {
    const unit = await this.unit(id);
    const ancestorIds = unit.path.split('/').filter(Boolean).map(Number);
    const ancestors = await this.db
      .select({ id: orgUnits.id, name: orgUnits.name, type: orgUnits.type, depth: orgUnits.depth })
      .from(orgUnits)
      .where(inArray(orgUnits.id, ancestorIds));
    const parent = ancestors.find((a) => a.id === unit.parentId);
    const companyRow = ancestors.filter((a) => a.type === 'company').sort((a, b) => b.depth - a.depth)[0];
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.orgId, id), eq(users.enabled, true)));
    return { ...unit, parentName: parent?.name ?? null, companyId: companyRow?.id ?? null, memberCount: Number(count?.n ?? 0) };
  }

  async stationDepts(viewer: Principal, input: { companyId?: number | null; keyword?: string }) {
    const companyId = input.companyId ?? viewer.companyId;
    if (!companyId) return [];
    const company = await this.unit(companyId);
    return this.db
      .select({ ...nameColumns, parentId: orgUnits.parentId })
      .from(orgUnits)
      .where(
        and(
          like(orgUnits.path, `${company.path}%`),
          inArray(orgUnits.type, ['dept', 'team']),
          eq(orgUnits.enabled, true),
          input.keyword ? sql`${orgUnits.name} ILIKE ${likePattern(input.keyword)}` : undefined,
        ),
      )
      .orderBy(asc(orgUnits.path));
  }

  children(id: number) {
    return this.db.select(unitColumns).from(orgUnits).where(eq(orgUnits.parentId, id)).orderBy(asc(orgUnits.sort), asc(orgUnits.id));
  }

  async subtree(id: number) {
    const root = await this.unit(id);
    return this.db
      .select(unitColumns)
      .from(orgUnits)
      .where(like(orgUnits.path, `${root.path}%`))
      .orderBy(asc(orgUnits.depth), asc(orgUnits.sort), asc(orgUnits.id));
  }

  private assertRank(type: OrgType, parentType: OrgType): void {
    if (RANK[type] < RANK[parentType]) throw badRequest('组织层级不正确：下级组织的层级不能高于上级');
  }

  private async assertLeader(leaderUserId: number | null | undefined): Promise<void> {
    if (leaderUserId === null || leaderUserId === undefined) return;
    const [u] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, leaderUserId), eq(users.enabled, true)));
    if (!u) throw badRequest('负责人不存在或已停用');
  }

  async add(input: z.output<typeof ZOrgInput>, ctx: WriteCtx): Promise<OrgUnit> {
    const parent = await this.unit(input.parentId).catch(() => {
      throw badRequest('上级组织不存在');
    });
    this.assertRank(input.type, parent.type);
    await this.assertLeader(input.leaderUserId);
    const id = await this.db.transaction(async (tx) => {
      const dup = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, input.code)).limit(1);
      if (dup.length) throw conflict('组织编码已存在');
      const [row] = await tx
        .insert(orgUnits)
        .values({
          parentId: parent.id,
          code: input.code,
          name: input.name,
          type: input.type,
          path: '/',
          depth: parent.depth + 1,
          sort: input.sort ?? 0,
          leaderUserId: input.leaderUserId ?? null,
          isClient: input.isClient ?? parent.isClient,
          createdBy: ctx.user.userId,
          updatedBy: ctx.user.userId,
        })
        .returning({ id: orgUnits.id });
      const newId = (row as { id: number }).id;
      await tx
        .update(orgUnits)
        .set({ path: `${parent.path}${newId}/` })
        .where(eq(orgUnits.id, newId));
      return newId;
    });
    const after = await this.unit(id);
    ctx.audit({ recordId: id, after });
    return after;
  }

  async update(id: number, input: Omit<z.output<typeof ZOrgInput>, 'parentId' | 'code'> & { enabled?: boolean }, ctx: WriteCtx): Promise<OrgUnit> {
    const before = await this.unit(id);
    if (before.parentId !== null) this.assertRank(input.type, (await this.unit(before.parentId)).type);
    const below = await this.db.select({ type: orgUnits.type }).from(orgUnits).where(eq(orgUnits.parentId, id));
    if (below.some((c) => RANK[c.type as OrgType] < RANK[input.type])) throw badRequest('组织层级不正确：下级组织的层级不能高于上级');
    await this.assertLeader(input.leaderUserId);
    await this.db
      .update(orgUnits)
      .set({
        name: input.name,
        type: input.type,
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        ...(input.leaderUserId === undefined ? {} : { leaderUserId: input.leaderUserId }),
        ...(input.isClient === undefined ? {} : { isClient: input.isClient }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        updatedAt: new Date(),
        updatedBy: ctx.user.userId,
      })
      .where(eq(orgUnits.id, id));
    const after = await this.unit(id);
    ctx.audit({ recordId: id, before, after });
    return after;
  }

  /**
   * Moves a unit and everything below it: one UPDATE rewrites the paths of the subtree, and the
   * company of the people in it follows the new position.
   */
  async move(input: { id: number; parentId: number; sort?: number }, ctx: WriteCtx): Promise<OrgUnit> {
    const before = await this.unit(input.id);
    if (before.parentId === null) throw badRequest('根组织不能移动');
    await this.db.transaction(async (tx) => {
      await queryRows(tx as unknown as Db, sql`SELECT id FROM org_units WHERE id IN (${input.id}, ${input.parentId}) ORDER BY id FOR UPDATE`);
      const [unit] = await tx.select().from(orgUnits).where(eq(orgUnits.id, input.id));
      const [parent] = await tx.select().from(orgUnits).where(eq(orgUnits.id, input.parentId));
      if (!unit) throw notFound('部门不存在');
      if (!parent) throw badRequest('目标上级组织不存在');
      if (parent.path.startsWith(unit.path)) throw badRequest('不能将部门移动到其自身或下级部门之下');
      this.assertRank(unit.type as OrgType, parent.type as OrgType);
      const newPath = `${parent.path}${unit.id}/`;
      const delta = parent.depth + 1 - unit.depth;
      await tx.execute(
        sql`UPDATE org_units SET path = ${newPath} || substr(path, ${unit.path.length + 1}), depth = depth + ${delta}, updated_at = now(), updated_by = ${ctx.user.userId} WHERE path LIKE ${`${unit.path}%`}`,
      );
      await tx
        .update(orgUnits)
        .set({ parentId: parent.id, ...(input.sort === undefined ? {} : { sort: input.sort }) })
        .where(eq(orgUnits.id, unit.id));
      await tx.execute(sql`UPDATE users u SET company_id = (
          SELECT c.id FROM org_units o JOIN org_units c ON o.path LIKE c.path || '%' AND c.type = 'company'
          WHERE o.id = u.org_id ORDER BY c.depth DESC LIMIT 1)
        WHERE u.org_id IN (SELECT id FROM org_units WHERE path LIKE ${`${newPath}%`})`);
    });
    const after = await this.unit(input.id);
    ctx.audit({ recordId: input.id, before, after });
    return after;
  }

  async remove(id: number, ctx: WriteCtx): Promise<void> {
    const before = await this.unit(id);
    if (before.parentId === null) throw badRequest('根组织不能删除');
    const [kids] = await this.db.select({ n: sql<number>`count(*)::int` }).from(orgUnits).where(eq(orgUnits.parentId, id));
    if (Number(kids?.n) > 0) throw conflict(`该组织下还有${kids?.n}个下级组织，不能删除`);
    const [members] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.orgId, id));
    if (Number(members?.n) > 0) throw conflict(`该组织下还有${members?.n}名用户，不能删除`);
    await this.db.delete(orgUnits).where(and(eq(orgUnits.id, id), ne(orgUnits.id, 0)));
    ctx.audit({ recordId: id, before, after: null });
  }

  /** The nearest company at or above a unit. */
  async companyOf(orgId: number): Promise<number | null> {
    const unit = await this.unit(orgId);
    const ids = unit.path.split('/').filter(Boolean).map(Number);
    const rows = await this.db
      .select({ id: orgUnits.id, depth: orgUnits.depth })
      .from(orgUnits)
      .where(and(inArray(orgUnits.id, ids), eq(orgUnits.type, 'company')));
    return rows.sort((a, b) => b.depth - a.depth)[0]?.id ?? null;
  }
}
