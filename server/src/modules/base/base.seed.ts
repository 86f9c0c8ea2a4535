import { eq } from 'drizzle-orm';
import { appReleases, demandSupplies, dictItems, dictTypes, interviewers, orgUnits, roles, userRoles, users } from '../../db/schema';
import { chineseName, seededRandom } from '../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import { pinyinInitials } from '../../platform/pinyin';
import { dictionarySeeds } from './dictionaries.seed';
import { demoAccounts, type OrgSeed, organisationSeed, roleSeeds } from './organisation.seed';

async function insertOrg(ctx: SeedContext, node: OrgSeed, parent: { id: number; path: string; depth: number } | null, sort: number, companyId: number | null) {
  const [row] = await ctx.db
    .insert(orgUnits)
    .values({
      code: node.code,
      name: node.name,
      type: node.type,
      isClient: node.isClient ?? false,
      parentId: parent?.id ?? null,
      path: '/',
      depth: (parent?.depth ?? -1) + 1,
      sort,
    })
    .returning({ id: orgUnits.id });
  if (!row) throw new Error('org insert failed');
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await ctx.db.update(orgUnits).set({ path }).where(eq(orgUnits.id, row.id));
  ctx.orgIds.set(node.code, row.id);
  const ownCompany = node.type === 'company' ? row.id : companyId;
  companyOf.set(node.code, ownCompany);
  for (const [i, child] of (node.children ?? []).entries()) {
    await insertOrg(ctx, child, { id: row.id, path, depth: (parent?.depth ?? -1) + 1 }, i + 1, ownCompany);
  }
}

const companyOf = new Map<string, number | null>();

/** Departments and teams of the own companies that generated staff are spread across. */
const STAFF_UNITS = ['D001', 'T001', 'T002', 'T003', 'T004', 'T005', 'T006', 'T007', 'D101', 'T101'];

export interface StaffSeed {
  userCode: string;
  realName: string;
  orgCode: string;
  personCategory: string;
  outsource: string;
}

/** Generated colleagues (user01…user52) so that lists, trees and searches have realistic content. */
export function generatedStaff(count = 52): StaffSeed[] {
  const rand = seededRandom(20261123);
  return Array.from({ length: count }, (_, i) => {
    const orgCode = STAFF_UNITS[i % STAFF_UNITS.length] as string;
    const dispatched = orgCode.startsWith('D1') || orgCode.startsWith('T1');
    return {
      userCode: `user${String(i + 1).padStart(2, '0')}`,
      realName: chineseName(rand),
      orgCode,
      personCategory: dispatched && i % 2 === 0 ? '002' : '001',
      outsource: dispatched ? '001' : '000',
    };
  });
}

/** Dictionaries and roles: what even an empty production database needs. */
export async function seedReferenceData(ctx: SeedContext): Promise<void> {
  for (const dict of dictionarySeeds) {
    await ctx.db.insert(dictTypes).values({ codeType: dict.codeType, name: dict.name });
    await ctx.db
      .insert(dictItems)
      .values(dict.items.map(([code, codeName, color], i) => ({ codeType: dict.codeType, code, codeName, color: color ?? null, sort: i + 1 })));
  }
  const roleRows = await ctx.db
    .insert(roles)
    .values(roleSeeds.map((r, i) => ({ ...r, sort: i + 1 })))
    .returning({ id: roles.id, code: roles.code });
  for (const r of roleRows) ctx.roleIds.set(r.code, r.id);
}

/** The organisation root and its administrator, for a database set up without demo data. */
export async function seedAdministrator(ctx: SeedContext): Promise<void> {
  await insertOrg(ctx, { code: 'G001', name: '集团', type: 'group' }, null, 1, null);
  const [row] = await ctx.db
    .insert(users)
    .values({
      userCode: 'admin',
      realName: '系统管理员',
      namePinyin: 'xtgly',
      passwordHash: ctx.demoPasswordHash,
      orgId: ctx.orgIds.get('G001') ?? null,
      outsource: '001',
    })
    .returning({ id: users.id });
  const adminRole = ctx.roleIds.get('admin');
  if (row && adminRole) await ctx.db.insert(userRoles).values({ userId: row.id, roleId: adminRole });
}

export const baseSeed: ModuleSeed = {
  name: 'base',
  async seed(ctx) {
    await seedReferenceData(ctx);
    await insertOrg(ctx, organisationSeed, null, 1, null);

    const people = [
      ...demoAccounts.map((a) => ({ ...a, personCategory: a.personCategory ?? '001', outsource: a.outsource ?? '000' })),
      ...generatedStaff().map((s) => ({ ...s, roles: ['employee'], email: `${s.userCode}@dingcai.example` })),
    ];
    for (const [i, p] of people.entries()) {
      const orgId = ctx.orgIds.get(p.orgCode) ?? null;
      const [row] = await ctx.db
        .insert(users)
        .values({
          userCode: p.userCode,
          realName: p.realName,
          namePinyin: pinyinInitials(p.realName),
          passwordHash: ctx.demoPasswordHash,
          email: p.email,
          phone: `138${String(10000000 + i * 7919).slice(-8)}`,
          orgId,
          companyId: companyOf.get(p.orgCode) ?? null,
          personCategory: p.personCategory,
          outsource: p.outsource,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert failed');
      ctx.userIds.set(p.userCode, row.id);
      const roleIds = p.roles.map((code) => ctx.roleIds.get(code)).filter((id): id is number => id !== undefined);
      if (roleIds.length) await ctx.db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
    }

    // Every unit gets a leader: the demo account that leads it, else its first member.
    const leaders = new Map<string, string>();
    for (const account of demoAccounts) for (const orgCode of account.leads ?? []) leaders.set(orgCode, account.userCode);
    for (const p of people) if (!leaders.has(p.orgCode)) leaders.set(p.orgCode, p.userCode);
    for (const [orgCode, userCode] of leaders) {
      const orgId = ctx.orgIds.get(orgCode);
      if (orgId)
        await ctx.db
          .update(orgUnits)
          .set({ leaderUserId: ctx.userIds.get(userCode) ?? null })
          .where(eq(orgUnits.id, orgId));
    }
    await seedRecruitmentBase(ctx);
  },
};

/** Interviewers, demand suppliers and app releases, so those screens have content. */
async function seedRecruitmentBase(ctx: SeedContext): Promise<void> {
  const user = (code: string) => ctx.userIds.get(code) as number;
  await ctx.db.insert(interviewers).values([
    { userId: user('mgr01'), round: '002', expertise: '后端开发、系统设计' },
    { userId: user('rec01'), round: '001', expertise: '综合素质面试' },
    { userId: user('hrd01'), round: '003', expertise: '终面、薪资沟通' },
    { userId: user('user04'), round: '001', expertise: '前端开发' },
  ]);
  const hrDept = ctx.orgIds.get('D002') ?? null;
  const recruitTeam = ctx.orgIds.get('T001') ?? null;
  await ctx.db.insert(demandSupplies).values([
    {
      code: 'SUP001',
      name: '智联招聘渠道',
      supplyType: '001',
      contactName: '王敏',
      contactPhone: '13900001111',
      email: 'wangmin@zhaopin.example',
      orgId: recruitTeam,
    },
    {
      code: 'SUP002',
      name: '前程猎头顾问',
      supplyType: '002',
      contactName: '李强',
      contactPhone: '13900002222',
      email: 'liqiang@hunter.example',
      orgId: recruitTeam,
    },
    { code: 'SUP003', name: '众力劳务派遣', supplyType: '003', contactName: '赵磊', contactPhone: '13900003333', orgId: hrDept },
  ]);
  const day = 86_400_000;
  await ctx.db.insert(appReleases).values([
    {
      platform: 'android',
      version: '2.3.0',
      downloadUrl: 'https://app.dingcai.example/download/android/2.3.0',
      notes: '新增工时填报',
      publishedAt: new Date(ctx.today.getTime() - 40 * day),
    },
    {
      platform: 'ios',
      version: '2.3.0',
      downloadUrl: 'https://app.dingcai.example/download/ios',
      notes: '新增工时填报',
      publishedAt: new Date(ctx.today.getTime() - 40 * day),
    },
    {
      platform: 'android',
      version: '2.4.1',
      downloadUrl: 'https://app.dingcai.example/download/android/2.4.1',
      notes: '审批体验优化',
      publishedAt: new Date(ctx.today.getTime() - 5 * day),
    },
  ]);
}
