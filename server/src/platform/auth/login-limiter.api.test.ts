import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { passwordResetCodes, users } from '../../db/schema';
import { RESET_LOCKED } from './login-limiter';
import { BoundedSlots } from './passwords';

let s: TestServer;
// Trusting the local peer lets the test speak "from" several addresses.
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: ['127.0.0.1'] });
});
afterAll(() => s.close());

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const signIn = (user: string, password: string, address: string) => s.post('/auth/oauth/token', { username: user, password }, null, from(address));

describe('sign-in lock (issue 25 §7)', () => {
  it('locks the account only from the address that guessed: the right password still works elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('user12', `bad${i}`, '192.0.2.1')).status).toBe(400);
    const locked = await signIn('user12', 'Demo@123', '192.0.2.1');
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/锁定.*15分钟/);
    expect((await signIn('user12', 'Demo@123', '192.0.2.2')).code).toBe('200');
  });
});

describe('password-reset guesses (issue 25 §2)', () => {
  const giveCode = async (userCode: string) => {
    const [user] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, userCode));
    // A fresh code with its own 5 tries, as a new mail would give; its value is never guessed here.
    const values = { codeHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 600_000), attempts: 0, sentAt: new Date() };
    await s.db
      .insert(passwordResetCodes)
      .values({ userId: user?.id ?? 0, ...values })
      .onConflictDoUpdate({ target: passwordResetCodes.userId, set: values });
  };
  const guess = (userCode: string, address: string) =>
    s.post('/base_api/base/api/anon/resetPass', { userCode, validCode: '123456', newPassword: 'Brand@New1' }, null, from(address));

  it('counts wrong codes per account and day across codes, then locks the reset', async () => {
    let address = 0;
    for (let code = 0; code < 2; code++) {
      await giveCode('user42');
      // Each guess from another address, so neither the address nor the pair lock stops them first.
      for (let i = 0; i < 5; i++) expect((await guess('user42', `198.18.0.${address++}`)).status).toBe(400);
    }
    await giveCode('user42');
    const locked = await guess('user42', '198.18.1.1');
    expect(locked.status).toBe(429);
    expect(locked.message).toBe(RESET_LOCKED);
    const send = await s.post('/base_api/base/api/anon/sendValidCode', { userCode: 'user42' }, null, from('198.18.1.2'));
    expect(send.status).toBe(429);
    expect(send.message).toBe(RESET_LOCKED);
  });

  it('counts wrong codes toward the sign-in lock', async () => {
    await giveCode('user43');
    for (let i = 0; i < 5; i++) expect((await guess('user43', '198.18.2.1')).status).toBe(400);
    expect((await signIn('user43', 'Demo@123', '198.18.2.1')).status).toBe(429);
  });
});

describe('password hashing bound (issue 25 §7)', () => {
  it('runs at most the given number at once and refuses beyond the queue', async () => {
    const slots = new BoundedSlots(2, 3);
    let peak = 0;
    let running = 0;
    const release: Array<() => void> = [];
    const work = () =>
      slots.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => release.push(r));
        running--;
      });
    const started = [work(), work(), work(), work(), work()];
    await expect(work()).rejects.toMatchObject({ status: 503 });
    while (release.length || running) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(started);
    expect(peak).toBe(2);
    expect(slots.active).toBe(0);
  });
});
