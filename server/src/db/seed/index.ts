import { eq, sql } from 'drizzle-orm';
import { assetsSeed } from '../../modules/assets/assets.seed';
import { baseMenus } from '../../modules/base/base.menus';
import { baseSeed, seedAdministrator, seedReferenceData } from '../../modules/base/base.seed';
import { bpmAnalyticsSeed } from '../../modules/bpm/analytics.seed';
import { bpmSeed } from '../../modules/bpm/bpm.seed';
import { fileSeed } from '../../modules/file/file.seed';
import type { FileStorage } from '../../modules/file/file-storage';
import { billingSeed } from '../../modules/finance/billing/billing.seed';
import { hoursSeed } from '../../modules/finance/hours/hours.seed';
import { seedOpenBanks } from '../../modules/finance/open-bank.seed';
import { projectSeed } from '../../modules/finance/project/project.seed';
import { reimburseSeed } from '../../modules/finance/reimburse/reimburse.seed';
import { frontSeed } from '../../modules/front/front.seed';
import { greetingSeed } from '../../modules/greeting/greeting.seed';
import { helpSeed } from '../../modules/help/help.seed';
import { employeeRecordsSeed } from '../../modules/hr/employee-records.seed';
import { hrSeed } from '../../modules/hr/hr.seed';
import { hrDocumentsSeed } from '../../modules/hr/hr-documents.seed';
import { lifecycleSeed } from '../../modules/hr/lifecycle/lifecycle.seed';
import { msgSeed } from '../../modules/msg/msg.seed';
import { positionSeed } from '../../modules/position/position.seed';
import { recruitSeed } from '../../modules/recruit/recruit.seed';
import { reportSeed } from '../../modules/report/report.seed';
import { salarySeed } from '../../modules/salary/salary.seed';
import { hashPassword } from '../../platform/auth/passwords';
import { bumpAuthzVersion } from '../../platform/auth/sessions';
import { BusinessCalendar, DEFAULT_BUSINESS_TIME_ZONE } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { systemState, users } from '../schema';
import { DEMO_DATA_KEY } from './demo-flag';
import { insertMenus } from './menus';
import type { ModuleSeed, SeedContext } from './types';
import { upgradeReferenceData } from './upgrade';
import { workbenchMenus } from './workbench.menus';

export const DEMO_PASSWORD = 'Demo@123';

/**
 * Each module's part of the demo data, in dependency order. Menus of all modules are inserted
 * first (after base created the roles). One line per module.
 */
export const moduleSeeds: ModuleSeed[] = [
  baseSeed,
  { name: 'menus', menus: [...workbenchMenus, ...baseMenus] },
  hrSeed,
  employeeRecordsSeed,
  positionSeed,
  recruitSeed,
  { name: 'finance', reference: seedOpenBanks },
  fileSeed,
  bpmSeed,
  lifecycleSeed,
  projectSeed,
  billingSeed,
  hoursSeed,
  salarySeed,
  reimburseSeed,
  msgSeed,
  greetingSeed,
  hrDocumentsSeed,
  assetsSeed,
  frontSeed,
  reportSeed,
  helpSeed,
  bpmAnalyticsSeed,
];

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(rows[0]?.n ?? 0) === 0;
}

function newContext(db: Db, demoPasswordHash: string, today: Date, timeZone = DEFAULT_BUSINESS_TIME_ZONE): SeedContext {
  const businessDay = new BusinessCalendar(timeZone).dayAsUtcDate(today);
  return { db, today, businessDay, demoPasswordHash, orgIds: new Map(), userIds: new Map(), roleIds: new Map(), employeeIds: new Map() };
}

/**
 * The whole demo data set, in one transaction: either all of it or nothing. With `files` (the
 * server's file storage) the demo's files are stored too; when the transaction fails, the files
 * it stored are removed again.
 */
export async function seedDemo(
  db: Db,
  today = new Date(),
  password = DEMO_PASSWORD,
  timeZone = DEFAULT_BUSINESS_TIME_ZONE,
  opts: { files?: FileStorage } = {},
): Promise<void> {
  const demoPasswordHash = await hashPassword(password);
  const stored: string[] = [];
  const base = opts.files;
  const files: FileStorage | undefined = base && {
    put: async (key, sourcePath) => {
      await base.put(key, sourcePath);
      stored.push(key);
    },
    open: (key) => base.open(key),
    remove: (key) => base.remove(key),
    exists: (key) => base.exists(key),
  };
  try {
    await db.transaction(async (tx) => {
      const ctx = { ...newContext(tx as unknown as Db, demoPasswordHash, today, timeZone), files };
      for (const step of moduleSeeds) {
        if (step.reference) await step.reference(ctx);
        if (step.seed) await step.seed(ctx);
        if (step.menus) await insertMenus(ctx, step.menus);
      }
      await ctx.db.insert(systemState).values({ key: DEMO_DATA_KEY, value: '1' }).onConflictDoNothing();
      await bumpAuthzVersion(ctx.db);
    });
  } catch (err) {
    await Promise.all(stored.map((key) => base?.remove(key).catch(() => undefined)));
    throw err;
  }
}

/**
 * An external database without demo data: base dictionaries, the organisation root, the
 * administrator (password from ADMIN_PASSWORD) and the menus, so the product can be set up from there.
 */
export async function seedMinimal(db: Db, adminPassword: string, opts: { mustChangePassword: boolean }): Promise<void> {
  const demoPasswordHash = await hashPassword(adminPassword);
  await db.transaction(async (tx) => {
    const ctx = newContext(tx as unknown as Db, demoPasswordHash, new Date());
    await seedReferenceData(ctx);
    await seedAdministrator(ctx);
    if (opts.mustChangePassword) await ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.userCode, 'admin'));
    for (const step of moduleSeeds) {
      if (step.reference) await step.reference(ctx);
      if (step.menus) await insertMenus(ctx, step.menus);
    }
    await bumpAuthzVersion(ctx.db);
  });
}

/** Reference data an earlier version did not have (see upgrade.ts); a no-op on an empty database. */
export async function upgradeExisting(db: Db): Promise<{ dictionaries: number; menus: number } | null> {
  if (await isEmpty(db)) return null;
  const upgraded = await upgradeReferenceData(
    db,
    moduleSeeds.flatMap((s) => s.menus ?? []),
  );
  // Reference steps are idempotent: what an earlier version did not have is added, nothing else changes.
  await db.transaction(async (tx) => {
    const ctx = newContext(tx as unknown as Db, '', new Date());
    for (const step of moduleSeeds) if (step.reference) await step.reference(ctx);
  });
  return upgraded;
}
