import { isNotNull } from 'drizzle-orm';
import { employees, timeCapsules } from '../../db/schema';
import type { ModuleSeed } from '../../db/seed/types';

/** Demo users who have not written this year's time capsule yet (the capsule dialog shows for them). */
const WITHOUT_CAPSULE = new Set(['emp01', 'emp02', 'user01']);

/** Demo data of the greeting module: this year's capsule for most demo users. */
export const greetingSeed: ModuleSeed = {
  name: 'greeting',
  async seed(ctx) {
    const year = ctx.businessDay.getUTCFullYear();
    const skip = new Set([...WITHOUT_CAPSULE].map((code) => ctx.userIds.get(code)));
    const rows = await ctx.db.select({ id: employees.id, userId: employees.userId }).from(employees).where(isNotNull(employees.userId));
    const values = rows
      .filter((r) => r.userId !== null && !skip.has(r.userId))
      .map((r) => ({ userId: r.userId as number, employeeId: r.id, year, content: '愿一年后的自己更好', createdBy: r.userId, updatedBy: r.userId }));
    if (values.length) await ctx.db.insert(timeCapsules).values(values);
  },
};
