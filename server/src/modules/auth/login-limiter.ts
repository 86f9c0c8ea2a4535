import { inArray, sql } from 'drizzle-orm';
import { loginAttempts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { tooMany } from '../../platform/errors';

export interface LimiterPolicy {
  maxFailures: number;
  lockMinutes: number;
}

/** An address may fail for several accounts (an office behind one NAT) before it is locked. */
const ADDRESS_FACTOR = 4;

/**
 * Failed sign-ins counted per account and per address in the database, so every server process
 * sees the same counts: `maxFailures` within `lockMinutes` locks for `lockMinutes`.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly policy: LimiterPolicy,
  ) {}

  private keys(userName: string, ip: string) {
    return { user: `user:${userName.toLowerCase().slice(0, 150)}`, ip: `ip:${ip.slice(0, 60)}` };
  }

  async assertNotLocked(userName: string, ip: string): Promise<void> {
    const { user, ip: address } = this.keys(userName, ip);
    const rows = await this.db
      .select({ lockedUntil: loginAttempts.lockedUntil })
      .from(loginAttempts)
      .where(inArray(loginAttempts.key, [user, address]));
    const until = rows.map((r) => r.lockedUntil?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
    if (until > Date.now()) {
      const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
      throw tooMany(`登录失败次数过多，账户已锁定，请${minutes}分钟后再试`);
    }
  }

  async recordFailure(userName: string, ip: string): Promise<void> {
    const { user, ip: address } = this.keys(userName, ip);
    await this.bump(user, this.policy.maxFailures);
    await this.bump(address, this.policy.maxFailures * ADDRESS_FACTOR);
  }

  async recordSuccess(userName: string): Promise<void> {
    const { user } = this.keys(userName, '');
    await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, [user]));
  }

  private async bump(key: string, max: number): Promise<void> {
    const window = sql.raw(`interval '${Number(this.policy.lockMinutes)} minutes'`);
    // One statement: a new window starts when the old one has passed; reaching the maximum sets the lock.
    await this.db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: sql`now()`, lockedUntil: max <= 1 ? sql`now() + ${window}` : null })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`CASE WHEN ${loginAttempts.windowStart} < now() - ${window} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
          windowStart: sql`CASE WHEN ${loginAttempts.windowStart} < now() - ${window} THEN now() ELSE ${loginAttempts.windowStart} END`,
          lockedUntil: sql`CASE WHEN ${loginAttempts.windowStart} >= now() - ${window} AND ${loginAttempts.failures} + 1 >= ${max} THEN now() + ${window} ELSE ${loginAttempts.lockedUntil} END`,
        },
      });
  }
}
