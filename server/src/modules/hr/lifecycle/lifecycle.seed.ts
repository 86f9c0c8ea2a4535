import { CHANGE_TYPE, QUIT_KIND } from '@erp/contract';
import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { orgUnits, outbox, users, wfDefinitions, wfTasks } from '../../../db/schema';
import { chineseName, isoDay, seededRandom } from '../../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../../db/seed/types';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import * as engine from '../../../workflow/engine';
import { employees } from '../hr.schema';
import { setBusinessDay } from './documents';
import { lifecycleMenus } from './lifecycle.menus';
import { onboardings } from './lifecycle.schema';
import { submitOnboarding } from './onboarding.service';
import { LIFECYCLE_DEFINITIONS } from './processes';
import { submitQuit, submitRenewal, submitTransfer } from './requests.service';

/** Deploys every lifecycle process that has never been deployed (a switched-off one stays off). */
export async function deployLifecycleProcesses(db: Db, userId: number | null): Promise<number> {
  let deployed = 0;
  for (const [key, xml] of LIFECYCLE_DEFINITIONS) {
    const [any] = await db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, key)).limit(1);
    if (any) continue;
    await engine.deploy(db, xml, userId);
    deployed++;
  }
  return deployed;
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}

/** Whoever holds a pending task of the instance passes it (the demo's approvers). */
async function passAll(db: Db, instanceId: number, steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    const [task] = await db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')))
      .limit(1);
    if (!task) return;
    const userId = task.assigneeUserId ?? task.candidateUserIds?.[0];
    if (!userId) return;
    await engine.pass(db, { taskId: task.id, userId, message: '同意' });
  }
}

/**
 * Demo data: contracts with end dates (some within 30/60/90 days), transfers, adjustments,
 * resignations and dismissals in every state, renewals and onboardings at every stage — made
 * through the documents and the engine, so their numbers, flows and effects are real.
 */
async function seedDemo(ctx: SeedContext): Promise<void> {
  const today = isoDay(ctx.businessDay);
  const restore = setBusinessDay(() => today);
  const [mark] = await ctx.db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
  try {
    await seedRecords(ctx, today);
  } finally {
    setBusinessDay(restore);
  }
  // The history's outcomes notify nobody (the notices of what is left to approve stay: they carry a to-do).
  await ctx.db.delete(outbox).where(and(eq(outbox.topic, 'notify'), gt(outbox.id, mark?.id ?? 0), sql`${outbox.payload}->'todo' IS NULL`));
}

async function seedRecords(ctx: SeedContext, today: string): Promise<void> {
  const db = ctx.db;
  const rand = seededRandom(1414);
  const hrId = ctx.userIds.get('hr01') as number;
  const hr = { userId: hrId, isAdmin: false, roleCodes: ['hr'], permissions: new Set<string>(), dataScope: { kind: 'all' } } as unknown as Principal;
  // Labour contracts: three years from entry, renewed in three-year steps; every 7th ends within 30 days, others within 90 (one statement).
  await db.execute(sql`
    UPDATE employees SET contract_end_date = CASE
      WHEN id % 7 = 3 THEN ${today}::date + (5 + id % 25)
      WHEN id % 7 = 5 THEN ${today}::date + (35 + id % 50)
      WHEN entry_date IS NULL THEN ${today}::date + 400
      ELSE entry_date + (1095 * (1 + floor(greatest(0, ${today}::date - entry_date) / 1095.0)))::int
    END`);
  const colleagues = await db
    .select({ id: employees.id, userId: employees.userId, orgId: employees.orgId, code: users.userCode })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(like(users.userCode, 'user%'))
    .orderBy(asc(employees.id));
  const depts = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(inArray(orgUnits.code, ['D001', 'D003', 'D004', 'D005', 'D101', 'D102', 'T004', 'T006'])));
  const deptIds = depts.map((d) => d.id);
  // Transfers and adjustments: passed (applied) and approving at each step. Kept small: the demo seed runs at first start.
  for (const [i, c] of colleagues.slice(0, 12).entries()) {
    const adjustment = i % 4 === 3;
    const toOrgId = adjustment ? c.orgId : (deptIds.filter((d) => d !== c.orgId)[i % (deptIds.length - 1)] as number);
    const started = await submitTransfer(db, hr, {
      employeeId: c.id,
      changeType: adjustment ? CHANGE_TYPE.adjustment : CHANGE_TYPE.transfer,
      toOrgId,
      toPositionName: adjustment ? '高级专员' : null,
      toSalary: adjustment ? 15000 + i * 100 : null,
      effectiveDate: i % 3 === 0 ? addDays(today, -20 - i) : addDays(today, 10 + i),
      reason: adjustment ? '年度调薪' : (['业务调整', '项目需要', '个人申请', '组织优化'][i % 4] as string),
    });
    if (i % 3 === 0) await passAll(db, started.processInstanceId, 3);
    else if (i % 3 === 1) await passAll(db, started.processInstanceId, 1);
  }
  // Resignations (own) and departures (HR) across the states; passed ones with a past last day have left.
  for (const [i, c] of colleagues.slice(12, 20).entries()) {
    const lastWorkDate = i % 2 === 0 ? addDays(today, -10 - i) : addDays(today, 15 + i);
    const form = {
      quitType: ['001', '002', '003', '004', '005'][i % 5] as string,
      reason: ['个人发展', '家庭原因', '薪资待遇', '合同到期', '身体原因'][i % 5] as string,
      lastWorkDate,
      handoverNote: '工作已交接给同组同事',
    };
    const started =
      i % 3 === 2
        ? await submitQuit(db, hr, QUIT_KIND.dismiss, c.id, form)
        : await submitQuit(db, { ...hr, userId: c.userId as number }, QUIT_KIND.apply, c.id, form);
    if (i % 3 === 0) await passAll(db, started.processInstanceId, 3);
    else if (i % 3 === 1) await passAll(db, started.processInstanceId, 1);
  }
  // Renewals of contracts ending soon.
  const ending = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.status, '003'), sql`${employees.contractEndDate} <= ${addDays(today, 90)}::date`))
    .orderBy(asc(employees.contractEndDate))
    .limit(6);
  for (const [i, e] of ending.entries()) {
    const [row] = await db.select({ end: employees.contractEndDate }).from(employees).where(eq(employees.id, e.id));
    const start = addDays(row?.end ?? today, 1);
    const started = await submitRenewal(db, hr, {
      employeeId: e.id,
      newStartDate: start,
      newEndDate: addDays(start, 3 * 365 - 1),
      contractType: i % 5 === 4 ? '002' : '001',
      remark: null,
    });
    if (i % 3 === 0) await passAll(db, started.processInstanceId, 2);
  }
  // Onboardings at every stage.
  const orgs = deptIds;
  const stages = ['offer', 'offer', 'invited', 'invited', 'filled', 'filled', 'filled', 'gaveUpOffer', 'gaveUpInduction'];
  for (let i = 0; i < 24; i++) {
    const stage = stages[i % stages.length] as string;
    const name = chineseName(rand);
    const filled = ['filled', 'gaveUpInduction'].includes(stage);
    await db.insert(onboardings).values({
      applicantUserId: hrId,
      source: i % 3 === 0 ? 'offer' : 'hr',
      stage,
      name,
      phone: `139${String(10000000 + i * 7919).slice(0, 8)}`,
      email: `new${i + 1}@example.com`,
      orgId: orgs[i % orgs.length] as number,
      positionName: ['软件工程师', '测试工程师', '招聘专员', '会计', '驻场客服专员', '项目经理'][i % 6] as string,
      personCategory: i % 5 === 4 ? '002' : '001',
      clientCompanyId: i % 5 === 4 ? (ctx.orgIds.get('D901') ?? null) : null,
      plannedEntryDate: addDays(today, -5 + (i % 20)),
      probationMonths: 3,
      salaryCents: (9000 + i * 250) * 100,
      info: filled ? { emergencyContact: chineseName(rand), emergencyPhone: '13800138000', address: '上海市浦东新区张江路88号', highestEducation: '003' } : {},
      filledAt: filled ? ctx.today : null,
      linkExpiresAt: stage === 'invited' || filled ? new Date(ctx.today.getTime() + 7 * 86400_000) : null,
      giveupReason: stage.startsWith('gaveUp') ? '已接受其他公司offer' : null,
      createdBy: hrId,
      updatedBy: hrId,
    });
  }
  // Two onboardings confirmed through the flow (one done, one waiting for the unit's manager).
  const filledRows = await db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.stage, 'filled')).orderBy(asc(onboardings.id)).limit(2);
  for (const [i, o] of filledRows.entries()) {
    const started = await submitOnboarding(db, hr, o.id);
    if (i === 0) await passAll(db, started.processInstanceId, 2);
  }
}

export const lifecycleSeed: ModuleSeed = {
  name: 'hr-lifecycle',
  menus: lifecycleMenus,
  async reference(ctx) {
    await deployLifecycleProcesses(ctx.db, ctx.userIds.get('admin') ?? null);
  },
  seed: seedDemo,
};
