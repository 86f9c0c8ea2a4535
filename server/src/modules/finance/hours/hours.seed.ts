import { HOURS_PROCESS, PROJECT_PHASE } from '@erp/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { wfDefinitions } from '../../../db/schema';
import { seededRandom } from '../../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../../db/seed/types';
import { deploy } from '../../../workflow/engine';
import { finProjectPeople, finProjects } from '../project/project.schema';
import { daysOfMonth, dayType, holidayRows, holidaysBetween, splitMinutes } from './calendar';
import { addToManHours, HOURS_PROCESS_XML, hourSheetDocument } from './hours.documents';
import { hoursMenus } from './hours.menus';
import { finHolidays, finHourDays, finHourSheets, finLeaveRecords, finPostStandards } from './hours.schema';

/** The calendar of 2025 and 2026 and the timesheet process: every database gets them. */
export async function seedHoursReference(ctx: SeedContext): Promise<void> {
  for (const year of [2025, 2026]) await ctx.db.insert(finHolidays).values(holidayRows(year)).onConflictDoNothing();
  const [any] = await ctx.db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, HOURS_PROCESS)).limit(1);
  if (!any) await deploy(ctx.db, HOURS_PROCESS_XML, ctx.userIds.get('admin') ?? null);
}

const addMonths = (ym: number, n: number) => {
  const t = Math.floor(ym / 100) * 12 + (ym % 100) - 1 + n;
  return Math.floor(t / 12) * 100 + (t % 12) + 1;
};
const LEAVE_REASONS: Array<[string, string]> = [
  ['001', '年假'],
  ['002', '家中有事'],
  ['003', '感冒发烧'],
  ['008', '加班调休'],
];

/**
 * Six months of hours for the teams of running projects (one project per person and month): most
 * approved (and counted in the man-hours), last month's sheets of 马国强's projects waiting for
 * him, a few rejected; leave records on some of the days. emp01 and emp02 join two of his projects;
 * this month is left for them to fill.
 */
async function seedHours(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const rand = seededRandom(20261801);
  const mgr = ctx.userIds.get('mgr01') as number;
  const admin = ctx.userIds.get('admin') as number;
  const thisMonth = ctx.businessDay.getUTCFullYear() * 100 + ctx.businessDay.getUTCMonth() + 1;
  const months = Array.from({ length: 6 }, (_, i) => addMonths(thisMonth, i - 6));
  const projects = await db
    .select()
    .from(finProjects)
    .where(and(eq(finProjects.phase, PROJECT_PHASE.active), isNull(finProjects.deletedAt), isNull(finProjects.parentId)))
    .orderBy(finProjects.id);
  // emp01 and emp02 are placed on 马国强's running projects.
  const today = ctx.businessDay.toISOString().slice(0, 10);
  const running = projects.filter((p) => (p.startDate ?? '') <= today && (p.endDate ?? '9999') >= today);
  const mine = [...running.filter((p) => p.managerUserId === mgr), ...running.filter((p) => p.managerUserId !== mgr)];
  // Both on 马国强's first running project (he approves their hours); emp01 also on a second one.
  const placements: Array<[string, (typeof mine)[number] | undefined]> = [
    ['emp01', mine[0]],
    ['emp02', mine[0]],
    ['emp01', mine[1]],
  ];
  for (const [code, p] of placements) {
    const userId = ctx.userIds.get(code);
    if (p && userId) await db.insert(finProjectPeople).values({ projectId: p.id, userId, role: '004', joinDate: p.startDate }).onConflictDoNothing();
  }
  const team = await db.select().from(finProjectPeople);
  const holidays = await holidaysBetween(db, `${Math.floor((months[0] as number) / 100)}-01-01`, `${Math.floor(thisMonth / 100)}-12-31`);
  const employeeOf = new Map(
    (
      (await db.execute(sql`SELECT id, user_id FROM employees WHERE user_id IS NOT NULL`)) as unknown as { rows: Array<{ id: number; user_id: number }> }
    ).rows.map((r) => [r.user_id, r.id]),
  );
  const taken = new Set<string>();
  const leaveRows: Array<typeof finLeaveRecords.$inferInsert> = [];
  let seq = 0;
  for (const month of months) {
    for (const p of projects) {
      for (const member of team.filter((t) => t.projectId === p.id && t.role !== '001')) {
        const key = `${member.userId}|${month}`;
        if (taken.has(key)) continue;
        const from = [daysOfMonth(month)[0] as string, p.startDate, member.joinDate]
          .filter((d): d is string => !!d)
          .sort()
          .at(-1) as string;
        const to = [daysOfMonth(month).at(-1) as string, p.endDate, member.leaveDate].filter((d): d is string => !!d).sort()[0] as string;
        if (from > to) continue;
        taken.add(key);
        // One leave of one or two working days for about a third of the person-months.
        const leaveDays = new Set<string>();
        const workdays = daysOfMonth(month).filter((d) => d >= from && d <= to && dayType(d, holidays) === 'W');
        if (rand() < 0.33 && workdays.length > 5) {
          const start = Math.floor(rand() * (workdays.length - 2));
          const length = rand() < 0.5 ? 1 : 2;
          const chosen = workdays.slice(start, start + length);
          for (const d of chosen) leaveDays.add(d);
          const [type, remark] = LEAVE_REASONS[Math.floor(rand() * LEAVE_REASONS.length)] as [string, string];
          leaveRows.push({
            userId: member.userId,
            employeeId: employeeOf.get(member.userId) ?? null,
            leaveType: type,
            startDate: chosen[0] as string,
            endDate: chosen.at(-1) as string,
            minutes: chosen.length * 480,
            source: 'import',
            remark,
            createdBy: admin,
          });
        }
        const days = daysOfMonth(month)
          .filter((d) => d >= from && d <= to && !leaveDays.has(d))
          .map((d) => {
            const type = dayType(d, holidays);
            const r = rand();
            const minutes = type === 'W' ? (r < 0.15 ? 600 : r < 0.3 ? 540 : 480) : r < 0.08 ? (type === 'H' ? 480 : 240 + 60 * Math.floor(rand() * 5)) : 0;
            return { workDate: d, minutes, dayType: type, remark: type !== 'W' && minutes ? '项目上线保障' : null };
          })
          .filter((d) => d.minutes > 0);
        if (!days.length) continue;
        const split = splitMinutes(days);
        const last = month === months.at(-1);
        const state = last && p.managerUserId === mgr ? 'approving' : last && rand() < 0.1 ? 'rejected' : 'passed';
        const [sheet] = await db
          .insert(finHourSheets)
          .values({
            sheetNo: state === 'passed' || state === 'rejected' ? `GS${month}28${String(++seq).padStart(4, '0')}` : null,
            userId: member.userId,
            employeeId: employeeOf.get(member.userId) ?? null,
            projectId: p.id,
            deptId: p.deptId,
            month,
            totalMinutes: split.total,
            normalMinutes: split.normal,
            otWorkdayMinutes: split.otWorkday,
            otRestdayMinutes: split.otRestday,
            otHolidayMinutes: split.otHoliday,
            state: state === 'approving' ? 'draft' : state,
            createdBy: member.userId,
            updatedBy: member.userId,
          })
          .returning();
        if (!sheet) throw new Error('sheet insert failed');
        await db.insert(finHourDays).values(days.map((d) => ({ sheetId: sheet.id, userId: member.userId, ...d })));
        if (state === 'passed') await addToManHours(db, sheet, 1, p.managerUserId);
        if (state === 'approving')
          await hourSheetDocument.submit(db, {
            id: sheet.id,
            userId: member.userId,
            title: `职能工时：${Math.floor(month / 100)}年${month % 100}月 ${p.name}`,
            vars: { projectManager: p.managerUserId, projectId: p.id, deptId: p.deptId, month },
          });
      }
    }
  }
  for (let i = 0; i < leaveRows.length; i += 500) await db.insert(finLeaveRecords).values(leaveRows.slice(i, i + 500));
}

/** Monthly salary in yuan of the 中级 rank in a 一类 region, per post. */
const POSTS: Array<[string, number]> = [
  ['软件工程师', 18_000],
  ['测试工程师', 14_000],
  ['运维工程师', 13_000],
  ['数据标注员', 7_500],
  ['客服专员', 7_000],
  ['仓储操作员', 6_500],
  ['门店导购', 6_000],
  ['招聘专员', 9_000],
];

/** 8 posts × 3 region categories × 2 rank levels, salaries by region and rank, billed at cost × 1.35. */
async function seedPostStandards(ctx: SeedContext): Promise<void> {
  const rows: Array<typeof finPostStandards.$inferInsert> = [];
  for (const [postName, base] of POSTS)
    for (const [region, regionFactor] of [
      ['001', 1],
      ['002', 0.85],
      ['003', 0.72],
    ] as const)
      for (const [rank, rankFactor] of [
        ['001', 0.8],
        ['002', 1],
      ] as const) {
        const monthly = Math.round((base * regionFactor * rankFactor) / 100) * 100 * 100;
        rows.push({
          postName,
          regionCategory: region,
          rankLevel: rank,
          monthlySalary: monthly,
          allowance: region === '001' ? 800_00 : 500_00,
          hourlyBillRate: Math.round((monthly * 1.35) / 174 / 100) * 100,
          createdBy: ctx.userIds.get('fin01') ?? null,
        });
      }
  await ctx.db.insert(finPostStandards).values(rows);
}

export const hoursSeed: ModuleSeed = {
  name: 'finance-hours',
  menus: hoursMenus,
  reference: seedHoursReference,
  async seed(ctx) {
    await seedPostStandards(ctx);
    await seedHours(ctx);
  },
};
