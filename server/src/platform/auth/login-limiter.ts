import { and, inArray, lt, sql } from 'drizzle-orm';
import { loginAttempts } from '../../db/schema';
import type { Db } from '../db';
import { AppError, tooMany } from '../errors';

export interface LimiterPolicy {
  maxFailures: number;
  lockMinutes: number;
}

/** An address may fail for several accounts (an office behind one NAT) before it is locked. */
const ADDRESS_FACTOR = 4;
/** Wrong password-reset codes an account may send in a day, whatever the number of codes mailed. */
export const RESET_MAX_FAILURES_PER_DAY = 10;
const DAY_MINUTES = 24 * 60;
/** Beyond the account's allowance (from any address) each try waits longer, up to this. */
const MAX_DELAY_MS = 5_000;
/** A maximum no count reaches (an int4 parameter). */
const NEVER_LOCKS = 2 ** 31 - 1;

export const RESET_LOCKED = '验证码错误次数过多，密码重置已锁定，请联系管理员重置密码';

const name = (userName: string) => userName.trim().toLowerCase().slice(0, 120);
const address = (ip: string) => ip.slice(0, 60);

/**
 * Failed sign-ins and reset codes, counted in the database so every server process sees the same
 * counts. What is locked is an account *from one address* (`maxFailures` in `lockMinutes`) and an
 * address (4× that, for any accounts): a stranger elsewhere cannot lock a user out. Failures of an
 * account from all addresses slow its sign-ins down progressively instead, so guessing from many
 * addresses stays slow while the right password still works. Wrong reset codes count as failed
 * sign-ins too, and 10 a day lock the account's password reset for the rest of that day.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly policy: LimiterPolicy,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  private keys(userName: string, ip: string) {
    return { pair: `pair:${name(userName)}@${address(ip)}`, account: `user:${name(userName)}`, ip: `ip:${address(ip)}` };
  }

  /** Refuses a locked account-and-address or address; waits while the account is being guessed at. */
  async beforeAttempt(userName: string, ip: string): Promise<void> {
    const keys = this.keys(userName, ip);
    const rows = await this.db
      .select({ key: loginAttempts.key, failures: loginAttempts.failures, windowStart: loginAttempts.windowStart, lockedUntil: loginAttempts.lockedUntil })
      .from(loginAttempts)
      .where(inArray(loginAttempts.key, [keys.pair, keys.ip, keys.account]));
    const now = Date.now();
    const until = rows
      .filter((r) => r.key !== keys.account)
      .map((r) => r.lockedUntil?.getTime() ?? 0)
      .reduce((a, b) => Math.max(a, b), 0);
    if (until > now) {
      const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
      throw tooMany(`登录失败次数过多，账户已锁定，请${minutes}分钟后再试`);
    }
    const account = rows.find((r) => r.key === keys.account);
    const windowMs = this.policy.lockMinutes * 60_000;
    if (account && account.windowStart.getTime() > now - windowMs) {
      const beyond = account.failures - this.policy.maxFailures;
      if (beyond > 0) await this.sleep(Math.min(MAX_DELAY_MS, 250 * 2 ** Math.min(beyond - 1, 10)));
    }
  }

  async recordFailure(userName: string, ip: string): Promise<void> {
    const keys = this.keys(userName, ip);
    const { maxFailures, lockMinutes } = this.policy;
    await this.bump(keys.pair, maxFailures, lockMinutes);
    await this.bump(keys.ip, maxFailures * ADDRESS_FACTOR, lockMinutes);
    // Counted only (no lock): drives the delay of beforeAttempt.
    await this.bump(keys.account, NEVER_LOCKS, lockMinutes);
    if (Math.random() < 0.01) await this.prune();
  }

  async recordSuccess(userName: string, ip: string): Promise<void> {
    const keys = this.keys(userName, ip);
    await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, [keys.pair, keys.account]));
  }

  /** 429 once the account has sent 10 wrong reset codes within a day. */
  async assertResetOpen(userName: string): Promise<void> {
    const [row] = await this.db
      .select({ lockedUntil: loginAttempts.lockedUntil })
      .from(loginAttempts)
      .where(inArray(loginAttempts.key, [`reset:${name(userName)}`]));
    if ((row?.lockedUntil?.getTime() ?? 0) > Date.now()) throw new AppError(429, RESET_LOCKED, '429');
  }

  /** A wrong reset code: counted per account and day, and as a failed sign-in. */
  async recordResetFailure(userName: string, ip: string): Promise<void> {
    await this.bump(`reset:${name(userName)}`, RESET_MAX_FAILURES_PER_DAY, DAY_MINUTES);
    await this.recordFailure(userName, ip);
  }

  /** An administrator set the password: the account's counts start again. */
  async clearAccount(userName: string): Promise<void> {
    await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, [`reset:${name(userName)}`, `user:${name(userName)}`]));
  }

  /** Rows whose window and lock have both passed (called now and then so the table stays small). */
  async prune(): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(and(lt(loginAttempts.windowStart, sql`now() - interval '1 day'`), sql`coalesce(${loginAttempts.lockedUntil}, '-infinity') < now()`));
  }

  private async bump(key: string, max: number, windowMinutes: number): Promise<void> {
    const window = sql.raw(`interval '${Number(windowMinutes)} minutes'`);
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
