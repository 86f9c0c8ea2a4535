import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';
import { maskEmail } from './signature.service';

const SSL = '/base_api/base/api/invokeSsl';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The code of the newest signature mail to `to`, read from the mail outbox. */
async function mailedCode(to: string): Promise<string> {
  const rows = await queryRows<{ payload: { to: string; text: string } }>(
    s.db,
    sql`SELECT payload FROM outbox WHERE topic = 'mail' AND payload->>'subject' = '电子签章验证码' ORDER BY id DESC`,
  );
  const mail = rows.find((r) => r.payload.to === to);
  return /验证码为 (\d{6})/.exec(mail?.payload.text ?? '')?.[1] as string;
}

async function emailOf(userCode: string): Promise<string> {
  const [row] = await queryRows<{ email: string }>(s.db, sql`SELECT email FROM users WHERE user_code = ${userCode}`);
  return row?.email as string;
}

async function openSession(token: string): Promise<string> {
  const res = await s.post<{ accessToken: string; tokenType: string; expiresIn: number }>(`${SSL}/qryAccessToken`, {}, token);
  expect(res.code).toBe('200');
  expect(res.data.tokenType).toBe('signature');
  expect(res.data.expiresIn).toBe(1800);
  return res.data.accessToken;
}

describe('digital signature', () => {
  it('token → mailed code → a unique serial number; the session then ends', async () => {
    const token = await s.login('user20');
    const accessToken = await openSession(token);
    const sent = await s.post<{ sent: boolean; maskedTarget: string }>(`${SSL}/sendVerificationCode`, { accessToken }, token);
    expect(sent.code).toBe('200');
    const email = await emailOf('user20');
    expect(sent.data.maskedTarget).toBe(maskEmail(email));
    expect(sent.data.maskedTarget).not.toBe(email);
    const validCode = await mailedCode(email);

    const signed = await s.post<{ serialNumber: string; userCode: string; bizType: string | null; bizId: string | null }>(
      `${SSL}/getSerialNumber`,
      { accessToken, validCode, bizType: 'laborContract', bizId: 'HT-2026-001' },
      token,
    );
    expect(signed.code).toBe('200');
    expect(signed.data.serialNumber).toMatch(/^QZ\d{8}\d{8}$/);
    expect(signed.data).toMatchObject({ userCode: 'user20', bizType: 'laborContract', bizId: 'HT-2026-001' });

    // The same code again (a double click): refused, nothing more recorded.
    const again = await s.post(`${SSL}/getSerialNumber`, { accessToken, validCode }, token);
    expect(again.code).not.toBe('200');
    const [count] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM signature_records WHERE serial_number = ${signed.data.serialNumber}`,
    );
    expect(count?.n).toBe(1);
    expect((await s.post(`${SSL}/sendVerificationCode`, { accessToken }, token)).message).toBe('签章会话已失效，请重新获取');
  });

  it("refuses another user's token, a wrong code after 5 tries, and a second mail within a minute", async () => {
    const owner = await s.login('user21');
    const other = await s.login('user22');
    const accessToken = await openSession(owner);
    expect((await s.post(`${SSL}/sendVerificationCode`, { accessToken }, other)).message).toBe('签章会话已失效，请重新获取');

    expect((await s.post(`${SSL}/sendVerificationCode`, { accessToken }, owner)).code).toBe('200');
    const tooSoon = await s.post(`${SSL}/sendVerificationCode`, { accessToken }, owner);
    expect(tooSoon.status).toBe(429);
    const validCode = await mailedCode(await emailOf('user21'));
    expect((await s.post(`${SSL}/getSerialNumber`, { accessToken, validCode }, other)).code).not.toBe('200');

    const wrong = validCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await s.post(`${SSL}/getSerialNumber`, { accessToken, validCode: wrong }, owner)).message).toBe('验证码错误或已过期');
    }
    // Five tries are spent: even the right code is refused now.
    expect((await s.post(`${SSL}/getSerialNumber`, { accessToken, validCode }, owner)).message).toBe('验证码错误或已过期');
  });

  it('signs once under concurrent confirmations with the same code', async () => {
    const token = await s.login('user23');
    const accessToken = await openSession(token);
    await s.post(`${SSL}/sendVerificationCode`, { accessToken }, token);
    const validCode = await mailedCode(await emailOf('user23'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.post(`${SSL}/getSerialNumber`, { accessToken, validCode }, token)));
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
  });

  it('validates input and needs a signed-in user; the audit log never holds the token or the code', async () => {
    const token = await s.login('user24');
    expect((await s.post(`${SSL}/qryAccessToken`, {})).status).toBe(401);
    const bad = await s.post<{ errors: Array<{ field: string }> }>(`${SSL}/getSerialNumber`, { accessToken: 'x', validCode: 'abc' }, token);
    expect(bad.status).toBe(400);
    expect(bad.data.errors.map((e) => e.field).sort()).toEqual(['accessToken', 'validCode']);
    const accessToken = await openSession(token);
    const audit = await queryRows<{ text: string }>(s.db, sql`SELECT row_to_json(a)::text AS text FROM audit_log a ORDER BY id DESC LIMIT 20`);
    expect(audit.some((a) => a.text.includes(accessToken))).toBe(false);
  });
});
