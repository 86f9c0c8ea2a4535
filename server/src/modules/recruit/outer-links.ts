import { createHmac, timingSafeEqual } from 'node:crypto';
import { RECRUIT_MSG } from '@erp/contract';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { sharedSecret } from '../../platform/shared-secret';

/**
 * Signed, expiring links of recruitment, for people without an account: the résumé preview
 * (/ResumePreview), the candidate's résumé completion and the interview invitation. A token names
 * its kind, one record id and the expiry, signed with a secret all processes share; a forged,
 * altered, expired or other-kind token answers 401 and reads nothing.
 */
export type LinkKind = 'resume' | 'rescreen' | 'interview';

const SECRET = 'recruit-links';
export const LINK_TTL_MS: Record<LinkKind, number> = { resume: 72 * 3600_000, rescreen: 7 * 24 * 3600_000, interview: 30 * 24 * 3600_000 };

const sign = (secret: string, kind: LinkKind, id: number, expires: number) =>
  createHmac('sha256', secret).update(`recruit\n${kind}\n${id}\n${expires}`).digest('base64url');

export async function linkToken(db: Db, kind: LinkKind, id: number, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const expires = now + LINK_TTL_MS[kind];
  return { token: `${kind}.${id}.${expires}.${sign(await sharedSecret(db, SECRET), kind, id, expires)}`, expiresAt: new Date(expires).toISOString() };
}

const expired = () => new AppError(401, RECRUIT_MSG.linkExpired, '401');

/** The record id a token of this kind opens, and when it expires; 401 otherwise. */
export async function openLink(db: Db, kind: LinkKind, token: string, now = Date.now()): Promise<{ id: number; expires: number }> {
  const [k, idText, exp, signature] = token.split('.');
  const id = Number(idText);
  const expires = Number(exp);
  if (k !== kind || !Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(expires) || !signature || expires < now) throw expired();
  const expected = Buffer.from(sign(await sharedSecret(db, SECRET), kind, id, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw expired();
  return { id, expires };
}
