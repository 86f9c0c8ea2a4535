import { employees, grades, users } from '../../db/schema';
import { isoDay, POSITIONS, sameDayInYear, seededRandom } from '../../db/seed/names';
import type { ModuleSeed } from '../../db/seed/types';
import { demoAccounts } from '../base/organisation.seed';

export const gradeSeeds = [
  ...Array.from({ length: 8 }, (_, i) => ({ code: `P${i + 1}`, name: `专业序列P${i + 1}`, level: i + 1 })),
  ...Array.from({ length: 4 }, (_, i) => ({ code: `M${i + 1}`, name: `管理序列M${i + 1}`, level: 10 + i })),
];

function monthsBefore(today: Date, months: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, Math.min(today.getUTCDate(), 28)));
  return isoDay(d);
}

/**
 * An employee record for every user. Fixed facts the demo relies on: emp01's birthday is today and
 * emp01/emp02 are on probation (for the confirmation flow); hr01 joined three years ago today.
 */
export const hrSeed: ModuleSeed = {
  name: 'hr',
  async seed(ctx) {
    const gradeRows = await ctx.db.insert(grades).values(gradeSeeds).returning({ id: grades.id, code: grades.code });
    const gradeId = new Map(gradeRows.map((g) => [g.code, g.id]));
    const demo = new Map(demoAccounts.map((a) => [a.userCode, a]));
    const rand = seededRandom(42);
    // Calendar facts (birthday today, anniversary today) are counted in the business zone.
    const today = ctx.businessDay;
    const todayMonthDay = isoDay(today).slice(5);
    const year = today.getUTCFullYear();

    const allUsers = await ctx.db.select().from(users).orderBy(users.id);
    for (const [i, u] of allUsers.entries()) {
      const account = demo.get(u.userCode);
      let birthday = `${1975 + Math.floor(rand() * 25)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
      if (birthday.slice(5) === todayMonthDay)
        birthday = `${birthday.slice(0, 5)}${birthday.slice(5, 7) === '12' ? '01' : String(Number(birthday.slice(5, 7)) + 1).padStart(2, '0')}${birthday.slice(7)}`;
      let entryDate = monthsBefore(today, 6 + Math.floor(rand() * 90));
      if (entryDate.slice(5) === todayMonthDay) entryDate = monthsBefore(today, 7 + Math.floor(rand() * 80));
      let regularStatus = '010';
      if (u.userCode === 'emp01') {
        birthday = sameDayInYear(today, 1996);
        entryDate = monthsBefore(today, 2);
        regularStatus = '001';
      } else if (u.userCode === 'emp02') {
        entryDate = monthsBefore(today, 1);
        regularStatus = '001';
      } else if (u.userCode === 'hr01') {
        entryDate = sameDayInYear(today, year - 3);
      } else if (!account && i % 6 === 0) {
        entryDate = monthsBefore(today, 1 + (i % 3));
        regularStatus = '001';
      }
      const grade = account?.grade ?? `P${1 + Math.floor(rand() * 6)}`;
      const [row] = await ctx.db
        .insert(employees)
        .values({
          userId: u.id,
          employeeCode: `E${String(10000 + u.id)}`,
          name: u.realName,
          gender: rand() < 0.5 ? '1' : '2',
          orgId: u.orgId,
          companyId: u.companyId,
          positionName: account?.positionName ?? (POSITIONS[Math.floor(rand() * POSITIONS.length)] as string),
          gradeId: gradeId.get(grade) ?? null,
          personCategory: u.personCategory,
          outsource: u.outsource,
          accreditOrgId: u.personCategory === '001' ? null : (ctx.orgIds.get('D901') ?? null),
          entryDate,
          birthday,
          probationMonths: 3,
          status: '003',
          regularStatus,
          salaryCents: (8000 + Math.floor(rand() * 22000)) * 100,
          phone: u.phone,
          email: u.email,
        })
        .returning({ id: employees.id });
      if (row) ctx.employeeIds.set(u.userCode, row.id);
    }
  },
};
