import { AVATAR_CATEGORY, anniversaryDays, type BirthdayPerson, type Capsule, type GreetingInfo, type Page, type Profile } from '@erp/contract';
import type { Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import { pageOfRows, pageWindow } from '../../platform/http/paging';
import { enqueue } from '../../platform/outbox/outbox';
import type { FileService } from '../file/file.service';
import type { BirthdayRow, GreetingRepository } from './greeting.repository';

/** Full years from `from` to `today` when today is its anniversary, else null. */
export function anniversaryYears(from: string | null, today: string): number | null {
  if (!from || from.slice(5) !== today.slice(5)) return null;
  const years = Number(today.slice(0, 4)) - Number(from.slice(0, 4));
  return years >= 1 ? years : null;
}

export const CAPSULE_ONCE_A_YEAR = '时空胶囊一年只能修改一次';

/** Birthday and anniversary greetings, blessings, the time capsule and the profile photo. */
export class GreetingService {
  constructor(
    private readonly repo: GreetingRepository,
    private readonly db: Db,
    private readonly files: () => FileService,
    /** "Today" and the capsule's year are the company's (BUSINESS_TIME_ZONE), not the server's or UTC. */
    private readonly calendar = new BusinessCalendar(),
  ) {}

  async greetingInfo(user: Principal, now = new Date()): Promise<GreetingInfo> {
    const today = this.calendar.day(now);
    const emp = await this.repo.employeeOfUser(user.userId);
    const birthday = emp?.e.birthday ?? null;
    const year = anniversaryYears(emp?.e.entryDate ?? null, today);
    const isFirstLogin = await this.repo.markGreeted(user.sessionId, user.userId, today);
    return {
      isFirstLogin,
      year,
      days: year === null ? null : anniversaryDays(year),
      birthday,
      isBirthday: !!birthday && birthday.slice(5) === today.slice(5),
      entryDate: emp?.e.entryDate ?? null,
      realName: user.realName,
      today,
    };
  }

  async profile(user: Principal, now = new Date()): Promise<Profile> {
    const emp = await this.repo.employeeOfUser(user.userId);
    const capsule = await this.repo.latestCapsule(user.userId);
    const avatar = emp ? (await this.repo.materials(emp.e.id, AVATAR_CATEGORY))[0] : undefined;
    const accountAvatar = emp ? null : ((await this.repo.userById(user.userId))?.avatarFileId ?? null);
    return {
      userId: user.userId,
      userCode: user.userCode,
      realName: user.realName,
      employeeId: emp?.e.id ?? null,
      position: emp?.e.positionName ?? null,
      orgName: emp?.orgName ?? null,
      entryDate: emp?.e.entryDate ?? null,
      isCapsule: capsule?.year === this.calendar.year(now),
      avatarFileId: avatar?.fileId ?? accountAvatar,
    };
  }

  private async people(user: Principal, rows: BirthdayRow[], today: string): Promise<BirthdayPerson[]> {
    const { counts, mine } = await this.repo.blessingsOn(
      today,
      rows.map((r) => r.userId),
      user.userId,
    );
    return rows.map((r) => ({ ...r, isToday: r.birthday === today.slice(5), blessed: mine.has(r.userId), blessCount: counts.get(r.userId) ?? 0 }));
  }

  async birthdaysOfMonth(
    user: Principal,
    q: { pageIndex: number; pageSize: number; month?: number; keyword?: string },
    now = new Date(),
  ): Promise<Page<BirthdayPerson>> {
    const today = this.calendar.day(now);
    const month = q.month ? String(q.month).padStart(2, '0') : today.slice(5, 7);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await this.repo.birthdays({ month }, q.keyword, limit, offset);
    return pageOfRows(await this.people(user, rows, today), total, q);
  }

  async birthdaysToday(user: Principal, now = new Date()): Promise<BirthdayPerson[]> {
    const today = this.calendar.day(now);
    const { rows } = await this.repo.birthdays({ month: today.slice(5, 7), day: today.slice(8, 10) }, undefined, 500, 0);
    return this.people(user, rows, today);
  }

  async bless(user: Principal, toUserId: number, content: string | undefined, now = new Date()): Promise<{ id: number }> {
    if (toUserId === user.userId) throw badRequest('不能给自己送祝福');
    const today = this.calendar.day(now);
    const target = (await this.birthdaysToday(user, now)).find((p) => p.userId === toUserId);
    if (!target) throw badRequest('今天不是该同事的生日');
    const text = content?.trim() || '生日快乐！';
    return this.db.transaction(async (tx) => {
      const id = await this.repo
        .with(tx)
        .insertBlessing({ fromUserId: user.userId, toUserId, day: today, content: text, createdBy: user.userId, updatedBy: user.userId });
      if (id === null) throw conflict('今天已经给TA送过祝福了');
      await enqueue(tx, 'notify', {
        receiverUserIds: [toUserId],
        msgType: '004',
        title: `${user.realName}给您送来了生日祝福`,
        content: `<p>${escapeHtml(text)}</p>`,
        senderUserId: user.userId,
      });
      return { id };
    });
  }

  async extraInfo(user: Principal, employeeId: number | undefined, now = new Date()) {
    const emp = await this.repo.employeeOfUser(user.userId);
    // Only one's own record: another employee's id answers 404.
    if (!emp || (employeeId !== undefined && employeeId !== emp.e.id)) throw notFound('员工信息不存在');
    const capsule = await this.repo.latestCapsule(user.userId);
    return { id: emp.e.id, employeeId: emp.e.id, position: emp.e.positionName, isCapsule: capsule?.year === this.calendar.year(now) };
  }

  async capsule(user: Principal, now = new Date()): Promise<Capsule | null> {
    const row = await this.repo.latestCapsule(user.userId);
    if (!row) return null;
    return { id: row.id, year: row.year, content: row.content, createTime: row.createdAt.toISOString(), canEdit: row.year !== this.calendar.year(now) };
  }

  async saveCapsule(user: Principal, content: string, now = new Date()): Promise<Capsule> {
    const emp = await this.repo.employeeOfUser(user.userId);
    const row = await this.repo.insertCapsule({
      userId: user.userId,
      employeeId: emp?.e.id ?? null,
      year: this.calendar.year(now),
      content,
      createdBy: user.userId,
      updatedBy: user.userId,
    });
    if (!row) throw conflict(CAPSULE_ONCE_A_YEAR);
    return { id: row.id, year: row.year, content: row.content, createTime: row.createdAt.toISOString(), canEdit: false };
  }

  async materials(user: Principal, employeeId: number, category?: string) {
    const own = (await this.repo.employeeOfUser(user.userId))?.e.id === employeeId;
    if (!own && !user.isAdmin) {
      if (category && category !== AVATAR_CATEGORY) return [];
      return this.repo.materials(employeeId, AVATAR_CATEGORY);
    }
    return this.repo.materials(employeeId, category);
  }

  /** An employee's photo is material 040; an account without a record (an administrator) keeps it on the account. */
  async saveAvatar(user: Principal, fileId: string) {
    const emp = await this.repo.employeeOfUser(user.userId);
    const files = await this.files().group(user, fileId);
    if (!files.length || files.some((f) => f.fileType !== 'image')) throw badRequest('请上传符合类型的文件');
    if (!emp) {
      await this.repo.setUserAvatar(user.userId, fileId);
      return { id: null, employeeId: null, category: AVATAR_CATEGORY, fileId };
    }
    return this.db.transaction((tx) => this.repo.with(tx).replaceMaterial(emp.e.id, AVATAR_CATEGORY, fileId, user.userId));
  }

  /** Anyone signed in may see a current profile photo. */
  async isCurrentAvatar(groupId: string): Promise<boolean> {
    return (await this.repo.isCurrentMaterial(groupId, AVATAR_CATEGORY)) || this.repo.isUserAvatar(groupId);
  }
}
