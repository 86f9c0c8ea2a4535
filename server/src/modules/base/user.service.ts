import { PASSWORD_RULE, PERM, passwordStrongEnough, type UserRecord, userMeta, ZUserInput } from '@erp/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { orgUnits, roles, userRoles, users } from '../../db/schema';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import { hashPassword } from '../../platform/auth/passwords';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { bumpAuthzVersion } from '../../platform/auth/sessions';
import { newToken } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import type { UploadedFile } from '../../platform/http/multipart';
import { pinyinInitials } from '../../platform/pinyin';
import type { Platform } from '../../platform/platform';
import { exportColumns, type Lang } from '../../platform/resource/labels';
import { sendXlsx } from '../../platform/resource/xlsx-export';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../platform/resource/xlsx-import';
import { userResource } from './base.resources';
import type { DictionaryService } from './dictionary.service';
import type { OrgService } from './org.service';
import { type PersonSearch, searchPeople } from './person-search';

type WriteCtx = Pick<CallContext, 'audit'> & { user: Principal };
type UserInput = z.output<typeof ZUserInput>;

/** Imported accounts get no usable password: they set one with the one-time mail code (or an administrator's reset). */
const NO_PASSWORD = '!imported';

const roleRef = { id: roles.id, code: roles.code, name: roles.name, dataScope: sql<'all'>`${roles.dataScope}` };

/** A random password meeting the strength rule (upper, lower, digit, symbol). */
export function randomPassword(): string {
  const token = newToken().replace(/[-_]/g, '');
  return `Rp${token.slice(0, 8)}#${Math.floor(Math.random() * 90 + 10)}a`;
}

export class UserService {
  constructor(
    private readonly platform: Platform,
    private readonly orgs: OrgService,
    private readonly dictionaries: DictionaryService,
  ) {}

  private get db(): Db {
    return this.platform.db;
  }

  page(input: Parameters<typeof userResource.page>[1], viewer: Principal) {
    return userResource.page(this.db, input, viewer);
  }

  async rolesOf(userId: number) {
    return this.db.select(roleRef).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)).orderBy(roles.sort);
  }

  async detail(id: number, viewer: Principal) {
    const record = await userResource.detail(this.db, id, viewer);
    const [extra] = await this.db.select({ namePinyin: users.namePinyin }).from(users).where(eq(users.id, id));
    return { ...record, namePinyin: extra?.namePinyin ?? '', roles: await this.rolesOf(id) };
  }

  /** Oneself always; anybody else only with base:user:list and inside the data scope. */
  async byCode(userCode: string, viewer: Principal) {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.userCode})`, userCode.trim().toLowerCase()));
    if (!row) throw notFound('用户不存在');
    if (row.id === viewer.userId) return this.detail(row.id, { ...viewer, dataScope: { kind: 'all' } });
    if (!hasPermission(viewer, PERM.userList)) throw forbidden();
    return this.detail(row.id, viewer);
  }

  async rolesByCode(userCode: string, viewer: Principal) {
    return (await this.byCode(userCode, viewer)).roles;
  }

  /** Person picker: enabled users whose name, code, pinyin initials or phone contain the keyword. */
  /**
   * The person picker: names, departments and positions for everyone; a phone number in full only
   * to a viewer who may list users (base:user:list) and whose data scope holds that person, or to
   * the person; otherwise masked (138****1234).
   */
  async search(input: PersonSearch, viewer: Principal) {
    const page = await searchPeople(this.db, input);
    const withPhone = page.records.filter((r) => r.phone && r.userId !== viewer.userId);
    if (!withPhone.length) return page;
    let visible = new Set<number>();
    if (hasPermission(viewer, PERM.userList)) {
      const ids = withPhone.map((r) => r.userId);
      const rows = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), dataScopeCondition(viewer, { orgId: users.orgId, ownerUserId: users.id })));
      visible = new Set(rows.map((r) => r.id));
    }
    return {
      ...page,
      records: page.records.map((r) => (r.phone && r.userId !== viewer.userId && !visible.has(r.userId) ? { ...r, phone: maskPhone(r.phone) } : r)),
    };
  }

  private async checkRoles(roleIds: number[], viewer: Principal): Promise<void> {
    const unique = [...new Set(roleIds)];
    if (!unique.length) return;
    const found = await this.db.select({ id: roles.id, code: roles.code }).from(roles).where(inArray(roles.id, unique));
    if (found.length !== unique.length) throw badRequest('角色不存在');
    // Only an administrator hands out the administrator role.
    if (!viewer.isAdmin && found.some((r) => r.code === 'admin')) throw forbidden('只有系统管理员可以分配管理员角色');
  }

  private async values(input: Omit<UserInput, 'userCode'>, viewer: Principal) {
    await userResource.assertOrgInScope(this.db, viewer, input.orgId);
    const [org] = await this.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, input.orgId));
    if (!org) throw badRequest('所属部门不存在');
    return {
      realName: input.realName,
      namePinyin: pinyinInitials(input.realName),
      email: input.email || null,
      phone: input.phone || null,
      orgId: input.orgId,
      companyId: await this.orgs.companyOf(input.orgId),
      personCategory: input.personCategory,
      outsource: input.outsource,
    };
  }

  async add(input: UserInput & { password: string; roleIds?: number[] }, ctx: WriteCtx): Promise<UserRecord> {
    if (!passwordStrongEnough(input.password)) throw badRequest(PASSWORD_RULE.message);
    await this.checkRoles(input.roleIds ?? [], ctx.user);
    const values = { userCode: input.userCode, ...(await this.values(input, ctx.user)), passwordHash: await hashPassword(input.password) };
    const record = await this.db.transaction(async (tx) => {
      const created = await userResource.add(tx as unknown as Db, values, { user: ctx.user, audit: () => {} });
      const roleIds = [...new Set(input.roleIds ?? [])];
      if (roleIds.length) {
        await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: created.id, roleId })));
        await bumpAuthzVersion(tx as unknown as Db);
      }
      return created;
    });
    const after = await userResource.detail(this.db, record.id, null);
    ctx.audit({ recordId: record.id, after });
    return after;
  }

  async update(id: number, input: Omit<UserInput, 'userCode'>, ctx: WriteCtx): Promise<UserRecord> {
    await userResource.detail(this.db, id, ctx.user);
    return userResource.update(this.db, id, await this.values(input, ctx.user), ctx);
  }

  /** Enabled users holding the enabled administrator role, other than `exceptUserId`. */
  private async otherAdmins(exceptUserId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(DISTINCT ${users.id})::int` })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.code, 'admin'), eq(roles.enabled, true), eq(users.enabled, true), ne(users.id, exceptUserId)));
    return Number(row?.n ?? 0);
  }

  private async isAdminUser(userId: number): Promise<boolean> {
    return (await this.rolesOf(userId)).some((r) => r.code === 'admin');
  }

  async changeStatus(input: { id: number; enabled: boolean }, ctx: WriteCtx): Promise<void> {
    const before = await userResource.detail(this.db, input.id, ctx.user);
    if (!input.enabled) {
      if (input.id === ctx.user.userId) throw badRequest('不能停用自己的账号');
      if ((await this.isAdminUser(input.id)) && (await this.otherAdmins(input.id)) === 0) throw conflict('不能停用最后一个系统管理员');
    }
    await this.db.update(users).set({ enabled: input.enabled, updatedAt: new Date(), updatedBy: ctx.user.userId }).where(eq(users.id, input.id));
    // A disabled user's sessions stop resolving at once (sessions join users.enabled); revoke them for good.
    if (!input.enabled) await this.platform.sessions.revokeOthers(input.id, null);
    ctx.audit({ recordId: input.id, before: { enabled: before.enabled }, after: { enabled: input.enabled } });
  }

  async resetPassword(id: number, ctx: WriteCtx): Promise<{ password: string }> {
    const user = await userResource.detail(this.db, id, ctx.user);
    const password = randomPassword();
    await this.db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        passwordChangedAt: new Date(),
        mustChangePassword: true,
        updatedAt: new Date(),
        updatedBy: ctx.user.userId,
      })
      .where(eq(users.id, id));
    await this.platform.sessions.revokeOthers(id, null);
    // A locked password reset (too many wrong codes) is what sends a user to the administrator.
    await this.platform.loginLimiter.clearAccount(user.userCode);
    ctx.audit({ recordId: id, after: { passwordReset: true } });
    return { password };
  }

  async assignRoles(input: { id: number; roleIds: number[] }, ctx: WriteCtx) {
    await userResource.detail(this.db, input.id, ctx.user);
    const roleIds = [...new Set(input.roleIds)];
    await this.checkRoles(roleIds, ctx.user);
    const before = await this.rolesOf(input.id);
    const hadAdmin = before.some((r) => r.code === 'admin');
    const [adminRole] = await this.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const keepsAdmin = adminRole !== undefined && roleIds.includes(adminRole.id);
    if (hadAdmin !== keepsAdmin && !ctx.user.isAdmin) throw forbidden('只有系统管理员可以分配管理员角色');
    if (hadAdmin && !keepsAdmin && (await this.otherAdmins(input.id)) === 0) throw conflict('不能移除最后一个系统管理员的管理员角色');
    await this.db.transaction(async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.userId, input.id));
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: input.id, roleId })));
      await bumpAuthzVersion(tx as unknown as Db);
    });
    const after = await this.rolesOf(input.id);
    ctx.audit({ recordId: input.id, before, after });
    return after;
  }

  async export(input: Record<string, unknown>, ctx: CallContext, lang: Lang): Promise<FastifyReply> {
    return sendXlsx(ctx.reply, {
      filename: lang === 'en' ? 'users.xlsx' : '用户列表.xlsx',
      sheet: lang === 'en' ? 'Users' : '用户',
      columns: await exportColumns(this.platform, userMeta, lang),
      batches: userResource.batches(this.db, input, ctx.user),
    });
  }

  // ---- xlsx import ------------------------------------------------------------------------------

  private importSpec(viewer: Principal): ImportSpec<UserInput & { roleIds: number[]; companyId: number | null }> {
    const label = (k: keyof typeof userMeta.fields) => userMeta.fields[k]?.label ?? k;
    let lookups:
      | Promise<{ orgs: Map<string, number>; companies: Map<number, number | null>; roles: Map<string, number>; dicts: Map<string, Map<string, string>> }>
      | undefined;
    const load = async () => {
      const orgRows = await this.db
        .select({ id: orgUnits.id, code: orgUnits.code, name: orgUnits.name, path: orgUnits.path, type: orgUnits.type })
        .from(orgUnits);
      // The company of a unit: the deepest company on its path.
      const companyIds = new Set(orgRows.filter((o) => o.type === 'company').map((o) => o.id));
      const companies = new Map(
        orgRows.map((o) => [
          o.id,
          o.path
            .split('/')
            .filter(Boolean)
            .map(Number)
            .filter((id) => companyIds.has(id))
            .pop() ?? null,
        ]),
      );
      const names = new Map<string, number>();
      for (const o of orgRows) names.set(o.name, names.has(o.name) ? -1 : o.id);
      const orgs = new Map<string, number>([...names].filter(([, v]) => v > 0));
      for (const o of orgRows) orgs.set(o.code.toLowerCase(), o.id);
      const roleRows = await this.db.select({ id: roles.id, code: roles.code, name: roles.name }).from(roles);
      const roleMap = new Map<string, number>();
      for (const r of roleRows) {
        roleMap.set(r.code.toLowerCase(), r.id);
        roleMap.set(r.name, r.id);
      }
      const dicts = new Map<string, Map<string, string>>();
      for (const type of ['PERSONCATEGORY', 'OUTSOURCE']) {
        const m = new Map<string, string>();
        for (const o of await this.dictionaries.allOptions(type)) {
          m.set(o.code, o.code);
          m.set(o.codeName, o.code);
        }
        dicts.set(type, m);
      }
      return { orgs, companies, roles: roleMap, dicts };
    };
    return {
      sheet: '用户',
      columns: [
        { key: 'userCode', header: label('userCode'), aliases: ['User code'], required: true },
        { key: 'realName', header: label('realName'), aliases: ['Name'], required: true },
        { key: 'org', header: '部门编码', aliases: ['部门', 'Department'], required: true },
        { key: 'phone', header: label('phone'), aliases: ['Phone'] },
        { key: 'email', header: label('email'), aliases: ['E-mail'] },
        { key: 'personCategory', header: label('personCategory'), aliases: ['Category'] },
        { key: 'outsource', header: label('outsource'), aliases: ['Outsourced'] },
        { key: 'roles', header: '角色编码', aliases: ['角色', 'Roles'] },
      ],
      parse: async (cells) => {
        lookups ??= load();
        const { orgs, companies, roles: roleMap, dicts } = await lookups;
        const errors: RowError[] = [];
        const orgId = cells.org ? (orgs.get(cells.org.toLowerCase()) ?? orgs.get(cells.org)) : undefined;
        if (cells.org && orgId === undefined) errors.push({ field: 'org', message: `部门不存在：${cells.org}` });
        const dict = (type: string, field: string, value: string | undefined, fallback: string) => {
          if (!value) return fallback;
          const code = dicts.get(type)?.get(value);
          if (!code) errors.push({ field, message: `${label(field as 'personCategory')}取值不正确：${value}` });
          return code ?? fallback;
        };
        const roleIds: number[] = [];
        for (const r of (cells.roles ?? '').split(/[,，;；\s]+/).filter(Boolean)) {
          const roleId = roleMap.get(r.toLowerCase()) ?? roleMap.get(r);
          if (roleId === undefined) errors.push({ field: 'roles', message: `角色不存在：${r}` });
          else roleIds.push(roleId);
        }
        const parsed = ZUserInput.safeParse({
          userCode: cells.userCode ?? '',
          realName: cells.realName ?? '',
          phone: cells.phone || null,
          email: cells.email || null,
          orgId: orgId ?? 0,
          personCategory: dict('PERSONCATEGORY', 'personCategory', cells.personCategory, '001'),
          outsource: dict('OUTSOURCE', 'outsource', cells.outsource, '000'),
        });
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? '');
            if (field === 'orgId' && (errors.some((e) => e.field === 'org') || !cells.org)) {
              if (!cells.org) errors.push({ field: 'org', message: '部门编码不能为空' });
              continue;
            }
            const name = field in userMeta.fields ? label(field as 'userCode') : field;
            errors.push({ field, message: issue.code === 'too_small' ? `${name}不能为空` : `${name}格式不正确` });
          }
        }
        if (!parsed.success || errors.length) return { errors };
        const value = { ...parsed.data, roleIds, companyId: companies.get(parsed.data.orgId) ?? null };
        const [taken] = await this.db
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.userCode})`, value.userCode.toLowerCase()))
          .limit(1);
        if (taken) errors.push({ field: 'userCode', message: `用户账号已存在：${value.userCode}` });
        try {
          await userResource.assertOrgInScope(this.db, viewer, value.orgId);
        } catch {
          errors.push({ field: 'org', message: '没有该部门的数据权限' });
        }
        if (!viewer.isAdmin && roleIds.length) {
          const adminRoles = await this.db
            .select({ id: roles.id })
            .from(roles)
            .where(and(inArray(roles.id, roleIds), eq(roles.code, 'admin')));
          if (adminRoles.length) errors.push({ field: 'roles', message: '只有系统管理员可以分配管理员角色' });
        }
        return errors.length ? { errors } : { value, errors };
      },
      uniqueKeys: (v) => [{ field: 'userCode', key: v.userCode.toLowerCase(), message: `用户账号重复：${v.userCode}` }],
      // Only `tx` may be used in here: on PGlite any other query would wait for this transaction forever.
      write: async (tx, rows) => {
        for (let i = 0; i < rows.length; i += 500) {
          const chunk = rows.slice(i, i + 500);
          const inserted = await tx
            .insert(users)
            .values(
              chunk.map((r) => ({
                userCode: r.userCode,
                realName: r.realName,
                namePinyin: pinyinInitials(r.realName),
                passwordHash: NO_PASSWORD,
                email: r.email || null,
                phone: r.phone || null,
                orgId: r.orgId,
                companyId: r.companyId,
                personCategory: r.personCategory,
                outsource: r.outsource,
                createdBy: viewer.userId,
                updatedBy: viewer.userId,
              })),
            )
            .returning({ id: users.id, userCode: users.userCode })
            .catch((err: { code?: string; cause?: { code?: string } }) => {
              if (err.code === '23505' || err.cause?.code === '23505') throw conflict('用户账号已存在，请重新检查导入文件');
              throw err;
            });
          const byCode = new Map(inserted.map((u) => [u.userCode.toLowerCase(), u.id]));
          const grants = chunk.flatMap((r) => [...new Set(r.roleIds)].map((roleId) => ({ userId: byCode.get(r.userCode.toLowerCase()) as number, roleId })));
          if (grants.length) await tx.insert(userRoles).values(grants);
        }
        await bumpAuthzVersion(tx);
      },
    };
  }

  async import(file: UploadedFile | undefined, confirm: boolean, ctx: WriteCtx) {
    const result = await runImport(this.platform, ctx.user, this.importSpec(ctx.user), file, confirm);
    ctx.audit({ after: { import: file?.filename ?? null, confirm, total: result.total, written: result.written } });
    return result;
  }

  template(reply: FastifyReply) {
    return sendTemplate(reply, this.importSpec(null as unknown as Principal), '用户导入模板.xlsx', [
      'zhangsan',
      '张三',
      'D004',
      '13800000000',
      'zhangsan@example.com',
      '正式员工',
      '否',
      'employee',
    ]);
  }
}

/** 13812341234 → 138****1234: enough to tell two people apart, not to call them. */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return '****';
  const keep = Math.min(3, Math.max(0, phone.length - 8));
  return `${phone.slice(0, keep)}****${phone.slice(-4)}`;
}
