import { createHash, randomInt } from 'node:crypto';
import { SIGNATURE_CODE_TTL_SECONDS, SIGNATURE_MAX_CODE_ATTEMPTS, SIGNATURE_TOKEN_TTL_SECONDS, type SignatureSerial } from '@erp/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { signatureRecords, signatureSessions, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { newToken, tokenDigest } from '../../platform/auth/tokens';
import type { BusinessCalendar } from '../../platform/business-time';
import { type Db, queryRows } from '../../platform/db';
import { badRequest, tooMany } from '../../platform/errors';
import { enqueue } from '../../platform/outbox/outbox';

const RESEND_AFTER_MS = 60_000;
const SESSION_EXPIRED = '签章会话已失效，请重新获取';
const WRONG_CODE = '验证码错误或已过期';

const codeDigest = (sessionId: number, code: string) => createHash('sha256').update(`${sessionId}:${code}`).digest('hex');

/** "z***@example.com": enough for the signer to recognise the address, not enough to learn it. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/**
 * Signing sessions of the digital signature: token → one-time code by mail → serial number.
 * A session belongs to the user who opened it, its code can be tried 5 times, and a confirmed
 * signature ends the session, so one code confirms exactly one signature.
 */
export class SignatureService {
  constructor(
    private readonly db: Db,
    private readonly calendar: BusinessCalendar,
  ) {}

  async openSession(user: Principal): Promise<{ token: string; sessionId: number; expiresIn: number }> {
    const token = newToken();
    const [row] = await this.db
      .insert(signatureSessions)
      .values({ userId: user.userId, tokenHash: tokenDigest(token), expiresAt: new Date(Date.now() + SIGNATURE_TOKEN_TTL_SECONDS * 1000) })
      .returning({ id: signatureSessions.id });
    return { token, sessionId: row?.id as number, expiresIn: SIGNATURE_TOKEN_TTL_SECONDS };
  }

  /** The user's live session for a token; another user's token is as unknown as a wrong one. */
  private async liveSession(user: Principal, token: string) {
    const [session] = await this.db
      .select()
      .from(signatureSessions)
      .where(and(eq(signatureSessions.tokenHash, tokenDigest(token)), eq(signatureSessions.userId, user.userId), gt(signatureSessions.expiresAt, new Date())));
    if (!session) throw badRequest(SESSION_EXPIRED);
    return session;
  }

  async sendCode(user: Principal, token: string): Promise<{ sessionId: number; maskedTarget: string }> {
    const session = await this.liveSession(user, token);
    const [signer] = await this.db.select({ email: users.email, realName: users.realName }).from(users).where(eq(users.id, user.userId));
    if (!signer?.email) throw badRequest('您的账号未登记邮箱，无法发送验证码，请联系管理员');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const email = signer.email;
    const sent = await this.db.transaction(async (tx) => {
      // Once a minute per session: the condition and the write are one statement, so duplicate clicks send one mail.
      const [updated] = await tx
        .update(signatureSessions)
        .set({
          codeHash: codeDigest(session.id, code),
          codeExpiresAt: new Date(Date.now() + SIGNATURE_CODE_TTL_SECONDS * 1000),
          codeSentAt: new Date(),
          attempts: 0,
        })
        .where(
          and(
            eq(signatureSessions.id, session.id),
            sql`(${signatureSessions.codeSentAt} IS NULL OR ${signatureSessions.codeSentAt} < ${new Date(Date.now() - RESEND_AFTER_MS)})`,
          ),
        )
        .returning({ id: signatureSessions.id });
      if (!updated) return false;
      await enqueue(tx as unknown as Db, 'mail', {
        to: email,
        userId: user.userId,
        subject: '电子签章验证码',
        text: `${signer.realName}，您好：\n\n您正在进行电子签章，验证码为 ${code}，${SIGNATURE_CODE_TTL_SECONDS / 60}分钟内有效。\n如非本人操作，请忽略本邮件并联系管理员。`,
      });
      return true;
    });
    if (!sent) throw tooMany('验证码发送过于频繁，请1分钟后再试');
    return { sessionId: session.id, maskedTarget: maskEmail(email) };
  }

  async confirm(user: Principal, input: { accessToken: string; validCode: string; bizType?: string | null; bizId?: string | null }): Promise<SignatureSerial> {
    const session = await this.liveSession(user, input.accessToken);
    // Count the try first (atomically), so parallel guesses cannot exceed the limit.
    const [tried] = await this.db
      .update(signatureSessions)
      .set({ attempts: sql`${signatureSessions.attempts} + 1` })
      .where(
        and(eq(signatureSessions.id, session.id), gt(signatureSessions.codeExpiresAt, new Date()), lt(signatureSessions.attempts, SIGNATURE_MAX_CODE_ATTEMPTS)),
      )
      .returning({ codeHash: signatureSessions.codeHash });
    if (!tried?.codeHash || tried.codeHash !== codeDigest(session.id, input.validCode)) throw badRequest(WRONG_CODE);

    return this.db.transaction(async (tx) => {
      // The code is spent in the same statement that checks it is still unspent: a double click signs once.
      const [spent] = await tx
        .update(signatureSessions)
        .set({ codeHash: null, expiresAt: new Date() })
        .where(and(eq(signatureSessions.id, session.id), eq(signatureSessions.codeHash, tried.codeHash as string)))
        .returning({ id: signatureSessions.id });
      if (!spent) throw badRequest(WRONG_CODE);
      const [{ next } = { next: 0 }] = await queryRows<{ next: string | number }>(tx as unknown as Db, sql`SELECT nextval('signature_serial_seq') AS next`);
      const serialNumber = `QZ${this.calendar.day().replaceAll('-', '')}${String(next).padStart(8, '0')}`;
      const [record] = await tx
        .insert(signatureRecords)
        .values({ serialNumber, userId: user.userId, sessionId: session.id, bizType: input.bizType ?? null, bizId: input.bizId ?? null })
        .returning();
      return {
        serialNumber,
        signedAt: (record?.createdAt ?? new Date()).toISOString(),
        userCode: user.userCode,
        realName: user.realName,
        bizType: record?.bizType ?? null,
        bizId: record?.bizId ?? null,
      };
    });
  }
}
