import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { employeeMaterials } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { sharedSecret } from '../../platform/shared-secret';
import { employeeAwards, employeeCertificates, employeeEducations, employeeLanguages } from './employee-records.schema';

/**
 * Outer-chain links (外链): a person who has no account yet (a candidate filling in their records
 * before entry) gets a link whose token names their employee record and an expiry, signed with a
 * secret all processes share. A call with the token reaches that record's rows only.
 */
const SECRET_NAME = 'outer-chain';
export const OUTER_CHAIN_TTL_MS = 7 * 24 * 3600_000;

function sign(secret: string, employeeId: number, expires: number): string {
  return createHmac('sha256', secret).update(`outer-chain\n${employeeId}\n${expires}`).digest('base64url');
}

/** A token for an employee's onboarding link (created by the onboarding calls). */
export async function outerChainToken(db: Db, employeeId: number, now = Date.now()): Promise<string> {
  const expires = now + OUTER_CHAIN_TTL_MS;
  return `${employeeId}.${expires}.${sign(await sharedSecret(db, SECRET_NAME), employeeId, expires)}`;
}

const expired = () => new AppError(401, '链接已失效，请联系招聘专员重新发送', '401');

/** The employee a token opens, or 401 (a forged, altered or expired link). */
export async function employeeOfToken(db: Db, token: string, now = Date.now()): Promise<number> {
  const [id, exp, signature] = token.split('.');
  const employeeId = Number(id);
  const expires = Number(exp);
  if (!Number.isSafeInteger(employeeId) || !Number.isSafeInteger(expires) || !signature || expires < now) throw expired();
  const expected = Buffer.from(sign(await sharedSecret(db, SECRET_NAME), employeeId, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw expired();
  return employeeId;
}

type Target = 'education' | 'award' | 'language' | 'certificate' | 'material';

/** Removes a file of the token holder's own rows; a row of anyone else is "not found". */
export async function deleteByOuterChain(db: Db, ctx: Pick<CallContext, 'audit'>, target: Target, input: { token: string; id: number; flag?: string }) {
  const employeeId = await employeeOfToken(db, input.token);
  const mine = <T extends { id: unknown; employeeId: unknown }>(t: T) => and(eq(t.id as never, input.id), eq(t.employeeId as never, employeeId));
  let changed: Array<{ id: number }> = [];
  const now = { updatedAt: new Date() };
  switch (target) {
    case 'education': {
      const flag = input.flag ?? 'diploma';
      if (flag !== 'diploma' && flag !== 'degree') throw badRequest('flag 只能是 diploma 或 degree');
      changed = await db
        .update(employeeEducations)
        .set(flag === 'diploma' ? { diplomaFileId: null, ...now } : { degreeFileId: null, ...now })
        .where(mine(employeeEducations))
        .returning({ id: employeeEducations.id });
      break;
    }
    case 'award':
      changed = await db
        .update(employeeAwards)
        .set({ fileId: null, ...now })
        .where(mine(employeeAwards))
        .returning({ id: employeeAwards.id });
      break;
    case 'language':
      changed = await db
        .update(employeeLanguages)
        .set({ fileId: null, ...now })
        .where(mine(employeeLanguages))
        .returning({ id: employeeLanguages.id });
      break;
    case 'certificate':
      changed = await db
        .update(employeeCertificates)
        .set({ fileId: null, ...now })
        .where(mine(employeeCertificates))
        .returning({ id: employeeCertificates.id });
      break;
    case 'material':
      changed = await db
        .update(employeeMaterials)
        .set({ deletedAt: new Date(), ...now })
        .where(and(mine(employeeMaterials), isNull(employeeMaterials.deletedAt)))
        .returning({ id: employeeMaterials.id });
      break;
  }
  if (!changed.length) throw notFound('记录不存在或已删除');
  ctx.audit({ recordId: input.id, after: { outerChain: target, employeeId, flag: input.flag ?? null } });
  return null;
}
