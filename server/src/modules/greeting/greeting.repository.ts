import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { birthdayBlessings, employeeMaterials, employees, greetedSessions, orgUnits, timeCapsules, users } from '../../db/schema';
import type { Db } from '../../platform/db';

export interface BirthdayRow {
  userId: number;
  employeeId: number;
  userCode: string;
  realName: string;
  orgName: string | null;
  birthday: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The only place the greeting module touches the database. */
export class GreetingRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): GreetingRepository {
    return new GreetingRepository(db);
  }

  async employeeOfUser(userId: number) {
    const [row] = await this.db
      .select({ e: employees, orgName: orgUnits.name })
      .from(employees)
      .leftJoin(orgUnits, eq(orgUnits.id, employees.orgId))
      .where(eq(employees.userId, userId));
    return row;
  }

  async userById(userId: number) {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  async employeeIdByUserCode(userCode: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(sql`lower(${users.userCode}) = lower(${userCode})`);
    return row?.id ?? null;
  }

  /** Records the session as greeted; true when this call was the first for the session. */
  async markGreeted(sessionId: number, userId: number, day: string): Promise<boolean> {
    const rows = await this.db.insert(greetedSessions).values({ sessionId, userId, day }).onConflictDoNothing().returning({ id: greetedSessions.sessionId });
    return rows.length > 0;
  }

  private birthdayWhere(monthDay: { month: string; day?: string }, keyword?: string): SQL | undefined {
    const conds: (SQL | undefined)[] = [eq(employees.status, '003'), eq(users.enabled, true), sql`to_char(${employees.birthday}, 'MM') = ${monthDay.month}`];
    if (monthDay.day) conds.push(sql`to_char(${employees.birthday}, 'DD') = ${monthDay.day}`);
    if (keyword) conds.push(or(ilike(users.realName, `%${escapeLike(keyword)}%`), ilike(users.userCode, `%${escapeLike(keyword)}%`)));
    return and(...conds);
  }

  async birthdays(
    monthDay: { month: string; day?: string },
    keyword: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: BirthdayRow[]; total: number }> {
    const where = this.birthdayWhere(monthDay, keyword);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          userId: users.id,
          employeeId: employees.id,
          userCode: users.userCode,
          realName: users.realName,
          orgName: orgUnits.name,
          birthday: sql<string>`to_char(${employees.birthday}, 'MM-DD')`,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .leftJoin(orgUnits, eq(orgUnits.id, employees.orgId))
        .where(where)
        .orderBy(sql`to_char(${employees.birthday}, 'MM-DD')`, asc(employees.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async blessingsOn(day: string, toUserIds: number[], fromUserId: number): Promise<{ counts: Map<number, number>; mine: Set<number> }> {
    if (!toUserIds.length) return { counts: new Map(), mine: new Set() };
    const rows = await this.db
      .select({ to: birthdayBlessings.toUserId, from: birthdayBlessings.fromUserId })
      .from(birthdayBlessings)
      .where(and(eq(birthdayBlessings.day, day), inArray(birthdayBlessings.toUserId, toUserIds)));
    const counts = new Map<number, number>();
    const mine = new Set<number>();
    for (const r of rows) {
      counts.set(r.to, (counts.get(r.to) ?? 0) + 1);
      if (r.from === fromUserId) mine.add(r.to);
    }
    return { counts, mine };
  }

  async insertBlessing(row: typeof birthdayBlessings.$inferInsert): Promise<number | null> {
    const [inserted] = await this.db.insert(birthdayBlessings).values(row).onConflictDoNothing().returning({ id: birthdayBlessings.id });
    return inserted?.id ?? null;
  }

  async latestCapsule(userId: number) {
    const [row] = await this.db.select().from(timeCapsules).where(eq(timeCapsules.userId, userId)).orderBy(desc(timeCapsules.year)).limit(1);
    return row;
  }

  async insertCapsule(row: typeof timeCapsules.$inferInsert) {
    const [inserted] = await this.db.insert(timeCapsules).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async materials(employeeId: number, category?: string) {
    const conds = [eq(employeeMaterials.employeeId, employeeId), isNull(employeeMaterials.deletedAt)];
    if (category) conds.push(eq(employeeMaterials.category, category));
    return this.db
      .select({ id: employeeMaterials.id, employeeId: employeeMaterials.employeeId, category: employeeMaterials.category, fileId: employeeMaterials.fileId })
      .from(employeeMaterials)
      .where(and(...conds))
      .orderBy(desc(employeeMaterials.id));
  }

  /** Replaces the employee's material of a category (the profile photo has one current file group). */
  async replaceMaterial(employeeId: number, category: string, fileId: string, userId: number) {
    await this.db
      .update(employeeMaterials)
      .set({ deletedAt: new Date(), updatedBy: userId, updatedAt: new Date() })
      .where(and(eq(employeeMaterials.employeeId, employeeId), eq(employeeMaterials.category, category), isNull(employeeMaterials.deletedAt)));
    const [row] = await this.db.insert(employeeMaterials).values({ employeeId, category, fileId, createdBy: userId, updatedBy: userId }).returning();
    if (!row) throw new Error('material not inserted');
    return { id: row.id, employeeId: row.employeeId, category: row.category, fileId: row.fileId };
  }

  async setUserAvatar(userId: number, fileId: string): Promise<void> {
    await this.db.update(users).set({ avatarFileId: fileId, updatedBy: userId, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async isUserAvatar(fileId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.avatarFileId, fileId)).limit(1);
    return !!row;
  }

  async isCurrentMaterial(fileId: string, category: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: employeeMaterials.id })
      .from(employeeMaterials)
      .where(and(eq(employeeMaterials.fileId, fileId), eq(employeeMaterials.category, category), isNull(employeeMaterials.deletedAt)))
      .limit(1);
    return !!row;
  }
}
