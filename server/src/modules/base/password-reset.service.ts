import { createHash, randomInt } from 'node:crypto';
import { PASSWORD_RULE, passwordStrongEnough } from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { passwordResetCodes, users } from '../../db/schema';
import { assertPasswordLoginAllowed } from '../../platform/auth/password-login';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db';
import { badRequest, tooMany } from '../../platform/errors';
import { enqueue } from '../../platform/outbox/outbox';
import type { Platform } from '../../platform/platform';

export const CODE_TTL_SECONDS = 600;
export const MAX_CODE_ATTEMPTS = 5;
const RESEND_AFTER_MS = 60_000;
const IP_WINDOW_MS = 10 * 60_000;
const IP_MAX_SENDS = 10;
const WRONG_CODE = '验证码错误或已过期';

const digest = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * Password reset by a one-time code mailed to the account's address. Requests are limited per
 * account name (existing or not, so the limit tells nothing) and per address; the answer is the
 * same whether the account exists or not.
 */
export class PasswordResetService {
  private readonly lastByName = new Map<string, number>();
  private readonly byIp = new Map<string, number[]>();

  constructor(private readonly platform: Platform) {}

  private limit(userCode: string, ip: string): void {
    const now = Date.now();
    if (this.lastByName.size > 50_000) this.lastByName.clear();
    if (this.byIp.size > 50_000) this.byIp.clear();
    const name = userCode.toLowerCase();
    const last = this.lastByName.get(name);
    if (last !== undefined && now - last < RESEND_AFTER_MS) throw tooMany('验证码发送过于频繁，请1分钟后再试');
    const recent = (this.byIp.get(ip) ?? []).filter((t) => now - t < IP_WINDOW_MS);
    if (recent.length >= IP_MAX_SENDS) throw tooMany('验证码发送过于频繁，请稍后再试');
    recent.push(now);
    this.byIp.set(ip, recent);
    this.lastByName.set(name, now);
  }

  async sendCode(userCode: string, ip: string): Promise<{ sent: true; expiresInSeconds: number }> {
    assertPasswordLoginAllowed(this.platform.config, userCode);
    this.limit(userCode, ip);
    await this.platform.loginLimiter.assertResetOpen(userCode);
    const [user] = await this.platform.db
      .select({ id: users.id, email: users.email, enabled: users.enabled, realName: users.realName })
      .from(users)
      .where(eq(sql`lower(${users.userCode})`, userCode.trim().toLowerCase()));
    if (user?.enabled && user.email) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const email = user.email;
      await this.platform.db.transaction(async (tx) => {
        const values = { codeHash: digest(user.id, code), expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000), attempts: 0, sentAt: new Date() };
        await tx
          .insert(passwordResetCodes)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({ target: passwordResetCodes.userId, set: values });
        await enqueue(tx as unknown as Db, 'mail', {
          to: email,
          userId: user.id,
          subject: '密码重置验证码',
          text: `${user.realName}，您好：\n\n您的密码重置验证码为 ${code}，${CODE_TTL_SECONDS / 60}分钟内有效，最多可尝试${MAX_CODE_ATTEMPTS}次。\n如非本人操作，请忽略本邮件。`,
        });
      });
    }
    return { sent: true, expiresInSeconds: CODE_TTL_SECONDS };
  }

  async reset(userCode: string, validCode: string, newPassword: string, ip: string): Promise<number> {
    if (!passwordStrongEnough(newPassword)) throw badRequest(PASSWORD_RULE.message);
    const limiter = this.platform.loginLimiter;
    // Each code allows 5 tries, but codes can be asked for again: the count that bounds guessing is per account and day.
    await limiter.assertResetOpen(userCode);
    const db = this.platform.db;
    const [user] = await db
      .select({ id: users.id, enabled: users.enabled })
      .from(users)
      .where(eq(sql`lower(${users.userCode})`, userCode.trim().toLowerCase()));
    if (!user?.enabled) throw badRequest(WRONG_CODE);
    // Count the try first (atomically), so parallel guesses cannot exceed the limit.
    const [row] = await db
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(
        and(eq(passwordResetCodes.userId, user.id), sql`${passwordResetCodes.expiresAt} > now()`, sql`${passwordResetCodes.attempts} < ${MAX_CODE_ATTEMPTS}`),
      )
      .returning({ codeHash: passwordResetCodes.codeHash });
    if (!row || row.codeHash !== digest(user.id, validCode.trim())) {
      if (row) await limiter.recordResetFailure(userCode, ip);
      throw badRequest(WRONG_CODE);
    }
    const passwordHash = await hashPassword(newPassword);
    const used = await db.transaction(async (tx) => {
      const gone = await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id)).returning({ userId: passwordResetCodes.userId });
      if (!gone.length) return false;
      await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
      return true;
    });
    if (!used) throw badRequest(WRONG_CODE);
    await this.platform.sessions.revokeOthers(user.id, null);
    return user.id;
  }
}
